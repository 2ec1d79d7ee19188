#!/usr/bin/env bash
# tests/e2e/collect_rate_wan.sh: rate runs over a slow path and the sustained verdict.
#   1. Workers by Little's law: build/tests/wanem (the lab's WAN emulator) delays each way by
#      100 ms in front of nginx (a 200 ms round trip). `--rate 100/s` with the default cap
#      (256) needs about rate x latency = 20 workers: every slot is sent, none waited for a
#      worker (late_no_worker 0), the peak lies between 15 and 64, the p99 from the intended
#      start stays near the service time (< 500 ms; a queue behind busy workers took 5.3 s in the issue), and the rate is sustained. The same
#      with `--concurrency 8` cannot hold it: peak 8, late_no_worker > 0, not sustained, and
#      the printout and stderr say "client-limited (workers)", not "by the server".
#      Both runs analyzed and rendered (en and ko): aggregate.json's sweep of the capped run
#      says limit by "client" (workers) at 100/s (shared-cpu, which a loaded machine with a
#      local endpoint adds, is no blocking reason) with the point's late_no_worker and
#      peak_workers; the report's sustained-rate table says "client-limited (workers) at
#      100 req/s", its point table "client-limited (workers)", and Key findings name the
#      client's limit, never "sustained none of its rates" for it (the uncapped run's sweep,
#      whose p99 from the intended start is the 200 ms round trip, is the server's).
#   2. One clock per run: with the real-time clock 2 % fast and stepped (clockskew.so), a
#      100/s run's requests are on time, its kept seconds count 100 each, and run.json's
#      client.realtime_drift_ms records the clock's move.
#   3. Sustained decided from the requests: `--rate 10/s` for 10 s against RGW (no delay)
#      is sustained 3 times in a row (100 of 100 sent, >= 99 % within 10 ms of their slot;
#      the window of kept seconds no longer decides it);
#      `analyze --recompute` rebuilds the rate block from the ops log with no disagreement
#      and keeps run.json's peak_workers and late_no_worker.
# The on-time rule is 1 ms at 100/s and 10 ms at 10/s: timing-sensitive. Until every
# request was timed on the run's one clock (2.), most "late" sends here were the real-time
# clock's own slew (0.5 % fast: 33 of 1000 late at 100/s). What is left is this shared
# 2-core machine: with three busy loops beside the servers, 15 to 19 of 1000 requests left
# 1 to 8 ms late (CFS wake-up latency); on a quiet machine 0 to 3; at SCHED_FIFO (4.) 0 to 2
# of 600 beside a parallel make test. The client is therefore made on time (4.), and the
# verdicts and the skewed run's on-time count are timing checks (tests/e2e/lib.sh
# timed_check): a run that is not sustained because the client sent late fails, unless the
# load measured during that run exceeded twice the cores (then a SKIP naming the load); any
# other reason fails at any load.
#   4. S3BENCH_REALTIME: this test's rate runs go at SCHED_FIFO 10 (the servers share the
#      client's cores); run.json says so (client.realtime_priority 10); as a user without
#      CAP_SYS_NICE the run goes at normal priority, says so on stderr and records 0; a
#      value that is no priority exits 2 naming the variable.
# About 50 s. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/lib.sh"
export S3BENCH_REALTIME=10
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
wanem=${WANEM:-$top/build/tests/wanem}
[ -x "$collect" ] && [ -x "$wanem" ] && [ -x "$analyze" ] && [ -x "$render" ] ||
	{ bad "bin/collect, bin/analyze, bin/render or build/tests/wanem missing: make tests"; finish; }

nginx_wanem -r ratewan --delay 100 --max-seconds 120

# rate_fig DIR: key=value figures of DIR/run.json's summary.rate
rate_fig() {
	python3 - "$1/run.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["summary"]["rate"]
for k in ("slots", "sent", "on_time", "peak_workers", "late_no_worker", "tolerance_ms"):
    print("%s=%s" % (k, r[k]))
print("sustained=%d" % r["sustained"])
print("p99=%d" % r["latency_intended_ms"]["p99"])
PY
}

