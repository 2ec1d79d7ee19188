#!/usr/bin/env bash
# tests/e2e/analyze_vantage.sh: place as a factor (docs/METHODOLOGY.md, "Vantages"): one
# synthetic campaign (tests/tools/fake_campaign: 3 subjects x 24 matrix cells x 3 cycles, one
# model, 3 % noise) measured from two vantages. us-east: provider A 1.3 x, B 1.15 x, C 1 x;
# eu-west: A is measured through a delay that costs it 40 % (a known shift written into the
# data: 0.8 x, no live server), B and C as before, so A drops from first to last. Checks:
#   1. analyze us eu -o RES merges them: vantages{} names both (from campaign.vantage), every
#      cell per vantage is the mean of that vantage's runs (NumPy, from run.json);
#   2. every category's interaction F, df1, df2 and p are the two-way ANOVA computed again
#      here by least squares (NumPy lstsq, SciPy's F distribution), and each flags provider A
#      and not B or C; within each vantage the headline leader is A (us-east) and B (eu-west);
#      cells[].variance's var_vantage is the one-way random-effects formula;
#   3. a second pair with no shift (another seed) flags no category;
#   4. a merge of different matrices is refused (exit 2) naming file, section and key; two
#      DATA_DIRs of one name are refused; --vantage NAME=DIR names a vantage, a DATA_DIR
#      without campaign.vantage is named after its directory;
#   5. the merged report (en, ko) shows each headline cell per vantage and passes
#      claims_check.py, the vantage verdicts carrying their claims;
#   6. leads within each vantage: in the flip every category's vantage-lead claims name A
#      (us-east) and B (eu-west), its lead-vantages claim and its pooled lead say "depends",
#      and the report (en, ko) shows each vantage's leader and verdict and the headline says
#      the leader depends on the vantage; with no shift every lead holds from every vantage and
#      the headline says so; claims_check.py fails a report whose vantage leader was swapped
#      and claims whose depending lead was called clear;
#   7. the merge's manifest.json lists both DATA_DIRs' files (a pair with ops logs), --verify
#      passes, then fails (exit 5) naming a run.json edited in the second DATA_DIR;
#   8. the merge's fairness facts per subject come from every DATA_DIR: each subject's facts per
#      vantage and the pooled ones are those of the run.json files (Python), and no setting
#      differs; with provider A's runs in the second DATA_DIR addressing the bucket virtually,
#      A's vantages_differ is [addressing] (B's []), the report (en, ko) says so with each
#      vantage's value, a ran-differently claim differs-by-vantage says it (none where no
#      setting differs) and passes claims_check.py (en), --verify passes, fails (exit 7) naming the vantage after the manifest's
#      eu-west record of A is edited (and its digest made again), and fails (exit 5) naming
#      the file and vantage after the second DATA_DIR's campaign.ini is edited.
. "$(dirname "$0")/lib.sh"
use_fake numpy scipy
d=$tmp/vt
common="--subjects 3 --cycles 3 --one-model --noise 0.03 --no-failures"
# shellcheck disable=SC2086
"$fake" "$d/us" $common --seed 1 --speed 1=1.3 --speed 2=1.15 --vantage us-east >/dev/null 2>&1 &&
	"$fake" "$d/eu" $common --seed 2 --speed 1=0.8 --speed 2=1.15 --vantage eu-west >/dev/null 2>&1 &&
	"$fake" "$d/eu-same" $common --seed 3 --speed 1=1.3 --speed 2=1.15 --vantage eu-west >/dev/null 2>&1
check $? "setup: one synthetic campaign from two vantages (A 40 % slower from eu-west), and a pair with no shift"

