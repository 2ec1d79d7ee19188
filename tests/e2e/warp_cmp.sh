#!/usr/bin/env bash
# tests/e2e/warp_cmp.sh: `bin/analyze --warp-cmp BEFORE... -- AFTER...`.
# - Two real 8-client GET runs of ../shared/fixtures/warp (or $S3BENCH_WARP_FIXTURES, as
#   warp_expected.sh finds them): the Before/After averages equal the Averages Warp printed
#   for those runs (expected/get-213436.txt, get-213757.txt) and the change is their ratio;
# - two generated per-request logs (.csv.zst, Warp's own cmp fails on those): each side's
#   average equals what `analyze --warp --warp-server` prints for that file (the
#   engine --warp-cmp follows by default);
# - an unreadable file: exit 1, named; no "--": exit 2.
. "$(dirname "$0")/analyze_lib.sh"
fix=${S3BENCH_WARP_FIXTURES:-$top/../shared/fixtures/warp}
gen=$top/build/tests/gen_warp_csv

if [ -d "$fix/expected" ]; then
	side() { # side ID: the 8 clients' files of run ID, in pod order
		for k in 0 1 2 3 4 5 6 7; do
			for f in "$fix/warp-$k/warp-get-2025-08-05[$1]-"*.json.zst; do
				[ -e "$f" ] && printf '%s\n' "$f"
			done
		done
	}
	mapfile -t before < <(side 213436)
	mapfile -t after < <(side 213757)
	"$analyze" --warp-cmp "${before[@]}" -- "${after[@]}" >"$tmp/fix.txt" 2>"$tmp/fix.err"
	check $? "--warp-cmp on two fixture runs exits 0 ($(head -c 200 "$tmp/fix.err"))"
	want_b=$(sed -n 's/^ \* Average: //p' "$fix/expected/get-213436.txt")
	want_a=$(sed -n 's/^ \* Average: //p' "$fix/expected/get-213757.txt")
	grep -qxF "  Before: $want_b" "$tmp/fix.txt" && grep -qxF "  After:  $want_a" "$tmp/fix.txt"
	check $? "GET before/after = Warp's printed Averages ($want_b / $want_a)"
	# The change is the after/before ratio of the printed MiB/s (to their 2 decimals).
	python3 - "$tmp/fix.txt" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
m = re.search(r"Operation: GET\n\* Average: ([+-][0-9.]+)% \(", t)
b = float(re.search(r"Before: ([0-9.]+) MiB/s", t).group(1))
a = float(re.search(r"After:  ([0-9.]+) MiB/s", t).group(1))
sys.exit(0 if m and abs(float(m.group(1)) - (a / b - 1) * 100) < 0.05 else 1)
PY
	check $? "the change in percent is after/before - 1: $(grep -m1 'Average: [+-]' "$tmp/fix.txt")"
else
	skip 3 "Warp fixtures absent ($fix)"
fi

if [ -x "$gen" ]; then
	"$gen" "$tmp/b.csv.zst" --rows 60000 --seed 1 >/dev/null 2>&1 &&
		"$gen" "$tmp/a.csv.zst" --rows 60000 --seed 2 --concurrency 32 >/dev/null 2>&1
	check $? "two per-request logs generated"
	"$analyze" --warp-cmp "$tmp/b.csv.zst" -- "$tmp/a.csv.zst" >"$tmp/csv.txt" 2>"$tmp/csv.err"
	check $? "--warp-cmp on .csv.zst input exits 0 ($(head -c 200 "$tmp/csv.err"))"
	wb=$("$analyze" --warp --warp-server "$tmp/b.csv.zst" | sed -n 's/^ \* Average: //p' | head -n 1)
	wa=$("$analyze" --warp --warp-server "$tmp/a.csv.zst" | sed -n 's/^ \* Average: //p' | head -n 1)
	[ -n "$wb" ] && grep -qxF "  Before: $wb" "$tmp/csv.txt" && grep -qxF "  After:  $wa" "$tmp/csv.txt"
	check $? "CSV before/after = analyze --warp --warp-server's Averages ($wb / $wa)"
	"$analyze" --warp-cmp "$tmp/b.csv.zst" "$tmp/nothing.csv.zst" -- "$tmp/a.csv.zst" \
		>/dev/null 2>"$tmp/part.err"
	rc=$?
	[ "$rc" -eq 1 ] && grep -q "nothing.csv.zst" "$tmp/part.err"
	check $? "an unreadable file: exit 1 ($rc), named"
else
	skip 4 "$gen missing (make tests)"
fi
"$analyze" --warp-cmp "$tmp/b.csv.zst" >/dev/null 2>&1
rc=$?
[ "$rc" -eq 2 ]
check $? "no -- and AFTER: exit 2 ($rc)"
finish
