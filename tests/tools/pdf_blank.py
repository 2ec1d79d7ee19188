#!/usr/bin/env python3
"""tests/tools/pdf_blank.py: how empty each page of a PDF is.

  pdf_blank.py FILE.pdf [--dpi N]

Renders every page with pdftoppm (poppler-utils) as 8-bit grey, then, inside the text
area (A4 less the report's margins: 50 pt left and right, 56 pt top, 62 pt bottom, so the
running footer is not counted), counts the pixel rows with no ink (no pixel darker than
250 of 255). Prints one line per page, "page N: blank F empty T" (F the blank rows' share
of the text area, 0..1, gaps between lines included; T the share left empty below the
page's last ink), then "pages: P, more than half empty: K (pages ...), mean blank: M, mean
empty: E" over every page but the last (a last page may end where its text ends)."""
import os, subprocess, sys, tempfile

MARGIN_T, MARGIN_B, PAGE_H = 56.0, 62.0, 841.89


def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    parts, pos = [], 0
    while len(parts) < 4:  # magic, width, height, maxval (comments are not written)
        while data[pos:pos + 1].isspace():
            pos += 1
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        parts.append(data[start:pos])
    pos += 1
    if parts[0] != b"P5":
        raise SystemExit("%s: not a binary PGM" % path)
    w, h = int(parts[1]), int(parts[2])
    return w, h, data[pos:pos + w * h]


def blank_share(path):
    w, h, px = read_pgm(path)
    top, bottom = int(h * MARGIN_T / PAGE_H), int(h * (PAGE_H - MARGIN_B) / PAGE_H)
    left, right = int(w * 50 / 595.276), int(w * (595.276 - 50) / 595.276)
    blank, last = 0, top
    for y in range(top, bottom):
        row = px[y * w + left:y * w + right]
        if min(row) > 250:
            blank += 1
        else:
            last = y + 1
    n = max(1, bottom - top)
    return blank / n, (bottom - last) / n


def main():
    args = sys.argv[1:]
    dpi = 30
    if "--dpi" in args:
        i = args.index("--dpi")
        dpi = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        raise SystemExit(__doc__)
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), args[0], os.path.join(d, "p")],
                       check=True)
        files = sorted((f for f in os.listdir(d) if f.endswith(".pgm")),
                       key=lambda f: int(f.rsplit("-", 1)[1].split(".")[0]))
        shares = [blank_share(os.path.join(d, f)) for f in files]
    for i, (s, t) in enumerate(shares):
        print("page %d: blank %.3f empty %.3f" % (i + 1, s, t))
    body = shares[:-1]
    half = [i + 1 for i, (s, t) in enumerate(body) if t > 0.5]
    print("pages: %d, more than half empty: %d (pages %s), mean blank: %.3f, mean empty: %.3f" %
          (len(shares), len(half), " ".join(map(str, half)) or "none",
           sum(s for s, t in body) / max(1, len(body)), sum(t for s, t in body) / max(1, len(body))))


if __name__ == "__main__":
    main()
