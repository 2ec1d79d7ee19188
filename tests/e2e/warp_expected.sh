#!/usr/bin/env bash
# tests/e2e/warp_expected.sh: `bin/analyze --warp --warp-server` reproduces the reports
# Warp 1.3's distributed server printed for the real 8-client runs in
# ../shared/fixtures/warp (or $S3BENCH_WARP_FIXTURES), each expected file appearing as
# one contiguous block of the output; a generated per-request log is reported; exit
# statuses 1 (unreadable file) and 2 (usage).
# Skips what it cannot run (fixtures absent, --warp not wired into bin/analyze yet).
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
analyze=${ANALYZE:-bin/analyze}
fix=${S3BENCH_WARP_FIXTURES:-$top/../shared/fixtures/warp}

if ! "$analyze" --warp --help >/dev/null 2>&1; then
	skip 6 "$analyze --warp is not available yet"
	finish
fi

if [ -d "$fix" ]; then
	for run in put:211410 get:213436 get:213757; do
		op=${run%%:*} id=${run#*:}
		files=()
		for k in 0 1 2 3 4 5 6 7; do
			for f in "$fix/warp-$k/warp-$op-2025-08-05[$id]-"*.json.zst; do
				[ -e "$f" ] && files+=("$f")
			done
		done
		want=$(cat "$fix/expected/$op-$id.txt")
		got=$("$analyze" --warp --warp-server "${files[@]}")
		rc=$?
		if [ "$rc" -eq 0 ] && [[ "$got" == *"$want"* ]]; then
			ok "$op-$id.txt reproduced"
		else
			bad "$op-$id.txt not reproduced (exit $rc)"
			diff <(echo "$want") <(echo "$got") | head -20 >&2
		fi
	done
else
	skip 3 "Warp fixtures absent ($fix)"
fi

# A generated per-request log (current header generation).
if [ -x build/tests/gen_warp_csv ]; then
	build/tests/gen_warp_csv "$tmp/gen.csv.zst" --rows 200000 >/dev/null 2>&1
	got=$("$analyze" --warp --warp-server "$tmp/gen.csv.zst")
	if [ $? -eq 0 ] && [[ "$got" == *"Report: GET. Concurrency: "*"Throughput, split into "* ]]; then
		ok "generated per-request log reported"
	else
		bad "generated per-request log not reported"
	fi
else
	skip 1 "no build/tests/gen_warp_csv (make tests)"
fi

# Exit statuses: an unreadable file is named with its line (1), no file is usage (2).
printf 'idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\n0\t1\tGET\t1\tx\tk\t\t2020-01-01T00:00:00Z\t\t2020-01-01T00:00:01Z\n' >"$tmp/bad.csv"
err=$("$analyze" --warp "$tmp/bad.csv" 2>&1 >/dev/null)
rc=$?
if [ "$rc" -eq 1 ] && [[ "$err" == *"bad.csv:2: column 'bytes'"* ]]; then ok "bad file: exit 1, names the line and column"; else bad "bad file: exit $rc, '$err'"; fi
"$analyze" --warp >/dev/null 2>&1
rc=$?
if [ "$rc" -eq 2 ]; then ok "no file: exit 2"; else bad "no file: exit $rc, want 2"; fi
finish
