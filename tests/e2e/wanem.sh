#!/usr/bin/env bash
# tests/e2e/wanem.sh: build/tests/wanem (the lab's WAN emulator, tests/tools/wanem) measured
# against what it promises, with curl and python3 against the nginx WebDAV server
# (NGINX_S3_ENDPOINT from tests/run, else a private one):
#   1. delay: the median of (first byte - request sent) of 20 small GETs through wanem, minus
#      the same direct, equals the round trip up + down within 5 % or 0.2 ms, whichever is
#      larger: symmetric 5 ms, asymmetric 20 ms up / 1 ms down; with 2 ms of jitter on 10 ms
#      each way the median of 60 stays within 1.2 ms of 20 and none comes before 16 ms (a
#      late one is this machine's scheduler, not the emulator);
#   2. rate: one 100 MiB GET capped at 50 MiB/s per connection, one 100 MiB PUT capped at
#      40 MiB/s, four parallel 100 MiB GETs capped at 200 MiB/s together (and 100 MiB/s each),
#      each within 5 % of the cap (the aggregate: total bytes over the wall time); two 8 MiB
#      GETs on one connection 1 s apart at 20 MiB/s: an idle connection saves no burst;
#   3. --first-byte 40: the first byte 40 ms late (5 % / 0.2 ms);
#   4. --throttle 20: requests sent as fast as one connection can for 2 s: as many forwarded
#      as a 20/s bucket of depth 2 fed the same send times passes (within 2), every other one
#      "503 Slow Down" with S3's SlowDown XML body; a PUT behind a spent bucket gets a 503,
#      its body never reaches the server, and the connection stays usable;
#   5. a client that hangs up while its answer is held (--first-byte 400: a cancelled hedged
#      GET): wanem idles until the hold ends (under 50 ms of CPU over the 400 ms), never
#      spinning on the upstream socket that both ends have shut (poll reports its POLLHUP
#      whatever is asked: at real-time priority a spin stalls every real-time task 50 ms a
#      second once the kernel's RT throttling starts).
# Each figure is a timing check (tests/e2e/lib.sh timed_check): wanem and its clients run at
# real-time priority ("${rt[@]}"), and a miss fails unless the load measured during that
# check exceeded twice the cores (then a SKIP naming it).
# About 25 s. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/lib.sh"
wanem=${WANEM:-$top/build/tests/wanem}
[ -x "$wanem" ] || { bad "wanem missing: make tests"; finish; }
command -v python3 >/dev/null || { bad "python3 missing"; finish; }

