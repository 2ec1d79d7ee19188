#!/usr/bin/env bash
# tests/e2e/climit_lab.sh: the client-limit verdict and the request phases against a
# remote-looking endpoint. Needs root (network namespaces, a veth pair, tbf, TUN
# devices), the lab's delay proxy wanem (WANEM, else build/tests/wanem) and the packet-level
# delay tundelay (TUNDELAY, else build/tests/tundelay); skipped without them. Built here,
# removed at exit:
#   namespace climit-c (the client host, 198.19.222.2) --veth-- root namespace (198.19.222.1),
#   where wanem instances listen and forward, each way delayed by D ms, to a TLS nginx on
#   loopback in front of the WebDAV nginx: TLS 1.3 and TLS 1.2 fronts that resume sessions
#   and two that refuse to (no session cache, no tickets), all with keepalive_requests 20
#   so connections come and go. (The collector's prepare phase makes the first handshake,
#   so against a resuming front every benchmark connection is resumed.)
#   And namespace climit-s (the server host, 198.19.230.2 on TUN climit-tb), reached from
#   climit-c (198.19.230.1 on TUN climit-ta) through tundelay, D ms each way on every packet,
#   with an nginx of its own: WebDAV over plain HTTP (port 80) and over TLS 1.3 without
#   resumption (443), keepalive_requests 10.
# Checks:
#   - two CPU burners during a 4 KiB GET run from the namespace (no client_shares_cpu):
#     limited, reason cpu (the endpoint is not local to the client's namespace);
#   - the same run without burners at a low fixed rate: not limited while the run's CPU busy
#     share (client_limit.figures.cpu_busy_pct) is below 90 %, limited by cpu alone at or
#     above it (other work, the rest of a test run or other users, may keep the machine
#     busy: then cpu is the right verdict), judged either way;
#   - tbf caps the client's NIC at 40 Mbit/s, --client-nic 40Mbit: a 1 MiB GET run is
#     limited, reason nic;
#   - through D = 25 ms each way (RTT 50 ms) over TLS: against the refusing fronts every
#     connection's handshake is full, its median within 10 % of 1 RTT (TLS 1.3) and of
#     2 RTT (TLS 1.2); against the resuming TLS 1.3 front every one is resumed, within 10 %
#     of 1 RTT; wait's median within
#     10 % of the server's own wait (measured without the delay) + 1 RTT; the reused share is
#     1 - opened / requests. (wanem, a user-space TCP proxy, accepts the TCP connection
#     itself, and these kernels have no netem: connect and TCP_INFO are checked through
#     tundelay instead, next.)
#   - through tundelay, D = 25 ms each way, from climit-c to climit-s's nginx, 4 KiB GETs at
#     concurrency 2 for 5 s: over plain HTTP every new connection plain, their median connect
#     (the ops log's connect_us, conn 1) and the run's rtt_ms (TCP_INFO) within 10 % of 1 RTT;
#     over TLS 1.3 without resumption every new connection a full handshake (conn 2), their
#     median connect and the run's rtt_ms within 10 % of 1 RTT, their median tls_us within
#     10 % of the handshake's own time (the same run from inside climit-s, no delay: both
#     ends' CPU, 2-5 ms on a loaded machine) + 1 RTT (about 16 s).
# The TLS and tundelay blocks are timing checks (tests/e2e/lib.sh timed_check): their collector
# runs, wanem, tundelay and the nginx fronts go at real-time priority ("${rt[@]}"), and a miss
# fails unless the load measured during the block's runs exceeded twice the cores (then a SKIP
# naming it). Two runs of this test at once would share its namespace and address names: the
# second waits for the first (a lock on /run/lock/s3bench-climit_lab.lock).
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
wanem=${WANEM:-$top/build/tests/wanem}
tundelay=${TUNDELAY:-$top/build/tests/tundelay}
ns=climit-c v0=climit-v0 v1=climit-v1 net=198.19.222
sns=climit-s ta=climit-ta tb=climit-tb tnet=198.19.230
D=25
pids=() tls_dir="" srv_dir=""
cleanup() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
	[ -n "$tls_dir" ] && [ -f "$tls_dir/nginx.pid" ] && kill "$(cat "$tls_dir/nginx.pid")" 2>/dev/null
	[ -n "$srv_dir" ] && [ -f "$srv_dir/nginx.pid" ] && kill "$(cat "$srv_dir/nginx.pid")" 2>/dev/null
	ip link del "$v0" 2>/dev/null
	ip netns del "$ns" 2>/dev/null
	ip netns del "$sns" 2>/dev/null
}
at_exit cleanup

