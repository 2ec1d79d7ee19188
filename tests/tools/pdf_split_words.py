#!/usr/bin/env python3
"""tests/tools/pdf_split_words.py: table header words a PDF cuts in two.

  pdf_split_words.py REPORT.pdf REPORT.html

The header words are those of every <thead> cell of the HTML (the same document's other
back end). pdftotext -bbox gives every word of the PDF with its box; a header word is cut
when a word's text followed by the text of a word just below it (the next line, left or
right edges aligned within 1.5 pt, as in a wrapped table cell) spells that header word.
Prints each cut as "page N: 'head' + 'tail' = 'word'" and a closing line "cut header
words: K of W"; exits 1 when K > 0."""
import html, re, subprocess, sys, xml.etree.ElementTree as ET


def header_words(path):
    text = open(path, encoding="utf-8").read()
    words = set()
    for head in re.findall(r"<thead>(.*?)</thead>", text, re.S):
        for cell in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S):
            plain = html.unescape(re.sub(r"<[^>]+>", " ", cell))
            words.update(w for w in plain.split() if len(w) >= 2)
    return words


def pdf_words(path):
    out = subprocess.run(["pdftotext", "-bbox", path, "-"], check=True, capture_output=True,
                         text=True).stdout
    out = re.sub(r"<!DOCTYPE[^>]*>", "", out)
    out = re.sub(r'xmlns="[^"]*"', "", out)
    root = ET.fromstring(out)
    pages = []
    for page in root.iter("page"):
        ws = []
        for w in page.iter("word"):
            ws.append((w.text or "", float(w.get("xMin")), float(w.get("yMin")),
                       float(w.get("xMax")), float(w.get("yMax"))))
        pages.append(ws)
    return pages


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    heads = header_words(sys.argv[2])
    cuts = []
    for n, ws in enumerate(pdf_words(sys.argv[1]), 1):
        for a in ws:
            h = a[4] - a[2]
            for b in ws:
                below = 0 < b[2] - a[2] < 1.9 * h
                aligned = abs(b[1] - a[1]) < 1.5 or abs(b[3] - a[3]) < 1.5
                if below and aligned and a[0] + b[0] in heads and a[0] not in heads:
                    cuts.append((n, a[0], b[0]))
    for n, a, b in cuts:
        print("page %d: %r + %r = %r" % (n, a, b, a + b))
    print("cut header words: %d of %d" % (len(cuts), len(heads)))
    sys.exit(1 if cuts else 0)


if __name__ == "__main__":
    main()
