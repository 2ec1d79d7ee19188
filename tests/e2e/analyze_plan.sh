#!/usr/bin/env bash
# tests/e2e/analyze_plan.sh: the planner (analyze --target-ci; docs/METHODOLOGY.md, "Planning
# cycles") on synthetic campaigns (build/tests/fake_campaign: two subjects, 3 cycles, 5 % and
# 20 % noise; subject A's runs given prices and a bill): every cell's and comparison's
# cycles_needed recomputed from aggregate.json's figures with SciPy (tests/unit/planner_ref.py:
# the Student-t rule of the mean, the order-statistic rule of the median, the detectable ratio
# at the category's Bonferroni level; a comparison's se from its ci95), each op's plan from its
# members, the runs' elapsed times and bills (run.json); --policy median and best, one cycle,
# 10000 cycles passed (--target-ci 0.1%); bad --target-ci refused; the report's Methodology
# says it in English and Korean; the manifest records the target and --verify derives with
# it. Policy best-of-means with --repeat and from campaign.ini: its groups and figures against
# values set by hand, its bad options, its manifest, --verify, the rule under the report's
# tables and the appendix's groups (en, ko). Needs no server; fails without SciPy.
# Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
fake=${FAKE_CAMPAIGN:-$top/build/tests/fake_campaign}
render=${RENDER:-$top/bin/render}

for b in "$analyze" "$fake" "$render"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done
if ! /usr/bin/python3 -c 'import scipy' 2>/dev/null; then
	bad "/usr/bin/python3 has no scipy (scripts/setup installs python3-scipy)"
	finish
fi

# camp NAME ARGS...: a two-subject campaign written into $tmp/NAME
camp() {
	local name=$1
	shift
	"$fake" "$tmp/$name" --subjects 2 --no-failures --one-model --seed 7 "$@" >/dev/null
	check $? "$name: fake_campaign $*"
}
camp steady --cycles 3 --speed 1=1.2 --noise 0.05
camp noisy --cycles 3 --speed 1=1.05 --noise 0.2
camp one --cycles 1 --noise 0.05
camp logged --cycles 3 --noise 0.05 --ops-logs
# subject A's runs priced: 5 per 1000 class A requests, 1000 of them per run (5 a run)
/usr/bin/python3 - "$tmp/steady" <<'PY'
import glob, json, sys
for f in glob.glob(sys.argv[1] + "/runs/cycle-*/provider-a/*/run.json"):
    d = json.load(open(f))
    d["prices"] = {"currency": "EUR", "price_unit": "GiB", "egress": "internet", "date": None,
                   "storage_per_gb_month": 0, "egress_per_gb": 0, "ingress_per_gb": 0,
                   "class_a_per_1000": 5, "class_b_per_1000": 0, "delete_per_1000": 0,
                   "min_storage_days": 0, "min_object_size": 0, "free_egress_gb": 0,
                   "free_egress_ratio": 0}
    z = {k: 0 for k in ("class_a", "class_b", "delete", "bytes_in", "bytes_out", "xml_in",
                        "xml_out", "objects", "object_bytes")}
    z["storage_byte_s"] = 0.0
    d["billing"] = {"prepare": None, "benchmark": dict(z, class_a=1000), "cleanup": None}
    json.dump(d, open(f, "w"))
PY
check $? "steady: subject A's runs priced"

run() { # run NAME DIR ARGS...: analyze DIR -o $tmp/out/NAME ARGS...
	local name=$1 dir=$2
	shift 2
	"$analyze" "$dir" -o "$tmp/out/$name" "$@" 2>"$tmp/$name.err"
	check $? "analyze $name $*"
}
run steady "$tmp/steady"
run steady2 "$tmp/steady" --target-ci 2%
run noisy "$tmp/noisy" --target-ci 10%
run median "$tmp/steady" --policy median
run best "$tmp/steady" --policy best
run one "$tmp/one"
run tiny "$tmp/noisy" --target-ci 0.1%
for v in 0% 50.5% 5 -1% x; do
	"$analyze" "$tmp/steady" -o "$tmp/bad" --target-ci "$v" 2>"$tmp/bad.err"
	[ $? -eq 2 ] && grep -q -- "--target-ci: " "$tmp/bad.err"
	check $? "--target-ci $v refused (exit 2, named)"
