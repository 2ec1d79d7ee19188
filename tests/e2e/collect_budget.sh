#!/usr/bin/env bash
# tests/e2e/collect_budget.sh: max_cost keeps its promise (docs/CAMPAIGN.md, "Budgets")
# against the tests/run RGW (a private one when absent):
#   1. a duration-bound campaign whose client NIC's speed is unknown (loopback reports none)
#      is refused before its first request, naming the run and why (exit 2, nothing written);
#   2. with client_nic, the bound (bytes at the NIC's speed over the duration) passes a small
#      max_cost: refused naming the subject, the bound and its parts (the egress part by
#      hand), the NIC and the budget; --dry-run prints the same bound;
#   3. a client_nic below what the client moves: the bound fits, the campaign starts, the
#      first run spends past max_cost and finishes recorded, the next is recorded as not run
#      (class budget, exit 1);
#   4. --resume counts that spend at the prices recorded with it: with the price lowered and
#      max_cost below that spend it is refused before any request; raised, the budget run
#      runs;
#   5. a count-bounded campaign whose exact bill passes max_cost: refused with the figures;
#   6. one cycle a day into the same DIR (--cycle N): the earlier cycles' spend counts.
# Prints "N passed, N failed".
. "$(dirname "$0")/collect_lib.sh"

use_rgw
export ONE_AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
bucket="budget-$$-$(date +%s)"

# campaign NAME CAMPAIGN_KEYS SUBJECT_KEYS [MATRIX]: without the conformance probe, whose
# requests are billed too (METHODOLOGY, "Cost"): the checks below count the runs' spend exactly
campaign() {
	cat >"$work/$1.ini" <<INI
[campaign]
name = $1
cycles = 2
$2

[probe]
probe = no

[matrix]
${4:-ops = get
size = 1MiB
concurrency = 1
duration = 2s
objects = 2}

[subject one]
endpoint = $RGW_S3_ENDPOINT
bucket = $bucket-$1
credentials = env:ONE_AWS
price_unit = GiB
$3
INI
}

# 1. no NIC speed: not bounded
campaign nonic "" "price_egress = 0.09/GB
max_cost = 1000"
"$collect" "$work/nonic.ini" -o "$work/nonic" >"$work/nonic.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && [ ! -e "$work/nonic" ] &&
	grep -q "collect: subject one: the bill of 2 of its 2 runs cannot be bounded (runs/cycle-01/one/get-1MiB-c1: the client NIC's speed is unknown (give client_nic, or S3BENCH_CLIENT_NIC)), so max_cost 1000 cannot be kept; not started" "$work/nonic.log"
check $? "no NIC speed: refused before the first request (exit $rc): $(cat "$work/nonic.log")"

# 2. the bound passes max_cost: 2 runs x 2 s x 1.25 GB/s at 0.09/GiB
campaign over "client_nic = 10Gbit" "price_egress = 0.09/GB
max_cost = 0.1"
"$collect" "$work/over.ini" -o "$work/over" >"$work/over.log" 2>&1
rc=$?
egress=$(python3 -c "print('%.4f' % (2 * 2 * 1.25e9 / 2**30 * 0.09))")
[ "$rc" -eq 2 ] && [ ! -e "$work/over" ] &&
	grep -q "collect: subject one: its bill could reach [0-9.]* USD (spent 0.0000, the 2 runs to do at most [0-9.]*: requests 0.0000, egress $egress, .*; bound at the client NIC's 10000 Mbit/s (campaign), round trip [0-9.]* ms), past its max_cost 0.1; not started" "$work/over.log"
check $? "the bound passes max_cost: refused with the subject, the bound (egress $egress by hand), the NIC and the budget (exit $rc): $(cat "$work/over.log")"
"$collect" "$work/over.ini" -o "$work/over" --dry-run >"$work/over.dry" 2>&1
grep -q "^    one: the client NIC's 10000 Mbit/s (campaign), round trip [0-9.]* ms$" "$work/over.dry" &&
	grep -q "^  one .* 2 runs: .*; at most [0-9.]* USD (requests 0.0000, egress $egress," "$work/over.dry"
