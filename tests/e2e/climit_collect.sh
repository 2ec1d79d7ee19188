#!/usr/bin/env bash
# tests/e2e/climit_collect.sh: the client record, the client-limit verdict and the request
# phases that `collect run` writes, against nginx on loopback (NGINX_S3_ENDPOINT
# from tests/run, else a private one):
#   - run.json has `client` (cores, both windows, nic lo, endpoint_local and shares_cpu
#     true), `client_limit` and the summary's `request_phases` and `connections`;
#   - the phases' means add up to the mean latency (to the columns' microsecond rounding),
#     dns/connect are over the requests that opened a connection, reused_share =
#     1 - opened / requests; the ops log has the phase columns; analyze --recompute
#     rebuilds the same request_phases from them;
#   - two CPU burners during a 4 KiB GET run on loopback: limited, reason shared-cpu
#     (never cpu: the endpoint is local);
#   - --client-nic 20Mbit with 1 MiB GETs (loopback carries far more): limited, reason nic;
#   - one engine thread at its core's limit (the collector pinned to one core with 8
#     workers, a private nginx pinned to another, both at real-time priority): limited,
#     reason cpu from busiest_thread_pct >= 90 on a loopback run (whose machine-wide
#     figure can only give shared-cpu); 1 worker on the same thread waits for each answer:
#     no cpu (two timing checks);
#   - S3BENCH_PHASES=0: no request_phases, no phase columns;
#   - under mpirun -np 2: every client's record and verdict in clients.list, the run's
#     verdict (every client's: limited when any is), the phases of the merged log.
# The remote-endpoint cases (reason cpu, not limited at a low rate, TLS round trips through
# a delay) need the lab's namespaces: tests/e2e/climit_lab.sh.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
burners=()

cleanup() {
	local p
	for p in "${burners[@]}"; do kill "$p" 2>/dev/null; done
}
at_exit cleanup

use_nginx
endpoint=${NGINX_S3_ENDPOINT%/}
export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1
bucket="climit-$$-$RANDOM"
curl -s -o /dev/null -X MKCOL "$endpoint/$bucket/"

# crun TAG ARGS...: one `collect run` into $tmp/TAG.
crun() {
	local tag=$1
	shift
	"$collect" run --endpoint "$endpoint" --bucket "$bucket" --path-style "$@" \
		-o "$tmp/$tag" >"$tmp/$tag.out" 2>&1
}

# jq_py DIR EXPR: a python expression over run.json (as d) and its summary (as s).
jq_py() {
	python3 -c "import json,sys; d=json.load(open(sys.argv[1]+'/run.json')); s=d.get('summary') or {}; print($2)" "$1"
}

crun plain --op get --size 4KiB --concurrency 4 --duration 6s
check $? "a 4 KiB GET run completes"
got=$(jq_py "$tmp/plain" "d['client']['nic']['name'], d['client']['endpoint_local'], d['client']['shares_cpu'], d['client']['cores'] > 0, d['client']['window']['kept'] is not None, 'client_limit' in d")
[ "$got" = "lo True True True True True" ]
check $? "client record: nic lo, endpoint local, shares the CPU, both windows, a verdict ($got)"
got=$(jq_py "$tmp/plain" "round(abs(sum(s['request_phases'][k]['mean_all_ms'] for k in ('dns','connect','tls','send','wait','transfer')) - s['latency_ms']['avg']), 3) <= 0.005")
[ "$got" = True ]
check $? "the phases' means add up to the mean latency"
got=$(jq_py "$tmp/plain" "s['connections']['opened'] == s['request_phases']['connect']['n'] and abs(s['connections']['reused_share'] - (1 - s['connections']['opened'] / s['connections']['requests'])) < 1e-12 and s['connections']['requests'] == s['requests'] and s['connections']['tls_full'] == 0")
[ "$got" = True ]
check $? "connections: opened = connect's n, reused_share = 1 - opened / requests, no TLS"
got=$(jq_py "$tmp/plain" "s['request_phases']['rtt_source'], s['request_phases']['rtt_samples'] > 0, 0 < s['request_phases']['rtt_ms'] < 5")
[ "$got" = "tcp_info True True" ]
check $? "the round trip from TCP_INFO ($got)"
hdr=$(zstdcat "$tmp/plain/ops.tsv.zst" | head -n 1)
case "$hdr" in *"cat	dns_us	connect_us	tls_us	send_us	wait_us	transfer_us	conn	rtt_us	remote	request_id	host_id	conn_id	conn_req	conn_age_ms") ok "ops log: the phase columns after cat, then who answered, the connection last" ;; *) bad "ops log header: $hdr" ;; esac

# --recompute rebuilds request_phases from the ops log's columns
mkdir -p "$tmp/data/runs/once/nginx"
cp -r "$tmp/plain" "$tmp/data/runs/once/nginx/get-4KiB-c4"
"$analyze" "$tmp/data" -o "$tmp/res-a" >"$tmp/an-a.out" 2>&1
check $? "analyze reads the run"
"$analyze" "$tmp/data" -o "$tmp/res-r" --recompute >"$tmp/an-r.out" 2>&1
check $? "analyze --recompute reads the run"
python3 - "$tmp/plain/run.json" "$tmp/res-r/aggregate.json" "$tmp/res-a/aggregate.json" >"$tmp/rc.out" 2>&1 <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["summary"]["request_phases"]
agg = [json.load(open(p))["runs"][0]["request_phases"] for p in sys.argv[2:]]
for a in agg:
    for k in ("dns", "connect", "tls", "send", "wait", "transfer"):
        # the columns hold microseconds: a mean moves by at most 0.5 us
        assert abs(a[k] - run[k]["mean_all_ms"]) <= 0.0005 + 1e-9, (k, a[k], run[k]["mean_all_ms"])
