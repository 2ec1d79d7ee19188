#!/usr/bin/env bash
# tests/e2e/collect_timeouts.sh: each attempt's time limits (docs/CAMPAIGN.md, "Timeouts")
# against nginx (NGINX_S3_ENDPOINT from tests/run, else a private one) behind
# build/tests/faultproxy in mode stall (half the connections, a fixed seed: the response
# stops after 16 KiB of the body and the connection is held open):
#   1. --request-timeout 1s with --retries 3 and --keepalive no (a new connection, so a new
#      draw of the stall, per attempt): stalled attempts end as rows of class timeout after
#      1 s ("K+"), are sent again, and the workers move on: the 4-s run completes within a
#      few seconds of its duration with many requests; run.json records the limits;
#   2. --read-timeout 1s (no request timeout): a stalled attempt ends once no byte has moved
#      for 1 s (checked once a second: within 1 to 2 s of its last byte), class timeout;
#   3. --connect-timeout 500ms against a listener whose accept queue is full (its SYNs
#      dropped, on loopback): the run fails within seconds, not botocore's 60 s, with the
#      connect's timeout in its message;
#   4. bad values are refused naming the option (the campaign keys: test_campaign_modes).
# tests/run: alone (its timeouts are checked to a few tenths of a second)
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
proxy_bin=${FAULTPROXY:-$top/build/tests/faultproxy}

for b in "$collect" "$proxy_bin"; do
	[ -x "$b" ] || { bad "no $b (make tests)"; finish; }
done
nginx_bucket timeouts
export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1

"$proxy_bin" --listen 127.0.0.1:0 --upstream "$hostport" --mode stall --fraction 0.5 \
	--seed 3 --after-bytes 16384 --port-file "$tmp/proxy.port" --max-seconds 300 \
	>/dev/null 2>"$tmp/proxy.log" &
stop_at_exit $!
for _ in $(seq 1 100); do
	[ -s "$tmp/proxy.port" ] && break
	sleep 0.05
done
ep="http://127.0.0.1:$(cat "$tmp/proxy.port")"

# rows DIR: the timed-out attempts and the requests of DIR's ops log as key=value figures
rows() {
	python3 - "$1" <<'PY'
import datetime, json, subprocess, sys
d = sys.argv[1]
def ns(s):
    base, _, frac = s.rstrip("Z").partition(".")
    t = datetime.datetime.strptime(base, "%Y-%m-%dT%H:%M:%S")
    t = t.replace(tzinfo=datetime.timezone.utc)
    return int(t.timestamp()) * 10**9 + int((frac + "000000000")[:9])
txt = subprocess.run(["zstd", "-dc", d + "/ops.tsv.zst"], capture_output=True,
                     text=True).stdout.splitlines()
head = txt[0].split("\t")
rows = [dict(zip(head, l.split("\t"))) for l in txt[1:]]
to = [r for r in rows if r["error"].startswith("timeout:")]
# one attempt's own duration: a retried attempt's row (a final row starts at its request's
# first attempt), or any row of a run without retries
one = [r for r in to if r.get("attempt", "").endswith("+") or r.get("attempt", "") in ("", "1")]
dur = sorted((ns(r["end"]) - ns(r["start"])) / 1e9 for r in one)
retried_to = [r for r in to if r.get("attempt", "").endswith("+")]
final = [r for r in rows if not r.get("attempt", "").endswith("+")]
ok = [r for r in final if r["error"] == ""]
j = json.load(open(d + "/run.json"))
print("timeouts=%d retried_timeouts=%d min_s=%.3f max_s=%.3f requests=%d ok=%d "
      "completion_s=%.2f status=%s" % (
      len(to), len(retried_to), dur[0] if dur else -1, dur[-1] if dur else -1, len(final),
      len(ok), j["summary"]["completion_s"] if j.get("summary") else -1, j["status"]))
print("first=" + (to[0]["error"].replace(" ", "_")[:80] if to else ""))
PY
}
kv() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$2"; }

# 1. the whole attempt's limit
"$collect" run --endpoint "$ep" --bucket "$bucket" --path-style --op get --size 64KiB \
	--objects 4 --concurrency 2 --duration 4s --keepalive no --retries 3 \
	--request-timeout 1s -o "$tmp/req" >"$tmp/req.log" 2>&1