"$analyze" "$d/us" "$d/eu" -o "$d/res" >"$tmp/an.out" 2>&1
check $? "analyze us eu -o RES exits 0" "$(tail -n 3 "$tmp/an.out")"
cat >"$tmp/check.py" <<'PY'
import glob, json, math, os, sys
import numpy as np
from scipy import stats
d, res, other = sys.argv[1], sys.argv[2], sys.argv[3]
agg = json.load(open(os.path.join(d, res, "aggregate.json")))
subj = [s["id"] for s in agg["subjects"]]
runs = {}
for k, v in enumerate(["us", other]):
    for f in glob.glob(os.path.join(d, v, "runs/cycle-*/*/*/run.json")):
        r = json.load(open(f))
        w, s = r["workload"], r["summary"]
        x = s["mib_s"] if s["mib_s"] > 0 else s["obj_s"]
        runs.setdefault((w["op"], w["size"], w["concurrency"]), []).append((r["subject"]["id"], k, math.log(x), x))
V = agg.get("vantages")
names = [n["name"] for n in V["names"]] if V else []
print(("ok   " if names == ["us-east", "eu-west"] and all(n["from"] == "campaign.vantage" for n in V["names"]) else "FAIL ") +
      "vantages.names: us-east, eu-west, from campaign.vantage (%s)" % names)
bad = []
for c in V["cells"]:
    xs = [x for s, k, _, x in runs[(c["op"], c["size"], c["concurrency"])] if s == c["subject"] and names[k] == c["vantage"]]
    if c["n"] != len(xs) or abs(c["value"] - np.mean(xs)) > 1e-9 * np.mean(xs):
        bad.append((c, xs))
print(("ok   " if not bad and len(V["cells"]) == 24 * 3 * 2 else "FAIL ") +
      "each cell per vantage is the mean of its vantage's runs (%d cells) %s" % (len(V["cells"]), bad[:1]))

def anova(rows):
    """The subject x vantage interaction by least squares: additive against cell means."""
    ss = sorted({r[0] for r in rows}); vs = sorted({r[1] for r in rows})
    y = np.array([r[2] for r in rows])
    add = np.array([[1.0] + [r[0] == s for s in ss[1:]] + [r[1] == v for v in vs[1:]] for r in rows], float)
    full = np.array([[r[0] == s and r[1] == v for s in ss for v in vs] for r in rows], float)
    rss = lambda X: float(np.sum((y - X @ np.linalg.lstsq(X, y, rcond=None)[0]) ** 2))
    df1, df2 = (len(ss) - 1) * (len(vs) - 1), len(y) - len(ss) * len(vs)
    f = ((rss(add) - rss(full)) / df1) / (rss(full) / df2)
    return f, df1, df2, stats.f.sf(f, df1, df2)

bad, flags = [], []
for t in V["interaction"]:
    f, df1, df2, p = anova(runs[(t["op"], t["size"], t["concurrency"])])
    if abs(t["f"] - f) > 1e-6 * f or t["df1"] != df1 or t["df2"] != df2 or abs(t["p"] - p) > 1e-6 * max(p, 1e-300) + 1e-15:
        bad.append((t["op"], t["size"], t["concurrency"], t["f"], f, t["p"], p))
    flags.append((t["verdict"], tuple(t["flagged"])))
print(("ok   " if not bad and len(V["interaction"]) == 24 else "FAIL ") +
      "every category's interaction F, df and p are the two-way ANOVA by least squares (%d) %s" % (len(V["interaction"]), bad[:1]))
if other == "eu":
    want = ("rank-changes", ("provider-a",))
    print(("ok   " if all(x == want for x in flags) else "FAIL ") +
          "every category flags provider A's rank flip and not B or C (%s)" % sorted(set(flags)))
    leads = sorted((l["vantage"], l["op"], l["subject"], l["status"]) for l in V.get("leads", [])
                   if l["size"] == 104857600 and l["concurrency"] == 10)
    want = sorted([("us-east", op, "provider-a", "clear") for op in ("put", "get")] +
                  [("eu-west", op, "provider-b", "clear") for op in ("put", "get")])
    print(("ok   " if leads == want else "FAIL ") +
          "within each vantage the headline lead is its own: A from us-east, B from eu-west (%s)" % leads)