if [ "$(id -u)" != 0 ] || [ ! -x "$wanem" ] || ! command -v ip >/dev/null; then
	skip 11 "needs root, ip and wanem ($wanem)"
	finish
fi
exec {lockfd}>/run/lock/s3bench-climit_lab.lock
flock -w 600 "$lockfd" || { bad "another climit_lab.sh held its lock for 10 minutes"; finish; }
ip link del "$v0" 2>/dev/null
ip netns del "$ns" 2>/dev/null
ip netns del "$sns" 2>/dev/null
ip netns add "$ns" && ip link add "$v0" type veth peer name "$v1" &&
	ip link set "$v1" netns "$ns" && ip addr add "$net.1/30" dev "$v0" && ip link set "$v0" up &&
	ip -n "$ns" addr add "$net.2/30" dev "$v1" && ip -n "$ns" link set "$v1" up &&
	ip -n "$ns" link set lo up
check $? "the client namespace and its veth"

use_nginx
endpoint=$NGINX_S3_ENDPOINT
hp=${endpoint#http://}
hp=${hp%/}
export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1
bucket="climitlab-$$"
curl -s -o /dev/null -X MKCOL "$endpoint/$bucket/"

# the TLS front: TLS 1.3 on port p13, TLS 1.2 on p12, both proxying to the WebDAV nginx
tls_dir=$tmp/tls
mkdir -p "$tls_dir/tmp"
openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=climit.lab -days 1 \
	-keyout "$tls_dir/key.pem" -out "$tls_dir/cert.pem" >/dev/null 2>&1
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
p13=$(free_port) p13n=$(free_port) p12n=$(free_port)
server() { # PORT PROTOCOL resume|full
	local cache="ssl_session_cache shared:S$1:1m;"
	[ "$3" = full ] && cache="ssl_session_cache off; ssl_session_tickets off;"

	cat <<CONF
	server {
		listen 127.0.0.1:$1 ssl;
		ssl_certificate $tls_dir/cert.pem;
		ssl_certificate_key $tls_dir/key.pem;
		ssl_protocols $2;
		$cache
		keepalive_requests 20;
		location / {
			proxy_pass http://$hp;
			proxy_http_version 1.1;
			proxy_set_header Connection "";
			proxy_set_header Host \$host;
		}
	}
CONF
}
# conf_head DIR: an nginx configuration's start, up to inside http {, everything under DIR
conf_head() {
	cat <<CONF
user root;
daemon on;
worker_processes 1;
pid $1/nginx.pid;
error_log $1/error.log warn;
events { worker_connections 1024; }
http {
	access_log off;
	client_body_temp_path $1/tmp;
	proxy_temp_path $1/tmp;
	fastcgi_temp_path $1/tmp;
	uwsgi_temp_path $1/tmp;
	scgi_temp_path $1/tmp;
CONF
}
cat >"$tls_dir/nginx.conf" <<CONF
$(conf_head "$tls_dir")
	upstream back { server $hp; keepalive 16; }
$(server "$p13" TLSv1.3 resume)
$(server "$p13n" TLSv1.3 full)
$(server "$p12n" TLSv1.2 full)
}
CONF
"${rt[@]}" nginx -c "$tls_dir/nginx.conf" -p "$tls_dir" >"$tmp/tls-nginx.out" 2>&1
check $? "the TLS front starts ($(tail -n 1 "$tmp/tls-nginx.out"))"
proto() { openssl s_client -connect "127.0.0.1:$1" </dev/null 2>/dev/null | sed -n 's/^ *Protocol *: *//p; s/^New, \(TLSv[0-9.]*\),.*/\1/p' | head -n 1; }
got="$(proto "$p13") $(proto "$p12n")"
[ "$got" = "TLSv1.3 TLSv1.2" ]
check $? "the fronts speak TLS 1.3 and TLS 1.2 ($got)"

# wanem ports: w0 plain HTTP, no delay; w13 / w13n / w12n TLS, D each way; wd plain, D each
# way; wt TLS, no delay
start_wanem() { # PORT UPSTREAM DELAY
	"${rt[@]}" "$wanem" --listen "$net.1:$1" --upstream "$2" --delay "$3" >"$tmp/wanem-$1.log" 2>&1 &
	pids+=($!)
}
w0=18401 w13=18402 w12n=18403 wd=18404 wt=18405 w13n=18406
start_wanem $w0 "$hp" 0
start_wanem $wd "$hp" $D
start_wanem $w13 "127.0.0.1:$p13" $D
start_wanem $w13n "127.0.0.1:$p13n" $D
start_wanem $w12n "127.0.0.1:$p12n" $D
start_wanem $wt "127.0.0.1:$p13" 0
sleep 0.5

# nrun TAG URL ARGS...: collect run inside the client namespace (at real-time priority, all
# its threads, while nrun_pre is "${rt[@]}": the timing checks' runs)
nrun_pre=()
nrun() {
	local tag=$1 url=$2
	shift 2
	ip netns exec "$ns" "${nrun_pre[@]}" "$collect" run --endpoint "$url" --bucket "$bucket" --path-style "$@" \
		-o "$tmp/$tag" >"$tmp/$tag.out" 2>&1
}
py() { python3 -c "import json,sys; d=json.load(open(sys.argv[1]+'/run.json')); s=d.get('summary') or {}; p=s.get('request_phases') or {}; print($2)" "$1"; }

burners=()
for i in 1 2; do (while :; do :; done) & burners+=($!); done
nrun burn "http://$net.1:$w0" --op get --size 4KiB --concurrency 4 --duration 6s
for p in "${burners[@]}"; do kill "$p"; wait "$p" 2>/dev/null; done
got=$(py "$tmp/burn" "d['client']['endpoint_local'], d['client']['shares_cpu'], d['client_limit']['reasons'], d['client']['nic']['name']")
[ "$got" = "False False ['cpu'] $v1" ]
check $? "burners, remote-looking endpoint: limited, cpu ($got)"

# the verdict follows the machine's CPU: other work (the rest of a test run, other users) may
# keep it busy, and then "cpu" is the right verdict, not a reason to skip
nrun calm "http://$net.1:$w0" --op get --size 4KiB --concurrency 4 --rate 20/s --duration 6s
got=$(py "$tmp/calm" "d['client_limit']['limited'], ','.join(d['client_limit']['reasons']) or '-', round(d['client_limit']['figures']['cpu_busy_pct'], 1), round(d['client']['window']['kept']['other_cpu_pct'] if d['client']['window']['kept'] else -1)")
read -r _ _ busy _ <<<"$got"
case "$got" in
"False - "*) awk -v b="$busy" 'BEGIN { exit !(b < 90) }' ;;
"True cpu "*) awk -v b="$busy" 'BEGIN { exit !(b >= 90) }' ;;
*) false ;;
esac
check $? "a low fixed rate without burners: not limited below 90 % CPU busy, limited by cpu at or above (limited, reasons, CPU %, others' %: $got)"

