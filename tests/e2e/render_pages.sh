#!/usr/bin/env bash
# tests/e2e/render_pages.sh: the PDF's pages and tables, and charts with nothing to draw,
# in English and Korean.
#
# - Pages: the sample report (data/sample through bin/analyze) has no page more than half
#   empty but the last (tests/tools/pdf_blank.py: pdftoppm, the share of the text area left
#   empty below a page's last ink). The full synthetic matrix (gen_aggregate.py --stats) is
#   measured and printed too; there a page may stay more than half empty only when the
#   chart that follows is taller than what was left.
# - Table headers: no header word of any table is cut in two in the PDF
#   (tests/tools/pdf_split_words.py: pdftotext -bbox, the HTML's <thead> words).
# - What a reader trips over in the sample report (tests/tools/report_reader.py): a count
#   and its noun, grouped counts, figures of 1,000 or more without decimals, a range chart
#   with one row of figures, a "–" or a mark explained under its table, no slowest-requests
#   column of "–" only, a short-window caveat under its throughput table, the inclusion
#   rule in the report's language.
# - Empty charts: with no 1-second segment for DELETE, its range chart is not drawn and a
#   sentence says why, in HTML and PDF.
# Prints "N passed, N failed[, N skipped]".
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
render=${RENDER:-bin/render}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
work=$tmp

for tool in pdftoppm pdftotext; do
	if ! command -v $tool >/dev/null 2>&1; then
		skip 1 "$tool not installed (poppler-utils; scripts/setup installs it)"
		finish
	fi
done

# 1. The sample report: no page more than half empty.
if [ -x bin/analyze ] && bin/analyze data/sample -o "$work/sample/results" >/dev/null 2>&1; then
	for lang in en ko; do
		"$render" "$work/sample/results" -o "$work/sample/$lang" --lang $lang 2>"$work/err"
		check $? "sample, $lang: render ($(head -1 "$work/err"))"
		$py tests/tools/pdf_blank.py "$work/sample/$lang/report.pdf" >"$work/blank-$lang.out"
		line=$(tail -1 "$work/blank-$lang.out")
		echo "sample $lang: $line"
		echo "$line" | grep -q 'more than half empty: 0 '
		check $? "sample, $lang: no page but the last more than half empty ($line)"
		$py tests/tools/report_reader.py "$work/sample/$lang/report.html" $lang \
			"$work/sample/results/aggregate.json" >"$work/reader-$lang.out"
		check $? "sample, $lang: nothing a reader trips over ($(grep -m1 FAIL "$work/reader-$lang.out"))"
	done
else
	skip 4 "bin/analyze not built or data/sample not analyzed"
fi

# 2. The full matrix: header words whole in both languages; the pages measured.
$py tests/fixtures/render/gen_aggregate.py "$work/full/results" --stats >/dev/null || exit 2
for lang in en ko; do
	"$render" "$work/full/results" -o "$work/full/$lang" --lang $lang 2>"$work/err"
	check $? "full matrix, $lang: render ($(head -1 "$work/err"))"
	$py tests/tools/pdf_split_words.py "$work/full/$lang/report.pdf" \
		"$work/full/$lang/report.html" >"$work/split-$lang.out"
	check $? "full matrix, $lang: no table header word cut ($(tail -1 "$work/split-$lang.out"); $(head -1 "$work/split-$lang.out"))"
	echo "full $lang: $($py tests/tools/pdf_blank.py "$work/full/$lang/report.pdf" | tail -1)"
done

# 3. DELETE without 1-second segments: no range chart, a sentence instead.
mkdir -p "$work/nodel/results"
$py - "$work/full/results/aggregate.json" "$work/nodel/results/aggregate.json" <<'PY' || exit 2
import json, sys
a = json.load(open(sys.argv[1]))
for o in a["ops"]:
    if o["op"] == "delete":
        o["segments"] = {"median_obj_s": None, "fastest_obj_s": None, "slowest_obj_s": None}
json.dump(a, open(sys.argv[2], "w"))
PY
for lang in en ko; do
	"$render" "$work/nodel/results" -o "$work/nodel/$lang" --lang $lang 2>"$work/err"
	check $? "no DELETE segments, $lang: render ($(head -1 "$work/err"))"
	$py - "$work/nodel/$lang/report.html" $lang >"$work/empty-$lang.out" 2>&1 <<'PY'
import re, sys
h = open(sys.argv[1], encoding="utf-8").read()
titles = re.findall(r"<svg[^>]*>\s*<title[^>]*>([^<]*)</title>", h)
want = {"en": ("DELETE throughput per 1-second segment", 'No chart &quot;DELETE throughput per 1-second segment'),
        "ko": ("1초 구간별 DELETE 처리량", "&quot;1초 구간별 DELETE 처리량")}[sys.argv[2]]
drawn = [t for t in titles if t.startswith(want[0])]
said = want[1] in h or want[1].replace("&quot;", '"') in h
others = [t for t in titles if "1-second segment" in t or "1초 구간별" in t]
print("drawn %d, said %s, other range charts %d" % (len(drawn), said, len(others)))
sys.exit(0 if not drawn and said and len(others) == 2 else 1)
PY
	check $? "no DELETE segments, $lang: no chart, a sentence says why ($(cat "$work/empty-$lang.out"))"
	pdftotext "$work/nodel/$lang/report.pdf" - 2>/dev/null | tr '\n' ' ' >"$work/nodel-$lang.txt"
	case $lang in
	en) grep -q 'No chart "DELETE throughput per 1-second segment' "$work/nodel-$lang.txt" ;;
	ko) grep -q '"1초 구간별 DELETE 처리량' "$work/nodel-$lang.txt" ;;
	esac
	check $? "no DELETE segments, $lang: the PDF says it too"
done
finish
