#!/usr/bin/env bash
# bench/engine_callgrind.sh: the engine's own measurement (not part of bench/run's table).
#
#   1. CPU work per small request, stable under load: valgrind --tool=callgrind
#      instruction counts (user space only: s3bench + libcurl + OpenSSL + libc) of two
#      count-bounded `collect run --op get --size 4KiB --concurrency 8` runs against
#      nginx (N1 and N2 requests per worker); the difference divided by the extra
#      requests removes start-up, prepare and cleanup: instructions per GET, then the
#      same difference by library (callgrind_annotate's counts summed per object).
#   2. Syscalls per small request: the same difference with `strace -f -c` (the kernel
#      share of the CPU cost grows with the number of syscalls).
#   3. Wall-clock figures next to a baseline measured in the same moment: 100 MiB GET and
#      PUT at one worker vs curl (s3bench's figure is bytes / duration of the request's
#      row; curl's bytes / time_total), 4 KiB GET c8 vs wrk -c 8, CPU per request from
#      run.json (benchmark phase, getrusage) and the user / system split of both whole
#      processes (GNU time), peak RSS (GNU time %M) of 100 MiB PUT c10.
#      Interleaved, ENGINE_REPEATS (default 3) repeats, medians.
#
#   bench/engine_callgrind.sh [callgrind] [strace] [large] [small] [rss]   (default: all)
# Environment: ENGINE_N1 / ENGINE_N2 requests per worker (default 200 / 700),
# ENGINE_REPEATS, ENGINE_LARGE (default 100MiB), ENGINE_DURATION (s, default 5).
set -u
bench_name=engine
. "$(dirname "$0")/lib.sh"

n1=${ENGINE_N1:-200}
n2=${ENGINE_N2:-700}
reps=${ENGINE_REPEATS:-3}
large=${ENGINE_LARGE:-100MiB}
dur=${ENGINE_DURATION:-5}
bucket=bench
collect=$bench_top/bin/collect
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(callgrind strace large small rss)
want() {
	local p
	for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done
	return 1
}

need_bin "$collect" curl wrk zstd jq valgrind strace /usr/bin/time || exit 1
bench_init
start_nginx || exit 1
webdav_bucket "$bucket" || exit 1
ep=$S3_ENDPOINT

# run TAG ARGS...: one collect run into $bench_tmp/TAG.
run() {
	local tag=$1; shift
	rm -rf "${bench_tmp:?}/$tag"
	"$collect" run --endpoint "$ep" --bucket "$bucket" --region "$AWS_REGION" --path-style \
		"$@" -o "$bench_tmp/$tag" >"$bench_tmp/$tag.log" 2>&1
}

small_args() {
	echo --op get --size 4KiB --concurrency 8 --objects 64 --count "$1"
}

if want callgrind; then
	# ir N: total instructions of the whole process tree of one run (all threads, the
	# run's child process included).
	ir() {
		local d=$bench_tmp/cg.$1
		rm -rf "$d"; mkdir -p "$d"
		valgrind --tool=callgrind --callgrind-out-file="$d/cg.%p" --trace-children=yes \
			"$collect" run --endpoint "$ep" --bucket "$bucket" --region "$AWS_REGION" \
			--path-style $(small_args "$1") -o "$bench_tmp/cgrun.$1" \
			>"$d/log" 2>&1
		cat "$d"/cg.* | awk '/^totals:/ { s += $2 } END { print s }'
	}
	# by_lib N: "instructions object" lines, the run's exclusive counts summed by the
	# shared object (or executable) they were spent in.
	by_lib() {
		local f
		for f in "$bench_tmp/cg.$1"/cg.*; do
			callgrind_annotate --threshold=100 "$f" 2>/dev/null
		done | awk '/^ *[0-9,]+ \(/ && $NF ~ /^\[/ {
			n = $1; gsub(",", "", n); o = $NF; gsub(/[][]/, "", o); sub(/.*\//, "", o)
			s[o] += n } END { for (k in s) print s[k], k }'
	}
	a=$(ir "$n1") b=$(ir "$n2")
	per=$(calc "($b - $a) / (8 * ($n2 - $n1))")
	say "callgrind: $a instructions at $n1 req/worker, $b at $n2"
	echo "instructions per 4KiB GET (c8, user space): $(fmt "$per")"
	# where they are spent: the same difference per library, largest first
	by_lib "$n1" >"$bench_tmp/lib.$n1"
	by_lib "$n2" >"$bench_tmp/lib.$n2"
	awk -v d="$((8 * (n2 - n1)))" 'NR == FNR { a[$2] = $1; next }
		{ v = ($1 - a[$2]) / d; if (v >= 100) printf "  %-24s %8.0f\n", $2, v }' \
		"$bench_tmp/lib.$n1" "$bench_tmp/lib.$n2" | sort -k2,2nr
fi

if want strace; then
	sc() {
		rm -rf "$bench_tmp/strun"
		strace -f -c -o "$bench_tmp/strace.$1" "$collect" run --endpoint "$ep" \
			--bucket "$bucket" --region "$AWS_REGION" --path-style $(small_args "$1") \
			-o "$bench_tmp/strun" >/dev/null 2>&1
		awk '$NF == "total" { print $(NF - 2) }' "$bench_tmp/strace.$1"
	}
	a=$(sc "$n1") b=$(sc "$n2")
	echo "syscalls per 4KiB GET (c8): $(fmt "$(calc "($b - $a) / (8 * ($n2 - $n1))")")"
	say "syscalls by name at $n2 req/worker:"
	head -n 12 "$bench_tmp/strace.$n2" >&2
fi

