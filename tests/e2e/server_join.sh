#!/usr/bin/env bash
# tests/e2e/server_join.sh: `analyze --server-log` (docs/METHODOLOGY.md, "Server time"):
#   1. an S3 server access log: tests/tools/verify_s3.py --access-log sends a request id
#      with every answer and logs each request in AWS's format (total and turn-around time);
#      a campaign of a PUT and a GET cell against it (1 s each) is analyzed with that log:
#      every request of the runs joins (share 1), the log's other lines (prepare, cleanup)
#      are counted, not joined; per cell the total, turn-around, transfer and rest means and
#      p99s equal those recomputed here from the ops logs and the access log; total + rest
#      = the latency (means); the report's "Server time" table (en, ko), and its "Where the
#      time goes" split checked by tests/tools/claims_check.py;
#   2. a log of another bucket's requests: share 0, said on stderr; a line that is not a
#      log record is counted and named (file and line), the rest joined;
#   3. Ceph RGW's own ops log (tests/servers/radosgw/start with S3B_RGW_OPS_LOG=1: tests/run's
#      RGW when it was started so, else a private one): a 1-s PUT run, its records cut from
#      the log: at least 99 % of the run's requests join, the other records (the bucket's
#      creation, the cleanup's deletes, other suites') are counted, not joined; for every
#      joined request the server's total_time is at least 0, and within its client latency
#      to RGW's clock tick for 95 % of them (RGW reads its end time after the response is
#      sent, and a preempted RGW thread reads it late); the time-share
#      claim's split (srv_*) as the logs give it; the report's "Where the time goes" gives it
#      (en, ko), tests/tools/claims_check.py passes the reports and fails one with the
#      split's server time changed; the records in the file sink's framing (several on a
#      line, as RGW wrote them) and the socket sink's ('[' and ",\n") join alike.
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
duration = 1s
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
echo '{}' >"$tmp/none.json"
out=$(python3 "$top/tests/tools/claims_check.py" "$tmp/res/aggregate.json" "$tmp/none.json" \
	--report "$tmp/rep" --report "$tmp/rep-ko" 2>&1)
check $? "claims_check.py on the reports (en, ko), the split with turn-around and transfer: $(echo "$out" | tail -n 1)"

# 2. another bucket's log (share 0, said); a line that is no record (counted, named)
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

# 3. RGW's own ops log: tests/run's RGW when it writes one (started with S3B_RGW_OPS_LOG=1),
# else a private one that does; the records of a 1-s run cut from the log (from its size
# before the run) once every request of the run is in it (RGW writes it in batches)
if grep -qx 'rgw enable ops log = true' "${RGW_S3_SERVER_DIR:-/nonexistent}/ceph.conf" 2>/dev/null; then
	pre=RGW
else
	export S3B_RGW_OPS_LOG=1
	use_server radosgw RGWLOG
	pre=RGWLOG
fi
eval "ep=\$${pre}_S3_ENDPOINT ak=\$${pre}_AWS_ACCESS_KEY_ID sk=\$${pre}_AWS_SECRET_ACCESS_KEY sdir=\$${pre}_S3_SERVER_DIR"
opslog=$sdir/log/ops.log
from=$(stat -c %s "$opslog" 2>/dev/null || echo 0)
cat >"$tmp/r.ini" <<EOF
[campaign]
name = joinrgw
[matrix]
ops = put
sizes = 4KiB
concurrency = 2
duration = 1s
[subject rgw]
endpoint = $ep
bucket = join-$$
credentials = env:R
EOF
R_ACCESS_KEY_ID=$ak R_SECRET_ACCESS_KEY=$sk "$collect" "$tmp/r.ini" -o "$tmp/rgw" --no-preflight >"$tmp/rgw.txt" 2>&1
check $? "a campaign against RGW with its ops log: $(tail -n 1 "$tmp/rgw.txt")"
log=$(ls "$tmp"/rgw/runs/cycle-01/rgw/put-*/ops.tsv.zst)
python3 - "$log" "$opslog" "$from" "$tmp/ops-file.log" "$tmp/ops-socket.log" >"$tmp/cut.txt" 2>&1 <<'PY'
import csv, io, json, subprocess, sys, time
log, opslog, start, out, sock = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
text = subprocess.run(["zstd", "-dcq", log], capture_output=True, check=True).stdout.decode()
ids = {r["request_id"] for r in csv.DictReader(io.StringIO(text), delimiter="\t")}
def objects(s):
    d, i, v = json.JSONDecoder(), 0, []
    while True:
        while i < len(s) and s[i] in " \t\r\n[,":
            i += 1
        if i >= len(s):
            return v
        o, i = d.raw_decode(s, i)
        v.append(o)
