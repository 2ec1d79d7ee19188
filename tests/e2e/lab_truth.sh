#!/usr/bin/env bash
# tests/e2e/lab_truth.sh: the reduced lab (tests/lab, docs/LAB.md) against its known truth.
# As root only (network namespaces); a lab of its own (LAB_NAME s3lt on 198.18.1.0/24), so a
# `make lab` may run beside it; RGW: tests/run's (RGW_*), else a private one.
#   1. tests/lab/up: every provider's certificate verifies with the lab CA for its name and
#      a virtual-hosted name under it; the TLS handshake to far (RTT 80 ms) pays at least one
#      round trip; each client host has its own hostname (through tests/lab/agent), address
#      and tbf-capped NIC;
#   2. tests/lab/run over that lab: it takes the earlier lab down first; SIGTERM while it
#      collects: every namespace, link, /etc/netns entry, state file and process is gone;
#   3. tests/lab/run reduced (4 providers x GET 256 KiB and 8 MiB at 1 worker, 3 cycles of
#      2-s runs, the collector told its 300 Mbit/s NIC; a 4-rate sweep; one 3-client run under
#      mpirun), then tests/lab/lab.py truth on its aggregate.json, run.json files and load.tsv:
#      each check one line (docs/LAB.md "The truth"): the figures against the truth, the
#      leaders (the provider 25 % ahead by the truth the clear leader, one 25 % behind never
#      the leader), the NIC-bound cells marked nic, each sweep's knee within one step. Its
#      timing checks print TIMING lines and are skipped only when the load measured during
#      their own runs exceeded twice the cores (docs/LAB.md "Timing checks").
# Two runs of this test at once would build the same lab: the second waits for the first (a
# lock on /run/lock/s3bench-lab_truth.lock). About 3 minutes. Prints "N passed, N failed";
# exit 1 on failure.
. "$(dirname "$0")/lib.sh"
if [ "$(id -u)" != 0 ]; then
	skip 1 "the lab needs root (network namespaces): not root"
	finish
fi
export LAB_NAME=s3lt LAB_NET=198.18.1
# two runs of this test at once would build the same lab: the second waits for the first
exec {lockfd}>/run/lock/s3bench-lab_truth.lock
flock -w 900 "$lockfd" || { bad "another lab_truth.sh held its lock for 15 minutes"; finish; }
for b in collect collect-mpi analyze render; do
	[ -x "$top/bin/$b" ] || { bad "bin/$b missing: make"; finish; }
done
[ -x "$top/build/tests/wanem" ] || { bad "build/tests/wanem missing: make tests"; finish; }
use_rgw
export RGW_S3_ENDPOINT RGW_AWS_ACCESS_KEY_ID RGW_AWS_SECRET_ACCESS_KEY
at_exit "\"\$top/tests/lab/down\" >/dev/null 2>&1"

# gone: nothing of the lab s3lt is left (namespaces, links, /etc/netns, state, processes)
gone() {
	local left=""
	ip netns list | grep -q '^s3lt-' && left="$left netns"
	ip -o link show | grep -q ': s3lt-' && left="$left links"
	ls -d /etc/netns/s3lt-* >/dev/null 2>&1 && left="$left /etc/netns"
	[ -e /run/s3lt ] && left="$left /run/s3lt"
	grep -lsa -e '[-]-listen-netns.s3lt-\|/run/[s]3lt/' /proc/[0-9]*/cmdline >/dev/null 2>&1 && left="$left processes"
	echo "${left:-nothing}"
}

