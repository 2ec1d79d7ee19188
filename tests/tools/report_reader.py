#!/usr/bin/env python3
"""tests/tools/report_reader.py: what a reader of report.html trips over, checked on its text.

Usage: report_reader.py REPORT.HTML LANG AGGREGATE.JSON

Each check prints "ok: ..." or "FAIL: ..."; the exit status is 1 when one failed.
- a later part of the headline goes on in lower case (en): "No clear PUT leader; no clear
  GET leader";
- counts agree with their noun (en): no "1 workers", "1 runs", "1 cycles", no "run(s)";
- counts of a thousand or more are grouped: "too few requests (n = 1,682)", "2,314 cycles";
- no figure of a table of 1,000 or more carries decimals ("2,491,257.85", "± 2,313.3"): a
  wide interval's far end is written to the size it has;
- a range chart with one row of figures names it alone, not as both highest and lowest;
- a LIST / HEAD / DELETE table with a "–" says under it what the "–" means;
- a table whose cells carry a mark (‡ § †) has the mark's legend under it, before the next
  table or heading;
- a slowest-requests table has no column of "–" only (a column nothing logged is left out);
- a short-window caveat (a figure that may overstate) is said under its throughput table,
  not only in the Verdicts table;
- the inclusion rule is the report's language: in English analyze's own text (aggregate.json
  policy.rule), in another language no English sentence.
"""
import html.parser
import json
import re
import sys


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.kids = tag, dict(attrs), parent, []

    def text(self):
        return "".join(k if isinstance(k, str) else k.text() for k in self.kids)

    def walk(self):
        yield self
        for k in self.kids:
            if isinstance(k, Node):
                yield from k.walk()


class Tree(html.parser.HTMLParser):
    VOID = {"br", "img", "meta", "link", "input", "hr", "col", "path", "line", "circle", "rect",
            "polygon", "polyline", "stop", "use"}

    def __init__(self):
        super().__init__()
        self.root = Node("root", {}, None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.kids.append(n)
        if tag not in self.VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.kids.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.kids.append(data)


def main():
    path, lang, agg_path = sys.argv[1:4]
    t = Tree()
    t.feed(open(path, encoding="utf-8").read())
    agg = json.load(open(agg_path, encoding="utf-8"))
    prose = [n for n in t.root.walk() if n.tag in ("p", "li", "td", "th", "caption", "desc")]
    text = " ".join(" ".join(n.text().split()) for n in prose)
    failed = 0

    def check(ok, what, bad=()):
        nonlocal failed
        bad = list(bad)
        print("%s: %s%s" % ("ok" if ok and not bad else "FAIL", what,
                            ": " + "; ".join(bad[:3]) if bad else ""))
        failed += 0 if ok and not bad else 1

    if lang == "en":
        head = " ".join(" ".join(n.text().split()) for n in t.root.walk()
                        if n.tag == "p" and "headline" in n.attrs.get("class", "").split())
        check(bool(head), "a later part of the headline goes on in lower case",
              re.findall(r"; (?:No|The|Too) [^;]*", head))
        check(True, "a count of 1 takes the singular",
              re.findall(r"[^.;:(]{0,40}\b1 (?:workers|runs|cycles|requests)\b", text) +
              re.findall(r"[^.;:]{0,40}\w\(s\)", text))
    check(True, "counts of 1,000 or more are grouped",
          re.findall(r"n = \d{4,}\b|\b\d{4,} (?:cycles|more)\b", text))
    cells = [" ".join(n.text().split()) for n in t.root.walk() if n.tag == "td"]
    check(True, "no table figure of 1,000 or more carries decimals",
          [c for c in cells if re.search(r"\d,\d{3}\.\d", c)])
    same = []
    for d in (n for n in t.root.walk() if n.tag == "desc"):
        s = " ".join(d.text().split())
        m = re.search(r"Highest: (.+?) \(([^()]*)\); lowest: (.+?) \(([^()]*)\)\.", s) or \
            re.search(r"최고: (.+?) \(([^()]*)\), 최저: (.+?) \(([^()]*)\)\.", s)
        if m and m.group(1) == m.group(3):
            same.append(m.group(0))
    check(True, "a range chart with one row of figures names it alone", same)
    unexplained = []
    for tab in (n for n in t.root.walk() if n.tag == "table"
                and n.attrs.get("id") in ("t-list", "t-head", "t-delete")):
        dash = any(n.tag == "td" and n.text().strip() == "–" for n in tab.walk())
        sib = tab.parent.kids[tab.parent.kids.index(tab) + 1:] if tab.parent else []
        foot = " ".join(k.text() for k in sib if isinstance(k, Node) and "foot" in k.attrs.get("class", ""))
        if dash and not foot.lstrip().startswith("–"):
            unexplained.append(tab.attrs["id"])
    check(True, "a LIST / HEAD / DELETE table's \"–\" is explained under it", unexplained)
    unmarked = []
    for tab in (n for n in t.root.walk() if n.tag == "table"):
        marks = {m for c in tab.walk() if c.tag in ("td", "th") for m in "‡§†" if m in c.text()}
        if not marks:
            continue
        after = tab.parent.kids[tab.parent.kids.index(tab) + 1:]
        n = tab.parent
        while n.parent is not None:
            sib = n.parent.kids[n.parent.kids.index(n) + 1:]
            stop = next((i for i, k in enumerate(sib) if isinstance(k, Node) and (
                k.tag in ("h1", "h2", "h3", "table") or any(x.tag == "table" for x in k.walk()))),
                len(sib))
            after += sib[:stop]
            if stop < len(sib):
                break
            n = n.parent
        legend = " ".join(k.text() if isinstance(k, Node) else k for k in after)
        unmarked += ["%s %s" % (tab.attrs.get("id", "?"), m) for m in sorted(marks) if m not in legend]
    check(True, "every mark of a table is explained under it", unmarked)
    empty = []
    for tab in (n for n in t.root.walk() if n.tag == "table"
                and n.attrs.get("id", "").startswith("t-slow-")):
        rows = [[" ".join(c.text().split()) for c in tr.walk() if c.tag in ("td", "th")]
                for tr in tab.walk() if tr.tag == "tr" and any(c.tag == "td" for c in tr.walk())]
        width = min((len(x) for x in rows), default=0)
        if any(all(x[j] == "–" for x in rows) for j in range(width)):
            empty.append(tab.attrs["id"])
    check(True, "no slowest-requests column is \"–\" in every row", empty)
    paras = [n.attrs.get("data-claim", "").split() for n in t.root.walk() if n.tag == "p"]
    check(True, "a short-window caveat is said under its throughput table",
          [x["id"] for x in agg.get("claims", [])
           if x["kind"] == "caveat" and x["verdict"] == "short-window"
           and not any(x["id"] in ids for ids in paras)])
    rule = ""
    for h in (n for n in t.root.walk() if n.tag in ("h2", "h3") and n.attrs.get("id") == "inclusion"):
        sib = h.parent.kids[h.parent.kids.index(h) + 1:]
        rule = next((" ".join(k.text().split()) for k in sib if isinstance(k, Node) and k.tag == "p"), "")
    want = " ".join(agg.get("policy", {}).get("rule", "").split())
    if lang == "en":
        check(rule == want, "the inclusion rule is analyze's own text (aggregate.json policy.rule)",
              [] if rule == want else ["'%s...'" % rule[:60]])
    else:
        check(bool(rule), "the inclusion rule is in the report's language",
              re.findall(r"(?:\b[A-Za-z]{2,}\b[ ,]+){6,}", rule)[:1])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
