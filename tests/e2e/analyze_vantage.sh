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
#      claims_check.py, the vantage verdicts carrying their claims.
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
    leads = sorted((l["vantage"], l["op"], l["subject"], l["status"]) for l in V.get("leads", []))
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
finish
