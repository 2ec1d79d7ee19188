#!/usr/bin/env python3
"""tests/tools/claims_check.py: do the claims of an analysis, and the report that words them,
say what is true?

    claims_check.py AGGREGATE_JSON TRUTH_JSON [--report DIR]...

AGGREGATE_JSON is analyze's results/aggregate.json; TRUTH_JSON a truth file (written by
tests/tools/gen_truth for its scenarios; its form: tests/tools/gen_truth/main.c). Fails (exit
1, one "FAIL ..." line each) on:
  - an expected claim that is missing;
  - a claim that contradicts its expectation: its verdict not among those allowed, another
    subject, other reasons (as a set), other subjects[] (in order), a figure off by more
    than its tolerance;
  - a claim whose id starts with a prefix the truth says no claim may have;
and on these, true of every analysis (docs/FORMATS.md, "Claims"):
  - every replay claim agrees with its replay cell's workload_cells[].replay (its op's
    figures, its verdict by the rule: at the highest of p99, p90, p50 whose intervals both
    sides have, slower when the replayed one lies wholly above, faster wholly below, else
    alike; not-judged without one), and every op of a replay cell has its claim;
  - every replay-lead claim agrees with the replay blocks of its cells (the replay cells of
    one key but their subject, two or more): each subject's replayed p50/p90/p99 and their
    intervals, and its verdict by the rule (at the highest of p99, p90, p50 every subject
    bounds, the lowest leads when its interval lies wholly below every other's, else alike;
    not-judged without one; not-judged (errors) when a subject failed more than 1 % of the
    op's replay.ops[].sent; blocked when another than the lowest is client-limited for cpu,
    nic or workers or sent more than 1 % of them late, its service interval (replay.ops[].
    service) not wholly above the lowest's, with those reasons), each subject's
    sent/late/failed the cell's, its subject the lowest, versus the next; one claim per op;
  - two claims with one id; a claim without kind, verdict, subjects[], reasons[], figures{};
  - a subject (subject, subjects[]) that is not one of subjects[];
  - a leader of leaders[] whose lead was not clear (aggregate.json "clear": false) that a
    claim calls clear, or a leader without its lead claim;
  - a tail leader of tail_leaders[] without its tail-lead claim of its status and subject;
  - in a merge of vantages, a lead-vantages claim whose verdict is not the one its category's
    vantage-lead claims give (every-vantage: each vantage's leader is its subject, clear;
    depends: some vantage's leader another; else not-every-vantage), a vantage-lead claim
    that is not vantages.leads[]' lead, and a lead claim that is clear (or not depends) when
    its lead-vantages claim says the leader depends on the vantage (a pooled clear, tie or
    unresolved lead is then depends).
  - a violated correctness claim's subject leading its category (lead, tail lead), missing
    from the lead's left_out, or its cell the highest figure.
With --report DIR (render's output: report.html, and report.pdf when there), the report is read
where its reader reads it (docs/FORMATS.md, "Claims"), each check named "DIR: ...":
  - the HTML's <script type="application/json" id="s3bench-claims"> holds aggregate.json's
    claims[] as they are, and those claims hold the truth as above;
  - every data-claim id is one of them; a cell with data-lead shows its lead claim's verdict,
    marked as a leader (class lead) exactly when it is clear, as a tie (class tie) exactly
    when a tie, as unresolved (class unresolved) exactly when unresolved;
  - in a pooled-latency table (t-lat-OP), a cell marked as a tail leader or a tie carries the
    tail-lead claim of that verdict (a tail-lead mark without its claim fails), every tail-lead
    claim but an untested one is marked, and as many leaders as clear claims;
  - every lead claim is shown in its throughput table with data-lead, every client-limit claim
    of a matrix cell in its throughput table, every rate-step claim in its sweep's table and
    every sustained claim in the sustained-rate table;
  - the headline words only lead-count claims whose verdict is most (and carries the flags,
    feature-gap and correctness claims, of the subject it names);
  - every client-limit claim of a matrix cell marked (data-claim, and the mark ‡ in the
    text) on its subject's row of the pooled-latency table t-lat-OP and the per-cycle table
    t-runs-OP, and on its limited runs' verdicts in t-client; no row marked without its claim
    or with another row's;
  - in the charts (SVG data-claim): a text showing the mark carries a client-limit claim and a
    claim a chart carries shows its mark; a chart of one category (data-about
    cdf|cycles/OP/SIZE/cC) carries only that category's client-limit claims and every one of a
    subject it draws; a throughput forest plot (data-about forest/OP) carries only OP's claims
    and the lead claim of each category it compares;
  - each vantage claim (analyze DIR1 DIR2) worded by one paragraph carrying it, under its
    table t-vantage-OP-SIZE-cC, whose rows of the claim's subjects (whose rank flips), and
    only those, carry it;
  - the leaders within each vantage (t-vantage-leads): every vantage-lead claim carried by one
    cell, in its vantage's column, reading its leader and its verdict's word (vantage.cell,
    vantage.verdict.VERDICT); every lead-vantages claim by one cell reading its
    vantage.across.VERDICT, and, for a headline category, by one paragraph reading its
    claim.lead-vantages.VERDICT; an op whose leads all depend on the vantage is worded so
    in the headline (headline.depends);
  - every row of the changes table (analyze --baseline) carries the change claim of its cell,
    a regression or an improvement, and every such claim has its row; the summary sentence
    carries change/summary; likewise each row of the trend table (analyze --history) carries
    its series' trend-alert claim and the alerts trend-alert/summary;
  - each replay claim marks one cell of a replay table (t-replay-N), worded by its
    claim.replay.VERDICT string, on a row naming its subject that shows its replayed p50,
    p90 and p99 (a null one as the null mark), under its op's recorded row, which shows the
    recorded ones or, when the trace records no latency, the string replay.no_latency;
  - each replay-lead claim marks one cell of a t-replay-lead-N table, worded by its
    claim.replay-lead.VERDICT string, on its op's row that names its subject and its
    fastest_ms as the lowest and its versus and versus_ms as the next (a leader swapped with
    the next fails);
  - every feature-gap claim's figure marked \u00a7 where it shows (its throughput cell, its
    latency row, its subject's series in the charts of its op, its lead's verdict) and one
    Key finding per flagged subject; every violated correctness claim's throughput cell marked
    \u2020 and no leader, its lead's verdict naming it left out (flag_marks); the same marks with
    their claims on a flagged subject's rows of the cost, hedging, workload and rate tables
    (flag_tables), and no chart summary naming a \u2020 series highest;
  - each sweep's points table (t-rate-N, rate_sweeps[N]) shows, for each offered rate, the
    throttled share of the attempts (col.throttled_pct) and of the requests
    (col.throttled_req_pct) as aggregate.json's point has them (throttled_attempt_share,
    throttled_share; null: the null mark), each in its own column (rate_shares);
  - every payload claim is worded by one paragraph carrying its id (its claim.payload.VERDICT
    string), and a fair one has the figures of fair data (zstd below 1.05, 99.9 % unique 4 KiB
    blocks or more);
  - "Where the time goes" shows the first 64 time-share claims, a row each (t-time: the
    claim's id, workers and figures per part) and a bar each (the chart, data-about time),
    and says how many it leaves out when there are more (the string phases.left_out); where a
    shown claim has a server log's split (srv_* figures), the table t-time-server a row per
    such claim with its figures, and a sentence carrying it with its server and rest times;
  - every claim's row of the Verdicts table reads its claim.KIND.VERDICT string, and a finding
    that words lead claims of one verdict reads that verdict's finding string (an unresolved
    lead worded with a tie's words fails); each highest-figure, client-balance, cost and
    throughput-per-cost claim (and each violated or not-judged correctness claim of the
    conditional writes) is worded by one Key finding carrying its id, reading its
    verdict's finding string and naming its subject (a balanced one by none);
and, from the claims and the report's text alone (so that a report with no marks is judged too):
  - a throughput table marks as many leaders as its category has clear lead claims (a blocked
    lead painted clear fails);
  - no subject whose lead-count claim is not most is said to have led ("SUBJECT led", en);
  - a rate step the client sent late (not-judged) is not worded as the server's "no"
    (word.no of the report's language) in its sweep's table;
  - the definition of "sustained" is not the old 1 % rule;
  - the PDF embeds claims.json, the same claims, and its text names every claim the truth
    expects.
Prints "ok   ..." for each check that holds; the last line "claims_check: N checks, N
failed". Exit 0 when none failed, 1 when one did, 2 on a usage or file error.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "templates")
VOID = {"br", "img", "meta", "link", "hr", "input", "col", "wbr", "source"}


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


def tails_agree(c, agg, by_id):
    """Each tail leader of tail_leaders[] has its tail-lead claim, of its status (blocked when
    its client_limit says so and it was tested) and subject."""
    for ld in agg.get("tail_leaders", []):
        cid = "tail-lead/%s/%d/c%d/%s" % (ld["op"], ld["size"], ld["concurrency"], ld["metric"][:3])
        x = by_id.get(cid)
        want = ld.get("status")
        if ld.get("client_limit", {}).get("blocked") and want != "untested":
            want = "blocked"
        c.t(x is not None and x["verdict"] == want and x.get("subject") == ld.get("subject"),
            "%s: the tail leader's claim (tail_leaders[]: %s %s; the claim: %s)"
            % (cid, ld.get("status"), ld.get("subject"),
               "%s %s" % (x["verdict"], x.get("subject")) if x else "none"))


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


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.kids, self.text = tag, dict(attrs), parent, [], []

    def all_text(self):
        return "".join(t if isinstance(t, str) else t.all_text() for t in self.text)

    def walk(self):
        yield self
        for k in self.kids:
            yield from k.walk()

    def classes(self):
        return (self.attrs.get("class") or "").split()

    def claim_ids(self):
        return (self.attrs.get("data-claim") or "").split()


class Tree(HTMLParser):
    """The report's elements as a tree (the HTML render writes closes every element it opens
    but the void ones)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", [], None)
        self.cur = self.root
        self.script = None

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.kids.append(n)
        self.cur.text.append(n)
        if tag == "script" and n.attrs.get("id") == "s3bench-claims":
            self.script = n
        if tag not in VOID:
            self.cur = n

    def handle_endtag(self, tag):
        n = self.cur
        while n is not self.root and n.tag != tag:
            n = n.parent
        if n is not self.root:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.text.append(data)