done
[ ! -e "$tmp/bad" ]; check $? "nothing written for a refused --target-ci"
# the target is an option of the analysis: the manifest records it and --verify derives with it
run logged "$tmp/logged" --target-ci 7%
grep -q -- '--target-ci 7% --client-limits' "$tmp/out/logged/manifest.json" &&
	grep -q '"target_ci": 0.07' "$tmp/out/logged/manifest.json"
check $? "manifest: options.target_ci 0.07 and --target-ci 7% in its command"
"$analyze" --verify "$tmp/out/logged" "$tmp/logged" >"$tmp/verify.log" 2>&1
check $? "--verify derives the results again with --target-ci 7% ($(tail -1 "$tmp/verify.log"))"
for l in en ko; do
	"$render" "$tmp/out/steady2" -o "$tmp/report-$l" --lang "$l" -f html 2>"$tmp/render-$l.err"
	check $? "render --lang $l"
done

PATH="/usr/bin:$PATH" pycheck "planner" "$tmp" "$top" <<'PY'
import glob, json, math, os, re, sys
d, top = sys.argv[1], sys.argv[2]
sys.path.insert(0, top + "/tests/unit")
import planner_ref as P
from scipy import stats
from checks import t, near

def load(name):
    return json.load(open("%s/out/%s/aggregate.json" % (d, name)))

def key(c):
    return c["obj_s"] if c["size"] == 0 else c["mib_s"]

def cell_rule(a, c):
    f, target = key(c), a["planner"]["target_ci"]
    if a["policy"]["name"] == "best":
        return None, "the best-of-N figure has no interval"
    if c["n"] < 2 or f["stddev"] is None:
        return None, "fewer than 2 valid runs"
    if a["policy"]["name"] == "median":
        n = P.median_rule(f["stddev"], f["median"], target)
    else:
        n = P.mean_rule(f["stddev"], f["mean"], target)
    return n, None if n else "more than 10000 cycles"

def cmp_rule(a, c):
    """the comparison rule on the variance its test used: se from ci95 and df"""
    if c["test"] != "paired-t" or c["pairs"] < 3:
        return None, "no paired test (fewer than 3 common cycles)", False
    lo, hi = c["ci95"]
    se = math.log(hi / lo) / (2 * stats.t.ppf(0.975, c["df"]))
    sd, extra = math.sqrt(c["pairs"]) * se, max(0.0, c["df"] - (c["pairs"] - 1))
    n = P.ratio_rule(sd, extra, c["family"], a["statistics"]["alpha"], a["planner"]["target_ci"])
    # a need on the boundary may differ by one: ci95 is written with 15 digits
    edge = n is not None and n > 3 and abs(P.detectable(
        sd, n - 1, n - 2 + extra, a["statistics"]["alpha"] / c["family"]) - 1 -
        a["planner"]["target_ci"]) < 1e-9
    return n, None if n else "more than 10000 cycles", edge

def tput(a):
    """the throughput comparisons (comparisons[] also holds the tails': p50_ms, p99_ms)"""
    return [c for c in a["comparisons"] if c["metric"] in ("mib_s", "obj_s")]

def check_needs(name):
    a = load(name)
    bad = [(c["subject"], c["op"], c["size"], c["concurrency"], c["cycles_needed"], cell_rule(a, c))
           for c in a["cells"] if (c["cycles_needed"], c["plan_note"]) != cell_rule(a, c)]
    t(not bad, "%s: every cell's cycles_needed is SciPy's (%d cells; %s)"
      % (name, len(a["cells"]), bad[:2]))
    badc = []
    for c in tput(a):
        n, note, edge = cmp_rule(a, c)
        if (c["cycles_needed"], c["plan_note"]) != (n, note) and not (
                edge and abs(c["cycles_needed"] - n) <= 1):
            badc.append((c["op"], c["size"], c["concurrency"], c["cycles_needed"], n))
    t(not badc and all("cycles_needed" not in c for c in a["comparisons"] if c not in tput(a)),
      "%s: every throughput comparison's cycles_needed is SciPy's, the tails' have none (%d; %s)"
      % (name, len(tput(a)), badc[:2]))
    return a

