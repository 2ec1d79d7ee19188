#!/usr/bin/env bash
# tests/e2e/errors_data.sh: errors as data. nginx (NGINX_S3_ENDPOINT from
# tests/run, else a private one) behind two build/tests/faultproxy in mode slowdown:
#   slow       503 SlowDown for 10 % of the requests (--fraction 0.1)
#   throttle   503 SlowDown above 25 requests per second (--rate 25, a token bucket)
# One campaign: a [matrix] of 4 KiB PUTs at 2 workers, and a [rate] sweep of 4 KiB PUTs
# at 10/s and 80/s. Then:
#   1. every run.json's summary.errors_by counts exactly the ops rows whose error is
#      "HTTP 503 ..." under "503", and adds up to summary.errors; the summary's bytes are
#      the successful rows' bytes only (errors are never throughput);
#   2. aggregate.json: each cell's errors.requests / errors.by are the sums of its runs';
#      the throttle sweep's throttle_knee is 80 (10/s passes the 25/s throttle, 80/s does
#      not), the slow one's 10 (10 % at every rate);
#   3. the report (html, en and ko) has the Errors section and table, and Key findings
#      word both subjects' errors claims ("Slow store: ... % of its 2-worker PUT requests
#      failed (503 N)") and the throttle's knee claim, which the sustained-rate table
#      shows too;
#   4. an ops log that cannot be written (the output file size limited with ulimit -f,
#      SIGXFSZ ignored: writes fail with EFBIG as on a full disk) classes the run
#      local-io, not crashed.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
proxy_bin=${FAULTPROXY:-$top/build/tests/faultproxy}

for b in "$collect" "$analyze" "$render" "$proxy_bin"; do
	[ -x "$b" ] || { bad "no $b (make tests)"; finish; }
done
nginx_bucket errs
export ERR_AWS_ACCESS_KEY_ID=nginx ERR_AWS_SECRET_ACCESS_KEY=nginx-no-auth

# proxy NAME ARGS...: a faultproxy in front of nginx; its port in $tmp/NAME.port
proxy() {
	local name=$1
	shift
	"$proxy_bin" --listen 127.0.0.1:0 --upstream "$hostport" --mode slowdown "$@" \
		--port-file "$tmp/$name.port" --max-seconds 300 >/dev/null 2>"$tmp/$name.log" &
	stop_at_exit $!
	for _ in $(seq 1 50); do
		[ -s "$tmp/$name.port" ] && break
		sleep 0.1
	done
}
proxy slow --fraction 0.1 --seed 7
proxy throttle --rate 25
slow_ep="http://127.0.0.1:$(cat "$tmp/slow.port")"
thr_ep="http://127.0.0.1:$(cat "$tmp/throttle.port")"

cat >"$tmp/errs.ini" <<EOF
[campaign]
name = errs
cycles = 1
[matrix]
ops = put
sizes = 4KiB
concurrency = 2
duration = 3s
timeout = 60s
[rate]
op = put
size = 4KiB
rates = 10/s, 80/s
duration = 4s
timeout = 60s
[subject slow]
label = Slow store
endpoint = $slow_ep
bucket = $bucket
addressing = path
credentials = env:ERR_AWS
[subject throttle]
label = Throttled store
endpoint = $thr_ep
bucket = $bucket
addressing = path
credentials = env:ERR_AWS
EOF
out=$tmp/out
"$collect" "$tmp/errs.ini" -o "$out" --no-preflight >"$tmp/collect.log" 2>&1
check $? "campaign runs (log: $(tail -n 3 "$tmp/collect.log"))"
SOURCE_DATE_EPOCH=1764633600 run_pipeline -f html "$out" en ko

python3 - "$out" "$tmp" <<'PY' >"$tmp/py.out" 2>&1
import glob, json, os, subprocess, sys
out, tmp = sys.argv[1], sys.argv[2]
from checks import t
runs = {}
for rj in sorted(glob.glob(out + "/runs/*/*/*/run.json")):
    d = os.path.dirname(rj)
    j = json.load(open(rj))
    s = j.get("summary")
    rel = os.path.relpath(d, out)
    if s is None:
        t(False, rel + ": has a summary"); continue
    rows = subprocess.run(["zstd", "-dc", d + "/ops.tsv.zst"], capture_output=True,
                          text=True).stdout.splitlines()
    head = rows[0].split("\t")
    ie, ib = head.index("error"), head.index("bytes")
    n503 = sum(1 for r in rows[1:] if r.split("\t")[ie].startswith("HTTP 503"))
    nerr = sum(1 for r in rows[1:] if r.split("\t")[ie] != "")
    okbytes = sum(int(r.split("\t")[ib]) for r in rows[1:] if r.split("\t")[ie] == "")
    by = s.get("errors_by", {})
    # 10/s passes the 25/s throttle: no 503 then, and no errors_by
    calm = "/throttle/" in rel and rel.endswith("-r10")  # put-4KiB-cN-r10, N the worker cap
    t(by.get("503", 0) == n503 and (n503 == 0 if calm else n503 > 0),
      "%s: errors_by.503 = %s, rows answered 503 = %d" % (rel, by.get("503"), n503))
    t(sum(by.values()) == s["errors"] == nerr,
      "%s: errors_by adds up to summary.errors (%d) and the failed rows (%d)" %
      (rel, s["errors"], nerr))
    t(s["bytes"] == okbytes, "%s: bytes %d are the successful rows' only (%d)" %
      (rel, s["bytes"], okbytes))
    runs[(j["subject"]["id"], j["workload"].get("rate") or 0)] = s