use_nginx
ep=${NGINX_S3_ENDPOINT%/}
up=${ep#http://}
key=wanem-$$
head -c 100M /dev/urandom >"$tmp/big"
head -c 8M "$tmp/big" >"$tmp/mid"
echo small >"$tmp/small"
curl -sfS -T "$tmp/big" "$ep/$key/big" -o /dev/null &&
	curl -sfS -T "$tmp/mid" "$ep/$key/mid" -o /dev/null && curl -sfS -T "$tmp/small" "$ep/$key/small" -o /dev/null ||
	{ bad "upload to $ep"; finish; }
at_exit "curl -s -X DELETE '$ep/$key/big' '$ep/$key/mid' '$ep/$key/small' '$ep/$key/put' -o /dev/null -o /dev/null -o /dev/null -o /dev/null"

wpid=""
# start_wanem ARGS...: a wanem in front of nginx; its port in $port
start_wanem() {
	rm -f "$tmp/port"
	"${rt[@]}" "$wanem" --listen 127.0.0.1:0 --upstream "$up" --port-file "$tmp/port" --max-seconds 120 \
		"$@" >/dev/null 2>>"$tmp/wanem.log" &
	wpid=$!
	for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.02; done
	port=$(cat "$tmp/port")
}
stop_wanem() { kill "$wpid" 2>/dev/null; wait "$wpid" 2>/dev/null; }
at_exit stop_wanem

# ttfb URL N: the median and the extremes of N GETs' first byte after the request went out
# (ms, one connection), "MEDIAN MIN MAX"
ttfb() {
	local args=() i
	for i in $(seq "$2"); do args+=(-o /dev/null "$1"); done
	"${rt[@]}" curl -sS -w '%{time_pretransfer} %{time_starttransfer}\n' "${args[@]}" |
		awk '{ print ($2 - $1) * 1000 }' | sort -n |
		awk '{ v[NR] = $1 } END { printf "%.3f %.3f %.3f\n", v[int((NR + 1) / 2)], v[1], v[NR] }'
}
# within GOT WANT [PCT] [FLOOR]: |GOT - WANT| <= max(PCT % of WANT, FLOOR) (5 %, 0.2)
within() {
	awk -v g="$1" -v w="$2" -v p="${3:-5}" -v f="${4:-0.2}" \
		'BEGIN { t = w * p / 100; if (t < f) t = f; d = g - w; if (d < 0) d = -d; exit !(d <= t) }'
}

read -r base _ _ < <(ttfb "$ep/$key/small" 20)

# ---- 1. delay ----
delay_case() { # NAME RTT ARGS...
	local name=$1 rtt=$2 med lo hi
	shift 2
	timing_begin
	start_wanem "$@"
	read -r med lo hi < <(ttfb "http://127.0.0.1:$port/$key/small" 20)
	stop_wanem
	med=$(awk -v m="$med" -v b="$base" 'BEGIN { printf "%.3f", m - b }')
	within "$med" "$rtt"
	timed_check $? "delay $name: round trip ${med} ms (want $rtt ms; direct ${base} ms; min $lo max $hi)"
}
delay_case "5 ms each way" 10 --delay 5
delay_case "20 ms up, 1 ms down" 21 --delay-up 20 --delay-down 1
timing_begin
start_wanem --delay 10 --jitter 2
read -r med lo hi < <(ttfb "http://127.0.0.1:$port/$key/small" 60)
stop_wanem
awk -v m="$med" -v l="$lo" -v b="$base" \
	'BEGIN { m -= b; exit !(m >= 18.8 && m <= 21.2 && l >= 16 - 0.2) }'
timed_check $? "jitter 2 ms on 10 ms each way: median $med ms within 20 +- 1.2, none below 16 ms (min $lo, max $hi)"

# ---- 2. rate ----
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
timing_begin
start_wanem --rate-conn 50MiB/s
got=$("${rt[@]}" curl -sS -o /dev/null -w '%{speed_download}' "http://127.0.0.1:$port/$key/big")
stop_wanem
within "$(mib "$got")" 50
timed_check $? "rate per connection: GET 100 MiB at $(mib "$got") MiB/s (cap 50 MiB/s)"

timing_begin
start_wanem --rate-conn 40MiB/s
got=$("${rt[@]}" curl -sS -o /dev/null -T "$tmp/big" -w '%{speed_upload}' "http://127.0.0.1:$port/$key/put")
stop_wanem
within "$(mib "$got")" 40
timed_check $? "rate per connection, upload: PUT 100 MiB at $(mib "$got") MiB/s (cap 40 MiB/s)"

# agg_get ARGS...: 4 parallel GETs of 100 MiB through a wanem with ARGS: MiB/s together
agg_get() {
	local i t0 t1 bytes pids=()
	start_wanem "$@"
	t0=$(date +%s%N)
	for i in 1 2 3 4; do
		"${rt[@]}" curl -sS -o /dev/null -w '%{size_download}\n' "http://127.0.0.1:$port/$key/big" >"$tmp/agg.$i" &
		pids+=($!)
	done
	wait "${pids[@]}"
	t1=$(date +%s%N)
	stop_wanem
	bytes=$(cat "$tmp"/agg.? | awk '{ s += $1 } END { print s }')
	awk -v b="$bytes" -v t=$((t1 - t0)) 'BEGIN { printf "%.1f", b / 1048576 / (t / 1e9) }'
}
free=$(agg_get)
timing_begin
got=$(agg_get --rate-conn 100MiB/s --rate-all 200MiB/s)
within "$got" 200
timed_check $? "rate of all connections: 4 GETs of 100 MiB at $got MiB/s together (cap 200 MiB/s; uncapped just before: $free MiB/s)"

# an idle connection saves no more than the bucket's depth: two 8 MiB GETs on one
# connection, 1 s apart, the second within 5 % of the cap too
timing_begin
start_wanem --rate-conn 20MiB/s
"${rt[@]}" python3 - "$port" "/$key/mid" >"$tmp/idle" <<'PY'
import http.client, sys, time
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
out = []
for i in range(2):
    if i:
        time.sleep(1.0)
    t = time.monotonic()
    c.request("GET", sys.argv[2])
    n = len(c.getresponse().read())
    out.append("%.1f" % (n / (time.monotonic() - t) / 1048576))
print(" ".join(out))
PY
stop_wanem
read -r first second <"$tmp/idle"
within "$first" 20 && within "$second" 20
timed_check $? "rate after an idle second: 8 MiB GETs at $first and $second MiB/s (cap 20 MiB/s)"

# ---- 3. first byte ----
timing_begin
start_wanem --first-byte 40
read -r med lo hi < <(ttfb "http://127.0.0.1:$port/$key/small" 10)
stop_wanem
med=$(awk -v m="$med" -v b="$base" 'BEGIN { printf "%.3f", m - b }')
within "$med" 40
timed_check $? "first byte held ${med} ms (want 40 ms)"

# ---- 4. throttle ----
# the forwarded count is compared with a token bucket (20/s, depth 2) fed the client's own
# send times, so a stall of this loaded machine changes both alike
timing_begin
start_wanem --throttle 20 --throttle-burst 2
"${rt[@]}" python3 - "$port" "/$key/small" >"$tmp/thr" <<'PY'
import http.client, sys, time
port, path = int(sys.argv[1]), sys.argv[2]
c = http.client.HTTPConnection("127.0.0.1", port)
ok = slow = other = 0
sent, body503 = [], ""
t0 = time.monotonic()
while time.monotonic() - t0 < 2.0:
    sent.append(time.monotonic())
    c.request("GET", path)
    r = c.getresponse()
    b = r.read().decode()
    if r.status == 200:
        ok += 1
    elif r.status == 503:
        slow += 1
        body503 = b
    else:
        other += 1
tokens, last, want = 2.0, sent[0], 0
for t in sent:
    tokens = min(2.0, tokens + 20 * (t - last))
    last = t
    if tokens >= 1:
        tokens -= 1
        want += 1
print(ok, slow, other, want, "<Code>SlowDown</Code>" in body503)
PY
stop_wanem
read -r ok slow other want xml <"$tmp/thr"
awk -v o="$ok" -v w="$want" 'BEGIN { d = o - w; if (d < 0) d = -d; exit !(d <= 2) }'
timed_check $? "throttle 20/s: $ok requests forwarded in 2 s (a bucket of 20/s fed the same send times: $want, +- 2), $slow answered 503, $other other"
[ "$xml" = True ] && [ "$slow" -gt 0 ] && [ "$other" = 0 ]
check $? "throttle: the 503 carries S3's SlowDown XML body"

# a PUT behind a spent bucket: 503, its body dropped, the connection still usable
start_wanem --throttle 0.01 --throttle-burst 1
python3 - "$port" "/$key/small" >"$tmp/thr" <<'PY'
import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
out = []
for m, p, b in (("GET", "", None), ("PUT", "-thr", b"x" * 300000), ("GET", "", None)):
    c.request(m, sys.argv[2] + p, body=b)
    r = c.getresponse()
    r.read()
    out.append(str(r.status))
print(" ".join(out))
PY
stop_wanem
read -r s1 s2 s3 <"$tmp/thr"
[ "$s1 $s2 $s3" = "200 503 503" ] && ! curl -sf "$ep/$key/small-thr" -o /dev/null
check $? "throttle: GET 200, then a PUT and a GET on the same connection 503 ($s1 $s2 $s3); the PUT's body never reached the server"

# ---- 5. a hang-up during a hold ----
start_wanem --first-byte 400
python3 - "$port" "/$key/small" "$wpid" >"$tmp/hup" <<'PY'
import os, socket, sys, time
port, path, pid = int(sys.argv[1]), sys.argv[2], sys.argv[3]
def cpu_ms():
    f = open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) * 1000 / os.sysconf("SC_CLK_TCK")
s = socket.create_connection(("127.0.0.1", port))
s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % path).encode())
time.sleep(0.05)
c0 = cpu_ms()
s.close()
time.sleep(0.5)
print("%.0f" % (cpu_ms() - c0))
PY
stop_wanem
read -r cpu <"$tmp/hup"
[ -n "$cpu" ] && [ "$cpu" -lt 50 ]
check $? "a client that hangs up during a 400-ms hold: wanem used ${cpu:-?} ms of CPU in the 500 ms after (under 50: it waits, never spins)"

finish
