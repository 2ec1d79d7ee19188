#!/usr/bin/env bash
# tests/e2e/render_oom.sh: bin/render when memory runs out, for real.
#
# build/tests/failalloc.so (tests/preload/failalloc.c) makes the N-th allocation of
# render's own code return NULL. The report of data/sample is rendered once to count
# those allocations (and as the reference), then once for each N of a sweep over all of
# them (every one when RENDER_OOM_STEP=1; by default a step that makes about 600 runs).
# Each run must: not crash (no signal); exit 0 with exactly the reference report.html,
# or exit 1 or 3 with a message that says "out of memory"; leave no temporary file; and
# any report.html it leaves must be the reference one (never a cut-off page).
# Prints "N passed, N failed".
set -u
top=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$top" || exit 2
render=${RENDER:-bin/render}
analyze=${ANALYZE:-bin/analyze}
shim=${FAILALLOC:-build/tests/failalloc.so}
pass=0 fail=0
work=$(mktemp -d /tmp/s3bench-render-oom.XXXXXX)
trap 'rm -rf "$work"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit $?
}

for f in "$render" "$analyze" "$shim"; do
	[ -e "$f" ] || { bad "no $f (make tests)"; finish; }
done
cp -r data/sample "$work/data" &&
	"$analyze" "$work/data" -o "$work/results" >"$work/analyze.log" 2>&1 ||
	{ bad "analyze data/sample: $(tail -n 2 "$work/analyze.log")"; finish; }

# the reference, and the number of allocations render's own code makes
FAILALLOC_REPORT="$work/count" LD_PRELOAD="$PWD/$shim" \
	"$render" "$work/results" -o "$work/ref" -f html,pdf >"$work/ref.log" 2>&1
rc=$?
total=$(cat "$work/count" 2>/dev/null || echo 0)
if [ "$rc" -eq 0 ] && [ -s "$work/ref/report.html" ] && [ -s "$work/ref/report.pdf" ]; then
	ok
else
	bad "reference render under the preload (exit $rc): $(tail -n 2 "$work/ref.log")"
	finish
fi
[ "$total" -gt 100 ] && ok || bad "only $total counted allocations: the preload counts nothing?"

step=${RENDER_OOM_STEP:-$(((total + 599) / 600))}
[ "$step" -ge 1 ] || step=1
runs=0 crashed="" badrc="" badmsg="" tmpleft="" cut="" differ="" failed_runs=0
for n in $(seq 1 "$step" "$total"); do
	out="$work/out.$n"
	# through sh, so that a crash is reported in the log, not on this test's output
	# (the preload is set for render only: sh's own allocations must not count)
	FAILALLOC_AT=$n sh -c 'LD_PRELOAD=$1; export LD_PRELOAD; shift; "$@"; exit $?' sh \
		"$PWD/$shim" "$render" "$work/results" -o "$out" -f html,pdf >"$work/log" 2>&1
	rc=$?
	runs=$((runs + 1))
	if [ "$rc" -ge 128 ]; then
		crashed+=" $n"
	elif [ "$rc" -eq 0 ]; then
		cmp -s "$out/report.html" "$work/ref/report.html" && [ -s "$out/report.pdf" ] ||
			differ+=" $n"
	elif [ "$rc" -eq 1 ] || [ "$rc" -eq 3 ]; then
		failed_runs=$((failed_runs + 1))
		grep -q '^render: .*out of memory' "$work/log" || badmsg+=" $n($(tail -n 1 "$work/log"))"
		if [ -e "$out/report.html" ] && ! cmp -s "$out/report.html" "$work/ref/report.html"; then
			cut+=" $n"
		fi
	else
		badrc+=" $n:$rc"
	fi
	[ -d "$out" ] && [ -n "$(find "$out" -name '*.tmp*')" ] && tmpleft+=" $n"
	rm -rf "$out"
done
echo "render_oom: $total allocations, $runs runs (step $step), $failed_runs ended out of memory"
[ -z "$crashed" ] && ok || bad "render crashed when allocation N failed, N =$crashed"
[ -z "$badrc" ] && ok || bad "exit code not 0, 1 or 3 (N:code):$badrc"
[ -z "$badmsg" ] && ok || bad "no 'out of memory' message:$badmsg"
[ -z "$tmpleft" ] && ok || bad "temporary file left behind, N =$tmpleft"
[ -z "$cut" ] && ok || bad "a report.html other than the complete one left, N =$cut"
[ -z "$differ" ] && ok || bad "exit 0 but the report differs from the reference, N =$differ"
[ "$failed_runs" -gt $((runs / 2)) ] && ok ||
	bad "only $failed_runs of $runs runs failed: is the failing allocation reached?"
finish
