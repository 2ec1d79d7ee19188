#!/usr/bin/env bash
# tests/e2e/retries.sh: retries the way the SDKs make them. nginx
# (NGINX_S3_ENDPOINT from tests/run, else a private one) behind build/tests/faultproxy in
# mode slowdown (503 SlowDown for 30 % of the requests, a fixed seed). A campaign of 4 KiB
# PUTs at 2 workers, 40 requests each, `retries = 3`; then, from the ops log alone:
#   1. each request's attempts are rows of its key: "1+", "2+", ... then the final "K"
#      (K <= 4); every retried attempt is a 503; the final row starts where the first
#      attempt started (end to end) and ends after the last attempt; each wait between
#      attempts k and k+1 is within its full-jitter bound (100 ms x 2^(k-1), plus slack);
#   2. summary.retries: requests, retried, attempts, share, per_request and the
#      first-attempt latency (p50, p99, min, max: nearest rank over the rows with attempt 1)
#      exactly; summary.latency_ms (end to end) exactly over the successful final rows;
#      requests, errors and bytes count each request once (retried attempts are no
#      requests and move no bytes); the throttling the retries hid: summary.attempts,
#      throttled_attempts and throttled_first_attempts exactly from the rows (30 % of the
#      attempts and of the first ones, not in errors_by); without retries attempts =
#      requests and the throttled ones are errors_by's 503s;
#   3. aggregate.json's cell retries = the run's, its throttled_attempt_share the rows'
#      (30 %) and throttled_share the requests' final 503s and 429s; the report (en, ko)
#      has the retries table, says retries were on, has the throttling table with the
#      attempts' share; collect run --retries 0 prints "Retries: off".
#   4. prepare against a throttle: build/tests/wanem --http --throttle 40 (503 SlowDown above
#      40 requests/s) in front of nginx; a HEAD run prepares 60 objects with 8 workers: the
#      prepare phase's PUTs are retried with the same backoff (8 attempts)
#      and the phase completes; run.json phase_retries.prepare > 0, and every attempt is
#      billed: billing.prepare.class_a = 60 + phase_retries.prepare.
#   5. every retried class, each through faultproxy answering it to a quarter of the
#      requests (a fixed seed): 500 InternalError, 502, 504, 429, 400 RequestTimeout (PUTs),
#      and connection resets mid-body (GETs, a new connection per request): the retried
#      attempts ("K+") carry that failure and only it, a request fails only once its 6
#      attempts are spent (collect run prints the 429s as throttled attempts); a 400
#      InvalidArgument is final at once (no "K+" row);
#   6. the backoff's distribution over every wait of 5's runs (attempt k's end to attempt
#      k+1's start; for the final attempt its first byte, a few ms after its start), each
#      scaled by its bound 100 ms x 2^(k-1): uniform on [0, 1) by SciPy's KS test (p >
#      0.001, the scaled waits shifted by at most 0.05 for the resend's own latency), mean
#      0.5 +- 0.15 and a quarter of them under 0.25: a resend without a wait, or always at
#      the bound, fails (503 in 1, a timeout in tests/e2e/collect_timeouts.sh).
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
proxy_bin=${FAULTPROXY:-$top/build/tests/faultproxy}
wanem=${WANEM:-$top/build/tests/wanem}

for b in "$collect" "$analyze" "$render" "$proxy_bin" "$wanem"; do
	[ -x "$b" ] || { bad "no $b (make tests)"; finish; }
done
nginx_bucket retries
export RT_AWS_ACCESS_KEY_ID=nginx RT_AWS_SECRET_ACCESS_KEY=nginx-no-auth

"$proxy_bin" --listen 127.0.0.1:0 --upstream "$hostport" --mode slowdown --fraction 0.3 \
	--seed 5 --port-file "$tmp/proxy.port" --max-seconds 300 >/dev/null 2>"$tmp/proxy.log" &
stop_at_exit $!
for _ in $(seq 1 50); do
	[ -s "$tmp/proxy.port" ] && break
	sleep 0.1
