#!/usr/bin/env bash
# tests/e2e/replay.sh: `collect replay TRACE` (docs/METHODOLOGY.md, "Replay") against Ceph
# RGW:
#   1. a mixed rate run is recorded (2 s at 150/s: GET, PUT, HEAD, DELETE of two sizes);
#   2. its ops.tsv.zst is replayed at speed 1 and at speed 2: every request of the trace is
#      sent (one row each; every GET and HEAD finds its object, prepared from the trace's
#      keys and sizes, unless the open loop sent it before a PUT of its key ended or after a
#      DELETE of it began), in the trace's order with the same op and bytes, each
#      trace key mapped to one run key and no two to the same, and each row's intended
#      start, from the first, equal to the trace's (its intended column) times the speed
#      (within 1 us: the schedule is computed, not measured);
#   3. a Warp per-request CSV written here (Warp's header, no intended column, a ranged GET
#      of 1000 bytes of a 4096-byte object, a LIST row) is replayed: its start offsets, the
#      range read, the LIST left out and counted;
#   3b. the CSV with two lines that do not read: skipped, named by file and line, counted in
#      run.json's workload.replay (with the trace's SHA-256); cut by --ops and --window;
#   3c. --remap none: the trace's own keys (every request answered once they exist; an
#      absent one stops the run before the replay, named);
#   3d. an S3 server access log written from AWS's format: ops, decoded keys, bytes, a
#      second's requests spread over it, a bucket operation left out, a bad line named;
#   3e. a campaign's [replay] against two subjects, its trace under traces/, --verify; the
#      trace changed: analyze names it and compares nothing with it;
#   3f. recorded and replayed, from the replays above and one more of the recorded run at
#      speed 1 against tests/tools/verify_s3.py answering each GET and HEAD 100 ms late:
#      each replay's cell op replay named by its trace; per op the recorded p50/p90/p99 and
#      their intervals equal to SciPy's from the trace's durations, the replayed ones from
#      the runs' end - intended; a trace without latencies says so; across the two speed-1
#      replays (RGW, the slow store) one replay-lead claim per op, its subjects' percentiles
#      SciPy's, RGW leading GET and HEAD; the reports (en, ko) pass
#      tests/tools/claims_check.py, and one with a verdict reworded, or with the leader and
#      the next swapped, fails it;
#   3g. pooled and blocked: one with a second run (5 % of its HEAD rows failed), four with its
#      GET rows sent late, served in 1 ms (the ops logs rewritten): one's runs pooled, the GET lead
#      blocked (late-sends), HEAD not judged (errors), figures SciPy's; claims_check.py
#      agrees, and fails on the aggregate with the block taken out;
#   4. bad input: a trace that is not a per-request log, --speed 0, --op with a replay, an op
#      a replay has not, a window that ends before it starts.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
use_rgw
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
unset AWS_PROFILE AWS_SESSION_TOKEN
ep=$RGW_S3_ENDPOINT bucket=replay-$$

"$collect" run --endpoint "$ep" --bucket "$bucket" --op mixed --mix get:50,put:20,head:20,delete:10 \
	--size dist:4KiB:1,16KiB:1 --rate 150/s --duration 2s --objects 60 -o "$tmp/rec" >"$tmp/rec.log" 2>&1
check $? "record: a mixed rate run ($(tail -n 1 "$tmp/rec.log"))"
for sp in 1 2; do
	"$collect" replay "$tmp/rec/ops.tsv.zst" --endpoint "$ep" --bucket "$bucket" --speed $sp \
		-o "$tmp/r$sp" >"$tmp/r$sp.log" 2>&1
	check $? "replay at speed $sp exits 0 ($(grep -m1 'collect: replay' "$tmp/r$sp.log"))"
	pycheck "replay at speed $sp" "$tmp/rec/ops.tsv.zst" "$tmp/r$sp/ops.tsv.zst" $sp <<'PY'
import csv, io, subprocess, sys
from checks import t, ns
def rows(f):
    text = subprocess.run(["zstd", "-dcq", f], capture_output=True, check=True).stdout.decode()
    return [r for r in csv.DictReader(io.StringIO(text), delimiter="\t")
            if not r.get("attempt", "").endswith("+")]
tr, rp, speed = rows(sys.argv[1]), rows(sys.argv[2]), float(sys.argv[3])
key = lambda r: (ns(r["intended"] or r["start"]), int(r["idx"]))
tr.sort(key=key)
rp.sort(key=key)
t(len(tr) > 200 and len(rp) == len(tr), "every request sent: %d rows for the trace's %d" % (len(rp), len(tr)))
# a request may fail only where the open loop reordered it against another of its key: a PUT
# due before it that had not ended when it started, or a DELETE due after it that started
# before it ended (the schedule keeps the trace's starts, not its dependencies)
def explained(i):
    a = rp[i]
    for j, b in enumerate(rp):
        if b["file"] != a["file"] or j == i:
            continue
        if j < i and b["op"] == "PUT" and ns(b["end"]) > ns(a["start"]):
            return True
        if j > i and b["op"] == "DELETE" and ns(b["start"]) < ns(a["end"]):
            return True
    return False
bad = [i for i, r in enumerate(rp) if r["error"] != ""]
t(all(explained(i) for i in bad), "every request found its object, but where the open loop reordered it "
  "against a PUT or DELETE of its key (%d such: %s)" % (len(bad), [rp[i]["op"] + " " + rp[i]["error"] for i in bad][:3]))
t([r["op"] for r in rp] == [r["op"] for r in tr], "the same ops in the same order (%s)"
  % {o: sum(1 for r in tr if r["op"] == o) for o in ("GET", "PUT", "STAT", "DELETE")})
t(all(a["bytes"] == b["bytes"] for a, b in zip(rp, tr) if a["error"] == ""),
  "the same bytes, request by request (those that succeeded)")
