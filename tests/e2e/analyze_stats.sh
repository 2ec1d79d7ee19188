#!/usr/bin/env bash
# tests/e2e/analyze_stats.sh: the statistics of aggregate.json on synthetic campaigns with
# a known truth (build/tests/fake_campaign --one-model: two subjects with the same model,
# only --speed and --noise differ): a 20 % difference at 3 % noise over 7 cycles is a
# clear lead; 3 % at 30 % noise leaves most categories tied or unresolved; 2 cycles are
# compared unpaired (Welch, not moderated), each leader at its family of one; with 4
# subjects over 3 cycles at 5 % noise a 25 % lead is clear in every category and no
# difference is rarely one; a missing cycle leaves 6 pairs; 1 cycle tests nothing. Also: ratios are geometric means of
# per-cycle ratios, Bonferroni within each category, --alpha and the per-policy intervals.
# With Debian's python3-scipy (/usr/bin/python3), every campaign's moderation, tests,
# adjusted intervals and leader verdicts are recomputed from the runs
# (tests/unit/squeeze_ref.py for the prior; skipped without SciPy). Needs no server.
# Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
fake=${FAKE_CAMPAIGN:-$top/build/tests/fake_campaign}

for b in "$analyze" "$fake"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done
command -v python3 >/dev/null || { bad "python3 missing"; finish; }

# camp NAME ARGS...: a two-subject campaign analyzed into $tmp/NAME/results
camp() {
	local name=$1
	shift
	"$fake" "$tmp/$name" --subjects 2 --no-failures --one-model --seed 11 "$@" >/dev/null &&
		"$analyze" "$tmp/$name" 2>"$tmp/$name.err"
	check $? "$name: fake_campaign $* and analyze"
}
camp clear --cycles 7 --speed 1=1.2 --noise 0.03
camp tie --cycles 7 --speed 1=1.03 --noise 0.3
camp two --cycles 2 --speed 1=1.2 --noise 0.03
camp drop --cycles 7 --speed 1=1.2 --noise 0.03 --drop 2:4
camp one --cycles 1 --speed 1=1.2 --noise 0.03
camp four --subjects 4 --cycles 3 --speed 1=1.25 --noise 0.05
camp same4 --subjects 4 --cycles 3 --noise 0.05
"$analyze" "$tmp/tie" -o "$tmp/tie/alpha" --alpha 0.5 2>/dev/null; check $? "--alpha 0.5"
"$analyze" "$tmp/clear" -o "$tmp/clear/median" --policy median 2>/dev/null
check $? "--policy median"
"$analyze" "$tmp/clear" -o "$tmp/clear/best" --policy best 2>/dev/null; check $? "--policy best"
for v in 0 0.51 -0.1 x 1e-400 nan; do
	"$analyze" "$tmp/clear" -o "$tmp/bad" --alpha "$v" 2>"$tmp/bad.err"
	[ $? -eq 2 ] && grep -q -- "--alpha: '$v'" "$tmp/bad.err"
	check $? "--alpha $v refused (exit 2, named)"
done
[ ! -e "$tmp/bad" ]; check $? "nothing written for a refused --alpha"

pycheck "statistics" "$tmp" <<'PY'
import json, math, sys
d = sys.argv[1]
def load(name, res="results"):
    return throughput(json.load(open("%s/%s/%s/aggregate.json" % (d, name, res))))
from checks import t, throughput

a = load("clear")
t(a["format"] == "s3bench-aggregate/1.2", "format 1.2")
st = dict(a["statistics"])
mod = st.pop("moderation")
t(st == {"confidence": 0.95, "alpha": 0.05, "adjust": "bonferroni", "family": 24,
         "family_scope": "category", "leader_adjust": "holm", "power": 0.8},
  "statistics: 24 comparisons, Bonferroni within each category, Holm in each leader's family")