done
ep="http://127.0.0.1:$(cat "$tmp/proxy.port")"

cat >"$tmp/rt.ini" <<EOF
[campaign]
name = retries
cycles = 1
[matrix]
ops = put
sizes = 4KiB
concurrency = 2
count = 40
retries = 3
timeout = 60s
[subject slow]
label = Slow store
endpoint = $ep
bucket = $bucket
addressing = path
credentials = env:RT_AWS
EOF
out=$tmp/out
"$collect" "$tmp/rt.ini" -o "$out" --no-preflight >"$tmp/collect.log" 2>&1
check $? "campaign with retries = 3 runs (log: $(tail -n 3 "$tmp/collect.log"))"
"$analyze" "$out" >"$tmp/analyze.log" 2>&1
check $? "analyze (log: $(tail -n 3 "$tmp/analyze.log"))"
rm -rf "$out/results"
"$analyze" "$out" --recompute >"$tmp/recompute.log" 2>&1
check $? "analyze --recompute: the summary rebuilt from the ops log (attempt column) agrees ($(tail -n 2 "$tmp/recompute.log"))"
for lang in en ko; do
	SOURCE_DATE_EPOCH=1764633600 "$render" "$out/results" -f html --lang $lang \
		-o "$tmp/report-$lang" >"$tmp/render-$lang.log" 2>&1
	check $? "render --lang $lang (log: $(tail -n 3 "$tmp/render-$lang.log"))"
done

python3 - "$out/runs/cycle-01/slow/put-4KiB-c2" "$out" "$tmp" <<'PY' >"$tmp/py.out" 2>&1
import json, math, subprocess, sys
d, out, tmp = sys.argv[1:4]
from checks import t, ns
txt = subprocess.run(["zstd", "-dc", d + "/ops.tsv.zst"], capture_output=True,
                     text=True).stdout.splitlines()
head = txt[0].split("\t")
t(head[-7:] == ["attempt", "remote", "request_id", "host_id", "conn_id", "conn_req", "conn_age_ms"],
  "the ops log's attempt column comes after the others, before who answered and the connection (%s)" % head[-7:])
rows = [dict(zip(head, l.split("\t"))) for l in txt[1:]]
by = {}
for r in rows:
    by.setdefault(r["file"], []).append(r)
finals, firsts, bad_chain, bad_gap = [], [], [], []
for key, rs in by.items():
    rs.sort(key=lambda r: (int(r["attempt"].rstrip("+")), ns(r["end"])))
    k = len(rs)
    want = ["%d+" % i for i in range(1, k)] + [str(k)]
    got = [r["attempt"] for r in rs]
    if got != want or k > 4 or any(not r["error"].startswith("HTTP 503") for r in rs[:-1]):
        bad_chain.append((key, got))
    fin = rs[-1]
    finals.append(fin)
    first = rs[0]
    firsts.append(ns(first["end"]) - ns(first["start"]))
    if k > 1 and not (ns(fin["start"]) == ns(first["start"]) and
                      ns(fin["end"]) >= ns(rs[-2]["end"])):
        bad_chain.append((key, "final row not end to end"))
    # the attempt after a retried one: a new row only exists as the final or a later k+;
    # its own start is not logged for the final row (end to end), so check the gaps of
    # the retried rows: attempt k+1 (k+1 < K) starts within 100 ms x 2^(k-1) of k's end
    for i in range(len(rs) - 2):
        gap = ns(rs[i + 1]["start"]) - ns(rs[i]["end"])
        # slack for a loaded machine: the resend can leave late, never early
        if not (0 <= gap <= 100e6 * 2 ** i + 250e6):
            bad_gap.append((key, i + 1, gap))
t(not bad_chain, "every request's attempts chain 1+ .. K, retried ones 503, final end to end %s"
  % bad_chain[:3])