m = {}
ok = all(m.setdefault(b["file"], a["file"]) == a["file"] for a, b in zip(rp, tr))
t(ok and len(set(m.values())) == len(m), "each trace key maps to one run key, no two to the same (%d keys)" % len(m))
i0, t0 = ns(rp[0]["intended"]), ns(tr[0]["intended"])
off = [abs((ns(a["intended"]) - i0) - (ns(b["intended"]) - t0) * speed) for a, b in zip(rp, tr)]
t(max(off) <= 1000, "intended offsets = the trace's x %g (largest difference %d ns)" % (speed, max(off)))
span = (ns(tr[-1]["intended"]) - t0) * speed
t(abs((ns(rp[-1]["intended"]) - i0) - span) <= 1000, "the replay spans the trace's %.3f s x %g" % (span / 1e9 / speed, speed))
PY
done
for sp in 1 2; do
	late=$(jq -r '.summary.rate | "sent \(.sent) of \(.slots) slots, \(.on_time) within \(.tolerance_ms) ms, p99 from the intended start \(.latency_intended_ms.p99) ms, sustained \(.sustained)"' "$tmp/r$sp/run.json" 2>/dev/null)
	echo "    speed $sp: $late (timing, not judged: a shared machine)"
done
jq -e '.summary.rate.slots == .summary.rate.sent and .workload.op == "mixed" and (.workload.mix | add) >= 98 and (.workload.mix | add) <= 102' "$tmp/r1/run.json" >/dev/null
check $? "run.json: a mixed rate run whose slots are the trace's requests, all sent; the mix its ops' shares in percent ($(jq -c .workload.mix "$tmp/r1/run.json"))"

# 3. Warp's CSV: its header, start offsets 0, 0.1, 0.25, 0.5 s; a 1000-byte ranged GET
t0=2026-12-05T10:00:00
{
	printf 'idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\tcat\n'
	printf '0\t0\tPUT\tabcd\t1\t4096\thttp://x\tw/a\t\t%s.0Z\t%s.001Z\t%s.002Z\t2000000\t0\n' $t0 $t0 $t0
	printf '1\t0\tGET\tabcd\t1\t4096\thttp://x\tw/a\t\t%s.1Z\t%s.101Z\t%s.102Z\t2000000\t0\n' $t0 $t0 $t0
	printf '2\t1\tLIST\tabcd\t5\t0\thttp://x\tw/\t\t%s.2Z\t%s.201Z\t%s.202Z\t2000000\t0\n' $t0 $t0 $t0
	printf '3\t1\tGET\tabcd\t1\t1000\thttp://x\tw/b\t\t%s.25Z\t%s.251Z\t%s.252Z\t2000000\t0\n' $t0 $t0 $t0
	printf '4\t0\tSTAT\tabcd\t1\t0\thttp://x\tw/b\t\t%s.5Z\t%s.501Z\t%s.502Z\t2000000\t0\n' $t0 $t0 $t0
	printf '5\t0\tPUT\tabcd\t1\t4096\thttp://x\tw/b\t\t%s.6Z\t%s.601Z\t%s.602Z\t2000000\t0\n' $t0 $t0 $t0
} | zstd -q -o "$tmp/warp.csv.zst"
"$collect" replay "$tmp/warp.csv.zst" --endpoint "$ep" --bucket "$bucket" -o "$tmp/w" >"$tmp/w.log" 2>&1
check $? "the Warp CSV replays (exit 0)"
grep -q "replay $tmp/warp.csv.zst: 5 requests (PUT 2, GET 2, STAT 1, DELETE 0) over 0.600 s at speed 1; 2 objects, 1 prepared; 1 rows of other ops" "$tmp/w.log"
check $? "it says what it replays: $(grep -m1 'collect: replay' "$tmp/w.log")"
pycheck "the Warp CSV's replay" "$tmp/w/ops.tsv.zst" <<'PY'
import csv, io, subprocess, sys
from checks import t, ns
text = subprocess.run(["zstd", "-dcq", sys.argv[1]], capture_output=True, check=True).stdout.decode()
rp = sorted(csv.DictReader(io.StringIO(text), delimiter="\t"), key=lambda r: ns(r["intended"]))
i0 = ns(rp[0]["intended"]) if rp else 0
t([(r["op"], r["bytes"], r["error"]) for r in rp] ==
  [("PUT", "4096", ""), ("GET", "4096", ""), ("GET", "1000", ""), ("STAT", "0", ""), ("PUT", "4096", "")],
  "PUT, GET, the ranged GET of 1000 bytes, STAT, PUT: %s" % [(r["op"], r["bytes"], r["error"][:40]) for r in rp])
t([ns(r["intended"]) - i0 for r in rp] == [0, 100000000, 250000000, 500000000, 600000000],
  "at the trace's start offsets: 0, 0.1, 0.25, 0.5, 0.6 s")
t(len(rp) == 5 and rp[2]["file"] == rp[3]["file"] == rp[4]["file"] != rp[0]["file"],
  "w/b is one run key, w/a another")
PY

# 3b. the same CSV with two lines that do not read (a bad time on line 3, a short line on
# line 6): both skipped, named, counted in run.json; then cut by --ops and --window (the
# PUT at 0 s and the one at 0.6 s out of the window, the STAT at 0.5 s not among the ops)
{
	zstd -dcq "$tmp/warp.csv.zst" | sed -n 1,2p
	printf '9\t0\tGET\tabcd\t1\t4096\thttp://x\tw/a\t\tnot-a-time\t\t\t2000000\t0\n'
	zstd -dcq "$tmp/warp.csv.zst" | sed -n 3,4p
	printf '9\t0\tGET\n'
	zstd -dcq "$tmp/warp.csv.zst" | sed -n '5,$p'
} | zstd -q -o "$tmp/warp-bad.csv.zst"
"$collect" replay "$tmp/warp-bad.csv.zst" --endpoint "$ep" --bucket "$bucket" -o "$tmp/wb" >"$tmp/wb.log" 2>&1
st=$?
[ $st -eq 0 ] && grep -q "warp-bad.csv.zst:3: column 'start': not an RFC 3339 time" "$tmp/wb.log" &&
	grep -q "warp-bad.csv.zst:6: 3 fields where the header has 14 (line skipped)" "$tmp/wb.log" &&
	grep -q "5 requests .* and 2 bad lines left out" "$tmp/wb.log"
