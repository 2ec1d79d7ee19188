#!/usr/bin/env bash
# tests/e2e/render_hover.sh: the charts answer a hover, checked in headless Chromium.
#
# The full synthetic matrix (gen_aggregate.py --stats) is rendered in English and Korean
# and loaded in Chromium (--dump-dom: the document as the browser built it). For one mark
# of each chart kind (line, bar, range, forest, x-y) the tooltip is read back from the
# DOM: the mark's own <title> child (a native SVG tooltip, no script), naming a subject,
# a number and n; the scaling chart's first point is checked against aggregate.json (the
# cell's exact value, its interval and its n); in the forest plots a point is filled exactly
# when its interval excludes 1 (the adjusted intervals agree with the verdicts). Every
# chart's <desc> ends with what its data says, the x-y charts' too (the per-cycle chart's
# highest and lowest run per subject checked against aggregate.json). Screenshots of key parts of the page (top, scaling charts, forest plot) are
# taken and must not be blank; they stay in $S3BENCH_SHOTS when that is set. The print
# stylesheet is checked by printing to PDF: every page renders.
# Prints "N passed, N failed[, N skipped]".
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
render=${RENDER:-bin/render}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
work=$tmp

if ! command -v chromium >/dev/null 2>&1; then
	skip 1 "chromium not installed (scripts/setup installs it)"
	finish
fi
# chrome URL [ARGS...]: headless Chromium as REFERENCE.md says (no network at start).
chrome() {
	local url=$1 ud
	shift
	ud=$(mktemp -d "$work/chromium.XXXXXX")
	timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$ud" --hide-scrollbars "$@" "$url" 2>>"$work/chromium.err"
}

$py tests/fixtures/render/gen_aggregate.py "$work/results" --stats >/dev/null || exit 2
for lang in en ko; do
	"$render" "$work/results" -o "$work/$lang" --lang $lang 2>"$work/err"
	check $? "$lang: render ($(head -1 "$work/err"))"
	chrome "file://$work/$lang/report.html" --dump-dom >"$work/$lang/dom.html"
	test -s "$work/$lang/dom.html"
	check $? "$lang: chromium --dump-dom"
	$py - "$work/$lang/dom.html" "templates/$lang/strings.txt" "$work/results/aggregate.json" \
		<<'PY' >"$work/$lang/tips.out" 2>&1
import html, json, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
strings = {}
for line in open(sys.argv[2], encoding="utf-8"):
    if " = " in line and not line.startswith("#"):
        k, v = line.rstrip("\n").split(" = ", 1)
        strings[k] = v
agg = json.load(open(sys.argv[3]))
labels = [s["label"] for s in agg["subjects"]]
def fragment(key):  # the literal tail of a title template (after its last placeholder)
    return [p for p in re.split(r"\{[a-z_]+\}", strings[key]) if p.strip(" ,:()")][-1].strip(" ,:()")
kinds = {"line": "chart.scaling", "bar": "chart.cv", "range": "chart.range",
         "forest": "chart.forest", "x-y": "chart.cycles"}
svgs = re.findall(r"<svg[^>]*>(.*?)</svg>", dom, re.S)
fails = 0
for kind, key in kinds.items():
    frag = fragment(key)
    chart = next((s for s in svgs if frag in html.unescape(re.search(r"<title[^>]*>([^<]*)", s).group(1))), None)
    mark = chart and re.search(r"<(circle|rect|line|polygon)\b[^>]*><title>([^<]*)</title></\1>", chart)
    tip = html.unescape(mark.group(2)) if mark else ""
    ok = bool(mark) and any(l in tip for l in labels) and re.search(r"\d", tip) and " n = " in tip
    print("%s %s (%s): %s" % ("ok  " if ok else "FAIL", kind, mark.group(1) if mark else "no mark", tip))
    fails += not ok
# the first point of the first scaling chart: subject 0, its op, smallest size, lowest workers
m = re.search(r"^(.*?) · .*?: ([\d,.]+) MiB/s \[([\d,.]+), ([\d,.]+)\] · n = (\d+)$",
              html.unescape(re.search(r"<circle\b[^>]*><title>([^<]*)</title>",
                                      next(s for s in svgs if fragment("chart.scaling") in s)).group(1)))
if m:
    ops = agg["matrix"]["ops"]; size = min(z for z in agg["matrix"]["sizes"] if z); conc = min(agg["matrix"]["concurrency"])
    cell = next(c for c in agg["cells"] if c["subject"] == agg["subjects"][0]["id"] and c["op"] == ops[0]
                and c["size"] == size and c["concurrency"] == conc)
    num = lambda s: float(s.replace(",", ""))
    want = cell["mib_s"]
    good = (m.group(1) == labels[0] and abs(num(m.group(2)) - want["value"]) <= 1e-5 * want["value"]
            and abs(num(m.group(3)) - want["ci95"][0]) <= 1e-5 * want["ci95"][0] and int(m.group(5)) == cell["n"])
    print("%s line point = aggregate.json %s %s %s c%s: %s, ci95 %s, n %s" % ("ok  " if good else "FAIL",
          cell["subject"], cell["op"], size, conc, want["value"], want["ci95"], cell["n"]))
    fails += not good
else:
    print("FAIL the scaling chart's first point has no value tooltip"); fails += 1
# the forest plots: a point is filled exactly when its (adjusted) interval excludes 1
forest = [sv for sv in svgs if fragment("chart.forest") in sv or fragment("chart.forest2") in sv]
agree = total = 0
for sv in forest:
    for fill, tip in re.findall(r'<circle\b[^>]*fill="([^"]*)"[^>]*><title>([^<]*)</title>', sv):
        iv = re.findall(r"\[([\d,.]+), ([\d,.]+)\]", html.unescape(tip))
        if not iv:
            continue
        lo, hi = (float(v.replace(",", "")) for v in iv[-1])
        total += 1
        agree += (lo > 1 or hi < 1) == (fill != "#ffffff")
