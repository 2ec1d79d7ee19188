#!/usr/bin/env bash
# bench/analyze.sh: the analyzer on a big MinIO Warp per-request log.
#
# build/tests/gen_warp_csv writes a deterministic synthetic Warp .csv.zst of BENCH_ROWS
# rows (default 10,000,000; GET, 1 MiB objects, 2 clients x 20 workers). The file is
# kept in build/bench/ and reused until the generator's source or core's writer changes.
# Then, BENCH_ANALYZE_REPEATS times (default 3), interleaved:
#   `bin/analyze --warp FILE` (stdout to /dev/null) and the baseline
#   `zstd -dc FILE | wc -l` (decompress and count lines, the least any reader does),
# each under GNU time: rows/s = rows / elapsed wall time (median printed), and peak
# RSS (%M; for the baseline the larger of zstd and wc; the largest repeat printed).
# Target: analyzer peak RSS < 200 MB (190.7 MiB). Rows/s has no target: the ratio
# to the baseline is shown.
set -u
bench_name=analyze
. "$(dirname "$0")/lib.sh"

rows=${BENCH_ROWS:-10000000}
reps=${BENCH_ANALYZE_REPEATS:-3}
analyze=$bench_top/bin/analyze
limit_mib=$(calc "200e6 / $MIB")
label=$rows
[ $((rows % 1000000)) -eq 0 ] && label="$((rows / 1000000))M"
[ $((rows % 1000000)) -ne 0 ] && [ $((rows % 1000)) -eq 0 ] && label="$((rows / 1000))k"

fail_all() {
	result "analyze --warp ${label} rows: speed" - rows/s - "rows/s zstd|wc" - -
	result "analyze --warp ${label} rows: peak RSS" - MiB - "MiB zstd|wc" "<" "$limit_mib"
	exit 1
}

gen=$(test_tool gen_warp_csv)
need_bin "$gen" "$analyze" zstd /usr/bin/time || fail_all
bench_init
analyze=$(snapshot "$analyze") || fail_all

data=$bench_top/build/bench
mkdir -p "$data" || fail_all
file=$data/warp-get-$rows.csv.zst
# Regenerated when missing or when the generator's source or core's log writer changed
# (a mere relink of the binary does not change its output).
if [ ! -s "$file" ] || [ "$bench_top/tests/tools/gen_warp_csv.c" -nt "$file" ] ||
	[ "$bench_top/core/opslog.c" -nt "$file" ] || [ "$bench_top/core/timefmt.c" -nt "$file" ]; then
	say "generating $rows rows into $file"
	t0=$(now_ns)
	timed "$bench_tmp/gen.time" "$gen" "$file" --rows "$rows" || { rm -f "$file"; fail_all; }
	say "  generated in $(calc "($(now_ns) - $t0) / 1e9") s," \
		"$(($(stat -c %s "$file") / MIB)) MiB compressed," \
		"generator peak RSS $(timed_field "$bench_tmp/gen.time" 4) KiB"
fi

a_rate=() a_rss=() b_rate=() b_rss=()
say "$reps interleaved repeats: analyze --warp, zstd -dc | wc -l"
for r in $(seq 1 "$reps"); do
	if timed "$bench_tmp/a.time" "$analyze" --warp "$file" >/dev/null 2>"$bench_tmp/a.err"; then
		el=$(timed_field "$bench_tmp/a.time" 1)
		a_rate+=("$(calc "$rows / ($el > 0 ? $el : 0.001)")")
		a_rss+=("$(calc "$(timed_field "$bench_tmp/a.time" 4) / 1024")")
	else
		say "analyze --warp failed:"
		tail -n 5 "$bench_tmp/a.err" >&2
		a_rate+=(-) a_rss+=(-)
	fi
	timed "$bench_tmp/b.time" sh -c 'zstd -dc "$1" | wc -l' sh "$file" >"$bench_tmp/b.out"
	n=$(cat "$bench_tmp/b.out")
	[ "$n" -ge "$rows" ] || say "baseline counted $n lines for $rows rows"
	el=$(timed_field "$bench_tmp/b.time" 1)
	b_rate+=("$(calc "$rows / ($el > 0 ? $el : 0.001)")")
	b_rss+=("$(calc "$(timed_field "$bench_tmp/b.time" 4) / 1024")")
	say "  repeat $r: analyze $(fmt "${a_rate[-1]}") rows/s $(fmt "${a_rss[-1]}") MiB;" \
		"zstd|wc $(fmt "${b_rate[-1]}") rows/s $(fmt "${b_rss[-1]}") MiB"
done
result "analyze --warp ${label} rows: speed" "$(median "${a_rate[@]}")" rows/s \
	"$(median "${b_rate[@]}")" "rows/s zstd|wc" - -
result "analyze --warp ${label} rows: peak RSS" "$(maximum "${a_rss[@]}")" MiB \
	"$(maximum "${b_rss[@]}")" "MiB zstd|wc" "<" "$limit_mib"
exit 0
