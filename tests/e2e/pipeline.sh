#!/usr/bin/env bash
# tests/e2e/pipeline.sh: the whole pipeline as `make run` drives it, on a reduced demo
# campaign (tests/fixtures/campaigns/pipeline.ini) against the two local servers:
# collect -> analyze -> render, then checks of the report files: both exist, the HTML
# names both subjects (escaped), has the sections and every cell's value; the PDF is a
# valid PDF with one page at least and its text has the subjects; nothing holds a secret;
# what a reader trips over (tests/tools/report_reader.py) is not in report.html, and no word
# of report.pdf runs past its right margin.
. "$(dirname "$0")/collect_lib.sh"

server_env ONE S3RVER || finish
server_env TWO RGW || finish
export ONE_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY TWO_AWS_ACCESS_KEY_ID TWO_AWS_SECRET_ACCESS_KEY
camp="$work/pipeline.ini"
make_campaign "$top/tests/fixtures/campaigns/pipeline.ini" "$camp" "$ONE_S3_ENDPOINT" "$TWO_S3_ENDPOINT"
out="$work/out"

"$collect" "$camp" -o "$out" >"$work/collect.log" 2>&1
check $? "collect exits 0: $(tail -n 2 "$work/collect.log")"
check_tree "$out" complete=1 runs=38 secret="$ONE_AWS_SECRET_ACCESS_KEY" >"$work/tree.txt"
check $? "the tree: $(tail -n 5 "$work/tree.txt")"

run_pipeline "$out"
for f in aggregate.json cells.csv runs.csv; do
	[ -s "$out/results/$f" ]
	check $? "results/$f written"
done
html="$out/report/report.html" pdf="$out/report/report.pdf"
[ -s "$html" ] && [ -s "$pdf" ]
check $? "report.html and report.pdf written"

python3 - "$out/results/aggregate.json" "$html" >"$work/html.txt" 2>&1 <<'PY'
import json, re, sys
agg = json.load(open(sys.argv[1]))
html = open(sys.argv[2], encoding="utf-8").read()
problems = []
if agg["format"] != "s3bench-aggregate/1.2":
    problems.append("aggregate format")
cells = agg["cells"]
if len(cells) != 2 * 2 * 2 * 2:
    problems.append("%d cells, want 16" % len(cells))
for c in cells:
    if c["n"] != 2 or c["expected"] != 2:
        problems.append("cell %s %s %d c%d: n=%s expected=%s" % (c["subject"], c["op"], c["size"],
                        c["concurrency"], c["n"], c["expected"]))
if len(agg["ops"]) != 6:
    problems.append("%d one-off ops, want 6" % len(agg["ops"]))
if agg["excluded"]:
    problems.append("excluded runs: %r" % agg["excluded"][:2])
if "Server &lt;one&gt; &amp; " not in html or "Server <one>" in html:
    problems.append("subject label not escaped")
if re.search(r"""(src|href)\s*=\s*["']?https?:""", html):
    problems.append("external reference")
for word in ("PUT", "GET", "LIST", "HEAD", "DELETE"):
    if word not in html:
        problems.append("no %s in the report" % word)
for p in problems:
    print(p)
print("%d problems" % len(problems))
sys.exit(1 if problems else 0)
PY
check $? "report.html against aggregate.json: $(tail -n 3 "$work/html.txt")"
python3 "$top/tests/tools/report_reader.py" "$html" en "$out/results/aggregate.json" >"$work/reader.txt"
check $? "nothing a reader trips over in report.html ($(grep -m1 FAIL "$work/reader.txt"))"

