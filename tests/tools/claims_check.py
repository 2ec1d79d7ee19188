#!/usr/bin/env python3
"""tests/tools/claims_check.py: do the claims of an analysis say what is true?

    claims_check.py AGGREGATE_JSON TRUTH_JSON

AGGREGATE_JSON is analyze's results/aggregate.json; TRUTH_JSON a truth file (written by
tests/tools/gen_truth for its scenarios; its form: tests/tools/gen_truth/main.c). Fails (exit
1, one "FAIL ..." line each) on:
  - an expected claim that is missing;
  - a claim that contradicts its expectation: its verdict not among those allowed, another
    subject, other reasons (as a set), other subjects[] (in order), a figure off by more
    than its tolerance;
  - a claim whose id starts with a prefix the truth says no claim may have;
and on these, true of every analysis (docs/FORMATS.md, "Claims"):
  - two claims with one id; a claim without kind, verdict, subjects[], reasons[], figures{};
  - a subject (subject, subjects[]) that is not one of subjects[];
  - a leader of leaders[] whose lead was not clear (aggregate.json "clear": false) that a
    claim calls clear, or a leader without its lead claim.
Prints "ok   ..." for each check that holds; the last line "claims_check: N checks, N
failed". Exit 0 when none failed, 1 when one did, 2 on a usage or file error.
"""
import json
import sys


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as x:
        print("claims_check: %s: %s" % (path, x), file=sys.stderr)
        sys.exit(2)


class Checks:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def t(self, cond, name):
        self.n += 1
        if not cond:
            self.failed += 1
        print(("ok   " if cond else "FAIL ") + name)


def well_formed(c, claims, ids):
    c.t(len(ids) == len(set(ids)),
        "claim ids are unique (%d claims%s)" % (len(ids), "" if len(ids) == len(set(ids)) else
                                                ", repeated: " + ", ".join(sorted({i for i in ids if ids.count(i) > 1}))))
    bad = [x.get("id") for x in claims
           if not all(k in x for k in ("id", "kind", "verdict", "subjects", "reasons", "figures"))
           or not isinstance(x["subjects"], list) or not isinstance(x["reasons"], list)
           or not isinstance(x["figures"], dict)]
    c.t(not bad, "every claim has id, kind, verdict, subjects[], reasons[], figures{}" +
        (": not " + ", ".join(map(str, bad)) if bad else ""))


def subjects_known(c, agg, claims):
    known = {s["id"] for s in agg.get("subjects", [])}
    bad = sorted({x["id"] for x in claims
                  if (x.get("subject") is not None and x["subject"] not in known)
                  or any(s not in known for s in x.get("subjects", []))})
    c.t(not bad, "every subject a claim names is one of subjects[]" +
        (": not in " + ", ".join(bad) if bad else ""))


def leads_agree(c, agg, by_id):
    for ld in agg.get("leaders", []):
        cid = "lead/%s/%d/c%d" % (ld["op"], ld["size"], ld["concurrency"])
        x = by_id.get(cid)
        if x is None:
            c.t(False, "%s: the leader of leaders[] has its lead claim" % cid)
            continue
        if ld.get("clear") is False:
            c.t(x["verdict"] != "clear",
                "%s: leaders[] says not clear, the claim says %s" % (cid, x["verdict"]))


def expected(c, by_id, truth):
    for cid, want in truth.get("expect", {}).items():
        x = by_id.get(cid)
        if x is None:
            c.t(False, "%s: expected, missing" % cid)
            continue
        allowed = want["verdict"] if isinstance(want["verdict"], list) else [want["verdict"]]
        problems = []
        if x["verdict"] not in allowed:
            problems.append("verdict %s, truth %s" % (x["verdict"], "|".join(allowed)))
        if "subject" in want and x.get("subject") != want["subject"]:
            problems.append("subject %s, truth %s" % (x.get("subject"), want["subject"]))
        if "subjects" in want and x.get("subjects") != want["subjects"]:
            problems.append("subjects %s, truth %s" % (x.get("subjects"), want["subjects"]))
        if "reasons" in want and sorted(x.get("reasons", [])) != sorted(want["reasons"]):
            problems.append("reasons %s, truth %s" % (x.get("reasons"), want["reasons"]))
        for name, (value, tol) in want.get("figures", {}).items():
            got = x.get("figures", {}).get(name)
            if not isinstance(got, (int, float)) or abs(got - value) > tol:
                problems.append("figure %s %s, truth %g +- %g" % (name, got, value, tol))
        c.t(not problems, "%s: %s%s" % (cid, x["verdict"],
                                        " (" + "; ".join(problems) + ")" if problems else ""))


def absent(c, ids, truth):
    for prefix in truth.get("absent", []):
        hits = [i for i in ids if i.startswith(prefix)]
        c.t(not hits, "no claim %s*%s" % (prefix, (": " + ", ".join(hits)) if hits else ""))


def main(argv):
    if len(argv) != 3:
        print("usage: claims_check.py AGGREGATE_JSON TRUTH_JSON", file=sys.stderr)
        return 2
    agg, truth = load(argv[1]), load(argv[2])
    claims = agg.get("claims")
    c = Checks()
    c.t(isinstance(claims, list), "aggregate.json has claims[]")
    if not isinstance(claims, list):
        claims = []
    ids = [x.get("id") for x in claims]
    by_id = {x.get("id"): x for x in claims}
    well_formed(c, claims, ids)
    subjects_known(c, agg, claims)
    leads_agree(c, agg, by_id)
    expected(c, by_id, truth)
    absent(c, ids, truth)
    print("claims_check: %d checks, %d failed" % (c.n, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
