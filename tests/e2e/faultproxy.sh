#!/usr/bin/env bash
# tests/e2e/faultproxy.sh: end-to-end checks of build/tests/faultproxy, every mode, with curl
# against the nginx WebDAV server (NGINX_S3_ENDPOINT from tests/run). Without that variable
# (or when a PUT to it fails), the script starts its own nginx on a free 127.0.0.1 port in a
# temporary directory and stops it at the end. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/lib.sh"
proxy_bin=${FAULTPROXY:-$top/build/tests/faultproxy}
pids=()
nginx_pid_file=""

cleanup() {
	local p
	for p in "${pids[@]}"; do
		kill "$p" 2>/dev/null
	done
	for p in "${pids[@]}"; do
		wait "$p" 2>/dev/null
	done
	if [ -n "$nginx_pid_file" ] && [ -s "$nginx_pid_file" ]; then
		kill "$(cat "$nginx_pid_file")" 2>/dev/null
		for _ in $(seq 1 50); do
			[ -e "$nginx_pid_file" ] || break
			sleep 0.1
		done
	fi
}
at_exit cleanup

if [ ! -x "$proxy_bin" ]; then
	bad "faultproxy binary missing: run make tests"
	finish
fi

# ---- the upstream: tests/run's nginx, or our own ----
free_port() {
	local p hex
	for _ in $(seq 1 200); do
		p=$((20000 + RANDOM % 12000))
		hex=$(printf ':%04X' "$p")
		awk -v h="$hex" 'NR > 1 && substr($2, length($2) - 4) == h { f = 1 } END { exit !f }' \
			/proc/net/tcp /proc/net/tcp6 2>/dev/null || { echo "$p"; return 0; }
	done
	return 1
}

start_own_nginx() {
	local port i user_line=""
	mkdir -p "$tmp/nginx/root" "$tmp/nginx/logs"
	# As root the workers would run as nobody and could not write our 0700 temp dir.
	[ "$(id -u)" -eq 0 ] && user_line="user root;"
	for i in 1 2 3 4 5; do
		port=$(free_port) || return 1
		cat >"$tmp/nginx/nginx.conf" <<EOF
daemon on;
$user_line
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/logs/error.log;
worker_processes 1;
events { worker_connections 256; }
http {
	access_log off;
	client_body_temp_path $tmp/nginx/body;
	proxy_temp_path $tmp/nginx/proxy;
	fastcgi_temp_path $tmp/nginx/fastcgi;
	uwsgi_temp_path $tmp/nginx/uwsgi;
	scgi_temp_path $tmp/nginx/scgi;
	keepalive_requests 10000;
	server {
		listen 127.0.0.1:$port;
		root $tmp/nginx/root;
		client_max_body_size 0;
		location / {
			dav_methods PUT DELETE;
			create_full_put_path on;
		}
	}
}
EOF
		if nginx -c "$tmp/nginx/nginx.conf" -p "$tmp/nginx" -e "$tmp/nginx/logs/error.log" \
			2>"$tmp/nginx/start.log"; then
			nginx_pid_file="$tmp/nginx/nginx.pid"
			for _ in $(seq 1 50); do
				curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$port/" && break
				sleep 0.1
			done
			endpoint="http://127.0.0.1:$port"
			return 0
		fi
	done
	cat "$tmp/nginx/start.log" >&2
	return 1
}

head -c 1048576 /dev/urandom >"$tmp/obj1m"
head -c 20000 /dev/urandom >"$tmp/obj20k"
sum1m=$(sha256sum <"$tmp/obj1m" | cut -d' ' -f1)
prefix="faultproxy-$$-$RANDOM"

endpoint=${NGINX_S3_ENDPOINT:-}
endpoint=${endpoint%/}
if [ -n "$endpoint" ] && ! curl -sf -o /dev/null --max-time 5 -T "$tmp/obj20k" \
	"$endpoint/$prefix/probe"; then
	echo "note: PUT to NGINX_S3_ENDPOINT=$endpoint failed; starting our own nginx"
	endpoint=""
fi
if [ -z "$endpoint" ]; then
	if ! command -v nginx >/dev/null || ! start_own_nginx; then
		bad "could not start nginx"
		finish
	fi