# 1. through the 200 ms round trip (the capped run's directory in a results tree for analyze)
cap="$tmp/wan/runs/once/nginx/get-4KiB-c8-r100"
mkdir -p "$tmp/wan/runs/once/nginx"
export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1
timing_begin
"$collect" run --endpoint "$far" --bucket "$bucket" --path-style --op get --size 4KiB \
	--objects 20 --rate 100/s --duration 10s -o "$tmp/far" >"$tmp/far.out" 2>&1
check $? "200 ms RTT, 100/s, default cap: exit 0" "$(tail -n 3 "$tmp/far.out")"
eval "$(rate_fig "$tmp/far")"
fig="sent $sent of $slots, peak $peak_workers, late_no_worker $late_no_worker, on time $on_time, p99 $p99 ms"
[ "$slots" = 1000 ] && [ "$sent" = 1000 ] && [ "$late_no_worker" = 0 ]
check $? "200 ms RTT, 100/s: every slot sent, none waited for a worker ($fig)"
[ "$peak_workers" -ge 15 ] && [ "$peak_workers" -le 64 ] && [ "$p99" -lt 500 ]
check $? "200 ms RTT, 100/s: workers by Little's law, p99 from intended is the service time ($fig)"
# verdict NAME DIR.out: the run's verdict, a timing check of the run just made: sustained
# passes; "the client sent late" fails, or skips when the load measured during the run
# exceeded twice the cores (timed_check); any other reason fails at any load
verdict() {
	if [ "$sustained" = 1 ] && grep -q "): sustained$" "$2"; then
		timed_check 0 "$1: sustained ($fig)"
	elif grep -q "): not sustained: the client sent late$" "$2"; then
		timed_check 1 "$1: sustained ($fig; not sustained: the client sent late)"
	else
		bad "$1: sustained ($fig) $(grep Rate "$2")"
		echo "TIMING judged $1: sustained (another reason)"
	fi
}
verdict "200 ms RTT, 100/s" "$tmp/far.out"

"$collect" run --endpoint "$far" --bucket "$bucket" --path-style --op get --size 4KiB \
	--objects 20 --rate 100/s --concurrency 8 --duration 5s -o "$cap" >"$tmp/cap.out" 2>&1
check $? "200 ms RTT, 100/s, cap 8: exit 0 (a valid run)" "$(tail -n 3 "$tmp/cap.out")"
eval "$(rate_fig "$cap")"
fig="sent $sent of $slots, peak $peak_workers, late_no_worker $late_no_worker"
[ "$peak_workers" = 8 ] && [ "$late_no_worker" -gt 0 ] && [ "$sustained" = 0 ]
check $? "cap 8: the cap reached, slots late for want of a worker, not sustained ($fig)"
grep -q "Rate: .*: not sustained: client-limited (workers)$" "$tmp/cap.out" &&
	grep -q "target rate 100/s not sustained: client-limited (workers): achieved" "$tmp/cap.out" &&
	! grep -q "by the server\|sent late" "$tmp/cap.out"
check $? "cap 8: printout and stderr say client-limited (workers), not the server" \
	"$(grep -i "sustained" "$tmp/cap.out")"

# the capped run through analyze and render: the report names the client's worker cap
mkdir -p "$tmp/wan/runs/once/far"
cp -r "$tmp/far" "$tmp/wan/runs/once/far/get-4KiB-c256-r100"
"$analyze" "$tmp/wan" -o "$tmp/wan/results" >"$tmp/wan.an" 2>&1 &&
	"$render" "$tmp/wan/results" -o "$tmp/wan/report" -f html 2>"$tmp/wan.rn" &&
	"$render" "$tmp/wan/results" -o "$tmp/wan/report-ko" -l ko -f html 2>>"$tmp/wan.rn"