check $? "--dry-run prints the bound and what it rests on: $(grep -A3 '^bill bound' "$work/over.dry")"
S3BENCH_CLIENT_NIC=1Gbit "$collect" "$work/over.ini" -o "$work/over" --dry-run >"$work/over1.dry" 2>&1
grep -q "^    one: the client NIC's 1000 Mbit/s (environment)" "$work/over1.dry"
check $? "S3BENCH_CLIENT_NIC wins over client_nic"

# 3. a client_nic the client outruns: the first run spends past max_cost, the next is not run
campaign low "client_nic = 1Mbit" "price_egress = 1000/GB
max_cost = 1"
"$collect" "$work/low.ini" -o "$work/low" >"$work/low.log" 2>&1
rc=$?
[ "$rc" -eq 1 ] && grep -q "collect: subject one: spent [0-9.]* USD, its max_cost 1 reached: its remaining runs are recorded as not run (class budget)" "$work/low.log"
check $? "a run that spent more than its bound stops the subject after it (exit $rc): $(grep max_cost "$work/low.log")"
pycheck "budget runs" "$work/low" <<'PY'
import json, sys
from checks import t
one = json.load(open(sys.argv[1] + "/runs/cycle-01/one/get-1MiB-c1/run.json"))
two = json.load(open(sys.argv[1] + "/runs/cycle-02/one/get-1MiB-c1/run.json"))
t(one["status"] == "complete" and one["summary"] is not None, "the run under way finished and is recorded")
t(two["status"] == "failed" and two["errors"]["class"] == "budget" and
  all(v == "not-reached" for v in two["phases"].values()), "the next run: not run, class budget")
PY

# 4. --resume: the recorded spend at its recorded prices
spent=$(sed -n 's/.*subject one: spent \([0-9.]*\) USD.*/\1/p' "$work/low.log")
sed -i -e 's|^price_egress = 1000/GB$|price_egress = 0/GB|' -e 's|^max_cost = 1$|max_cost = 2|' "$work/low.ini"
"$collect" "$work/low.ini" -o "$work/low" --resume >"$work/low2.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -q "collect: subject one: its bill could reach [0-9.]* USD (spent $spent, the 1 runs to do at most 0.0000:" "$work/low2.log"
check $? "--resume with the price lowered: the run recorded at 1000/GB still counts $spent, past max_cost 2: refused (exit $rc): $(cat "$work/low2.log")"
sed -i 's|^max_cost = 2$|max_cost = 1000000|' "$work/low.ini"
"$collect" "$work/low.ini" -o "$work/low" --resume >"$work/low3.log" 2>&1
check $? "--resume after raising max_cost: exit 0 ($(tail -n 1 "$work/low3.log"))"
python3 -c "
import json; j = json.load(open('$work/low/runs/cycle-02/one/get-1MiB-c1/run.json'))
assert j['status'] == 'complete', j['errors']"
check $? "...the budget run ran"

# 5. count-bounded: the exact bill passes max_cost
campaign count "" "price_class_a = 0.005/1000
max_cost = 0.00001" "ops = put
size = 4KiB
concurrency = 2
count = 5"
"$collect" "$work/count.ini" -o "$work/count" >"$work/count.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && [ ! -e "$work/count" ] &&
	grep -q "collect: subject one: its bill could reach 0.0001 USD (spent 0.0000, the 2 runs to do at most 0.0001: requests 0.0001," "$work/count.log"
check $? "count-bounded, no NIC needed: refused with the figures (exit $rc): $(cat "$work/count.log")"

# 6. one cycle a day into the same DIR: the earlier cycles' spend counts
campaign daily "" "price_delete = 10/1
max_cost = 15" "ops = put
size = 4KiB
concurrency = 1
count = 2"
"$collect" "$work/daily.ini" -o "$work/daily" --cycle 1 >"$work/daily1.log" 2>&1
check $? "--cycle 1: its one DeleteObjects spends 10 of max_cost 15"
"$collect" "$work/daily.ini" -o "$work/daily" --cycle 2 >"$work/daily2.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && [ ! -e "$work/daily/runs/cycle-02" ] &&
	grep -q "collect: subject one: its bill could reach 20.0[0-9]* USD (spent 10.0[0-9]*, the 1 runs to do at most 10.0[0-9]*:" "$work/daily2.log"
check $? "--cycle 2 into the same DIR: cycle 1's 10 plus its own 10 pass 15: refused (exit $rc): $(cat "$work/daily2.log")"
finish
