#!/usr/bin/env bash
# tests/e2e/analyze_tails.sh: tails in aggregate.json and the report, end to end. Two subjects
# on the same nginx: `near` directly, `far` through build/tests/wanem holding 2 % of the
# answers 100 ms (`--tail 2%:100ms`); 3 cycles of 4 KiB GETs at concurrency 4 for 4 s, and a
# second campaign's `hedge = p95` run of `far` put beside them. analyze --hedge, then:
#   - latency_ms.pooled / ttfb_ms.pooled carry p50..p999 _supported and _ci95, each interval
#     around its percentile, p999 supported exactly when 2,995 requests stand behind it;
#   - comparisons[] has p50_ms and p99_ms entries: near's p99 against far's (the 100 ms tail)
#     is "a-lower" (near / far below 1, significant; 0.05 on an idle machine, 0.25 when
#     other load stalls near's requests), and tail_leaders[] names near the clear p99 leader;
#   - timeseries[].latency: one entry per second, requests summing to the successful
#     requests of the seconds, max_ms always, p99_ms exactly from 299 requests a second;
#   - hedge[]: each cell's what-if (p95, p99, 2s), and the live-hedged cell (workload_cells[]
#     `hedge` "p95") measured beside far's what-if at p95;
#   - the report (en, ko): the latency table's intervals and near's p99 marked, the p99
#     forest plot, the hedging section with its assumption and the live cell, latency per
#     second; and on build/tests/fake_campaign's 96 requests a cell, the p99 greyed "too few
#     requests (n = 96)", untested and unranked.
# About 50 s. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
collect=${COLLECT:-$top/bin/collect}
render=${RENDER:-$top/bin/render}
wanem=${WANEM:-$top/build/tests/wanem}
[ -x "$collect" ] && [ -x "$wanem" ] && [ -x "$analyze" ] && [ -x "$render" ] ||
	{ bad "bin/collect, bin/analyze, bin/render or build/tests/wanem missing: make tests"; finish; }

nginx_wanem tails --tail 2%:100ms --seed 11 --max-seconds 300

# campaign NAME CYCLES EXTRA SUBJECTS...: $tmp/NAME.ini
campaign() {
	local name=$1 cycles=$2 extra=$3 s
	shift 3
	printf '[campaign]\nname = %s\ncycles = %s\n[matrix]\nops = get\nsizes = 4KiB\n' "$name" "$cycles" >"$tmp/$name.ini"
	printf 'concurrency = 4\nduration = 4s\nobjects = 20\n%s\n' "$extra" >>"$tmp/$name.ini"
	for s in "$@"; do
		printf '[subject %s]\nendpoint = %s\nbucket = %s\naddressing = path\ncredentials = env:NG_AWS\n' \
			"$s" "$([ "$s" = near ] && echo "$ep" || echo "$far")" "$bucket" >>"$tmp/$name.ini"
	done
}
campaign tails 3 "" near far
campaign hedged 1 "hedge = p95" far
d=$tmp/data
"$collect" "$tmp/tails.ini" -o "$d" --no-preflight >"$tmp/collect.out" 2>&1
check $? "the campaign runs ($(tail -n 1 "$tmp/collect.out"))"
"$collect" "$tmp/hedged.ini" -o "$tmp/h" --no-preflight >"$tmp/collect-h.out" 2>&1
check $? "the hedged campaign runs ($(tail -n 1 "$tmp/collect-h.out"))"
cp -r "$tmp/h/runs/cycle-01/far/get-4KiB-c4-hp95" "$d/runs/cycle-01/far/"

"$analyze" "$d" --hedge -o "$d/results" >"$tmp/hedge.out" 2>"$tmp/analyze.err"
check $? "analyze --hedge exits 0 ($(tail -n 1 "$tmp/analyze.err"))"
grep "live at" "$tmp/hedge.out"

pycheck "aggregate.json" "$d/results/aggregate.json" <<'PY'
import json, math, sys
from checks import t
d = json.load(open(sys.argv[1]))
cells = {c["subject"]: c for c in d["cells"] if c["op"] == "get"}
t(set(cells) == {"near", "far"}, "a get cell per subject: %s" % sorted(cells))
for s, c in sorted(cells.items()):
    for fig in ("latency_ms", "ttfb_ms"):
        p = c[fig]["pooled"]
        n = p["requests"]
        for k, need in (("p50", 5), ("p90", 29), ("p99", 299), ("p999", 2995)):
            ci = p[k + "_ci95"]
            t(p[k + "_supported"] == (n >= need), "%s %s %s supported %s at n = %d"
              % (s, fig, k, p[k + "_supported"], n))
            if p[k + "_supported"]:
                t(ci is not None and ci[0] <= p[k] <= ci[1],
                  "%s %s %s %.3f in its interval %s" % (s, fig, k, p[k], ci))
            else:
                t(ci is None, "%s %s %s: no interval when not supported" % (s, fig, k))
