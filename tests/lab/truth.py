"""tests/lab/truth.py: what the lab's profiles allow, checked against an analysis
(aggregate.json) and the runs (run.json): docs/LAB.md "The truth". Used by `lab.py truth`.

For a GET or PUT cell of object size S with W workers in all over K client hosts, on a
provider with round trip RTT, first-byte delay FB, per-stream cap Rc, link cap P, and a
client NIC cap N (payload: N x 1448/1514 at MTU 1500):
    one stream alone   r1 = min(Rc, P, N)
    the bandwidth      B  = min(W x Rc, P, K x N)
    the latency part   L  = RTT + FB
    upper bound        hi = min(B, W x S / (L + max(0, S - BURST) / r1))
                       nothing measured may exceed it: a token bucket (wanem's, tbf's) lets
                       up to BURST through at once after it refilled during the round trip
    lower estimate     lo = W x S / (L + W x S / B)            W streams sharing B
A cell is bandwidth-bound when lo >= 0.9 B: then it must come within 10 % of B. Service
time (RGW, TLS, the collector) only slows a cell down, so hi holds anyway; lo may be missed
on a loaded machine, which is why only bandwidth-bound cells are held to 10 %.
Latency floors: every request of a cell takes at least L plus its transfer at r1 (less
the burst the buckets allow); a GET's first byte comes at least L after the request.

Timing checks (docs/LAB.md "Timing checks") are those a busy machine can make miss: a
bandwidth-bound figure, a leader, a NIC mark, a sweep's knee. Each is judged unless it
failed while the load measured during its own runs (DATA_DIR/load.tsv, written by
tests/lab/run through tests/tools/loadmon.py, over the runs' wrapper.started..ended)
exceeded twice the cores; then it is a SKIP naming that load. Either way it prints a line
"TIMING judged NAME (load L)" or "TIMING skipped NAME (load L)", as tests/e2e/lib.sh's
timed_check does. A figure above the truth and a latency floor are never timing checks.
The verdict checks are small functions that take the expected verdict (leader_is,
not_leader, nic_marked, knee_within): they read aggregate.json today.
"""
import datetime
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import loadmon  # noqa: E402

TOL_ABOVE = 1.03  # measurement edges (kept window, bucket depth, tbf burst)
BURST = 512 * 1024  # bytes a transfer may move at once: wanem's bucket depth + tbf's burst


class Report:
    def __init__(self, data_dir):
        self.failed = self.passed = self.skipped = 0
        self.data_dir = data_dir
        self.load_file = os.path.join(data_dir, "load.tsv")

    def check(self, ok, msg):
        if ok:
            self.passed += 1
            print("ok   " + msg)
        else:
            self.failed += 1
            print("FAIL " + msg)

    def skip(self, msg):
        self.skipped += 1
        print("SKIP " + msg)

    def load(self, paths):
        """The mean runnable threads during the runs at paths (under data_dir), or None."""
        spans = []
        for p in paths:
            w = json.load(open(os.path.join(self.data_dir, p, "run.json"))).get("wrapper") or {}
            if w.get("started") and w.get("ended"):
                spans.append((unix(w["started"]), unix(w["ended"])))
        return loadmon.mean(self.load_file, spans) if spans else None

    def timed(self, ok, msg, paths):
        """A timing check of the runs at paths: judged unless it failed while their load
        exceeded twice the cores (loadmon.busy), then a skip naming the load."""
        load = self.load(paths)
        shown = "unknown" if load is None else "%.1f" % load
        if not ok and loadmon.busy(load):
            self.skip("%s (not judged: load %s measured during its runs, above twice the %d "
                      "cores)" % (msg, shown, os.cpu_count() or 1))
            print("TIMING skipped %s (load %s)" % (msg, shown))
        else:
            self.check(ok, msg)
            print("TIMING judged %s (load %s)" % (msg, shown))


def unix(rfc3339):
    """'2026-12-04T20:55:20.324254165Z' -> Unix seconds (the fraction kept)."""
    day, _, frac = rfc3339.rstrip("Z").partition(".")
    t = datetime.datetime.fromisoformat(day).replace(tzinfo=datetime.timezone.utc)
    return t.timestamp() + float("0." + (frac or "0"))


def inf_or(v):
    return v if v > 0 else float("inf")