t(not bad_gap, "waits between attempts within the full-jitter bound %s" % bad_gap[:3])
retried_rows = [r for r in rows if r["attempt"].endswith("+")]
t(len(retried_rows) > 0, "some requests were retried (%d attempts)" % len(retried_rows))
j = json.load(open(d + "/run.json"))
s, rt = j["summary"], j["summary"].get("retries")
t(j["workload"]["retries"] == 3, "run.json workload.retries 3")
t(rt is not None, "summary.retries present")
nfin = len(finals)
nret = sum(1 for r in finals if r["attempt"] != "1")
t(rt["max"] == 3 and rt["requests"] == nfin == s["requests"] == 80,
  "requests %d = final rows %d = 80 (each request once)" % (rt["requests"], nfin))
t(rt["retried"] == nret and rt["attempts"] == len(rows),
  "retried %d = %d, attempts %d = rows %d" % (rt["retried"], nret, rt["attempts"], len(rows)))
t(abs(rt["share"] - nret / nfin) < 1e-12 and abs(rt["per_request"] - len(rows) / nfin) < 1e-12,
  "share and attempts per request")
def rank(v, p):
    v = sorted(v)
    return v[max(1, math.ceil(len(v) * p / 100)) - 1] / 1e6
fa = rt["first_attempt_ms"]
t(all(abs(fa[k] - rank(firsts, p)) < 1e-9 for k, p in (("p50", 50), ("p99", 99))) and
  abs(fa["min"] - min(firsts) / 1e6) < 1e-9 and abs(fa["max"] - max(firsts) / 1e6) < 1e-9,
  "first-attempt latency exact from the rows with attempt 1 (p50 %s)" % fa["p50"])
ok_fin = [ns(r["end"]) - ns(r["start"]) for r in finals if r["error"] == ""]
lat = s["latency_ms"]
t(all(abs(lat[k] - rank(ok_fin, p)) < 1e-9 for k, p in (("p50", 50), ("p99", 99), ("p90", 90)))
  and abs(lat["max"] - max(ok_fin) / 1e6) < 1e-9,
  "end-to-end latency exact over the successful final rows (p50 %s)" % lat["p50"])
nerr = sum(1 for r in finals if r["error"] != "")
t(s["errors"] == nerr and s["bytes"] == 4096 * (nfin - nerr),
  "errors %d and bytes %d count final rows only" % (s["errors"], s["bytes"]))
t(rt["attempt_errors_by"] == {"503": len(retried_rows)}, "the retried attempts' statuses")
# throttling that the retries hid: every attempt answered 503 counted, and the requests
# whose first attempt was; the requests' own errors show little or none of it
thr = [r for r in rows if r["error"].startswith(("HTTP 503", "HTTP 429"))]
thr1 = [r for r in thr if r["attempt"].rstrip("+") == "1"]
t(s.get("attempts") == len(rows) and s.get("throttled_attempts") == len(thr) and
  s.get("throttled_first_attempts") == len(thr1),
  "summary attempts %s, throttled_attempts %s, throttled_first_attempts %s = the rows' %d, "
  "%d, %d" % (s.get("attempts"), s.get("throttled_attempts"),
              s.get("throttled_first_attempts"), len(rows), len(thr), len(thr1)))
t(0.15 < len(thr) / len(rows) < 0.45 and 0.15 < len(thr1) / nfin < 0.45 and
  s.get("errors_by", {}).get("503", 0) < len(thr1) / 2,
  "the proxy's 30 %% of 503s shows in the attempts (%.2f, first attempts %.2f), not in the "
  "requests' errors (%s)" % (len(thr) / len(rows), len(thr1) / nfin,
                            s.get("errors_by", {}).get("503", 0)))
a = json.load(open(out + "/results/aggregate.json"))
c = a["cells"][0]["retries"]
t(c["requests"] == rt["requests"] and c["retried"] == rt["retried"] and
  c["attempts"] == rt["attempts"] and c["max"] == 3 and
  abs(c["first_attempt_ms"]["p99"] - fa["p99"]) < 1e-9, "aggregate.json cell retries = the run's")