def vantage_leads_agree(c, agg, claims):
    """In a merge of vantages: each lead-vantages verdict is the one its vantage-lead claims
    give, each vantage-lead claim is a lead of vantages.leads[], and a lead whose leader
    depends on the vantage is never called clear."""
    V = agg.get("vantages") or {}
    names = [n["name"] for n in V.get("names", [])]
    if len(names) < 2:
        return
    cat = lambda x: (x["op"], x["size"], x["concurrency"])
    vl = [x for x in claims if x["kind"] == "vantage-lead"]
    leads = {(l["vantage"], l["op"], l["size"], l["concurrency"]): (l["subject"], l["status"])
             for l in V.get("leads", [])}
    bad = ["%s: %s %s, leads[] %s" % (x["id"], x["subject"], x["verdict"],
                                        leads.get((x["figures"].get("vantage"),) + cat(x)))
           for x in vl if leads.get((x["figures"].get("vantage"),) + cat(x)) != (x["subject"], x["verdict"])]
    c.t(not bad and len(vl) == len(leads),
        "every vantage-lead claim is a lead of vantages.leads[] (%d, %d)%s"
        % (len(vl), len(leads), ": " + "; ".join(bad[:3]) if bad else ""))
    bad = []
    by_id = {x["id"]: x for x in claims}
    for g in (x for x in claims if x["kind"] == "lead-vantages"):
        own = [x for x in vl if cat(x) == cat(g)]
        want = ("depends" if any(x["subject"] != g["subject"] for x in own) else
                "every-vantage" if len(own) == len(names) and all(x["verdict"] == "clear" for x in own)
                else "not-every-vantage")
        if g["verdict"] != want:
            bad.append("%s: %s, its vantages' leads say %s" % (g["id"], g["verdict"], want))
        ld = by_id.get("lead/%s/%d/c%d" % cat(g))
        if ld is not None and g["verdict"] == "depends" and (
                ld["verdict"] == "clear" or
                (g["figures"].get("pooled") in ("clear", "tie", "unresolved")) != (ld["verdict"] == "depends")):
            bad.append("%s: %s while the leader depends on the vantage" % (ld["id"], ld["verdict"]))
        if ld is not None and ld["verdict"] == "depends" and g["verdict"] != "depends":
            bad.append("%s: depends while lead-vantages says %s" % (ld["id"], g["verdict"]))
    c.t(not bad, "every lead-vantages verdict is its vantages' leads', and no lead that depends "
        "on the vantage is called clear%s" % (": " + "; ".join(bad[:3]) if bad else ""))


def strings(lang):
    out = {}
    try:
        with open(os.path.join(TEMPLATES, lang, "strings.txt"), encoding="utf-8") as f:
            for line in f:
                if "=" in line and not line.lstrip().startswith("#"):
                    k, v = line.split("=", 1)
                    out[k.strip()] = v.strip().strip('"')
    except OSError:
        pass
    return out


def tables(tree):
    return {n.attrs["id"]: n for n in tree.root.walk() if n.tag == "table" and "id" in n.attrs}


def cells(table):
    return [n for n in table.walk() if n.tag in ("td", "th")]


def label_of(agg, sid):
    for s in agg.get("subjects", []):
        if s["id"] == sid:
            return s.get("label") or sid
    return sid


def lead_tables(c, name, agg, claims, tabs):
    """The leader marks of every throughput table t-OP-cN against the category's lead claims,
    by counting (any report) and by each data-lead mark (a report with marks)."""
    by_id = {x["id"]: x for x in claims}
    for tid, t in sorted(tabs.items()):
        parts = tid.split("-")
        if len(parts) != 3 or parts[0] != "t" or not parts[2][1:].isdigit() or parts[2][0] != "c":
            continue
        op, conc = parts[1], int(parts[2][1:])
        clear = [x for x in claims if x["kind"] == "lead" and x["op"] == op
                 and x["concurrency"] == conc and x["verdict"] == "clear"]
        marked = [n for n in cells(t) if "lead" in n.classes()]
        c.t(len(marked) == len(clear),
            "%s: %s marks %d leaders, the claims have %d clear leads" % (name, tid, len(marked), len(clear)))
        for n in cells(t):
            lead = n.attrs.get("data-lead")
            if lead is None:
                continue
            lc = [by_id[i] for i in n.claim_ids() if i in by_id and by_id[i]["kind"] == "lead"]
            v = lc[0]["verdict"] if lc else None
            ok = (v == lead and ("lead" in n.classes()) == (v == "clear")
                  and ("tie" in n.classes()) == (v == "tie")
                  and ("unresolved" in n.classes()) == (v == "unresolved"))
            c.t(ok, "%s: %s cell %s shows data-lead %s, class %s; its claim says %s"
                % (name, tid, " ".join(n.claim_ids()), lead, " ".join(n.classes()) or "-", v))


def tail_tables(c, name, claims, tabs):
    """The tail leaders' marks of every pooled-latency table t-lat-OP against the tail-lead
    claims: a cell marked as a leader, a tie or unresolved carries the tail-lead claim whose
    verdict it shows (clear: lead; tie: tie; unresolved: unresolved) as data-claim and data-lead; every tail-lead claim
    that is not untested is marked; the table marks as many leaders as the op has clear ones."""
    by_id = {x["id"]: x for x in claims}
    for tid, t in sorted(tabs.items()):
        if not tid.startswith("t-lat-"):
            continue
        op = tid[len("t-lat-"):]
        bad, shown, leads = [], set(), 0
        for n in cells(t):
            tl = [by_id[i] for i in n.claim_ids() if i in by_id and by_id[i]["kind"] == "tail-lead"]
            shown.update(x["id"] for x in tl)
            cls = n.classes()
            leads += "lead" in cls
            if "lead" not in cls and "tie" not in cls and "unresolved" not in cls:
                continue
            v = tl[0]["verdict"] if tl else None
            if not (v is not None and ("lead" in cls) == (v == "clear") and ("tie" in cls) == (v == "tie")
                    and ("unresolved" in cls) == (v == "unresolved") and n.attrs.get("data-lead") == v):
                bad.append("%s (%s)" % (" ".join(n.claim_ids()) or "no claim", " ".join(cls)))
        c.t(not bad, "%s: %s: every tail leader's mark carries its tail-lead claim%s"
            % (name, tid, ": not " + ", ".join(bad) if bad else ""))
        want = [x for x in claims if x["kind"] == "tail-lead" and x["op"] == op]
        missing = [x["id"] for x in want if x["verdict"] != "untested" and x["id"] not in shown]
        c.t(not missing, "%s: %s: every tail-lead claim marked%s"
            % (name, tid, ": not " + ", ".join(missing) if missing else ""))
        clear = sum(1 for x in want if x["verdict"] == "clear")
        c.t(leads == clear, "%s: %s marks %d tail leaders, the claims have %d clear"
            % (name, tid, leads, clear))


def marked_where(c, name, claims, tree, tabs):
    """Each claim of a shown kind is marked where it shows."""
    def marks(pred):
        out = set()
        for tid, t in tabs.items():
            if pred(tid):
                for n in t.walk():
                    out.update(n.claim_ids())
        return out
    # a throughput table: t-OP-cN (an op's name may hold dashes: t-put-if-absent-c4)
    tput = lambda tid: (re.fullmatch(r"t-[a-z][a-z-]*-c[0-9]+", tid) is not None
                        and not tid.startswith(("t-rate-", "t-slow-", "t-lat-", "t-runs-")))
    leads = set()
    for tid, t in tabs.items():
        if tput(tid):
            for n in t.walk():
                if n.attrs.get("data-lead"):
                    leads.update(n.claim_ids())
    in_tput, in_rate, in_sus = marks(tput), marks(lambda t: t.startswith("t-rate-")), marks(lambda t: t == "t-sustained")
    missing = []
    for x in claims:
        k, i = x["kind"], x["id"]
        if k == "lead" and i not in leads:
            missing.append(i)
        elif k == "client-limit" and i.count("/") == 4 and i not in in_tput:  # a matrix cell
            missing.append(i)
        elif k == "rate-step" and i not in in_rate:
            missing.append(i)
        elif k == "sustained" and i not in in_sus:
            missing.append(i)
    c.t(not missing, "%s: every lead, client-limit, rate-step and sustained claim marked where it shows%s"
        % (name, ": not " + ", ".join(missing) if missing else ""))


def changes_marks(c, name, claims, tree, tabs):
    """The Changes section (analyze --baseline): each row of changes-table carries the change
    claim of its cell, of verdict regression or improvement, once; each such claim has its row;
    the summary sentence carries change/summary."""
    changes = [x for x in claims if x["kind"] == "change"]
    if not changes and "changes-table" not in tabs:
        return
    shown = {x["id"] for x in changes if x["verdict"] in ("regression", "improvement")}
    rows, bad = [], []
    t = tabs.get("changes-table")
    for tr in (n for n in t.walk() if n.tag == "tr") if t is not None else []:
        if not any(n.tag == "td" for n in tr.kids):
            continue
        ids = [i for n in tr.walk() for i in n.claim_ids()]
        if len(ids) != 1 or ids[0] not in shown:
            bad.append("a row marked %s" % (ids or "with no claim"))
        rows.extend(ids)
    bad += ["%s has no row" % i for i in sorted(shown - set(rows))]
    bad += ["%s has %d rows" % (i, rows.count(i)) for i in sorted(set(rows)) if rows.count(i) > 1]
    c.t(not bad, "%s: every row of the changes table is a regression or improvement claim's, and "
        "every such claim has its row%s" % (name, ": " + "; ".join(bad) if bad else ""))
    summary = [n for n in tree.root.walk() if n.tag == "p" and "change/summary" in n.claim_ids()]
    c.t(len(summary) == 1 and any(x["id"] == "change/summary" for x in changes),
        "%s: the Changes summary carries its claim change/summary (%d)" % (name, len(summary)))


def staleness_marks(c, name, claims, tabs, lang):
    """The Consistency windows section: each staleness claim marks one cell of t-staleness,
    in its subject's column and its kind's row, worded by its claim.staleness.VERDICT string;
    every mark there is one."""
    stale = {x["id"]: x for x in claims if x["kind"] == "staleness"}
    t = tabs.get("t-staleness")
    if not stale and t is None:
        return
    st, bad, seen = strings(lang), [], []
    heads = [" ".join(n.all_text().split()) for n in (t.walk() if t is not None else [])
             if n.tag == "th" and n.attrs.get("scope") == "col"]
    for tr in (n for n in t.walk() if n.tag == "tr") if t is not None else []:
        kids = [n for n in tr.kids if n.tag in ("td", "th")]
        for col, n in enumerate(kids):
            for i in n.claim_ids():
                x = stale.get(i)
                kind = kids[0].attrs.get("title") or " ".join(kids[0].all_text().split())
                if x is None:
                    bad.append("%s is not a staleness claim" % i)
                elif not i.startswith("staleness/") or i.split("/")[1] not in kind:
                    bad.append("%s in the row of %s" % (i, kind))
                elif not matches(st, "claim.staleness." + x["verdict"], n.all_text()):
                    bad.append("%s worded '%s'" % (i, " ".join(n.all_text().split())))
                seen.append(i)
    bad += ["%s has no cell" % i for i in sorted(set(stale) - set(seen))]
    bad += ["%s has %d cells" % (i, seen.count(i)) for i in sorted(set(seen)) if seen.count(i) > 1]
    c.t(not bad, "%s: every staleness claim marks its cell of t-staleness, worded by its verdict "
        "(%d cells, columns %s)%s" % (name, len(seen), heads[1:], ": " + "; ".join(bad[:3]) if bad else ""))