check $? "analyze and render the two runs" "$(tail -n 3 "$tmp/wan.an" "$tmp/wan.rn")"
python3 - "$tmp/wan/results/aggregate.json" >"$tmp/wan.chk" 2>&1 <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
sw = [s for s in a["rate_sweeps"] if s["concurrency"] == 8]
assert len(sw) == 1, [s["concurrency"] for s in a["rate_sweeps"]]
s = sw[0]
assert s["limit"] == {"by": "client", "at": 100, "reasons": ["workers"]}, s["limit"]
p = s["points"][0]
assert p["late_no_worker"] > 0 and p["peak_workers"] == 8, p
c = p["client_limit"]
assert c["verdict"] == "limited" and "workers" in c["reasons"] and c["blocking"] == ["workers"], c
assert not p["sustained"], p
PY
check $? "aggregate.json: the capped sweep's limit is the client's (workers) at 100/s" \
	"$(cat "$tmp/wan.chk")"
# text of the report's sustained-rate table rows and of Key findings
report_text() {
	python3 - "$1" <<'PY'
import html, re, sys
t = open(sys.argv[1], encoding="utf-8").read()
t = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", t, flags=re.S)
t = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"</(tr|li|p|h[1-6])>", "\n", t)))
print(re.sub(r"[ \t\u00a0\u202f]+", " ", t))
PY
}
report_text "$tmp/wan/report/report.html" >"$tmp/wan.txt"
grep -q "client-limited (workers) at 100 req/s" "$tmp/wan.txt" &&
	grep -q "was client-limited (workers) at 100 req/s (the client's limit, not the provider's)" \
		"$tmp/wan.txt" &&
	! grep -q "sustained none of its rates.*sustained none of its rates" "$tmp/wan.txt" &&
	grep -qE "^ ?100 [0-9.]+ client-limited \(workers\) " "$tmp/wan.txt"
check $? "report: the sustained-rate table, the point table and Key findings say client-limited (workers)" \
	"$(grep -n "req/s\|^ *100 " "$tmp/wan.txt" | head -n 12)"
report_text "$tmp/wan/report-ko/report.html" >"$tmp/wan-ko.txt"
grep -q "클라이언트 한계 (workers)" "$tmp/wan-ko.txt" &&
	grep -q "제공자가 아니라 클라이언트의 한계" "$tmp/wan-ko.txt"
check $? "Korean report: client-limited (workers) in the table and Key findings"

# 2. One clock per run: the real-time clock 2 % fast and stepped 300 ms forward 2 s in
#    (tests/preload/clockskew.so; the machines here slew theirs by 0.5 %, which made 10 s at
#    100/s drift 50 ms from its slots) moves no request against its slot and no second's
#    count: all 600 on time, every kept second 100 requests
skew=$top/build/tests/clockskew.so
if [ -f "$skew" ]; then
	timing_begin
	CLOCKSKEW_PPM=20000 CLOCKSKEW_STEP_MS=300 CLOCKSKEW_STEP_AT=2 LD_PRELOAD=$skew \
		"$collect" run --endpoint "$ep" --bucket "$bucket" --path-style --op get --size 4KiB \
		--objects 20 --rate 100/s --duration 6s -o "$tmp/skew" >"$tmp/skew.out" 2>&1
	check $? "real-time clock skewed and stepped: exit 0" "$(tail -n 3 "$tmp/skew.out")"
	eval "$(rate_fig "$tmp/skew")"
	fig="sent $sent of $slots, on time $on_time"
	python3 - "$tmp/skew/run.json" >"$tmp/skew.chk" 2>&1 <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
g = r["summary"]["segments"]
assert g["count"] >= 2 and 98 <= g["slowest"]["obj_s"] <= g["fastest"]["obj_s"] <= 102, g
# the drift is recorded: the 300 ms step plus 2 % of the benchmark's 6 s or so
d = r["client"]["realtime_drift_ms"]
assert 350 <= d <= 500, d
PY
	[ "$sent" = 600 ] && [ "$on_time" -ge 594 ]
	timed_check $? "real-time clock skewed and stepped: the requests on time ($fig)"
	[ ! -s "$tmp/skew.chk" ]
	check $? "real-time clock skewed and stepped: every kept second counts 100 requests, run.json's client.realtime_drift_ms says how far it moved" \
		"$(tail -n 2 "$tmp/skew.chk")"
