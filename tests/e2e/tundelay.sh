#!/usr/bin/env bash
# tests/e2e/tundelay.sh: build/tests/tundelay (tests/tools/tundelay.c, a packet-level delay
# between two network namespaces over TUN devices) measured against what it promises. Needs
# root, ip and ping (iputils-ping); skipped without them. Built here, removed at exit:
# namespaces tdl-a (198.19.231.1 on TUN tdl-a0) and tdl-b (198.19.231.2 on tdl-b0), each
# with a /32 route to the other through its TUN device.
#   1. D = 0: ping -c 10 from tdl-a to tdl-b, every reply back, the median round trip (the
#      path's own: two TUN devices and the forwarder) under 1 ms;
#   2. D = 25 ms each way: ping -c 5, the median round trip less the path's own within 5 %
#      or 0.2 ms (whichever is larger) of 2 D, every reply back (as tests/e2e/wanem.sh
#      checks wanem: the delay added, against the path without it);
#   3. D = 2 ms: the same with ping -c 10 against 4 ms;
#   4. in the foreground it says when the devices exist and exits 0 on SIGTERM; with
#      --pid-file it returns once they exist, and SIGTERM ends it with its counts line,
#      the devices gone.
# The round trips of 2. and 3. are timing checks (tests/e2e/lib.sh timed_check): tundelay and
# ping run at real-time priority, and a miss fails unless the load measured during the pings
# exceeded twice the cores (then a SKIP naming it).
# About 5 s. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/lib.sh"
tundelay=${TUNDELAY:-$top/build/tests/tundelay}
na=tdl-a nb=tdl-b da=tdl-a0 db=tdl-b0 net=198.19.231
tpid=""
stop_tundelay() {
	local _
	[ -n "$tpid" ] || return 0
	kill "$tpid" 2>/dev/null
	for _ in $(seq 50); do alive "$tpid" || break; sleep 0.02; done
	tpid=""
}
cleanup() {
	stop_tundelay
	ip netns del "$na" 2>/dev/null
	ip netns del "$nb" 2>/dev/null
}
at_exit cleanup

if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null || ! command -v ping >/dev/null ||
	[ ! -c /dev/net/tun ]; then
	skip 8 "needs root, ip, ping and /dev/net/tun"
	finish
fi
[ -x "$tundelay" ] || { bad "tundelay missing: make tests"; finish; }
cleanup
ip netns add "$na" && ip netns add "$nb"
check $? "namespaces $na and $nb"

# alive PID: the process runs (a zombie no longer does: a detached tundelay is init's to
# reap, and init here may be slow to)
alive() { [ -r "/proc/$1/stat" ] && ! awk '{ exit !($3 == "Z") }' "/proc/$1/stat" 2>/dev/null; }
# start D [fg]: tundelay with D ms each way, detached with --pid-file (or in the background
# of this shell with fg, ready once it says so), the devices addressed and up; 0 when it is
start() {
	local _
	rm -f "$tmp/pid" "$tmp/ready"
	if [ "${2:-}" = fg ]; then
		"${rt[@]}" "$tundelay" --ns-a "$na" --ns-b "$nb" --dev-a "$da" --dev-b "$db" --delay "$1" \
			--max-seconds 60 >"$tmp/ready" 2>>"$tmp/tundelay.log" &
		tpid=$!
		for _ in $(seq 100); do [ -s "$tmp/ready" ] && break; sleep 0.02; done
		grep -q '^tundelay: ready' "$tmp/ready" || return 1
	else
		"${rt[@]}" "$tundelay" --ns-a "$na" --ns-b "$nb" --dev-a "$da" --dev-b "$db" --delay "$1" \
			--pid-file "$tmp/pid" --max-seconds 60 >"$tmp/ready" 2>>"$tmp/tundelay.log" ||
			return 1
		tpid=$(cat "$tmp/pid")
	fi
	ip -n "$na" addr add "$net.1/32" dev "$da" && ip -n "$na" link set "$da" mtu 1500 up &&
		ip -n "$na" route add "$net.2/32" dev "$da" &&
		ip -n "$nb" addr add "$net.2/32" dev "$db" && ip -n "$nb" link set "$db" mtu 1500 up &&
		ip -n "$nb" route add "$net.1/32" dev "$db"
}
# rtt N: ping -c N across (0.1 s apart); "MEDIAN MIN MAX" of the round trips in ms, empty
# unless all N replies came back
rtt() {
	ip netns exec "$na" "${rt[@]}" ping -c "$1" -i 0.1 -W 2 -n "$net.2" 2>&1 |
		sed -n 's/.* time=\([0-9.]*\) ms$/\1/p' | sort -n |
		awk -v n="$1" '{ v[NR] = $1 } END { if (NR == n) printf "%.3f %.3f %.3f\n", v[int((NR + 1) / 2)], v[1], v[NR] }'
}
# delay_check D N BASE: ping -c N's median minus BASE (the path's own round trip, D = 0)
# within 5 % or 0.2 ms (whichever is larger) of 2 D
delay_check() {
	local got st min max
	timing_begin
	got=$(rtt "$2")
	read -r _ min max <<<"$got"
	[ -n "$got" ] && awk -v g="${got%% *}" -v b="$3" -v w="$((2 * $1))" \
		'BEGIN { t = w * 0.05; if (t < 0.2) t = 0.2; d = g - b - w; if (d < 0) d = -d; exit !(d <= t) }'
	st=$?
	timed_check $st "D = $1 ms each way: ping -c $2's median round trip ${got%% *} ms (min ${min:-}, max ${max:-}) less the path's own $3 ms, want $((2 * $1)) ms +- max(5 %, 0.2 ms)"
}

start 0 fg
check $? "tundelay in the foreground: ready ($(cat "$tmp/ready"))"
base=$(rtt 10)
base=${base%% *}
[ -n "$base" ] && awk -v b="$base" 'BEGIN { exit !(b < 1) }'
check $? "D = 0: every ping back, the path's own round trip under 1 ms (${base:-none} ms)"
kill "$tpid"
wait "$tpid"
check $? "SIGTERM in the foreground: exit 0"
tpid=""

start 25
check $? "tundelay --pid-file returns with $da in $na and $db in $nb ($(cat "$tmp/ready"))"
delay_check 25 5 "${base:-0}"
p=$tpid
stop_tundelay
! alive "$p" && grep -q '^tundelay: exit: a->b forwarded [1-9]' "$tmp/tundelay.log" &&
	! ip -n "$na" link show "$da" >/dev/null 2>&1 && ! ip -n "$nb" link show "$db" >/dev/null 2>&1
check $? "SIGTERM: exits with its counts, the devices gone ($(tail -n 1 "$tmp/tundelay.log"))"

start 2 fg && delay_check 2 10 "${base:-0}"
finish