if want large; then
	bytes=$(awk -v s="$large" 'BEGIN { n = s + 0; u = s; sub(/^[0-9.]+/, "", u)
		m = (u == "KiB") ? 1024 : (u == "MiB") ? 1048576 : (u == "GiB") ? 1073741824 : 1
		printf "%d\n", n * m }')
	src=/dev/shm; [ -w "$src" ] || src=$bench_tmp
	body=$(mktemp "$src/s3bench-engine-body.XXXXXX") || exit 1
	trap 'rm -f "$body"; bench_cleanup' EXIT
	head -c "$bytes" /dev/urandom >"$body"
	curl -sS --fail -o /dev/null -H 'Expect:' -T "$body" "$ep/$bucket/curl-large" || exit 1
	row_mib_s() {
		local st
		st=$(ops_stats "$bench_tmp/$1/ops.tsv.zst") || { echo -; return; }
		set -- $st
		[ "$1" -gt 0 ] && calc "$2 / $3 / $MIB" || echo -
	}
	curl_mib_s() {
		local f=$1 out; shift
		out=$(curl -sS --fail -w "%{$f} %{time_total}" "$@") || { echo -; return; }
		set -- $out
		calc "$1 / $2 / $MIB"
	}
	gs=() gc=() ps=() pc=()
	for r in $(seq 1 "$reps"); do
		run lget --op get --size "$large" --concurrency 1 --count 1 --objects 1
		gs+=("$(row_mib_s lget)")
		gc+=("$(curl_mib_s size_download -o /dev/null "$ep/$bucket/curl-large")")
		run lput --op put --size "$large" --concurrency 1 --count 1
		ps+=("$(row_mib_s lput)")
		pc+=("$(curl_mib_s size_upload -o /dev/null -H 'Expect:' -T "$body" "$ep/$bucket/curl-put")")
		say "  $r: GET s3bench ${gs[-1]} curl ${gc[-1]}; PUT s3bench ${ps[-1]} curl ${pc[-1]} MiB/s"
	done
	rm -f "$body"
	g=$(median "${gs[@]}") c=$(median "${gc[@]}")
	echo "GET $large c1: s3bench $(fmt "$g") MiB/s, curl $(fmt "$c") MiB/s, ratio $(calc "$g / $c")"
	g=$(median "${ps[@]}") c=$(median "${pc[@]}")
	echo "PUT $large c1: s3bench $(fmt "$g") MiB/s, curl $(fmt "$c") MiB/s, ratio $(calc "$g / $c")"
fi

if want small; then
	head -c 4096 /dev/urandom >"$bench_tmp/small"
	curl -sS --fail -o /dev/null -H 'Expect:' -T "$bench_tmp/small" "$ep/$bucket/wrk-4k" || exit 1
	ss=() sw=() su=() wu=() suu=() sus=() wuu=() wus=()
	# per_req FILE N FIELD: GNU time field (2 user, 3 sys) in µs per request
	per_req() {
		calc "$(timed_field "$1" "$3") * 1e6 / $2"
	}
	for r in $(seq 1 "$reps"); do
		timed "$bench_tmp/sget.time" "$collect" run --endpoint "$ep" --bucket "$bucket" \
			--region "$AWS_REGION" --path-style --op get --size 4KiB --concurrency 8 \
			--duration "${dur}s" --objects 64 -o "$bench_tmp/sget" >/dev/null 2>&1
		ss+=("$(json_num "$bench_tmp/sget/run.json" .summary.obj_s)")
		su+=("$(json_num "$bench_tmp/sget/run.json" .cpu.us_per_request)")
		n=$(json_num "$bench_tmp/sget/run.json" .summary.requests)
		suu+=("$(per_req "$bench_tmp/sget.time" "$n" 2)")
		sus+=("$(per_req "$bench_tmp/sget.time" "$n" 3)")
		rm -rf "${bench_tmp:?}/sget"
		timed "$bench_tmp/wrk.time" wrk -c 8 -t 2 -d "${dur}s" "$ep/$bucket/wrk-4k" \
			>"$bench_tmp/wrk.out" 2>&1
		w=$(awk '/^Requests\/sec:/ { print $2 }' "$bench_tmp/wrk.out")
		n=$(awk '/requests in/ { print $1 }' "$bench_tmp/wrk.out")
		sw+=("${w:--}")
		wuu+=("$(per_req "$bench_tmp/wrk.time" "${n:-1}" 2)")
		wus+=("$(per_req "$bench_tmp/wrk.time" "${n:-1}" 3)")
		wu+=("$(calc "${wuu[-1]} + ${wus[-1]}")")
		say "  $r: s3bench ${ss[-1]} req/s (${su[-1]} us CPU/req), wrk ${sw[-1]} req/s (${wu[-1]} us CPU/req)"
	done
	s=$(median "${ss[@]}") w=$(median "${sw[@]}")
	echo "GET 4KiB c8: s3bench $(fmt "$s") req/s, wrk $(fmt "$w") req/s, ratio $(calc "$s / $w")"
	echo "CPU per 4KiB GET c8 (benchmark phase, getrusage): $(fmt "$(median "${su[@]}")") us (wrk, unsigned, whole process: $(fmt "$(median "${wu[@]}")") us)"
	echo "  whole process, user + system: s3bench $(fmt "$(median "${suu[@]}")") + $(fmt "$(median "${sus[@]}")") us, wrk $(fmt "$(median "${wuu[@]}")") + $(fmt "$(median "${wus[@]}")") us"
fi

if want rss; then
	timed "$bench_tmp/rss.time" "$collect" run --endpoint "$ep" --bucket "$bucket" \
		--region "$AWS_REGION" --path-style --op put --size "$large" --concurrency 10 \
		--count 2 -o "$bench_tmp/rss" >/dev/null 2>&1
	echo "peak RSS PUT $large c10: $(calc "$(timed_field "$bench_tmp/rss.time" 4) / 1024") MiB"
fi
