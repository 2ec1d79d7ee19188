#!/usr/bin/env bash
# tests/e2e/server_join.sh: `analyze --server-log` (docs/METHODOLOGY.md, "Server time"):
#   1. an S3 server access log: tests/tools/verify_s3.py --access-log sends a request id
#      with every answer and logs each request in AWS's format (total and turn-around time);
#      a campaign of a PUT and a GET cell against it (2 s each) is analyzed with that log:
#      every request of the runs joins (share 1), the log's other lines (prepare, cleanup)
#      are counted, not joined; per cell the total, turn-around, transfer and rest means and
#      p99s equal those recomputed here from the ops logs and the access log; total + rest
#      = the latency (means); the report's "Server time" table (en, ko);
#   2. Ceph RGW's ops log: a run against RGW, and an ops log of its trans ids written here
#      in both framings RGW uses (the file sink's objects back to back, several on a line;
#      the socket sink's '[' and ",\n"), total_time in ms: every request joins, the
#      turn-around is null (the ops log has none);
#   3. a log of another bucket's requests: share 0, said on stderr; a line that is not a
#      log record is counted and named (file and line), the rest joined.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
python3 "$top/tests/tools/verify_s3.py" --port-file "$tmp/port" --log "$tmp/v.log" \
	--secret-key vsecret --access-log "$tmp/access.log" >"$tmp/v.out" 2>&1 &
stop_at_exit $!
for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.1; done
cat >"$tmp/c.ini" <<EOF
[campaign]
name = join
[matrix]
ops = put, get
sizes = 64KiB
concurrency = 4
duration = 2s
[subject v]
endpoint = http://127.0.0.1:$(cat "$tmp/port")
bucket = b
credentials = env:V
EOF
V_ACCESS_KEY_ID=vkey V_SECRET_ACCESS_KEY=vsecret "$collect" "$tmp/c.ini" -o "$tmp/d" --no-preflight >"$tmp/collect.txt" 2>&1
check $? "a campaign against the access-logging server: $(tail -n 1 "$tmp/collect.txt")"
"$analyze" "$tmp/d" -o "$tmp/res" --server-log "$tmp/access.log" >"$tmp/an.txt" 2>&1
check $? "analyze --server-log exits 0: $(grep -m1 -- '--server-log' "$tmp/an.txt")"
"$render" "$tmp/res" -o "$tmp/rep" --format html >"$tmp/ren.txt" 2>&1 &&
	"$render" "$tmp/res" -o "$tmp/rep-ko" --format html --lang ko >>"$tmp/ren.txt" 2>&1
check $? "render en, ko"
pycheck "the access log's join" "$tmp/d" "$tmp/access.log" "$tmp/res/aggregate.json" "$tmp/an.txt" "$tmp/rep/report.html" "$tmp/rep-ko/report.html" <<'PY'
import csv, glob, io, json, os, re, subprocess, sys
from checks import t, near
d, logf, agg, an, en, ko = sys.argv[1:7]
log = {}
lines = [l for l in open(logf) if l.strip()]
for l in lines:
    f = re.findall(r'\[[^\]]*\]|"[^"]*"|\S+', l)
    log.setdefault(f[5], (int(f[13]), int(f[14])))