# ---- 1. the lab itself ----
eval "$("$top/tests/lab/up" 2>"$tmp/up.log")" || { bad "tests/lab/up: $(tail -n 5 "$tmp/up.log")"; finish; }
ok "tests/lab/up: the lab is up ($(tail -n 1 "$tmp/up.log"))"
agent=$top/tests/lab/agent
v=$("$agent" s3lt-c1 curl -sS --cacert "$LAB_CA" -o /dev/null -w "'%{http_code} %{time_connect} %{time_appconnect}'" \
	https://far.lab/ 2>&1)
read -r code tc ta <<<"$v"
awk -v c="$tc" -v a="$ta" 'BEGIN { exit !(a - c >= 0.080 && a - c < 0.5) }' &&
	{ [ "$code" = 403 ] || [ "$code" = 200 ]; }
check $? "https://far.lab/ from s3lt-c1 verifies with the lab CA (HTTP $code); TLS handshake $(awk -v c="$tc" -v a="$ta" 'BEGIN { printf "%.1f", (a - c) * 1000 }') ms >= one 80 ms round trip"
"$agent" s3lt-c1 curl -sS --cacert "$LAB_CA" -o /dev/null https://s3lt-perconn.perconn.lab/ 2>"$tmp/vh.err"
check $? "a virtual-hosted name (s3lt-perconn.perconn.lab) verifies with the wildcard certificate $(head -c 200 "$tmp/vh.err")"
hn=$("$agent" s3lt-c2 hostname) addr=$("$agent" s3lt-c2 "ip -4 -o addr show eth0" | awk '{ print $4 }')
[ "$hn" = s3lt-c2 ] && [ "$addr" = 198.18.1.12/24 ]
check $? "client host 2: hostname $hn, address $addr (through tests/lab/agent)"
"$agent" s3lt-c3 tc qdisc show dev eth0 | grep -q 'tbf.*rate 300Mbit' && tc qdisc show dev s3lt-c3 | grep -q 'tbf.*rate 300Mbit'
check $? "client host 3's NIC capped by tbf both ways: $("$agent" s3lt-c3 tc qdisc show dev eth0 | head -n 1)"

# ---- 2. over a lab left behind; killed while it collects ----
out=$tmp/killed
"$top/tests/lab/run" reduced "$out" >"$tmp/killed.log" 2>&1 &
rpid=$!
for _ in $(seq 300); do [ -s "$out/plan.tsv" ] && break; sleep 0.1; done
sleep 2
grep -q 'from an earlier run is still there' "$tmp/killed.log"
check $? "tests/lab/run takes the lab left behind down before it starts"
kill -TERM "$rpid"
wait "$rpid"
rc=$?
left=$(gone)
[ "$rc" = 130 ] && [ "$left" = nothing ]
check $? "SIGTERM while collecting: exit $rc, left behind: $left"

# ---- 3. the reduced lab and its truth ----
out=$tmp/lab
t0=$(date +%s)
"$top/tests/lab/run" reduced "$out" >"$tmp/run.log" 2>&1
rc=$?
[ "$rc" = 0 ] && [ -s "$out/report/report.html" ] && [ -s "$out/report/report.pdf" ]
check $? "tests/lab/run reduced: exit $rc in $(($(date +%s) - t0)) s, report.html and .pdf written $(
	[ "$rc" = 0 ] || tail -n 5 "$tmp/run.log")"
left=$(gone)
[ "$left" = nothing ]
check $? "after the run, left behind: $left"
grep -q 'EMULATED LAB' "$out/report/report.html"
check $? "the report says its figures come from an emulated lab"
if [ -s "$out/results/aggregate.json" ]; then
	PYTHONPATH=$top/tests/lab python3 "$top/tests/lab/lab.py" truth "$out" "$out/results" >"$tmp/truth.out" 2>&1
	while IFS= read -r line; do
		case "$line" in
		"ok   "*) ok "truth: ${line#ok   }" ;;
		"FAIL "*) bad "truth: ${line#FAIL }" ;;
		"SKIP "*) skip 1 "truth: ${line#SKIP }" ;;
		"TIMING "*) echo "$line" ;;
		esac
	done <"$tmp/truth.out"
	grep -q '^truth: ' "$tmp/truth.out" || bad "truth: $(tail -n 5 "$tmp/truth.out")"
fi
finish