t(mod is not None and mod["method"] == "smyth-2004" and mod["variances"] == 24 and
  mod["df_pooled"] == 24 * 6, "statistics.moderation: the prior of 24 paired variances on 6 df")
L = a["leaders"]
t(len(L) == 24 and all(l["status"] == "clear" and l["clear"] and l["subject"] == "provider-a"
                       and l["tied_with"] == [] for l in L), "20 %, 3 % noise, 7 cycles: 24 clear leads of A")
t(all(l["detectable_ratio"] is not None and 1 < l["detectable_ratio"] < 1.2 for l in L),
  "clear: detectable ratios between 1 and 1.2")
C = a["comparisons"]
t(len(C) == 24 and all(c["test"] == "paired-t" and c["pairs"] == 7 and c["significant"]
                       and c["metric"] == "mib_s" and c["note"] is None for c in C),
  "clear: 24 significant paired-t comparisons over 7 pairs")
gm = math.exp(sum(math.log(c["ratio"]) for c in C) / len(C))
t(abs(gm - 1.2) < 0.02, "clear: ratios centre on the true 1.2 (%.4f)" % gm)
inside = sum(c["ci95"][0] <= 1.2 <= c["ci95"][1] for c in C)
t(inside >= 20, "clear: the true ratio is inside %d of 24 intervals" % inside)
counts = {(c["op"], c["subject"]): c for c in a["leader_counts"]}
t(all(counts[(op, "provider-a")]["clear"] == 12 and counts[(op, "provider-a")]["led"] == 12
      and counts[(op, "provider-b")]["tied"] == 0 for op in ("put", "get")),
  "clear: leader_counts clear 12 of 12 per op")
# the ratio is the geometric mean of the per-cycle ratios, recomputed from cells[].runs
cells = {(c["subject"], c["op"], c["size"], c["concurrency"]): c for c in a["cells"]}
ok = True
for c in C:
    ra = {r["cycle"]: r["mib_s"] for r in cells[(c["a"], c["op"], c["size"], c["concurrency"])]["runs"]}
    rb = {r["cycle"]: r["mib_s"] for r in cells[(c["b"], c["op"], c["size"], c["concurrency"])]["runs"]}
    logs = [math.log(ra[k] / rb[k]) for k in ra if k in rb]
    ok &= abs(math.exp(sum(logs) / len(logs)) - c["ratio"]) <= 1e-9 * c["ratio"]
t(ok, "ratio = geometric mean of the per-cycle ratios")
# Bonferroni within the category (one pair each here); the adjusted interval agrees with the verdict
t(all(c["family"] == 1 and abs(min(1, c["family"] * c["p"]) - c["p_adj"]) <= 1e-12 + 1e-9 * c["p_adj"]
      for c in C), "p_adj is Bonferroni's over the category's one comparison")
t(all(c["moderated"] and c["lead"]["significant"] and c["lead"]["step"] == 1 for c in C),
  "clear: moderated tests, each the leader's whole family")
t(all(c["ci_adj_level"] == 0.95 and c["ci_adj"][0] <= c["ci95"][0] and c["ci95"][1] <= c["ci_adj"][1]
      and (c["ci_adj"][0] > 1 or c["ci_adj"][1] < 1) == c["significant"] for c in C),
  "ci_adj at 0.95 holds ci95 and excludes 1 exactly when significant")
cl = [c for c in a["cells"] if c["mib_s"]["value"] is not None]
t(all(c["mib_s"]["ci_method"] == "t" and c["mib_s"]["ci_coverage"] == 0.95 and
      c["mib_s"]["ci95"][0] < c["mib_s"]["value"] < c["mib_s"]["ci95"][1] and
      c["obj_s"]["ci95"][0] < c["obj_s"]["value"] < c["obj_s"]["ci95"][1] for c in cl),
  "cells: t intervals around the mean, MiB/s and obj/s")

