#!/usr/bin/env bash
# tests/e2e/provenance_report.sh: the report's Provenance section (issue 24) from a copy of
# data/sample analyzed and signed: in English and Korean (HTML and the PDF's text), the
# manifest digest and the key fingerprint shown; the HTML's embedded aggregate.json and
# cells.csv decode to the very files of results/ and the HTML references nothing outside
# itself; the PDF carries aggregate.json, claims.json and manifest.json (pdfdetach -list, and
# the saved files equal results/'s and the claims.json render wrote beside the report); results
# without a manifest get a section that says so.
# No server. Prints "N passed, N failed".
. "$(dirname "$0")/lib.sh"
analyze=$top/bin/analyze render=$top/bin/render
for b in "$analyze" "$render"; do [ -x "$b" ] || { bad "$b missing: run make"; finish; }; done
for t in pdfdetach pdftotext node; do
	command -v $t >/dev/null || { bad "$t missing (scripts/setup installs it)"; finish; }
done

cp -r "$top/data/sample" "$tmp/s"
openssl genpkey -algorithm ed25519 -out "$tmp/key.pem" 2>/dev/null
"$analyze" "$tmp/s" --sign "$tmp/key.pem" 2>/dev/null
check $? "analyze --sign"
r=$tmp/s/results
dg=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).digest)' "$r/manifest.json")
fpr=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).signer.fingerprint)' \
	"$r/manifest.json")
for lang in en ko; do
	"$render" "$r" -o "$tmp/$lang" --lang "$lang" 2>"$tmp/$lang.err"
	check $? "render --lang $lang"
	pdftotext "$tmp/$lang/report.pdf" "$tmp/$lang.txt" 2>/dev/null
	tr -d '\n' <"$tmp/$lang.txt" >"$tmp/$lang.flat"
done
grep -q '<h2 id="provenance">Provenance</h2>' "$tmp/en/report.html"; check $? "en HTML: the Provenance section"
grep -q '<h2 id="provenance">출처와 검증</h2>' "$tmp/ko/report.html"; check $? "ko HTML: 출처와 검증"
grep -q 'href="#provenance"' "$tmp/en/report.html"; check $? "en HTML: in the contents"
grep -q "^Provenance" "$tmp/en.txt"; check $? "en PDF: the Provenance section"
grep -q "출처와 검증" "$tmp/ko.txt"; check $? "ko PDF: 출처와 검증"
for lang in en ko; do
	grep -q "$dg" "$tmp/$lang/report.html" && grep -q "$dg" "$tmp/$lang.flat"
	check $? "$lang: the manifest digest in the HTML and the PDF"
	grep -q "$fpr" "$tmp/$lang/report.html" && grep -q "${fpr:0:40}" "$tmp/$lang.flat"
	check $? "$lang: the signer's fingerprint"
	grep -q "bin/analyze --verify DATA_DIR/results --pubkey PUB.pem" "$tmp/$lang/report.html"
	check $? "$lang: the command that checks the report"
	grep -q "bin/analyze $tmp/s -o $tmp/s/results --policy mean --min-samples 1 --alpha 0.05" \
		"$tmp/$lang/report.html"
	check $? "$lang: the command that made the results, with its options"
done
grep -q "Endpoint host" "$tmp/en/report.html" && grep -q "127.0.0.1:45719" "$tmp/en/report.html" &&
	grep -q "엔드포인트 호스트" "$tmp/ko/report.html"
check $? "the fairness facts per subject (en, ko)"
grep -q "110 files, 1.36 MiB" "$tmp/en/report.html"; check $? "the inputs' count and total size"

# the HTML's downloads decode to results/'s files; nothing outside the file
node -e '
const fs = require("fs"), h = fs.readFileSync(process.argv[1], "utf8"), dir = process.argv[2];
let n = 0;
for (const name of ["aggregate.json", "cells.csv"]) {
	const m = h.match(new RegExp("<a download=\"" + name.replace(".", "\\.") +
		"\" href=\"data:[a-z/]+;base64,([A-Za-z0-9+/=]+)\">"));
	if (!m) { console.log("no download of " + name); process.exit(1); }
	const got = Buffer.from(m[1], "base64");
	if (!got.equals(fs.readFileSync(dir + "/" + name))) { console.log(name + " differs"); process.exit(1); }
	n++;
}
const a = JSON.parse(Buffer.from(h.match(/download="aggregate.json" href="data:[a-z\/]+;base64,([^"]+)"/)[1],
	"base64").toString());
if (a.format === undefined || a.cells.length !== 24) process.exit(1);
' "$tmp/en/report.html" "$r"
check $? "HTML: the embedded aggregate.json and cells.csv are results/'s, byte for byte"
! grep -qiE '(src|href)="(https?:)?//' "$tmp/en/report.html"
check $? "HTML: no external reference"

pdfdetach -list "$tmp/en/report.pdf" >"$tmp/list" 2>/dev/null
grep -q "aggregate.json" "$tmp/list" && grep -q "manifest.json" "$tmp/list" &&
	grep -q "claims.json" "$tmp/list" && grep -q "^3 embedded files" "$tmp/list"
check $? "pdfdetach -list shows aggregate.json, claims.json and manifest.json"
mkdir -p "$tmp/det" && pdfdetach -saveall -o "$tmp/det" "$tmp/en/report.pdf" 2>/dev/null
cmp -s "$tmp/det/aggregate.json" "$r/aggregate.json" && cmp -s "$tmp/det/manifest.json" "$r/manifest.json" &&
	cmp -s "$tmp/det/claims.json" "$tmp/en/claims.json"
check $? "the PDF's embedded files are results/'s and the report's claims.json, byte for byte"
grep -qE "manifest.json as embedded files.*pdfdetach ?-list" "$tmp/en.flat"; check $? "the PDF's Provenance page lists its embedded files"

# results without a manifest (an older analyze)
cp -r "$r" "$tmp/old"
rm "$tmp/old/manifest.json" "$tmp/old/manifest.sig"
"$render" "$tmp/old" -o "$tmp/oldrep" 2>/dev/null
check $? "render of results without a manifest"
grep -q "These results have no manifest" "$tmp/oldrep/report.html"; check $? "...says it has none"
[ "$(pdfdetach -list "$tmp/oldrep/report.pdf" 2>/dev/null | head -1)" = "2 embedded files" ]
check $? "...and its PDF carries aggregate.json and claims.json only"

# the same results render to the same bytes (the report is reproducible)
"$render" "$r" -o "$tmp/en2" 2>/dev/null
cmp -s "$tmp/en/report.html" "$tmp/en2/report.html" && cmp -s "$tmp/en/report.pdf" "$tmp/en2/report.pdf"
check $? "rendering twice gives identical HTML and PDF"
finish
