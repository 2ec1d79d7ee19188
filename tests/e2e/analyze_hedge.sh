#!/usr/bin/env bash
# tests/e2e/analyze_hedge.sh: `analyze --hedge`, what hedging would buy, against a heavy-tail
# provider: build/tests/wanem in front of nginx holds 2 % of the answers 200 ms
# (`--tail 2%:200ms`). A campaign of two cycles of 4 KiB GETs at concurrency 4 for 6 s, then:
#   - analyze --hedge prints the cell's what-if: the unhedged p99 reflects the tail (at
#     least 200 ms), hedging at the cell's p95 brings the p99 below 50 ms for about 5 %
#     more requests, at its p99 the p99 stays and the p99.9 falls;
#   - every figure agrees with tests/tools/hedge_sim.py, a brute-force replay of the same
#     ops logs in Python (200 replays of every request; p99 and p99.9 within 5 % or 0.5 ms,
#     the plain percentiles and the extra share exactly);
#   - a cell whose run has no ops.tsv.zst: analyze --hedge exits 1 and names the cell and
#     the file on stderr.
# About 25 s. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
collect=${COLLECT:-$top/bin/collect}
wanem=${WANEM:-$top/build/tests/wanem}
[ -x "$collect" ] && [ -x "$wanem" ] && [ -x "$analyze" ] ||
	{ bad "bin/collect, bin/analyze or build/tests/wanem missing: make tests"; finish; }

nginx_wanem hedge --tail 2%:200ms --seed 7 --max-seconds 120
cat >"$tmp/c.ini" <<INI
[campaign]
name = hedge
cycles = 2
[matrix]
ops = get
sizes = 4KiB
concurrency = 4
duration = 6s
objects = 20
[subject nginx]
endpoint = $far
bucket = $bucket
addressing = path
credentials = env:NG_AWS
INI
d=$tmp/data
"$collect" "$tmp/c.ini" -o "$d" --no-preflight >"$tmp/collect.out" 2>&1
check $? "the campaign runs ($(tail -n 1 "$tmp/collect.out"))"

"$analyze" "$d" --hedge -o "$tmp/res" >"$tmp/hedge.out" 2>"$tmp/hedge.err"
check $? "analyze --hedge exits 0 ($(tail -n 2 "$tmp/hedge.err" | tr '\n' ' '))"
cat "$tmp/hedge.out"
logs=("$d"/runs/cycle-*/nginx/get-4KiB-c4/ops.tsv.zst)
/usr/bin/python3 "$top/tests/tools/hedge_sim.py" --reps 200 \
	"$(awk '/ at p95 = /{print $9}' "$tmp/hedge.out"),$(awk '/ at p99 = /{print $9}' "$tmp/hedge.out"),2000" \
	"${logs[@]}" >"$tmp/sim.out"
check $? "hedge_sim.py runs"
cat "$tmp/sim.out"
pycheck "the what-if against the replay" "$tmp/hedge.out" "$tmp/sim.out" <<'PY'
import re, sys
from checks import t
out = open(sys.argv[1]).read()
sim = [l.split() for l in open(sys.argv[2])]
m = re.search(r"hedge get 4KiB c4 nginx: (\d+) requests, p95 ([\d.]+) ms, p99 ([\d.]+) ms, "
              r"p99\.9 ([\d.]+) ms, new connection ([\d.]+) ms \(median of (\d+)\)", out)
t(m is not None, "the cell's line, with its new connections measured")
if m is None:
    sys.exit(0)
n, p95, p99, p999, setups = int(m[1]), float(m[2]), float(m[3]), float(m[4]), int(m[6])
plain = sim[0]
t(n == int(plain[4]) and setups == int(plain[5]),
  "requests %d and set-ups %d as the replay counts them (%s, %s)" % (n, setups, plain[4], plain[5]))
t(abs(p95 - float(plain[1])) < 1e-3 and abs(p99 - float(plain[2])) < 1e-3 and
  abs(p999 - float(plain[3])) < 1e-3, "plain p95 / p99 / p99.9 exactly the replay's")
t(p99 >= 200, "the unhedged p99 reflects the 2 %% tail: %.1f ms >= 200 ms" % p99)
at = {}
for name, tms, h99, h999, extra in re.findall(
        r"hedge get 4KiB c4 nginx at (\S+) = ([\d.]+) ms: p99 ([\d.]+) ms, p99\.9 ([\d.]+) ms, "
        r"extra ([\d.]+)", out):
    at[name] = (float(tms), float(h99), float(h999), float(extra))
t(set(at) == {"p95", "p99", "2s"}, "three thresholds for a 4 KiB cell: %s" % sorted(at))
close = lambda a, b: abs(a - b) <= max(0.05 * b, 0.5)
for row in sim[1:]:
    name = {"2000": "2s"}.get(row[0], "p95" if abs(float(row[0]) - at["p95"][0]) < 1e-3 else "p99")
    tms, h99, h999, extra = at[name]
    t(close(h99, float(row[1])) and close(h999, float(row[2])),
      "at %s: p99 %.3f / p99.9 %.3f ms, the replay's %s / %s" % (name, h99, h999, row[1], row[2]))
    t(abs(extra - float(row[3])) < 1e-4, "at %s: extra %.4f, the replay's %s" % (name, extra, row[3]))
t(at["p95"][1] < 50 and 0.04 < at["p95"][3] < 0.06,
  "at p95: p99 %.1f ms (< 50) for %.1f %% more requests" % (at["p95"][1], 100 * at["p95"][3]))
t(abs(at["p99"][1] - p99) < 1e-3 and at["p99"][2] < p999,
  "at p99: the p99 stays %.1f, the p99.9 falls %.1f -> %.1f" % (p99, p999, at["p99"][2]))
PY

rm "$d/runs/cycle-02/nginx/get-4KiB-c4/ops.tsv.zst"
"$analyze" "$d" --hedge -o "$tmp/res2" >"$tmp/hedge2.out" 2>"$tmp/hedge2.err"
st=$?
[ "$st" = 1 ] && grep -q "cell get 4KiB c4 nginx: .*cycle-02/nginx/get-4KiB-c4/ops.tsv.zst is missing" "$tmp/hedge2.err"
check $? "a cell without its ops log: exit $st (1), the cell and the file named ($(grep -- --hedge "$tmp/hedge2.err"))"
finish