a = load("tie")
L = a["leaders"]
n = {k: sum(l["status"] == k for l in L) for k in ("clear", "tie", "unresolved", "untested")}
t(n["tie"] + n["unresolved"] >= 20 and n["tie"] > 0 and n["unresolved"] > 0 and n["untested"] == 0,
  "3 %%, 30 %% noise: tie or unresolved in at least 20 of 24 (%s)" % n)
t(all(l["detectable_ratio"] > 1.03 for l in L), "tie: every detectable ratio is above 1.03 (min %.3f)"
  % min(l["detectable_ratio"] for l in L))
t(all((c["ci_adj"][0] > 1 or c["ci_adj"][1] < 1) == c["significant"] for c in a["comparisons"]),
  "tie: an adjusted interval excludes 1 exactly when significant")
t(all(l["versus"] is not None and l["versus"]["subject"] == l["tied_with"][0] and
      l["versus"]["pairs"] == 7 for l in L if l["status"] in ("tie", "unresolved")),
  "tie: a tie or unresolved lead names its counterpart")
k = {s: {f: sum(c[f] for c in a["leader_counts"] if c["subject"] == s)
         for f in ("clear", "tied", "unresolved")} for s in ("provider-a", "provider-b")}
t(all(k[s] == {"clear": sum(l["status"] == "clear" and l["subject"] == s for l in L),
               "tied": n["tie"], "unresolved": n["unresolved"]} for s in k),
  "tie: leader_counts clear, tied and unresolved follow the leaders (%s)" % k)

a = load("two")
t(all(c["test"] == "welch" and c["pairs"] == 2 and c["n_a"] == 2 and not c["moderated"]
      for c in a["comparisons"]) and a["statistics"]["moderation"] is None,
  "2 cycles: unpaired Welch tests, not moderated")
t(all(l["family"] == 1 and l["clear"] == (l["status"] == "clear") and
      (l["status"] == "clear") == any(c["lead"] and c["lead"]["significant"] for c in a["comparisons"]
                                      if (c["op"], c["size"], c["concurrency"]) ==
                                      (l["op"], l["size"], l["concurrency"]))
      for l in a["leaders"]), "2 cycles: a leader is clear exactly when its one comparison is significant")
t(all(l["detectable_ratio"] is None and l["status"] != "tie" for l in a["leaders"]),
  "2 cycles: no detectable ratio, so no tie")

a = load("four")
t(all(l["status"] == "clear" and l["subject"] == "provider-a" and l["family"] == 3 for l in a["leaders"])
  and len(a["leaders"]) == 24, "4 subjects, 3 cycles, A 25 % above the rest at 5 % noise: 24 clear leads")
t(sorted(c["lead"]["step"] for c in a["comparisons"] if c["lead"]) == [1] * 24 + [2] * 24 + [3] * 24,
  "four: each leader's family of 3 decided at Holm's steps 3, 2 and 1")
a = load("same4")
n = {k: sum(l["status"] == k for l in a["leaders"]) for k in ("clear", "tie", "unresolved")}
t(n["clear"] <= 2 and n["tie"] + n["unresolved"] >= 22,
  "4 subjects alike, 3 cycles: at most 2 of 24 clear, the rest tie or unresolved (%s)" % n)

a = load("drop")
t(all(c["pairs"] == 6 and c["n_a"] == 7 and c["n_b"] == 6 and c["test"] == "paired-t"
      for c in a["comparisons"]), "B missing cycle 4: 6 pairs of 7 and 6 runs")
t(all(l["clear"] for l in a["leaders"]), "missing cycle: still clear")

a = load("one")
t(all(c["test"] is None and c["note"] == "not enough runs" and c["ci95"] is None and
      c["p"] is None and c["p_adj"] is None and not c["significant"] for c in a["comparisons"]),
  "1 cycle: no test, 'not enough runs'")
t(all(l["status"] == "untested" and not l["clear"] and l["family"] == 0 and l["versus"] is None
      for l in a["leaders"]) and a["statistics"]["family"] == 0,
  "1 cycle: leaders untested, empty families")
