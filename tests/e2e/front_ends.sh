#!/usr/bin/env bash
# tests/e2e/front_ends.sh: per front end figures (docs/METHODOLOGY.md, "Front ends";
# aggregate.json slowest[].front_ends[]): a name that resolves to three loopback addresses
# (a private /etc/hosts in a mount namespace: root and unshare, else skipped), served by
# tests/tools/verify_s3.py on all three, and a campaign of one put cell (6 workers, 2 s)
# against that name with addresses = spread and against 127.0.0.1 alone:
#   1. the ops log's remote column names the three addresses;
#   2. analyze's front_ends[] of the cell: the three, each with its requests (counted here
#      from the log), share, MiB/s (its bytes over the run's first start to last end) and
#      p50 and p99 (nearest rank over its latencies, recomputed here);
#   3. the report's "Front ends" table shows them (en, ko); a cell answered from one address
#      (a run against 127.0.0.1) adds no row.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null; then
	skip 9 "a name with three addresses needs root and unshare (a private /etc/hosts)"
	finish
fi
python3 "$top/tests/tools/verify_s3.py" --port-file "$tmp/port" --log "$tmp/v.log" \
	--secret-key vsecret --addresses 127.0.0.1,127.0.0.2,127.0.0.3 >"$tmp/v.out" 2>&1 &
stop_at_exit $!
for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.1; done
port=$(cat "$tmp/port")
printf '127.0.0.1 multi.test\n127.0.0.2 multi.test\n127.0.0.3 multi.test\n' >"$tmp/hosts"
cat >"$tmp/c.ini" <<EOF
[campaign]
name = fronts
[matrix]
ops = put
sizes = 1KiB
concurrency = 6
duration = 2s
[subject multi]
endpoint = http://multi.test:$port
bucket = b
credentials = env:V
addresses = spread
[subject one]
endpoint = http://127.0.0.1:$port
bucket = b
credentials = env:V
EOF
V_ACCESS_KEY_ID=vkey V_SECRET_ACCESS_KEY=vsecret unshare -m sh -c \
	"mount --bind '$tmp/hosts' /etc/hosts && '$collect' '$tmp/c.ini' -o '$tmp/data' --no-preflight" \
	>"$tmp/collect.txt" 2>&1
check $? "a campaign: multi.test with addresses = spread, 127.0.0.1 alone: $(tail -n 1 "$tmp/collect.txt")"
d=$tmp/data/runs/cycle-01/multi
"$analyze" "$tmp/data" -o "$tmp/res" >"$tmp/an.txt" 2>&1 &&
	"$render" "$tmp/res" -o "$tmp/rep" --format html >"$tmp/ren.txt" 2>&1 &&
	"$render" "$tmp/res" -o "$tmp/rep-ko" --format html --lang ko >>"$tmp/ren.txt" 2>&1
check $? "analyze and render (en, ko): $(tail -n 1 "$tmp/an.txt")"
pycheck "front ends" "$d/put-1KiB-c6/ops.tsv.zst" "$tmp/res/aggregate.json" "$tmp/rep/report.html" "$tmp/rep-ko/report.html" <<'PY'
import csv, html, io, json, re, subprocess, sys
from checks import t, near, ns
text = subprocess.run(["zstd", "-dcq", sys.argv[1]], capture_output=True, check=True).stdout.decode()
rows = list(csv.DictReader(io.StringIO(text), delimiter="\t"))
a = json.load(open(sys.argv[2]))
en, ko = open(sys.argv[3]).read(), open(sys.argv[4]).read()
addrs = sorted(set(r["remote"] for r in rows))
t(addrs == ["127.0.0.1", "127.0.0.2", "127.0.0.3"], "the ops log names the three addresses (%s)" % addrs)
cell = [s for s in a.get("slowest", []) if s["subject"] == "multi"]
fe = {f["remote"]: f for f in (cell[0]["front_ends"] if cell else [])}
t(sorted(fe) == addrs, "front_ends[]: the three (%s)" % sorted(fe))
span = (max(ns(r["end"]) for r in rows) - min(ns(r["start"]) for r in rows)) / 1e9
good = True
for ad in addrs:
    mine = [r for r in rows if r["remote"] == ad]
    lat = sorted(int(r["duration_ns"]) for r in mine if r["error"] == "")
    n = len(lat)
    want = {"requests": len(mine), "share": len(mine) / len(rows),
            "mib_s": sum(int(r["bytes"]) for r in mine if r["error"] == "") / 1048576 / span,
            "p50_ms": lat[(n + 1) // 2 - 1] / 1e6, "p99_ms": lat[(99 * n + 99) // 100 - 1] / 1e6 if n >= 299 else None}
    f = fe.get(ad, {})
    ok = f.get("requests") == want["requests"] and all(near(f.get(k), want[k], 1e-9, none=True) for k in ("share", "mib_s", "p50_ms", "p99_ms"))
    good = good and ok
    print("    %s: %s (want %s)" % (ad, {k: f.get(k) for k in want}, want))
t(good, "each one's requests, share, MiB/s, p50 and p99 as the log gives them")
t(len(fe) == 3 and all(f["p99_ms"] is not None for f in fe.values()), "p99 given (%s requests)" % [f["requests"] for f in fe.values()])
one = [s for s in a.get("slowest", []) if s["subject"] == "one"]
t(one and len(one[0]["front_ends"]) == 1, "the one-address cell has one front end")
i = en.find('id="t-front-ends"')
tab = en[i:en.find("</table>", i)] if i >= 0 else ""
cells = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", tab, re.S)]
t("Front ends" in en and all(ad in cells for ad in addrs) and "one" not in cells,
  "en: the table lists the three addresses of multi, not the one-address cell")
t("프런트엔드" in ko and all(ad in ko for ad in addrs), "ko: the section and its addresses")
PY
finish
