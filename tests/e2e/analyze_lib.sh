# tests/e2e/analyze_lib.sh: lib.sh (ok, bad, check, skip, finish, $tmp) plus what the
# analyze end-to-end scripts share (sourced, not run):
#   pycheck NAME ARGS... <<'PY'  run a python check; its "ok ..."/"FAIL ..." lines count
#   $analyze                     the analyze binary ($ANALYZE or bin/analyze)
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
export SOURCE_DATE_EPOCH=1793491200

pycheck() {
	local name=$1 out rc p f
	shift
	out=$(python3 - "$@" 2>&1)
	rc=$?
	echo "$out" | sed 's/^/    /'
	p=$(echo "$out" | grep -c '^ok ')
	f=$(echo "$out" | grep -c '^FAIL ')
	passed=$((passed + p)) failed=$((failed + f))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then bad "$name: python exited $rc"; fi
}