def run_files(name):
    return [json.load(open(f)) for f in glob.glob("%s/%s/runs/cycle-*/*/*/run.json" % (d, name))]

def check_plan(a, dirname, name):
    p, cyc = a["planner"], a["campaign"]["cycles"]
    t(p["cycles"] == cyc and p["max_cycles"] == 10000 and p["confidence"] == 0.95 and
      p["power"] == 0.8 and [o["op"] for o in p["ops"]] == a["matrix"]["ops"],
      "%s: planner head, one entry per matrix op" % name)
    runs = run_files(dirname)
    ok = True
    for o in p["ops"]:
        mine = [r for r in runs if r["workload"]["op"] == o["op"]]
        hours = sum(r["wrapper"]["elapsed_s"] for r in mine) / cyc / 3600
        priced = [r for r in mine if r.get("prices")]
        cost = 5.0 * len(priced) / cyc if priced else None
        ok &= near(o["cycle_hours"], hours) and near(o["cycle_cost"], cost, none=True)
        ok &= (o["currency"] == "EUR") == bool(priced)
        for part, members in (("cells", [c for c in a["cells"] if c["op"] == o["op"]]),
                              ("comparisons", [c for c in tput(a) if c["op"] == o["op"]])):
            x = o[part]
            needs = [c["cycles_needed"] for c in members if c["cycles_needed"] is not None]
            beyond = sum(c["plan_note"] == "more than 10000 cycles" for c in members)
            want = None if beyond or not needs else max(needs)
            ok &= x["cycles_needed"] == want and x["beyond"] == beyond
            ok &= x["planned"] == len(needs) + beyond and x["unplanned"] == len(members) - x["planned"]
            if want is None:
                ok &= x["more_cycles"] is None and x["hours"] is None and x["cost"] is None
                continue
            more = max(0, want - cyc)
            ok &= x["more_cycles"] == more and near(x["hours"], more * o["cycle_hours"])
            ok &= near(x["cost"], None if o["cycle_cost"] is None else more * o["cycle_cost"], none=True)
            top3 = sorted((c["cycles_needed"] for c in members
                           if c["cycles_needed"] is not None and c["cycles_needed"] > cyc), reverse=True)[:3]
            ok &= [dr["cycles_needed"] for dr in x["drivers"]] == top3
            ok &= all(("b" in dr) == (part == "comparisons") for dr in x["drivers"])
    t(ok, "%s: each op's plan: the most its members need, more cycles, hours and cost per cycle"
      " from the runs' elapsed times and bills, the drivers most first" % name)

a = check_needs("steady")
check_plan(a, "steady", "steady")
t(a["planner"]["target_ci"] == 0.05, "steady: the default target is 5 %")
t(all(o["cells"]["cycles_needed"] is not None and o["comparisons"]["cycles_needed"] is not None
      for o in a["planner"]["ops"]), "steady: every op has a plan for its cells and comparisons")
a2 = check_needs("steady2")
check_plan(a2, "steady", "steady2")
t(all(x["cells"]["cycles_needed"] >= y["cells"]["cycles_needed"]
      for x, y in zip(a2["planner"]["ops"], a["planner"]["ops"])) and
  sum(x["cells"]["more_cycles"] for x in a2["planner"]["ops"]) >
  sum(y["cells"]["more_cycles"] for y in a["planner"]["ops"]),
  "2 %% needs more cycles than 5 %% (%s)" % [o["cells"]["cycles_needed"] for o in a2["planner"]["ops"]])
t(all(o["cells"]["cost"] > 0 and o["currency"] == "EUR" for o in a2["planner"]["ops"]),
  "steady2: the more cycles cost money (A's priced runs)")