else:
    print(("ok   " if all(v != "rank-changes" and not fl for v, fl in flags) else "FAIL ") +
          "with no shift no category flags a rank flip (%s)" % sorted(set(flags)))
bad = []
for c in agg["cells"]:
    ys = {}
    for s, k, y, _ in runs[(c["op"], c["size"], c["concurrency"])]:
        if s == (subj[c["subject"]] if isinstance(c["subject"], int) else c["subject"]):
            ys.setdefault(k, []).append(y)
    g = [np.array(v) for v in ys.values()]
    N, K = sum(len(x) for x in g), len(g)
    grand = np.mean(np.concatenate(g))
    msb = sum(len(x) * (x.mean() - grand) ** 2 for x in g) / (K - 1)
    msw = sum(((x - x.mean()) ** 2).sum() for x in g) / (N - K)
    n0 = (N - sum(len(x) ** 2 for x in g) / N) / (K - 1)
    want = max(0.0, (msb - msw) / n0)
    v = c.get("variance") or {}
    # the difference of two mean squares: judged against their size
    if v.get("vantages") != 2 or abs(v.get("var_vantage", -1) - want) > 1e-9 * max(msb, msw):
        bad.append((c["op"], c["size"], c["concurrency"], v.get("var_vantage"), want))
print(("ok   " if not bad else "FAIL ") +
      "cells[].variance.var_vantage is the one-way random-effects component (%d cells) %s" % (len(agg["cells"]), bad[:1]))
PY
PATH=/usr/bin:$PATH pycheck "interaction" "$d" res eu <"$tmp/check.py"

"$analyze" "$d/us" "$d/eu-same" -o "$d/res-same" >"$tmp/an2.out" 2>&1
check $? "analyze us eu-same exits 0" "$(tail -n 3 "$tmp/an2.out")"
PATH=/usr/bin:$PATH pycheck "no shift" "$d" res-same eu-same <"$tmp/check.py"

# bad input
cp -r "$d/eu" "$d/eu-c5"
sed -i 's/^concurrency = 1, 5, 10$/concurrency = 1, 5/' "$d/eu-c5/campaign.ini"
"$analyze" "$d/us" "$d/eu-c5" -o "$d/res-bad" >"$tmp/bad.out" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -q 'eu-c5/campaign.ini: \[matrix\] concurrency = 1, 5, but .*us/campaign.ini says 1, 5, 10' "$tmp/bad.out" &&
	[ ! -e "$d/res-bad/aggregate.json" ]
check $? "a merge of different matrices is refused (exit $rc) naming file, section and key" "$(cat "$tmp/bad.out")"
"$analyze" "$d/us" "$d/us" -o "$d/res-bad" >"$tmp/bad2.out" 2>&1
[ $? -eq 2 ] && grep -q "both vantage 'us-east'" "$tmp/bad2.out"
check $? "two DATA_DIRs of one vantage name are refused" "$(cat "$tmp/bad2.out")"
"$analyze" "$d/us" "$d/eu" >"$tmp/bad3.out" 2>&1
[ $? -eq 2 ] && grep -q "need -o RESULTS_DIR" "$tmp/bad3.out"
check $? "a merge without -o is a usage error" "$(cat "$tmp/bad3.out")"
cp -r "$d/eu" "$d/frankfurt"
find "$d/frankfurt" -name run.json -exec sed -i 's/"vantage": "eu-west"/"vantage": null/' {} +
"$analyze" --vantage virginia="$d/us" "$d/frankfurt" -o "$d/res-named" >/dev/null 2>&1
check $? "analyze --vantage NAME=DIR DIR exits 0"
PATH=/usr/bin:$PATH pycheck "names" "$d/res-named/aggregate.json" <<'PY'
import json, sys
n = json.load(open(sys.argv[1]))["vantages"]["names"]
got = [(x["name"], x["from"]) for x in n]
print(("ok   " if got == [("virginia", "option"), ("frankfurt", "directory")] else "FAIL ") +
      "--vantage names a vantage; a DATA_DIR without campaign.vantage is named after its directory (%s)" % got)
