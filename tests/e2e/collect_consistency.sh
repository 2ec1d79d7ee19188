#!/usr/bin/env bash
# tests/e2e/collect_consistency.sh: the consistency probes (docs/METHODOLOGY.md, "Consistency
# windows") from collect to the rendered page. A campaign with [consistency] (repeat 3, poll
# 10 ms, max_wait 1 s) against three subjects: tests/tools/verify_s3.py read-after-write
# consistent (strong), the same server with --stale-ms 200 (reads and lists see a key's state
# before its last change for 200 ms: lag), and Ceph RGW 16.2 (strong expected); collected,
# analyzed and rendered in English and Korean; then:
#  1. consistency.json: every kind of probe 3 times per subject; strong and RGW strong in
#     every probe; lag stale in every probe, each window bracketing the injected 200 ms: the
#     last poll that saw the old state was sent less than 200 ms after the change's answer
#     (the server turns at 200 ms after its change, which comes before its answer), and the
#     first that saw the new one at least 195 ms after it and at most 200 ms + the poll
#     interval + 5 ms (timed: the slack beyond the poll interval, printed, is the scheduling
#     and the request's time);
#  2. the probes billed like any request (billing's count per request kind = the server's log
#     of the probes' requests) and their keys removed (cleanup "", the server lists none);
#  3. aggregate.json staleness[] = consistency.json summed here (probes, violations,
#     timeouts, untested, windows ascending, median, max, the longest stale poll);
#  4. the staleness claims: strong for strong and RGW, stale for lag with its counts and
#     windows (tests/tools/claims_check.py with a truth of them, on the en and ko reports:
#     each claim marks its cell of t-staleness worded by its verdict); the en cell reads
#     "the old state was seen in 3 of 3 probes (100 %), for up to ... ms";
#  5. the checker fails a report whose strong cell was made to say stale;
#  6. `collect consistency` alone (-o DIR, one kind, one probe): the printout and the file;
#  7. manifest.json lists consistency.json (its SHA-256) and analyze --verify re-derives;
#  8. bad input: max_wait shorter than poll, an unknown probe (file, line and key named, exit
#     2); a consistency.json whose outcome is not one of the four (analyze names the file and
#     field, exit 1).
. "$(dirname "$0")/collect_lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}

use_rgw
sfx=$$-$RANDOM
for s in strong lag; do
	stale=0
	[ "$s" = lag ] && stale=200
	python3 "$top/tests/tools/verify_s3.py" --port-file "$tmp/$s.port" --log "$tmp/$s.log" \
		--secret-key vsecret --stale-ms "$stale" >"$tmp/$s.out" 2>&1 &
	stop_at_exit $!
done
for _ in $(seq 100); do [ -s "$tmp/strong.port" ] && [ -s "$tmp/lag.port" ] && break; sleep 0.1; done
export V_ACCESS_KEY_ID=vkey V_SECRET_ACCESS_KEY=vsecret
export RG_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID RG_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
cat >"$tmp/c.ini" <<INI
[campaign]
name = consist-$sfx
[matrix]
ops = put
sizes = 4KiB
concurrency = 1
count = 2
[probe]
probe = no
[consistency]
repeat = 3
poll = 10ms
max_wait = 1s
[subject strong]
endpoint = http://127.0.0.1:$(cat "$tmp/strong.port")
bucket = bkt
credentials = env:V
[subject lag]
label = Lagging server
endpoint = http://127.0.0.1:$(cat "$tmp/lag.port")
bucket = bkt
credentials = env:V
[subject rgw]
label = Ceph RGW
endpoint = $RGW_S3_ENDPOINT
bucket = consist-$sfx
credentials = env:RG
INI
out=$tmp/camp
timing_begin
run_pipeline -f html -c "$tmp/c.ini" "$out" en ko
[ -s "$out/consistency.json" ] && [ -s "$out/report-en/report.html" ] && [ -s "$out/report-ko/report.html" ]
check $? "consistency.json, report-en/report.html and report-ko/report.html written"

# 1 and 2: consistency.json against the injected window and the servers' logs
pycheck "consistency.json" "$out/consistency.json" "$tmp/lag.log" "$tmp/lag.port" "$tmp/bounds" \
	"$tmp/served.json" <<'PY'
import json, re, sys, urllib.parse, urllib.request
from checks import t
doc, log, port = json.load(open(sys.argv[1])), sys.argv[2], open(sys.argv[3]).read().strip()
KINDS = ["read-after-new-write", "read-after-overwrite", "read-after-delete", "list-after-create",
         "list-after-delete"]