n = check_needs("noisy")
check_plan(n, "noisy", "noisy")
m = check_needs("median")
check_plan(m, "steady", "median")
t(all(c["cycles_needed"] is None or c["cycles_needed"] >= 6 for c in m["cells"]),
  "median: a 95 % order-statistic interval needs at least 6 cycles")
b = load("best")
t(all(c["cycles_needed"] is None and c["plan_note"] == "the best-of-N figure has no interval"
      for c in b["cells"]) and all(o["cells"]["cycles_needed"] is None and
                                   o["cells"]["unplanned"] > 0 for o in b["planner"]["ops"]),
  "best: no cell plan, the note says why")
one = check_needs("one")
t(all(c["plan_note"] == "fewer than 2 valid runs" for c in one["cells"]) and
  all(o["cells"]["cycles_needed"] is None and o["comparisons"]["cycles_needed"] is None
      for o in one["planner"]["ops"]), "1 cycle: nothing to plan from")
tiny = check_needs("tiny")
check_plan(tiny, "noisy", "tiny")
t(all(o["cells"]["beyond"] > 0 and o["cells"]["cycles_needed"] is None and
      all(dr["cycles_needed"] is None for dr in o["cells"]["drivers"][:1])
      for o in tiny["planner"]["ops"]),
  "0.1 % at 20 % noise: beyond 10000 cycles, said as such")
PY

pycheck "report" "$tmp" <<'PY'
import json, re, sys
from checks import t
d = sys.argv[1]
a = json.load(open(d + "/out/steady2/aggregate.json"))
for lang, head, word in (("en", "Planning cycles", "cell intervals: %s cycles, %s more"),
                         ("ko", "주기 계획", "셀 구간: 주기 %s개, 실행한 것보다 %s개 더")):
    h = re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", open("%s/report-%s/report.html" % (d, lang)).read()))
    t(head in h, "%s: the Methodology has %s" % (lang, head))
    for o in a["planner"]["ops"]:
        x = o["cells"]
        t((word % (x["cycles_needed"], x["more_cycles"])) in h,
          "%s: %s's cells: %s cycles, %s more" % (lang, o["op"], x["cycles_needed"], x["more_cycles"]))
    t("EUR" in h[h.find(head):], "%s: the more cycles' cost in EUR" % lang)
PY
# policy best-of-means (docs/METHODOLOGY.md, "Policies"): 7 cycles in groups of 3, figures
# set by hand so that the answer differs from the mean, the best run and the best group of
# any length: A's PUT 5 MiB c1 runs 10 20 30 | 40 50 60 | 500 -> groups 20, 50, 500 (1 of 3,
# incomplete) -> 50; B's 10 20 30 | excluded 50 60 | 70 -> 20 (55 is a group of 2 of 3)
camp bom --cycles 7 --noise 0.05
/usr/bin/python3 - "$tmp/bom" <<'PY'
import glob, json, sys
figs = {"provider-a": [10, 20, 30, 40, 50, 60, 500], "provider-b": [10, 20, 30, 0, 50, 60, 70]}
for subj, v in figs.items():
    for cy in range(1, 8):
        f = glob.glob("%s/runs/cycle-%02d/%s/put-5MiB-c1/run.json" % (sys.argv[1], cy, subj))[0]
        d = json.load(open(f))
        d["summary"]["mib_s"], d["summary"]["obj_s"] = v[cy - 1], v[cy - 1] / 5
        json.dump(d, open(f, "w"))
PY
check $? "bom: PUT 5 MiB c1 figures set by hand"
run bom "$tmp/bom" --policy best-of-means --repeat 3
for bad in "--policy best-of-means" "--repeat 3" "--policy mean --repeat 3" \
	"--policy best-of-means --repeat 0"; do
	# shellcheck disable=SC2086
	"$analyze" "$tmp/bom" -o "$tmp/bad" $bad 2>"$tmp/bad.err"
	[ $? -eq 2 ] && grep -q -- "--repeat" "$tmp/bad.err"
	check $? "analyze $bad refused, naming --repeat ($(head -1 "$tmp/bad.err"))"