good = total > 0 and agree == total
print("%s forest: filled exactly when the interval excludes 1: %d of %d" % ("ok  " if good else "FAIL", agree, total))
fails += not good
descs = [html.unescape(d) for d in re.findall(r"<desc[^>]*>([^<]*)</desc>", dom)]
said = [max(re.split(r"\{[a-z_]+\}", strings[k]), key=len).strip()
        for k in ("desc.line_all", "desc.line", "desc.rows1", "desc.rows", "desc.forest",
                  "desc.cdf", "desc.timeseries", "desc.cycles")]
told = sum(any(f in d for f in said) for d in descs)
xy = sum(any(fragment(k) in t for k in ("chart.cdf", "chart.timeseries", "chart.cycles"))
         for t in (html.unescape(x) for x in re.findall(r"<svg[^>]*>\s*<title[^>]*>([^<]*)", dom)))
# every chart, the x-y ones (latency CDF, per second, per cycle) too, summarises its data
good = told == len(descs) and xy > 0
print("%s descs: %d, %d x-y; saying what the data shows: %d" % ("ok  " if good else "FAIL", len(descs), xy, told))
fails += not good
# the PUT per-cycle chart's sentence: each subject's highest and lowest run of the headline
# cell (largest size, highest concurrency) and their cycles, as aggregate.json has them
size = max(z for z in agg["matrix"]["sizes"] if z); conc = max(agg["matrix"]["concurrency"])
svg = next(sv for sv in svgs if fragment("chart.cycles") in html.unescape(re.search(r"<title[^>]*>([^<]*)", sv).group(1)))
desc = html.unescape(re.search(r"<desc[^>]*>([^<]*)</desc>", svg).group(1))
tpl = strings["desc.cycles"].replace("{unit}", strings["unit.mibs"])
pat = re.escape(tpl)
for k, g in (("series", r"(?P<series>[^:.]+?)"), ("hi", r"(?P<hi>[\d,.]+)"), ("hx", r"(?P<hx>\d+)"),
             ("lo", r"(?P<lo>[\d,.]+)"), ("lx", r"(?P<lx>\d+)")):
    pat = pat.replace(re.escape("{%s}" % k), g)
got = {m.group("series").strip(): m for m in re.finditer(pat, desc)}
checked = 0
for sub in agg["subjects"]:
    cell = next((c for c in agg["cells"] if c["subject"] == sub["id"] and c["op"] == "put"
                 and c["size"] == size and c["concurrency"] == conc), None)
    runs = [r for r in (cell or {}).get("runs", []) if r.get("included") and r.get("mib_s") is not None]
    if not runs:
        continue
    hi = max(runs, key=lambda r: r["mib_s"]); lo = min(runs, key=lambda r: r["mib_s"])
    m = got.get(sub["label"])
    num = lambda v: float(v.replace(",", ""))
    ok = bool(m) and abs(num(m.group("hi")) - hi["mib_s"]) <= 1e-3 * hi["mib_s"] and int(m.group("hx")) == hi["cycle"] \
        and abs(num(m.group("lo")) - lo["mib_s"]) <= 1e-3 * lo["mib_s"] and int(m.group("lx")) == lo["cycle"]
    checked += ok
    if not ok:
        print("FAIL per-cycle sentence for %s: want highest %s in cycle %s, lowest %s in cycle %s; desc: %s"
              % (sub["label"], hi["mib_s"], hi["cycle"], lo["mib_s"], lo["cycle"], desc)); fails += 1
print("%s per-cycle chart: highest and lowest run of %d subjects = aggregate.json" % ("ok  " if checked else "FAIL", checked))
fails += not checked
sys.exit(1 if fails else 0)
PY
	check $? "$lang: a tooltip on one mark of each chart kind, read from the DOM ($(tr '\n' ';' <"$work/$lang/tips.out" | cut -c1-600))"
	cat "$work/$lang/tips.out"
done

# Screenshots of key parts (English): the top (title, key findings), the PUT section
# (tables, scaling charts, forest plot) and the latency section, each alone on the page
# (a copy of the report with a style that hides the other sections).
shots=${S3BENCH_SHOTS:-$work/shots}
mkdir -p "$shots"
n=0
for part in top:findings put:put latency:latency; do
	name=${part%%:*} id=${part#*:}
	sed "s|</head>|<style>.section{display:none}.section:has(h2#$id){display:block}</style></head>|" \
		"$work/en/report.html" >"$work/en/shot-$name.html"
	chrome "file://$work/en/shot-$name.html" --window-size=1100,2400 \
		--screenshot="$shots/$name.png" >/dev/null
	size=$(stat -c %s "$shots/$name.png" 2>/dev/null || echo 0)
	echo "screenshot $name: $size bytes"
	test "$size" -gt 60000 && n=$((n + 1))
done
test $n -eq 3
check $? "3 screenshots of key parts, none blank ($shots: $(ls "$shots" | tr '\n' ' '))"

# The print stylesheet: Chromium prints the report to PDF and every page renders.
chrome "file://$work/en/report.html" --print-to-pdf="$work/print.pdf" --no-pdf-header-footer \
	>/dev/null
pages=$(pdfinfo "$work/print.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
test "${pages:-0}" -ge 5
check $? "printed from Chromium with the print stylesheet: $pages pages"
finish
