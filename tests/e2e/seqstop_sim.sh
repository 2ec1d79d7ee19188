#!/usr/bin/env bash
# tests/e2e/seqstop_sim.sh: the coverage of cycles = auto's intervals at the stop, by
# simulation (tests/tools/seqstop_sim.py; docs/METHODOLOGY.md, "Stopping on precision"): over
# 1,000 seeded campaigns per target and CV, the interval analyze reports after a sequential
# stop (Student t widened to the quantile 0.99) covers the true mean in at least 93 % of them
# in every row; the plain 95 % interval's shortfall is printed beside it. A few seconds.
. "$(dirname "$0")/lib.sh"
/usr/bin/python3 -c 'import numpy, scipy' 2>/dev/null || { bad "/usr/bin/python3 has no numpy/scipy"; finish; }
out=$(/usr/bin/python3 "$top/tests/tools/seqstop_sim.py" 2>&1)
rc=$?
echo "$out" | sed 's/^/    /'
rows=$(echo "$out" | grep -c '^ok ')
fails=$(echo "$out" | grep -c '^FAIL ')
[ "$rc" -eq 0 ] && [ "$rows" -eq 42 ] && [ "$fails" -eq 0 ]
check $? "the widened interval covers in at least 93 % of 1,000 campaigns in all $rows rows ($fails short): $(echo "$out" | tail -n 1)"
grep -q '^#define SEQSTOP_WIDE_Q 0.99 ' "$top/core/seqstop.h" &&
	grep -q '^STOP_Q, WIDE_Q = 0.975, 0.99$' "$top/tests/tools/seqstop_sim.py"
check $? "the simulation widens to the quantile core/seqstop.h does (0.99)"
finish