t(all(c["mib_s"]["ci95"] is None and c["mib_s"]["ci_method"] is None for c in a["cells"]),
  "1 cycle: no cell interval")

a = load("tie", "alpha")
t(a["statistics"]["alpha"] == 0.5, "--alpha 0.5 is written")
a = load("clear", "median")
cl = [c for c in a["cells"] if c["mib_s"]["value"] is not None]
t(all(c["mib_s"]["ci_method"] == "order-statistics" and
      abs(c["mib_s"]["ci_coverage"] - 0.984375) < 1e-9 and
      c["mib_s"]["ci95"] == [min(r["mib_s"] for r in c["runs"]), max(r["mib_s"] for r in c["runs"])]
      for c in cl), "median of 7: [min, max] with coverage 0.984375")
a = load("clear", "best")
t(all(c["mib_s"]["ci95"] is None and c["mib_s"]["ci_coverage"] is None for c in a["cells"]),
  "best-of: no interval")
PY
# Every campaign's statistics recomputed from its runs with SciPy: the prior of the paired
# variances (squeeze_ref.py), each test on the posterior variance, Bonferroni within the
# category, each leader's Holm family with its step-level intervals, the detectable ratio
# and the status (tie: every subject not shown below has its interval within [1/r, r]).
if /usr/bin/python3 -c "import scipy" 2>/dev/null; then
	PATH="/usr/bin:$PATH" pycheck "recomputed with SciPy" "$tmp" "$top" <<'PY'
import json, math, sys
sys.path.insert(0, sys.argv[2] + "/tests/unit")
from checks import t, near, throughput
from scipy import stats
from squeeze_ref import fit, posterior

def tests(a):
    """Each comparison's (log ratio, se, df, p) as recomputed; None without a test."""
    cells = {(c["subject"], c["op"], c["size"], c["concurrency"]): c for c in a["cells"]}
    raw = []
    for c in a["comparisons"]:
        if c["test"] != "paired-t":
            raw.append(None)
            continue
        side = [{r["cycle"]: r["mib_s"] for r in cells[(s, c["op"], c["size"], c["concurrency"])]["runs"]}
                for s in (c["a"], c["b"])]
        d = [math.log(side[0][k] / side[1][k]) for k in side[0] if k in side[1]]
        m = len(d)
        mean = sum(d) / m
        raw.append((mean, sum((x - mean) ** 2 for x in d) / (m - 1), m))
    prior = fit([r[1] for r in raw if r], [r[2] - 1 for r in raw if r])
    out = []
    for c, r in zip(a["comparisons"], raw):
        if c["test"] is None:
            out.append(None)
        elif r is None:  # Welch: its own se and df, read back from its interval
            q = stats.t.ppf(0.975, c["df"])
            out.append((math.log(c["ratio"]), math.log(c["ci95"][1] / c["ci95"][0]) / (2 * q),
                        c["df"], c["p"]))
        else:
            v, df = posterior(prior, r[1], r[2] - 1)
            se = math.sqrt(v / r[2])
            out.append((r[0], se, df, 2 * stats.t.sf(abs(r[0] / se), df)))
    return prior, out

def interval(d, se, df, k, alpha):
    h = stats.t.ppf(1 - alpha / (2 * k), df) * se
    return [math.exp(d - h), math.exp(d + h)]