REPLAY_PCTS = ("p50", "p90", "p99")


def replay_agree(c, agg, by_id):
    """Each replay claim against its cell's replay block, and each replay op's claim there."""
    bad, n = [], 0
    for w in agg.get("workload_cells") or []:
        rp = w.get("replay")
        if not rp:
            continue
        for o in rp.get("ops", []):
            n += 1
            tag = {"STAT": "head"}.get(o["op"], o["op"].lower())
            x = next((v for k, v in by_id.items() if k.startswith("replay/%s/replay/" % tag)
                      and v.get("subject") == w["subject"] and v.get("figures", {}).get("digest") == w.get("trace")
                      and v.get("size") == w["size"] and v.get("concurrency") == w["concurrency"]
                      and k.split("/")[6:7] == ["r%g" % w["rate"]]), None)
            if x is None:
                bad.append("%s %s %s: no claim" % (w["subject"], w.get("trace_name"), o["op"]))
                continue
            f = x["figures"]
            for side in ("recorded", "replayed"):
                sd = o.get(side) or {}
                for k in REPLAY_PCTS:
                    for sfx in ("", "_lo", "_hi"):
                        if f.get("%s_%s%s_ms" % (side, k, sfx)) != sd.get("%s%s_ms" % (k, sfx)):
                            bad.append("%s: %s_%s%s_ms %s, the cell's %s" % (x["id"], side, k, sfx,
                                       f.get("%s_%s%s_ms" % (side, k, sfx)), sd.get("%s%s_ms" % (k, sfx))))
            at = next((k for k in reversed(REPLAY_PCTS) if f.get("recorded_%s_lo_ms" % k) is not None
                       and f.get("replayed_%s_lo_ms" % k) is not None), None)
            if at is None:
                want = "not-judged"
            elif f["replayed_%s_lo_ms" % at] > f["recorded_%s_hi_ms" % at]:
                want = "slower"
            elif f["replayed_%s_hi_ms" % at] < f["recorded_%s_lo_ms" % at]:
                want = "faster"
            else:
                want = "alike"
            if x["verdict"] != want or f.get("at") != at or o.get("verdict") != want:
                bad.append("%s: %s at %s, the rule says %s at %s" % (x["id"], x["verdict"], f.get("at"), want, at))
            if want != "not-judged" and (f.get("recorded_ms") != f["recorded_%s_ms" % at]
                                         or f.get("replayed_ms") != f["replayed_%s_ms" % at]):
                bad.append("%s: recorded_ms/replayed_ms not its %s" % (x["id"], at))
    extra = [i for i, x in by_id.items() if x.get("kind") == "replay"]
    if len(extra) != n:
        bad.append("%d replay claims for %d replay ops" % (len(extra), n))
    c.t(not bad, "every replay claim agrees with its cell's replay block and the rule (%d ops)%s"
        % (n, ": " + "; ".join(bad[:3]) if bad else ""))


def replay_marks(c, name, agg, claims, tabs, lang):
    """The Replay section: each replay claim marks one cell of a t-replay-N table, worded by its
    verdict, on its subject's row showing its replayed percentiles, under its op's recorded row."""
    rp = {x["id"]: x for x in claims if x["kind"] == "replay"}
    ts = [t for k, t in sorted(tabs.items()) if k.startswith("t-replay-") and not k.startswith("t-replay-lead-")]
    if not rp and not ts:
        return
    st, bad, seen = strings(lang), [], []
    subj = {s["id"]: i for i, s in enumerate(agg.get("subjects", []))}

    def shows(cells_, side, f):
        out = []
        for k, cell in zip(REPLAY_PCTS, cells_):
            v = f.get("%s_%s_ms" % (side, k))
            t = " ".join(cell.all_text().split())
            got = number(t.split(" (")[0])
            if v is None:
                if got is not None:
                    out.append("%s %s shown as %s, null in the claim" % (side, k, t))
            elif got is None or abs(got - v) > max(0.01, 0.0051 * abs(v)):
                out.append("%s %s shown as '%s', the claim's %s" % (side, k, t, v))
        return out

    for t in ts:
        rec = None
        for tr in (n for n in t.walk() if n.tag == "tr"):
            kids = [n for n in tr.kids if n.tag in ("td", "th")]
            if len(kids) < 7:
                continue
            text1 = " ".join(kids[1].all_text().split())
            if text1 == st.get("replay.recorded"):
                rec = (" ".join(kids[0].all_text().split()), kids)
                continue
            for i in kids[6].claim_ids():
                x = rp.get(i)
                seen.append(i)
                if x is None:
                    bad.append("%s is not a replay claim" % i)
                    continue
                f = x["figures"]
                if not matches(st, "claim.replay." + x["verdict"], kids[6].all_text()):
                    bad.append("%s worded '%s'" % (i, " ".join(kids[6].all_text().split())))
                if label_of(agg, agg["subjects"][x["subject"]]["id"] if isinstance(x.get("subject"), int) else x.get("subject")) not in text1:
                    bad.append("%s on the row '%s'" % (i, text1))
                bad += ["%s: %s" % (i, p) for p in shows(kids[3:6], "replayed", f)]
                if rec is None or rec[0] != f.get("trace_op"):
                    bad.append("%s not under the recorded row of %s" % (i, f.get("trace_op")))
                elif "no-recorded-latency" in x.get("reasons", []):
                    if " ".join(rec[1][3].all_text().split()) != st.get("replay.no_latency"):
                        bad.append("%s: the recorded row does not say the trace records no latency" % i)
                elif "trace-not-read" not in x.get("reasons", []):
                    bad += ["%s: %s" % (i, p) for p in shows(rec[1][3:6], "recorded", f)]
    bad += ["%s has no cell" % i for i in sorted(set(rp) - set(seen))]
    bad += ["%s has %d cells" % (i, seen.count(i)) for i in sorted(set(seen)) if seen.count(i) > 1]
    c.t(not bad, "%s: every replay claim marks its row of a replay table, its percentiles and the "
        "recorded ones shown, worded by its verdict (%d rows in %d tables)%s"
        % (name, len(seen), len(ts), ": " + "; ".join(bad[:3]) if bad else ""))


def replay_lead_agree(c, agg, by_id):
    """Each replay-lead claim against the replay blocks of the cells it compares (one key but
    their subject), and each op of such a group its claim."""
    groups = {}
    for w in agg.get("workload_cells") or []:
        if w.get("replay"):
            k = (w["op"], w["size"], w.get("size_spec"), w.get("range"), w.get("hedge"), w.get("trace"),
                 w["concurrency"], w.get("rate"), json.dumps(w.get("mix"), sort_keys=True))
            groups.setdefault(k, []).append(w)
    lead = [x for x in by_id.values() if x.get("kind") == "replay-lead"]
    bad, n = [], 0
    for k, ws in groups.items():
        if len(ws) < 2:
            continue
        for op in ("PUT", "GET", "STAT", "DELETE"):
            if not any(p["op"] == op for w in ws for p in w["replay"]["ops"]):
                continue
            n += 1
            shown = {"STAT": "HEAD"}.get(op, op)
            x = next((v for v in lead if v["figures"].get("digest") == k[5] and v["figures"].get("trace_op") == shown
                      and v.get("size") == k[1] and v.get("concurrency") == k[6]
                      and v["id"].split("/")[5:6] == ["r%g" % k[7]]), None)
            if x is None:
                bad.append("%s of %s across %s: no claim" % (shown, ws[0].get("trace_name"), [w["subject"] for w in ws]))
                continue
            f = x["figures"]
            sides = [(w["subject"], next((p.get("replayed") or {} for p in w["replay"]["ops"] if p["op"] == op), {})) for w in ws]
            for sid, sd in sides:
                for p in REPLAY_PCTS:
                    for sfx in ("", "_lo", "_hi"):
                        if f.get("%s%s_ms.%s" % (p, sfx, sid)) != sd.get("%s%s_ms" % (p, sfx)):
                            bad.append("%s: %s%s_ms.%s %s, the cell's %s" % (x["id"], p, sfx, sid, f.get("%s%s_ms.%s" % (p, sfx, sid)),
                                       sd.get("%s%s_ms" % (p, sfx))))
            at = next((p for p in reversed(REPLAY_PCTS) if all(sd.get(p + "_lo_ms") is not None for _, sd in sides)), None)
            if at is None:
                want, first, nxt = "not-judged", 0, 1
            else:
                order = sorted(range(len(sides)), key=lambda i: (sides[i][1][at + "_ms"], i))
                first, nxt = order[0], order[1]
                lo = sides[first][1]
                want = "leads" if all(lo[at + "_hi_ms"] < sd[at + "_lo_ms"] for i, (_, sd) in enumerate(sides) if i != first) else "alike"
            # a subject failing more than 1 % of the op's requests: not judged; another than
            # the lowest client-limited (cpu, nic, workers) or sending more than 1 % late: blocked
            ops = [next((p for p in w["replay"]["ops"] if p["op"] == op), {}) for w in ws]
            share = lambda p, k: p.get("sent") and p.get(k, 0) / p["sent"]
            reasons = []
            if any((share(p, "failed") or 0) > 0.01 for p in ops):
                want, reasons = "not-judged", ["errors"]
            elif at is None:
                reasons = ["too-few-requests"]
            else:
                hi = sides[first][1][at + "_hi_ms"]
                svc_lo = lambda i: (ops[i].get("service") or {}).get(at + "_lo_ms")
                late = lambda i: (share(ops[i], "late") or 0) > 0.01 and not (svc_lo(i) is not None and hi < svc_lo(i))
                block = [i for i, w in enumerate(ws) if i != first and (
                    ((w.get("client_limit") or {}).get("verdict") == "limited"
                     and set((w.get("client_limit") or {}).get("reasons") or []) & {"cpu", "nic", "workers"})
                    or late(i))]
                if block:
                    want = "blocked"
                    got = set()
                    for i in block:
                        cl = ws[i].get("client_limit") or {}
                        if cl.get("verdict") == "limited":
                            got |= set(cl.get("reasons") or []) & {"cpu", "nic", "workers"}
                        if late(i):
                            got.add("late-sends")
                    reasons = [r for r in ("cpu", "nic", "workers", "late-sends") if r in got]
            if (x["verdict"], f.get("at"), x.get("subject"), f.get("compared"), x.get("reasons") or []) != (want, at, sides[first][0], len(sides), reasons):
                bad.append("%s: %s %s at %s, %s of %s subjects lowest; the rule: %s %s at %s, %s of %d" % (
                    x["id"], x["verdict"], x.get("reasons"), f.get("at"), x.get("subject"), f.get("compared"), want, reasons, at, sides[first][0], len(sides)))
            elif any(f.get("%s.%s" % (k, w["subject"])) != p.get(k, 0) for w, p in zip(ws, ops) for k in ("sent", "late", "failed")):
                bad.append("%s: sent/late/failed per subject not the cells' replay.ops[]" % x["id"])
            elif at is not None and (f.get("versus") != sides[nxt][0] or f.get("fastest_ms") != sides[first][1][at + "_ms"]
                                     or f.get("versus_ms") != sides[nxt][1][at + "_ms"]):
                bad.append("%s: fastest %s, versus %s %s: not the lowest and the next" % (x["id"], f.get("fastest_ms"), f.get("versus"), f.get("versus_ms")))
    if len(lead) != n:
        bad.append("%d replay-lead claims for %d ops replayed on several subjects" % (len(lead), n))
    c.t(not bad, "every replay-lead claim agrees with its cells' replay blocks and the rule (%d ops)%s"
        % (n, ": " + "; ".join(bad[:3]) if bad else ""))


