# tests/e2e/analyze_lib.sh: lib.sh (ok, bad, check, skip, finish, pycheck, $tmp) plus what
# the analyze end-to-end scripts share (sourced, not run):
#   $analyze                     the analyze binary ($ANALYZE or bin/analyze)
#   use_warp_gen                 the Warp-log scripts' set-up: $render, $gen
#                                (build/tests/gen_warp_csv) and $fx (the shared Warp
#                                fixtures; absent is the caller's skip), every binary and
#                                python3, zstd, zstdcat present, else bad, then finish
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
export SOURCE_DATE_EPOCH=1793491200
use_warp_gen() {
	local b c
	render=${RENDER:-$top/bin/render}
	gen=${GEN_WARP_CSV:-$top/build/tests/gen_warp_csv}
	fx=${S3BENCH_WARP_FIXTURES:-$top/../shared/fixtures/warp}
	for b in "$analyze" "$render" "$gen"; do
		[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
	done
	for c in python3 zstd zstdcat; do
		command -v "$c" >/dev/null || { bad "$c missing"; finish; }
	done
}
