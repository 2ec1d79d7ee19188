#!/usr/bin/env bash
# tests/e2e/steady.sh: `duration = auto`: a run stops once its throughput is
# steady (collect/engine/steady.h), never before min_duration, at the latest at
# max_duration. nginx (NGINX_S3_ENDPOINT from tests/run, else a private one) behind
# build/tests/faultproxy:
#   1. a warm-up: mode slowdown --rate 100 --warmup-ms 8000 (50 successful PUTs a second
#      for 8 s, then 100; the rest answered 503). The run stops "steady", after the step
#      plus the 10-segment window (not before 18 s), well before max_duration (40 s); the
#      ten segments it judged (the last complete ones before the stop) all come after the
#      warm-up and lie within 5 % of their mean (from the ops log);
#   2. a noisy source: mode pause (400 ms freezes every 1000 ms): the run goes on to
#      max_duration (12 s), reason "max_duration";
#   3. run.json records the bound (workload.duration_auto: min, max, window, band) and
#      the stop (stop.reason, stop.at_s); --duration auto with a rate is refused.
# The machine's load makes an unthrottled server too noisy to settle within 5 %: the
# token-bucket throttle sets the pace.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
proxy_bin=${FAULTPROXY:-$top/build/tests/faultproxy}

for b in "$collect" "$proxy_bin"; do
	[ -x "$b" ] || { bad "no $b (make tests)"; finish; }
done
nginx_bucket steady
export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1

# proxy NAME ARGS...: a faultproxy in front of nginx; its endpoint in $ep
proxy() {
	local name=$1
	shift
	"$proxy_bin" --listen 127.0.0.1:0 --upstream "$hostport" "$@" \
		--port-file "$tmp/$name.port" --max-seconds 120 >/dev/null 2>"$tmp/$name.log" &
	stop_at_exit $!
	for _ in $(seq 1 50); do
		[ -s "$tmp/$name.port" ] && break
		sleep 0.1
	done
	ep="http://127.0.0.1:$(cat "$tmp/$name.port")"
}

# crun EP TAG ARGS...: a 4 KiB PUT run, 2 workers, duration auto, into $tmp/TAG
crun() {
	local e=$1 tag=$2
	shift 2
	"$collect" run --endpoint "$e" --bucket "$bucket" --path-style --op put --size 4KiB \
		--concurrency 2 --duration auto "$@" -o "$tmp/$tag" >"$tmp/$tag.out" 2>&1
}

proxy warm --mode slowdown --rate 100 --warmup-ms 8000
crun "$ep" warm --min-duration 5s --max-duration 40s
check $? "the warm-up run completes ($(tail -n 2 "$tmp/warm.out"))"
proxy noisy --mode pause --pause-ms 400 --every-ms 1000
crun "$ep" noisy --min-duration 5s --max-duration 12s
check $? "the noisy run completes ($(tail -n 2 "$tmp/noisy.out"))"

python3 - "$tmp" <<'PY' >"$tmp/py.out" 2>&1
import json, subprocess, sys
tmp = sys.argv[1]
from checks import t, ns
w = json.load(open(tmp + "/warm/run.json"))
t(w["workload"]["duration_auto"] == {"min_s": 5, "max_s": 40, "window_s": 10, "band": 0.05},
  "run.json workload.duration_auto records the limits: %s" % w["workload"]["duration_auto"])
st = w.get("stop") or {}
t(st.get("reason") == "steady" and 18 <= st.get("at_s", 0) < 40,
  "the warm-up run stops steady after the warm-up and the window, before max: %s" % st)
rows = subprocess.run(["zstd", "-dc", tmp + "/warm/ops.tsv.zst"], capture_output=True,
                      text=True).stdout.splitlines()[1:]
ok = [r.split("\t") for r in rows]
ok = [ns(f[12]) for f in ok if f[8] == ""]
t0 = min(ns(r.split("\t")[9]) for r in rows)
s0 = t0 // 10**9
per = {}
for e in ok:
    per[e // 10**9 - s0] = per.get(e // 10**9 - s0, 0) + 1
# the segments the rule judged: at the stop, second `cur` (from the first start's second)
# was under way; the rule left out it and the one before, and took the 10 before those
cur = (t0 + int(st.get("at_s", 0) * 1e9)) // 10**9 - s0
judged = [per.get(k, 0) for k in range(cur - 11, cur - 1)]
mean = sum(judged) / len(judged)
t(all(abs(v - mean) <= 0.05 * mean * 1.5 for v in judged) and mean > 80,
  "the judged segments are after the warm-up and within the band: %s" % judged)
n = json.load(open(tmp + "/noisy/run.json"))
t((n.get("stop") or {}).get("reason") == "max_duration" and
  11.5 <= n["stop"]["at_s"] <= 14, "the noisy run goes on to max_duration: %s" % n.get("stop"))
t(11.5 <= n["summary"]["completion_s"] <= 14, "the noisy run lasted max_duration (%.1f s)" %
  n["summary"]["completion_s"])
PY
while IFS= read -r line; do
	case "$line" in
	"ok   "*) ok "${line#ok   }" ;;
	"FAIL "*) bad "${line#FAIL }" ;;
	*) echo "    $line" ;;
	esac
done <"$tmp/py.out"

"$collect" run --endpoint "$endpoint" --bucket "$bucket" --path-style --op get --size 4KiB \
	--concurrency 2 --duration auto --rate 10/s -o "$tmp/bad" >"$tmp/bad.out" 2>&1
[ $? -eq 2 ] && grep -q "'auto' needs a closed-loop duration-bound run" "$tmp/bad.out"
check $? "--duration auto with --rate is refused ($(head -n 1 "$tmp/bad.out"))"
finish