en = open(tmp + "/report-en/report.html").read()
ko = open(tmp + "/report-ko/report.html").read()
t("Retried requests: share, attempts, and latency of the first attempt and end to end" in en
  and "End-to-end p99" in en and "Retries were on where the Retries table says" in en,
  "en: the retries table and the methodology's sentence")
t("재시도한 요청: 비율, 시도 횟수" in ko and "종단 간 p99" in ko and "재시도가 켜져 있었다" in ko,
  "ko: the retries table and the methodology's sentence")
cell = a["cells"][0]
fails = s.get("errors_by", {})
t(abs(cell.get("throttled_attempt_share", -1) - len(thr) / len(rows)) < 1e-12 and
  abs(cell.get("throttled_share", -1) - (fails.get("503", 0) + fails.get("429", 0)) / nfin)
  < 1e-12,
  "aggregate.json cells[0]: throttled_attempt_share %s (the rows' %.4f), throttled_share %s"
  % (cell.get("throttled_attempt_share"), len(thr) / len(rows), cell.get("throttled_share")))
t('id="t-throttled"' in en and "Throttled by the provider" in en and
  "%.1f %%" % (100 * len(thr) / len(rows)) in en,
  "en: the throttling table (%.1f %% of the attempts)" % (100 * len(thr) / len(rows)))
t("스로틀된 시도" in ko, "ko: the throttling table")
PY
pyrc=$?
while IFS= read -r line; do
	case "$line" in
	"ok   "*) ok "${line#ok   }" ;;
	"FAIL "*) bad "${line#FAIL }" ;;
	*) echo "    $line" ;;
	esac
done <"$tmp/py.out"
# a check that raised ends the heredoc early: its checks and those after it would go uncounted
[ "$pyrc" -eq 0 ] || bad "the checks of 1-3 stopped early: python exited $pyrc"

AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1 \
	"$collect" run --endpoint "$ep" --bucket "$bucket" --path-style --op put --size 4KiB \
	--concurrency 2 --count 20 -o "$tmp/off" >"$tmp/off.log" 2>&1
grep -q "Retries: off, no request was retried" "$tmp/off.log"
check $? "collect run without --retries says no request was retried"
head=$(zstd -dc "$tmp/off/ops.tsv.zst" | head -n 1)
! printf '%s\n' "$head" | tr '\t' '\n' | grep -qx attempt &&
	printf '%s\n' "$head" | tr '\t' '\n' | grep -qx cat
check $? "without retries the ops log has no attempt column: $head"
[ "$(jq '.summary.retries' "$tmp/off/run.json")" = null ]
check $? "without retries run.json has no summary.retries"
# through the same proxy without retries: the throttled attempts are the failed requests
fig=$(jq -c '.summary | [.attempts, .requests, .throttled_attempts, .throttled_first_attempts,
	.errors_by["503"]]' "$tmp/off/run.json")
jq -e '.summary | .attempts == .requests and .throttled_attempts > 0 and
	.throttled_attempts == .throttled_first_attempts and
	.throttled_attempts == .errors_by["503"]' "$tmp/off/run.json" >/dev/null &&
	grep -q "Throttled (503, 429)" "$tmp/off.log"
check $? "without retries: attempts = requests, throttled attempts = the 503s in errors_by ($fig)"
AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth \
	"$collect" run --endpoint "$ep" --bucket "$bucket" --op put --size 4KiB --concurrency 1 \
	--count 1 --retries 11 -o "$tmp/bad" >"$tmp/bad.log" 2>&1
[ $? -eq 2 ] && grep -q "retries: '11' is not a number of retries from 0 to 10" "$tmp/bad.log"
check $? "--retries 11 refused, named ($(cat "$tmp/bad.log" | head -n 2))"