else
	skip 3 "no build/tests/clockskew.so (a sanitized build has no preload libraries)"
fi

# 4. S3BENCH_REALTIME: granted (root), refused (nobody), and not a priority
# rt_prio DIR: DIR/run.json's client.realtime_priority
rt_prio() {
	python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["client"]["realtime_priority"])' \
		"$1/run.json" 2>&1
}
rt=$(rt_prio "$tmp/far")
[ "$rt" = 10 ]
check $? "S3BENCH_REALTIME=10 as root: run.json client.realtime_priority 10 ($rt)"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	nob=$(mktemp -d /tmp/s3bench-nobody.XXXXXX) && chown 65534 "$nob" # $tmp is root's alone
	at_exit "rm -rf '$nob'"
	HOME=$nob setpriv --reuid 65534 --regid 65534 --clear-groups "$collect" run \
		--endpoint "$ep" --bucket "$bucket" --path-style --op get --size 4KiB --objects 5 \
		--rate 20/s --duration 2s -o "$nob/out" >"$tmp/nobody.out" 2>&1
	st=$?
	rt=$(rt_prio "$nob/out")
	[ $st = 0 ] && [ "$rt" = 0 ] && grep -q "S3BENCH_REALTIME=10: SCHED_FIFO refused (Operation not permitted): the rate run went at normal priority" "$tmp/nobody.out"
	check $? "S3BENCH_REALTIME=10 without CAP_SYS_NICE: exit $st, said on stderr, realtime_priority $rt" \
		"$(grep -i "sched\|error" "$tmp/nobody.out")"
else
	skip 1 "not root or no setpriv: the refused priority is not tried"
fi
S3BENCH_REALTIME=high "$collect" run --endpoint "$ep" --bucket "$bucket" --op get >"$tmp/rtbad.out" 2>&1
st=$?
[ $st = 2 ] && grep -q "^collect: S3BENCH_REALTIME=high: not a SCHED_FIFO priority from 1 to 99" "$tmp/rtbad.out"
check $? "S3BENCH_REALTIME=high: exit $st naming the variable" "$(cat "$tmp/rtbad.out")"

# 3. 10/s for 10 s against RGW: sustained every time
if [ -z "${RGW_S3_ENDPOINT:-}" ]; then
	skip 7 "radosgw not started (no RGW_S3_ENDPOINT)"
	finish
fi
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
export AWS_REGION=${RGW_AWS_REGION:-us-east-1}
mkdir -p "$tmp/data/runs/once/rgw"
for i in 1 2 3; do
	d="$tmp/data/runs/once/rgw/get-4KiB-r10-$i"
	timing_begin
	"$collect" run --endpoint "$RGW_S3_ENDPOINT" --bucket e2e-ratewan --path-style --op get \
		--size 4KiB --objects 10 --rate 10/s --duration 10s -o "$d" >"$tmp/rgw$i.out" 2>&1
	eval "$(rate_fig "$d")"
	fig="$on_time of $slots within ${tolerance_ms} ms, sent $sent"
	[ "$sent" = 100 ] && [ "$slots" = 100 ]
	check $? "RGW 10/s for 10 s, run $i: 100 slots, 100 sent"
	verdict "RGW 10/s for 10 s, run $i" "$tmp/rgw$i.out"
done
"$analyze" --recompute "$tmp/data" -o "$tmp/res" >"$tmp/an.out" 2>&1
st=$?
python3 - "$tmp/data/runs/once/rgw/get-4KiB-r10-1/run.json" "$tmp/res/runs.csv" >"$tmp/an.chk" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["summary"]["rate"]
assert r["peak_workers"] >= 1 and r["late_no_worker"] == 0, r
PY
[ $st -eq 0 ] && ! grep -q "disagrees" "$tmp/an.out" && [ ! -s "$tmp/an.chk" ]
check $? "analyze --recompute: the rate blocks rebuilt from the ops logs agree with run.json" \
	"$(head -n 5 "$tmp/an.out")"
finish