def provider_of(lab, subject):
    for p in lab.providers:
        if subject == p["id"] or subject.startswith(p["id"] + "-"):
            return p
    return None


def truth_of(lab, p, size, workers, clients):
    from lab import NIC_PAYLOAD
    rc, link = inf_or(p["rate_conn"]), inf_or(p["rate"])
    nic = inf_or(lab.client_nic * NIC_PAYLOAD)
    r1 = min(rc, link, nic)
    b = min(workers * rc, link, clients * nic)
    lat = (p["rtt_ms"] + p["first_byte_ms"]) / 1000.0
    hi = min(b, workers * size / (lat + max(0, size - BURST) / r1))
    lo = workers * size / (lat + workers * size / b)
    return {"r1": r1, "B": b, "L": lat, "hi": hi, "lo": lo, "bw_bound": lo >= 0.9 * b,
            "nic": clients * nic}


def mib(v):
    return v / 1048576.0


def cell_name(c):
    return "%s %s %s c%d%s" % (c["subject"], c["op"], c.get("size_label") or c["size"],
                               c["concurrency"],
                               "" if c.get("clients", 1) == 1 else " x%d clients" % c["clients"])


def runs_of(agg, subject=None, op=None, size=None, concurrency=None, rate=False):
    """The paths of the included runs that match: the rate runs when rate, else the
    closed-loop ones."""
    return [r["path"] for r in agg.get("runs", [])
            if (subject is None or r["subject"] == subject) and (op is None or r["op"] == op)
            and (size is None or r["size"] == size)
            and (concurrency is None or r["concurrency"] == concurrency)
            and bool(r.get("rate")) == rate]


def nic_marked(rep, name, cell, want, paths):
    """The cell carries the client-limit mark nic (want True) or does not (want False)."""
    got = "nic" in ((cell.get("client_limit") or {}).get("reasons") or [])
    rep.timed(got == want, "%s: %s the client-limit mark nic (reasons %s, NIC %.0f %% at most)"
              % (name, "carries" if want else "does not carry",
                 (cell.get("client_limit") or {}).get("reasons"),
                 (cell.get("client_limit") or {}).get("nic_pct_max") or 0), paths)


def check_nic(lab, c, t, rep, paths):
    """NIC-bound cells (the NIC sets B and the cell is bandwidth-bound) are marked nic; cells
    whose truth stays below 85 % of the NIC never are (90 % marks it)."""
    if not lab.client_nic:
        return
    if t["bw_bound"] and t["B"] >= t["nic"] * 0.999:
        nic_marked(rep, cell_name(c), c, True, paths)
    elif t["hi"] < 0.85 * t["nic"]:
        nic_marked(rep, cell_name(c), c, False, paths)


def check_cells(lab, agg, rep):
    """Throughput within the truth, latency floors, NIC marks; returns {category: [(cell,
    truth)]}."""
    cats = {}
    for c in agg["cells"]:
        p = provider_of(lab, c["subject"])
        if p is None or c["op"] not in ("get", "put") or c.get("rate") or c.get("size_spec"):
            continue
        if not any(r["subject"] == c["subject"] and r["op"] == c["op"] and r["size"] == c["size"]
                   and r["concurrency"] == c["concurrency"] and not r.get("rate")
                   for r in agg.get("runs", []) + agg.get("excluded", [])):
            continue  # a combination the campaign never ran (the matrix's grid)
        paths = runs_of(agg, c["subject"], c["op"], c["size"], c["concurrency"])
        if c["mib_s"]["value"] is None:
            rep.check(False, "%s: no value (no valid run)" % cell_name(c))
            continue
        k = c.get("clients", 1) or 1
        t = truth_of(lab, p, c["size"], c["workers_total"], k)
        m = c["mib_s"]["value"]
        name = cell_name(c)
        rep.check(m <= mib(t["hi"]) * TOL_ABOVE,
                  "%s: %.1f MiB/s not above the truth %.1f MiB/s" % (name, m, mib(t["hi"])))
        if t["bw_bound"] and k == 1:
            rep.timed(abs(m - mib(t["B"])) <= 0.1 * mib(t["B"]),
                      "%s: bandwidth-bound, %.1f MiB/s within 10 %% of %.1f MiB/s"
                      % (name, m, mib(t["B"])), paths)
        check_nic(lab, c, t, rep, paths)
        lat = c.get("latency_ms") or {}
        floor = 1000 * (t["L"] + max(0, c["size"] - BURST) / t["r1"])
        if lat.get("min") is not None:
            rep.check(lat["min"] >= floor - 0.5,
                      "%s: fastest request %.1f ms not below the floor %.1f ms (RTT %g + first "
                      "byte %g + transfer)" % (name, lat["min"], floor, p["rtt_ms"],
                                               p["first_byte_ms"]))
        tt = c.get("ttfb_ms") or {}
        if c["op"] == "get" and tt.get("min") is not None:
            fl = 1000 * t["L"]
            rep.check(tt["min"] >= fl - 0.5, "%s: first byte %.1f ms at the earliest, not below "
                      "RTT + first-byte delay %.1f ms" % (name, tt["min"], fl))
        if k == 1:
            cats.setdefault((c["op"], c["size"], c["concurrency"]), []).append((c, t))
        else:
            check_clients(lab, agg, c, t, p, rep, paths)
    return cats