def replay_lead_marks(c, name, agg, claims, tabs, lang):
    """Under each trace's replay table, t-replay-lead-N: each replay-lead claim marks one row,
    worded by its verdict, naming its subject and fastest_ms as the lowest and its versus and
    versus_ms as the next."""
    rl = {x["id"]: x for x in claims if x["kind"] == "replay-lead"}
    ts = [t for k, t in sorted(tabs.items()) if k.startswith("t-replay-lead-")]
    if not rl and not ts:
        return
    st, bad, seen = strings(lang), [], []

    def who(cell, sid, v):
        t = " ".join(cell.all_text().split())
        lab, _, rest = t.partition(": ")
        got = number(rest.split(" (")[0])
        if lab != label_of(agg, sid) or got is None or abs(got - v) > max(0.01, 0.0051 * abs(v)):
            return ["'%s' where %s %s" % (t, label_of(agg, sid), v)]
        return []

    for t in ts:
        for tr in (n for n in t.walk() if n.tag == "tr"):
            kids = [n for n in tr.kids if n.tag in ("td", "th")]
            if len(kids) < 5:
                continue
            for i in kids[4].claim_ids():
                x = rl.get(i)
                seen.append(i)
                if x is None:
                    bad.append("%s is not a replay-lead claim" % i)
                    continue
                f = x["figures"]
                if not matches(st, "claim.replay-lead." + x["verdict"], kids[4].all_text()):
                    bad.append("%s worded '%s'" % (i, " ".join(kids[4].all_text().split())))
                if " ".join(kids[0].all_text().split()) != f.get("trace_op"):
                    bad.append("%s on the row of %s" % (i, " ".join(kids[0].all_text().split())))
                if x["verdict"] != "not-judged":
                    bad += ["%s lowest: %s" % (i, p) for p in who(kids[2], x.get("subject"), f.get("fastest_ms"))]
                    bad += ["%s next: %s" % (i, p) for p in who(kids[3], f.get("versus"), f.get("versus_ms"))]
    bad += ["%s has no row" % i for i in sorted(set(rl) - set(seen))]
    bad += ["%s has %d rows" % (i, seen.count(i)) for i in sorted(set(seen)) if seen.count(i) > 1]
    c.t(not bad, "%s: every replay-lead claim marks its op's row under its trace, its lowest subject and "
        "the next shown, worded by its verdict (%d rows in %d tables)%s"
        % (name, len(seen), len(ts), ": " + "; ".join(bad[:3]) if bad else ""))


def trend_marks(c, name, claims, tree, tabs):
    """The Trend section (analyze --history): each trend-alert claim of a series marks its row's
    verdict in trend-table, once, and every mark there is one; the alerts (or that there is
    none, or not enough history) carry trend-alert/summary."""
    trend = [x for x in claims if x["kind"] == "trend-alert"]
    if not trend and "trend-table" not in tabs:
        return
    series = {x["id"] for x in trend if x["id"] != "trend-alert/summary"}
    t = tabs.get("trend-table")
    marks = [i for n in t.walk() for i in n.claim_ids()] if t is not None else []
    bad = ["%s not a trend-alert claim" % i for i in sorted(set(marks) - series)]
    bad += ["%s has no row" % i for i in sorted(series - set(marks))]
    bad += ["%s marked %d times" % (i, marks.count(i)) for i in sorted(set(marks)) if marks.count(i) > 1]
    c.t(not bad, "%s: every row of the trend table is a trend-alert claim's, and every such claim "
        "has its row%s" % (name, ": " + "; ".join(bad) if bad else ""))
    summary = [n for n in tree.root.walk() if n.tag in ("p", "li") and "trend-alert/summary" in n.claim_ids()]
    c.t(len(summary) >= 1 and len(series) < len(trend),
        "%s: the Trend alerts carry their claim trend-alert/summary (%d)" % (name, len(summary)))


def vantage_marks(c, name, agg, claims, tree, tabs):
    """The Vantages section (analyze DIR1 DIR2): each vantage claim's verdict is a paragraph
    carrying it, after its category's table t-vantage-OP-SIZE-cC; in that table exactly the rows
    of the claim's subjects[] (those whose rank flips) carry it, and no row another claim."""
    vclaims = [x for x in claims if x["kind"] == "vantage"]
    if not vclaims and not any(k.startswith("t-vantage-") for k in tabs):
        return
    bad = []
    for x in vclaims:
        paras = [n for n in tree.root.walk() if n.tag == "p" and x["id"] in n.claim_ids()]
        t = tabs.get("t-vantage-%s-%d-c%d" % (x["op"], x["size"], x["concurrency"]))
        if len(paras) != 1 or t is None:
            bad.append("%s: %d paragraphs, %s" % (x["id"], len(paras), "a table" if t else "no table"))
            continue
        want = sorted(label_of(agg, s) for s in x.get("subjects", []))
        got, other = [], []
        for tr in (n for n in t.walk() if n.tag == "tr"):
            ids = [i for n in tr.walk() for i in n.claim_ids()]
            th = next((n for n in tr.walk() if n.tag == "th"), None)
            if x["id"] in ids and th is not None:
                got.append(th.all_text().strip())
            other += [i for i in ids if i != x["id"]]
        if sorted(got) != want or other:
            bad.append("%s: rows %s, subjects %s%s" % (x["id"], got, want, ", others " + str(other) if other else ""))
    c.t(not bad, "%s: every vantage verdict is worded with its claim under its table, whose flagged "
        "subjects' rows carry it (%d)%s" % (name, len(vclaims), ": " + "; ".join(bad) if bad else ""))


def vantage_lead_marks(c, name, agg, claims, tree, tabs, lang):
    """The leaders within each vantage: in t-vantage-leads each vantage-lead claim is carried
    by one cell, in its vantage's column, reading its leader and its verdict's word; each
    lead-vantages claim by one cell reading its vantage.across.VERDICT and, for a headline
    category, by one paragraph reading its claim.lead-vantages.VERDICT; an op whose leads all
    depend on the vantage reads headline.depends in the headline."""
    vl = [x for x in claims if x["kind"] == "vantage-lead"]
    lv = [x for x in claims if x["kind"] == "lead-vantages"]
    if not vl and not lv:
        return
    st = strings(lang)
    t = tabs.get("t-vantage-leads")
    bad = []
    if t is None:
        c.t(False, "%s: the leaders within each vantage have their table t-vantage-leads" % name)
        return
    head = [" ".join(n.all_text().split()) for n in t.walk() if n.tag == "th" and n.parent is not None
            and n.parent.parent is not None and n.parent.parent.tag == "thead"]
    for x in vl:
        cs = [(tr, i, n) for tr in t.walk() if tr.tag == "tr"
              for i, n in enumerate(k for k in tr.kids if k.tag in ("td", "th")) if x["id"] in n.claim_ids()]
        want = st.get("vantage.cell", "").replace("{subject}", label_of(agg, x["subject"])).replace(
            "{verdict}", st.get("vantage.verdict." + x["verdict"], "?"))
        if len(cs) != 1:
            bad.append("%s: %d cells" % (x["id"], len(cs)))
            continue
        _, i, n = cs[0]
        text = " ".join(n.all_text().split())
        col = head[i] if i < len(head) else None
        if text != want or col != x["figures"].get("vantage"):
            bad.append("%s: '%s' in column %s, not '%s' in %s" % (x["id"], text, col, want, x["figures"].get("vantage")))
    for x in lv:
        ns = [n for n in t.walk() if n.tag in ("td", "th") and x["id"] in n.claim_ids()]
        want = st.get("vantage.across." + x["verdict"])
        if len(ns) != 1 or " ".join(ns[0].all_text().split()) != want:
            bad.append("%s: %d cells, not '%s'" % (x["id"], len(ns), want))
        key = "t-vantage-%s-%d-c%d" % (x["op"], x["size"], x["concurrency"])
        if key in tabs:
            ps = [n for n in tree.root.walk() if n.tag == "p" and x["id"] in n.claim_ids()]
            if len(ps) != 1 or not matches(st, "claim.lead-vantages." + x["verdict"], ps[0].all_text()):
                bad.append("%s: %d paragraphs reading its verdict" % (x["id"], len(ps)))
    c.t(not bad, "%s: every lead within a vantage shown in its column with its verdict, and how "
        "the vantages agree (%d, %d)%s" % (name, len(vl), len(lv), ": " + "; ".join(bad[:3]) if bad else ""))
    hp = [n for n in tree.root.walk() if n.tag == "p" and "headline" in n.classes()]
    parts = " ".join(hp[0].all_text().split()).split(st.get("headline.sep", "; ").strip()) if hp else []
    for op in sorted({x["op"] for x in claims if x["kind"] == "lead" and x["verdict"] == "depends"}):
        ls = [x for x in claims if x["kind"] == "lead" and x["op"] == op]
        most = [x for x in claims if x["kind"] == "lead-count" and x["op"] == op and x["verdict"] == "most"]
        if most or any(x["verdict"] != "depends" for x in ls):
            continue
        ok = any(matches(st, "headline.depends", p) and op.upper() in p for p in parts)
        c.t(ok, "%s: the headline says the %s leader depends on the vantage (%s)" % (name, op, parts))


MARK = "\u2021"  # the client-limited mark (render/report/report_climit.c)
GAP = "\u00a7"  # a feature-gap claim's mark (render/report/report_flag.c)
VOID_MARK = "\u2020"  # a violated correctness claim's mark: not comparable
FLAG_KINDS = ("feature-gap", "correctness")  # the claims of those marks