fi
hostport=${endpoint#*://}
hostport=${hostport%%/*}
echo "upstream: $endpoint"

# Objects the checks read, written directly (not through the proxy).
curl -sf -o /dev/null --max-time 10 -T "$tmp/obj1m" "$endpoint/$prefix/big" &&
	curl -sf -o /dev/null --max-time 10 -T "$tmp/obj20k" "$endpoint/$prefix/small"
check $? "setup: objects written directly to nginx"

# start_proxy NAME ARGS...: start faultproxy in the background; sets $port and $plog.
start_proxy() {
	local name=$1 pf
	shift
	pf="$tmp/$name.port"
	plog="$tmp/$name.log"
	"$proxy_bin" --listen 127.0.0.1:0 --port-file "$pf" --max-seconds 60 "$@" \
		>"$tmp/$name.out" 2>"$plog" &
	pids+=($!)
	ppid_last=$!
	pname_last=$name
	port=""
	for _ in $(seq 1 100); do
		[ -s "$pf" ] && { port=$(cat "$pf"); break; }
		sleep 0.05
	done
	[ -n "$port" ]
}

# stop_proxy: SIGTERM the last proxy and wait for it; its exit status in $prc.
stop_proxy() {
	kill "$ppid_last" 2>/dev/null
	wait "$ppid_last" 2>/dev/null
	prc=$?
	echo "$prc" >"$tmp/$pname_last.rc"
}

up=(--upstream "$hostport")

# ---- pass ----
start_proxy pass --mode pass "${up[@]}"
check $? "pass: proxy started and wrote its port file"
[ "$(cat "$tmp/pass.out")" = "$port" ]
check $? "pass: stdout carries the same port"
curl -sf -o /dev/null --max-time 10 -T "$tmp/obj1m" "http://127.0.0.1:$port/$prefix/viaproxy"
check $? "pass: PUT 1 MiB through the proxy"
s=$(curl -sf --max-time 10 "$endpoint/$prefix/viaproxy" | sha256sum | cut -d' ' -f1)
[ "$s" = "$sum1m" ]
check $? "pass: object PUT through the proxy is intact (direct GET)"
s=$(curl -sf --max-time 10 "http://127.0.0.1:$port/$prefix/big" | sha256sum | cut -d' ' -f1)
[ "$s" = "$sum1m" ]
check $? "pass: GET 1 MiB through the proxy is intact"
urls=()
for i in $(seq 1 10); do urls+=(-o /dev/null "http://127.0.0.1:$port/$prefix/big"); done
out=$(curl -s --max-time 20 -w '%{http_code} %{size_download} %{num_connects}\n' "${urls[@]}")
n200=$(grep -c '^200 1048576 ' <<<"$out")
nconn=$(awk '{ s += $3 } END { print s }' <<<"$out")
[ "$n200" -eq 10 ] && [ "$nconn" -eq 1 ]
check $? "pass: 10 keep-alive GETs on one connection" "200s=$n200 connects=$nconn"
stop_proxy
[ "$prc" -eq 0 ] && grep -q 'faultproxy: exit: mode=pass connections=' "$plog"
check $? "pass: SIGTERM stops it with exit 0 and a counts line" "exit $prc"

# ---- slowdown ----
start_proxy slow1 --mode slowdown --fraction 1 "${up[@]}"
check $? "slowdown: proxy started"
code=$(curl -s --max-time 5 -D "$tmp/slow1.hdr" -o "$tmp/slow1.body" -w '%{http_code}' \
	"http://127.0.0.1:$port/$prefix/big")
[ "$code" = 503 ] && grep -q '<Code>SlowDown</Code>' "$tmp/slow1.body" &&
	grep -q 'Please reduce your request rate.' "$tmp/slow1.body"
check $? "slowdown F=1: GET answered 503 with SlowDown in the body" "code $code"
grep -qi '^HTTP/1.1 503 Slow Down' "$tmp/slow1.hdr" &&
	grep -qi '^content-type: application/xml' "$tmp/slow1.hdr"
check $? "slowdown F=1: status line and Content-Type"
clen=$(tr -d '\r' <"$tmp/slow1.hdr" | awk -F': ' 'tolower($1) == "content-length" { print $2 }')
[ -n "$clen" ] && [ "$clen" -eq "$(stat -c %s "$tmp/slow1.body")" ]
check $? "slowdown F=1: Content-Length matches the body" "clen=$clen"
code=$(curl -s --max-time 5 -I -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/$prefix/big")
check $([ "$code" = 503 ]; echo $?) "slowdown F=1: HEAD answered 503 without a body (no hang)" "code $code"
# PUTs without Expect keep the connection (body read and discarded); with
# "Expect: 100-continue" the 503 comes at once with Connection: close.
out=$(curl -s --max-time 10 -H 'Expect:' -w '%{http_code} %{num_connects}\n' \
	-o /dev/null -T "$tmp/obj20k" "http://127.0.0.1:$port/$prefix/s1" \
	-o /dev/null -T "$tmp/obj20k" "http://127.0.0.1:$port/$prefix/s2" \
	-o /dev/null -T "$tmp/obj20k" "http://127.0.0.1:$port/$prefix/s3")
n503=$(grep -c '^503 ' <<<"$out")
nconn=$(awk '{ s += $2 } END { print s }' <<<"$out")
[ "$n503" -eq 3 ] && [ "$nconn" -eq 1 ]
check $? "slowdown F=1: 3 PUTs on one kept-alive connection all 503" "503s=$n503 connects=$nconn"
out=$(curl -s --max-time 10 -H 'Expect:' -H 'Transfer-Encoding: chunked' \
	-w '%{http_code} %{num_connects}\n' \
	-o /dev/null -T "$tmp/obj1m" "http://127.0.0.1:$port/$prefix/c1" \
	-o /dev/null -T "$tmp/obj1m" "http://127.0.0.1:$port/$prefix/c2")
n503=$(grep -c '^503 ' <<<"$out")
nconn=$(awk '{ s += $2 } END { print s }' <<<"$out")
[ "$n503" -eq 2 ] && [ "$nconn" -eq 1 ]
check $? "slowdown F=1: 2 chunked 1 MiB PUTs discarded, one connection" "503s=$n503 connects=$nconn"
code=$(curl -s --max-time 10 -D "$tmp/slow2.hdr" -o /dev/null -w '%{http_code}' \
	-H 'Expect: 100-continue' -T "$tmp/obj1m" "http://127.0.0.1:$port/$prefix/s4")
[ "$code" = 503 ] && grep -qi '^connection: close' "$tmp/slow2.hdr"
check $? "slowdown F=1: PUT 1 MiB with Expect: 100-continue gets 503 and Connection: close" "code $code"
code=$(curl -s --max-time 5 -o /dev/null -w '%{http_code}' "$endpoint/$prefix/s1")
check $([ "$code" = 404 ]; echo $?) "slowdown F=1: slowed PUT never reached the server" "direct GET $code"
stop_proxy
grep -q 'faultproxy: fault slowdown conn=1 req=1 "GET ' "$plog" &&
	grep -q 'faultproxy: exit: mode=slowdown connections=5 requests=8 faults=8' "$plog"
check $? "slowdown F=1: one log line per fault and counts at exit"

# --status and --code: another answer (the retry classes of tests/e2e/retries.sh)
start_proxy slow429 --mode slowdown --fraction 1 --status 429 "${up[@]}"
code=$(curl -s --max-time 5 -D "$tmp/s429.hdr" -o "$tmp/s429.body" -w '%{http_code}' \
	"http://127.0.0.1:$port/$prefix/big")
[ "$code" = 429 ] && grep -qi '^HTTP/1.1 429 Too Many Requests' "$tmp/s429.hdr" &&
	grep -q '<Code>TooManyRequests</Code>' "$tmp/s429.body"
check $? "slowdown --status 429: 429 Too Many Requests, code TooManyRequests" "code $code"
stop_proxy
start_proxy slow400 --mode slowdown --fraction 1 --status 400 --code RequestTimeout "${up[@]}"
code=$(curl -s --max-time 5 -o "$tmp/s400.body" -w '%{http_code}' "http://127.0.0.1:$port/$prefix/big")
[ "$code" = 400 ] && grep -q '<Code>RequestTimeout</Code>' "$tmp/s400.body"
check $? "slowdown --status 400 --code RequestTimeout: S3's RequestTimeout" "code $code"
stop_proxy
"$proxy_bin" --listen 127.0.0.1:0 --mode slowdown --upstream "$hostport" --status 200 \
	>/dev/null 2>"$tmp/s200.err"
[ $? -eq 2 ] && grep -q -- "--status wants 400..599, got '200'" "$tmp/s200.err"
check $? "slowdown --status 200 refused" "$(cat "$tmp/s200.err")"

# F=0.5 over 40 keep-alive requests on one connection, twice with seed 7, once with seed 8.
slow_seq() { # slow_seq SEED: print the status codes, one line
	start_proxy "slow-$1-$RANDOM" --mode slowdown --fraction 0.5 --seed "$1" "${up[@]}" || return 1
	local u=() i
	for i in $(seq 1 40); do u+=(-o /dev/null "http://127.0.0.1:$port/$prefix/small"); done
	curl -s --max-time 20 -w '%{http_code}:%{size_download}:%{num_connects}\n' "${u[@]}" |
		tr '\n' ' '
	stop_proxy
}
seq_a=$(slow_seq 7)
seq_b=$(slow_seq 7)
seq_c=$(slow_seq 8)
n503=$(grep -o '503:' <<<"$seq_a" | wc -l)
n200=$(grep -o '200:20000:' <<<"$seq_a" | wc -l)
nconn=$(tr ' ' '\n' <<<"$seq_a" | awk -F: 'NF == 3 { s += $3 } END { print s + 0 }')
[ "$n503" -ge 8 ] && [ "$n503" -le 32 ] && [ $((n503 + n200)) -eq 40 ]
check $? "slowdown F=0.5: 40 requests give a mix of 503 and intact 200" "503=$n503 200=$n200"
check $([ "$nconn" -eq 1 ]; echo $?) "slowdown F=0.5: all 40 on one connection" "connects=$nconn"
check $([ "$seq_a" = "$seq_b" ]; echo $?) "slowdown F=0.5: same seed, same sequence"
check $([ "$seq_a" != "$seq_c" ]; echo $?) "slowdown F=0.5: another seed, another sequence"

# ---- reset ----
start_proxy reset --mode reset --after-bytes 100000 "${up[@]}"
check $? "reset: proxy started"
got=$(curl -s --max-time 10 -o "$tmp/reset.body" -w '%{size_download}' \
	"http://127.0.0.1:$port/$prefix/big")
rc=$?
[ "$rc" -eq 56 ] || [ "$rc" -eq 18 ]
check $? "reset: curl fails with a receive error mid-body" "exit $rc"
[ "$got" -eq 100000 ]
check $? "reset: exactly --after-bytes body bytes arrived first" "got $got"
code=$(curl -s --max-time 5 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/$prefix/small")
check $([ "$code" = 200 ]; echo $?) "reset: a body shorter than --after-bytes passes" "code $code"
stop_proxy
grep -q 'faultproxy: fault reset conn=1' "$plog" &&
	grep -q 'exit: mode=reset connections=2 requests=2 faults=1' "$plog"
check $? "reset: fault logged and counted"

start_proxy reset0 --mode reset --fraction 0 --after-bytes 100 "${up[@]}"
urls=()
for i in $(seq 1 5); do
	urls+=(-o /dev/null "http://127.0.0.1:$port/$prefix/big" -o /dev/null "http://127.0.0.1:$port/$prefix/small")
done
# -I is global in curl: --next starts a HEAD and then a GET on the same connection.
w='%{http_code} %{size_download} %{num_connects}\n'
out=$(curl -s --max-time 20 -w "$w" "${urls[@]}" \
	--next -s --max-time 20 -w "$w" -o /dev/null -I "http://127.0.0.1:$port/$prefix/big" \
	--next -s --max-time 20 -w "$w" -o /dev/null "http://127.0.0.1:$port/$prefix/big")
nok=$(grep -cE '^200 (1048576|20000) ' <<<"$out")
nhead=$(grep -c '^200 0 ' <<<"$out")
nconn=$(awk '{ s += $3 } END { print s }' <<<"$out")
[ "$nok" -eq 11 ] && [ "$nhead" -eq 1 ] && [ "$nconn" -eq 1 ]
check $? "reset F=0: 10 GETs, a HEAD, a GET pass intact on one connection" \
	"ok=$nok head=$nhead connects=$nconn"
s=$(curl -sf --max-time 10 "http://127.0.0.1:$port/$prefix/big" | sha256sum | cut -d' ' -f1)
check $([ "$s" = "$sum1m" ]; echo $?) "reset F=0: 1 MiB body intact through the parser"
curl -sf -o /dev/null --max-time 10 -H 'Transfer-Encoding: chunked' -T "$tmp/obj1m" \
	"http://127.0.0.1:$port/$prefix/chunked" &&
	s=$(curl -sf --max-time 10 "$endpoint/$prefix/chunked" | sha256sum | cut -d' ' -f1) &&
	[ "$s" = "$sum1m" ]
check $? "reset F=0: chunked 1 MiB PUT arrives intact through the parser"
stop_proxy

# --direction request: the PUT body is cut, GET bodies pass.
start_proxy resetrq --mode reset --direction request --after-bytes 100000 "${up[@]}"
curl -s --max-time 10 -o /dev/null -T "$tmp/obj1m" "http://127.0.0.1:$port/$prefix/rq-reset"
rc=$?
check $([ "$rc" -eq 55 ] || [ "$rc" -eq 56 ]; echo $?) "reset --direction request: PUT fails (curl 55 or 56)" "exit $rc"
code=$(curl -s --max-time 5 -o /dev/null -w '%{http_code}' "$endpoint/$prefix/rq-reset")
check $([ "$code" = 404 ]; echo $?) "reset --direction request: no object on the server" "direct GET $code"
s=$(curl -sf --max-time 10 "http://127.0.0.1:$port/$prefix/big" | sha256sum | cut -d' ' -f1)
check $([ "$s" = "$sum1m" ]; echo $?) "reset --direction request: a GET body passes intact"
stop_proxy
grep -q 'faultproxy: fault reset (request body) conn=1 req=1' "$plog"
check $? "reset --direction request: fault logged"

# ---- stall ----
start_proxy stall --mode stall --after-bytes 100000 "${up[@]}"
check $? "stall: proxy started"
t0=$(date +%s%N)
got=$(curl -s --max-time 2 -o /dev/null -w '%{size_download}' "http://127.0.0.1:$port/$prefix/big")
rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
check $([ "$rc" -eq 28 ]; echo $?) "stall: curl --max-time 2 times out" "exit $rc after ${ms}ms"
check $([ "$got" -eq 100000 ]; echo $?) "stall: part of the body arrived first" "got $got"
stop_proxy
grep -q 'faultproxy: fault stall conn=1' "$plog"
check $? "stall: fault logged"

start_proxy stallrq --mode stall --direction request --after-bytes 100000 "${up[@]}"
curl -s --max-time 2 -o /dev/null -T "$tmp/obj1m" "http://127.0.0.1:$port/$prefix/rq-stall"
rc=$?
code=$(curl -s --max-time 5 -o /dev/null -w '%{http_code}' "$endpoint/$prefix/rq-stall")
check $([ "$rc" -eq 28 ] && [ "$code" = 404 ]; echo $?) \
	"stall --direction request: PUT times out, no object on the server" "exit $rc, direct GET $code"
stop_proxy

# ---- blackhole ----
start_proxy blackhole --mode blackhole
check $? "blackhole: proxy started (no upstream needed)"
got=$(curl -s --max-time 2 -o /dev/null -w '%{size_download}' -T "$tmp/obj20k" \
	"http://127.0.0.1:$port/$prefix/bh")
rc=$?
check $([ "$rc" -eq 28 ] && [ "$got" -eq 0 ]; echo $?) "blackhole: curl times out with nothing received" "exit $rc got $got"
stop_proxy

# ---- refuse and rst ----
start_proxy refuse --mode refuse
check $? "refuse: proxy started and wrote a port"
curl -s --max-time 5 -o /dev/null "http://127.0.0.1:$port/$prefix/big"
rc=$?
check $([ "$rc" -eq 7 ]; echo $?) "refuse: curl cannot connect (exit 7)" "exit $rc"
stop_proxy
start_proxy rst --mode rst
check $? "rst: proxy started"
curl -s --max-time 5 -o /dev/null "http://127.0.0.1:$port/$prefix/big"
rc=$?
check $([ "$rc" -eq 56 ]; echo $?) "rst: connection reset after the request (curl 56)" "exit $rc"
stop_proxy

# ---- pause (a server stall: the whole proxy freezes) ----
start_proxy pause --mode pause --pause-ms 600 --every-ms 1500 "${up[@]}"
check $? "pause: proxy started"
# GETs 0.2 s apart for about 2.5 s: those sent in the first freeze (1.5..2.1 s after the
# start) wait for its end, the others pass at once
times=""
for i in $(seq 1 12); do
	times+="$(curl -s -o /dev/null --max-time 5 -w '%{http_code}:%{time_total} ' \
		"http://127.0.0.1:$port/$prefix/small")"
	sleep 0.2
done
slow=$(tr ' ' '\n' <<<"$times" | awk -F: '$1 == 200 && $2 >= 0.3 { n++ } END { print n + 0 }')
fast=$(tr ' ' '\n' <<<"$times" | awk -F: '$1 == 200 && $2 < 0.1 { n++ } END { print n + 0 }')
[ "$slow" -ge 1 ] && [ "$fast" -ge 6 ]
check $? "pause: a GET in the freeze waits for it, the others do not" "$times"
stop_proxy
grep -q 'faultproxy: fault pause 600 ms at +1[56][0-9][0-9] ms' "$plog"
check $? "pause: the freeze is logged"
"$proxy_bin" --listen 127.0.0.1:0 --mode pause --pause-ms 0 --every-ms 5 --upstream "$hostport" \
	>/dev/null 2>&1
rc=$?
check $([ "$rc" -eq 2 ]; echo $?) "pause without --pause-ms: usage error, exit 2" "exit $rc"

# ---- life cycle and usage ----
"$proxy_bin" --listen 127.0.0.1:0 --mode blackhole --max-seconds 1 >/dev/null 2>"$tmp/max.log" &
mpid=$!
pids+=($mpid)
t0=$SECONDS
for _ in $(seq 1 50); do
	kill -0 "$mpid" 2>/dev/null || break
	sleep 0.1
done
kill -0 "$mpid" 2>/dev/null
check $([ $? -ne 0 ]; echo $?) "--max-seconds 1: exits by itself" "after $((SECONDS - t0))s"
"$proxy_bin" --listen 127.0.0.1:0 --mode sideways >/dev/null 2>&1
rc=$?
check $([ "$rc" -eq 2 ]; echo $?) "unknown mode: usage error, exit 2" "exit $rc"
"$proxy_bin" --listen 127.0.0.1:0 --mode slowdown --fraction 1.5 --upstream "$hostport" >/dev/null 2>&1
rc=$?
check $([ "$rc" -eq 2 ]; echo $?) "fraction out of range: exit 2" "exit $rc"

# Every proxy stopped by SIGTERM exited 0 with its counts line, and (sanitized builds)
# reported no error.
bad_rc=$(grep -L '^0$' "$tmp"/*.rc | wc -l)
n_rc=$(ls "$tmp"/*.rc | wc -l)
no_exit=$(grep -L 'faultproxy: exit: mode=' "$tmp"/*.log | wc -l)
san=$(cat "$tmp"/*.log | grep -cE 'Sanitizer|runtime error')
[ "$n_rc" -ge 10 ] && [ "$bad_rc" -eq 0 ] && [ "$no_exit" -eq 0 ] && [ "$san" -eq 0 ]
check $? "all $n_rc proxies exited 0 on SIGTERM with counts, no sanitizer report" \
	"bad exit=$bad_rc no counts=$no_exit sanitizer lines=$san"

curl -s -o /dev/null --max-time 5 -X DELETE "$endpoint/$prefix/" 2>/dev/null
finish