t(cells["far"]["latency_ms"]["pooled"]["p99"] >= 100 > cells["near"]["latency_ms"]["pooled"]["p99"],
  "far's pooled p99 holds the tail (%.1f ms), near's not (%.1f ms)"
  % (cells["far"]["latency_ms"]["pooled"]["p99"], cells["near"]["latency_ms"]["pooled"]["p99"]))
tails = [c for c in d["comparisons"] if c["op"] == "get" and c["metric"] in ("p50_ms", "p99_ms")]
t(sorted(c["metric"] for c in tails) == ["p50_ms", "p99_ms"], "a p50 and a p99 comparison")
p99 = [c for c in tails if c["metric"] == "p99_ms"][0]
t((p99["a"], p99["b"]) == ("near", "far") and p99["ratio"] < 1 and p99["significant"]
  and p99["verdict"] == "a-lower" and p99["test"] == "paired-t" and p99["pairs"] == 3,
  "p99 near / far: ratio %.3f, %s, p_adj %s (%s)" % (p99["ratio"], p99["verdict"], p99["p_adj"], p99["test"]))
t(all(c.get("verdict") is None for c in d["comparisons"] if c["metric"] in ("mib_s", "obj_s")),
  "throughput comparisons carry no verdict")
tl = [l for l in d.get("tail_leaders", []) if l["op"] == "get" and l["metric"] == "p99_ms"]
t(len(tl) == 1 and tl[0]["subject"] == "near" and tl[0]["status"] == "clear"
  and abs(tl[0]["p99_ms"] - cells["near"]["latency_ms"]["pooled"]["p99"]) < 1e-9,
  "the p99 tail leader: near, clear, at its pooled p99 (%s)" % tl)
for s in d["timeseries"]:
    lat = s.get("latency") or []
    t(len(lat) == len(s["mib_s"]) and len(lat) > 0, "%s: latency per second (%d)" % (s["subject"], len(lat)))
    t(all((x["p99_ms"] is not None) == (x["requests"] >= 299) for x in lat)
      and all((x["max_ms"] is not None) == (x["requests"] > 0) for x in lat),
      "%s: p99 exactly from 299 requests a second, max whenever any" % s["subject"])
    t(all(x["p99_ms"] is None or x["p99_ms"] <= x["max_ms"] for x in lat), "%s: p99 <= max" % s["subject"])
h = {(x["subject"], x["hedge"]): x for x in d.get("hedge", [])}
t(set(h) == {("near", None), ("far", None), ("far", "p95")}, "hedge[]: %s" % sorted(h, key=str))
f, live = h.get(("far", None), {}), h.get(("far", "p95"), {})
t([a["threshold"] for a in f.get("at", [])] == ["p95", "p99", "2s"] and f.get("live") is None,
  "far's what-if at p95, p99, 2s")
wi = (live.get("live") or {}).get("whatif") or {}
t(live.get("at") == [] and wi == (f.get("at") or [None])[0] and live["live"]["hedged"] > 0,
  "the live cell: %s hedged, p99 %s ms, beside far's what-if at p95 (p99 %s ms)"
  % ((live.get("live") or {}).get("hedged"), live.get("p99_ms"), wi.get("p99_ms")))
wc = [c for c in d["workload_cells"] if c.get("hedge") == "p95"]
t(len(wc) == 1 and wc[0]["subject"] == "far", "workload_cells[]: the hedged cell with hedge p95")
PY

"$render" "$d/results" -o "$tmp/report" --format html >"$tmp/render.log" 2>&1 &&
	"$render" "$d/results" -o "$tmp/report-ko" --lang ko --format html >>"$tmp/render.log" 2>&1