subj = {s["subject"]: s for s in doc["subjects"]}
t(doc["format"] == "s3bench-consistency/1" and list(subj) == ["strong", "lag", "rgw"],
  "consistency.json: s3bench-consistency/1, subjects %s" % list(subj))
for name in ("strong", "rgw"):
    s = subj[name]
    outs = {k: [p["outcome"] for p in s["kinds"].get(k, {}).get("probes", [])] for k in KINDS}
    t(all(v == ["strong"] * 3 for v in outs.values()) and s["error"] == "" and s["cleanup"] == "",
      "%s: strong in every probe of every kind, 3 each, cleaned up: %s" % (name, outs))
lag = subj["lag"]
ps = [(k, p) for k in KINDS for p in lag["kinds"].get(k, {}).get("probes", [])]
# the server's truth: a probe's key (KIND-SEQ, SEQ rising probe by probe) answered stale
seqs, stale = {k: set() for k in KINDS}, set()
for l in open(log):
    r = json.loads(l)
    m = re.search(r"(%s)-(\d{6})" % "|".join(KINDS), urllib.parse.unquote(r["path"]))
    if m and "s3bench-consistency" in r["path"]:
        seqs[m.group(1)].add(int(m.group(2)))
        if r.get("stale"):
            stale.add((m.group(1), int(m.group(2))))
served = {k: [(k, q) in stale for q in sorted(seqs[k])] for k in KINDS}
json.dump(served, open(sys.argv[5], "w"))
want = [("stale" if s else "strong") for k in KINDS for s in served[k]]
t(len(ps) == 15 and [p["outcome"] for _, p in ps] == want,
  "lag: each probe stale exactly when the server's log says it answered that probe's key with "
  "its old state (%d of %d probes served stale; outcomes %s)"
  % (want.count("stale"), len(ps), sorted({p["outcome"] for _, p in ps})))
t(want.count("stale") >= 1,
  "lag: the server answered at least one probe with the old state, so the stale path was "
  "exercised whatever the load (%d of %d)" % (want.count("stale"), len(ps)))
t(all(p["stale_ms"] < 200 for _, p in ps),
  "lag: the last poll that saw the old state was sent under 200 ms after the change's answer "
  "(the longest %.1f ms)" % max(p["stale_ms"] for _, p in ps))
sp = [p for _, p in ps if p["outcome"] == "stale"] or [{"window_ms": 0, "stale_ms": 0}]
lo = min(p["window_ms"] for p in sp)
hi = max(p["window_ms"] for p in sp)
slack = max(p["window_ms"] - p["stale_ms"] - lag["poll_ms"] for p in sp)
print("    windows %.1f-%.1f ms for 200 injected; the first fresh poll came at most %.1f ms past "
      "one poll interval after the last stale one" % (lo, hi, slack))
open(sys.argv[4], "w").write("%f %f %f %d\n" % (lo, hi, slack, want.count("stale")))
# the bill against the server's log: the probes' requests are those naming their prefix, and
# the bucket's HeadBucket and GetBucketVersioning
reqs = lag["billing"]["requests"]
lines = [json.loads(l) for l in open(log) if "s3bench-consistency" in l]
def kind(r):
    m, p = r["method"], r["path"]
    if "list-type=2" in p: return "ListObjectsV2"
    if "uploads" in p: return "ListMultipartUploads"
    if "?delete" in p: return "DeleteObjects"
    return {"PUT": "PutObject", "GET": "GetObject", "DELETE": "DeleteObject"}.get(m, m)
seen = {}
for r in lines:
    seen[kind(r)] = seen.get(kind(r), 0) + 1
billed = {k: v["n"] for k, v in reqs.items() if k not in ("HeadBucket", "GetBucketVersioning")}
t(billed == seen, "lag: billed per request kind = the server's log of the probes' requests: %s" % billed)
body = urllib.request.urlopen("http://127.0.0.1:%s/bkt?list-type=2&prefix=s3bench-consistency/" % port).read()
t(lag["cleanup"] == "" and b"<Key>" not in body, "lag: no key left under s3bench-consistency/")
PY
read -r lo hi slack nstale <"$tmp/bounds"
[ "$nstale" = 15 ] && awk -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(lo >= 195 && hi <= 215) }'
timed_check $? "lag: the server answered all 15 probes' first polls with the old state ($nstale of 15: a poll sent later than 200 ms after the change sees the new one), and every window is within [195, 215] ms, the injected 200 ms to one poll interval + 5 ms (${lo}-${hi} ms; slack past the poll interval ${slack} ms)"

