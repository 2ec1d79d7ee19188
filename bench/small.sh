#!/usr/bin/env bash
# bench/small.sh: what one small request costs the collector, next to wrk on the same object
# of the same server in the same run, plain HTTP (tests/servers/nginx) and HTTPS
# (tests/tools/tls_nginx.sh). Prints RESULT lines (bench/lib.sh); method in bench/README.md.
#
#   req/s: `collect run --op get --size 4KiB --concurrency 8 --duration BENCH_DURATION
#     --objects 64`, summary.obj_s of run.json, against `wrk -c 8 -t 2 -d BENCH_DURATION`
#     of one 4 KiB object, its Requests/sec. Interleaved (s3bench, wrk, s3bench, ...),
#     BENCH_SMALL_REPEATS repeats (default 3), medians. Target: ratio >= 0.8.
#   CPU per request: s3bench's run.json cpu.us_per_request (user + system CPU of the
#     benchmark phase / its requests: no start-up, prepare or log close) against wrk's
#     whole process (GNU time user + system / its requests), the same repeats, medians.
#     Target: ratio <= 1.3.
#   syscalls per request: `strace -f -c` of two count-bounded runs of each (s3bench
#     `--count N` per worker; wrk stopped by a Lua script after N responses per thread),
#     the difference of their syscall totals / the difference of their requests, which
#     removes start-up, prepare and exit. Reported (no target).
# Each measurement's load average (/proc/loadavg, 1 minute) is printed beside it.
# Environment: BENCH_SMALL_REPEATS, BENCH_DURATION (s, default 10), BENCH_SYSCALL_N1 /
# BENCH_SYSCALL_N2 (requests per s3bench worker, default 200 / 700; wrk gets 4 x as many
# per thread: 4 connections a thread), BENCH_SMALL_PARTS (default "plain https"), BENCH_COLLECT
# (the collector binary, default bin/collect: to measure another build in the same way).
set -u
bench_name=small
. "$(dirname "$0")/lib.sh"

sreps=${BENCH_SMALL_REPEATS:-3}
dur=${BENCH_DURATION:-10}
n1=${BENCH_SYSCALL_N1:-200}
n2=${BENCH_SYSCALL_N2:-700}
parts=${BENCH_SMALL_PARTS:-plain https}
bucket=bench
collect=${BENCH_COLLECT:-$bench_top/bin/collect}

# rows PREFIX: the three RESULT rows of one endpoint, as errors.
fail_rows() {
	result "$1GET 4KiB c8 req/s (vs wrk)" - req/s - "req/s wrk" "ratio>=" 0.8
	result "$1CPU per 4KiB GET c8 (vs wrk)" - us/req - "us/req wrk" "ratio<=" 1.3
	result "$1syscalls per 4KiB GET c8 (vs wrk)" - calls/req - "calls/req wrk" - -
}
fail_all() {
	local p
	for p in $parts; do
		case $p in plain) fail_rows "" ;; https) fail_rows "HTTPS " ;; esac
	done
	exit 1
}

need_bin "$collect" curl wrk zstd jq strace openssl nginx /usr/bin/time || fail_all
bench_init
collect=$(snapshot "$collect") || fail_all
collect_works "$collect" || fail_all
tls_dir=""
trap '[ -n "$tls_dir" ] && kill "$(cat "$tls_dir/nginx.pid" 2>/dev/null)" 2>/dev/null; bench_cleanup' EXIT
wrk_stop=$bench_tmp/stop.lua
cat >"$wrk_stop" <<'LUA'
-- stop this thread after WRK_COUNT responses
local n, limit = 0, tonumber(os.getenv("WRK_COUNT"))
response = function(status, headers, body)
	n = n + 1
	if n >= limit then wrk.thread:stop() end
end
LUA

# s3b TAG ARGS...: one `collect run` against $ep into $bench_tmp/TAG (extra options in
# $s3_extra). Returns collect's exit status.
s3b() {
	local tag=$1; shift
	rm -rf "${bench_tmp:?}/$tag"
	"$collect" run --endpoint "$ep" --bucket "$bucket" --region "$AWS_REGION" --path-style \
		$s3_extra "$@" -o "$bench_tmp/$tag" >"$bench_tmp/$tag.log" 2>&1
}

# syscalls_s3 N: syscalls of the whole `collect run --count N` process tree.
syscalls_s3() {
	rm -rf "$bench_tmp/strun"
	strace -f -c -o "$bench_tmp/strace.s3.$1" "$collect" run --endpoint "$ep" \
		--bucket "$bucket" --region "$AWS_REGION" --path-style $s3_extra --op get \
		--size 4KiB --concurrency 8 --objects 64 --count "$1" -o "$bench_tmp/strun" \
		>/dev/null 2>&1 || { echo -; return; }
	awk '$NF == "total" { print $(NF - 2) }' "$bench_tmp/strace.s3.$1"
}

# syscalls_wrk N: "syscalls requests" of one wrk stopped after N responses a thread.
syscalls_wrk() {
	WRK_COUNT=$1 strace -f -c -o "$bench_tmp/strace.wrk.$1" wrk -c 8 -t 2 -d 15s \
		-s "$wrk_stop" "$wrk_url" >"$bench_tmp/wrk.sc" 2>&1 || { echo - -; return; }
	echo "$(awk '$NF == "total" { print $(NF - 2) }' "$bench_tmp/strace.wrk.$1")" \
		"$(awk '/requests in/ { print $1 }' "$bench_tmp/wrk.sc")"
}

