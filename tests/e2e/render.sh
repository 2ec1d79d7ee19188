#!/usr/bin/env bash
# tests/e2e/render.sh: bin/render end to end on the full matrix (5 subjects × put/get ×
# 4 sizes × 3 concurrencies × 7 cycles, excluded runs, LIST/HEAD/DELETE).
#
# The aggregate comes from build/tests/fake_campaign + bin/analyze when both are built,
# else from tests/fixtures/render/gen_aggregate.py; one subject is renamed
# <script>alert(1)</script>. Checks: every number of every HTML table equals
# aggregate.json (an independent Python checker), no external reference, escaping,
# the PDF passes qpdf --check, has an outline and page numbers, pdftotext finds the
# tables' numbers, pdftoppm renders every page, headless Chromium loads the HTML without
# console errors, --lang ko gives extractable Hangul, bad input gives exit 1 naming the
# file and field, usage and defaults, the distribution and time charts with and without
# the format 1.1 fields. Prints "N passed, N failed[, N skipped]".
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
render=${RENDER:-bin/render}
# Debian's python3 first: a version manager's shim costs seconds per start
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
work=$tmp

# 1. The full-matrix aggregate.
if [ -x build/tests/fake_campaign ] && [ -x bin/analyze ] &&
	build/tests/fake_campaign "$work/data" >/dev/null 2>&1 &&
	bin/analyze "$work/data" -o "$work/results" >/dev/null 2>&1; then
	echo "aggregate: fake_campaign + analyze"
else
	$py tests/fixtures/render/gen_aggregate.py "$work/results" || exit 2
	echo "aggregate: tests/fixtures/render/gen_aggregate.py"
fi
$py - "$work/results/aggregate.json" <<'PY' || exit 2
import json, sys
p = sys.argv[1]
a = json.load(open(p))
a["subjects"][1]["label"] = "<script>alert(1)</script>"
json.dump(a, open(p, "w"))
PY

# 2. Render, English.
"$render" "$work/results" -o "$work/report" 2>"$work/err"
rc=$?
check $rc "render exits 0 ($(cat "$work/err"))"
test -s "$work/report/report.html"
check $? "report.html written"
test -s "$work/report/report.pdf"
check $? "report.pdf written"
test -z "$(ls -A "$work/report" | grep -v '^\(report\.\(html\|pdf\)\|claims\.json\)$')"
check $? "no temporary file left"

# 3. Every number of every HTML table against aggregate.json; no external reference;
#    escaping. The checker prints "checked N" and one line per mismatch. Format 1.1:
#    cells read "v ± h" (or "v [lo, hi]") with n, "lead" marks the clear leaders and
#    "tie" the tie groups.
cat >"$work/check_html.py" <<'PY'
import json, math, re, sys
from html.parser import HTMLParser

agg = json.load(open(sys.argv[1]))
raw = open(sys.argv[2], encoding="utf-8").read()
problems, checked = [], 0

