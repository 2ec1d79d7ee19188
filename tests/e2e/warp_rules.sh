#!/usr/bin/env bash
# tests/e2e/warp_rules.sh: `bin/analyze --warp` and `--warp-full` on small per-request logs
# written here, each compared with the text worked out by hand from Warp 1.6.1's source
# (pkg/aggregate live.go, throughput.go, requests.go, aggregate.go; pkg/bench
# analyze.go, ops.go; cli/analyze.go). Rules each case shows:
#  - clients: two clients in one log, one failed request. Default engine: the failed
#    request's bytes count in the Average (liveThroughput adds them), its count is
#    printed beside it and as "Errors" with the first errors; "Warp Instances: 2";
#    Reqs are the unweighted mean of the two clients' 10-second windows (350 ms from
#    500 and 200); each client's own line spans its first start to last end (9.5 s and
#    9.2 s: "(10s)", "(9s)"); the kept segments are labelled from the first segment's
#    second, not the third (00:00:05 for the 6th kept). Full engine: the Average over
#    the window inside the earliest end and the latest start (a request failed, so not
#    the all-workers window), per client ("Client_a") from the successful requests
#    only (so no error appears there), 8 segments, the one holding the failure slower.
#  - short: 3 seconds: fewer than 5 segments, "Skipping" with the error listed
#    (default); no segment fits the window (full).
#  - negative: a request that ends before it starts: Warp 1.6.1's Live moves its end to
#    its start and fails it ("Negative duration"); it still counts in the Average, and
#    its zero duration in the Reqs (Avg 450 ms, Fastest 0, StdDev 158.1 ms over 10).
#    The full engine has no such rule; s3bench refuses the file there (exit 1).
#  - mixed: GET and PUT at once: one block per op, then "Total" (the ops overlap);
#    full: "Mixed operations." with each op's share of the cluster total's requests,
#    the window of all workers, PUT's concurrency as its highest thread id + 1.
. "$(dirname "$0")/lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
export TZ=
python3 - "$tmp" <<'PY'
import datetime, sys
T0 = 1793491200  # 2026-11-01T00:00:00Z
def ts(sec, ms):
    t = datetime.datetime.fromtimestamp(T0 + sec, datetime.timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%09dZ" % (ms * 1000000)
def write(path, reqs):
    reqs.sort(key=lambda r: (r[3], r[4]))
    with open(path, "w") as f:
        f.write("idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\tcat\n")
        for i, (th, op, cl, s, a, b, err) in enumerate(reqs):
            f.write("%d\t%d\t%s\t%s\t1\t1048576\thttp://h:9000\tk/%d\t%s\t%s\t\t%s\t%d\t0\n"
                    % (i, th, op, cl, i, err, ts(s, a), ts(s, b), (b - a) * 1000000))
d = sys.argv[1]
write(d + "/clients.csv", [r for s in range(10) for r in
      [(0, "GET", "c1", s, 100, 600, ""), (1, "GET", "c2", s, 200, 400, "boom" if s == 5 else "")]])
write(d + "/short.csv", [(0, "GET", "c1", s, 100, 600, "boom" if s == 1 else "") for s in range(3)])
write(d + "/negative.csv", [(0, "GET", "c1", s, 600, 100, "") if s == 5 else (0, "GET", "c1", s, 100, 600, "") for s in range(10)])
write(d + "/mixed.csv", [r for s in range(10) for r in
      [(0, "GET", "c1", s, 100, 600, ""), (1, "PUT", "c1", s, 200, 400, "")]])
PY
check $? "four small logs written"

cat >"$tmp/clients.want" <<'TXT'
 Report: GET (20 reqs). Ran Duration: 6s, starting 00:00:02 UTC
 * Objects per request: 1. Size: 1048576 bytes. Concurrency: 2. Warp Instances: 2.
 * Average: 2.00 MiB/s, 2.00 obj/s, 1 errors (6s)
 * Errors: 1
 - First Errors:
   * boom
 * Reqs: Avg: 350.0ms, 50%: 350.0ms, 90%: 350.0ms, 99%: 350.0ms, Fastest: 200.0ms, Slowest: 500.0ms, StdDev: 0.0ms

Throughput by client:
Client 1 throughput: 1.05 MiB/s, 1.05 obj/s (10s)
 * Reqs: Avg: 500.0ms, 50%: 500.0ms, 90%: 500.0ms, 99%: 500.0ms, Fastest: 500.0ms, Slowest: 500.0ms, StdDev: 0.0ms

Client 2 throughput: 1.09 MiB/s, 1.09 obj/s, 1 errors (9s)
 * Reqs: Avg: 200.0ms, 50%: 200.0ms, 90%: 200.0ms, 99%: 200.0ms, Fastest: 200.0ms, Slowest: 200.0ms, StdDev: 0.0ms


Throughput, split into 6 x 1s:
 * Fastest: 2.0MiB/s, 2.00 obj/s (1s, starting 00:00:05 UTC)
 * 50% Median: 2.0MiB/s, 2.00 obj/s (1s, starting 00:00:03 UTC)
 * Slowest: 2.0MiB/s, 2.00 obj/s (1s, starting 00:00:00 UTC)


TXT
cat >"$tmp/clients.full" <<'TXT'
----------------------------------------
Operation: GET. Concurrency: 2
Errors: 1
* Average: 2.00 MiB/s, 2.00 obj/s

Throughput by host:
 * Client_a: Avg: 1.07 MiB/s, 1.07 obj/s
 * Client_b: Avg: 0.97 MiB/s, 0.97 obj/s

Throughput, split into 8 x 1s:
 * Fastest: 2048.0KiB/s, 2.00 obj/s
 * 50% Median: 2048.0KiB/s, 2.00 obj/s
 * Slowest: 1024.0KiB/s, 1.00 obj/s
TXT
cat >"$tmp/short.want" <<'TXT'
 Skipping GET too few samples. Longer benchmark run required for reliable results.

Errors: 1
- First Errors:
 * boom



TXT
cat >"$tmp/short.full" <<'TXT'
----------------------------------------
Operation: GET. Concurrency: 0
Errors: 1
Skipping GET too few samples. Longer benchmark run required for reliable results.
TXT
cat >"$tmp/negative.want" <<'TXT'
 Report: GET (10 reqs). Ran Duration: 6s, starting 00:00:02 UTC
 * Objects per request: 1. Size: 1048576 bytes. Concurrency: 1.
 * Average: 1.00 MiB/s, 1.00 obj/s, 1 errors (6s)
 * Errors: 1
 - First Errors:
   * Negative duration
 * Reqs: Avg: 450.0ms, 50%: 500.0ms, 90%: 500.0ms, 99%: 500.0ms, Fastest: 0.0ms, Slowest: 500.0ms, StdDev: 158.1ms

Throughput, split into 6 x 1s:
 * Fastest: 1024.0KiB/s, 1.00 obj/s (1s, starting 00:00:05 UTC)
 * 50% Median: 1024.0KiB/s, 1.00 obj/s (1s, starting 00:00:03 UTC)
 * Slowest: 1024.0KiB/s, 1.00 obj/s (1s, starting 00:00:00 UTC)


TXT
cat >"$tmp/mixed.want" <<'TXT'
 Report: GET (10 reqs). Ran Duration: 6s, starting 00:00:02 UTC
 * Objects per request: 1. Size: 1048576 bytes. Concurrency: 1.
 * Average: 1.00 MiB/s, 1.00 obj/s (6s)
 * Reqs: Avg: 500.0ms, 50%: 500.0ms, 90%: 500.0ms, 99%: 500.0ms, Fastest: 500.0ms, Slowest: 500.0ms, StdDev: 0.0ms

Throughput, split into 6 x 1s:
 * Fastest: 1024.0KiB/s, 1.00 obj/s (1s, starting 00:00:05 UTC)
 * 50% Median: 1024.0KiB/s, 1.00 obj/s (1s, starting 00:00:03 UTC)
 * Slowest: 1024.0KiB/s, 1.00 obj/s (1s, starting 00:00:00 UTC)

──────────────────────────────────

Report: PUT (10 reqs). Ran Duration: 6s, starting 00:00:02 UTC
 * Objects per request: 1. Size: 1048576 bytes. Concurrency: 1.
 * Average: 1.00 MiB/s, 1.00 obj/s (6s)
 * Reqs: Avg: 200.0ms, 50%: 200.0ms, 90%: 200.0ms, 99%: 200.0ms, Fastest: 200.0ms, Slowest: 200.0ms, StdDev: 0.0ms

Throughput, split into 6 x 1s:
 * Fastest: 1024.0KiB/s, 1.00 obj/s (1s, starting 00:00:05 UTC)
 * 50% Median: 1024.0KiB/s, 1.00 obj/s (1s, starting 00:00:03 UTC)
 * Slowest: 1024.0KiB/s, 1.00 obj/s (1s, starting 00:00:00 UTC)


──────────────────────────────────

Report: Total (20 reqs). Ran Duration: 6s, starting 00:00:02 UTC
 * Objects per request: 1. Size: 1048576 bytes. Concurrency: 2.
 * Average: 2.00 MiB/s, 2.00 obj/s (6s)

Throughput, split into 6 x 1s:
 * Fastest: 2.0MiB/s, 2.00 obj/s (1s, starting 00:00:05 UTC)
 * 50% Median: 2.0MiB/s, 2.00 obj/s (1s, starting 00:00:03 UTC)
 * Slowest: 2.0MiB/s, 2.00 obj/s (1s, starting 00:00:00 UTC)

TXT
cat >"$tmp/mixed.full" <<'TXT'
Mixed operations.
Operation: GET, 42%, Concurrency: 1, Ran 7s.
 * Throughput: 1.09 MiB/s, 1.09 obj/s

Operation: PUT, 42%, Concurrency: 2, Ran 7s.
 * Throughput: 1.15 MiB/s, 1.15 obj/s

Cluster Total: 2.16 MiB/s, 2.16 obj/s over 6s.
TXT
for c in clients short negative mixed; do
	"$analyze" --warp "$tmp/$c.csv" >"$tmp/$c.out" 2>/dev/null
	if cmp -s "$tmp/$c.want" "$tmp/$c.out"; then ok "$c: warp analyze's text"; else
		bad "$c: warp analyze's text"; diff "$tmp/$c.want" "$tmp/$c.out" | head -20 >&2; fi
	[ "$c" = negative ] && continue
	"$analyze" --warp --warp-full "$tmp/$c.csv" >"$tmp/$c.fout" 2>/dev/null
	if cmp -s "$tmp/$c.full" "$tmp/$c.fout"; then ok "$c: warp analyze --full's text"; else
		bad "$c: warp analyze --full's text"; diff "$tmp/$c.full" "$tmp/$c.fout" | head -20 >&2; fi
done
"$analyze" --warp --warp-full "$tmp/negative.csv" >/dev/null 2>"$tmp/neg.err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "ends before it starts" "$tmp/neg.err"
check $? "negative: --warp-full refuses the file, exit 1 ($rc), says why"
"$analyze" --warp --warp-server "$tmp/negative.csv" >/dev/null 2>&1
[ $? -eq 1 ]
check $? "negative: --warp-server (Warp 1.3's reading) refuses it too"
finish