check $? "bad trace lines skipped and named by file and line, the rest replayed ($st: $(grep -c 'line skipped' "$tmp/wb.log") named)"
jq -e --arg d "$(sha256sum "$tmp/warp-bad.csv.zst" | cut -c1-64)" '.workload.replay | .bad_lines == 2 and .requests == 5 and .other_ops == 1 and .digest == $d and .remap == "keys" and .speed == 1' "$tmp/wb/run.json" >/dev/null
check $? "run.json workload.replay: 2 bad lines, 5 requests, 1 other op, the trace's SHA-256 ($(jq -c '.workload.replay | del(.trace, .digest)' "$tmp/wb/run.json"))"
"$collect" replay "$tmp/warp.csv.zst" --endpoint "$ep" --bucket "$bucket" --ops get,put --window 50ms..550ms -o "$tmp/wc" >"$tmp/wc.log" 2>&1
check $? "--ops get,put --window 50ms..550ms replays ($(grep -m1 'collect: replay' "$tmp/wc.log" | cut -c1-100))"
pycheck "the cut trace's replay" "$tmp/wc/ops.tsv.zst" "$tmp/wc/run.json" <<'PY'
import csv, io, json, subprocess, sys
from checks import t, ns
text = subprocess.run(["zstd", "-dcq", sys.argv[1]], capture_output=True, check=True).stdout.decode()
rp = sorted(csv.DictReader(io.StringIO(text), delimiter="\t"), key=lambda r: ns(r["intended"]))
i0 = ns(rp[0]["intended"]) if rp else 0
t([(r["op"], ns(r["intended"]) - i0) for r in rp] == [("GET", 0), ("GET", 150000000)],
  "the GETs from 0.05 s to 0.55 s (not the PUTs at 0 and 0.6 s, nor the STAT at 0.5 s), from the first kept: %s" % [(r["op"], ns(r["intended"]) - i0) for r in rp])
r = json.load(open(sys.argv[2]))["workload"]["replay"]
t(r["ops"] == "get,put" and r["window_from_s"] == 0.05 and r["window_to_s"] == 0.55 and r["filtered"] == 3,
  "run.json: ops, window and 3 requests filtered out: %s" % r)
PY

# 3c. remap = none: the trace's own keys. Its PUTs alone first (--keep: w/a and w/b stay),
# then the whole trace against them: w/b, read before written, is HEAD'ed, not prepared; a
# trace whose object is absent stops before the replay, named
"$collect" replay "$tmp/warp.csv.zst" --endpoint "$ep" --bucket "$bucket" --ops put --remap none --keep -o "$tmp/wn0" >"$tmp/wn0.log" 2>&1 &&
	"$collect" replay "$tmp/warp.csv.zst" --endpoint "$ep" --bucket "$bucket" --remap none -o "$tmp/wn" >"$tmp/wn.log" 2>&1
check $? "remap = none over the trace's own objects replays ($(grep -m1 'collect: replay' "$tmp/wn.log" | cut -c1-120))"
pycheck "remap = none" "$tmp/wn/ops.tsv.zst" <<'PY'
import csv, io, subprocess, sys
from checks import t, ns
text = subprocess.run(["zstd", "-dcq", sys.argv[1]], capture_output=True, check=True).stdout.decode()
rp = sorted(csv.DictReader(io.StringIO(text), delimiter="\t"), key=lambda r: ns(r["intended"]))
t([(r["op"], r["file"], r["error"]) for r in rp] ==
  [("PUT", "w/a", ""), ("GET", "w/a", ""), ("GET", "w/b", ""), ("STAT", "w/b", ""), ("PUT", "w/b", "")],
  "the trace's keys, every request answered: %s" % [(r["op"], r["file"], r["error"][:30]) for r in rp])
PY
{
	zstd -dcq "$tmp/warp.csv.zst" | sed -n 1p
	printf '0\t0\tGET\tabcd\t1\t4096\thttp://x\tabsent/k\t\t%s.0Z\t%s.001Z\t%s.002Z\t2000000\t0\n' $t0 $t0 $t0
} >"$tmp/absent.csv"
"$collect" replay "$tmp/absent.csv" --endpoint "$ep" --bucket "$bucket" --remap none -o "$tmp/wa" >"$tmp/wa.log" 2>&1
st=$?
[ $st -ne 0 ] && grep -q "remap = none: HEAD absent/k answered 404: the trace's own keys" "$tmp/wa/run.json" &&
	[ "$(jq -r '.phases.benchmark' "$tmp/wa/run.json")" = not-reached ]
check $? "remap = none with an object absent: stopped before the replay, the key named ($st: $(jq -r '.errors.first[-1]' "$tmp/wa/run.json" | cut -c1-100))"

# 3d. an S3 server access log written from AWS's documented format (fields 3 time, 7
# operation, 8 key URL-encoded, 12 bytes sent, 13 object size, 14 total time; a trailing field
# beyond the 25): two requests in one second spread over it, a bucket operation left out, a
# line that is no record skipped and named
al() { # al SECOND OPERATION KEY STATUS BYTES_SENT OBJECT_SIZE TOTAL_MS
	printf '79a59df900b949e5 bucket1 [05/Dec/2026:10:00:%s +0000] 192.0.2.3 79a59df900b949e5 3E57427F3EX%s %s %s "%s /bucket1/%s HTTP/1.1" %s - %s %s %s 3 "-" "S3Console/0.4" - s9lzHYrFp76ZVxRc= SigV4 ECDHE-RSA-AES128-GCM-SHA256 AuthHeader bucket1.s3.us-west-1.amazonaws.com TLSv1.2 - Yes us-west-1\n' \
		"$1" "$1$2" "$2" "$3" "${2#REST.}" "$3" "$4" "$5" "$6" "$7"
}
{
	al 00 REST.PUT.OBJECT 'dir%2Fa%20b.txt' 200 - 4096 12
	al 00 REST.GET.OBJECT 'dir%2Fa%20b.txt' 200 4096 4096 9
	al 01 REST.GET.VERSIONING - 200 113 - 7
	echo "this line is no access log record"
	al 01 REST.HEAD.OBJECT c 200 - 1000 2
	al 02 REST.DELETE.OBJECT 'dir%2Fa%20b.txt' 204 - - 5
} >"$tmp/access.log"
"$collect" replay "$tmp/access.log" --endpoint "$ep" --bucket "$bucket" -o "$tmp/al" >"$tmp/al.log" 2>&1
st=$?
[ $st -eq 0 ] && grep -q "access.log:4: not an S3 access log record (request id, .*(line skipped)" "$tmp/al.log" &&
	grep -q "4 requests (PUT 1, GET 1, STAT 1, DELETE 1) over 2.000 s at speed 1; 2 objects, 1 prepared; 1 rows of other ops, 0 retried or lost attempts, 0 requests by ops or window and 1 bad lines left out" "$tmp/al.log"