PY
"$analyze" "$d/us" -o "$d/res-one" >/dev/null 2>&1
check $? "one DATA_DIR analyzes as before"
grep -q '"vantages"' "$d/res-one/aggregate.json"
check $((!$?)) "one DATA_DIR writes no vantages{}"

# the report
for lang in en ko; do
	"$render" "$d/res" -o "$d/rep-$lang" --lang "$lang" >"$tmp/render.out" 2>&1
	check $? "render of the merge ($lang)" "$(tail -n 3 "$tmp/render.out")"
done
cat >"$d/truth.json" <<'EOF'
{"expect": {
  "vantage/put/104857600/c10": {"verdict": "rank-changes", "subject": "provider-a", "subjects": ["provider-a"]},
  "vantage/get/104857600/c10": {"verdict": "rank-changes", "subject": "provider-a", "subjects": ["provider-a"]}}}
EOF
out=$(/usr/bin/python3 "$top/tests/tools/claims_check.py" "$d/res/aggregate.json" "$d/truth.json" \
	--report "$d/rep-en" --report "$d/rep-ko" 2>&1)
check $? "claims_check.py on the merged report (en, ko): $(echo "$out" | tail -n 1)" "$(echo "$out" | grep FAIL | head -5)"
for lang in en ko; do
	n=$(grep -o 'data-claim="vantage/[a-z]*/104857600/c10"' "$d/rep-$lang/report.html" | sort -u | wc -l)
	t=$(grep -c 'id="t-vantage-' "$d/rep-$lang/report.html")
	[ "$n" -eq 2 ] && [ "$t" -ge 1 ]
	check $? "the $lang report shows PUT and GET 100 MiB c10 per vantage with their vantage verdicts ($n claims shown)"
done
grep -q 'us-east' "$d/rep-en/report.html" && grep -q 'Vantages: the same campaign' "$d/rep-en/report.html"
check $? "the report's Vantages section names the vantages"

# 6. the leads within each vantage
cat >"$tmp/leads.py" <<'PY'
import json, sys
agg = json.load(open(sys.argv[1]))
flip = sys.argv[2] == "flip"
cl = agg["claims"]
cats = {(t["op"], t["size"], t["concurrency"]) for t in agg["vantages"]["interaction"]}
key = lambda x: (x["op"], x["size"], x["concurrency"])
vl = {(key(x), x["figures"]["vantage"]): x for x in cl if x["kind"] == "vantage-lead"}
want = {"us-east": "provider-a", "eu-west": "provider-b" if flip else "provider-a"}
bad = [(c, v, vl.get((c, v), {}).get("subject")) for c in cats for v in want
       if vl.get((c, v), {}).get("subject") != want[v]]
head = [x for k, x in vl.items() if k[0][1] == 104857600 and k[0][2] == 10]
print(("ok   " if not bad and len(vl) == 2 * len(cats) == 48 and all(x["verdict"] == "clear" for x in head) else "FAIL ") +
      "every category's vantage-lead claims name its vantage's own leader, %s (%d claims; headline ones clear) %s"
      % (", ".join("%s from %s" % (s, v) for v, s in want.items()), len(vl), bad[:2]))
lv = [x for x in cl if x["kind"] == "lead-vantages"]
leads = [x for x in cl if x["kind"] == "lead"]
g = "depends" if flip else "every-vantage"
print(("ok   " if len(lv) == 24 and all(x["verdict"] == g for x in lv) else "FAIL ") +
      "every category's lead-vantages claim says %s (%s)" % (g, sorted({x["verdict"] for x in lv})))
by = "us-east: Provider A, eu-west: Provider B" if flip else "us-east: Provider A, eu-west: Provider A"
lg = "depends" if flip else "clear"
print(("ok   " if len(leads) == 24 and all(x["verdict"] == lg and x["figures"].get("by_vantage") == by for x in leads) else "FAIL ") +
      "every pooled lead is %s, each vantage's leader in by_vantage '%s' (%s)" % (lg, by, sorted({(x["verdict"], x["figures"].get("by_vantage")) for x in leads})))