print("same")
PY
check $? "aggregate.json's request phases: run.json's and --recompute's agree ($(tail -n 1 "$tmp/rc.out"))"

# two CPU burners on loopback: shared-cpu, never cpu
for i in 1 2; do (while :; do :; done) & burners+=($!); done
crun burn --op get --size 4KiB --concurrency 4 --duration 6s
for p in "${burners[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
burners=()
got=$(jq_py "$tmp/burn" "d['client_limit']['limited'], d['client_limit']['reasons'], d['client_limit']['figures']['cpu_busy_pct'] >= 90")
[ "$got" = "True ['shared-cpu'] True" ]
check $? "burners on loopback: limited, shared-cpu ($got)"

# a NIC cap the loopback run exceeds
crun nic --op get --size 1MiB --concurrency 2 --duration 6s --client-nic 20Mbit
got=$(jq_py "$tmp/nic" "'nic' in d['client_limit']['reasons'], d['client']['nic']['speed_source'], d['client']['nic']['speed_mbit'], d['client_limit']['figures']['nic_pct'] >= 90")
[ "$got" = "True campaign 20.0 True" ]
check $? "--client-nic 20Mbit with 1 MiB GETs: limited, nic ($got)"

# one engine thread at its core's limit: the collector on core 0 (one core: one engine
# thread), nginx on core 1, both ahead of the machine's other work
if [ ${#rt[@]} -gt 0 ] && [ "$(nproc)" -ge 2 ]; then
	envs=$("${rt[@]}" taskset -c 1 "$top/tests/servers/nginx/start" 2>"$tmp/nginx-rt.log")
	rt_ep=$(printf '%s\n' "$envs" | sed -n "s/^export S3_ENDPOINT='\(.*\)'$/\1/p")
	rt_dir=$(printf '%s\n' "$envs" | sed -n "s/^export S3_SERVER_DIR='\(.*\)'$/\1/p")
	[ -n "$rt_dir" ] && at_exit "\"\$top/tests/servers/nginx/stop\" '$rt_dir' >/dev/null 2>&1"
	curl -s -o /dev/null -X MKCOL "$rt_ep/$bucket/"
	for c in 8 1; do
		timing_begin
		"${rt[@]}" taskset -c 0 "$collect" run --endpoint "$rt_ep" --bucket "$bucket" \
			--path-style --op get --size 4KiB --concurrency $c --duration 6s \
			-o "$tmp/thread$c" >"$tmp/thread$c.out" 2>&1
		got=$(jq_py "$tmp/thread$c" "'cpu' in d['client_limit']['reasons'], round(d['client_limit']['figures']['busiest_thread_pct']), round(d['client_limit']['figures']['cpu_busy_pct']), round(s['obj_s'])")
		if [ $c = 8 ]; then
			case "$got" in "True "9[0-9]" "*|"True 1"[0-9][0-9]" "*) st=0 ;; *) st=1 ;; esac
			timed_check $st "8 workers on one pinned thread: limited, cpu from the busiest thread at >= 90 % of its core (cpu, thread %, machine %, obj/s: $got)"
		else
			case "$got" in "False "[0-8][0-9]" "*|"False "[0-9]" "*) st=0 ;; *) st=1 ;; esac
			timed_check $st "1 worker on the same thread waits for each answer: no cpu (cpu, thread %, machine %, obj/s: $got)"
		fi
	done
else
	skip 2 "the busiest thread: needs real-time priority (root) and 2 cores"
fi

S3BENCH_PHASES=0 crun off --op get --size 4KiB --concurrency 2 --duration 3s
got=$(jq_py "$tmp/off" "'request_phases' in s, 'connections' in s")
row=$(zstdcat "$tmp/off/ops.tsv.zst" | sed -n 2p | cut -f 16-23 | tr -d '\t')
[ "$got" = "False False" ] && [ -z "$row" ]
check $? "S3BENCH_PHASES=0: no request_phases, no connections, empty phase columns ($got)"

# under mpirun: each client's record and verdict, the run's from all of them, the merged
# log's phases
if command -v mpirun >/dev/null 2>&1 && [ -x "$top/bin/collect-mpi" ]; then
	OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_orte_base_help_aggregate=1 \
		timeout 120 mpirun --oversubscribe -np 2 "$collect" run --endpoint "$endpoint" \
		--bucket "$bucket" --path-style --op get --size 4KiB --concurrency 2 --duration 5s \
		-o "$tmp/mpi" >"$tmp/mpi.out" 2>&1
	got=$(jq_py "$tmp/mpi" "[('client' in c, 'client_limit' in c) for c in d['clients']['list']], 'client_limit' in d, s['connections']['requests'] == s['requests'], s['request_phases']['wait']['n'] > 0")
	[ "$got" = "[(True, True), (True, True)] True True True" ]
	check $? "mpirun -np 2: a client record and verdict per client, the run's verdict, merged phases ($got)"
else
	skip 1 "mpirun or bin/collect-mpi missing"
fi

curl -s -o /dev/null -X DELETE "$endpoint/$bucket/"
finish