deadline = time.monotonic() + 20
while True:
    with open(opslog, "rb") as f:
        f.seek(start)
        s = f.read().decode()
    s = s[:s.rfind("\n") + 1]  # whole batches (the file sink ends each with a newline)
    if not s.startswith("{"):  # the size read before the run fell inside a batch
        s = s[s.find("\n") + 1:]
    seen = {o.get("trans_id") for o in objects(s)}
    if ids <= seen or time.monotonic() > deadline:
        break
    time.sleep(0.1)
open(out, "w").write(s)
# the socket sink's framing of the same records: '[', then ",\n" between them, never closed
open(sock, "w").write("[" + ",\n".join(json.dumps(o) for o in objects(s)))
print("%d of the run's %d request ids in the log" % (len(ids & seen), len(ids)))
sys.exit(0 if ids and ids <= seen else 1)
PY
check $? "the run's records cut from RGW's ops log: $(tail -n 1 "$tmp/cut.txt")"
"$analyze" "$tmp/rgw" -o "$tmp/rgw-res" --server-log "$tmp/ops-file.log" >"$tmp/rgw-an.txt" 2>&1
check $? "analyze with RGW's ops log: $(grep -m1 -- '--server-log' "$tmp/rgw-an.txt")"
"$render" "$tmp/rgw-res" -o "$tmp/rgw-rep" --format html >"$tmp/rgw-ren.txt" 2>&1 &&
	"$render" "$tmp/rgw-res" -o "$tmp/rgw-rep-ko" --format html --lang ko >>"$tmp/rgw-ren.txt" 2>&1
check $? "render en, ko"
pycheck "RGW's ops log" "$log" "$tmp/ops-file.log" "$tmp/rgw-res/aggregate.json" "$tmp/rgw-an.txt" \
	"join-$$" "$tmp/rgw-rep/report.html" "$tmp/rgw-rep-ko/report.html" <<'PY'
import csv, html, io, json, re, subprocess, sys
from checks import t, near
log, opsf, agg, an, bucket, en, ko = sys.argv[1:8]
text = subprocess.run(["zstd", "-dcq", log], capture_output=True, check=True).stdout.decode()
rows = list(csv.DictReader(io.StringIO(text), delimiter="\t"))
d, recs, per_line = json.JSONDecoder(), [], []
for line in open(opsf).read().splitlines():
    i, n = 0, 0
    while i < len(line):
        o, i = d.raw_decode(line, i)
        recs.append(o)
        n += 1
    per_line.append(n)
t(max(per_line) >= 2, "the file sink writes several records on a line (at most %d)" % max(per_line))
by_id = {}
for o in recs:
    by_id.setdefault(o["trans_id"], o)
j = [(int(r["duration_ns"]) / 1e6, int(by_id[r["request_id"]]["total_time"])) for r in rows
     if r["request_id"] in by_id]
a = json.load(open(agg))
s = a["slowest"][0]["server"]
t(len(rows) > 100 and s["with_id"] == len(rows) and s["joined"] == len(j) and s["share"] >= 0.99,
  "at least 99 %% of the run's requests joined: %s of %s" % (s["joined"], s["with_id"]))
ours = {r["request_id"] for r in rows}
other = [o["operation"] for o in recs if o.get("bucket") == bucket and o["trans_id"] not in ours]
m = re.search(r"--server-log: (\d+) records read, (\d+) joined to the runs' requests, (\d+) not",
              open(an).read())
t(m is not None and int(m.group(1)) == len(recs) and int(m.group(2)) == len(j)
  and int(m.group(3)) == len(recs) - len(j) and "create_bucket" in other and "delete_obj" in other,
  "records read, joined and not counted (%s); the bucket's %d others (%s) not joined"
  % (m.group(0) if m else "no count", len(other), ", ".join(sorted(set(other)))))
# RGW's clock ticks coarsely (the least gap between its records' start times: 4 ms under a
# 250 Hz kernel's CLOCK_REALTIME_COARSE) and total_time is truncated to whole ms, so a
# request's server time may pass its client latency by less than a tick. RGW reads its end
# time after the response is sent, and an RGW thread preempted there passes it by more (5
# of 434 requests at load 19): 95 % of them within the tick, whatever the load; a wrong
# join (latencies paired with other requests' times) puts about half of them past it
def sec(x):
    return int(x[11:13]) * 3600 + int(x[14:16]) * 60 + float(x[17:-1])