most = [x for x in cl if x["kind"] == "lead-count" and x["verdict"] == "most"]
print(("ok   " if (not most if flip else len(most) == 2 and all(x["figures"]["every_vantage"] == x["figures"]["clear"] == 12 for x in most)) else "FAIL ") +
      "lead-count: %s (%s)" % ("no subject leads the most when the leader depends on the vantage" if flip else
                               "A led 12 of 12 PUT and GET configurations, all 12 from every vantage",
                               [(x["id"], x["figures"].get("every_vantage")) for x in most]))
PY
PATH=/usr/bin:$PATH pycheck "leads (flip)" "$d/res/aggregate.json" flip <"$tmp/leads.py"
PATH=/usr/bin:$PATH pycheck "leads (no shift)" "$d/res-same/aggregate.json" same <"$tmp/leads.py"
headline() { sed -n 's/.*<p class="headline"[^>]*>\([^<]*\)<.*/\1/p' "$1" | head -n 1; }
h=$(headline "$d/rep-en/report.html")
[ "$h" = "PUT: the leader depends on the vantage; GET: the leader depends on the vantage" ]
check $? "en headline: the leader depends on the vantage ($h)"
h=$(headline "$d/rep-ko/report.html")
[ "$h" = "PUT: 측정 위치에 따라 1위가 다름; GET: 측정 위치에 따라 1위가 다름" ]
check $? "ko headline: the leader depends on the vantage ($h)"
grep -q 'The GET leader depends on the vantage in 12 of 12 configurations (us-east: Provider A, eu-west: Provider B)' "$d/rep-en/report.html"
check $? "en Key findings: the GET leader depends on the vantage, each vantage's leader named"
for lang in en ko; do
	n=$(sed -n '/id="t-vantage-leads"/,/<\/table>/p' "$d/rep-$lang/report.html" |
		grep -o 'data-claim="vantage-lead/[a-z]*/[0-9]*/c[0-9]*/v[12]"' | sort -u | wc -l)
	[ "$n" -eq 48 ]
	check $? "the $lang report's table of the leaders within each vantage carries the 48 vantage-lead claims ($n)"
done
cell='data-claim="vantage-lead/get/104857600/c10/v2"><span class="sw"[^>]*></span>'
grep -q "${cell}Provider B (clear)</td>" "$d/rep-en/report.html" &&
	grep -q "${cell}Provider B (명확)</td>" "$d/rep-ko/report.html"
check $? "GET 100 MiB c10 from eu-west: Provider B (clear) in en, Provider B (명확) in ko"
for lang in en ko; do
	"$render" "$d/res-same" -o "$d/rep-same-$lang" --lang "$lang" >"$tmp/render.out" 2>&1
	check $? "render of the merge with no shift ($lang)" "$(tail -n 3 "$tmp/render.out")"
done
h=$(headline "$d/rep-same-en/report.html")
[ "$h" = "Provider A led 12 of 12 PUT configurations, 12 from every vantage; Provider A led 12 of 12 GET configurations, 12 from every vantage" ]
check $? "en headline with no shift: the lead holds from every vantage ($h)"
h=$(headline "$d/rep-same-ko/report.html")
[ "$h" = "Provider A: PUT 구성 12개 중 12개 1위, 그중 12개는 모든 측정 위치에서; Provider A: GET 구성 12개 중 12개 1위, 그중 12개는 모든 측정 위치에서" ]
check $? "ko headline with no shift: the lead holds from every vantage ($h)"
echo '{"expect": {}}' >"$d/none.json"
out=$(/usr/bin/python3 "$top/tests/tools/claims_check.py" "$d/res-same/aggregate.json" "$d/none.json" \
	--report "$d/rep-same-en" --report "$d/rep-same-ko" 2>&1)
