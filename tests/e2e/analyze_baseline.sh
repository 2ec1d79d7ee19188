#!/usr/bin/env bash
# tests/e2e/analyze_baseline.sh: `analyze DATA_DIR --baseline OLD_RESULTS_DIR` on two
# synthetic campaigns with a known truth (build/tests/fake_campaign, other seeds, 5 %
# noise everywhere): the new one has one cell at 0.75 times its throughput
# (--cell 1:put:5242880:5=0.75) and a third subject the old one lacks. Exactly that
# cell is flagged, as a regression, its 95 % interval covering 0.75; the third
# subject's cells are listed as only new; each compared cell is a change claim, the
# report's changes table and summary marked with them; a broken baseline names its file and field
# (exit 2). Needs no server. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
fake=${FAKE_CAMPAIGN:-$top/build/tests/fake_campaign}

for b in "$analyze" "$fake"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done

"$fake" "$tmp/old" --subjects 2 --cycles 6 --seed 1 --noise 0.05 --no-failures >/dev/null &&
	"$analyze" "$tmp/old" 2>"$tmp/old.err"
check $? "old campaign written and analyzed"
"$fake" "$tmp/new" --subjects 3 --cycles 6 --seed 2 --noise 0.05 --no-failures \
	--cell 1:put:5242880:5=0.75 >/dev/null &&
	"$analyze" "$tmp/new" --baseline "$tmp/old/results" 2>"$tmp/new.err"
check $? "new campaign analyzed against the old one"
grep -q "against the baseline $tmp/old/results/aggregate.json: 1 significant changes" \
	"$tmp/new.err"
check $? "stderr names the baseline and counts 1 significant change"

pycheck "baseline" "$tmp/new/results/aggregate.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))["baseline"]
from checks import t
sig = [c for c in b["cells"] if c["significant"]]
t(len(sig) == 1 and b["significant"] == 1, "exactly one cell significant (%d)" % len(sig))
c = sig[0] if sig else {}
t((c.get("subject"), c.get("op"), c.get("size"), c.get("concurrency")) ==
  ("provider-a", "put", 5242880, 5), "it is provider-a put 5MiB c5: %s" % c.get("subject"))
t(c.get("change") == "regression" and c.get("ratio", 1) < 1, "a regression, ratio %s" % c.get("ratio"))
lo, hi = c.get("ci95") or (9, 9)
t(lo <= 0.75 <= hi, "its 95 %% interval [%s, %s] covers 0.75" % (lo, hi))
t(all(x["ci_adj_level"] == 0.95 and (x["ci_adj"] is not None) == (x["test"] is not None) for x in b["cells"])
  and all((x["ci_adj"][0] > 1 or x["ci_adj"][1] < 1) == x["significant"] for x in b["cells"] if x["ci_adj"]),
  "every cell's ci_adj excludes 1 exactly when it is significant")
t(c.get("p_adj", 1) < b["alpha"] and c.get("p") <= c.get("p_adj"), "p %s <= Bonferroni's p_adj %s < alpha" % (c.get("p"), c.get("p_adj")))
t(b["family"] == 48 and len(b["cells"]) == 48, "48 cells compared, Bonferroni family 48 (%s)" % b["family"])
t(len(b["only_new"]) == 24 and {x["subject"] for x in b["only_new"]} == {"provider-c"}
  and b["only_old"] == [], "provider-c's 24 cells only new, none only old")
t(all(x["n_old"] == 6 and x["n_new"] == 6 and x["test"] == "welch" for x in b["cells"]), "6 runs a side, Welch")
lat = c.get("latency_ms") or {}
t(lat.get("basis") in ("pooled", "run-mean") and lat["p50"]["ratio"] > 1,
  "latency change beside it (%s, p50 x%.2f)" % (lat.get("basis"), lat.get("p50", {}).get("ratio", 0)))
t(b["test"] == "welch" and b["adjust"] == "bonferroni" and b["source"].endswith("old/results/aggregate.json"),
  "test, adjustment and source named")
PY

# The report opens with the Changes section, naming the cell.
render=${RENDER:-$top/bin/render}
"$render" "$tmp/new/results" -o "$tmp/report" --format html >/dev/null 2>&1
python3 - "$tmp/report/report.html" <<'PY'
import html, re, sys
t = open(sys.argv[1]).read()
i, j = t.find('<h2 id="changes"'), t.find('<h2 id="environment"')
sec = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", t[i:j])))
ok = 0 <= i < j and "Changes since synthetic-fixture, 2026-" in sec and \
    "1 of 48 compared cells changed significantly: 1 regressions" in sec and \
    re.search(r"provider-a put 5MiB c5 [0-9.,]+ [0-9.,]+ -2[0-9] %", sec) and \
    t.find('<h2 id="changes"') < t.find('<h2 id="put"')
svg = re.findall(r"<svg.*?</svg>", t[i:j], re.S)
ok = ok and len(svg) == 1 and "provider-a put 5MiB c5" in svg[0] and "#c0392b" in svg[0]
sys.exit(0 if ok else 1)
PY
check $? "render: 'Changes since' before the PUT section, the cell and its change named, a forest plot with its red row"

# The changes as claims: the one regression a change claim, the rest no-change, the table's
# row and the summary marked with them (tests/tools/claims_check.py).
pycheck "change claims" "$tmp/new/results/aggregate.json" <<'PY'
import json, sys
from checks import t
ch = {c["id"]: c for c in json.load(open(sys.argv[1]))["claims"] if c["kind"] == "change"}
reg = ch.get("change/put/5242880/c5/provider-a", {})
t(reg.get("verdict") == "regression" and reg["figures"]["old"] > reg["figures"]["new"]
  and reg["figures"]["ci_adj_hi"] < 1 and reg["figures"]["p_adj"] < 0.05,
  "change/put/5242880/c5/provider-a: a regression, its figures (%s)" % reg.get("figures"))
t(sum(c["verdict"] == "no-change" for c in ch.values()) == 47, "47 cells no-change")
s = ch.get("change/summary", {})
t(s.get("verdict") == "changed" and s["figures"]["regressions"] == 1 and s["figures"]["compared"] == 48,
  "change/summary: changed, 1 regression of 48 (%s)" % s.get("figures"))
PY
echo '{}' >"$tmp/none.json"
python3 "$top/tests/tools/claims_check.py" "$tmp/new/results/aggregate.json" "$tmp/none.json" \
	--report "$tmp/report" >"$tmp/check.out" 2>&1
check $? "claims_check.py on the report: $(tail -1 "$tmp/check.out"; grep FAIL "$tmp/check.out" | head -3)"

# A broken baseline: the file and the field named, exit 2, nothing written.
mkdir -p "$tmp/broken"
python3 - "$tmp/old/results/aggregate.json" "$tmp/broken/aggregate.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
a["cells"][3]["runs"][1]["mib_s"] = "fast"
json.dump(a, open(sys.argv[2], "w"))
PY
"$analyze" "$tmp/new" -o "$tmp/out2" --baseline "$tmp/broken" 2>"$tmp/broken.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "broken/aggregate.json: cells\[3\].runs\[1\].mib_s: missing or not a number" \
	"$tmp/broken.err" && [ ! -e "$tmp/out2/aggregate.json" ]
check $? "a bad field: exit 2 ($rc), '$(head -c 160 "$tmp/broken.err")'"
"$analyze" "$tmp/new" -o "$tmp/out3" --baseline "$tmp/nowhere" 2>"$tmp/missing.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "nowhere/aggregate.json" "$tmp/missing.err"
check $? "a missing baseline: exit 2 ($rc), the file named"
finish
