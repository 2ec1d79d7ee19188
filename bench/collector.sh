#!/usr/bin/env bash
# bench/collector.sh: collector speed against nginx WebDAV (tests/servers/nginx), next to
# curl and wrk on the same server in the same run. Prints RESULT lines (bench/lib.sh).
#
#   large GET / PUT: one worker, BENCH_LARGE (default 100MiB) objects. s3bench: one
#     `collect run --count 1` per repeat; its figure is bytes / duration_ns of the
#     request row in ops.tsv.zst (request start to last body byte, one connection, no
#     process start-up). curl: one process per repeat, bytes / %{time_total}
#     (GET -o /dev/null; PUT -T from a file in /dev/shm, 'Expect:' off). Repeats are
#     interleaved (s3bench GET, curl GET, s3bench PUT, curl PUT); medians compared.
#     Target: ratio >= 0.95 for each.
#   small GET: 4 KiB objects, 8 workers, BENCH_DURATION seconds (default 10). s3bench
#     signs every request; its figure is summary.obj_s of run.json (Warp's 1-second
#     segments, first and last 2 dropped). wrk -c 8 -t 2 (unsigned) for the same
#     duration on one 4 KiB object: its Requests/sec. Interleaved, medians compared.
#     Target: ratio >= 0.8.
#   CPU per small GET: user + system CPU of the whole `collect run` process (GNU time,
#     includes its child processes, the prepare PUTs and the log writing: an upper
#     bound) divided by summary.requests. Target <= 25 us. Median over the repeats.
#
# Environment: BENCH_REPEATS (default 5 for large objects), BENCH_SMALL_REPEATS
# (default 3), BENCH_DURATION (s, default 10), BENCH_LARGE (default 100MiB).
set -u
bench_name=collector
. "$(dirname "$0")/lib.sh"

reps=${BENCH_REPEATS:-5}
sreps=${BENCH_SMALL_REPEATS:-3}
dur=${BENCH_DURATION:-10}
large=${BENCH_LARGE:-100MiB}
bucket=bench
collect=$bench_top/bin/collect

large_bytes=$(awk -v s="$large" 'BEGIN {
	n = s + 0; u = s; sub(/^[0-9.]+/, "", u)
	m = (u == "KiB") ? 1024 : (u == "MiB") ? 1048576 : (u == "GiB") ? 1073741824 : 1
	printf "%d\n", n * m }')

fail_all() {
	result "GET $large c1 (vs curl)" - MiB/s - "MiB/s curl" "ratio>=" 0.95
	result "PUT $large c1 (vs curl)" - MiB/s - "MiB/s curl" "ratio>=" 0.95
	result "GET 4KiB c8 (vs wrk)" - req/s - "req/s wrk" "ratio>=" 0.8
	result "CPU per 4KiB GET c8" - us/req - - "<=" 25
	exit 1
}

need_bin "$collect" curl wrk zstd jq /usr/bin/time || fail_all
bench_init
collect=$(snapshot "$collect") || fail_all
collect_works "$collect" || { say "bin/collect has no 'run' command yet"; fail_all; }
start_nginx || fail_all
webdav_bucket "$bucket" || fail_all
ep=$S3_ENDPOINT

# s3b TAG ARGS...: one `collect run` into $bench_tmp/TAG (time in TAG.time, log in
# TAG.log). Returns collect's exit status.
s3b() {
	local tag=$1; shift
	rm -rf "${bench_tmp:?}/$tag"
	timed "$bench_tmp/$tag.time" "$collect" run --endpoint "$ep" --bucket "$bucket" \
		--region "$AWS_REGION" --path-style "$@" -o "$bench_tmp/$tag" \
		>"$bench_tmp/$tag.log" 2>&1
	local rc=$?
	if [ $rc -ne 0 ] || [ ! -f "$bench_tmp/$tag/run.json" ]; then
		say "collect run $* failed (exit $rc):"
		tail -n 5 "$bench_tmp/$tag.log" >&2
		return 1
	fi
	return 0
}

# s3b_mib_s TAG: MiB/s of the successful rows: bytes / sum of request durations.
s3b_mib_s() {
	local st
	st=$(ops_stats "$bench_tmp/$1/ops.tsv.zst") || return 1
	set -- $st
	[ "$1" -gt 0 ] || return 1
	calc "$2 / $3 / $MIB"
}

# curl_mib_s BYTES_FIELD CURL_ARGS...: MiB/s = bytes / time_total of one transfer.
curl_mib_s() {
	local f=$1 out; shift
	out=$(curl -sS --fail -w "%{$f} %{time_total}" "$@") || return 1
	set -- $out
	[ "$1" -gt 0 ] || return 1
	calc "$1 / $2 / $MIB"
}