a = json.load(open(agg))
sl = {s["op"]: s for s in a["slowest"]}
def mean(v): return sum(v) / len(v) if v else None
def p99(v):
    v = sorted(v)
    return v[(99 * len(v) + 99) // 100 - 1] if len(v) >= 299 else None
joined_all = 0
for op in ("put", "get"):
    rows = []
    for f in glob.glob(os.path.join(d, "runs", "cycle-01", "v", op + "-*", "ops.tsv.zst")):
        text = subprocess.run(["zstd", "-dcq", f], capture_output=True, check=True).stdout.decode()
        rows += list(csv.DictReader(io.StringIO(text), delimiter="\t"))
    j = [(int(r["duration_ns"]) / 1e6, log[r["request_id"]]) for r in rows if r["request_id"] in log]
    joined_all += len(j)
    s = (sl.get(op) or {}).get("server") or {}
    t(len(rows) > 300 and s.get("with_id") == len(rows) and s.get("joined") == len(rows) and s.get("share") == 1,
      "%s: every one of the %d requests joined (%s of %s)" % (op, len(rows), s.get("joined"), s.get("with_id")))
    parts = {"total_ms": [x[1][0] for x in j], "turnaround_ms": [x[1][1] for x in j],
             "transfer_ms": [x[1][0] - x[1][1] for x in j], "rest_ms": [x[0] - x[1][0] for x in j]}
    good = all(near((s.get(k) or {}).get("mean_ms"), mean(v), 1e-9, none=True) and
               near((s.get(k) or {}).get("p99_ms"), p99(v), 1e-9, none=True) for k, v in parts.items())
    t(good, "%s: total, turn-around, transfer, rest: means and p99s as the logs give them (%s)"
      % (op, {k: (s.get(k) or {}).get("mean_ms") for k in parts}))
    t(near(s["total_ms"]["mean_ms"] + s["rest_ms"]["mean_ms"], mean([x[0] for x in j]), 1e-9),
      "%s: server total + rest = the joined requests' mean latency" % op)
    # (whether the server's total ever exceeds the client's latency is the stub's clock, not
    # the join: a Python thread stalled after its write shows up to 9 ms more; not checked)
msg = open(an).read()
m = re.search(r"--server-log: (\d+) records read, (\d+) joined to the runs' requests, (\d+) not", msg)
t(m is not None and int(m.group(1)) == len(lines) and int(m.group(2)) == joined_all
  and int(m.group(3)) == len(lines) - joined_all and len(lines) > joined_all,
  "stderr: records read, joined and not (prepare, cleanup) counted: %s" % (m.group(0) if m else msg[-200:]))
e, k = open(en).read(), open(ko).read()
i = e.find('id="t-server-time"')
tab = re.sub(r"<[^>]+>", " ", e[i:e.find("</table>", i)]) if i >= 0 else ""
t("Server time" in e and "100.0" in tab, "en: the Server time table, 100.0 % joined")
t("서버 시간" in k and 't-server-time' in k, "ko: the section")
PY

# 2. RGW's ops log: trans ids of a real run, in both framings
use_rgw
cat >"$tmp/r.ini" <<EOF
[campaign]
name = joinrgw
[matrix]
ops = put
sizes = 4KiB
concurrency = 2
duration = 1s
[subject rgw]
endpoint = $RGW_S3_ENDPOINT
bucket = join-$$
credentials = env:R
EOF
R_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID R_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY "$collect" "$tmp/r.ini" \
	-o "$tmp/rgw" >"$tmp/rgw.txt" 2>&1
check $? "a campaign against RGW: $(tail -n 1 "$tmp/rgw.txt")"
log=$(ls "$tmp"/rgw/runs/cycle-01/rgw/put-*/ops.tsv.zst)
python3 - "$log" "$tmp" <<'PY'
import csv, io, json, subprocess, sys
text = subprocess.run(["zstd", "-dcq", sys.argv[1]], capture_output=True, check=True).stdout.decode()
rows = list(csv.DictReader(io.StringIO(text), delimiter="\t"))
objs = [json.dumps({"bucket": "b", "time": "2026-12-05 10:00:00.000000Z", "operation": "put_obj",
                    "http_status": "200", "total_time": int(r["duration_ns"]) // 2000000,
                    "trans_id": r["request_id"]}) for r in rows]
half = len(objs) // 2
with open(sys.argv[2] + "/ops-file.log", "w") as f:  # the file sink: no separator, batches
    f.write("".join(objs[:half]) + "\n" + "".join(objs[half:]) + "\n")
with open(sys.argv[2] + "/ops-socket.log", "w") as f:  # the socket sink: never closed
    f.write("[" + ",\n".join(objs))
PY
for fr in file socket; do
	"$analyze" "$tmp/rgw" -o "$tmp/rgw-$fr" --server-log "$tmp/ops-$fr.log" >"$tmp/rgw-$fr.txt" 2>&1
	check $? "analyze with RGW's ops log ($fr framing): $(grep -m1 -- '--server-log' "$tmp/rgw-$fr.txt")"
	pycheck "ops log, $fr framing" "$log" "$tmp/rgw-$fr/aggregate.json" "$fr" <<'PY'
import csv, io, json, subprocess, sys
from checks import t, near
text = subprocess.run(["zstd", "-dcq", sys.argv[1]], capture_output=True, check=True).stdout.decode()
rows = list(csv.DictReader(io.StringIO(text), delimiter="\t"))
s = json.load(open(sys.argv[2]))["slowest"][0]["server"]
tot = [int(r["duration_ns"]) // 2000000 for r in rows]
t(s["joined"] == s["with_id"] == len(rows) and len(rows) > 100, "%s: every request joined (%d)" % (sys.argv[3], s["joined"]))
t(near(s["total_ms"]["mean_ms"], sum(tot) / len(tot), 1e-9) and s["turnaround_ms"]["mean_ms"] is None
  and s["transfer_ms"]["mean_ms"] is None, "%s: total_time's mean; no turn-around in an ops log" % sys.argv[3])
PY
done

# 3. another bucket's log (share 0, said); a line that is no record (counted, named)
sed 's/ R0/ X0/' "$tmp/access.log" >"$tmp/other.log"
"$analyze" "$tmp/d" -o "$tmp/res-other" --server-log "$tmp/other.log" >"$tmp/other.txt" 2>&1
check $? "another bucket's log: analyze exits 0"
[ "$(jq -c '[.slowest[].server | .joined, .share]' "$tmp/res-other/aggregate.json")" = "[0,0,0,0]" ] &&
	grep -q -- "--server-log: [0-9]* records read, 0 joined" "$tmp/other.txt"
check $? "another bucket's log: share 0, and stderr says none joined ($(grep -m1 -- '--server-log' "$tmp/other.txt"))"
{ head -n 3 "$tmp/access.log"; echo "this is not a log record"; tail -n +4 "$tmp/access.log"; } >"$tmp/bad.log"
"$analyze" "$tmp/d" -o "$tmp/res-bad" --server-log "$tmp/bad.log" >"$tmp/bad.txt" 2>&1
check $? "a bad line: analyze exits 0"
grep -q -- "--server-log: 1 records could not be read (first: $tmp/bad.log:4: not an S3 access log record" "$tmp/bad.txt" &&
	[ "$(jq -c '[.slowest[].server.share]' "$tmp/res-bad/aggregate.json")" = "[1,1]" ]
check $? "a bad line: counted and named by line, the rest joined ($(grep -m1 'could not be read' "$tmp/bad.txt"))"
finish