# 5. every retried class; 6. the backoff's distribution over all their waits (before 4:
# its throttle proxy is started last)
# cls_run TAG OP PROXY-ARGS...: a `collect run` of OP (put: 4 KiB, count 15; get: 64 KiB,
# new connections) with --retries 5 through a faultproxy started with PROXY-ARGS
cls_run() {
	local tag=$1 op=$2 pf=$tmp/$1.port port="" extra=()
	shift 2
	"$proxy_bin" --listen 127.0.0.1:0 --upstream "$hostport" --port-file "$pf" \
		--max-seconds 120 "$@" >/dev/null 2>"$tmp/$tag.proxy.log" &
	stop_at_exit $!
	for _ in $(seq 1 100); do
		[ -s "$pf" ] && { port=$(cat "$pf"); break; }
		sleep 0.05
	done
	[ "$op" = get ] && extra=(--size 64KiB --objects 4 --keepalive no)
	[ "$op" = put ] && extra=(--size 4KiB)
	AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1 \
		"$collect" run --endpoint "http://127.0.0.1:$port" --bucket "$bucket" --path-style \
		--op "$op" --concurrency 2 --count 15 --retries 5 "${extra[@]}" -o "$tmp/$tag" \
		>"$tmp/$tag.log" 2>&1
}
# cls_check TAG WANT RETRIED: the attempts of TAG's ops log. RETRIED 1: some were retried,
# every retried attempt's error starts with WANT, a final failure only after 6 attempts;
# RETRIED 0: none was, and some failed at their first attempt with WANT. The waits are
# appended to $tmp/gaps.tsv
cls_check() {
	python3 - "$tmp/$1" "$2" "$3" "$tmp/gaps.tsv" <<'PY'
import datetime, json, subprocess, sys
d, want, retried, gaps = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
def ns(s):
    base, _, frac = s.rstrip("Z").partition(".")
    t = datetime.datetime.strptime(base, "%Y-%m-%dT%H:%M:%S")
    return int(t.replace(tzinfo=datetime.timezone.utc).timestamp()) * 10**9 + \
        int((frac + "000000000")[:9])
txt = subprocess.run(["zstd", "-dc", d + "/ops.tsv.zst"], capture_output=True,
                     text=True).stdout.splitlines()
head = txt[0].split("\t")
rows = [dict(zip(head, l.split("\t"))) for l in txt[1:]]
# a worker's rows in the order they ended: each request's attempts, then the next's
by = {}
for r in sorted(rows, key=lambda r: ns(r["end"])):
    by.setdefault(r["thread"], []).append(r)
plus = [r for r in rows if r["attempt"].endswith("+")]
wrong = [r["error"][:60] for r in plus if not r["error"].startswith(want)]
last = "6" if retried else "1"
fails = [r for r in rows if not r["attempt"].endswith("+") and r["error"]]
early = [r["attempt"] for r in fails if r["attempt"] != last or not r["error"].startswith(want)]
out = open(gaps, "a")
for rs in by.values():
    for i in range(len(rs) - 1):
        if not rs[i]["attempt"].endswith("+"):
            continue
        k = int(rs[i]["attempt"].rstrip("+"))
        nxt = rs[i + 1]
        # the final row starts at the first attempt: its own start is just before its
        # first byte
        st = ns(nxt["start"]) if nxt["attempt"].endswith("+") else ns(nxt["first_byte"])
        out.write("%d\t%d\n" % (k, st - ns(rs[i]["end"])))
ok = bool(plus) == retried and not wrong and not early and (retried or fails)
print("%s retried=%d requests=%d failed=%d wrong=%s early=%s" % ("PASS" if ok else "FAIL",
      len(plus), len(rows) - len(plus), len(fails), wrong[:2], early[:3]))
PY
}
: >"$tmp/gaps.tsv"
for c in "500 InternalError" "502 BadGateway" "504 GatewayTimeout" "429 TooManyRequests" \
	"400 RequestTimeout"; do
	set -- $c
	cls_run "c$1$2" put --mode slowdown --fraction 0.25 --seed 11 --status "$1" --code "$2"
	fig=$(cls_check "c$1$2" "HTTP $1 $2" 1)
	[ "${fig%% *}" = PASS ]
	check $? "HTTP $1 $2 retried: ${fig#* } ($(tail -n 1 "$tmp/c$1$2.log"))"