def is_cell_climit(x):
    """A client-limit claim of a matrix cell (client-limit/OP/SIZE/cC/SUBJECT)."""
    return x["kind"] == "client-limit" and x["id"].count("/") == 4


def ids_up(n):
    """The claim ids an element shows: its own and its ancestors'."""
    out = set()
    while n is not None:
        out.update(n.claim_ids())
        n = n.parent
    return out


def row_marks(agg, by_id, tabs, prefix, op_of):
    """The subject cells of the per-cell tables (t-lat-OP, t-runs-OP): the mark shows exactly
    where the cell's client-limit claim is, and the claim is that row's (op, subject)."""
    bad = []
    for tid, t in sorted(tabs.items()):
        if not tid.startswith(prefix):
            continue
        op = op_of(tid)
        for row in (n for n in t.walk() if n.tag == "tr"):
            first = next((k for k in row.kids if k.tag in ("td", "th")), None)
            if first is None or first.tag != "th" or "subj" not in first.classes():
                continue
            text = first.all_text().strip()
            kc = [by_id[i] for i in first.claim_ids() if i in by_id and by_id[i]["kind"] == "client-limit"]
            label = " ".join(text.replace(MARK, "").replace(GAP, "").replace(VOID_MARK, "").split())
            if (MARK in text) != bool(kc):
                bad.append("%s row %s: %s" % (tid, text, "a mark without its claim" if MARK in text
                                                    else "a claim without its mark"))
            for x in kc:
                if x["op"] != op or label_of(agg, x["subject"]) != label:
                    bad.append("%s row %s carries %s" % (tid, label, x["id"]))
    return bad


def svg_marks(agg, claims, tree):
    """The charts: a text showing the mark carries a client-limit claim, a claim a chart
    carries shows its mark there; a chart of one category (data-about KIND/OP/SIZE/cC)
    carries only that category's claims and every client-limit claim of a subject it draws;
    a throughput forest plot (data-about forest/OP) carries the lead claim of every category
    it has a comparison of."""
    by_id = {x["id"]: x for x in claims}
    subjects = agg.get("subjects", [])
    bad = []
    for svg in (n for n in tree.root.walk() if n.tag == "svg"):
        about = svg.attrs.get("data-about") or ""
        texts = [n for n in svg.walk() if n.tag == "text"]
        carried = set()
        for n in svg.walk():
            carried.update(n.claim_ids())
        shown = set()
        for n in texts:
            kc = {i for i in n.claim_ids() if by_id.get(i, {}).get("kind") == "client-limit"}
            if MARK in n.all_text():
                shown |= kc
                if not kc:
                    bad.append("%s: '%s' shows the mark without its claim" % (about or "a chart", n.all_text()))
        for i in sorted(carried):
            if by_id.get(i, {}).get("kind") == "client-limit" and i not in shown:
                bad.append("%s: %s carried, its mark not shown" % (about or "a chart", i))
        parts = about.split("/")
        if len(parts) == 4 and parts[0] in ("cdf", "cycles"):
            cat = "/".join(parts[1:])
            for i in sorted(carried):
                if i in by_id and by_id[i]["kind"] == "client-limit" and not i.startswith("client-limit/" + cat + "/"):
                    bad.append("%s carries %s" % (about, i))
            drawn = {s["id"] for s in subjects
                     if any(n.all_text().replace(MARK, "").replace(GAP, "").replace(VOID_MARK, "").strip()
                            == (s.get("label") or s["id"]) for n in texts)}
            for x in claims:
                if is_cell_climit(x) and x["id"].startswith("client-limit/" + cat + "/") \
                        and x["subject"] in drawn and x["id"] not in carried:
                    bad.append("%s: %s not marked" % (about, x["id"]))
        if len(parts) == 2 and parts[0] == "forest":
            op = parts[1]
            for i in sorted(carried):
                if i in by_id and by_id[i]["op"] != op:
                    bad.append("%s carries %s" % (about, i))
            lead_cats = {(ld["op"], ld["size"], ld["concurrency"]) for ld in agg.get("leaders", [])}
            for k in agg.get("comparisons", []):
                if k.get("op") != op or k.get("metric") not in ("mib_s", "obj_s"):
                    continue
                if len(subjects) > 2 and (op, k["size"], k["concurrency"]) not in lead_cats:
                    continue
                cid = "lead/%s/%d/c%d" % (op, k["size"], k["concurrency"])
                if cid in by_id and cid not in carried:
                    bad.append("%s: %s not marked" % (about, cid))
    return bad


def cell_marks(c, name, agg, claims, tree, tabs, lang):
    """Each client-limited cell marked in the pooled-latency table and the per-run tables, the
    charts' marks (svg_marks), each mark where its claim is and nowhere else."""
    by_id = {x["id"]: x for x in claims}
    st = strings(lang)
    bad = row_marks(agg, by_id, tabs, "t-lat-", lambda t: t[len("t-lat-"):])
    bad += row_marks(agg, by_id, tabs, "t-runs-", lambda t: t[len("t-runs-"):])
    c.t(not bad, "%s: the pooled-latency and per-run tables mark client-limited rows where the claim is, and only there%s"
        % (name, ": " + "; ".join(bad[:6]) if bad else ""))
    missing = []
    for x in claims:
        if not is_cell_climit(x):
            continue
        for prefix in ("t-lat-", "t-runs-"):
            t = tabs.get(prefix + x["op"])
            if t is not None and not any(x["id"] in n.claim_ids() for n in t.walk()):
                missing.append("%s%s: %s" % (prefix, x["op"], x["id"]))
        t = tabs.get("t-client")
        if t is not None and (x["figures"].get("limited") or 0) >= 1 \
                and not any(x["id"] in n.claim_ids() for n in t.walk()):
            missing.append("t-client: %s" % x["id"])
    c.t(not missing, "%s: every client-limit claim marked in the pooled-latency and per-run tables%s"
        % (name, ": not " + ", ".join(missing) if missing else ""))
    t = tabs.get("t-client")
    wrong = []
    if t is not None:
        no = st.get("climit.not_limited", "not limited")
        for n in t.walk():
            for i in n.claim_ids():
                if i in by_id and by_id[i]["kind"] == "client-limit" and n.all_text().strip() in ("", no):
                    wrong.append(i)
    c.t(not wrong, "%s: t-client marks only runs it calls limited%s"
        % (name, ": " + ", ".join(wrong) if wrong else ""))
    bad = svg_marks(agg, claims, tree)
    c.t(not bad, "%s: the charts (per-cycle, CDF, forest, latency, scaling) mark their claims where they are, and only there%s"
        % (name, ": " + "; ".join(bad[:6]) if bad else ""))


PHASES_MAX = 64  # render/report/report_int.h REPORT_PHASES_MAX


def number(text):
    """A figure as the report writes it ("1,234.5", "–": None)."""
    t = text.strip().replace(",", "").replace("\u202f", "").replace("\u00a0", "").replace(" ", "")
    try:
        return float(t)
    except ValueError:
        return None


def time_goes(c, name, claims, tree, tabs, lang):
    """"Where the time goes" words the time-share claims: the table t-time a row per claim (the
    first PHASES_MAX in claims[] order), each marked with its id and showing its workers and
    its figures per part; the chart (data-about time) a bar per claim of the table, marked; when
    there are more, the sentence that says how many are left out, else none."""
    shares = [x for x in claims if x["kind"] == "time-share" and x.get("op") is not None
              and x.get("subject") is not None]
    t = tabs.get("t-time")
    if not shares:
        c.t(t is None, "%s: no time-share claim, no 'Where the time goes' table" % name)
        return
    if t is None:
        c.t(False, "%s: %d time-share claims, no 'Where the time goes' table" % (name, len(shares)))
        return
    rows = [n for n in t.walk() if n.tag == "tr" and n.kids and n.kids[0].tag == "th"
            and n.kids[0].attrs.get("scope") == "row"]
    ids = [" ".join(r.kids[0].claim_ids()) for r in rows]
    want = [x["id"] for x in shares[:PHASES_MAX]]
    c.t(ids == want, "%s: t-time shows the first %d of %d time-share claims, a row each in claims[] order%s"
        % (name, len(want), len(shares), "" if ids == want else ": rows %s" % ids[:4]))
    bad = []
    for r, x in zip(rows, shares):
        cells = [k for k in r.kids if k.tag in ("td", "th")]
        f = x["figures"]
        part = lambda k: f.get(k) if isinstance(f.get(k), (int, float)) else 0
        exp = [part("dns_ms") + part("connect_ms") + part("tls_ms"), f.get("send_ms"), f.get("wait_ms"),
               f.get("transfer_ms"), f.get("total_ms"), f.get("rtt_ms")]
        # a distributed cell shows its total and the split: "12 (3 × 4)", 4 per client
        wt = cells[2].all_text()
        w = wt.split()
        split = re.search(r"\((\d+)\s*×\s*(\d+)\)", wt)
        per = int(split.group(2)) if split else (number(w[0]) if w else None)
        total_ok = not split or (w and number(w[0].split("(")[0]) == int(split.group(1)) * per)
        if per != x["concurrency"] or not total_ok:
            bad.append("%s: workers %s" % (x["id"], wt))
        for i, e in enumerate(exp):
            got = number(cells[3 + i].all_text()) if len(cells) > 3 + i else None
            if isinstance(e, (int, float)) and (got is None or abs(got - e) > max(0.0015, 0.002 * abs(e))):
                bad.append("%s: column %d shows %s, the claim %.4f" % (x["id"], 3 + i, got, e))
    c.t(not bad, "%s: each t-time row shows its claim's workers and mean ms per part%s"
        % (name, ": " + "; ".join(bad[:4]) if bad else ""))
    svg = next((n for n in tree.root.walk() if n.tag == "svg" and n.attrs.get("data-about") == "time"), None)
    carried = set()
    for n in (svg.walk() if svg is not None else []):
        carried.update(n.claim_ids())
    c.t(carried == set(want), "%s: the 'Where the time goes' chart marks a bar per claim of the table%s"
        % (name, "" if carried == set(want) else ": %d marked, %d rows" % (len(carried), len(want))))
    tpl = strings(lang).get("phases.left_out", "")
    left = len(shares) - len(want)
    text = " ".join(tree.root.all_text().split())
    if left > 0:
        said = tpl.replace("{n}", str(left)).replace("{max}", str(PHASES_MAX))
        c.t(bool(tpl) and said in text, "%s: the report says it leaves %d time-share groups out" % (name, left))
    else:
        head = tpl.split("{")[0]
        c.t(not head or head not in text, "%s: no time-share group is left out, none said to be" % name)