tc qdisc add dev "$v0" root tbf rate 40mbit burst 64kb latency 200ms &&
	ip netns exec "$ns" tc qdisc add dev "$v1" root tbf rate 40mbit burst 64kb latency 200ms
check $? "tbf caps the client's NIC at 40 Mbit/s both ways"
nrun nic "http://$net.1:$w0" --op get --size 1MiB --concurrency 4 --duration 8s --client-nic 40Mbit
got=$(py "$tmp/nic" "'nic' in d['client_limit']['reasons'], round(d['client_limit']['figures']['nic_pct'])")
case "$got" in "True "*) ok "tbf 40 Mbit/s and --client-nic 40Mbit: limited, nic ($got %)" ;; *) bad "nic: $got" ;; esac
tc qdisc del dev "$v0" root 2>/dev/null
ip netns exec "$ns" tc qdisc del dev "$v1" root 2>/dev/null

# through the delay: RTT = 2 D
rtt=$((2 * D))
nrun_pre=("${rt[@]}")
timing_begin
nrun srv "https://$net.1:$wt" --insecure --op get --size 4KiB --concurrency 2 --duration 6s
nrun t13 "https://$net.1:$w13" --insecure --op get --size 4KiB --concurrency 2 --duration 6s
nrun t13n "https://$net.1:$w13n" --insecure --op get --size 4KiB --concurrency 2 --duration 5s
nrun t12n "https://$net.1:$w12n" --insecure --op get --size 4KiB --concurrency 2 --duration 5s
python3 - "$tmp" "$rtt" >"$tmp/tls.out" 2>&1 <<'PY'
import json, statistics, subprocess, sys
tmp, rtt = sys.argv[1], float(sys.argv[2])
def rows(tag):
    out = subprocess.run(["zstdcat", f"{tmp}/{tag}/ops.tsv.zst"], capture_output=True, text=True).stdout.splitlines()
    h = out[0].split("\t")
    return [dict(zip(h, l.split("\t"))) for l in out[1:] if not l.startswith("#")]