# measure PREFIX: the three figures of the endpoint in $ep / $wrk_url.
measure() {
	local pre=$1 r v c w wn wc_ l
	local -a s_s3=() s_wrk=() c_s3=() c_wrk=()
	say "${pre}4KiB GET c8: $sreps interleaved repeats of ${dur}s (s3bench, wrk -c 8 -t 2)"
	for r in $(seq 1 "$sreps"); do
		l=$(load1) v=- c=-
		if s3b sget --op get --size 4KiB --concurrency 8 --duration "${dur}s" --objects 64; then
			v=$(json_num "$bench_tmp/sget/run.json" .summary.obj_s)
			c=$(json_num "$bench_tmp/sget/run.json" .cpu.us_per_request)
			e=$(json_num "$bench_tmp/sget/run.json" .summary.errors)
			[ "$e" = 0 ] || say "  s3bench: $e errors"
		else
			say "  collect run failed:"; tail -n 5 "$bench_tmp/sget.log" >&2
		fi
		s_s3+=("$v") c_s3+=("$c")
		l="$l/$(load1)"
		timed "$bench_tmp/wrk.time" wrk -c 8 -t 2 -d "${dur}s" "$wrk_url" >"$bench_tmp/wrk.out" 2>&1
		w=$(awk '/^Requests\/sec:/ { print $2 }' "$bench_tmp/wrk.out")
		wn=$(awk '/requests in/ { print $1 }' "$bench_tmp/wrk.out")
		wc_=-
		if is_num "$w" && is_num "$wn" && [ "$wn" -gt 0 ]; then
			wc_=$(calc "($(timed_field "$bench_tmp/wrk.time" 2) + $(timed_field "$bench_tmp/wrk.time" 3)) * 1e6 / $wn")
		else
			w=-
		fi
		s_wrk+=("$w") c_wrk+=("$wc_")
		say "  repeat $r (load $l/$(load1)): s3bench $(fmt "$v") req/s, $(fmt "$c") us CPU/req;" \
			"wrk $(fmt "$w") req/s, $(fmt "$wc_") us CPU/req"
	done
	spread "${pre}req/s" "${s_s3[*]}" "${s_wrk[*]}"
	spread "${pre}CPU/req" "${c_s3[*]}" "${c_wrk[*]}"
	result "${pre}GET 4KiB c8 req/s (vs wrk)" "$(median "${s_s3[@]}")" req/s \
		"$(median "${s_wrk[@]}")" "req/s wrk" "ratio>=" 0.8
	result "${pre}CPU per 4KiB GET c8 (vs wrk)" "$(median "${c_s3[@]}")" us/req \
		"$(median "${c_wrk[@]}")" "us/req wrk" "ratio<=" 1.3

	local a b wa wb sc=- wsc=-
	l=$(load1)
	a=$(syscalls_s3 "$n1") b=$(syscalls_s3 "$n2")
	is_num "$a" && is_num "$b" && sc=$(calc "($b - $a) / (8 * ($n2 - $n1))")
	read -r wa wna <<<"$(syscalls_wrk "$((4 * n1))")"
	read -r wb wnb <<<"$(syscalls_wrk "$((4 * n2))")"
	is_num "$wa" && is_num "$wb" && is_num "$wna" && is_num "$wnb" && [ "$wnb" -gt "$wna" ] &&
		wsc=$(calc "($wb - $wa) / ($wnb - $wna)")
	say "  syscalls (load $l/$(load1)): s3bench $a at $n1 req/worker, $b at $n2;" \
		"wrk $wa for $wna requests, $wb for $wnb"
	say "  s3bench's syscalls by name at $n2 req/worker:"
	sed -n 3,12p "$bench_tmp/strace.s3.$n2" >&2
	say "  wrk's at $wnb requests:"
	sed -n 3,12p "$bench_tmp/strace.wrk.$((4 * n2))" >&2
	result "${pre}syscalls per 4KiB GET c8 (vs wrk)" "$sc" calls/req "$wsc" "calls/req wrk" - -
}

head -c 4096 /dev/urandom >"$bench_tmp/small"
for p in $parts; do
	case $p in
	plain)
		start_nginx || { fail_rows ""; continue; }
		webdav_bucket "$bucket" || { fail_rows ""; continue; }
		ep=$S3_ENDPOINT s3_extra=""
		wrk_url=$ep/$bucket/wrk-4k
		curl -sS --fail -o /dev/null -H 'Expect:' -T "$bench_tmp/small" "$wrk_url" ||
			{ say "cannot PUT the wrk object"; fail_rows ""; continue; }
		measure ""
		;;
	https)
		tls_dir=$bench_tmp/tls
		port=$("$bench_top/tests/tools/tls_nginx.sh" "$tls_dir") || { fail_rows "HTTPS "; continue; }
		mkdir -p "$tls_dir/data/$bucket"
		cp "$bench_tmp/small" "$tls_dir/data/$bucket/wrk-4k"
		ep="https://s3.localhost:$port" s3_extra="--ca-bundle $tls_dir/pki/ca.pem"
		export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1
		# wrk resolves names through the system, which knows no *.localhost; it checks
		# no certificate
		wrk_url="https://127.0.0.1:$port/$bucket/wrk-4k"
		measure "HTTPS "
		;;
	*) say "unknown part $p (plain, https)" ;;
	esac
done
exit 0
