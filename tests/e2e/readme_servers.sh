#!/usr/bin/env bash
# tests/e2e/readme_servers.sh: the README's snippet that starts a local server by hand and
# measures it, run exactly as written. The lines from `eval "$(tests/servers/radosgw/start)"`
# to `tests/servers/radosgw/stop "$S3_SERVER_DIR"` are taken from README.md (4-space
# indented block) and run by bash in a scratch directory that holds bin/ and tests/ of this
# tree, with a clean environment (no AWS_* variable of the caller): the start script's output
# must set AND export the variables, or collect stops with "AWS_ACCESS_KEY_ID is not set".
# Checks: the snippet exits 0, out/try/run.json says complete, the summary is printed, the
# server it started is stopped (its state dir gone).
. "$(dirname "$0")/lib.sh"
work=$tmp
state=""
cleanup() {
	# the snippet stops its server; if it did not get there, stop it here
	[ -n "$state" ] && [ -d "$state" ] && "$top/tests/servers/radosgw/stop" "$state" >/dev/null 2>&1
}
at_exit cleanup

snippet=$(awk '
	/^    eval "\$\(tests\/servers\/radosgw\/start\)"/ { on = 1 }
	on { sub(/^    /, ""); print }
	on && /^tests\/servers\/radosgw\/stop "\$S3_SERVER_DIR"/ { exit }
' "$top/README.md")
lines=$(printf '%s\n' "$snippet" | grep -c .)
[ "$lines" -ge 3 ] && printf '%s\n' "$snippet" | grep -q '^bin/collect run '
check $? "README.md has the snippet: start, bin/collect run, stop ($lines lines)"
[ "$lines" -ge 3 ] || finish

ln -s "$top/bin" "$work/bin"
ln -s "$top/tests" "$work/tests"
# the snippet as written, then one line of ours after it: where its server kept its state
(cd "$work" && env -i PATH="$PATH" HOME="$HOME" LANG=C.UTF-8 \
	bash -c "$snippet"$'\n''rc=$?; echo "state dir: $S3_SERVER_DIR"; exit $rc') \
	>"$work/out.txt" 2>"$work/err.txt"
rc=$?
state=$(sed -n 's/^state dir: //p' "$work/out.txt")
[ "$rc" -eq 0 ]
check $? "the snippet exits 0 (got $rc): $(tail -n 5 "$work/err.txt")"
! cat "$work/out.txt" "$work/err.txt" "$work/out/try/run.json" 2>/dev/null | grep -q "is not set"
check $? "collect found the credentials the start script exported: $(grep -h -o '[^"]*is not set[^"]*' "$work/out.txt" "$work/out/try/run.json" 2>/dev/null | head -n 1)"
[ "$(jq -r .status "$work/out/try/run.json" 2>/dev/null)" = complete ]
check $? "out/try/run.json says complete: $(jq -c '.status, .errors' "$work/out/try/run.json" 2>&1 | head -c 300)"
grep -q '^Report: PUT. Concurrency: 4. Ran: ' "$work/out.txt" &&
	grep -q '^ \* Average: .* (over [0-9]* s kept of [0-9.]* s; first and last 2 s left out)$' "$work/out.txt"
check $? "the summary is printed, its average says what it covers: $(grep -m 2 -e Report -e Average "$work/out.txt")"
[ -n "$state" ] && [ ! -e "$state" ]
check $? "the snippet's stop removed the server's state dir ('$state')"
finish
