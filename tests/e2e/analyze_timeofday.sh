#!/usr/bin/env bash
# tests/e2e/analyze_timeofday.sh: time of day as a measured factor (docs/METHODOLOGY.md, "Time
# of day"): a synthetic campaign (tests/tools/fake_campaign: 3 subjects x 24 matrix cells x 16
# cycles) whose runs start at a random minute of cycle k's three-hour band (k mod 8) of the UTC
# day and whose figures are rewritten as a cell effect x lognormal noise (CV 5 %); subject 1 is
# 20 % slower in bands 5-7 (15:00-24:00 UTC), subject 2 has no dip (and names a time zone
# in its runs of cycles 9-16 only, so its test stays on UTC), subject 3 names the
# provider's time zone (run.json wrapper.provider_local, America/New_York, UTC-5 in November)
# and is 20 % slower from 18:00 to 24:00 on that clock (23:00-05:00 UTC: a local band
# straddles two UTC bands). Checks:
#   1. analyze's planner.time_of_day[] is the F test, the lowest band's effect and interval and
#      the detectable dip recomputed with SciPy from the run.json files, on each subject's
#      clock (`clock`: UTC for subject 1, and for subject 2 whose runs do not all name a
#      zone; America/New_York for subject 3);
#   2. subject 1's dip is detected in one of bands 5-7, its interval holds that band's truth
#      against the other seven (two of them dipped too: 0.8^(5/7) - 1 = -14.7 %); subject 2's
#      is not detected; subject 3's is detected at 18:00 or 21:00 local time, where the same
#      runs banded on UTC point to 00:00 UTC instead; a time-of-day claim per subject
#      (dip, none) with the test's clock and band; the report says all three with their
#      clocks (en, ko), each paragraph marked with its claim;
#   3. the same test over 500 simulated studies (tests/tools/tod_sim.py): the 20 % dip in
#      three bands is detected in at least 80 %, with none the false detections are at most 5 %.
. "$(dirname "$0")/lib.sh"
use_fake numpy scipy
d=$tmp/tod
"$fake" "$d" --cycles 16 --subjects 3 --no-failures >/dev/null 2>&1
check $? "setup: a synthetic campaign of 3 subjects x 16 cycles"
/usr/bin/python3 - "$d" <<'PY'
import datetime, glob, json, math, os, sys, zoneinfo
import numpy as np
d = sys.argv[1]
rng = np.random.default_rng(7)
ny = zoneinfo.ZoneInfo("America/New_York")
cell = {}
for f in sorted(glob.glob(os.path.join(d, "runs/cycle-*/*/*/run.json"))):
    r = json.load(open(f))
    k, sid = r["cycle"], r["subject"]["id"]
    band = k % 8
    t = datetime.datetime(2026, 11, 2, tzinfo=datetime.timezone.utc) + datetime.timedelta(days=k // 8, hours=3 * band, minutes=int(rng.integers(0, 180)))
    r["wrapper"]["started"] = t.strftime("%Y-%m-%dT%H:%M:%SZ")
    r["wrapper"].pop("provider_local", None)
    if sid == "provider-c" or (sid == "provider-b" and k > 8):
        lt = t.astimezone(ny)
        r["wrapper"]["provider_local"] = {"tz": "America/New_York", "hour": lt.hour, "weekday": lt.isoweekday(),
                                          "utc_offset_min": int(lt.utcoffset().total_seconds() // 60)}
    key = (sid, f.split("/")[-2])
    base = cell.setdefault(key, 50 * math.exp(rng.normal(0, 1)))
    dip = 0.8 if (sid == "provider-a" and band >= 5) or (sid == "provider-c" and t.astimezone(ny).hour >= 18) else 1.0
    s = r["summary"]
    s["mib_s"] = float(base * dip * math.exp(rng.normal(0, 0.05)))
    s["obj_s"] = s["mib_s"] * 1048576 / r["workload"]["size"]
    json.dump(r, open(f, "w"))
PY
check $? "setup: start times and figures rewritten"
"$analyze" "$d" -o "$d/results" >"$tmp/an.out" 2>&1
check $? "analyze exits 0" "$(tail -n 3 "$tmp/an.out")"
PATH=/usr/bin:$PATH pycheck "time of day" "$d" <<'PY'
import datetime, glob, json, math, os, sys
import numpy as np
from scipy import stats
d = sys.argv[1]
agg = json.load(open(os.path.join(d, "results/aggregate.json")))
tod = {t["subject"]: t for t in (agg.get("planner") or {}).get("time_of_day", [])}
cells, utc = {}, {}
for f in glob.glob(os.path.join(d, "runs/cycle-*/*/*/run.json")):
    r = json.load(open(f))
    t = datetime.datetime.strptime(r["wrapper"]["started"], "%Y-%m-%dT%H:%M:%SZ")
    hour = r["wrapper"]["provider_local"]["hour"] if r["subject"]["id"] == "provider-c" else t.hour
    key, y = (r["subject"]["id"], f.split("/")[-2]), math.log(r["summary"]["mib_s"])
    cells.setdefault(key, []).append((hour // 3, y))
    utc.setdefault(key, []).append((t.hour // 3, y))
ns = 3
def residuals(cells, sid):
    return [(b, y - np.mean([v for _, v in runs])) for (s, _), runs in cells.items() if s == sid for b, y in runs]
for sid, clock in (("provider-a", "UTC"), ("provider-b", "UTC"), ("provider-c", "America/New_York")):
    res = residuals(cells, sid)
    C = sum(1 for (s, _) in cells if s == sid)
    N = len(res)
    bands = sorted(set(b for b, _ in res))
    B = len(bands)
    n = {b: sum(1 for x, _ in res if x == b) for b in bands}
    m = {b: np.mean([r for x, r in res if x == b]) for b in bands}
    ssb = sum(n[b] * m[b] ** 2 for b in bands)
    ssw = sum(r * r for _, r in res) - ssb
    df1, df2 = B - 1, N - C - (B - 1)
    F = ssb / df1 / (ssw / df2)
    p = stats.f.sf(F, df1, df2)
    low = min(bands, key=lambda b: m[b])
    diff = m[low] + n[low] * m[low] / (N - n[low])
    s = math.sqrt(ssw / df2)
    se = s * math.sqrt(1 / n[low] + 1 / (N - n[low]))
    q = stats.t.ppf(0.975, df2)
    alpha = 0.05 / ns
    nb = N / B
    z = stats.t.ppf(1 - alpha / 2, df2) + stats.t.ppf(0.8, df2)
    want = {"f": F, "p": p, "df1": df1, "df2": df2, "alpha": alpha, "effect": math.exp(diff) - 1,
            "detectable": 1 - math.exp(-z * s * math.sqrt(1 / nb + 1 / (N - nb)))}
    got = tod.get(sid, {})
    bad = [(k, got.get(k), v) for k, v in want.items() if got.get(k) is None or abs(got[k] - v) > 1e-6 * max(abs(v), 1e-12) + 1e-12]
    lo, hi = got.get("effect_ci95", [None, None])
    if lo is None or abs(lo - (math.exp(diff - q * se) - 1)) > 1e-9 or abs(hi - (math.exp(diff + q * se) - 1)) > 1e-9 or got.get("low_from_hour") != 3 * low:
        bad.append(("interval/low band", got.get("effect_ci95"), got.get("low_from_hour")))
    if got.get("clock") != clock:
        bad.append(("clock", got.get("clock"), clock))
    print(("ok   " if not bad else "FAIL ") + "%s: the F test (F %.2f, p %.3g), lowest band, effect and detectable dip as SciPy computes them on %s %s" % (sid, F, p, clock, bad))
a, b, c = tod.get("provider-a", {}), tod.get("provider-b", {}), tod.get("provider-c", {})
res = residuals(utc, "provider-c")
ulow = min(set(x for x, _ in res), key=lambda k: np.mean([r for x, r in res if x == k]))
print(("ok   " if c.get("detected") and c.get("clock") == "America/New_York" and c.get("low_from_hour") in (18, 21) and 3 * ulow not in (18, 21) else "FAIL ") +
      "provider-c: the dip detected at %s:00 local time (%s), effect %.3f; its runs banded on UTC point to %d:00 UTC" % (c.get("low_from_hour"), c.get("clock"), c.get("effect", float("nan")), 3 * ulow))
truth = 0.8 ** (5 / 7) - 1  # one dipped band against the other seven (two of them dipped)
print(("ok   " if a.get("detected") and a.get("low_from_hour") in (15, 18, 21) and a["effect_ci95"][0] <= truth <= a["effect_ci95"][1] else "FAIL ") +
      "provider-a: the dip detected at %s:00 UTC, effect %.3f %s holding the truth %.3f" % (a.get("low_from_hour"), a.get("effect", float("nan")), a.get("effect_ci95"), truth))
print(("ok   " if b and not b.get("detected") else "FAIL ") + "provider-b: no dip detected (p %s, detectable %s)" % (b.get("p"), b.get("detectable")))
claims = {x["subject"]: x for x in agg.get("claims", []) if x["kind"] == "time-of-day"}
bad = []
for sid, t in tod.items():
    x = claims.get(sid, {})
    f = x.get("figures", {})
    if x.get("id") != "time-of-day/" + sid or x.get("verdict") != ("dip" if t["detected"] else "none") or f.get("clock") != t["clock"] or f.get("from_hour") != t["low_from_hour"] or f.get("effect") != t["effect"] or f.get("slower") != "%.0f" % round(-100 * t["effect"]):
        bad.append((sid, x))
print(("ok   " if not bad and len(claims) == 3 else "FAIL ") + "a time-of-day claim per subject: its verdict, clock, band and effect the test's %s" % bad)
PY
"$render" "$d/results" -o "$d/report" >"$tmp/r.out" 2>&1 &&
	grep -qE "Provider A was [0-9]+ % \([0-9]+–[0-9]+ %\) slower between (15|18|21):00 and (18|21|24):00 UTC than at other hours" "$d/report/report.html" &&
	grep -qE "Provider B: no time-of-day effect above [0-9]+ % was detectable with these runs \(8 bands, UTC\)" "$d/report/report.html" &&
	grep -qE "Provider C was [0-9]+ % \([0-9]+–[0-9]+ %\) slower between (18|21):00 and (21|24):00 local time \(America/New_York\) than at other hours" "$d/report/report.html"
check $? "the report says where the dip is, on which clock, and what could have been detected" \
	"$(grep -oE "(Provider A was|Provider B: no time|Provider C was)[^<]*" "$d/report/report.html"; tail -n 2 "$tmp/r.out")"
python3 - "$d/report/report.html" <<'PY'
import re, sys
h = open(sys.argv[1]).read()
got = {m.group(1): m.group(2) for m in re.finditer(r'<p data-claim="time-of-day/(provider-[abc])">([^<]*)', h)}
sys.exit(0 if len(got) == 3 and "local time (America/New_York)" in got["provider-c"] and " UTC " in got["provider-a"] else 1)
PY
check $? "each time-of-day paragraph carries its subject's claim (data-claim), provider-c's naming its zone"
"$render" "$d/results" -o "$d/report-ko" --lang ko >"$tmp/rk.out" 2>&1 &&
	grep -qE "Provider A은\(는\) UTC (15|18|21):00~" "$d/report-ko/report.html" &&
	grep -qE "Provider C은\(는\) 현지 시각\(America/New_York\) (18|21):00~" "$d/report-ko/report.html"
check $? "and in Korean" "$(grep -oE "Provider [AC]은\(는\) (UTC|현지)[^<]*" "$d/report-ko/report.html"; tail -n 2 "$tmp/rk.out")"
out=$(/usr/bin/python3 "$top/tests/tools/tod_sim.py" 2>&1)
rc=$?
echo "$out" | sed 's/^/    /'
check $rc "500 simulated studies: $(echo "$out" | tail -n 1)"
finish
