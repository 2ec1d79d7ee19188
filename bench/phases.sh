#!/usr/bin/env bash
# bench/phases.sh: what collecting the request phases costs (issue 22): the collector's CPU
# per small request with phase collection on (libcurl's timers, OpenSSL's session flag,
# TCP_INFO samples, the eight ops-log columns, the summary's phase histograms) against the
# same run with it off (S3BENCH_PHASES=0), same nginx, same object, interleaved
# (off, on, off, on, ...). Figure: run.json cpu.us_per_request (the benchmark phase's CPU of
# the run's process / its requests), medians compared. Target: on / off <= 1.03 (under 3 %
# more CPU per request). Prints RESULT lines (bench/lib.sh).
#
# Environment: BENCH_SMALL_REPEATS (default 5 pairs), BENCH_DURATION (s, default 8).
set -u
bench_name=phases
. "$(dirname "$0")/lib.sh"

reps=${BENCH_SMALL_REPEATS:-5}
dur=${BENCH_DURATION:-8}
[ -n "${BENCH_QUICK:-}" ] && reps=2 dur=4
bucket=bench

if ! need_bin "$bench_top/bin/collect" || ! collect_works; then
	result "CPU per 4KiB GET, phases on/off" - us/req - "us/req off" "-" -
	exit 0
fi
bench_init
collect=$(snapshot "$bench_top/bin/collect")
start_nginx || exit 1
webdav_bucket "$bucket" || exit 1

# one MODE K: one run (MODE on | off); prints its us_per_request.
one() {
	local mode=$1 k=$2 dir=$bench_tmp/$1-$2 env=()
	[ "$mode" = off ] && env=(S3BENCH_PHASES=0)
	env "${env[@]}" "$collect" run --endpoint "$S3_ENDPOINT" --bucket "$bucket" --path-style \
		--op get --size 4KiB --concurrency 8 --objects 64 --duration "${dur}s" -o "$dir" \
		>"$dir.out" 2>&1 || { echo -; return; }
	json_num "$dir/run.json" .cpu.us_per_request
}

on=() off=()
for k in $(seq 1 "$reps"); do
	off+=("$(one off "$k")")
	on+=("$(one on "$k")")
	say "pair $k: off ${off[-1]} us/req, on ${on[-1]} us/req"
done
m_on=$(median "${on[@]}") m_off=$(median "${off[@]}")
say "medians: on $m_on, off $m_off us/req (ratio target <= 1.03)"
ratio=-
is_num "$m_on" && is_num "$m_off" && ratio=$(calc "$m_on / $m_off")
result "CPU per 4KiB GET, phases on/off" "$m_on" us/req "$m_off" "us/req off" "-" -
result "phase collection's CPU share" "$ratio" "x off" - - "<=" 1.03
