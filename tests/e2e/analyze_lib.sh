# tests/e2e/analyze_lib.sh: shared by the analyze end-to-end scripts (sourced, not run).
#   ok TEXT / bad TEXT         count a passed / failed case and print it
#   check EXIT-STATUS NAME     ok or bad by an exit status
#   pycheck NAME ARGS... <<'PY'  run a python check; its "ok ..."/"FAIL ..." lines count
#   finish                     print "N passed, N failed[, N skipped]", exit 1 on failure
# The caller sets skipped=N when it skips cases; $tmp is a private directory removed at exit.
set -u
top=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
analyze=${ANALYZE:-$top/bin/analyze}
passed=0 failed=0 skipped=0
export SOURCE_DATE_EPOCH=1793491200
tmp=$(mktemp -d "/tmp/s3bench-$(basename "$0" .sh).XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

ok() { passed=$((passed + 1)); echo "ok   $*"; }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }
check() { # check EXIT-STATUS NAME
	if [ "$1" -eq 0 ]; then ok "$2"; else bad "$2"; fi
}
finish() {
	if [ "$skipped" -gt 0 ]; then
		echo "$passed passed, $failed failed, $skipped skipped"
	else
		echo "$passed passed, $failed failed"
	fi
	[ "$failed" -eq 0 ]
	exit $?
}
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
