#!/usr/bin/env bash
# bench/send.sh: the client CPU each integrity checksum and each payload signing mode costs,
# per MiB uploaded, against nginx WebDAV (tests/servers/nginx; it stores what it gets and
# checks nothing, so the server's cost is the same for every mode). One worker PUTs
# BENCH_SEND_SIZE objects (default 16MiB) BENCH_SEND_COUNT times (default 8) per mode;
# the figure is run.json's cpu.benchmark_s (user + system CPU of the collector's
# benchmark phase) / MiB uploaded, the median of BENCH_SEND_REPEATS (default 3)
# interleaved repeats; each mode is compared with checksum none + payload unsigned of the
# same repeats (ratio = mode / baseline: 1.0 costs nothing more). Informational (no target).
set -u
bench_name=send
. "$(dirname "$0")/lib.sh"

size=${BENCH_SEND_SIZE:-16MiB}
count=${BENCH_SEND_COUNT:-8}
reps=${BENCH_SEND_REPEATS:-3}
[ -n "${BENCH_QUICK:-}" ] && count=3 reps=1
collect=$bench_top/bin/collect
modes=("none unsigned" "crc32 unsigned" "crc32c unsigned" "crc64nvme unsigned"
	"sha1 unsigned" "sha256 unsigned" "md5 unsigned" "none signed" "none streaming"
	"crc32 streaming-unsigned" "crc64nvme streaming-unsigned" "crc32 streaming-trailer")

fail_all() {
	for m in "${modes[@]}"; do
		result "PUT CPU checksum=${m% *} payload=${m#* }" - us/MiB - - - -
	done
	exit 1
}

need_bin "$collect" jq || fail_all
bench_init
collect=$(snapshot "$collect") || fail_all
collect_works "$collect" || fail_all
start_nginx || fail_all
webdav_bucket bench || fail_all

declare -A samples
for r in $(seq "$reps"); do
	for m in "${modes[@]}"; do
		ck=${m% *} pm=${m#* } tag=r$r-$ck-$pm
		"$collect" run --endpoint "$S3_ENDPOINT" --bucket bench --region "$AWS_REGION" \
			--path-style --op put --size "$size" --concurrency 1 --count "$count" \
			--checksum "$ck" --payload "$pm" -o "$bench_tmp/$tag" >"$bench_tmp/$tag.log" 2>&1
		cpu=$(json_num "$bench_tmp/$tag/run.json" .cpu.benchmark_s)
		bytes=$(json_num "$bench_tmp/$tag/run.json" .summary.bytes)
		if is_num "$cpu" && is_num "$bytes" && [ "$(calc "$bytes > 0")" = 1 ]; then
			v=$(calc "$cpu * 1e6 / ($bytes / $MIB)")
		else
			v=-
		fi
		say "repeat $r checksum=$ck payload=$pm: $v us/MiB"
		samples[$m]="${samples[$m]:-} $v"
	done
done
base=$(median ${samples["none unsigned"]})
for m in "${modes[@]}"; do
	v=$(median ${samples[$m]})
	result "PUT CPU checksum=${m% *} payload=${m#* }" "$v" us/MiB "$base" "us/MiB none unsigned" - -
done
