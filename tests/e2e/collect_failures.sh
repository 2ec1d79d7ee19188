#!/usr/bin/env bash
# tests/e2e/collect_failures.sh: failed runs are recorded and never stop a campaign.
#  1. wrong credentials for one subject (tests/fixtures/campaigns/badcreds.ini): its runs
#     are recorded with class auth and no summary, the good subject's runs complete, the
#     campaign finishes, exit 1;
#  2. the server stopped in the middle of a campaign: the runs after it are recorded as
#     failed (unavailable / connect, no summary), the campaign finishes, exit 1.
. "$(dirname "$0")/collect_lib.sh"

# 1. wrong credentials
server_env ONE S3RVER || finish
export ONE_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY
export BAD_AWS_ACCESS_KEY_ID=$ONE_AWS_ACCESS_KEY_ID
export BAD_AWS_SECRET_ACCESS_KEY="not$ONE_AWS_SECRET_ACCESS_KEY"
make_campaign "$top/tests/fixtures/campaigns/badcreds.ini" "$work/badcreds.ini" "$ONE_S3_ENDPOINT"
out="$work/bad"
"$collect" "$work/badcreds.ini" -o "$out" --no-preflight >"$work/bad.log" 2>&1
rc=$?
[ "$rc" -eq 1 ]
check $? "a campaign with failed runs exits 1 (got $rc)"
check_tree "$out" runs=4 secret="$BAD_AWS_SECRET_ACCESS_KEY" >"$work/check1.txt"
check $? "4 runs recorded, consistent, no secret: $(cat "$work/check1.txt")"
for op in put get; do
	d="$out/runs/cycle-01/bad/$op-4KiB-c2"
	[ "$(run_json "$d" "j['status'], j['errors']['class'], 'summary' in j")" = "failed auth False" ]
	check $? "bad $op: failed, auth, no summary: $(run_json "$d" "j['errors']")"
	run_json "$d" "j['errors']['first'][0]" | grep -q "403"
	check $? "bad $op: the first error says 403"
	d="$out/runs/cycle-01/good/$op-4KiB-c2"
	[ "$(run_json "$d" "j['status'], j['errors']['class'], j['summary']['requests']")" = "complete None 10" ]
	check $? "good $op: complete, 2 workers x 5 requests"
done
grep -q "runs/cycle-01/bad/put-4KiB-c2 failed (auth)" "$work/bad.log"
check $? "the progress line names the failed run and its class"

# 2. the server stops in the middle: a private server, so that the others keep running
private_s3rver STOP || finish
export STOP_AWS_ACCESS_KEY_ID STOP_AWS_SECRET_ACCESS_KEY
cat >"$work/stop.ini" <<EOF
[campaign]
name = stop
cycles = 2
[matrix]
ops = put, get
sizes = 4KiB
concurrency = 1, 2
duration = 2s
timeout = 60s
objects = 10
[subject s]
endpoint = $STOP_S3_ENDPOINT
bucket = stop-bench
credentials = env:STOP_AWS
EOF
out="$work/stop"
"$collect" "$work/stop.ini" -o "$out" --no-preflight >"$work/stop.log" 2>&1 &
pid=$!
first="$out/runs/cycle-01/s/put-4KiB-c1/run.json"
for _ in $(seq 1 100); do
	[ -f "$first" ] && break
	sleep 0.1
done
"$top/tests/servers/s3rver/stop" "$STOP_S3_SERVER_DIR" >/dev/null 2>&1
stopped_at=$(date +%s.%N)
wait "$pid"
rc=$?
[ "$rc" -eq 1 ]
check $? "the campaign finishes and exits 1 (got $rc; $(tail -n 2 "$work/stop.log"))"
check_tree "$out" runs=8 >"$work/check2.txt"
check $? "all 8 runs recorded: $(cat "$work/check2.txt")"
[ "$(run_json "${first%/run.json}" "j['status']")" = "complete" ]
check $? "the run before the stop is complete"
python3 - "$out" "$stopped_at" >"$work/after.txt" <<'PY'
import glob, json, sys, datetime
out, stopped = sys.argv[1], float(sys.argv[2])
n = bad = 0
for f in sorted(glob.glob(out + "/runs/*/*/*/run.json")):
    j = json.load(open(f))
    t = datetime.datetime.fromisoformat(j["wrapper"]["started"][:26].rstrip("Z")).replace(
        tzinfo=datetime.timezone.utc).timestamp()
    if t <= stopped + 0.5:
        continue
    n += 1
    if j["status"] != "failed" or j["errors"]["class"] not in ("unavailable", "connect") \
            or "summary" in j:
        bad += 1
        print(f, j["status"], j["errors"])
print("after the stop: %d runs, %d not failed as unavailable/connect" % (n, bad))
sys.exit(0 if n >= 5 and bad == 0 else 1)
PY
check $? "every run after the stop failed as unavailable/connect: $(tail -n 1 "$work/after.txt")"
[ "$(grep -c 'failed (unavailable)\|failed (connect)' "$work/stop.log")" -ge 5 ]
check $? "progress lines show the failed runs"
finish
