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
"""
import calendar


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
