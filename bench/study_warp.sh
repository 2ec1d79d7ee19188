#!/usr/bin/env bash
# bench/study_warp.sh: `analyze --warp` on a generated MinIO Warp per-request log of the
# study's size, at two sizes (does its memory grow with the rows?), next to
# `zstd -dc FILE | wc -l` of the same file in the same run. Prints RESULT lines
# (bench/lib.sh); method in bench/README.md.
#
# build/tests/gen_warp_csv writes a deterministic synthetic Warp .csv.zst of
# 10,000,000 / BENCH_STUDY_SCALE rows (default scale 1: the issue's 10 million rows) and
# one of a quarter as many (GET, 1 MiB objects, 2 clients x 20 workers) into the
# benchmark's own temporary directory, removed at exit. Then BENCH_STUDY_REPEATS times
# (default 1), interleaved, each under GNU time: `bin/analyze --warp FILE` (stdout to
# /dev/null) and `zstd -dc FILE | wc -l`, for both files. Figures (medians; peak RSS the
# largest repeat): wall; rows per CPU-second (rows / user + system CPU: the rate per core
# used; target >= 0.5 x the baseline's); the wall extrapolated to 10M rows (linear in the
# rows); peak RSS (%M); and the large file's peak RSS against the small one's (target
# <= 1.25 x for 4 x the rows: memory bounded, not growing with the requests). The load
# average read before and after each command is printed beside it.
set -u
bench_name=study_warp
. "$(dirname "$0")/lib.sh"

scale=${BENCH_STUDY_SCALE:-1}
reps=${BENCH_STUDY_REPEATS:-1}
full=10000000
analyze=$bench_top/bin/analyze
big=$((full / scale))
small=$((big / 4))
label="$(calc "$big / 1e6")M rows"
slabel="$(calc "$small / 1e6")M rows"

fail_all() {
	result "warp $label: analyze --warp wall" - s - "s zstd|wc" - -
	result "warp $label: rows per CPU-second" - rows/cpu-s - "rows/cpu-s zstd|wc" "ratio>=" 0.5
	result "warp 10M rows (x$scale): analyze --warp wall" - s - "s zstd|wc" - -
	result "warp $label: analyze --warp peak RSS" - MiB - "MiB zstd|wc" - -
	result "warp $label: peak RSS against $slabel" - MiB - "MiB at $slabel" "ratio<=" 1.25
	exit 1
}

gen=$(test_tool gen_warp_csv)
need_bin "$gen" "$analyze" zstd /usr/bin/time || fail_all
[ "$small" -ge 1 ] || { say "BENCH_STUDY_SCALE $scale leaves no row"; fail_all; }
bench_init
analyze=$(snapshot "$analyze") || fail_all

for n in "$big" "$small"; do
	f=$bench_tmp/warp-$n.csv.zst
	say "generating $n rows into $f"
	t0=$(now_ns)
	timed "$bench_tmp/gen.time" "$gen" "$f" --rows "$n" || fail_all
	say "  generated in $(calc "($(now_ns) - $t0) / 1e9") s, $(($(stat -c %s "$f") / MIB)) MiB"
done


# measure N R: repeat R of both commands on the N-row file; appends each figure to the
# space-separated list at key N (a_* analyze, b_* the baseline)
declare -A a_wall a_cpu a_rss b_wall b_cpu b_rss
measure() {
	local n=$1 r=$2 f=$bench_tmp/warp-$1.csv.zst l lines
	l=$(load1)
	if timed "$bench_tmp/a.time" "$analyze" --warp "$f" >/dev/null 2>"$bench_tmp/a.err"; then
		a_wall[$n]+=" $(timed_field "$bench_tmp/a.time" 1)"
		a_cpu[$n]+=" $(timed_cpu "$bench_tmp/a.time")"
		a_rss[$n]+=" $(calc "$(timed_field "$bench_tmp/a.time" 4) / 1024")"
	else
		say "analyze --warp failed:"; tail -n 5 "$bench_tmp/a.err" >&2
		a_wall[$n]+=" -" a_cpu[$n]+=" -" a_rss[$n]+=" -"
	fi
	l="$l/$(load1)"
	timed "$bench_tmp/b.time" sh -c 'zstd -qdc "$1" | wc -l' sh "$f" >"$bench_tmp/b.out"
	lines=$(cat "$bench_tmp/b.out")
	[ "$lines" -ge "$n" ] || say "baseline counted $lines lines for $n rows"
	b_wall[$n]+=" $(timed_field "$bench_tmp/b.time" 1)"
	b_cpu[$n]+=" $(timed_cpu "$bench_tmp/b.time")"
	b_rss[$n]+=" $(calc "$(timed_field "$bench_tmp/b.time" 4) / 1024")"
	l="$l/$(load1)"
	say "  repeat $r, $n rows (load $l): analyze --warp $(timed_field "$bench_tmp/a.time" 1) s" \
		"wall, $(timed_cpu "$bench_tmp/a.time") s CPU," \
		"$(fmt "$(calc "$(timed_field "$bench_tmp/a.time" 4) / 1024")") MiB;" \
		"zstd|wc $(timed_field "$bench_tmp/b.time" 1) s wall, $(timed_cpu "$bench_tmp/b.time") s CPU," \
		"$(fmt "$(calc "$(timed_field "$bench_tmp/b.time" 4) / 1024")") MiB"
}
loads=()
for r in $(seq 1 "$reps"); do
	loads+=("$(load1)")
	measure "$big" "$r"
	measure "$small" "$r"
done

# shellcheck disable=SC2086 # the arrays hold space-separated lists
{
	aw=$(median ${a_wall[$big]}) ac=$(median ${a_cpu[$big]}) ar=$(maximum ${a_rss[$big]})
	bw=$(median ${b_wall[$big]}) bc=$(median ${b_cpu[$big]}) br=$(maximum ${b_rss[$big]})
	sr=$(maximum ${a_rss[$small]})
}
say "analyze --warp $label: $aw s wall against zstd|wc $bw s; peak RSS $ar MiB, $sr MiB" \
	"at $slabel; load $(median "${loads[@]}") (medians)"
scaled() { # WALL_S: at 10M rows, linear in the rows
	is_num "$1" && calc "$1 * $full / $big" || echo -
}
result "warp $label: analyze --warp wall" "$aw" s "$bw" "s zstd|wc" - -
result "warp $label: rows per CPU-second" "$(per_cpu "$big" "$ac")" rows/cpu-s \
	"$(per_cpu "$big" "$bc")" "rows/cpu-s zstd|wc" "ratio>=" 0.5
result "warp 10M rows (x$scale): analyze --warp wall" "$(scaled "$aw")" s \
	"$(scaled "$bw")" "s zstd|wc" - -
result "warp $label: analyze --warp peak RSS" "$ar" MiB "$br" "MiB zstd|wc" - -
result "warp $label: peak RSS against $slabel" "$ar" MiB "$sr" "MiB at $slabel" "ratio<=" 1.25
exit 0
