"""tests/e2e/checks.py: the Python half of tests/e2e/lib.sh's vocabulary, for the checks an
end-to-end script writes as a Python heredoc (pycheck, or python3 - with its output counted).
lib.sh puts this directory on PYTHONPATH, so a heredoc says `from checks import t, near`.

  t(cond, name)                       print "ok   NAME" when cond holds, else "FAIL NAME"
                                      (the lines the scripts count as passed and failed)
  near(x, y, rel=1e-9, floor=1.0, none=False)
                                      x within rel x max(floor, |y|) of y; a None is near
                                      nothing, or only another None when none is True
  ns(s, empty=None)                   an RFC 3339 UTC time ("2026-12-02T10:00:00.5Z") in
                                      nanoseconds since the epoch; empty for "" or None
  throughput(a)                       aggregate.json a with its comparisons[] cut to the
                                      throughput ones (metric mib_s, obj_s: no tails)
  ops_rows(path)                      the rows of an ops.tsv.zst as dicts by column name
  listings(rows)                      a list run's rows as listings: per client and thread in
                                      start order, each listing the n_objects of its pages
                                      from a page 1 (ValueError when a page number does not
                                      follow the one before)
"""
import calendar
import subprocess


def t(cond, name):
    """One case: "ok   NAME" when cond is true, else "FAIL NAME"."""
    print(("ok   " if cond else "FAIL ") + name)


def near(x, y, rel=1e-9, floor=1.0, none=False):
    """x within rel x max(floor, |y|) of y. None is near nothing, or, when none is True, near
    another None only."""
    if x is None or y is None:
        return none and x is None and y is None
    return abs(x - y) <= rel * max(floor, abs(y))


def ns(s, empty=None):
    """RFC 3339 UTC time s (up to 9 fractional digits, "Z") as nanoseconds since the epoch;
    empty when s is "" or None."""
    if not s:
        return empty
    base, _, frac = s.rstrip("Z").partition(".")
    sec = calendar.timegm(tuple(int(x) for x in base.replace("T", "-").replace(":", "-").split("-")))
    return sec * 10**9 + int((frac + "000000000")[:9])


def throughput(a):
    """a with comparisons[] cut to throughput's (the tail comparisons have metric p50_ms,
    p99_ms); returns a."""
    a["comparisons"] = [c for c in a.get("comparisons", []) if c["metric"] in ("mib_s", "obj_s")]
    return a


def ops_rows(path):
    """The rows of ops log path (zstd, tab-separated) as dicts by header name."""
    lines = subprocess.run(["zstdcat", path], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    head = lines[0].split("\t")
    return [dict(zip(head, l.split("\t"))) for l in lines[1:] if not l.startswith("# ")]


def listings(rows):
    """A list run's rows (ops_rows) as listings: per (client_id, thread), in start order,
    a listing from each page 1 to the row before the next, as the list of its pages'
    n_objects. ValueError when a row's page is not 1 or the one before plus 1."""
    out, last = [], {}
    for r in sorted(rows, key=lambda r: (ns(r["start"]), int(r["idx"]))):
        who, page = (r["client_id"], r["thread"]), int(r["page"])
        if page == 1:
            last[who] = [int(r["n_objects"])]
            out.append(last[who])
        elif who in last and page == len(last[who]) + 1:
            last[who].append(int(r["n_objects"]))
        else:
            raise ValueError("row %s: page %d after %s" % (r["idx"], page, last.get(who)))
    return out