def time_split(c, name, claims, tree, tabs):
    """"Where the time goes" gives the split of a server log's join (analyze --server-log)
    where a shown time-share claim has one (figure srv_joined > 0): the table t-time-server a
    row per such claim in claims[] order, marked with its id, showing its joined share (%),
    the server's total, turn-around and transfer, the rest and the joined latency ("–" where
    null); a paragraph carrying the claim words its server and rest (1 decimal); none of it
    when no claim has a split."""
    shares = [x for x in claims if x["kind"] == "time-share" and x.get("op") is not None
              and x.get("subject") is not None][:PHASES_MAX]
    split = [x for x in shares if (x["figures"].get("srv_joined") or 0) > 0]
    t = tabs.get("t-time-server")
    if not split:
        c.t(t is None, "%s: no time-share claim with a server split, no t-time-server" % name)
        return
    if t is None:
        c.t(False, "%s: %d time-share claims with a server split, no t-time-server" % (name, len(split)))
        return
    rows = [n for n in t.walk() if n.tag == "tr" and n.kids and n.kids[0].tag == "th"
            and n.kids[0].attrs.get("scope") == "row"]
    ids = [" ".join(r.kids[0].claim_ids()) for r in rows]
    want = [x["id"] for x in split]
    c.t(ids == want, "%s: t-time-server a row per claim with a server split, in claims[] order%s"
        % (name, "" if ids == want else ": rows %s, claims %s" % (ids[:4], want[:4])))
    bad = []
    for r, x in zip(rows, split):
        cells = [k for k in r.kids if k.tag in ("td", "th")]
        f = x["figures"]
        exp = [(100 * f["srv_share"] if isinstance(f.get("srv_share"), (int, float)) else None, 0.05)]
        exp += [(f.get(k), 0.0005) for k in ("srv_total_ms", "srv_turn_ms", "srv_xfer_ms",
                                              "srv_rest_ms", "srv_latency_ms")]
        for i, (e, tol) in enumerate(exp):
            got = number(cells[3 + i].all_text()) if len(cells) > 3 + i else None
            if (e is None) != (got is None) or (e is not None and abs(got - e) > tol + 1e-9):
                bad.append("%s: column %d shows %s, the claim %s" % (x["id"], 3 + i, got, e))
    c.t(not bad, "%s: each t-time-server row shows its claim's share, server, turn-around, transfer, rest and latency%s"
        % (name, ": " + "; ".join(bad[:4]) if bad else ""))
    paras = [n for n in tree.root.walk() if n.tag == "p"]
    bad = []
    for x in split:
        f = x["figures"]
        said = [" ".join(n.all_text().split()) for n in paras if x["id"] in n.claim_ids()]
        figs = ["%.1f" % f["srv_total_ms"], "%.1f" % f["srv_rest_ms"]]
        if not any(all(v in p for v in figs) for p in said):
            bad.append("%s: no paragraph carrying it says %s" % (x["id"], " and ".join(figs)))
    c.t(not bad, "%s: a sentence words each server split (server and rest, ms)%s"
        % (name, ": " + "; ".join(bad[:4]) if bad else ""))


def words(c, name, agg, claims, tree, lang, text):
    st = strings(lang)
    head = [n for n in tree.root.walk() if n.tag == "p" and "headline" in n.classes()]
    by_id = {x["id"]: x for x in claims}
    if head and head[0].claim_ids():
        bad = [i for i in head[0].claim_ids()
               if by_id.get(i, {}).get("kind") not in ("feature-gap", "correctness")
               and (by_id.get(i, {}).get("kind") != "lead-count" or by_id[i]["verdict"] != "most")]
        c.t(not bad, "%s: the headline words only lead-count claims of verdict most%s"
            % (name, ": not " + ", ".join(bad) if bad else ""))
    if lang == "en":
        said = (head[0].all_text() if head else "") + "\n" + "\n".join(
            n.all_text() for n in tree.root.walk()
            if n.tag == "li" and n.parent is not None and "findings" in n.parent.classes())
        bad = [x["id"] for x in claims if x["kind"] == "lead-count" and x["verdict"] != "most"
               and (label_of(agg, x["subject"]) + " led " + str(int(x["figures"].get("of") or 0))) in said
               and x["figures"].get("clear", 0) == 0]
        c.t(not bad, "%s: no subject without a clear lead said to have led%s"
            % (name, ": " + ", ".join(bad) if bad else ""))
    no = st.get("word.no", "no")
    tabs = tables(tree)
    for x in claims:
        if x["kind"] != "rate-step" or x["verdict"] != "not-judged":
            continue
        lab, off = label_of(agg, x["subject"]), x["figures"].get("offered")
        for tid, t in tabs.items():
            cap = [n for n in t.walk() if n.tag == "caption"]
            if not tid.startswith("t-rate-") or not cap or lab not in cap[0].all_text():
                continue
            for row in (n for n in t.walk() if n.tag == "tr"):
                tds = [n for n in row.kids if n.tag in ("td", "th")]
                if len(tds) < 3 or not tds[0].all_text().strip().replace(",", "").replace(".", "").isdigit():
                    continue
                if abs(float(tds[0].all_text().strip().replace(",", "")) - off) < 0.5:
                    said = tds[2].all_text().strip()
                    c.t(said != no, "%s: %s (the client sent late) not worded as the server's '%s': %s"
                        % (name, x["id"], no, said))
    stale = [p for p in ("within 1 % of the offered rate", "1 % 이내이면") if p in text]
    c.t(not stale, "%s: sustained is not defined by the old 1 %% rule%s"
        % (name, ": '" + stale[0] + "'" if stale else ""))


def template_re(tpl):
    """A claim.* or finding.* string as a pattern its wording matches: every {placeholder}
    any text, spaces as any run of white space."""
    parts = re.split(r"(\{[a-z0-9_]+\})", tpl)
    out = "".join(".*?" if p.startswith("{") and p.endswith("}") else
                  r"\s+".join(re.escape(w) for w in p.split()) + (r"\s+" if p.endswith(" ") and p.strip() else "")
                  for p in parts)
    return re.compile(r"\s*" + out + r"\s*", re.S)


def matches(st, key, text, tails=()):
    """text reads string key, followed by each string of tails or not, in that order."""
    if key not in st or any(k not in st for k in tails):
        return False
    pat = template_re(st[key]).pattern + "".join("(?:%s)?" % template_re(st[k]).pattern for k in tails)
    return re.compile(pat, re.S).fullmatch(" ".join(text.split())) is not None


# The finding strings that word the lead claims of one verdict (render/report/findings.c).
LEAD_FINDINGS = {
    "clear": ("finding.others", "finding.led_clear"),
    "tie": ("finding.no_clear", "finding.no_clear_nodet"),
    "unresolved": ("finding.unresolved",),
    "blocked": ("finding.blocked",),
    "untested": ("finding.untested", "finding.untested_all"),
    "depends": ("finding.depends",),
}


# The findings that word one claim each: (kind or id, verdict) -> the finding strings it may
# read; None: the claim is worded by no finding.
CLAIM_FINDINGS = {
    ("highest", "found"): ("finding.highest", "finding.highest1"),
    ("highest", "client-limited"): ("finding.highest_limited", "finding.highest_limited1"),
    ("client-balance", "imbalanced"): ("finding.imbalance",),
    ("client-balance", "balanced"): None,
    ("rank/tput-per-cost", "ranked"): ("finding.cost_per_tput",),
    ("rank/tput-per-cost", "no-difference"): ("finding.cost_per_tput_none",),
    ("rank/cost", "ranked"): ("finding.cost_cheapest",),
    ("correctness", "violated"): ("finding.correctness_violated",),
    ("correctness", "not-judged"): ("finding.correctness_not_judged",),
    ("correctness", "held"): None,
}


def claim_findings(c, name, agg, tree, lang, claims):
    """Each claim of CLAIM_FINDINGS is worded by a Key finding that carries its id, reads
    that verdict's finding string and names its subject; one worded by none is in no finding."""
    st = strings(lang)
    items = [n for n in tree.root.walk()
             if n.tag == "li" and n.parent is not None and "findings" in n.parent.classes()]
    for x in claims:
        keys = CLAIM_FINDINGS.get((x["id"], x["verdict"]), CLAIM_FINDINGS.get((x["kind"], x["verdict"]), ()))
        if keys == ():
            continue
        lis = [n for n in items if x["id"] in n.claim_ids()]
        if keys is None:
            c.t(not lis, "%s: %s (%s) worded by no finding" % (name, x["id"], x["verdict"]))
            continue
        # a finding naming a flagged subject carries its flags too (marked): not its words
        tails = ("finding.highest_short",) if x["kind"] == "highest" else ()
        said = [n for n in lis if any(matches(st, k, n.all_text(), tails) for k in keys)]
        lis = said or lis
        text = " ".join(lis[0].all_text().split()) if lis else ""
        ok = (len(lis) == 1 and any(matches(st, k, text, tails) for k in keys)
              and (x.get("subject") is None or label_of(agg, x["subject"]) in text))
        c.t(ok, "%s: %s (%s) worded by its finding%s" % (name, x["id"], x["verdict"],
                                                       "" if ok else ": '%s'" % text if lis else ": none"))
        if x["kind"] == "highest" and lis:
            cav = "caveat/short-window/%s/%s/c%s/%s" % (x["op"], x["size"], x["concurrency"], x["subject"])
            want = any(k["id"] == cav for k in claims)
            got = cav in lis[0].claim_ids() and template_re(st["finding.highest_short"]).search(text) is not None
            c.t(want == (cav in lis[0].claim_ids()) and (got or not want),
                "%s: %s's finding says its short-window caveat exactly when the cell has one (%s)"
                % (name, x["id"], "caveat" if want else "none"))


def worded(c, name, tree, lang, claims, tabs):
    """Each claim's words are its own verdict's: the Verdicts table's row of every claim reads
    its claim.KIND.VERDICT string, and a finding that words lead claims of one verdict reads
    that verdict's finding string (an unresolved lead is never worded as a tie)."""
    st = strings(lang)
    by_id = {x["id"]: x for x in claims}
    t = tabs.get("t-claims")
    if t is not None:
        bad = []
        for n in cells(t):
            for i in n.claim_ids():
                x = by_id.get(i)
                key = "claim.%s.%s" % (x["kind"], x["verdict"]) if x else None
                lead = x is not None and x["kind"] in ("lead", "tail-lead")
                if x is None or not matches(st, key, n.all_text(),
                                            ("flag.lead_left_out", "flag.lead_gap") if lead else ()):
                    bad.append("%s as '%s'" % (i, " ".join(n.all_text().split())))
        c.t(not bad, "%s: every verdict worded by its claim.KIND.VERDICT%s"
            % (name, ": not " + "; ".join(bad[:3]) if bad else ""))
    for n in tree.root.walk():
        if n.tag != "li" or n.parent is None or "findings" not in n.parent.classes():
            continue
        xs = [by_id.get(i) for i in n.claim_ids() if by_id.get(i, {}).get("kind") not in FLAG_KINDS]
        verdicts = {x["verdict"] for x in xs if x is not None and x["kind"] == "lead"}
        if len(verdicts) != 1 or len(xs) != sum(1 for x in xs if x and x["kind"] == "lead"):
            continue
        v = verdicts.pop()
        ok = any(matches(st, k, n.all_text()) for k in LEAD_FINDINGS.get(v, ()))
        c.t(ok, "%s: the finding of %s words its %s verdict%s"
            % (name, " ".join(n.claim_ids()), v, "" if ok else ": '" + " ".join(n.all_text().split()) + "'"))
    tail_findings(c, name, tree, st, claims, by_id)