done
printf 'policy = best-of-means\nrepeat = 3\n' >"$tmp/bom.keys"
sed -i "/^cycles = 7/r $tmp/bom.keys" "$tmp/bom/campaign.ini"
run bomini "$tmp/bom"
grep -q -- '--policy best-of-means --min-samples 1 .* --repeat 3' "$tmp/out/bomini/manifest.json" &&
	grep -q '"repeat": 3' "$tmp/out/bomini/manifest.json"
check $? "manifest: options.repeat 3 and --repeat 3 in its command"
run logbom "$tmp/logged" --policy best-of-means --repeat 2 # runs with ops logs
"$analyze" --verify "$tmp/out/logbom" "$tmp/logged" >"$tmp/verify-bom.log" 2>&1
check $? "--verify derives best-of-means --repeat 2 again ($(tail -1 "$tmp/verify-bom.log"))"
for l in en ko; do
	"$render" "$tmp/out/bom" -o "$tmp/bom-$l" --lang "$l" -f html 2>"$tmp/bom-render-$l.err"
	check $? "render best-of-means --lang $l"
done
PATH="/usr/bin:$PATH" pycheck "best-of-means" "$tmp" <<'PY'
import json, re, sys
from checks import t
d = sys.argv[1]
for name in ("bom", "bomini"):
    a = json.load(open("%s/out/%s/aggregate.json" % (d, name)))
    t(a["policy"]["name"] == "best-of-means" and a["policy"]["repeat"] == 3,
      "%s: policy best-of-means, repeat 3 (%s)" % (name, a["policy"]))
    cell = {c["subject"]: c for c in a["cells"]
            if c["op"] == "put" and c["size"] == 5 << 20 and c["concurrency"] == 1}
    for subj, value, groups in (
            ("provider-a", 50, [(1, 3, 3, 20), (4, 6, 3, 50), (7, 9, 1, 500)]),
            ("provider-b", 20, [(1, 3, 3, 20), (4, 6, 2, 55), (7, 9, 1, 70)])):
        c = cell[subj]
        got = [(g["first_cycle"], g["last_cycle"], g["n"], round(g["mib_s"], 9))
               for g in c["groups"]]
        t(got == groups, "%s: %s's groups %s (expected %s)" % (name, subj, got, groups))
        t(abs(c["mib_s"]["value"] - value) < 1e-9 and abs(c["obj_s"]["value"] - value / 5) < 1e-9,
          "%s: %s's figure %s MiB/s, %s obj/s (expected %s, %s)" % (
              name, subj, c["mib_s"]["value"], c["obj_s"]["value"], value, value / 5))
        t(c["mib_s"]["ci95"] is None and c["cycles_needed"] is None and
          c["plan_note"] == "the best-of-means figure has no interval",
          "%s: %s: no interval, no plan (%s)" % (name, subj, c["plan_note"]))
    others = [c for c in a["cells"] if "groups" in c and len(c["groups"]) == 3 and
              c["n"] == 7 and abs(c["mib_s"]["value"] -
                                  max(g["mib_s"] for g in c["groups"][:2])) > 1e-9]
    t(not others, "%s: every full cell's figure is its best complete group (%d not)" % (
        name, len(others)))
rule = {"en": ("the cycles are grouped in consecutive 3s",
               "PUT throughput per group of 3 consecutive cycles"),
        "ko": ("주기를 연속된 3개씩 묶어", "연속된 3개 주기 묶음별 PUT 처리량")}
for lang, (words, caption) in rule.items():
    h = re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", open("%s/bom-%s/report.html" % (d, lang)).read()))
    tables = len(re.findall(r"<table", open("%s/bom-%s/report.html" % (d, lang)).read()))
    t(h.count(words) >= 3, "%s: the rule named under the tables (%d times)" % (lang, h.count(words)))
    t(caption in h and "(1/3)" in h and "(2/3)" in h,
      "%s: the appendix's groups table, incomplete groups marked" % lang)
PY
finish