done
grep -q "Throttled (503, 429): [1-9][0-9]* of [0-9]* attempts" "$tmp/c429TooManyRequests.log"
check $? "collect run prints the 429s the retries hid: $(grep Throttled "$tmp/c429TooManyRequests.log")"
cls_run creset get --mode reset --fraction 0.25 --seed 11 --after-bytes 16384
fig=$(cls_check creset "connect: " 1)
[ "${fig%% *}" = PASS ]
check $? "a connection reset mid-body retried: ${fig#* } ($(tail -n 1 "$tmp/creset.log"))"
cls_run cfinal put --mode slowdown --fraction 0.25 --seed 11 --status 400 --code InvalidArgument
fig=$(cls_check cfinal "HTTP 400 InvalidArgument" 0)
[ "${fig%% *}" = PASS ]
check $? "HTTP 400 InvalidArgument final at once: ${fig#* }"
/usr/bin/python3 - "$tmp/gaps.tsv" <<'PY' >"$tmp/gaps.out" 2>&1
import sys
from scipy import stats
g = [l.split("\t") for l in open(sys.argv[1]).read().split("\n") if l]
u = sorted(int(gap) / (100e6 * 2 ** (int(k) - 1)) for k, gap in g)
n = len(u)
mean = sum(u) / n
low = sum(1 for x in u if x < 0.25) / n
# the resend's own latency (a new connection, the scheduler) lengthens each scaled wait a
# little: the largest p over shifts 0 .. 0.05
p = max(stats.kstest([x - s / 100 for x in u], "uniform").pvalue for s in range(6))
ok = n >= 40 and p > 0.001 and abs(mean - 0.5) < 0.15 and 0.1 < low < 0.4 and u[0] >= 0 \
    and u[-1] < 1.5
print("%s waits=%d mean=%.3f under_0.25=%.2f ks_p=%.4f min=%.3f max=%.3f" % (
      "PASS" if ok else "FAIL", n, mean, low, p, u[0], u[-1]))
PY
fig=$(tail -n 1 "$tmp/gaps.out")
[ "${fig%% *}" = PASS ]
check $? "the backoff's waits, scaled by their bound, uniform on [0, 1): ${fig#* }" "$(cat "$tmp/gaps.out")"

# 4. the prepare phase against a throttle (wanem: 503 SlowDown above 40 requests/s)
"$wanem" --listen 127.0.0.1:0 --upstream "$hostport" --http --throttle 40 \
	--port-file "$tmp/wanem.port" --max-seconds 120 >/dev/null 2>"$tmp/wanem.log" &
stop_at_exit $!
for _ in $(seq 1 50); do
	[ -s "$tmp/wanem.port" ] && break
	sleep 0.1
done
AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1 \
	"$collect" run --endpoint "http://127.0.0.1:$(cat "$tmp/wanem.port")" --bucket "$bucket" \
	--path-style --op head --size 4KiB --objects 60 --concurrency 4 --duration 1s \
	-o "$tmp/throttled" >"$tmp/throttled.log" 2>&1
fig=$(jq -c '[.phases.prepare, .phase_retries.prepare, .billing.prepare.class_a]' \
	"$tmp/throttled/run.json" 2>/dev/null)
[ "$(jq -r '.phases.prepare' "$tmp/throttled/run.json" 2>/dev/null)" = done ] &&
	[ "$(jq '.phase_retries.prepare > 0' "$tmp/throttled/run.json")" = true ]
check $? "throttled prepare: its PUTs retried with backoff, the phase done (phase, retries, class A: $fig)" \
	"$(grep -i "prepare\|503" "$tmp/throttled.log" | head -n 3)"
[ "$(jq '.billing.prepare.class_a == 60 + .phase_retries.prepare' "$tmp/throttled/run.json")" = true ]
check $? "throttled prepare: every attempt billed (class A = 60 objects + retries: $fig)"
finish