class P(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.cur, self.row, self.cell, self.in_cell = {}, None, None, None, 0
        self.tags, self.attrs_bad, self.stack = {}, [], []
    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        d = dict(attrs)
        for k, v in attrs:
            v = v or ""
            # a download embedded as a data: URI (the Provenance section) stays in the file
            if k in ("href", "src") and not v.startswith("#") and not (
                    tag == "a" and k == "href" and "download" in d and v.startswith("data:")):
                self.attrs_bad.append((tag, k, v))
            if k.startswith("on") or "url(" in v or "http:" in v or "https:" in v:
                self.attrs_bad.append((tag, k, v))
        if tag == "table":
            self.cur = {"id": d.get("id"), "head": [], "rows": []}
            self.tables[d.get("id")] = self.cur
        elif tag == "tr" and self.cur is not None:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = {"tag": tag, "scope": d.get("scope"), "cls": d.get("class", ""), "text": "", "note": ""}
            self.in_cell = 1
        elif tag == "span" and self.cell is not None and d.get("class") == "n":
            self.in_cell = 2
    def handle_endtag(self, tag):
        if tag == "span" and self.in_cell == 2:
            self.in_cell = 1
        elif tag in ("td", "th") and self.cell is not None:
            self.row.append(self.cell)
            self.cell, self.in_cell = None, 0
        elif tag == "tr" and self.row is not None:
            if all(c["tag"] == "th" and c["scope"] == "col" for c in self.row):
                self.cur["head"] = [c["text"].strip() for c in self.row]
            else:
                self.cur["rows"].append(self.row)
            self.row = None
        elif tag == "table":
            self.cur = None
    def handle_data(self, data):
        if self.cell is not None:
            self.cell["note" if self.in_cell == 2 else "text"] += data

p = P()
p.feed(raw)
p.close()
T = p.tables

def decimals(v):
    a = abs(v)
    return 0 if a >= 999.5 else 1 if a >= 99.95 else 2 if a >= 0.9995 else 3

def same(text, v, where, dec=None):
    global checked
    checked += 1
    text = text.strip()
    if v is None:
        if text != "\u2013":
            problems.append(f"{where}: '{text}' for null")
        return
    m = re.fullmatch(r"-?[0-9][0-9,]*(\.([0-9]+))?", text)
    if not m:
        problems.append(f"{where}: '{text}' is not a number (want {v})")
        return
    d = len(m.group(2)) if m.group(2) else 0
    want = decimals(v) if dec is None else dec
    if d != want or abs(float(text.replace(",", "")) - v) > 0.5 * 10 ** -d + 1e-9:
        problems.append(f"{where}: '{text}' != {v} ({want} decimals)")

def size_label(b):
    u = 0
    v = float(b)
    while v >= 1024 and u < 4:
        v /= 1024; u += 1
    unit = ["B", "KiB", "MiB", "GiB", "TiB"][u]
    s = f"{int(v)}" if v == int(v) else (f"{v:.2f}" if v < 10 else f"{v:.1f}")
    return f"{s} {unit}"

subj = {s["id"]: i for i, s in enumerate(agg["subjects"])}
labels = [s["label"] or s["id"] for s in agg["subjects"]]
cells = {(c["subject"], c["op"], c["size"], c["concurrency"]): c for c in agg["cells"]}
mx = agg["matrix"]

stats = "statistics" in agg

def tput_cell(td, c, where):
    """The value, its interval and n of a throughput cell."""
    global checked
    text = td["text"].strip()
    st = c["mib_s"] if c else None
    ci = st.get("ci95") if st else None
    if not stats or ci is None or st["value"] is None:
        same(text, st["value"] if st else None, where)
    else:
        v = st["value"]
        d = decimals(v)
        m = re.fullmatch(r"(\S+) \u00b1 (\S+)", text) or re.fullmatch(r"(\S+) \[(\S+), (\S+)\]", text)
        if not m:
            problems.append(f"{where}: '{text}' has no interval")
            return
        same(m.group(1), v, where)
        if m.lastindex == 2:
            same(m.group(2), max(v - ci[0], ci[1] - v), where + " ±", dec=d)
        else:
            same(m.group(2), ci[0], where + " lo", dec=d)
            same(m.group(3), ci[1], where + " hi", dec=d)
    if stats and c:
        want_note = f"n={c['n']}/{c['expected']}" if c["n"] < c["expected"] else f"n={c['n']}"
    else:
        want_note = f"n={c['n']}/{c['expected']}" if c and c["n"] < c["expected"] else ""
    if td["note"].strip() != want_note:
        problems.append(f"{where}: note '{td['note']}' want '{want_note}'")

for op in mx["ops"]:
    for conc in mx["concurrency"]:
        tid = f"t-{op}-c{conc}"
        t = T.get(tid)
        if not t:
            problems.append(f"{tid}: missing"); continue
        if t["head"][1:] != labels:
            problems.append(f"{tid}: header {t['head']}")
        if len(t["rows"]) != len(mx["sizes"]):
            problems.append(f"{tid}: {len(t['rows'])} rows")
        for size, row in zip(mx["sizes"], t["rows"]):
            if row[0]["text"].strip() != size_label(size):
                problems.append(f"{tid}: row '{row[0]['text']}' for {size}")
            ls = [l for l in agg["leaders"] if l["op"] == op and l["size"] == size and l["concurrency"] == conc]
            leader = [l["subject"] for l in ls if not stats or l.get("status") == "clear"]
            tie = [x for l in ls if stats and l.get("status") == "tie" for x in [l["subject"]] + l["tied_with"]]
            for s, td in zip(agg["subjects"], row[1:]):
                c = cells.get((s["id"], op, size, conc))
                tput_cell(td, c, f"{tid} {size} {s['id']}")
                if ("lead" in td["cls"].split()) != (s["id"] in leader):
                    problems.append(f"{tid} {size} {s['id']}: leader mark wrong")
                if ("tie" in td["cls"].split()) != (s["id"] in tie):
                    problems.append(f"{tid} {size} {s['id']}: tie mark wrong")

for op in ("list", "head", "delete"):
    rows = [o for o in agg.get("ops", []) if o["op"] == op]
    if not rows:
        continue
    t = T.get(f"t-{op}")
    if not t:
        problems.append(f"t-{op}: missing"); continue
    by = {o["subject"]: o for o in rows}
    for s, row in zip(agg["subjects"], t["rows"]):
        o = by.get(s["id"])
        g = lambda k, sub=None: None if o is None else (o.get(k) if sub is None else (o.get(k) or {}).get(sub))
        want = [g("obj_s"), g("latency_ms", "avg"), g("ttfb_ms", "avg"), g("segments", "median_obj_s"),
                g("segments", "fastest_obj_s"), g("segments", "slowest_obj_s"), g("completion_s")]
        if row[0]["text"].strip() != (s["label"] or s["id"]):
            problems.append(f"t-{op}: row {row[0]['text']}")
        for i, (td, v) in enumerate(zip(row[1:], want)):
            same(td["text"], v, f"t-{op} {s['id']} col {i + 1}")

t = T.get("t-samples")
i = 0
for op in mx["ops"]:
    for conc in mx["concurrency"]:
        for size in mx["sizes"]:
            row = t["rows"][i]; i += 1
            for s, td in zip(agg["subjects"], row[3:]):
                c = cells.get((s["id"], op, size, conc))
                checked += 1
                if td["text"].strip() != f"{c['n']}/{c['expected']}":
                    problems.append(f"t-samples {op} {conc} {size} {s['id']}: {td['text']}")

t = T.get("t-consistency")
for cv, row in zip(agg["consistency"], t["rows"]):
    checked += 1
    txt = row[1]["text"].strip()
    if cv["cv_mean"] is None:
        if txt != "\u2013": problems.append(f"t-consistency {cv['subject']}: {txt}")
    else:
        same(txt.rstrip("%"), cv["cv_mean"] * 100, f"t-consistency {cv['subject']}", dec=2)

if agg["excluded"]:
    t = T.get("t-excluded")
    if len(t["rows"]) != len(agg["excluded"]):
        problems.append(f"t-excluded: {len(t['rows'])} rows for {len(agg['excluded'])}")
    for x, row in zip(agg["excluded"], t["rows"]):
        checked += 1
        cyc = "\u2013" if x["cycle"] is None else str(x["cycle"])
        if row[6]["text"].strip() != x["reason"] or row[0]["text"].strip() != cyc:
            problems.append(f"t-excluded: {row[0]['text']} {row[6]['text']}")

ncycles = agg["campaign"]["cycles"]
for op in mx["ops"]:
    t = T.get(f"t-runs-{op}")
    rows = iter(t["rows"])
    for conc in mx["concurrency"]:
        for size in mx["sizes"]:
            for s in agg["subjects"]:
                row = next(rows)
                c = cells.get((s["id"], op, size, conc))
                runs = {r["cycle"]: r for r in c["runs"]} if c else {}
                for cy in range(1, ncycles + 1):
                    td = row[2 + cy]["text"].strip()
                    r = runs.get(cy)
                    if r is None:
                        checked += 1
                        if td != "\u2013": problems.append(f"t-runs-{op}: {td} for no run")
                    elif not r["included"]:
                        checked += 1
                        if td != "excl.": problems.append(f"t-runs-{op} {s['id']} {size} {conc} c{cy}: {td}")
                    else:
                        same(td, r["mib_s"], f"t-runs-{op} {s['id']} {size} {conc} c{cy}")

# the one script element allowed: the claims' JSON (data, never run)
CLAIMS = '<script type="application/json" id="s3bench-claims">'
claims_blocks = raw.count(CLAIMS)
if claims_blocks != 1:
    problems.append(f"{claims_blocks} claims blocks")
for tag in ("script", "link", "img", "iframe", "object", "embed", "base"):
    if p.tags.get(tag, 0) > (claims_blocks if tag == "script" else 0):
        problems.append(f"<{tag}> element present")
if p.attrs_bad:
    problems.append(f"external or active attributes: {p.attrs_bad[:3]}")
style = re.findall(r"<style>(.*?)</style>", raw, re.S)
if any("url(" in s or "@import" in s or "http" in s for s in style):
    problems.append("style refers to something outside")
if raw.lower().count("<script") != raw.count(CLAIMS):
    problems.append("raw '<script' in the file")
if "&lt;script&gt;alert(1)&lt;/script&gt;" not in raw:
    problems.append("hostile label not escaped as text")
if not any(any("<script>alert(1)</script>" == c["text"].strip() for c in r) for t in T.values() for r in t["rows"]) \
   and not any("<script>alert(1)</script>" in h for t in T.values() for h in t["head"]):
    problems.append("hostile label does not read back as text")
print(f"checked {checked}")
for x in problems[:40]:
    print("MISMATCH", x)
sys.exit(1 if problems else 0)
PY
$py "$work/check_html.py" "$work/results/aggregate.json" "$work/report/report.html" >"$work/html.out" 2>&1
rc=$?
n=$(sed -n 's/^checked //p' "$work/html.out")
check $rc "HTML tables equal aggregate.json ($n values; $(grep -c MISMATCH "$work/html.out") mismatches)"
[ $rc -eq 0 ] || head -20 "$work/html.out"
test "${n:-0}" -ge 1000
check $? "checker saw at least 1,000 values"
if command -v xmllint >/dev/null; then
	# libxml2's HTML parser: errors other than HTML5/SVG tag names it does not know
	xmllint --html --noout "$work/report/report.html" 2>&1 | grep -E 'error' | grep -v 'invalid$' >"$work/xmllint.out"
	test ! -s "$work/xmllint.out"
	check $? "libxml2 parses the HTML without errors ($(head -1 "$work/xmllint.out"))"
fi

# 4. PDF.
pdf=$work/report/report.pdf
qpdf --check "$pdf" >/dev/null 2>&1
check $? "qpdf --check"
pages=$(pdfinfo "$pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
test "${pages:-0}" -ge 10
check $? "the PDF has pages ($pages)"
sh -c "pdfinfo '$pdf' | grep -q 'Page size: *595.* x 841.*'"
check $? "A4 pages"
pdftotext -layout "$pdf" "$work/pdf.txt" 2>/dev/null
sh -c "grep -q 'Page 1 of $pages' '$work/pdf.txt' && grep -q 'Page $pages of $pages' '$work/pdf.txt'"
check $? "page numbers on the first and last page"
qpdf --json --json-key=outlines "$pdf" >"$work/outline.json" 2>/dev/null
$py - "$work/outline.json" <<'PY' >"$work/outline.out" 2>&1
import json, sys
o = json.load(open(sys.argv[1]))["outlines"]
titles = [x["title"] for x in o]
need = ["Key findings", "Test environment and workload", "PUT throughput", "GET throughput",
        "Request latency", "Methodology", "Limitations"]
missing = [t for t in need if t not in titles]
kids = sum(len(x["kids"]) for x in o)
print(len(titles), kids, missing)
sys.exit(1 if missing or kids < 2 else 0)
PY
rc=$?
check $rc "outline: one bookmark per section, subsections nested ($(cat "$work/outline.out"))"
# every number of the PUT/GET throughput tables is in the PDF text (1.1: and every
# interval half-width)
cat >"$work/check_pdf.py" <<'PY'
import json, sys, re
agg = json.load(open(sys.argv[1]))
text = open(sys.argv[2], encoding="utf-8").read()
tokens = set(re.findall(r"[0-9][0-9,]*(?:\.[0-9]+)?", text))
def fmt(v):
    a = abs(v); d = 0 if a >= 999.5 else 1 if a >= 99.95 else 2 if a >= 0.9995 else 3
    return f"{v:,.{d}f}"
miss = [fmt(c["mib_s"]["value"]) for c in agg["cells"] if c["mib_s"]["value"] is not None and fmt(c["mib_s"]["value"]) not in tokens]
miss += [fmt(o["obj_s"]) for o in agg.get("ops", []) if o["obj_s"] is not None and fmt(o["obj_s"]) not in tokens]
def half(st):
    v, (lo, hi) = st["value"], st["ci95"]
    d = 0 if abs(v) >= 999.5 else 1 if abs(v) >= 99.95 else 2 if abs(v) >= 0.9995 else 3
    return f"{max(v - lo, hi - v):,.{d}f}"
cis = [c["mib_s"] for c in agg["cells"] if c["mib_s"].get("ci95")]
miss += ["±" + half(st) for st in cis if half(st) not in tokens]
print(len(agg["cells"]), "cells,", len(cis), "intervals;", len(miss), "missing", miss[:10])
sys.exit(1 if miss else 0)
PY
$py "$work/check_pdf.py" "$work/results/aggregate.json" "$work/pdf.txt" >"$work/pdfnum.out" 2>&1
rc=$?
check $rc "pdftotext finds every table value ($(cat "$work/pdfnum.out"))"
test "$(grep -c 'Wkrs' "$work/pdf.txt")" -ge 4
check $? "header row repeated on continued table pages"
grep -q '<script>alert(1)</script>' "$work/pdf.txt"
check $? "PDF: hostile label is plain text"
mkdir -p "$work/png"
pdftoppm -r 30 -png "$pdf" "$work/png/p" 2>"$work/pdftoppm.err"
test "$(ls "$work/png" | wc -l)" -eq "${pages:-x}"
check $? "pdftoppm renders every page ($(ls "$work/png" | wc -l) of $pages)"
test ! -s "$work/pdftoppm.err"
check $? "pdftoppm without errors"

# 5. Headless Chromium loads the HTML and takes a screenshot without console errors.
if command -v chromium >/dev/null 2>&1; then
	ud=$(mktemp -d "$work/chromium.XXXXXX")
	timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$ud" --window-size=1100,2000 --hide-scrollbars \
		--enable-logging=stderr --v=0 --screenshot="$work/shot.png" \
		"file://$work/report/report.html" >"$work/chromium.out" 2>&1
	test -s "$work/shot.png"
	check $? "chromium screenshot"
	sh -c "! grep -q 'CONSOLE' '$work/chromium.out'"
	check $? "no console message ($(grep -m1 CONSOLE "$work/chromium.out"))"
	sh -c "! grep -qE 'ERR_(FILE|NAME|CONNECTION|BLOCKED)' '$work/chromium.out'"
	check $? "no failed resource load"
else
	skip 1 "chromium not installed (scripts/setup installs it)"
fi

# 6. Korean.
"$render" "$work/results" -o "$work/report-ko" --lang ko 2>"$work/err"
rc=$?
check $rc "render --lang ko exits 0 ($(cat "$work/err"))"
qpdf --check "$work/report-ko/report.pdf" >/dev/null 2>&1
check $? "ko: qpdf --check"
pdftotext "$work/report-ko/report.pdf" "$work/ko.txt" 2>/dev/null
grep -q '주요 결과' "$work/ko.txt"
check $? "ko: pdftotext extracts Hangul (주요 결과)"
grep -q '<html lang="ko">' "$work/report-ko/report.html"
check $? "ko: the HTML is lang=ko"
sh -c "pdffonts '$work/report-ko/report.pdf' | grep -q 'NanumGothic.*yes'"
check $? "ko: NanumGothic embedded"

# 7. Command line: defaults, formats, errors, help.
mkdir -p "$work/d2/results"
cp "$work/results/aggregate.json" "$work/d2/results/"
"$render" "$work/d2/results" --format html >/dev/null 2>&1
sh -c "test -s '$work/d2/report/report.html' && test ! -e '$work/d2/report/report.pdf'"
check $? "default REPORT_DIR is RESULTS_DIR/../report, --format html writes only HTML"
"$render" "$work/d2/results" --format pdf -o "$work/d3" >/dev/null 2>&1
sh -c "test -s '$work/d3/report.pdf' && test ! -e '$work/d3/report.html'"
check $? "--format pdf writes only the PDF"
mkdir -p "$work/badres"
$py - "$work/results/aggregate.json" "$work/badres/aggregate.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
a["cells"][7]["mib_s"]["value"] = "fast"
json.dump(a, open(sys.argv[2], "w"))
PY
"$render" "$work/badres" -o "$work/badout" 2>"$work/err"
rc=$?
test $rc -eq 1
check $? "bad aggregate.json: exit 1 (got $rc)"
grep -q "badres/aggregate.json: cells\[7\].mib_s.value" "$work/err"
check $? "bad aggregate.json: message names file and field ($(cat "$work/err"))"
test ! -e "$work/badout/report.html"
check $? "bad aggregate.json: nothing written"
"$render" "$work/nonexistent" -o "$work/x" 2>"$work/err"
sh -c "test $? -eq 1 && grep -q 'nonexistent: No such file or directory' '$work/err'"
check $? "missing results directory: exit 1 naming it ($(cat "$work/err"))"
mkdir -p "$work/noagg"
"$render" "$work/noagg" -o "$work/x" 2>"$work/err"
sh -c "test $? -eq 1 && grep -q 'noagg/aggregate.json' '$work/err'"
check $? "missing aggregate.json: exit 1 naming it ($(cat "$work/err"))"
"$render" >/dev/null 2>&1
test $? -eq 2
check $? "no argument: exit 2"
"$render" "$work/results" --lang fr >/dev/null 2>"$work/err"
sh -c "test $? -eq 2 && grep -q \"'fr' is not a language of .* (en, ko)\" '$work/err'"
check $? "--lang fr: exit 2 naming the templates' languages ($(cat "$work/err"))"
# the languages are the templates' directories with a strings.txt: a new one renders, and
# its font.first must name a face the PDF embeds
cp -r templates "$work/tl" && cp -r "$work/tl/en" "$work/tl/xx"
"$render" "$work/results" -o "$work/rep-xx" --templates "$work/tl" --lang xx 2>"$work/err"
check $? "a language added to the templates renders ($(cat "$work/err"))"
"$render" --templates "$work/tl" --help | grep -q 'here: en, ko, xx'
check $? "--help lists the templates' languages"
sed -i 's/^font.first = .*/font.first = Comic Sans/' "$work/tl/xx/strings.txt"
"$render" "$work/results" -o "$work/rep-xx2" --templates "$work/tl" --lang xx 2>"$work/err"
sh -c "test $? -eq 1 && grep -q 'xx/strings.txt: font.first: .Comic Sans.' '$work/err'"
check $? "an unknown font.first: exit 1 naming the file ($(cat "$work/err"))"
"$render" "$work/results" --format docx >/dev/null 2>&1
test $? -eq 2
check $? "--format docx: exit 2"
"$render" --help >"$work/help" 2>&1
check $? "--help exits 0"
for w in -o --output --format --templates --lang --help "exit codes" "  0" "  1" "  2" "  3"; do
	grep -q -- "$w" "$work/help"
	check $? "--help mentions '$w'"
done

# 8. A minimal aggregate (one subject, one cell with n = 0, nothing optional) renders,
#    and its missing values are dashes, never zeros.
mkdir -p "$work/min"
cat >"$work/min/aggregate.json" <<'JSON'
{"format": "s3bench-aggregate/1", "generated": "2026-12-02T10:00:00Z", "source": "s3bench",
 "campaign": null, "policy": {"name": "mean", "min_samples": 1, "rule": "A run counts when it has a final summary."},
 "subjects": [{"id": "only", "label": "Only one", "color": null}],
 "matrix": {"ops": ["put"], "sizes": [4096], "concurrency": [1]},
 "cells": [{"subject": "only", "op": "put", "size": 4096, "concurrency": 1, "n": 0, "expected": 3,
            "mib_s": {"value": null}, "obj_s": null, "latency_ms": null, "ttfb_ms": null,
            "runs": [{"cycle": 1, "included": false, "mib_s": null, "obj_s": null}]}]}
JSON
"$render" "$work/min" -o "$work/min/out" 2>"$work/err"
rc=$?
check $rc "minimal aggregate renders ($(cat "$work/err"))"
qpdf --check "$work/min/out/report.pdf" >/dev/null 2>&1
check $? "minimal: qpdf --check"
grep -q '<td class="num muted">–[^<]*<span class="n">n=0/3</span>' "$work/min/out/report.html"
check $? "minimal: the null cell is a dash with n=0/3"

# 9. Format 1.1 (intervals, comparisons, ties, pooled latency): the full matrix from
#    gen_aggregate.py --stats, with the hostile label. The same table checkers, plus the
#    forest plots, the findings' wording, the PDF's values and the time to render.
$py tests/fixtures/render/gen_aggregate.py "$work/s11/results" --stats --evil || exit 2
timing_begin
start=$(date +%s%N)
"$render" "$work/s11/results" -o "$work/s11/report" 2>"$work/err"
rc=$?
ms=$((($(date +%s%N) - start) / 1000000))
check $rc "1.1: render exits 0 ($(cat "$work/err"))"
test "$ms" -lt 1000
timed_check $? "1.1: the full matrix renders in under 1 s (${ms} ms)"
$py "$work/check_html.py" "$work/s11/results/aggregate.json" "$work/s11/report/report.html" >"$work/html11.out" 2>&1
rc=$?
check $rc "1.1: HTML tables (value ± CI, n, lead and tie marks) equal aggregate.json ($(sed -n 's/^checked //p' "$work/html11.out") values; $(grep -c MISMATCH "$work/html11.out") mismatches)"
[ $rc -eq 0 ] || head -20 "$work/html11.out"
$py - "$work/s11/results/aggregate.json" "$work/s11/report/report.html" >"$work/forest.out" 2>&1 <<'PY'
import json, re, sys
agg = json.load(open(sys.argv[1]))
raw = open(sys.argv[2], encoding="utf-8").read()
n = len(agg["matrix"]["sizes"]) * len(agg["matrix"]["concurrency"])
bad = []
for op in ("PUT", "GET"):
    m = re.search(r"<svg[^>]*>\s*<title[^>]*>" + op + r" throughput of each subject relative.*?</svg>", raw, re.S)
    rows = len(re.findall(r">[^<]* w\. vs [^<]*</text>", m.group(0))) if m else 0
    if rows != n:
        bad.append(f"{op}: {rows} forest rows, want {n}")
print(n, "categories per op", bad)
sys.exit(1 if bad else 0)
PY
rc=$?
check $rc "1.1: a forest plot per op, one row per size × workers ($(cat "$work/forest.out"))"
grep -q "Blue: tied at the top" "$work/s11/report/report.html"
check $? "1.1: the tie legend line"
pdftotext -layout "$work/s11/report/report.pdf" "$work/s11.txt" 2>/dev/null
$py "$work/check_pdf.py" "$work/s11/results/aggregate.json" "$work/s11.txt" >"$work/pdf11.out" 2>&1
rc=$?
check $rc "1.1: pdftotext finds every value and interval ($(cat "$work/pdf11.out"))"
tr -s ' \n' ' ' <"$work/s11.txt" >"$work/s11.flat"
grep -qE "Wasabi led [0-9]+ of 12 GET configurations \([0-9]+ ties?\)" "$work/s11.flat"
check $? "1.1 PDF: clear-lead finding"
grep -qE "No clear PUT leader in [0-9]+ of 12 configurations \(differences within noise; this campaign could detect differences above [0-9]+ %\)" "$work/s11.flat"
check $? "1.1 PDF: no-clear-leader finding with the detectable difference"
grep -qE "Wasabi: [0-9.]+ \[[0-9.]+, [0-9.]+\]" "$work/s11.flat"
check $? "1.1 PDF: forest plot values"
grep -q "percentiles of all requests" "$work/s11.flat"
check $? "1.1 PDF: pooled percentiles table"
grep -qE "led (the most )?[A-Z]+ configurations: [0-9]+ of 12 |led [0-9]+ of 12 [A-Z]+ configurations" "$work/s11.flat" &&
	! grep -qE "[0-9]\.00 of [0-9]+\.00|than [0-9]+\.00 requests" "$work/s11.flat"
check $? "1.1 PDF: the verdicts' counts are whole numbers ('1 of 12', never '1.00 of 12.00')"
qpdf --check "$work/s11/report/report.pdf" >/dev/null 2>&1
check $? "1.1 PDF: qpdf --check"
"$render" "$work/s11/results" -o "$work/s11/ko" --lang ko 2>"$work/err"
rc=$?
check $rc "1.1 ko: render exits 0 ($(cat "$work/err"))"
pdftotext "$work/s11/ko/report.pdf" - 2>/dev/null | tr -s ' \n' ' ' >"$work/s11ko.flat"
sh -c "grep -q '1위였다' '$work/s11ko.flat' && grep -q '명확한 1위가 없다' '$work/s11ko.flat'"
check $? "1.1 ko PDF: clear leads and ties in Korean (1위였다, 명확한 1위가 없다)"
# too few cycles: every leader untested
$py - "$work/s11/results/aggregate.json" "$work/few/aggregate.json" "$top" <<'PY'
import json, os, sys
sys.path.insert(0, sys.argv[3] + "/tests/fixtures/render")
import add_claims
a = json.load(open(sys.argv[1]))
a["campaign"]["cycles"] = 1
for l in a["leaders"]:
    l.update(status="untested", clear=False, tied_with=[], detectable_ratio=None)
a["claims"] = add_claims.claims_of(a)
os.makedirs(os.path.dirname(sys.argv[2]), exist_ok=True)
json.dump(a, open(sys.argv[2], "w"))
PY
"$render" "$work/few" -o "$work/few/out" --format html 2>"$work/err"
rc=$?
check $rc "too few cycles: renders ($(cat "$work/err"))"
grep -q "No PUT claims: too few cycles to test the differences" "$work/few/out/report.html"
check $? "too few cycles: the findings say so"
$py "$work/check_html.py" "$work/few/aggregate.json" "$work/few/out/report.html" >"$work/few.out" 2>&1
rc=$?
check $rc "too few cycles: no lead or tie marked, tables as the data ($(grep -m1 MISMATCH "$work/few.out"))"
# A format 1.0 aggregate (as analyze wrote before the statistics): rendered, and says so.
"$render" "$top/tests/fixtures/render/small" -o "$work/v10" --format html 2>"$work/err"
rc=$?
check $rc "1.0: renders ($(cat "$work/err"))"
grep -q "this aggregate has no statistics (format 1.0)" "$work/v10/report.html"
check $? "1.0: the report says what is not available"
# 10. The distribution and time charts (render/report/report_time.c). The 1.0 fixture of
#    section 9 has none of the 1.1 fields: no CDF and no time series (a note says so),
#    the per-cycle charts from cells[].runs. With the 1.1 fields added
#    (tests/fixtures/render/add_v11.py): 2 ops x 4 sizes CDFs, PUT and GET over time with
#    the trimmed seconds dashed, 2 per-cycle charts; the PDF shows them, en and ko.
html10=$work/v10/report.html
test "$(grep -c 'id="latency-cdf"' "$html10")" -eq 0
check $? "1.0: no latency CDF section"
test "$(grep -c 'id="timeseries"' "$html10")" -eq 0
check $? "1.0: no throughput-over-time section"
grep -q 'Latency distribution: not available' "$html10"
check $? "1.0: the CDF is 'not available'"
grep -q 'Throughput over time: not available' "$html10"
check $? "1.0: over time is 'not available'"
grep -q 'id="cycles"' "$html10"
check $? "1.0: results per cycle from the runs"
$py tests/fixtures/render/gen_aggregate.py "$work/r11" || exit 2
$py tests/fixtures/render/add_v11.py "$work/r11/aggregate.json"
"$render" "$work/r11" -o "$work/rep11" 2>"$work/err"
check $? "1.1 renders ($(cat "$work/err"))"
$py - "$work/rep11/report.html" >"$work/sec.out" 2>&1 <<'PY'
import re, sys
h = open(sys.argv[1], encoding="utf-8").read()
def section(i):  # from the heading with id i to the next h2 or h3
    m = re.search(r'<h[23][^>]*id="%s"' % i, h)
    if not m:
        return ""
    n = re.search(r'<h[23][ >]', h[m.end():])
    return h[m.end(): m.end() + n.start() if n else len(h)]
cdf, ts, cy = section("latency-cdf"), section("timeseries"), section("cycles")
ok = [cdf.count("<svg") == 8, ts.count("<svg") == 2, cy.count("<svg") == 2,
      "stroke-dasharray" in ts, "stroke-dasharray" not in cdf,
      all(s.count("<polyline") >= 4 for s in re.findall(r"<svg.*?</svg>", cdf, re.S)),
      "Latency distribution: not available" not in h,
      "Throughput over time: not available" not in h]
print(" ".join("ok" if o else "FAIL" for o in ok), cdf.count("<svg"), ts.count("<svg"), cy.count("<svg"))
PY
sh -c "! grep -q FAIL '$work/sec.out'"
check $? "1.1: 8 CDFs, 2 over time (dashed trimmed seconds), 2 per cycle ($(cat "$work/sec.out"))"
qpdf --check "$work/rep11/report.pdf" >/dev/null 2>&1
check $? "1.1: qpdf --check"
pdftotext "$work/rep11/report.pdf" "$work/rep11.txt"
for t in "latency distribution" "throughput per second" "per cycle" "latency, ms (log scale)" \
	"seconds left out of the average"; do
	grep -q "$t" "$work/rep11.txt"
	check $? "1.1 PDF: '$t'"
done
pages=$($py - "$work/rep11.txt" <<'PY'
import sys
p = open(sys.argv[1], encoding="utf-8").read().split("\f")
print(" ".join(str(i + 1) for i, t in enumerate(p) if "latency distribution" in t or "per second" in t))
PY
)
first=${pages%% *}
pdftoppm -r 40 -f "$first" -l "$first" -png "$work/rep11/report.pdf" "$work/p11" 2>/dev/null
test -s "$(ls "$work"/p11*.png 2>/dev/null | head -1)"
check $? "1.1 PDF: page $first (a CDF) renders"
"$render" "$work/r11" -o "$work/rep11ko" --lang ko 2>"$work/err"
check $? "1.1 ko renders ($(cat "$work/err"))"
pdftotext "$work/rep11ko/report.pdf" "$work/rep11ko.txt"
grep -q "지연 시간 분포" "$work/rep11ko.txt"
check $? "1.1 ko PDF: 지연 시간 분포"
grep -q "초당 처리량" "$work/rep11ko.txt"
check $? "1.1 ko PDF: 초당 처리량"

finish
