#!/usr/bin/env bash
# bench/collector_tls.sh: the collector over HTTPS against one TLS endpoint (nginx WebDAV
# with a CA of its own, tests/tools/tls_nginx.sh), next to curl and wrk on the same endpoint
# in the same run. Prints RESULT lines (bench/lib.sh).
#
#   HTTPS GET BENCH_LARGE (default 100MiB), one stream: s3bench's figure is bytes /
#     duration_ns of the request row (request start to last body byte, the handshake
#     included as it is for curl); curl --cacert: bytes / %{time_total}. Interleaved
#     repeats, medians compared. Target: ratio >= 0.9.
#   HTTPS GET 4 KiB at 8 workers for BENCH_DURATION s: s3bench summary.obj_s vs wrk -c 8
#     -t 2 Requests/sec (wrk checks no certificate, so it takes https://127.0.0.1:PORT: it
#     resolves names through the system, which knows no *.localhost; it keeps its 8 connections,
#     as s3bench does), the ratio reported (no target), and beside it the client CPU per
#     request of each (GNU time user + system / requests; s3bench's includes its prepare
#     and log writing: an upper bound).
# Environment: BENCH_REPEATS (default 5), BENCH_SMALL_REPEATS (default 3), BENCH_DURATION
# (s, default 10), BENCH_LARGE (default 100MiB).
set -u
bench_name=collector_tls
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
	result "HTTPS GET $large c1 (vs curl)" - MiB/s - "MiB/s curl" "ratio>=" 0.9
	result "HTTPS GET 4KiB c8 (vs wrk)" - req/s - "req/s wrk" - -
	result "HTTPS CPU per 4KiB GET c8 (vs wrk)" - us/req - "us/req wrk" - -
	exit 1
}

need_bin "$collect" curl wrk zstd jq openssl nginx /usr/bin/time || fail_all
bench_init
collect=$(snapshot "$collect") || fail_all
srv=$bench_tmp/tls
port=$("$bench_top/tests/tools/tls_nginx.sh" "$srv") || fail_all
trap 'kill "$(cat "$srv/nginx.pid" 2>/dev/null)" 2>/dev/null; bench_cleanup' EXIT
mkdir -p "$srv/data/$bucket"
ep="https://s3.localhost:$port"
ca=$srv/pki/ca.pem
export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1

# s3b TAG ARGS...: one `collect run` over HTTPS into $bench_tmp/TAG (time in TAG.time).
s3b() {
	local tag=$1; shift
	rm -rf "${bench_tmp:?}/$tag"
	timed "$bench_tmp/$tag.time" "$collect" run --endpoint "$ep" --bucket "$bucket" \
		--path-style --ca-bundle "$ca" "$@" -o "$bench_tmp/$tag" >"$bench_tmp/$tag.log" 2>&1
	local rc=$?
	if [ $rc -ne 0 ] || [ ! -f "$bench_tmp/$tag/run.json" ]; then
		say "collect run $* failed (exit $rc):"
		tail -n 5 "$bench_tmp/$tag.log" >&2
		return 1
	fi
}

head -c "$large_bytes" /dev/urandom >"$srv/data/$bucket/curl-large"
say "HTTPS large GET: $reps interleaved repeats of $large (s3bench, curl)"
g_s3=() g_curl=()
for r in $(seq 1 "$reps"); do
	v=-
	if s3b lget --op get --size "$large" --concurrency 1 --count 1 --objects 1; then
		st=$(ops_stats "$bench_tmp/lget/ops.tsv.zst") && set -- $st &&
			[ "$1" -gt 0 ] && v=$(calc "$2 / $3 / $MIB")
	fi
	g_s3+=("$v")
	out=$(curl -sS --fail --cacert "$ca" -w "%{size_download} %{time_total}" -o /dev/null \
		"$ep/$bucket/curl-large") && set -- $out && c=$(calc "$1 / $2 / $MIB") || c=-
	g_curl+=("$c")
	say "  repeat $r: s3bench $(fmt "$v") curl $(fmt "$c") MiB/s"
done
spread "HTTPS GET $large" "${g_s3[*]}" "${g_curl[*]}"
result "HTTPS GET $large c1 (vs curl)" "$(median "${g_s3[@]}")" MiB/s "$(median "${g_curl[@]}")" \
	"MiB/s curl" "ratio>=" 0.9

head -c 4096 /dev/urandom >"$srv/data/$bucket/wrk-4k"
say "HTTPS small GET: $sreps interleaved repeats of ${dur}s 4KiB c8 (s3bench, wrk -c 8 -t 2)"
s_s3=() s_wrk=() c_s3=() c_wrk=()
for r in $(seq 1 "$sreps"); do
	v=- c=-
	if s3b sget --op get --size 4KiB --concurrency 8 --duration "${dur}s" --objects 64; then
		v=$(json_num "$bench_tmp/sget/run.json" .summary.obj_s)
		n=$(json_num "$bench_tmp/sget/run.json" .summary.requests)
		u=$(timed_field "$bench_tmp/sget.time" 2) s=$(timed_field "$bench_tmp/sget.time" 3)
		is_num "$n" && [ "$n" -gt 0 ] && c=$(calc "($u + $s) * 1e6 / $n")
	fi
	s_s3+=("$v") c_s3+=("$c")
	timed "$bench_tmp/wrk.time" wrk -c 8 -t 2 -d "${dur}s" "https://127.0.0.1:$port/$bucket/wrk-4k" >"$bench_tmp/wrk.out" 2>&1
	w=$(awk '/^Requests\/sec:/ { print $2 }' "$bench_tmp/wrk.out")
	wn=$(awk '/requests in/ { print $1 }' "$bench_tmp/wrk.out")
	wc_=-
	if is_num "$w" && is_num "$wn" && [ "$wn" -gt 0 ]; then
		u=$(timed_field "$bench_tmp/wrk.time" 2) s=$(timed_field "$bench_tmp/wrk.time" 3)
		wc_=$(calc "($u + $s) * 1e6 / $wn")
	else
		w=-
	fi
	s_wrk+=("$w") c_wrk+=("$wc_")
	say "  repeat $r: s3bench $(fmt "$v") req/s ($(fmt "$c") us CPU/req)," \
		"wrk $(fmt "$w") req/s ($(fmt "$wc_") us CPU/req)"
done
result "HTTPS GET 4KiB c8 (vs wrk)" "$(median "${s_s3[@]}")" req/s "$(median "${s_wrk[@]}")" \
	"req/s wrk" - -
result "HTTPS CPU per 4KiB GET c8 (vs wrk)" "$(median "${c_s3[@]}")" us/req \
	"$(median "${c_wrk[@]}")" "us/req wrk" - -
exit 0