check $? "render (en, ko) exits 0 ($(tail -n 1 "$tmp/render.log"))"
pycheck "the report" "$tmp/report/report.html" "$tmp/report-ko/report.html" "$d/results/aggregate.json" <<'PY'
import html, json, re, sys
from checks import t
doc, ko = open(sys.argv[1]).read(), open(sys.argv[2]).read()
a = json.load(open(sys.argv[3]))
def section(s, start, n=12000):
    i = s.find(start)
    return s[i:i + n] if i >= 0 else ""
lat = section(doc, 'id="t-lat-get"', 4000)
near = [c for c in a["cells"] if c["op"] == "get" and c["subject"] == "near"][0]["latency_ms"]["pooled"]
cells = re.findall(r'<td class="([^"]*)"((?: data-[a-z]+="[^"]*")*)>([^<]*)', lat)
marks = [(k, m) for k, m, v in cells]
cells = [(k, v) for k, m, v in cells]
def shows(v, x):  # "v [lo, hi]": v is x written to 3 significant digits (or 2 decimals)
    m = re.match(r"([\d.,]+) \[", v)
    return m is not None and abs(float(m.group(1).replace(",", "")) - x) <= 0.005 * max(x, 1)
t(any("lead" in k and shows(v, near["p99"]) for k, v in cells),
  "the latency table: near's p99 with its interval, marked the clear tail leader (%s)"
  % [v for k, v in cells if "lead" in k])
t(any("lead" in k and 'data-claim="tail-lead/get/' in m and m.endswith('/p99" data-lead="clear"')
      for k, m in marks), "the tail leader's p99 marked with its clear tail-lead claim (%s)"
  % [m for k, m in marks if "lead" in k])
t(sum(1 for k, v in cells if re.match(r"[\d.,]+ \[[\d.,]+, [\d.,]+\]$", v)) == 8,
  "every p50..p99.9 of both cells with its interval")
t('id="get-tail-forest"' in doc and "p99 latency ratio near / far" in doc, "the p99 forest plot")
h = re.sub(r"<[^>]+>", " ", section(doc, 'id="hedge"'))
t("What hedging would buy" in h and "independent draw" in h and "live at p95" in h
  and "what-if at p95" in h, "the hedging section: its assumption, the live cell beside its what-if")
t("latency per second, p99 and maximum" in doc, "latency over time beside throughput over time")
w = re.sub(r"<[^>]+>", " ", section(doc, 'id="workloads"', 2000))
t("Workloads other than fixed-size PUT and GET" in w and "GET; hedged at p95" in w,
  "the workloads table names the hedged cell's hedge")
t("헤징의 효과" in ko and "초당 지연" in ko and "p99 지연 비" in ko, "ko: the hedging section, latency per second")
PY

# too few requests: a synthetic campaign of 96 requests a cell (build/tests/fake_campaign)
fc=$top/build/tests/fake_campaign
"$fc" "$tmp/fc" --subjects 2 --cycles 3 --ops-logs --no-failures --seed 3 >/dev/null 2>&1 &&
	"$analyze" "$tmp/fc" -o "$tmp/fc/results" >/dev/null 2>&1 &&
	"$render" "$tmp/fc/results" -o "$tmp/fc/report" --format html >/dev/null 2>&1
check $? "fake_campaign, analyze, render"
pycheck "too few requests" "$tmp/fc/report/report.html" "$tmp/fc/results/aggregate.json" <<'PY'
import json, re, sys
from checks import t
doc, a = open(sys.argv[1]).read(), json.load(open(sys.argv[2]))
c = [c for c in a["cells"] if c["op"] == "get" and c["size"] == 262144 and c["concurrency"] == 1][0]
p = c["latency_ms"]["pooled"]
t(p["requests"] == 96 and not p["p99_supported"] and p["p99_ci95"] is None and p["p50_supported"],
  "96 requests: p50 supported, p99 not, no interval")
lat = doc[doc.find('id="t-lat-get"'):]
lat = lat[:lat.find("</table>")]
t(re.search(r'<td class="num muted">too few requests \(n = 96\)', lat) is not None,
  "the table greys the p99: too few requests (n = 96)")
un = [k for k in a["comparisons"] if k["metric"] == "p99_ms" and k["size"] == 262144 and k["concurrency"] == 1]
t(un and all(k["verdict"] == "unsupported" and k["test"] is None for k in un)
  and not [l for l in a["tail_leaders"] if l["metric"] == "p99_ms" and l["size"] == 262144 and l["concurrency"] == 1],
  "no test and no p99 tail leader on 96 requests")
PY
finish
