#!/usr/bin/env bash
# bench/cluster.sh: distributed collection (docs/DISTRIBUTED.md) on this one machine:
# aggregate small-GET throughput and CPU per request of 1, 2 and 3 clients (mpirun
# --oversubscribe -np N bin/collect run ...) against nginx WebDAV (tests/servers/nginx),
# next to the single-machine collector (no mpirun) as the baseline, in the same run.
#
#   each figure: `collect run --op get --size 4KiB --concurrency 4 --duration
#   BENCH_DURATION s --objects 64`; throughput = run.json summary.obj_s (over every
#   client's rows merged); CPU per request = user + system CPU of the whole process tree
#   (GNU time of mpirun or of collect: ranks, their run children, mpirun itself, prepare
#   and cleanup, the merge) / summary.requests. Repeats interleaved (single, 1, 2, 3
#   clients), medians compared; no target (verdict info).
#
# On a machine of 2 cores the clients, nginx and mpirun share those cores: more clients
# cannot add throughput here, so the figures show what the distribution costs (processes,
# MPI start-up, the rows' transfer and merge), not how it scales; scaling needs several
# hosts. Environment: BENCH_SMALL_REPEATS (default 3), BENCH_DURATION (s, default 10).
set -u
bench_name=cluster
. "$(dirname "$0")/lib.sh"

sreps=${BENCH_SMALL_REPEATS:-3}
dur=${BENCH_DURATION:-10}
bucket=bench
collect=$bench_top/bin/collect
counts=(1 2 3)

fail_all() {
	result "GET 4KiB c4, 1 client, no mpirun" - req/s - - - -
	for n in "${counts[@]}"; do
		result "GET 4KiB c4 x $n clients (mpirun)" - req/s - "req/s single" - -
		result "CPU per 4KiB GET, $n clients" - us/req - "us/req single" - -
	done
	exit 1
}

need_bin "$collect" "$bench_top/bin/collect-mpi" mpirun zstd jq /usr/bin/time || fail_all
bench_init
collect=$(snapshot "$collect") || fail_all
snapshot "$bench_top/bin/collect-mpi" >/dev/null || fail_all # beside collect
start_nginx || fail_all
webdav_bucket "$bucket" || fail_all
ep=$S3_ENDPOINT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# one TAG N: one run with N clients under mpirun (N 0: no mpirun); prints "obj_s us_per_req"
one() {
	local tag=$1 n=$2 launch=()
	[ "$n" -gt 0 ] && launch=(mpirun --oversubscribe -np "$n")
	rm -rf "${bench_tmp:?}/$tag"
	timed "$bench_tmp/$tag.time" "${launch[@]}" "$collect" run --endpoint "$ep" \
		--bucket "$bucket" --region "$AWS_REGION" --path-style --op get --size 4KiB \
		--concurrency 4 --duration "${dur}s" --objects 64 -o "$bench_tmp/$tag" \
		>"$bench_tmp/$tag.log" 2>&1
	if [ $? -ne 0 ] || [ ! -f "$bench_tmp/$tag/run.json" ]; then
		say "$tag failed:"
		tail -n 5 "$bench_tmp/$tag.log" >&2
		echo "- -"
		return
	fi
	local o r u s
	o=$(json_num "$bench_tmp/$tag/run.json" .summary.obj_s)
	r=$(json_num "$bench_tmp/$tag/run.json" .summary.requests)
	u=$(timed_field "$bench_tmp/$tag.time" 2) s=$(timed_field "$bench_tmp/$tag.time" 3)
	if is_num "$r" && [ "$r" -gt 0 ]; then
		echo "$o $(calc "($u + $s) * 1e6 / $r")"
	else
		echo "$o -"
	fi
}

say "$sreps interleaved repeats of ${dur}s 4KiB GET c4: no mpirun, then 1, 2, 3 clients" \
	"($(nproc) CPUs shared with nginx: this shows overhead, not scaling)"
declare -A obj cpu
for r in $(seq 1 "$sreps"); do
	line="repeat $r:"
	for n in 0 "${counts[@]}"; do
		set -- $(one "c$n" "$n")
		obj[$n]="${obj[$n]:-} $1" cpu[$n]="${cpu[$n]:-} $2"
		line="$line ${n}c $(fmt "$1") req/s $(fmt "$2") us/req;"
	done
	say "$line"
done
base_o=$(median ${obj[0]})
base_c=$(median ${cpu[0]})
result "GET 4KiB c4, 1 client, no mpirun" "$base_o" req/s - - - -
result "CPU per 4KiB GET, no mpirun" "$base_c" us/req - - - -
for n in "${counts[@]}"; do
	result "GET 4KiB c4 x $n clients (mpirun)" "$(median ${obj[$n]})" req/s "$base_o" \
		"req/s single" - -
	result "CPU per 4KiB GET, $n clients" "$(median ${cpu[$n]})" us/req "$base_c" \
		"us/req single" - -
done
exit 0