check $? "claims_check.py on the merge with no shift (en, ko): $(echo "$out" | tail -n 1)" "$(echo "$out" | grep FAIL | head -5)"
# tampered: eu-west's GET leader shown as A; a depending lead called clear
cp -r "$d/rep-en" "$d/rep-bad"
sed -i "s|\\(${cell}\\)Provider B|\\1Provider A|" "$d/rep-bad/report.html"
out=$(/usr/bin/python3 "$top/tests/tools/claims_check.py" "$d/res/aggregate.json" "$d/none.json" --report "$d/rep-bad" 2>&1)
[ $? -eq 1 ] && echo "$out" | grep -q 'FAIL .*every lead within a vantage shown in its column.*vantage-lead/get/104857600/c10/v2'
check $? "claims_check.py fails a report that shows eu-west's GET leader as A" "$(echo "$out" | tail -n 1)"
/usr/bin/python3 - "$d/res/aggregate.json" "$d/bad.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
for c in a["claims"]:
    if c["id"] == "lead/put/104857600/c10":
        c["verdict"] = "clear"
json.dump(a, open(sys.argv[2], "w"))
PY
out=$(/usr/bin/python3 "$top/tests/tools/claims_check.py" "$d/bad.json" "$d/none.json" 2>&1)
[ $? -eq 1 ] && echo "$out" | grep -q 'FAIL .*no lead that depends on the vantage is called clear.*lead/put/104857600/c10: clear'
check $? "claims_check.py fails claims that call a lead depending on the vantage clear" "$(echo "$out" | tail -n 1)"

# 7. the merge's manifest and --verify
ops="--subjects 2 --cycles 2 --one-model --noise 0.03 --no-failures --ops-logs --ops-rows 20"
# shellcheck disable=SC2086
"$fake" "$d/vus" $ops --seed 4 --vantage us-east >/dev/null 2>&1 &&
	"$fake" "$d/veu" $ops --seed 5 --vantage eu-west >/dev/null 2>&1 &&
	"$analyze" "$d/vus" "$d/veu" -o "$d/vres" >"$tmp/an3.out" 2>&1
check $? "setup: a pair with ops logs merged" "$(tail -n 3 "$tmp/an3.out")"
PATH=/usr/bin:$PATH pycheck "manifest" "$d" <<'PY'
import json, os, sys
d = sys.argv[1]
m = json.load(open(os.path.join(d, "vres/manifest.json")))
files = {}
for v, k in (("us-east", "vus"), ("eu-west", "veu")):
    for root, _, names in os.walk(os.path.join(d, k)):
        for n in names:
            rel = os.path.relpath(os.path.join(root, n), os.path.join(d, "vus"))
            files[rel] = v
got = {x["path"]: x.get("vantage") for x in m["inputs"] if x.get("role") is None}
vs = [(x["name"], x["dir"]["path"]) for x in m["options"].get("vantages", [])]
print(("ok   " if got == files and vs == [("us-east", "."), ("eu-west", "../veu")] else "FAIL ") +
      "manifest.json lists every file of both DATA_DIRs with its vantage (%d, %d files; vantages %s) %s"
      % (len(got), len(files), vs, sorted(set(files) ^ set(got))[:3]))
PY
"$analyze" --verify "$d/vres" "$d/vus" >"$tmp/v.out" 2>&1
check $? "analyze --verify of the merge passes" "$(cat "$tmp/v.out")"
f=$(find "$d/veu/runs/cycle-02" -name run.json | sort | head -n 1)
sed -i 's/"mib_s": /"mib_s": 1/' "$f"
"$analyze" --verify "$d/vres" "$d/vus" >"$tmp/v2.out" 2>&1
rc=$?
[ "$rc" -eq 5 ] && grep -qF "changed input: $f (vantage eu-west)" "$tmp/v2.out"
check $? "--verify fails (exit $rc) naming the run.json edited in the second DATA_DIR" "$(cat "$tmp/v2.out")"