a = json.load(open(out + "/results/aggregate.json"))
for c in a["cells"] + a["workload_cells"]:
    key = (c["subject"], c.get("rate") or 0)
    s = runs.get(key)
    e = c.get("errors")
    if s is not None and s["errors"] == 0:
        t(e is None, "cell %s rate %s: no errors, no errors record" % key)
        continue
    t(s is not None and e is not None and e["requests"] == s["requests"] and
      e["by"] == s["errors_by"] and e["failed"] == s["errors"],
      "cell %s rate %s: errors %s = its run's" % (key[0], key[1], e))
knees = {sw["subject"]: sw.get("throttle_knee") for sw in a["rate_sweeps"]}
t(knees.get("throttle") == 80, "throttle's knee is 80/s (got %s)" % knees.get("throttle"))
t(knees.get("slow") == 10, "slow's knee is 10/s (got %s)" % knees.get("slow"))
for p in [pt for sw in a["rate_sweeps"] for pt in sw["points"]]:
    t(p.get("throttled_share") is not None and
      p.get("throttled_attempt_share") == p.get("throttled_share"),
      "sweep point %s: throttled_share %s, throttled_attempt_share the same without retries"
      % (p["offered"], p.get("throttled_share")))
en = open(out + "/report-en/report.html").read()
ko = open(out + "/report-ko/report.html").read()
t(">Errors<" in en and "Failed requests by HTTP status or error class" in en,
  "en: the Errors section and table")
for lab in ("Slow store", "Throttled store"):
    t(("%s: " % lab) in en and "of its 2-worker PUT requests failed (503 " in en,
      "en: the errors finding of " + lab)
import re
t("Throttled store began throttling PUT at 80 req/s offered" in en, "en: the knee finding: " +
  "; ".join(re.findall(r"[^>]*throttling[^<]*", en)[:3]))
# the sustained-rate table: each sweep's knee in its own column, after the limit
sus = re.search(r'<table[^>]*id="t-sustained".*?</table>', en, re.S)
rows = re.findall(r"<tr>(.*?)</tr>", sus.group(0) if sus else "", re.S)
cells = {}
for r in rows:
    v = [re.sub(r"<[^>]+>", "", x).strip() for x in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r, re.S)]
    if v:
        cells[v[0]] = v
head = cells.get("Subject", [])
k = head.index("Throttling from, req/s") if "Throttling from, req/s" in head else -1
t(k == 5 and cells.get("Throttled store", [""] * 7)[k] == "80" and
  cells.get("Slow store", [""] * 7)[k] == "10",
  "en: the sustained-rate table's throttling column: 80 and 10 req/s (%s)" % list(cells.values()))
t(">오류<" in ko and "HTTP 상태 코드 또는 오류 분류별 실패한 요청" in ko,
  "ko: the Errors section and table")
t(ko.count("요청의") >= 2 and "실패했다 (503 " in ko, "ko: the errors findings")
t("Throttled store은(는) 제공 요청률 80 req/s에서 PUT 스로틀링을 시작했다" in ko,
  "ko: the knee finding")
t("Retries were off (retries = 0)" in en and "재시도는 꺼져 있었다" in ko,
  "en, ko: the methodology says retries were off")
PY
while IFS= read -r line; do
	case "$line" in
	"ok   "*) ok "${line#ok   }" ;;
	"FAIL "*) bad "${line#FAIL }" ;;
	*) echo "    $line" ;;
	esac
done <"$tmp/py.out"

# 4. local-io: the ops log cannot be written (EFBIG, as on a full disk)
(
	trap '' XFSZ
	ulimit -f 64
	AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1 \
		exec "$collect" run --endpoint "$endpoint" --bucket "$bucket" --path-style --op put \
		--size 4KiB --concurrency 4 --duration 20s --timeout 60s -o "$tmp/full" \
		>"$tmp/full.log" 2>&1
)
cls=$(jq -r '.errors.class' "$tmp/full/run.json" 2>/dev/null)
[ "$cls" = "local-io" ]
check $? "a run whose ops log cannot be written is classed local-io (got '$cls'; $(tail -n 2 "$tmp/full.log"))"
finish
