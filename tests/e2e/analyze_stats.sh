#!/usr/bin/env bash
# tests/e2e/analyze_stats.sh: the statistics of aggregate.json 1.1 on synthetic
# campaigns with a known truth (build/tests/fake_campaign --one-model: two subjects
# with the same model, only --speed and --noise differ): a 20 % difference at 3 %
# noise over 7 cycles is a clear lead; 3 % at 30 % noise is a tie whose detectable
# ratio is above 1.03; 2 cycles make no clear claim; a missing cycle leaves 6 pairs;
# 1 cycle tests nothing. Also: ratios are geometric means of per-cycle ratios, Holm
# over the whole report, --alpha and the per-policy intervals. Needs no server.
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
    return json.load(open("%s/%s/%s/aggregate.json" % (d, name, res)))
from checks import t

a = load("clear")
t(a["format"] == "s3bench-aggregate/1.2", "format 1.2")
t(a["statistics"] == {"confidence": 0.95, "alpha": 0.05, "adjust": "bonferroni", "family": 24,
                      "power": 0.8}, "statistics: 24 comparisons in the Bonferroni family")
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
# Bonferroni over the report, recomputed; the adjusted interval agrees with the verdict
t(all(abs(min(1, len(C) * c["p"]) - c["p_adj"]) <= 1e-12 + 1e-9 * c["p_adj"] for c in C),
  "p_adj is Bonferroni's")
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
t(all(l["status"] == "tie" and not l["clear"] and len(l["tied_with"]) == 1 for l in L),
  "3 %, 30 % noise: 24 ties")
t(all(l["detectable_ratio"] > 1.03 for l in L), "tie: every detectable ratio is above 1.03 (min %.3f)"
  % min(l["detectable_ratio"] for l in L))
t(not any(c["significant"] for c in a["comparisons"]), "tie: no comparison significant")
t(all(c["ci_adj"][0] <= 1 <= c["ci_adj"][1] for c in a["comparisons"] if c["ci_adj"]),
  "tie: every adjusted interval crosses 1")
t(sum(c["clear"] for c in a["leader_counts"]) == 0 and
  all(c["tied"] == 12 for c in a["leader_counts"]), "tie: leader_counts tied 12, clear 0")

a = load("two")
t(not any(l["clear"] for l in a["leaders"]), "2 cycles: no clear lead")
t(all(c["test"] == "welch" and c["pairs"] == 2 and c["n_a"] == 2 and not c["significant"]
      for c in a["comparisons"]), "2 cycles: unpaired Welch tests, none significant")
t(all(l["detectable_ratio"] is None for l in a["leaders"]), "2 cycles: no detectable ratio")

a = load("drop")
t(all(c["pairs"] == 6 and c["n_a"] == 7 and c["n_b"] == 6 and c["test"] == "paired-t"
      for c in a["comparisons"]), "B missing cycle 4: 6 pairs of 7 and 6 runs")
t(all(l["clear"] for l in a["leaders"]), "missing cycle: still clear")

a = load("one")
t(all(c["test"] is None and c["note"] == "not enough runs" and c["ci95"] is None and
      c["p"] is None and c["p_adj"] is None and not c["significant"] for c in a["comparisons"]),
  "1 cycle: no test, 'not enough runs'")
t(all(l["status"] == "untested" and not l["clear"] for l in a["leaders"]) and
  a["statistics"]["family"] == 0, "1 cycle: leaders untested, empty family")
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
finish