# 8. the fairness facts of every DATA_DIR
# shellcheck disable=SC2086
"$fake" "$d/veu2" $ops --seed 5 --vantage eu-west >/dev/null 2>&1
find "$d/veu2" -path '*provider-a*' -name run.json -exec sed -i 's/"addressing": "path"/"addressing": "virtual"/' {} +
"$analyze" "$d/vus" "$d/veu2" -o "$d/vres2" >"$tmp/an4.out" 2>&1
check $? "setup: the pair with provider A addressing virtually from eu-west merged" "$(tail -n 3 "$tmp/an4.out")"
cat >"$tmp/facts.py" <<'PY'
import glob, json, os, sys
d, res, other, differ = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
m = json.load(open(os.path.join(d, res, "manifest.json")))
def facts(dirs, sid):
    runs, f = 0, {}
    for k in dirs:
        for p in glob.glob(os.path.join(d, k, "runs/*/*/*/run.json")):
            r = json.load(open(p))
            if r["subject"]["id"] != sid:
                continue
            runs += 1
            s = r["subject"]
            for name, v in (("addressing", s.get("addressing")), ("region", s.get("region")),
                            ("endpoint_host", s["endpoint"].split("://")[1].split("/")[0]),
                            ("scheme", s["endpoint"].split("://")[0]), ("client_host", r["host"]["hostname"])):
                f.setdefault(name, set()).add(v)
    return runs, {k: sorted(v)[0] if len(v) == 1 else sorted(v) for k, v in f.items()}
bad = []
for s in m["subjects"]:
    want = [("us-east",) + facts(["vus"], s["id"]), ("eu-west",) + facts([other], s["id"])]
    got = [(v["vantage"], v["runs"], {k: v[k] for k in want[0][2]}) for v in s.get("vantages", [])]
    runs, pooled = facts(["vus", other], s["id"])
    if got != want or s["runs"] != runs or {k: s[k] for k in pooled} != pooled or \
       s.get("vantages_differ") != differ.get(s["id"], []):
        bad.append((s["id"], got, want, s.get("vantages_differ")))
print(("ok   " if not bad and len(m["subjects"]) == 2 else "FAIL ") +
      "manifest.json: each subject's facts per vantage and over both are the run.json files' "
      "(addressing, region, endpoint, client; runs), vantages_differ %s %s" % (differ or "empty", bad[:1]))
one = json.load(open(os.path.join(d, "res-one", "manifest.json")))
print(("ok   " if all("vantages" not in s and "vantages_differ" not in s for s in one["subjects"]) else "FAIL ") +
      "one DATA_DIR's manifest has no subjects[].vantages or vantages_differ")
PY
PATH=/usr/bin:$PATH pycheck "facts" "$d" vres veu '{}' <"$tmp/facts.py"
PATH=/usr/bin:$PATH pycheck "facts (A differs)" "$d" vres2 veu2 '{"provider-a": ["addressing"]}' <"$tmp/facts.py"
"$render" "$d/vres" -o "$d/vrep-en" >/dev/null 2>&1
check $? "render of the merge with no setting differing (en)"
for lang in en ko; do
	"$render" "$d/vres2" -o "$d/vrep2-$lang" --lang "$lang" >/dev/null 2>&1
	check $? "render of the merge with A's addressing differing ($lang)"
done
grep -q 'every subject ran with the same settings from every vantage' "$d/vrep-en/report.html" &&
	grep -q '모든 대상이 모든 측정 위치에서 같은 설정으로 실행되었습니다' "$d/rep-ko/report.html"
check $? "the report (en, ko) says every subject ran with the same settings from every vantage"
grep -q 'provider-a ran with other settings from different vantages, so its figures from them measure different things: Addressing style: path (us-east), virtual (eu-west)\.' "$d/vrep2-en/report.html" &&
	grep -q 'provider-a은(는) 측정 위치마다 다른 설정으로 실행되었으므로.*: 주소 방식: path (us-east), virtual (eu-west)\.' "$d/vrep2-ko/report.html" &&
	! grep -q 'provider-b ran with other settings' "$d/vrep2-en/report.html"
