# tests/e2e/analyze_lib.sh: lib.sh (ok, bad, check, skip, finish, pycheck, $tmp) plus what
# the analyze end-to-end scripts share (sourced, not run):
#   $analyze                     the analyze binary ($ANALYZE or bin/analyze)
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
export SOURCE_DATE_EPOCH=1793491200