# 3 and 4: staleness[] and the claims
pycheck "aggregate.json" "$out/consistency.json" "$out/results/aggregate.json" "$out/report-en/report.html" "$tmp/truth.json" \
	"$tmp/served.json" <<'PY'
import json, re, sys
from checks import t, near
doc, agg, html = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), open(sys.argv[3]).read()
served = json.load(open(sys.argv[5]))
st = {s["subject"]: s for s in agg.get("staleness", [])}
t(list(st) == ["strong", "lag", "rgw"], "staleness[] has the subjects of consistency.json: %s" % list(st))
bad = []
for s in doc["subjects"]:
    a = st.get(s["subject"], {})
    if (a.get("poll_ms"), a.get("max_wait_ms"), a.get("repeat")) != (s["poll_ms"], s["max_wait_ms"], s["repeat"]):
        bad.append("%s: poll, max_wait, repeat" % s["subject"])
    for (name, k), ak in zip(s["kinds"].items(), a.get("kinds", [])):
        ps = k["probes"]
        v = sorted(p["window_ms"] for p in ps if p["outcome"] in ("stale", "timeout"))
        want = {"kind": name, "probes": sum(p["outcome"] != "untested" for p in ps), "violations": len(v),
                "timeouts": sum(p["outcome"] == "timeout" for p in ps),
                "untested": sum(p["outcome"] == "untested" for p in ps),
                "max_ms": v[-1] if v else None,
                "median_ms": (v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2) if v else None,
                "stale_max_ms": max((p["stale_ms"] for p in ps if p["outcome"] in ("stale", "timeout")), default=None),
                "windows_ms": v}
        for f, w in want.items():
            g = ak.get(f)
            if isinstance(w, list):
                ok = len(g) == len(w) and all(near(x, y, 1e-9, 1e-6) for x, y in zip(g, w))
            elif isinstance(w, float) or isinstance(g, float):
                ok = near(g, w, 1e-9, 1e-6, none=True)
            else:
                ok = g == w
            if not ok:
                bad.append("%s %s %s: %s, recomputed %s" % (s["subject"], name, f, g, w))
t(not bad, "staleness[]: every kind's counts and windows as recomputed from consistency.json%s"
  % "".join("\n     " + b for b in bad[:6]))
cl = {c["id"]: c for c in agg["claims"] if c["kind"] == "staleness"}
t(len(cl) == 15, "15 staleness claims (3 subjects x 5 kinds): %d" % len(cl))
truth = {"expect": {}}
for s in doc["subjects"]:
    for name, k in s["kinds"].items():
        n = len(k["probes"])
        v = served[name].count(True) if s["subject"] == "lag" else 0
        ws = [p["window_ms"] for p, sv in zip(k["probes"], served[name]) if sv]
        fig = {"probes": [n, 0], "violations": [v, 0]}
        if v > 0:
            fig.update({"share_pct": [100.0 * v / n, 0.05], "max_ms": [round(max(ws)), 0.5],
                        "poll_ms": [10, 0]})
        truth["expect"]["staleness/%s/%s" % (name, s["subject"])] = {
            "verdict": "stale" if v > 0 else "strong", "subject": s["subject"], "figures": fig}
json.dump(truth, open(sys.argv[4], "w"))
c = cl.get("staleness/read-after-overwrite/lag", {"figures": {}})
text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
v = served["read-after-overwrite"].count(True)
want = ("the old state was seen in %d of 3 probes (%s %%), for up to %d ms"
        % (v, c["figures"].get("share_pct", -1), c["figures"].get("max_ms", -1)) if v > 0
        else "lag: strong in 3 of 3")
want = want.replace("(100.0 %", "(100 %")
t(want in text, "the en report words lag's overwrite: '%s'" % want)
PY
for lang in en ko; do
	python3 "$top/tests/tools/claims_check.py" "$out/results/aggregate.json" \
		"$tmp/truth.json" --report "$out/report-$lang" >"$tmp/cc-$lang.out" 2>&1
	check $? "claims_check.py on the $lang report: $(tail -n 1 "$tmp/cc-$lang.out"; grep -E 'FAIL|staleness claim marks' "$tmp/cc-$lang.out" | head -3)"
done

# 5. a strong cell made to say stale fails the checker
cp -r "$out/report-en" "$tmp/tampered"
python3 - "$tmp/tampered/report.html" <<'PY'
import re, sys
p = sys.argv[1]
s = open(p).read()
s = re.sub(r'(data-claim="staleness/read-after-delete/strong">)[^<]*',
           r'\1strong: the old state was seen in 1 of 3 probes (33 %), for up to 40 ms (median 40 ms)', s, count=1)