stamps = sorted({sec(o["time"]) for o in recs})
tick = max(min(b - a_ for a_, b in zip(stamps, stamps[1:])) * 1e3, 1.0)
over = max(srv - lat for lat, srv in j)
late = sum(1 for lat, srv in j if srv - lat >= tick)
t(all(srv >= 0 for lat, srv in j), "no joined request has a negative server time")
t(late <= 0.05 * len(j),
  "server time + rest = the client latency for every joined request, the server's time within "
  "it to RGW's clock tick for 95 %% of them (%.3f ms; %d of %d passed it, the most by %.3f ms)"
  % (tick, late, len(j), over))
mean = lambda v: sum(v) / len(v)
c = next(x for x in a["claims"] if x["kind"] == "time-share")
f = c["figures"]
t(f["srv_joined"] == len(j) and near(f["srv_share"], s["share"], 1e-12)
  and near(f["srv_total_ms"], mean([x[1] for x in j]), 1e-9)
  and near(f["srv_rest_ms"], mean([x[0] - x[1] for x in j]), 1e-6)
  and near(f["srv_total_ms"] + f["srv_rest_ms"], mean([x[0] for x in j]), 1e-6)
  and near(f["srv_latency_ms"], mean([x[0] for x in j]), 1e-6)
  and f["srv_turn_ms"] is None and f["srv_xfer_ms"] is None,
  "%s: the split as the logs give it, server + rest = the mean latency, no turn-around in an "
  "ops log (%s)" % (c["id"], {k: v for k, v in f.items() if k.startswith("srv")}))
for name, path, word in (("en", en, "server"), ("ko", ko, "서버")):
    h = open(path).read()
    k = h.find('id="t-time-server"')
    part = h[k:h.find("</table>", k)] if k >= 0 else ""
    cells = html.unescape(re.sub(r"<[^>]+>", " ", part)).split()
    want = ["%.1f" % (100 * f["srv_share"]), "%.3f" % f["srv_total_ms"], "%.3f" % f["srv_rest_ms"],
            "%.3f" % f["srv_latency_ms"]]
    t(word in cells and all(w in cells for w in want) and 'data-claim="%s"' % c["id"] in part,
      "%s: 'Where the time goes' gives %s's split: %s" % (name, c["id"], " ".join(want)))
PY
out=$(python3 "$top/tests/tools/claims_check.py" "$tmp/rgw-res/aggregate.json" "$tmp/none.json" \
	--report "$tmp/rgw-rep" --report "$tmp/rgw-rep-ko" 2>&1)
check $? "claims_check.py on the reports (en, ko): $(echo "$out" | tail -n 1)"
# a tampered report: the server's time of the split's row shown 1 ms longer
mkdir "$tmp/tamper"
python3 - "$tmp/rgw-rep/report.html" "$tmp/tamper/report.html" <<'PY'
import re, sys
h = open(sys.argv[1]).read()
k = h.find('id="t-time-server"')
e = h.find("</table>", k)
cell = re.compile(r"(<td[^>]*>)(\d+\.\d{3})(</td>)")
tab = cell.sub(lambda m: "%s%.3f%s" % (m.group(1), float(m.group(2)) + 1, m.group(3)), h[k:e], count=1)
open(sys.argv[2], "w").write(h[:k] + tab + h[e:])
PY
out=$(python3 "$top/tests/tools/claims_check.py" "$tmp/rgw-res/aggregate.json" "$tmp/none.json" \
	--report "$tmp/tamper" 2>&1)
[ $? -eq 1 ] && echo "$out" | grep -q "^FAIL .*t-time-server row"
check $? "claims_check.py fails a report whose split shows another server time: $(echo "$out" | grep -m1 FAIL)"
for fr in file socket; do
	"$analyze" "$tmp/rgw" -o "$tmp/rgw-$fr" --server-log "$tmp/ops-$fr.log" >/dev/null 2>&1
	[ "$(jq -c '.slowest[0].server' "$tmp/rgw-$fr/aggregate.json")" = \
		"$(jq -c '.slowest[0].server' "$tmp/rgw-res/aggregate.json")" ]
	check $? "the records in the $fr sink's framing join alike: $(jq -c '.slowest[0].server | [.joined, .total_ms.mean_ms]' "$tmp/rgw-$fr/aggregate.json")"
done
finish
