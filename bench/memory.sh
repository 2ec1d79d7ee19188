#!/usr/bin/env bash
# bench/memory.sh: peak resident memory of `collect run` against nginx WebDAV, from GNU
# time's "maximum resident set size" (%M: the largest of the process and its waited-for
# children, i.e. the run's child process too). One run each (peak RSS is not noisy the
# way throughput is); no baseline.
#
#   PUT and GET of BENCH_LARGE (default 100MiB) objects with 10 workers, 2 requests
#   per worker (the GET run also prepares its 10 objects with PUTs in the same
#   process). Target: <= 64 MiB each.
#   GET of 4 KiB objects with 1,000 workers for BENCH_MEM_DURATION seconds (default 5),
#   1,000 objects. Target: <= 256 MiB.
set -u
bench_name=memory
. "$(dirname "$0")/lib.sh"

large=${BENCH_LARGE:-100MiB}
mdur=${BENCH_MEM_DURATION:-5}
bucket=bench
collect=$bench_top/bin/collect

fail_all() {
	result "peak RSS PUT $large c10" - MiB - - "<=" 64
	result "peak RSS GET $large c10" - MiB - - "<=" 64
	result "peak RSS GET 4KiB c1000" - MiB - - "<=" 256
	exit 1
}

need_bin "$collect" jq /usr/bin/time || fail_all
bench_init
collect=$(snapshot "$collect") || fail_all
collect_works "$collect" || { say "bin/collect has no 'run' command yet"; fail_all; }
start_nginx || fail_all
webdav_bucket "$bucket" || fail_all
# 1,000 connections and the server's side of them on one machine.
[ "$(ulimit -n)" -ge 4096 ] || ulimit -n 4096 2>/dev/null ||
	say "open-file limit $(ulimit -n): the 1,000-worker run may fail"

# rss NAME ARGS...: peak RSS in MiB of one collect run (prints "-" on failure).
rss() {
	local tag=$1 rc e; shift
	timed "$bench_tmp/$tag.time" "$collect" run --endpoint "$S3_ENDPOINT" --bucket "$bucket" \
		--region "$AWS_REGION" --path-style "$@" -o "$bench_tmp/$tag" \
		>"$bench_tmp/$tag.log" 2>&1
	rc=$?
	if [ $rc -ne 0 ] || [ ! -f "$bench_tmp/$tag/run.json" ]; then
		say "collect run $* failed (exit $rc):"
		tail -n 5 "$bench_tmp/$tag.log" >&2
		echo -
		return
	fi
	e=$(json_num "$bench_tmp/$tag/run.json" .summary.errors)
	say "  $tag: $(json_num "$bench_tmp/$tag/run.json" .summary.requests) requests, $e errors," \
		"$(timed_field "$bench_tmp/$tag.time" 4) KiB peak RSS"
	calc "$(timed_field "$bench_tmp/$tag.time" 4) / 1024"
	rm -rf "${bench_tmp:?}/$tag"
}

say "peak RSS: $large PUT and GET at 10 workers, 4KiB GET at 1000 workers for ${mdur}s"
result "peak RSS PUT $large c10" "$(rss mput --op put --size "$large" --concurrency 10 --count 2)" \
	MiB - - "<=" 64
result "peak RSS GET $large c10" "$(rss mget --op get --size "$large" --concurrency 10 --count 2 \
	--objects 10)" MiB - - "<=" 64
result "peak RSS GET 4KiB c1000" "$(rss sget --op get --size 4KiB --concurrency 1000 \
	--duration "${mdur}s" --objects 1000)" MiB - - "<=" 256
exit 0