open(p, "w").write(s)
PY
python3 "$top/tests/tools/claims_check.py" "$out/results/aggregate.json" \
	"$tmp/truth.json" --report "$tmp/tampered" >"$tmp/cc-t.out" 2>&1
[ $? -ne 0 ] && grep -q 'staleness/read-after-delete/strong worded' "$tmp/cc-t.out"
check $? "claims_check.py fails a report whose strong cell says stale: $(grep -m1 'FAIL.*staleness' "$tmp/cc-t.out")"

# 6. collect consistency alone
AWS_ACCESS_KEY_ID=vkey AWS_SECRET_ACCESS_KEY=vsecret AWS_REGION=us-east-1 "$collect" consistency \
	--endpoint "http://127.0.0.1:$(cat "$tmp/lag.port")" --bucket bkt --probes read-after-overwrite \
	--repeat 1 --poll 10ms --max-wait 1s --id alone -o "$tmp/alone" >"$tmp/alone.txt" 2>&1
st=$?
python3 - "$tmp/alone/consistency.json" "$tmp/lag.log" "$tmp/alone.txt" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))["subjects"][0]
stale = any(json.loads(l).get("stale") for l in open(sys.argv[2]) if "s3bench-consistency/alone/" in l)
line = re.compile(r"  read-after-overwrite  strong in 0 of 1; stale in 1 \(0 past max_wait\), up to \d+ ms\n"
                  if stale else r"  read-after-overwrite  strong in 1 of 1\n")
sys.exit(not (d["subject"] == "alone" and list(d["kinds"]) == ["read-after-overwrite"]
              and d["kinds"]["read-after-overwrite"]["probes"][0]["outcome"] == ("stale" if stale else "strong")
              and line.search(open(sys.argv[3]).read())))
PY
check $((st + $?)) "collect consistency -o: exit $st, '$(grep read-after "$tmp/alone.txt")' as the server's log says it answered, consistency.json written"

# 7. consistency.json is an input of the results: listed with its digest, re-derived
want=$(sha256sum <"$out/consistency.json" | cut -d' ' -f1)
jq -e --arg d "$want" '.inputs[] | select(.path == "consistency.json") | .sha256 == $d' \
	"$out/results/manifest.json" >/dev/null &&
	"$analyze" --verify "$out/results" "$out" >"$tmp/verify.log" 2>&1
check $? "manifest.json lists consistency.json with its SHA-256; analyze --verify re-derives ($(tail -n 1 "$tmp/verify.log"))"

# 8. bad input
sed 's/^max_wait = 1s$/max_wait = 5ms/' "$tmp/c.ini" >"$tmp/bad1.ini"
"$collect" "$tmp/bad1.ini" -o "$tmp/bad1" --dry-run >"$tmp/bad1.txt" 2>&1
st=$?
line=$(grep -n '^max_wait' "$tmp/bad1.ini" | cut -d: -f1)
[ "$st" -eq 2 ] && grep -q "bad1.ini:$line: \[consistency\] max_wait: shorter than poll" "$tmp/bad1.txt"
check $? "max_wait shorter than poll: exit $st, $(cat "$tmp/bad1.txt")"
sed 's/^repeat = 3$/probes = read-after-write/' "$tmp/c.ini" >"$tmp/bad2.ini"
"$collect" "$tmp/bad2.ini" -o "$tmp/bad2" --dry-run >"$tmp/bad2.txt" 2>&1
st=$?
[ "$st" -eq 2 ] && grep -q "\[consistency\] probes: 'read-after-write' is not a consistency probe" "$tmp/bad2.txt"
check $? "an unknown probe: exit $st, $(cat "$tmp/bad2.txt")"
mkdir -p "$tmp/bad3"
cp -r "$out/runs" "$out/campaign.ini" "$out/plan.tsv" "$tmp/bad3/"
sed '0,/"outcome": "stale"/s//"outcome": "maybe"/' "$out/consistency.json" >"$tmp/bad3/consistency.json"
"$analyze" "$tmp/bad3" -o "$tmp/bad3/results" >"$tmp/bad3.txt" 2>&1
st=$?
[ "$st" -eq 1 ] && grep -q "consistency.json: subjects\[1\].kinds.read-after-new-write.probes\[0\].outcome: 'maybe' is not an outcome" "$tmp/bad3.txt"
check $? "an outcome not one of the four: exit $st, $(grep -m1 maybe "$tmp/bad3.txt")"
finish