def tail_findings(c, name, tree, st, claims, by_id):
    """A finding worded by finding.tail_clear carries clear tail-lead claims only, of one op,
    percentile and subject (the subject it names), as many as it counts, out of that op's
    tail-lead claims at that percentile; and each subject's clear tail leads of an op and
    percentile are in such a finding."""
    seen = set()
    for n in tree.root.walk():
        if n.tag != "li" or n.parent is None or "findings" not in n.parent.classes():
            continue
        text = " ".join(n.all_text().split())
        if not matches(st, "finding.tail_clear", text):
            continue
        xs = [by_id.get(i) for i in n.claim_ids() if by_id.get(i, {}).get("kind") not in FLAG_KINDS]
        keys = {(x["op"], x["figures"].get("percentile"), x["subject"]) for x in xs if x}
        ok = bool(xs) and all(x and x["kind"] == "tail-lead" and x["verdict"] == "clear" for x in xs) \
            and len(keys) == 1
        if ok:
            op, pct, sid = keys.pop()
            of = sum(1 for x in claims if x["kind"] == "tail-lead" and x["op"] == op
                     and x["figures"].get("percentile") == pct)
            num = lambda k: r"(?<![\d.,])%d(?![\d.,]\d)" % k
            counts = re.search("%s.*%s|%s.*%s" % (num(len(xs)), num(of), num(of), num(len(xs))), text)
            ok = counts is not None and pct in text
            seen |= {x["id"] for x in xs}
        c.t(ok, "%s: the finding of %s names one subject's clear tail leads, counted out of its "
            "op's at that percentile: '%s'" % (name, " ".join(n.claim_ids()), text))
    missing = [x["id"] for x in claims if x["kind"] == "tail-lead" and x["verdict"] == "clear"
               and x["id"] not in seen]
    c.t(not missing, "%s: every clear tail lead is in a Key finding%s"
        % (name, ": not " + ", ".join(missing[:3]) if missing else ""))


def payload_marks(c, name, tree, lang, claims, agg):
    """Each payload claim is worded by one paragraph carrying its id and reading its
    claim.payload.VERDICT string, and its verdict is the certificate's: fair only when the
    figures say incompressible (zstd below 1.05) and not deduplicable (99.9 % unique 4 KiB
    blocks or more)."""
    st = strings(lang)
    xs = [x for x in claims if x["kind"] == "payload"]
    if not xs:
        return
    bad = []
    for x in xs:
        ps = [n for n in tree.root.walk() if n.tag == "p" and x["id"] in n.claim_ids()]
        key = "claim.payload.%s" % x["verdict"]
        if len(ps) != 1 or not matches(st, key, ps[0].all_text()):
            bad.append("%s (%d paragraphs)" % (x["id"], len(ps)))
        f = x["figures"]
        fair = (f.get("zstd_ratio") or 99) < 1.05 and (f.get("unique_4k_share") is None
                                                       or f["unique_4k_share"] >= 0.999)
        if x["verdict"] == "fair" and not fair:
            bad.append("%s: fair with zstd %s, unique 4 KiB %s"
                       % (x["id"], f.get("zstd_ratio"), f.get("unique_4k_share")))
    c.t(not bad, "%s: every payload claim worded by its own paragraph, its verdict the figures'%s"
        % (name, ": not " + "; ".join(bad[:4]) if bad else ""))


def void_leads(agg, claims):
    """What a violated correctness claim forbids (docs/METHODOLOGY.md, "Conditional writes"):
    a lead or tail lead of its category that is its subject's or does not name it in
    left_out, a highest claim of its cell. The list of what is wrong."""
    by_id = {x["id"]: x for x in claims}
    bad = []
    for x in claims:
        if x.get("kind") != "correctness" or x.get("verdict") != "violated":
            continue
        cat = "%s/%d/c%d" % (x["op"], x["size"], x["concurrency"])
        for lid in ("lead/" + cat, "tail-lead/%s/p50" % cat, "tail-lead/%s/p99" % cat):
            ld = by_id.get(lid)
            if ld is None:
                continue
            if ld["subject"] == x["subject"]:
                bad.append("%s: %s leads with a violated cell" % (lid, x["subject"]))
            if x["subject"] not in ((ld.get("figures") or {}).get("left_out") or "").split(", "):
                bad.append("%s: %s not in its left_out" % (lid, x["subject"]))
        h = by_id.get("highest/" + x["op"])
        if h is not None and (h["subject"], h["size"], h["concurrency"]) == (x["subject"], x["size"], x["concurrency"]):
            bad.append("highest/%s: a violated cell (%s)" % (x["op"], x["id"]))
    return bad


def rate_shares(c, name, agg, tabs, lang):
    """Each sweep's points table t-rate-N shows the throttled share of the attempts and of the
    requests of rate_sweeps[N]'s points, each in the column its heading names (a table with
    one column for both, or either share in the other's, fails)."""
    st = strings(lang)
    bad = []
    for i, s in enumerate(agg.get("rate_sweeps") or []):
        t = tabs.get("t-rate-%d" % i)
        if t is None:
            bad.append("t-rate-%d missing" % i)
            continue
        heads = [" ".join(n.all_text().split()) for n in t.walk() if n.tag == "th" and n.parent is not None
                 and n.parent.parent is not None and n.parent.parent.tag == "thead"]
        rows = [cells(tr) for tr in t.walk() if tr.tag == "tr" and tr.parent is not None and tr.parent.tag == "tbody"]
        for key, field in (("col.throttled_pct", "throttled_attempt_share"), ("col.throttled_req_pct", "throttled_share")):
            col = heads.index(st.get(key)) if st.get(key) in heads else None
            if col is None:
                bad.append("t-rate-%d: no column %s (%s)" % (i, key, st.get(key)))
                continue
            for p in s.get("points", []):
                # the offered rate as shown (rounded: 150.175/s reads 150.2 or 150)
                near = [(abs(number(r[0].all_text()) - p["offered"]), k) for k, r in enumerate(rows)
                        if number(r[0].all_text()) is not None
                        and abs(number(r[0].all_text()) - p["offered"]) <= max(0.51, 0.005 * p["offered"])]
                row = rows[min(near)[1]] if near else None
                got = number(row[col].all_text()) if row is not None and col < len(row) else None
                want = p.get(field)
                if (want is None) != (got is None) or (want is not None and abs(got - want * 100) > 0.051):
                    bad.append("t-rate-%d at %g: %s %s, not %s" % (i, p["offered"], key, got,
                                                                  None if want is None else round(want * 100, 2)))
    c.t(not bad, "%s: each sweep's points table shows the throttled share of attempts and of requests%s"
        % (name, ": " + "; ".join(bad[:4]) if bad else ""))


FLAG_TABLES = ("t-cost-bill", "t-cost-perf", "t-hedge", "t-workloads", "t-work-ops-", "t-sustained",
               "t-rate-")  # the tables of figures that are no matrix cell's own (report_flag_cells)


def flag_tables(agg, claims, tabs):
    """The marks in the cost, hedging, workload and rate tables (FLAG_TABLES): a cell (td or th)
    shows \u00a7 exactly when it carries a feature-gap claim, and \u2020 exactly when it carries a
    violated correctness claim; each row of a subject with feature-gap claims (named by its first
    cell, or by the caption of t-work-ops-N and t-rate-N; in t-cost-perf a row with a GET figure)
    carries one of them and shows \u00a7; the bill of a subject with a violated cell, and the rows
    of each violated workload cell (t-workloads, a sweep's t-sustained and t-rate-N row) show
    \u2020 with its claim. The problems, as strings."""
    by_id = {x["id"]: x for x in claims}
    kind = lambda i: ("gap" if by_id.get(i, {}).get("kind") == "feature-gap" else
                      "void" if by_id.get(i, {}).get("kind") == "correctness" and by_id[i]["verdict"] == "violated"
                      else None)
    labels = sorted(((label_of(agg, s["id"]), s["id"]) for s in agg.get("subjects", [])), key=lambda x: -len(x[0]))
    who = lambda text: next((sid for lab, sid in labels if text.strip().startswith(lab)), None)
    gapped = {x["subject"] for x in claims if x["kind"] == "feature-gap"}
    void = [x for x in claims if x["kind"] == "correctness" and x["verdict"] == "violated"]
    bad = []
    for tid, t in tabs.items():
        if not any(tid == f or (f.endswith("-") and tid.startswith(f)) for f in FLAG_TABLES):
            continue
        for n in cells(t):
            for mark, k in ((GAP, "gap"), (VOID_MARK, "void")):
                has = any(kind(i) == k for i in n.claim_ids())
                if (mark in n.all_text()) != has:
                    bad.append("%s: a cell '%s' %s" % (tid, n.all_text().strip(), "carries its claim unmarked %s" % mark
                                                       if has else "shows %s without its claim" % mark))
        cap = next((" ".join(k.all_text().split()) for k in t.walk() if k.tag == "caption"), "")
        for tr in (k for k in t.walk() if k.tag == "tr" and k.parent is not None and k.parent.tag == "tbody"):
            row = cells(tr)
            sid = who(cap) if tid.startswith(("t-work-ops-", "t-rate-")) else who(row[0].all_text()) if row else None
            if sid not in gapped or (tid == "t-cost-perf" and row[-1].all_text().strip() == "\u2013"):
                continue
            if not any(GAP in n.all_text() and any(kind(i) == "gap" and by_id[i]["subject"] == sid for i in n.claim_ids())
                       for n in row):
                bad.append("%s: a row of %s not marked %s ('%s')" % (tid, sid, GAP, " ".join(tr.all_text().split())[:60]))
    carried = lambda tid, i: any(i in n.claim_ids() and VOID_MARK in n.all_text() for n in cells(tabs[tid]))
    for x in void:
        ext = x["id"].split("/")[5:]
        where = ["t-cost-bill"] if "t-cost-bill" in tabs else []
        if ext and ext[0].startswith("r"):
            where.append("t-sustained")
            if not any(tid.startswith("t-rate-") and carried(tid, x["id"]) for tid in tabs):
                bad.append("%s: not marked %s in its sweep's t-rate-N" % (x["id"], VOID_MARK))
        elif ext:
            where.append("t-workloads")
        for tid in where:
            if tid not in tabs or not carried(tid, x["id"]):
                bad.append("%s: not marked %s in %s" % (x["id"], VOID_MARK, tid))
    return bad