check $? "an S3 access log replays: its line 4 named, its bucket operation left out ($st: $(grep -m1 'collect: replay.*requests' "$tmp/al.log" | cut -c1-140))"
pycheck "the access log's replay" "$tmp/al/ops.tsv.zst" <<'PY'
import csv, io, subprocess, sys
from checks import t, ns
text = subprocess.run(["zstd", "-dcq", sys.argv[1]], capture_output=True, check=True).stdout.decode()
rp = sorted(csv.DictReader(io.StringIO(text), delimiter="\t"), key=lambda r: ns(r["intended"]))
i0 = ns(rp[0]["intended"]) if rp else 0
got = [(r["op"], r["bytes"], ns(r["intended"]) - i0, r["error"]) for r in rp]
t(got == [("PUT", "4096", 0, ""), ("GET", "4096", 500000000, ""), ("STAT", "0", 1000000000, ""),
          ("DELETE", "0", 2000000000, "")],
  "PUT and GET spread over their second, HEAD, DELETE, each answered: %s" % got)
t(len(rp) == 4 and rp[0]["file"] == rp[1]["file"] == rp[3]["file"] != rp[2]["file"],
  "the decoded key dir/a b.txt one run key, c another")
PY

# 3e. a campaign's [replay]: the Warp CSV against two subjects (the same RGW, two ids), each
# run replaying the trace whole, its digest in run.json; analyzed and rendered (en)
cp "$tmp/warp.csv.zst" "$tmp/camp-trace.csv.zst"
cat >"$tmp/replay.ini" <<EOF
[campaign]
name = replay-campaign
[replay]
trace = camp-trace.csv.zst
speed = 2
ops = get,put,head
[subject one]
endpoint = $ep
bucket = $bucket
[subject two]
endpoint = $ep
bucket = $bucket
EOF
run_pipeline -c "$tmp/replay.ini" "$tmp/camp"
pycheck "the [replay] campaign" "$tmp/camp" "$(sha256sum "$tmp/camp-trace.csv.zst" | cut -c1-64)" <<'PY'
import csv, glob, io, json, subprocess, sys
from checks import t, ns
d, digest = sys.argv[1], sys.argv[2]
plan = list(csv.DictReader([l for l in open(d + "/plan.tsv") if not l.startswith("#")], delimiter="\t"))
t(len(plan) == 2 and sorted(r["subject"] for r in plan) == ["one", "two"], "plan.tsv: one replay run per subject (%d rows)" % len(plan))
for f in sorted(glob.glob(d + "/runs/once/*/*/run.json")):
    j = json.load(open(f))
    r = j["workload"]["replay"]
    text = subprocess.run(["zstd", "-dcq", f.replace("run.json", "ops.tsv.zst")], capture_output=True, check=True).stdout.decode()
    rp = sorted(csv.DictReader(io.StringIO(text), delimiter="\t"), key=lambda r: ns(r["intended"]))
    i0 = ns(rp[0]["intended"]) if rp else 0
    sub = f.split("/")[-3]
    t(r["digest"] == digest and r["trace"].endswith("camp-trace.csv.zst") and r["speed"] == 2 and r["ops"] == "get,put,head",
      "%s: run.json names the trace, its digest, speed 2 and the ops" % sub)
    t([(x["op"], ns(x["intended"]) - i0, x["error"]) for x in rp] ==
      [("PUT", 0, ""), ("GET", 200000000, ""), ("GET", 500000000, ""), ("STAT", 1000000000, ""), ("PUT", 1200000000, "")],
      "%s: the trace's requests at twice their offsets, each answered: %s" % (sub, [(x["op"], ns(x["intended"]) - i0, x["error"][:20]) for x in rp]))
a = json.load(open(d + "/results/aggregate.json"))
wc = [c for c in a.get("workload_cells", []) if c.get("trace") == digest]
t(len(wc) == 2 and len(set(c["subject"] for c in wc)) == 2,
  "aggregate.json: one workload cell per subject, each keyed by the trace's SHA-256 (%d of %d)"
  % (len(wc), len(a.get("workload_cells", []))))
PY

jq -e --arg d "$(sha256sum "$tmp/camp-trace.csv.zst" | cut -c1-64)" '[.inputs[] | select(.path == "traces/camp-trace.csv.zst" and .sha256 == $d)] | length == 1' "$tmp/camp/results/manifest.json" >/dev/null &&
	cmp -s "$tmp/camp-trace.csv.zst" "$tmp/camp/traces/camp-trace.csv.zst" &&
	"$analyze" --verify "$tmp/camp/results" >"$tmp/v1.log" 2>&1