check $? "request timeout: the run completes ($(tail -n 2 "$tmp/req.log" | tr '\n' ' '))"
fig=$(rows "$tmp/req")
echo "    request timeout: $fig"
[ "$(kv retried_timeouts "$fig")" -ge 2 ]
check $? "request timeout: stalled attempts logged as timeout rows and retried ($(kv timeouts "$fig") of them)"
awk -v a="$(kv min_s "$fig")" -v b="$(kv max_s "$fig")" 'BEGIN { exit !(a >= 1.0 && b < 1.6) }'
check $? "request timeout: each timed-out attempt lasted 1 s (from $(kv min_s "$fig") to $(kv max_s "$fig") s)"
awk -v c="$(kv completion_s "$fig")" -v n="$(kv ok "$fig")" 'BEGIN { exit !(c < 9 && n >= 6) }'
check $? "request timeout: the workers moved on ($(kv ok "$fig") requests answered, the run over in $(kv completion_s "$fig") s, not at its 68-s limit)"
grep -q '^first=timeout:_Operation_timed_out_after_1' <<<"$fig"
check $? "request timeout: libcurl's text in the row's error ($(kv first "$fig"))"
[ "$(jq -c '[.workload.send.request_timeout_ms, .workload.send.read_timeout_ms,
	.workload.send.connect_timeout_ms, (.summary.retries.attempt_errors_by.timeout > 0)]' \
	"$tmp/req/run.json")" = "[1000,60000,60000,true]" ]
check $? "request timeout: run.json records the limits (the defaults resolved) and the retried timeouts" \
	"$(jq -c '.workload.send, .summary.retries.attempt_errors_by' "$tmp/req/run.json")"

# 2. the stall's limit
"$collect" run --endpoint "$ep" --bucket "$bucket" --path-style --op get --size 64KiB \
	--objects 4 --concurrency 2 --duration 4s --keepalive no --retries 1 \
	--read-timeout 1s -o "$tmp/read" >"$tmp/read.log" 2>&1
check $? "read timeout: the run completes ($(tail -n 2 "$tmp/read.log" | tr '\n' ' '))"
fig=$(rows "$tmp/read")
echo "    read timeout: $fig"
[ "$(kv timeouts "$fig")" -ge 1 ]
check $? "read timeout: stalled attempts end as timeout rows ($(kv timeouts "$fig"))"
awk -v a="$(kv min_s "$fig")" -v b="$(kv max_s "$fig")" 'BEGIN { exit !(a >= 1.0 && b < 2.2) }'
check $? "read timeout: 1 s after the last byte, noticed within a second (attempts from $(kv min_s "$fig") to $(kv max_s "$fig") s)"
grep -q '^first=timeout:_no_byte_moved_for_1000_ms_(the_read_timeout),_16384_bytes_received' <<<"$fig"
check $? "read timeout: the row says so ($(kv first "$fig"))"
[ "$(jq -c '[.workload.send.request_timeout_ms, .workload.send.read_timeout_ms]' \
	"$tmp/read/run.json")" = "[0,1000]" ]
check $? "read timeout: run.json request_timeout_ms 0 (none), read_timeout_ms 1000"

# 3. the connect's limit: a listener whose accept queue is full drops further SYNs
python3 - "$tmp/full.port" <<'PY' &
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(0)
port = s.getsockname()[1]
held = []
for _ in range(4):
    c = socket.socket()
    c.setblocking(False)
    try:
        c.connect(("127.0.0.1", port))
    except BlockingIOError:
        pass
    held.append(c)
time.sleep(0.3)
open(sys.argv[1] + ".tmp", "w").write(str(port))
import os
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
time.sleep(120)
PY
stop_at_exit $!
for _ in $(seq 1 100); do
	[ -s "$tmp/full.port" ] && break
	sleep 0.05
done
t0=$(date +%s.%N)
"$collect" run --endpoint "http://127.0.0.1:$(cat "$tmp/full.port")" --bucket "$bucket" \
	--path-style --op put --size 4KiB --concurrency 1 --count 1 --connect-timeout 500ms \
	-o "$tmp/conn" >"$tmp/conn.log" 2>&1
rc=$?
took=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
[ "$rc" -ne 0 ] && awk -v t="$took" 'BEGIN { exit !(t < 15) }'
check $? "connect timeout: the run fails in $took s (exit $rc), not after 60 s per attempt"
grep -q "Failed to connect to 127.0.0.1 port [0-9]* after 5[0-9][0-9] ms" "$tmp/conn/run.json"
check $? "connect timeout: the message says the connect timed out after 500 ms" \
	"$(jq -c '.errors' "$tmp/conn/run.json" 2>/dev/null; tail -n 3 "$tmp/conn.log")"

# 4. bad values, named
badopt() {
	local opt=$1 val=$2 want=$3 out
	out=$("$collect" run --endpoint "$ep" --bucket "$bucket" --op put --size 4KiB \
		--concurrency 1 --count 1 "$opt" "$val" -o "$tmp/bad" 2>&1)
	[ $? -eq 2 ] && grep -qF -- "$want" <<<"$out"
	check $? "$opt $val refused: $want" "$out"
}
badopt --request-timeout 0s "collect: --request-timeout: '0s' is not a time limit from 1ms to 1h, or none"
badopt --read-timeout 0ms "collect: --read-timeout: '0ms' is not a time limit from 1ms to 1h, or none"
badopt --connect-timeout none "collect: --connect-timeout: 'none' is not a duration"
badopt --request-timeout 2h "collect: --request-timeout: '2h' is not a time limit from 1ms to 1h, or none"
finish
