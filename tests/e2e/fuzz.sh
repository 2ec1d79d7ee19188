#!/usr/bin/env bash
# tests/e2e/fuzz.sh: build the libFuzzer targets (make fuzz) and run each one for a short,
# bounded time, one after the other, on a copy of its seed corpus (tests/fuzz/corpus/NAME;
# the repository is not modified) with its dictionary (tests/fuzz/fuzz_NAME.dict).
# One case per target: passed when it ran its time out without a crash, leak, timeout or
# memory blow-up. Prints "N passed, N failed[, N skipped]" and exits non-zero on a crash,
# naming the reproducer (kept under /tmp) and the command that replays it.
#
#   tests/e2e/fuzz.sh [NAME...]      NAME: opslog warp_json runlog summary s3xml campaign
#                                    warp_csv warp_map aggregate strings
#                                    (default: every tests/fuzz/fuzz_*.c)
#   FUZZ_SECONDS=N                   time per target (default 6 in make test; make fuzz-long: 600)
#   FUZZ_FLAGS="..."                 more libFuzzer flags (e.g. -jobs=2, -max_len=65536)
#   FUZZ_KEEP=1                      keep the work folder (grown corpora, logs) and name it
#
# Each line reports the executions, the coverage libFuzzer reached (cov: edges, ft:
# features) and the corpus size at the end.
#
# Without clang (or its libFuzzer runtime) the targets are skipped, not failed.
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
secs=${FUZZ_SECONDS:-6}
# not lib.sh's $tmp: kept after a failure or with FUZZ_KEEP=1
work=$(mktemp -d /tmp/s3bench-fuzz.XXXXXX)
keep=0
[ "${FUZZ_KEEP:-0}" = 1 ] && keep=1
at_exit '[ "$keep" -eq 1 ] || rm -rf "$work"'

names=()
if [ $# -gt 0 ]; then
	names=("$@")
else
	for src in tests/fuzz/fuzz_*.c; do
		n=$(basename "$src" .c)
		names+=("${n#fuzz_}")
	done
fi

# 1. Build (clang with -fsanitize=fuzzer,address,undefined).
cc=${FUZZ_CC:-clang}
if ! command -v "$cc" >/dev/null 2>&1 ||
	! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n); int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' |
	"$cc" -x c -fsanitize=fuzzer -o "$work/probe" - >/dev/null 2>&1; then
	skip ${#names[@]} "$cc with libFuzzer (-fsanitize=fuzzer) is not available (scripts/setup installs clang, libclang-rt-dev)"
	finish
fi
targets=()
for n in "${names[@]}"; do
	targets+=("build/fuzz/bin/fuzz_$n")
done
if ! make -s -j"$(nproc)" "${targets[@]}" >"$work/build.log" 2>&1; then
	tail -n 40 "$work/build.log" | sed 's/^/    /'
	keep=1
	for n in "${names[@]}"; do
		bad "fuzz_$n: make fuzz failed (above)"
	done
	finish
fi

# 2. Run each target on a copy of its corpus.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
for n in "${names[@]}"; do
	bin=build/fuzz/bin/fuzz_$n
	dir=$work/$n
	mkdir -p "$dir/corpus" "$dir/crash"
	if [ -d "tests/fuzz/corpus/$n" ]; then
		cp -R "tests/fuzz/corpus/$n/." "$dir/corpus/"
	fi
	dict=()
	[ -f "tests/fuzz/fuzz_$n.dict" ] && dict=(-dict="tests/fuzz/fuzz_$n.dict")
	t0=$SECONDS
	# shellcheck disable=SC2086
	"$bin" -max_total_time="$secs" -rss_limit_mb=512 -timeout=5 -print_final_stats=1 \
		"${dict[@]}" -artifact_prefix="$dir/crash/" ${FUZZ_FLAGS:-} "$dir/corpus" \
		>"$dir/log" 2>&1
	rc=$?
	runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$dir/log" | tail -n 1)
	cov=$(sed -nE 's/^#[0-9]+.*cov: ([0-9]+) ft: ([0-9]+).*/cov \1, ft \2/p' "$dir/log" | tail -n 1)
	repro=$(ls "$dir/crash/" 2>/dev/null | head -n 1)
	if [ "$rc" -eq 0 ] && [ -z "$repro" ]; then
		ok "$(printf '%-10s %s runs in %ds, %s, corpus %d files' "$n" "${runs:-?}" \
			$((SECONDS - t0)) "${cov:-cov ?}" "$(ls "$dir/corpus" | wc -l)")"
	else
		keep=1
		bad "fuzz_$n (exit $rc) after $((SECONDS - t0))s:"
		grep -E 'ERROR|SUMMARY|runtime error|#[0-9]+ 0x|differ|abort' "$dir/log" | head -n 30 |
			sed 's/^/    /'
		if [ -n "$repro" ]; then
			echo "    reproducer: $dir/crash/$repro"
			echo "    replay:     $bin $dir/crash/$repro"
		fi
		echo "    log: $dir/log"
	fi
done

[ "${FUZZ_KEEP:-0}" = 1 ] && echo "work folder (corpora, logs): $work"
finish