# The client's CPU per request: each cell's is the mean of its valid runs' run.json
# cpu.us_per_request, and the latency tables show it, one decimal, beside the percentiles
python3 - "$out" >"$work/cpu.txt" 2>&1 <<'PY'
import html, json, re, sys
d = sys.argv[1]
agg = json.load(open(d + "/results/aggregate.json"))
page = open(d + "/report/report.html", encoding="utf-8").read()
problems, shown = [], 0
for c in agg["cells"]:
    us = [json.load(open("%s/%s/run.json" % (d, r["path"])))["cpu"]["us_per_request"]
          for r in agg["runs"] if r["included"] and r["cycle"] is not None and
          (r["subject"], r["op"], r["size"], r["concurrency"]) ==
          (c["subject"], c["op"], c["size"], c["concurrency"])]
    want = sum(us) / len(us) if us else None
    got = c.get("cpu_us_per_request")
    if (want is None) != (got is None) or (want is not None and abs(got - want) > 1e-9 * want):
        problems.append("%s %s %d c%d: %r, runs say %r" % (c["subject"], c["op"], c["size"],
                        c["concurrency"], got, want))
for op in ("put", "get"):
    m = re.search(r'<table[^>]*id="t-lat-%s".*?</table>' % op, page, re.S)
    rows = [[html.unescape(re.sub(r"<[^>]+>", "", x)).strip()
             for x in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr, re.S)]
            for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", m.group(0) if m else "", re.S)]
    if not rows or rows[0][-1] != "Client CPU µs/req":
        problems.append("%s: no client CPU column (%r)" % (op, rows[0] if rows else None))
        continue
    want = sorted("%.1f" % c["cpu_us_per_request"] for c in agg["cells"] if c["op"] == op)
    got = sorted(r[-1].replace(",", "") for r in rows[1:])
    shown += len(got)
    if got != want:
        problems.append("%s: the table shows %s, aggregate.json %s" % (op, got, want))
for p in problems:
    print(p)
print("%d cells checked, %d shown, %d problems" % (len(agg["cells"]), shown, len(problems)))
sys.exit(1 if problems else 0)
PY
check $? "client CPU per request: the runs' mean, in the latency tables ($(tail -n 1 "$work/cpu.txt"))"

head -c 5 "$pdf" | grep -q '%PDF-'
check $? "report.pdf starts with %PDF-"
if command -v qpdf >/dev/null; then
	qpdf --check "$pdf" >"$work/qpdf.txt" 2>&1
	check $? "qpdf --check: $(tail -n 1 "$work/qpdf.txt")"
fi
if command -v pdftotext >/dev/null; then
	pdftotext "$pdf" "$work/report.txt" 2>/dev/null
	grep -q "Server two" "$work/report.txt"
	check $? "the PDF's text names the subjects"
	# no word past the right margin (50 pt of the A4 page's 595): a long note in a table
	# cell (the probe's expected checksums) wraps below its text
	pdftotext -bbox "$pdf" "$work/bbox.html" 2>/dev/null
	python3 - "$work/bbox.html" >"$work/edge.txt" <<'PY'
import re, sys
h = open(sys.argv[1], encoding="utf-8").read()
out = [m.group(3) for m in re.finditer(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)<', h)
       if float(m.group(2)) > 595.276 - 50 + 1]
print("%d words past the margin %s" % (len(out), out[:3]))
sys.exit(1 if out else 0)
PY
	check $? "no word of the PDF past its right margin ($(cat "$work/edge.txt"))"
fi
if grep -rqF "$ONE_AWS_SECRET_ACCESS_KEY" "$out/results" "$out/report" "$work"/*.log; then
	bad "a secret appears in results, report or logs"
else
	ok "no secret in results, report or logs"
fi
# provenance: the fresh report carries its section and the results verify
grep -q '<h2 id="provenance">' "$out/report/report.html"
check $? "the report has the Provenance section"
"$top/bin/analyze" --verify "$out/results" >"$work/verify.log" 2>&1
check $? "analyze --verify: the results come from these logs ($(tail -n 1 "$work/verify.log"))"
grep -qF "$ONE_AWS_SECRET_ACCESS_KEY" "$out/results/manifest.json"
[ $? -ne 0 ]; check $? "no secret in the manifest"
finish