check $? "the trace copied to traces/, an input of manifest.json with its SHA-256; --verify passes ($(tail -n 1 "$tmp/v1.log"))"
printf 'x' >>"$tmp/camp/traces/camp-trace.csv.zst"
"$analyze" --verify "$tmp/camp/results" >"$tmp/v2.log" 2>&1
st=$?
[ $st -ne 0 ] && grep -q "traces/camp-trace.csv.zst" "$tmp/v2.log"
check $? "a trace changed since: --verify fails, naming it ($st: $(grep -m1 'traces/' "$tmp/v2.log" | cut -c1-120))"
"$analyze" "$tmp/camp" -o "$tmp/camp/results2" >"$tmp/a2.log" 2>&1
jq -e '[.workload_cells[] | .replay | select(.read == false and (.note | test("traces/camp-trace.csv.zst has SHA-256")) and all(.ops[]; .recorded == null))] | length == 2' "$tmp/camp/results2/aggregate.json" >/dev/null &&
	jq -e '[.claims[] | select(.kind == "replay")] | length > 0 and all(.verdict == "not-judged" and .reasons == ["trace-not-read"])' "$tmp/camp/results2/aggregate.json" >/dev/null
check $? "analyzed again: the changed trace is not read, named, its replay claims not judged ($(jq -r '.workload_cells[0].replay.note' "$tmp/camp/results2/aggregate.json" 2>/dev/null | cut -c1-90))"

# 3f. recorded and replayed (the replays above analyzed, and one more): the speed-1 and speed-2
# replays of the recorded rate run as subjects one and two, the access log's replay as three
# with its trace's total times taken out ('-'), and as four a speed-1 replay of the recorded
# run against verify_s3.py, its GET and HEAD 100 ms late; each replay cell is op replay named by
# its trace, and per op the recorded percentiles are those of the trace's durations, the
# replayed ones those of the runs' end - intended, with the intervals and verdicts of
# docs/METHODOLOGY.md; the trace without latency says so; the report (en, ko) shows them
python3 "$top/tests/tools/verify_s3.py" --port-file "$tmp/slow.port" --log "$tmp/slow.jsonl" \
	--read-delay-ms 100 >"$tmp/slow.out" 2>&1 &
at_exit "kill $! 2>/dev/null"
for i in $(seq 100); do
	[ -f "$tmp/slow.port" ] && break
	sleep 0.1
done
"$collect" replay "$tmp/rec/ops.tsv.zst" --endpoint "http://127.0.0.1:$(cat "$tmp/slow.port")" \
	--bucket "$bucket" -o "$tmp/r4" >"$tmp/r4.log" 2>&1
check $? "the recorded run replayed against a store whose GET and HEAD answer 100 ms late ($(grep -m1 'collect: replay' "$tmp/r4.log" | cut -c1-90))"
mkdir -p "$tmp/rc/runs/once/one/a" "$tmp/rc/runs/once/two/a" "$tmp/rc/runs/once/three/a" "$tmp/rc/runs/once/four/a"
sed 's|\(HTTP/1.1" [0-9]* - [^ ]* [^ ]* \)[0-9]* |\1- |' "$tmp/access.log" >"$tmp/nolat.log"
for s in one:r1 two:r2 three:al four:r4; do
	cp "$tmp/${s#*:}/ops.tsv.zst" "$tmp/rc/runs/once/${s%%:*}/a/"
	jq --arg s "${s%%:*}" --arg t "$tmp/nolat.log" --arg d "$(sha256sum "$tmp/nolat.log" | cut -c1-64)" \
		'.subject.id = $s | .subject.label = "Store " + $s | if $s == "three" then .workload.replay.trace = $t | .workload.replay.digest = $d else . end' \
		"$tmp/${s#*:}/run.json" >"$tmp/rc/runs/once/${s%%:*}/a/run.json"
done
run_pipeline -f html "$tmp/rc" en ko
PATH="/usr/bin:$PATH" pycheck "recorded and replayed" "$tmp/rc" "$tmp/rec/ops.tsv.zst" <<'PY'
import csv, io, json, math, subprocess, sys
from scipy.stats import binom
from checks import t, ns, near
d, trace = sys.argv[1], sys.argv[2]
OPS = ("PUT", "GET", "STAT", "DELETE")
def rows(f):
    text = subprocess.run(["zstd", "-dcq", f], capture_output=True, check=True).stdout.decode()
    return [r for r in csv.DictReader(io.StringIO(text), delimiter="\t")
            if not r.get("attempt", "").endswith("+") and r.get("hedge", "") != "lost"
            and r["op"] in OPS and r["error"] == ""]