# --- large objects -------------------------------------------------------------------
src=/dev/shm
[ -d "$src" ] && [ -w "$src" ] || src=$bench_tmp
body=$(mktemp "$src/s3bench-bench-body.XXXXXX") || fail_all
trap 'rm -f "$body"; bench_cleanup' EXIT
head -c "$large_bytes" /dev/urandom >"$body"
curl -sS --fail -o /dev/null -H 'Expect:' -T "$body" "$ep/$bucket/curl-large" ||
	{ say "cannot PUT the curl object"; fail_all; }
say "large objects: $reps interleaved repeats of $large GET and PUT (s3bench, curl)"
g_s3=() g_curl=() p_s3=() p_curl=()
for r in $(seq 1 "$reps"); do
	v=-; s3b lget --op get --size "$large" --concurrency 1 --count 1 --objects 1 &&
		v=$(s3b_mib_s lget); g_s3+=("$v")
	v=$(curl_mib_s size_download -o /dev/null "$ep/$bucket/curl-large") || v=-; g_curl+=("$v")
	v=-; s3b lput --op put --size "$large" --concurrency 1 --count 1 &&
		v=$(s3b_mib_s lput); p_s3+=("$v")
	v=$(curl_mib_s size_upload -o /dev/null -H 'Expect:' -T "$body" \
		"$ep/$bucket/curl-put-$r") || v=-; p_curl+=("$v")
	say "  repeat $r: GET s3bench $(fmt "${g_s3[-1]}") curl $(fmt "${g_curl[-1]}");" \
		"PUT s3bench $(fmt "${p_s3[-1]}") curl $(fmt "${p_curl[-1]}") MiB/s"
done
rm -f "$body"
spread "GET $large" "${g_s3[*]}" "${g_curl[*]}"
spread "PUT $large" "${p_s3[*]}" "${p_curl[*]}"
result "GET $large c1 (vs curl)" "$(median "${g_s3[@]}")" MiB/s "$(median "${g_curl[@]}")" \
	"MiB/s curl" "ratio>=" 0.95
result "PUT $large c1 (vs curl)" "$(median "${p_s3[@]}")" MiB/s "$(median "${p_curl[@]}")" \
	"MiB/s curl" "ratio>=" 0.95

# --- small objects -------------------------------------------------------------------
head -c 4096 /dev/urandom >"$bench_tmp/small"
curl -sS --fail -o /dev/null -H 'Expect:' -T "$bench_tmp/small" "$ep/$bucket/wrk-4k" ||
	{ say "cannot PUT the wrk object"; fail_all; }
say "small objects: $sreps interleaved repeats of ${dur}s 4KiB GET c8 (s3bench, wrk -c 8 -t 2)"
s_s3=() s_wrk=() s_cpu=()
for r in $(seq 1 "$sreps"); do
	v=- c=-
	if s3b sget --op get --size 4KiB --concurrency 8 --duration "${dur}s" --objects 64; then
		v=$(json_num "$bench_tmp/sget/run.json" .summary.obj_s)
		n=$(json_num "$bench_tmp/sget/run.json" .summary.requests)
		u=$(timed_field "$bench_tmp/sget.time" 2) s=$(timed_field "$bench_tmp/sget.time" 3)
		if is_num "$n" && [ "$n" -gt 0 ]; then
			c=$(calc "($u + $s) * 1e6 / $n")
		fi
		ec=$(json_num "$bench_tmp/sget/run.json" .cpu.us_per_request)
		say "  s3bench's own figure (run.json cpu.us_per_request, benchmark phase only): $(fmt "$ec") us"
		e=$(json_num "$bench_tmp/sget/run.json" .summary.errors)
		[ "$e" = 0 ] || say "  s3bench: $e errors"
	fi
	s_s3+=("$v") s_cpu+=("$c")
	w=$(wrk -c 8 -t 2 -d "${dur}s" "$ep/$bucket/wrk-4k" 2>&1 | awk '/^Requests\/sec:/ { print $2 }')
	is_num "$w" || w=-
	s_wrk+=("$w")
	say "  repeat $r: s3bench $(fmt "$v") req/s ($(fmt "$c") us CPU/req), wrk $(fmt "$w") req/s"
done
result "GET 4KiB c8 (vs wrk)" "$(median "${s_s3[@]}")" req/s "$(median "${s_wrk[@]}")" \
	"req/s wrk" "ratio>=" 0.8
result "CPU per 4KiB GET c8" "$(median "${s_cpu[@]}")" us/req - - "<=" 25
exit 0
