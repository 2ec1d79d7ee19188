#!/usr/bin/env bash
# tests/e2e/slowest.sh: the slowest requests of each cell (docs/METHODOLOGY.md, "Slowest
# requests"; aggregate.json slowest[]) against Ceph RGW: a campaign of a PUT and a GET cell
# (2 cycles of 2 s, 2 workers), analyzed and rendered in en and ko:
#   1. aggregate.json's slowest[] is what the ops logs say: per cell, the 20 rows of longest
#      duration_ns over its runs (recomputed here from the logs with python), each with its
#      run, idx, phases (us -> ms), connection (conn_id, conn_req, conn_age_ms -> s), front
#      end and RGW's request id; requests = the rows;
#   2. the report's table of each cell shows those rows in that order (latency to 2
#      decimals, none from 1,000 ms on, the phases, the connection, the front end and the
#      request id; a column no row has a value in left out), in en and ko;
#   3. a cell one of whose runs lost its ops log has no entry, said in a note, and the
#      analysis still succeeds.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
use_rgw
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
unset AWS_PROFILE AWS_SESSION_TOKEN
cat >"$tmp/c.ini" <<EOF
[campaign]
name = slowest
cycles = 2
[matrix]
ops = put, get
sizes = 4KiB
concurrency = 2
duration = 2s
[subject rgw]
endpoint = $RGW_S3_ENDPOINT
bucket = slowest-$$
credentials = env:AWS
EOF
run_pipeline -f html -c "$tmp/c.ini" "$tmp/out" en ko
d=$tmp/out
pycheck "slowest[] against the ops logs" "$d" <<'PY'
import csv, glob, io, json, os, subprocess, sys
from checks import t, near
d = sys.argv[1]
a = json.load(open(os.path.join(d, "results", "aggregate.json")))
sl = {(s["subject"], s["op"]): s for s in a.get("slowest", [])}
t(set(sl) == {("rgw", "put"), ("rgw", "get")}, "one entry per cell (%s)" % sorted(sl))
PH = ["dns", "connect", "tls", "send", "wait", "transfer"]
for op in ("put", "get"):
    rows = []
    for f in sorted(glob.glob(os.path.join(d, "runs", "cycle-*", "rgw", op + "-*", "ops.tsv.zst"))):
        text = subprocess.run(["zstd", "-dcq", f], capture_output=True, check=True).stdout.decode()
        for r in csv.DictReader(io.StringIO(text), delimiter="\t"):
            r["run"] = os.path.relpath(os.path.dirname(f), d)
            rows.append(r)
    s = sl.get(("rgw", op), {"slowest": [], "requests": None})
    want = sorted(rows, key=lambda r: -int(r["duration_ns"]))[:20]
    got = s["slowest"]
    t(s["requests"] == len(rows) and len(rows) > 40, "%s: requests = the logs' %d rows (%s)" % (op, len(rows), s["requests"]))
    t(len(got) == 20 and [g["latency_ms"] for g in got] == sorted([g["latency_ms"] for g in got], reverse=True),
      "%s: 20 requests, slowest first" % op)
    same = all(near(g["latency_ms"], int(w["duration_ns"]) / 1e6, 1e-12)
               and g["run"] == w["run"] and g["idx"] == int(w["idx"])
               and g["request_id"] == w["request_id"] and g["remote"] == w["remote"]
               and all(near(g[p + "_ms"], int(w[p + "_us"]) / 1e3, 1e-12) for p in PH)
               for g, w in zip(got, want))
    t(same, "%s: each is the logs' row of that rank: run, idx, latency, phases, front end, request id" % op)
    same = all(g["conn_id"] == int(w["conn_id"]) > 0 and g["conn_req"] == int(w["conn_req"]) > 0
               and near(g["conn_age_s"], int(w["conn_age_ms"]) / 1e3, 1e-12)
               for g, w in zip(got, want))
    t(same, "%s: each one's connection: its conn_id, conn_req and conn_age_ms (s) (%s)" % (
      op, [(g["conn_id"], g["conn_req"], g["conn_age_s"]) for g in got[:3]]))
    t(all(g["request_id"].startswith("tx") and g["host_id"] is None and g["attempt"] is None
          and g["conn"] in ("reused", "new") for g in got),
      "%s: RGW's request ids, no host id, no attempt (no retries)" % op)
PY
pycheck "the report's tables" "$d/report-en/report.html" "$d/report-ko/report.html" "$d/results/aggregate.json" <<'PY'
import html, json, re, sys
from checks import t
en, ko = open(sys.argv[1]).read(), open(sys.argv[2]).read()
a = json.load(open(sys.argv[3]))
def table(doc, k):
    i = doc.find('id="t-slow-%d"' % k)
    j = doc.find("</table>", i)
    return doc[i:j] if i >= 0 else ""
def rows(tab):
    out = []
    for tr in re.findall(r"<tr>(.*?)</tr>", tab, re.S):
        cells = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
                 for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", tr, re.S)]
        if cells and cells[0].isdigit():
            out.append(cells)
    return out
t('id="slowest"' in en and "Slowest requests" in en, "en: the section")
def ms(v):
    return "{:,.0f}".format(v) if abs(v) >= 999.5 else "{:,.2f}".format(v)
for k, s in enumerate(a["slowest"]):
    r = rows(table(en, k))
    want = [[str(i + 1), ms(q["latency_ms"])] + [ms(q[p + "_ms"]) for p in
            ("dns", "connect", "tls", "send", "wait", "transfer")] +
            [str(q["conn_id"]), str(q["conn_req"]), ms(q["conn_age_s"]), "–",
             q["remote"], q["request_id"]]
            for i, q in enumerate(s["slowest"])]
    # a column no request has a value in is left out (the attempt without retries)
    keep = [j for j in range(len(want[0]) if want else 0) if j < 2 or any(w[j] != "–" for w in want)]
    want = [[w[j] for j in keep] for w in want]
    t(r == want, "en: %s %s: the table's 20 rows are slowest[]'s (%s)" % (s["subject"], s["op"], r[:1]))
    t(rows(table(ko, k)) == want, "ko: %s %s: the same rows" % (s["subject"], s["op"]))
t("가장 느린 요청" in ko and "요청 ID" in ko, "ko: the section and its words")
PY

# 3. a run without its ops log: its cell has no entry, a note says so
cp -r "$d" "$tmp/lost"
rm -f "$tmp/lost"/runs/cycle-02/rgw/put-*/ops.tsv.zst
"$analyze" "$tmp/lost" -o "$tmp/lost/res" >"$tmp/lost.log" 2>&1
check $? "analyze without one put log exits 0 ($(tail -n 1 "$tmp/lost.log"))"
grep -q "note: cell put 4KiB c2 rgw: .*ops.tsv.zst is missing: its slowest requests are not known" "$tmp/lost.log"
check $? "the note names the cell and the file: $(grep -m1 "slowest requests" "$tmp/lost.log")"
[ "$(jq -c '[.slowest[] | .op]' "$tmp/lost/res/aggregate.json")" = '["get"]' ]
check $? "slowest[] keeps the get cell only"
finish