def side(v):
    v, n, out = sorted(v), len(v), {"requests": len(v)}
    for p, h in ((0.5, 50), (0.9, 90), (0.99, 99)):
        k = "p%d" % h
        out[k + "_ms"] = out[k + "_lo_ms"] = out[k + "_hi_ms"] = None
        if n == 0 or 1 - p ** n < 0.95:
            continue
        j = [j for j in range(n + 1) if binom.cdf(j, n, p) <= 0.025]
        r = j[-1] + 1 if j else 1
        j = [j for j in range(n) if binom.cdf(j, n, p) >= 0.975]
        s = j[0] + 1 if j else n
        out[k + "_ms"], out[k + "_lo_ms"], out[k + "_hi_ms"] = v[(h * n + 99) // 100 - 1] / 1e6, v[min(r, s) - 1] / 1e6, v[s - 1] / 1e6
    return out
def same(a, b):
    return all(near(a[k], b.get(k), none=True) for k in a)
a = json.load(open(d + "/results/aggregate.json"))
wc = {w["subject"]: w for w in a["workload_cells"]}
t(sorted(wc) == ["four", "one", "three", "two"] and all(w["op"] == "replay" for w in wc.values())
  and [wc[s]["trace_name"] for s in ("one", "two", "three", "four")] == ["ops.tsv.zst", "ops.tsv.zst", "nolat.log", "ops.tsv.zst"],
  "each replay's cell is op replay, named by its trace (%s)" % [(w["subject"], w["op"], w.get("trace_name")) for w in a["workload_cells"]])
tr = rows(trace)
reps, svcs, lates = {}, {}, {}
for s in ("one", "two", "four"):
    rp = rows(d + "/runs/once/%s/a/ops.tsv.zst" % s)
    reps[s] = {op: side([ns(r["end"]) - ns(r["intended"]) for r in rp if r["op"] == op]) for op in OPS}
    svcs[s] = {op: side([ns(r["end"]) - ns(r["start"]) for r in rp if r["op"] == op]) for op in OPS}
    lates[s] = {op: sum(ns(r["start"]) - ns(r["intended"]) > 1000000 for r in rp if r["op"] == op) for op in OPS}
    got = {o["op"]: o for o in wc[s]["replay"]["ops"]}
    bad = []
    for op in OPS:
        rec = side([int(r["duration_ns"]) for r in tr if r["op"] == op and int(r["duration_ns"]) > 0])
        rep = side([ns(r["end"]) - ns(r["intended"]) for r in rp if r["op"] == op])
        if not same(rec, got[op]["recorded"]):
            bad.append("%s recorded %s, python %s" % (op, got[op]["recorded"], rec))
        if not same(rep, got[op]["replayed"]):
            bad.append("%s replayed %s, python %s" % (op, got[op]["replayed"], rep))
    t(not bad and wc[s]["replay"]["read"] and len(got) == 4,
      "%s: per op the recorded p50/p90/p99 and their intervals are the trace's durations', the replayed ones the runs' end - intended (%s)%s"
      % (s, ", ".join("%s p90 %.2f/%.2f ms" % (o, got[o]["recorded"]["p90_ms"] or -1, got[o]["replayed"]["p90_ms"] or -1) for o in OPS),
         ": " + "; ".join(bad[:2]) if bad else ""))
three = wc["three"]["replay"]
cl = [c for c in a["claims"] if c["kind"] == "replay" and c["subject"] == "three"]
t(three["read"] and not three["recorded_latency"] and all(o["recorded"]["requests"] == 0 and o["recorded"]["p50_ms"] is None for o in three["ops"])
  and len(cl) == 4 and all(c["verdict"] == "not-judged" and c["reasons"] == ["no-recorded-latency"] for c in cl),
  "a trace without latencies: no recorded percentiles, its claims not-judged (%s)" % [(c["id"], c["verdict"], c["reasons"]) for c in cl])
# across subjects: one and four replayed the trace at speed 1 (two at speed 2, three another
# trace: each alone); per op each subject's percentiles SciPy's, the verdict the rule's
lead = {c["figures"]["trace_op"]: c for c in a["claims"] if c["kind"] == "replay-lead"}
t(sorted(lead) == ["DELETE", "GET", "HEAD", "PUT"] and all(c["figures"]["compared"] == 2 for c in lead.values()),
  "one replay-lead claim per op, across one and four only (%s)" % sorted(c["id"] for c in lead.values()))
bad = []
for op, c in lead.items():
    f, o = c["figures"], {"HEAD": "STAT"}.get(op, op)
    for s in ("one", "four"):
        for k in ("p50", "p90", "p99"):
            for sfx in ("", "_lo", "_hi"):
                if not near(f.get("%s%s_ms.%s" % (k, sfx, s)), reps[s][o][k + sfx + "_ms"], none=True):
                    bad.append("%s %s %s%s: %s, python %s" % (op, s, k, sfx, f.get("%s%s_ms.%s" % (k, sfx, s)), reps[s][o][k + sfx + "_ms"]))
    at = next((k for k in ("p99", "p90", "p50") if all(reps[s][o][k + "_lo_ms"] is not None for s in ("one", "four"))), None)
    lo = min(("one", "four"), key=lambda s: reps[s][o][at + "_ms"]) if at else "one"
    hi = "four" if lo == "one" else "one"
    want = "not-judged" if at is None else "leads" if reps[lo][o][at + "_hi_ms"] < reps[hi][o][at + "_lo_ms"] else "alike"
    # the other sent more than 1 % late and its service latency does not keep it apart: blocked
    # (no request failed here: the rows are the successful ones, sent late or not)
    if at is not None and lates[hi][o] > 0.01 * reps[hi][o]["requests"] and not (
            svcs[hi][o][at + "_lo_ms"] is not None and reps[lo][o][at + "_hi_ms"] < svcs[hi][o][at + "_lo_ms"]):
        want = "blocked"
    if (c["verdict"], f["at"], c["subject"]) != (want, at, lo):
        bad.append("%s: %s at %s by %s, the rule %s at %s by %s" % (op, c["verdict"], f["at"], c["subject"], want, at, lo))
t(not bad, "replay-lead: each subject's replayed p50/p90/p99 and intervals SciPy's from its ops log, each verdict the rule's (%s)%s"
  % (", ".join("%s %s %s" % (op, c["verdict"], c["figures"]["at"]) for op, c in sorted(lead.items())), ": " + "; ".join(bad[:2]) if bad else ""))
t(len(lead) == 4 and all(lead[op]["verdict"] == "leads" and lead[op]["subject"] == "one" and lead[op]["figures"]["versus"] == "four"
      and lead[op]["figures"]["versus_lo_ms"] >= 100 for op in ("GET", "HEAD")),
  "RGW leads GET and HEAD against the store 100 ms late (%s)" % ["%s %s %s %s %.1f/%.1f ms" % (op, lead[op]["verdict"], lead[op]["subject"], lead[op]["figures"]["at"],
   lead[op]["figures"]["fastest_ms"] or -1, lead[op]["figures"]["versus_ms"] or -1) for op in ("GET", "HEAD") if op in lead])
PY
for lang in en ko; do
	grep -q "$(grep '^replay.no_latency' "$top/templates/$lang/strings.txt" | cut -d= -f2- | cut -c2-)" "$tmp/rc/report-$lang/report.html" &&
		grep -q "id=\"replay\"" "$tmp/rc/report-$lang/report.html"
	check $? "$lang: the report has the section and says the trace records no latency"
done
echo '{}' >"$tmp/rc/truth.json"
python3 "$top/tests/tools/claims_check.py" "$tmp/rc/results/aggregate.json" "$tmp/rc/truth.json" \
	--report "$tmp/rc/report-en" --report "$tmp/rc/report-ko" >"$tmp/rc/cc.log" 2>&1
check $? "claims_check.py: the replay claims agree with the cells and the reports (en, ko) show them ($(tail -n 1 "$tmp/rc/cc.log"); $(grep -c "replay\(-lead\)\? claim" "$tmp/rc/cc.log") replay and replay-lead claim checks)"
cp -r "$tmp/rc/report-en" "$tmp/rc/report-bad"
python3 - "$tmp/rc/report-bad/report.html" <<'PY'
import sys
s = open(sys.argv[1], encoding="utf-8").read()
i = s.index('id="t-replay-')
for a, b in (("alike the ", "slower than the "), ("slower than the ", "faster than the "), ("faster than the ", "alike the ")):
    j = s.find(a, i)
    if j >= 0:
        s = s[:j] + b + s[j + len(a):]
        break
open(sys.argv[1], "w", encoding="utf-8").write(s)
PY
python3 "$top/tests/tools/claims_check.py" "$tmp/rc/results/aggregate.json" "$tmp/rc/truth.json" \
	--report "$tmp/rc/report-bad" >"$tmp/rc/cc-bad.log" 2>&1
st=$?
[ $st -eq 1 ] && grep -q "^FAIL .*every replay claim marks its row" "$tmp/rc/cc-bad.log"
check $? "a report whose replay verdict was reworded fails claims_check.py ($st: $(grep -m1 '^FAIL' "$tmp/rc/cc-bad.log" | cut -c1-100))"
cp -r "$tmp/rc/report-en" "$tmp/rc/report-swap"
python3 - "$tmp/rc/report-swap/report.html" <<'PY'
import sys
s = open(sys.argv[1], encoding="utf-8").read()
i = s.index('id="t-replay-lead-')
j = s.index("</table>", i)
t = s[i:j].replace("Store one:", "\0").replace("Store four:", "Store one:").replace("\0", "Store four:")
open(sys.argv[1], "w", encoding="utf-8").write(s[:i] + t + s[j:])
PY
python3 "$top/tests/tools/claims_check.py" "$tmp/rc/results/aggregate.json" "$tmp/rc/truth.json" \
	--report "$tmp/rc/report-swap" >"$tmp/rc/cc-swap.log" 2>&1
st=$?
[ $st -eq 1 ] && grep -q "^FAIL .*every replay-lead claim marks its op's row" "$tmp/rc/cc-swap.log"
check $? "a report whose lowest subject and next are swapped fails claims_check.py ($st: $(grep -m1 '^FAIL' "$tmp/rc/cc-swap.log" | cut -c1-120))"

# 3g. pooled and blocked, from the replays above rewritten: one with a second run (its ops log
# again, 5 % of its HEAD rows failed) pools both runs' requests; four with every GET row sent
# late, its store answering in 1 ms (start = end - 1 ms: the 100 ms are the client's queue).
# The GET lead is blocked (late-sends, four named), HEAD not judged (errors),
# each subject's figures SciPy's from the pooled rows; claims_check.py agrees with the report,
# and fails on the aggregate with the GET block taken out
mkdir -p "$tmp/rp/runs/once"
cp -r "$tmp/rc/runs/once/one" "$tmp/rc/runs/once/four" "$tmp/rp/runs/once/"
cp -r "$tmp/rp/runs/once/one/a" "$tmp/rp/runs/once/one/b"
python3 - "$tmp/rp/runs/once" <<'PY'
import calendar, subprocess, sys, time
def rfc(n):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(n // 10**9)) + ".%09dZ" % (n % 10**9)
def ns(s):
    base, _, frac = s.rstrip("Z").partition(".")
    return calendar.timegm(time.strptime(base, "%Y-%m-%dT%H:%M:%S")) * 10**9 + int((frac + "000000000")[:9])
def rewrite(f, op, change, step):
    lines = subprocess.run(["zstd", "-dcq", f], capture_output=True, check=True).stdout.decode().split("\n")
    head = lines[0].split("\t")
    rows = [l.split("\t") for l in lines[1:] if l]
    ok = [r for r in rows if r[head.index("op")] == op and r[head.index("error")] == ""]
    for r in ok[::step]:
        change(head, r)
    text = "\n".join(["\t".join(head)] + ["\t".join(r) for r in rows]) + "\n"
    subprocess.run(["zstd", "-qf", "-o", f], input=text.encode(), check=True)
def late(h, r):
    r[h.index("start")] = rfc(max(ns(r[h.index("intended")]), ns(r[h.index("end")]) - 1000000))
def fail(h, r):
    r[h.index("error")] = "InternalError"
rewrite(sys.argv[1] + "/four/a/ops.tsv.zst", "GET", late, 1)
rewrite(sys.argv[1] + "/one/b/ops.tsv.zst", "STAT", fail, 20)
PY
run_pipeline -f html "$tmp/rp" en
PATH="/usr/bin:$PATH" pycheck "pooled and blocked" "$tmp/rp" <<'PY'
import csv, io, json, subprocess, sys
from scipy.stats import binom
from checks import t, ns, near
d = sys.argv[1]
def rows(f):
    text = subprocess.run(["zstd", "-dcq", f], capture_output=True, check=True).stdout.decode()
    return [r for r in csv.DictReader(io.StringIO(text), delimiter="\t")
            if not r.get("attempt", "").endswith("+") and r.get("hedge", "") != "lost"]
def pct(v, p, h):
    v, n = sorted(v), len(v)
    if n == 0 or 1 - p ** n < 0.95:
        return None
    j = [j for j in range(n + 1) if binom.cdf(j, n, p) <= 0.025]
    r = j[-1] + 1 if j else 1
    j = [j for j in range(n) if binom.cdf(j, n, p) >= 0.975]
    s = j[0] + 1 if j else n
    return v[(h * n + 99) // 100 - 1] / 1e6, v[min(r, s) - 1] / 1e6, v[s - 1] / 1e6
a = json.load(open(d + "/results/aggregate.json"))
lead = {c["figures"]["trace_op"]: c for c in a["claims"] if c["kind"] == "replay-lead"}
one = rows(d + "/runs/once/one/a/ops.tsv.zst") + rows(d + "/runs/once/one/b/ops.tsv.zst")
four = rows(d + "/runs/once/four/a/ops.tsv.zst")
bad = []
for op, c in sorted(lead.items()):
    o, f = {"HEAD": "STAT"}.get(op, op), c["figures"]
    for s, rs in (("one", one), ("four", four)):
        mine = [r for r in rs if r["op"] == o]
        ok = [ns(r["end"]) - ns(r["intended"]) for r in mine if r["error"] == ""]
        want = {"sent": len(mine), "failed": len(mine) - len(ok), "requests": len(ok), "runs": 2 if s == "one" else 1,
                "late": sum(ns(r["start"]) - ns(r["intended"]) > 1000000 for r in mine)}
        for k, v in want.items():
            if f.get("%s.%s" % (k, s)) != v:
                bad.append("%s %s.%s %s, python %s" % (op, k, s, f.get("%s.%s" % (k, s)), v))
        for p, h in ((0.5, 50), (0.9, 90), (0.99, 99)):
            x = pct(ok, p, h)
            got = tuple(f.get("p%d%s_ms.%s" % (h, sfx, s)) for sfx in ("", "_lo", "_hi"))
            if not all(near(g, w, none=True) for g, w in zip(got, x or (None, None, None))):
                bad.append("%s %s p%d %s, python %s" % (op, s, h, got, x))
t(sorted(lead) == ["DELETE", "GET", "HEAD", "PUT"] and not bad,
  "pooled: one's two runs' requests are one sample (runs.one 2), each subject's sent, late, failed and p50/p90/p99 with intervals SciPy's from its rows%s"
  % (": " + "; ".join(bad[:3]) if bad else ""))
g, h = lead.get("GET", {}), lead.get("HEAD", {})
t(g.get("verdict") == "blocked" and g.get("reasons") == ["late-sends"] and g.get("subject") == "one" and g.get("subjects") == ["four"]
  and g["figures"]["late.four"] > 0.01 * g["figures"]["sent.four"],
  "GET: four (not the lowest) sent %s of %s late, served in 1 ms: blocked, late-sends, four named (%s %s %s)"
  % (g.get("figures", {}).get("late.four"), g.get("figures", {}).get("sent.four"), g.get("verdict"), g.get("reasons"), g.get("subjects")))
t(h.get("verdict") == "not-judged" and h.get("reasons") == ["errors"] and h["figures"]["failed.one"] > 0.01 * h["figures"]["sent.one"],
  "HEAD: one failed %s of %s: not judged, errors (%s %s)"
  % (h.get("figures", {}).get("failed.one"), h.get("figures", {}).get("sent.one"), h.get("verdict"), h.get("reasons")))
PY
python3 "$top/tests/tools/claims_check.py" "$tmp/rp/results/aggregate.json" "$tmp/rc/truth.json" \
	--report "$tmp/rp/report-en" >"$tmp/rp/cc.log" 2>&1
check $? "claims_check.py: the pooled, blocked and not-judged replay-lead claims agree with the rule and the report ($(tail -n 1 "$tmp/rp/cc.log"))"
jq '(.claims[] | select(.kind == "replay-lead" and .figures.trace_op == "GET")) |= (.verdict = "leads" | .reasons = [] | .subjects = ["four"])' \
	"$tmp/rp/results/aggregate.json" >"$tmp/rp/unblocked.json"
python3 "$top/tests/tools/claims_check.py" "$tmp/rp/unblocked.json" "$tmp/rc/truth.json" >"$tmp/rp/cc-unblocked.log" 2>&1
st=$?
[ $st -eq 1 ] && grep -q "^FAIL .*every replay-lead claim agrees" "$tmp/rp/cc-unblocked.log"
check $? "the aggregate with the GET block taken out fails claims_check.py ($st: $(grep -m1 '^FAIL' "$tmp/rp/cc-unblocked.log" | cut -c1-140))"

# 4. bad input
printf 'not\ta\tlog\n' >"$tmp/bad.tsv"
"$collect" replay "$tmp/bad.tsv" --endpoint "$ep" --bucket "$bucket" -o "$tmp/bad" >"$tmp/bad.log" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "bad.tsv.*required column missing" "$tmp/bad.log"
check $? "a file that is no per-request log: exit 2, named ($rc: $(head -n 1 "$tmp/bad.log"))"
"$collect" replay "$tmp/rec/ops.tsv.zst" --endpoint "$ep" --bucket "$bucket" --speed 0 -o "$tmp/bad2" >"$tmp/bad2.log" 2>&1
[ $? -eq 2 ] && grep -q -- "--speed: '0' is not a number above 0" "$tmp/bad2.log"
check $? "--speed 0 refused ($(head -n 1 "$tmp/bad2.log"))"
"$collect" replay "$tmp/rec/ops.tsv.zst" --endpoint "$ep" --bucket "$bucket" --op get -o "$tmp/bad3" >"$tmp/bad3.log" 2>&1
[ $? -eq 2 ] && grep -q -- "--op: not with a replay" "$tmp/bad3.log"
check $? "--op refused with a replay ($(head -n 1 "$tmp/bad3.log"))"
"$collect" replay "$tmp/rec/ops.tsv.zst" --endpoint "$ep" --bucket "$bucket" --ops get,list -o "$tmp/bad4" >"$tmp/bad4.log" 2>&1
[ $? -eq 2 ] && grep -q -- "--ops: 'list' is not an op of a replay" "$tmp/bad4.log"
check $? "--ops with an op a replay has not refused ($(head -n 1 "$tmp/bad4.log"))"
"$collect" replay "$tmp/rec/ops.tsv.zst" --endpoint "$ep" --bucket "$bucket" --window 2s..1s -o "$tmp/bad5" >"$tmp/bad5.log" 2>&1
[ $? -eq 2 ] && grep -q -- "--window: '2s..1s': the end is not after the start" "$tmp/bad5.log"
check $? "--window whose end is not after its start refused ($(head -n 1 "$tmp/bad5.log"))"
finish