def check_clients(lab, agg, c, t, p, rep, paths):
    """A multi-client cell: within 10 % of its truth, above one client's, balance shown."""
    k, m, name = c["clients"], c["mib_s"]["value"], cell_name(c)
    want = mib(t["B"]) if t["bw_bound"] else mib(t["lo"])
    rep.timed(abs(m - want) <= 0.1 * want,
              "%s: %.1f MiB/s within 10 %% of the truth %.1f MiB/s" % (name, m, want), paths)
    one = truth_of(lab, p, c["size"], c["workers_total"] // k, 1)
    rep.timed(m > mib(one["hi"]), "%s: %.1f MiB/s above what one client host allows (%.1f MiB/s)"
              % (name, m, mib(one["hi"])), paths)
    bal = [b for b in agg.get("client_balance", [])
           if b["subject"] == c["subject"] and b["size"] == c["size"]
           and b["concurrency"] == c["concurrency"]]
    rep.check(bool(bal) and len(bal[0]["clients"]) == k,
              "%s: the per-client balance lists %d clients" % (name, k))


def leader_is(rep, name, lead, want, paths):
    """The category's leader is want, and its lead is clear."""
    rep.timed(lead is not None and lead["subject"] == want and bool(lead.get("clear")),
              "%s: the truth puts %s 25 %%+ ahead: the clear leader (report: %s, clear %s, "
              "status %s)" % (name, want, lead and lead["subject"], lead and lead.get("clear"),
                              lead and lead.get("status")), paths)


def not_leader(rep, name, lead, slower, paths):
    """The category's leader is not slower (a provider 25 %+ below the truth's fastest)."""
    rep.timed(lead is None or lead["subject"] != slower,
              "%s: %s, 25 %%+ below the truth's fastest, is not the leader (report: %s)"
              % (name, slower, lead and lead["subject"]), paths)


def check_leaders(agg, cats, rep):
    """The verdicts follow the truth: by each category's truth (the middle of lo and hi),
    a provider 25 % or more ahead of every other is the clear leader (with 3 cycles or more);
    one 25 % or more below the fastest never leads; a clear lead never goes to one more
    than 10 % below the fastest."""
    cycles = (agg.get("campaign") or {}).get("cycles") or 1
    leaders = {(l["op"], l["size"], l["concurrency"]): l for l in agg.get("leaders", [])}
    for key, rows in sorted(cats.items()):
        lead = leaders.get(key)
        if len(rows) < 2:
            continue
        mid = {c["subject"]: (t["lo"] + t["hi"]) / 2 for c, t in rows}
        best = max(mid, key=mid.get)
        name = "%s %d B c%d" % key
        paths = runs_of(agg, None, *key)
        if lead is not None and lead.get("clear"):
            rep.check(mid[lead["subject"]] >= 0.9 * mid[best],
                      "%s: the clear lead of %s is not contradicted by the truth (fastest: %s)"
                      % (name, lead["subject"], best))
        second = max(v for sub, v in mid.items() if sub != best)
        n = min(c["n"] for c, _ in rows)
        if mid[best] >= 1.25 * second and n >= 3 and cycles >= 3:
            leader_is(rep, name, lead, best, paths)
        for sub in sorted(mid):
            if mid[sub] * 1.25 <= mid[best]:
                not_leader(rep, name, lead, sub, paths)


def knee_within(rep, name, got, want, rates, paths):
    """got (an offered rate, or None) lies within one step of the sweep's rates from want."""
    idx = lambda r: rates.index(r) if r in rates else -1
    rep.timed(abs(idx(got) - idx(want)) <= 1, "%s %s within one step of the truth %s (offered %s)"
              % (name, got, want, "/".join("%g" % r for r in rates)), paths)


def check_sweeps(lab, agg, rep):
    """Each sweep's highest sustained rate within one step of the truth (the throttle's rate,
    or what the sweep's workers hold over the round trip); a throttling provider's knee
    (the first rate whose 503s exceed 1 %) within one step of the first rate above its
    throttle, and no point above the throttle sustained."""
    for sw in agg.get("rate_sweeps", []):
        p = provider_of(lab, sw["subject"])
        if p is None:
            continue
        pts = sorted(sw["points"], key=lambda x: x["offered"])
        rates = [x["offered"] for x in pts]
        paths = runs_of(agg, sw["subject"], rate=True)
        cap = p["throttle"] if p["throttle"] > 0 else float("inf")
        # without a throttle, the workers the sweep may use over the round trip
        lat = (p["rtt_ms"] + p["first_byte_ms"]) / 1000.0
        cap = min(cap, sw["concurrency"] / lat if lat > 0 else cap)
        true = max([r for r in rates if r <= cap] or [None], key=lambda r: r or 0)
        knee_within(rep, "%s: sustained rate" % sw["subject"], sw.get("max_sustained"), true,
                    rates, paths)
        if p["throttle"] <= 0:
            continue
        above = [r for r in rates if r > p["throttle"]]
        knee_within(rep, "%s: throttling knee" % sw["subject"], sw.get("throttle_knee"),
                    above[0] if above else None, rates, paths)
        for x in pts:
            if x["offered"] <= 1.1 * p["throttle"]:
                continue
            # achieved is the requests sent; the 503s must show as throttled, and the runs'
            # obj/s below counts only the answered ones
            rep.check(not x.get("sustained") and (x.get("throttled_share") or 0) > 0.01,
                      "%s at %g/s: above the throttle (%g/s) not sustained, its 503s throttled "
                      "(report: sustained %s, throttled share %s)"
                      % (sw["subject"], x["offered"], p["throttle"], x.get("sustained"),
                         x.get("throttled_share")))


def check_throttled_runs(lab, data_dir, agg, rep):
    """Runs above the throttle: their 503s classified, never counted as throughput."""
    for r in agg.get("runs", []):
        p = provider_of(lab, r["subject"])
        if p is None or p["throttle"] <= 0 or not r.get("rate") or r["rate"] <= 1.1 * p["throttle"]:
            continue
        j = json.load(open(os.path.join(data_dir, r["path"], "run.json")))
        err = j.get("errors") or {}
        dur = (j.get("workload") or {}).get("duration_s") or 1
        limit = p["throttle"] * 1.05 + max(1, p["throttle"] / 10) / dur
        rep.check(err.get("class") == "http-5xx" and (err.get("count") or 0) > 0,
                  "%s: the 503s above the throttle are classified (errors %s, class %s)"
                  % (r["path"], err.get("count"), err.get("class")))
        rep.check(r["obj_s"] is not None and r["obj_s"] <= limit,
                  "%s: %.1f obj/s counted, not above the throttle's %.1f/s (503s not counted)"
                  % (r["path"], r["obj_s"] or 0, limit))


def check(lab, data_dir, results_dir):
    agg = json.load(open(os.path.join(results_dir, "aggregate.json")))
    rep = Report(data_dir)
    camp = agg.get("campaign") or {}
    rep.check("EMULATED" in (camp.get("client") or "").upper()
              and "emulated" in (camp.get("title") or "").lower(),
              "the campaign's title and client text say the figures come from an emulated lab")
    cats = check_cells(lab, agg, rep)
    check_leaders(agg, cats, rep)
    check_sweeps(lab, agg, rep)
    check_throttled_runs(lab, data_dir, agg, rep)
    print("truth: %d passed, %d failed, %d skipped" % (rep.passed, rep.failed, rep.skipped))
    return 1 if rep.failed else 0