check $? "the report (en, ko) says provider A ran with another addressing from eu-west, with each vantage's value, and not B"
PATH=/usr/bin:$PATH pycheck "ran differently by vantage" "$d" <<'PY'
import json, os, sys
d = sys.argv[1]
got = {r: [(c["id"], c["verdict"], c["subjects"], c["figures"]) for c in json.load(open(os.path.join(d, r, "aggregate.json")))["claims"]
           if c["kind"] == "ran-differently"] for r in ("vres", "vres2")}
want = [("ran-differently/provider-a/addressing/vantages", "differs-by-vantage", [],
         {"aspect": "addressing", "values": "addressing path (us-east), addressing virtual (eu-west)"})]
print(("ok   " if got["vres2"] == want and got["vres"] == [] else "FAIL ") +
      "claims: ran-differently/provider-a/addressing/vantages differs-by-vantage with each vantage's value, "
      "and none where no setting differs (%s)" % got)
PY
grep -q 'Provider A ran differently from different vantages: addressing: addressing path (us-east), addressing virtual (eu-west)' "$d/vrep2-en/report.html" &&
	grep -q 'Provider A은(는) 측정 위치마다 다르게 실행: addressing: addressing path (us-east), addressing virtual (eu-west)' "$d/vrep2-ko/report.html"
check $? "the report's claims (en, ko) word A's differs-by-vantage claim"
out=$(/usr/bin/python3 "$top/tests/tools/claims_check.py" "$d/vres2/aggregate.json" "$d/none.json" \
	--report "$d/vrep2-en" 2>&1)
check $? "claims_check.py on the merge with A's addressing differing (en): $(echo "$out" | tail -n 1)" "$(echo "$out" | grep FAIL | head -5)"
"$analyze" --verify "$d/vres2" "$d/vus" >"$tmp/v3.out" 2>&1
check $? "--verify of the merge with A's addressing differing passes" "$(tail -n 2 "$tmp/v3.out")"
cp -r "$d/vres2" "$d/vres2-bad"
/usr/bin/python3 - "$d/vres2-bad/manifest.json" <<'PY'
import hashlib, json, sys
def jcs(v):  # RFC 8785 for this file's values: ASCII keys, integral doubles without ".0"
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, dict):
        return {k: jcs(x) for k, x in v.items()}
    return [jcs(x) for x in v] if isinstance(v, list) else v
def digest(m):
    body = jcs({k: x for k, x in m.items() if k != "digest"})
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()
m = json.load(open(sys.argv[1]))
assert digest(m) == m["digest"], "the digest is not made again as analyze makes it"
m["subjects"][0]["vantages"][1]["addressing"] = "path"
m["digest"] = digest(m)
json.dump(m, open(sys.argv[1], "w"), indent=1)
PY
"$analyze" --verify "$d/vres2-bad" "$d/vus" >"$tmp/v4.out" 2>&1
rc=$?
[ "$rc" -eq 7 ] && grep -qF "subjects[0].vantages[1] (provider-a, vantage eu-west): addressing: 'path' recorded, 'virtual' in the run.json files of provider-a under $d/veu2/runs (vantage eu-west)" "$tmp/v4.out"
check $? "--verify fails (exit $rc) when the manifest's eu-west record of A says path, naming the vantage and its runs" "$(tail -n 1 "$tmp/v4.out")"
sed -i '/^\[subject provider-a\]/,/^$/s/^region = .*/region = eu-central-1/' "$d/veu2/campaign.ini"
"$analyze" --verify "$d/vres2" "$d/vus" >"$tmp/v5.out" 2>&1
rc=$?
[ "$rc" -eq 5 ] && grep -qF "changed input: $d/veu2/campaign.ini (vantage eu-west)" "$tmp/v5.out"
check $? "--verify fails (exit $rc) naming the second DATA_DIR's campaign.ini, its subject's region changed, and its vantage" "$(tail -n 1 "$tmp/v5.out")"
finish
