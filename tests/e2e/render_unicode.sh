#!/usr/bin/env bash
# tests/e2e/render_unicode.sh: subject labels and a campaign title in Cyrillic, Greek, Han,
# Hangul, kana and accented Latin (tests/fixtures/render/unicode, made by
# gen_aggregate.py --small --unicode) print as written in both languages' PDFs: pdftotext
# finds every label exactly (without a warning: a valid ToUnicode CMap) and no "?" or
# U+FFFD, qpdf --check passes, the four faces are embedded as used, pdftoppm draws the
# cover; the HTML has every label and names the fonts the layout measured. A label with an emoji and a simplified Han character (in
# neither embedded font) shows U+FFFD for each in the PDF and the characters in the HTML.
# Prints "N passed, N failed".
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
render=${RENDER:-bin/render}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
fx=tests/fixtures/render/unicode
work=$tmp

# labels_in FILE KIND: every label and the title of $fx found exactly in FILE (pdftotext
# output or HTML); no "?" (or, in a PDF, U+FFFD) anywhere. Prints what is missing.
labels_in() {
	$py - "$fx/aggregate.json" "$1" "$2" <<'PY'
import html, json, re, sys
a = json.load(open(sys.argv[1]))
text = open(sys.argv[2], encoding="utf-8").read()
if sys.argv[3] == "html":
    text = html.unescape(re.sub(r"<[^>]*>", " ", text))
want = [s["label"] for s in a["subjects"]] + [a["campaign"]["title"]]
bad = [w for w in want if w not in text]
for w in bad:
    print("missing: %r" % w)
if sys.argv[3] == "pdf":
    for ch in ("?", "\ufffd"):
        if ch in text:
            print("%r appears %d times" % (ch, text.count(ch)))
            bad.append(ch)
sys.exit(1 if bad else 0)
PY
}

for lang in en ko; do
	out=$work/$lang
	"$render" "$fx" -o "$out" --lang "$lang" 2>"$work/err"
	check $? "$lang: render exits 0 ($(cat "$work/err"))"
	qpdf --check "$out/report.pdf" >/dev/null 2>&1
	check $? "$lang: qpdf --check"
	pdftotext -enc UTF-8 "$out/report.pdf" "$work/$lang.txt" 2>"$work/$lang.txterr"
	# libharu 2.3's own ToUnicode CMap (a cidrange) made poppler warn on every font
	test ! -s "$work/$lang.txterr"
	check $? "$lang: pdftotext without warnings ($(head -c 120 "$work/$lang.txterr"))"
	labels_in "$work/$lang.txt" pdf >"$work/$lang.miss"
	check $? "$lang: PDF text has every label, no '?' ($(head -n 3 "$work/$lang.miss" | tr '\n' ' '))"
	labels_in "$out/report.html" html >"$work/$lang.hmiss"
	check $? "$lang: HTML text has every label ($(head -n 3 "$work/$lang.hmiss" | tr '\n' ' '))"
	pdffonts "$out/report.pdf" >"$work/$lang.fonts" 2>/dev/null
	for face in DejaVuSans, DejaVuSans-Bold NanumGothic, NanumGothicBold; do
		f=${face%,}
		[ "$face" = NanumGothic, ] && f='NanumGothic '
		grep -q "+$f.*CID TrueType.*yes" "$work/$lang.fonts"
		check $? "$lang: $face embedded"
	done
	sh -c "! grep -q 'Type 1' '$work/$lang.fonts'"
	check $? "$lang: no standard font"
	pdftoppm -png -r 40 -f 1 -l 1 "$out/report.pdf" "$work/$lang-page" 2>/dev/null
	test -s "$work/$lang-page-01.png"
	check $? "$lang: pdftoppm draws the cover"
done
grep -q "font-family: 'DejaVu Sans', NanumGothic" "$work/en/report.html"
check $? "en: HTML CSS names DejaVu Sans, then NanumGothic"
grep -q "font-family=\"NanumGothic, &#39;Nanum Gothic&#39;, &#39;DejaVu Sans&#39;" "$work/ko/report.html"
check $? "ko: SVG text names NanumGothic, then DejaVu Sans"

# A label with characters no embedded font has: U+FFFD in the PDF, as written in the HTML.
mkdir -p "$work/miss"
$py - "$fx/aggregate.json" "$work/miss/aggregate.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
a["subjects"][0]["label"] = "Rocket \U0001F680 \u4e1c"
json.dump(a, open(sys.argv[2], "w"))
PY
"$render" "$work/miss" -o "$work/miss/out" -f pdf,html 2>/dev/null
check $? "missing glyphs: render exits 0"
pdftotext -enc UTF-8 "$work/miss/out/report.pdf" - 2>/dev/null | grep -q "Rocket $(printf '\xef\xbf\xbd \xef\xbf\xbd')"
check $? "missing glyphs: U+FFFD for each in the PDF"
grep -q "Rocket $(printf '\xf0\x9f\x9a\x80 \xe4\xb8\x9c')" "$work/miss/out/report.html"
check $? "missing glyphs: as written in the HTML"

finish