def med(tag, col, conn):
    v = [int(r[col]) / 1000 for r in rows(tag) if r["conn"] == conn and r["error"] == ""]
    return (statistics.median(v), len(v)) if v else (float("nan"), 0)
res = []
def within(name, got, want):
    ok = abs(got - want) <= 0.1 * want
    res.append(ok)
    print(f"{'ok' if ok else 'BAD'} {name}: {got:.1f} ms, want {want:.1f} ms +- 10 %")
def only(tag, conn):
    # every connection of the run had the handshake its front allows
    kinds = {r["conn"] for r in rows(tag) if r["error"] == "" and r["conn"] in ("1", "2", "3")}
    ok = kinds == {conn}
    res.append(ok)
    print(f"{'ok' if ok else 'BAD'} {tag}: the connections' kinds {sorted(kinds)}, want ['{conn}']")
only("t13n", "2")
only("t12n", "2")
only("t13", "3")
full13, n13 = med("t13n", "tls_us", "2")
full12, n12 = med("t12n", "tls_us", "2")
res13, r13 = med("t13", "tls_us", "3")
within(f"TLS 1.3 full handshake (n={n13})", full13, rtt)
within(f"TLS 1.2 full handshake (n={n12})", full12, 2 * rtt)
within(f"TLS 1.3 resumed handshake (n={r13})", res13, rtt)
s = json.load(open(f"{tmp}/srv/run.json"))["summary"]["request_phases"]["wait"]["latency_ms"]["p50"]
w = json.load(open(f"{tmp}/t13/run.json"))["summary"]
within("wait = the server's own wait + 1 RTT", w["request_phases"]["wait"]["latency_ms"]["p50"], s + rtt)
c = w["connections"]
ok = abs(c["reused_share"] - (1 - c["opened"] / c["requests"])) < 1e-12 and c["opened"] > 2 and c["tls_full"] + c["tls_resumed"] == c["opened"]
res.append(ok)
print(f"{'ok' if ok else 'BAD'} connections: {c}")
sys.exit(0 if all(res) else 1)
PY
st=$?
while read -r line; do echo "     $line"; done <"$tmp/tls.out"
timed_check $st "through $D ms each way over TLS: handshakes, wait, reused share"

# Through tundelay: a packet-level delay the kernel's TCP pays (its SYN, its round-trip
# estimate), so connect and TCP_INFO are checked here. A second namespace, the server's, holds
# its own nginx (WebDAV, plain on port 80 and TLS 1.3 without resumption on 443, keepalive_requests
# 10 so that connections come and go), reached from the client's namespace through tundelay.
tunnel_checks() {
	local code st line _
	ip netns add "$sns" && ip -n "$sns" link set lo up || return 1
	"${rt[@]}" "$tundelay" --ns-a "$ns" --ns-b "$sns" --dev-a "$ta" --dev-b "$tb" --delay "$D" \
		--max-seconds 300 >"$tmp/tundelay.ready" 2>"$tmp/tundelay.log" &
	pids+=($!)
	for _ in $(seq 100); do [ -s "$tmp/tundelay.ready" ] && break; sleep 0.02; done
	grep -q '^tundelay: ready' "$tmp/tundelay.ready" &&
		ip -n "$ns" addr add "$tnet.1/32" dev "$ta" && ip -n "$ns" link set "$ta" mtu 1500 up &&
		ip -n "$ns" route add "$tnet.2/32" dev "$ta" &&
		ip -n "$sns" addr add "$tnet.2/32" dev "$tb" && ip -n "$sns" link set "$tb" mtu 1500 up &&
		ip -n "$sns" route add "$tnet.1/32" dev "$tb"
	check $? "tundelay between $ns and $sns, $D ms each way ($(cat "$tmp/tundelay.ready" "$tmp/tundelay.log"))"
	srv_dir=$tmp/srv-ns
	mkdir -p "$srv_dir/data" "$srv_dir/tmp"
	cat >"$srv_dir/nginx.conf" <<CONF
$(conf_head "$srv_dir")
	client_max_body_size 0;
	keepalive_requests 10;
	root $srv_dir/data;
	dav_methods PUT DELETE MKCOL;
	create_full_put_path on;
	server { listen $tnet.2:80; }
	server {
		listen $tnet.2:443 ssl;
		ssl_certificate $tls_dir/cert.pem;
		ssl_certificate_key $tls_dir/key.pem;
		ssl_protocols TLSv1.3;
		ssl_session_cache off;
		ssl_session_tickets off;
	}
}
CONF
	ip netns exec "$sns" "${rt[@]}" nginx -c "$srv_dir/nginx.conf" -p "$srv_dir" >"$tmp/srv-ns.out" 2>&1 &&
		code=$(ip netns exec "$ns" curl -s -o /dev/null -w '%{http_code}' --max-time 5 \
			-X MKCOL "http://$tnet.2/$bucket/") && [ "$code" = 201 ]
	check $? "nginx in $sns answers from $ns through tundelay (MKCOL: ${code:-none}; $(tail -n 1 "$tmp/srv-ns.out"))"

	timing_begin
	nrun dp "http://$tnet.2" --op get --size 4KiB --concurrency 2 --duration 5s --objects 8
	nrun dt "https://$tnet.2" --insecure --op get --size 4KiB --concurrency 2 --duration 5s \
		--objects 8
	# the handshake's own time (both ends' CPU, no delay): the same run from inside climit-s
	ip netns exec "$sns" "${rt[@]}" "$collect" run --endpoint "https://$tnet.2" --bucket "$bucket" \
		--path-style --insecure --op get --size 4KiB --concurrency 2 --duration 2s --objects 8 \
		-o "$tmp/dtl" >"$tmp/dtl.out" 2>&1
	python3 - "$tmp" "$rtt" >"$tmp/tun.out" 2>&1 <<'PY'