def flag_marks(c, name, agg, claims, tree, tabs, lang):
    """The figures not like the others': each feature-gap claim's cell of the throughput table
    t-OP-cC carries it and shows the mark \u00a7 (and a cell showing it carries one), its
    subject's row of the pooled-latency table t-lat-OP likewise, its subject's series in the
    charts of its op (data-about cdf|cycles|forest|tail-forest) shows it, the Verdicts rows
    of its category's lead and tail leads name it marked (LABEL \u00a7), and one Key finding
    per subject words it (finding.flagged). Each violated correctness claim: no lead or tail
    lead of its category is its subject's, the lead claim names it in left_out and its
    Verdicts row marks it (LABEL \u2020), no highest claim is its cell, its throughput cell
    carries it, shows \u2020 and is marked as no leader, and no chart summary names it
    highest, lowest or fastest (en); the marks of the cost, hedging, workload and rate tables
    as flag_tables says."""
    st = strings(lang)
    by_id = {x["id"]: x for x in claims}
    gaps = [x for x in claims if x["kind"] == "feature-gap"]
    void = [x for x in claims if x["kind"] == "correctness" and x["verdict"] == "violated"]
    if not gaps and not void:
        return
    bad = []
    cat = lambda x: "%s/%d/c%d" % (x["op"], x["size"], x["concurrency"])
    verdict_row = {}
    for n in cells(tabs.get("t-claims") or Node("x", [], None)):
        for i in n.claim_ids():
            verdict_row[i] = " ".join(n.all_text().split())
    for x in gaps:
        lab = label_of(agg, x["subject"])
        t = tabs.get("t-%s-c%d" % (x["op"], x["concurrency"]))
        hits = [n for n in cells(t)] if t is not None else []
        hits = [n for n in hits if x["id"] in n.claim_ids()]
        if len(hits) != 1 or GAP not in hits[0].all_text():
            bad.append("%s: its throughput cell (%d carry it) not marked %s" % (x["id"], len(hits), GAP))
        t = tabs.get("t-lat-" + x["op"])
        if t is not None:
            rows = [n for n in cells(t) if x["id"] in n.claim_ids()]
            if not rows or any(not n.all_text().strip().startswith(lab) or GAP not in n.all_text() for n in rows):
                bad.append("%s: not its subject's marked row of t-lat-%s" % (x["id"], x["op"]))
        for lid in ("lead/" + cat(x), "tail-lead/%s/p50" % cat(x), "tail-lead/%s/p99" % cat(x)):
            if lid in verdict_row and lab + " " + GAP not in verdict_row[lid]:
                bad.append("%s: its lead's verdict '%s' does not mark %s" % (x["id"], verdict_row[lid], lab))
    for tid, t in tabs.items():
        if tid == "t-claims":  # a lead's verdict names the marked subjects (checked above)
            continue
        for n in cells(t):
            has = any(by_id.get(i, {}).get("kind") == "feature-gap" for i in n.claim_ids())
            if (GAP in n.all_text()) != has and n.tag == "td":
                bad.append("%s: a cell '%s' %s" % (t.attrs.get("id"), n.all_text().strip(),
                                                   "shows the mark without its claim" if not has else "carries a feature-gap claim unmarked"))
    flagged = {}
    for x in gaps:
        flagged.setdefault(x["subject"], set()).add(x["op"])
    for svg in (n for n in tree.root.walk() if n.tag == "svg"):
        parts = (svg.attrs.get("data-about") or "").split("/")
        if len(parts) < 2 or parts[0] not in ("cdf", "cycles", "forest", "tail-forest"):
            continue
        for sid, ops in flagged.items():
            lab = label_of(agg, sid)
            if parts[1] not in ops:
                continue
            for n in (k for k in svg.walk() if k.tag == "text"):
                tx = n.all_text().strip()
                if (tx == lab or tx.startswith(lab + " ")) and GAP not in tx:
                    bad.append("%s: %s shown unmarked ('%s')" % ("/".join(parts), lab, tx))
    items = [n for n in tree.root.walk()
             if n.tag == "li" and n.parent is not None and "findings" in n.parent.classes()]
    for sid in flagged:
        lab = label_of(agg, sid)
        lis = [n for n in items if any(by_id.get(i, {}).get("kind") == "feature-gap" and by_id[i]["subject"] == sid
                                       for i in n.claim_ids()) and matches(st, "finding.flagged", n.all_text())]
        if len(lis) != 1 or lab not in lis[0].all_text():
            bad.append("%s: %d Key findings word its feature gap" % (sid, len(lis)))
    bad += void_leads(agg, claims)
    bad += flag_tables(agg, claims, tabs)
    for x in void:
        lab = label_of(agg, x["subject"])
        leads = [by_id.get(i) for i in ("lead/" + cat(x), "tail-lead/%s/p50" % cat(x), "tail-lead/%s/p99" % cat(x))]
        for ld in (ld for ld in leads if ld is not None):
            if ld["id"] in verdict_row and lab + " " + VOID_MARK not in verdict_row[ld["id"]]:
                bad.append("%s: its verdict '%s' does not mark %s left out" % (ld["id"], verdict_row[ld["id"]], lab))
        if lang == "en":
            text = " ".join(tree.root.all_text().split())
            said = re.findall(r"(?:[Hh]ighest|[Ll]owest|[Ff]astest)[^.;]*?: %s(?: %s)? %s" % (re.escape(lab), MARK, VOID_MARK), text)
            said += re.findall(r"%s(?: %s)? %s is highest" % (re.escape(lab), MARK, VOID_MARK), text)
            if said:
                bad.append("%s: a summary names the violated cell: '%s'" % (x["id"], said[0]))
        if len(x["id"].split("/")) > 5:  # a workload cell's or sweep point's: flag_tables
            continue
        t = tabs.get("t-%s-c%d" % (x["op"], x["concurrency"]))
        hits = [n for n in cells(t) if x["id"] in n.claim_ids()] if t is not None else []
        if len(hits) != 1 or VOID_MARK not in hits[0].all_text() or "lead" in hits[0].classes() \
                or hits[0].attrs.get("data-lead") == "clear":
            bad.append("%s: its throughput cell (%d carry it) not marked %s as no leader" % (x["id"], len(hits), VOID_MARK))
    c.t(not bad, "%s: every flagged figure marked (%s feature gap, %s not comparable) and no violated cell leads%s"
        % (name, GAP, VOID_MARK, ": " + "; ".join(bad[:4]) if bad else ""))


def pdf(c, name, path, claims, truth):
    try:
        listed = subprocess.run(["pdfdetach", "-list", path], capture_output=True, text=True).stdout
        c.t("claims.json" in listed, "%s: the PDF embeds claims.json" % name)
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "claims.json")
            subprocess.run(["pdfdetach", "-savefile", "claims.json", "-o", out, path],
                           capture_output=True)
            emb = load(out) if os.path.exists(out) else None
            c.t(emb == claims, "%s: the PDF's claims.json is claims[]" % name)
        text = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True).stdout
    except OSError as x:
        c.t(False, "%s: pdfdetach/pdftotext: %s" % (name, x))
        return
    gone = [i for i in truth.get("expect", {}) if i not in text]
    c.t(not gone, "%s: the PDF's text names every claim the truth expects%s"
        % (name, ": not " + ", ".join(gone) if gone else ""))


def report(c, agg, truth, d):
    name = d.rstrip("/")
    try:
        with open(os.path.join(d, "report.html"), encoding="utf-8") as f:
            text = f.read()
    except OSError as x:
        c.t(False, "%s: report.html: %s" % (name, x))
        return
    tree = Tree()
    tree.feed(text)
    html_tag = next((n for n in tree.root.walk() if n.tag == "html"), None)
    lang = (html_tag.attrs.get("lang") if html_tag else None) or "en"
    claims = agg.get("claims") or []
    block = None
    if tree.script is not None:
        try:
            block = json.loads(tree.script.all_text())
        except ValueError:
            block = None
    c.t(block == claims, "%s: the HTML's s3bench-claims block is aggregate.json's claims[]%s"
        % (name, "" if tree.script is not None else " (no block)"))
    tabs = tables(tree)
    lead_tables(c, name, agg, claims, tabs)
    words(c, name, agg, claims, tree, lang, text)
    if block is None:
        return
    ids = {x["id"] for x in block}
    unknown = sorted({i for n in tree.root.walk() for i in n.claim_ids() if i not in ids})
    c.t(not unknown, "%s: every data-claim is a claim of the block%s"
        % (name, ": not " + ", ".join(unknown) if unknown else ""))
    by_id = {x["id"]: x for x in block}
    expected(c, by_id, truth)
    marked_where(c, name, block, tree, tabs)
    changes_marks(c, name, block, tree, tabs)
    staleness_marks(c, name, block, tabs, lang)
    replay_marks(c, name, agg, block, tabs, lang)
    replay_lead_marks(c, name, agg, block, tabs, lang)
    trend_marks(c, name, block, tree, tabs)
    vantage_marks(c, name, agg, block, tree, tabs)
    vantage_lead_marks(c, name, agg, block, tree, tabs, lang)
    cell_marks(c, name, agg, block, tree, tabs, lang)
    time_goes(c, name, block, tree, tabs, lang)
    time_split(c, name, block, tree, tabs)
    tail_tables(c, name, block, tabs)
    worded(c, name, tree, lang, block, tabs)
    claim_findings(c, name, agg, tree, lang, block)
    payload_marks(c, name, tree, lang, block, agg)
    flag_marks(c, name, agg, block, tree, tabs, lang)
    rate_shares(c, name, agg, tabs, lang)
    if os.path.exists(os.path.join(d, "report.pdf")):
        pdf(c, name, os.path.join(d, "report.pdf"), claims, truth)


def main(argv):
    args, reports = [], []
    it = iter(argv[1:])
    for a in it:
        if a == "--report":
            reports.append(next(it, ""))
        else:
            args.append(a)
    if len(args) != 2 or "" in reports:
        print("usage: claims_check.py AGGREGATE_JSON TRUTH_JSON [--report DIR]...",
              file=sys.stderr)
        return 2
    agg, truth = load(args[0]), load(args[1])
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
    tails_agree(c, agg, by_id)
    replay_agree(c, agg, by_id)
    replay_lead_agree(c, agg, by_id)
    vantage_leads_agree(c, agg, claims)
    expected(c, by_id, truth)
    absent(c, ids, truth)
    bad = void_leads(agg, claims)
    c.t(not bad, "no violated conditional-write cell leads or is the highest figure%s"
        % (": " + "; ".join(bad[:4]) if bad else ""))
    for d in reports:
        report(c, agg, truth, d)
    print("claims_check: %d checks, %d failed" % (c.n, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