def recheck(name, res="results"):
    a = throughput(json.load(open("%s/%s/%s/aggregate.json" % (sys.argv[1], name, res))))
    alpha, C = a["statistics"]["alpha"], a["comparisons"]
    prior, T = tests(a)
    mod = a["statistics"]["moderation"]
    if prior[1] > 0:
        t(mod is not None and mod["variances"] == prior[0] and near(mod["var_prior"], prior[2], 1e-9)
          and (near(mod["df_prior"], prior[1], 1e-7) if math.isfinite(prior[1]) else mod["df_prior"] is None),
          "%s: the prior d0 %s, s0^2 %.6g (SciPy %.6g, %.6g)" % (name, mod and mod["df_prior"],
                                                              mod and mod["var_prior"], prior[1], prior[2]))
    else:
        t(mod is None, "%s: no prior, no moderation" % name)
    cat = lambda x: (x["op"], x["size"], x["concurrency"])
    ok_t = ok_b = True
    for c, r in zip(C, T):
        if r is None:
            continue
        fam = sum(1 for x, y in zip(C, T) if y is not None and cat(x) == cat(c))
        ok_t &= near(c["p"], r[3], 1e-7) and near(c["df"], r[2], 1e-8) and all(
            near(u, v, 1e-8) for u, v in zip(c["ci95"], interval(r[0], r[1], r[2], 1, 0.05)))
        ok_b &= c["family"] == fam and near(c["p_adj"], min(1, fam * r[3]), 1e-7) and all(
            near(u, v, 1e-8) for u, v in zip(c["ci_adj"], interval(r[0], r[1], r[2], fam, alpha)))
    t(ok_t, "%s: every test's p, df and ci95 from the posterior variance" % name)
    t(ok_b, "%s: Bonferroni within each category: family, p_adj and ci_adj" % name)
    ok_l = ok_s = True
    for l in a["leaders"]:
        fam = [(c, r) for c, r in zip(C, T) if cat(c) == cat(l) and l["subject"] in (c["a"], c["b"])]
        tested = sorted([x for x in fam if x[1] is not None], key=lambda x: x[1][3])
        k, stop = len(tested), 0
        while stop < k and tested[stop][1][3] < alpha / (k - stop):
            stop += 1
        below, alike, ties = set(), True, []
        for j, (c, r) in enumerate(tested):
            step = k - min(j, stop)
            ci = interval(r[0], r[1], r[2], step, alpha)
            ok_l &= c["lead"]["step"] == step and all(near(u, v, 1e-8) for u, v in zip(c["lead"]["ci_adj"], ci))
            up = c["a"] == l["subject"]
            other, lo, hi = (c["b"], ci[0], ci[1]) if up else (c["a"], 1 / ci[1], 1 / ci[0])
            if j < stop and lo > 1:
                below.add(other)
            elif not (l["detectable_ratio"] and 1 / l["detectable_ratio"] <= lo and hi <= l["detectable_ratio"]):
                alike = False
        others = {c["b"] if c["a"] == l["subject"] else c["a"] for c, _ in fam}
        tied = others - below
        want = ("untested" if k == 0 else "clear" if not tied else
                "tie" if alike and len(tested) == len(fam) else "unresolved")
        ok_s &= l["family"] == k and set(l["tied_with"]) == tied and l["status"] == want
        paired = [(c, r) for c, r in zip(C, T) if cat(c) == cat(l) and c["test"] == "paired-t"]
        if paired:
            c0 = min(paired, key=lambda x: x[0]["pairs"])
            sd = math.sqrt(sum((c["pairs"] - 1) * c["pairs"] * r[1] ** 2 for c, r in paired)
                           / sum(c["pairs"] - 1 for c, _ in paired))
            r_want = math.exp((stats.t.ppf(1 - alpha / 2, c0[1][2]) + stats.t.ppf(0.8, c0[1][2]))
                              * sd / math.sqrt(c0[0]["pairs"]))
            ok_s &= near(l["detectable_ratio"], r_want, 1e-7)
    t(ok_l, "%s: each leader's family: Holm's steps and intervals at their levels" % name)
    t(ok_s, "%s: each leader's family size, tie group, detectable ratio and status" % name)

for name in ("clear", "tie", "two", "drop", "four", "same4"):
    recheck(name)
recheck("tie", "alpha")
PY
else
	bad "recomputed with SciPy: /usr/bin/python3 has no scipy (scripts/setup installs python3-scipy)"
fi
finish