import json, statistics, subprocess, sys
tmp, rtt = sys.argv[1], float(sys.argv[2])
res = []
def rows(tag):
    out = subprocess.run(["zstdcat", f"{tmp}/{tag}/ops.tsv.zst"], capture_output=True, text=True).stdout.splitlines()
    h = out[0].split("\t")
    return [dict(zip(h, l.split("\t"))) for l in out[1:] if not l.startswith("#")]
def within(name, got, want):
    ok = abs(got - want) <= 0.1 * want
    res.append(ok)
    print(f"{'ok' if ok else 'BAD'} {name}: {got:.1f} ms, want {want:.1f} ms +- 10 %")
for tag, conn, what in (("dp", "1", "plain HTTP"), ("dt", "2", "TLS 1.3, no resumption")):
    rs = [r for r in rows(tag) if r["error"] == ""]
    new = [r for r in rs if r["conn"] not in ("", "0")]
    kinds = sorted({r["conn"] for r in new})
    ok = kinds == [conn] and len(new) >= 6
    res.append(ok)
    print(f"{'ok' if ok else 'BAD'} {what}: {len(new)} new connections of {len(rs)} requests, kinds {kinds}, want ['{conn}']")
    if not new:
        continue
    within(f"{what}: median connect (n={len(new)})", statistics.median(int(r["connect_us"]) / 1000 for r in new), rtt)
    if conn == "2":
        own = [int(r["tls_us"]) / 1000 for r in rows("dtl") if r["error"] == "" and r["conn"] == "2"]
        own = statistics.median(own) if own else float("nan")
        within(f"{what}: median full TLS 1.3 handshake (n={len(new)}; its own time without the delay {own:.1f} ms)",
               statistics.median(int(r["tls_us"]) / 1000 for r in new), own + rtt)
    p = json.load(open(f"{tmp}/{tag}/run.json"))["summary"]["request_phases"]
    ok = p["rtt_source"] == "tcp_info"
    res.append(ok)
    print(f"{'ok' if ok else 'BAD'} {what}: rtt_source {p['rtt_source']}, {p['rtt_samples']} samples")
    within(f"{what}: rtt_ms (TCP_INFO)", p["rtt_ms"] if p["rtt_ms"] is not None else float("nan"), rtt)
sys.exit(0 if all(res) else 1)
PY
	st=$?
	while read -r line; do echo "     $line"; done <"$tmp/tun.out"
	timed_check $st "through tundelay, $D ms each way: connect and TCP_INFO's round trip within 10 % of 1 RTT, the full TLS 1.3 handshake within 10 % of its own time + 1 RTT"
	ip netns exec "$ns" curl -s -o /dev/null --max-time 5 -X DELETE "http://$tnet.2/$bucket/"
}
if [ ! -x "$tundelay" ] || [ ! -c /dev/net/tun ]; then
	skip 3 "through tundelay: needs $tundelay (make tests) and /dev/net/tun"
else
	tunnel_checks
fi
[ -n "${CLIMIT_KEEP:-}" ] && cp -r "$tmp" "$CLIMIT_KEEP"

curl -s -o /dev/null -X DELETE "$endpoint/$bucket/"
finish
