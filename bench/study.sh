#!/usr/bin/env bash
# bench/study.sh: analyze on a generated study of the published shape, next to
# `zstd -dc ALL | wc -l` of the same files in the same run. Prints RESULT lines
# (bench/lib.sh); method in bench/README.md.
#
# The study: build/tests/fake_campaign --subjects 5 --cycles 7 --ops-logs --ops-rows R
# --ops-seconds 300 --no-failures (5 providers x 24 PUT/GET cells x 7 cycles of 5 minutes,
# plus the one-off LIST/HEAD/DELETE runs: 855 runs), R rows per run so that the study holds
# 50,000,000 / BENCH_STUDY_SCALE rows (default scale 1: the published size). It is written
# into the benchmark's own temporary directory and removed at exit (not kept, not
# committed). Then BENCH_STUDY_REPEATS times (default 1), interleaved, each under GNU time:
#   `bin/analyze DIR --recompute -o OUT` (every run's summary recomputed from its
#   ops.tsv.zst: every request row read), the baseline `zstd -dc ALL | wc -l` of the same
#   files (the least any reader of them does), and `bin/analyze DIR -o OUT` (the run.json
#   summaries trusted: no row read), and the first on one thread
#   (S3BENCH_ANALYZE_THREADS=1: what reading the runs in parallel buys).
# Figures (medians): wall time; rows per CPU-second (rows / user + system CPU, i.e. the rate
# per core used; target >= 0.5 x the baseline's); the wall time extrapolated to the
# published 50,000,000 rows (the part above the summaries-only analyze's time taken as
# linear in the rows; the baseline's all of it; target < 60 s) and its CPU time the same
# way (all of it taken as linear: an upper bound; on a loaded machine the wall time is
# mostly waiting for a core, and CPU / cores is what a quiet one would take); peak RSS (%M). Each measurement's load average is printed beside it.
# Then bin/render of the study's results (the summaries-only analyze's output), html and
# pdf each alone, interleaved with the same of a reference campaign (fake_campaign's
# default, analyzed), BENCH_STUDY_RENDER_REPEATS times (default 5): medians; the target
# (< 2 s) is judged on html + pdf's absolute wall time; the load average is printed beside
# each repeat and the medians.
set -u
bench_name=study
. "$(dirname "$0")/lib.sh"

scale=${BENCH_STUDY_SCALE:-1}
reps=${BENCH_STUDY_REPEATS:-1}
full=50000000
analyze=$bench_top/bin/analyze
runs=855 # 5 x 24 x 7 + 5 x 3 one-off
per_run=$((full / scale / runs))
label="$(calc "$full / $scale / 1e6")M rows"

fail_all() {
	result "study $label: analyze --recompute wall" - s - "s zstd|wc" - -
	result "study $label: rows per CPU-second" - rows/cpu-s - "rows/cpu-s zstd|wc" "ratio>=" 0.5
	result "study 50M rows (x$scale): analyze --recompute wall" - s - "s zstd|wc" "<" 60
	result "study 50M rows (x$scale): analyze --recompute CPU" - cpu-s - "cpu-s zstd|wc" - -
	result "study $label: analyze --recompute peak RSS" - MiB - "MiB zstd|wc" - -
	result "study $label: analyze (summaries) wall" - s - "s zstd|wc" - -
	result "study $label: analyze --recompute on 1 thread wall" - s - "s zstd|wc" - -
	result "study $label: render html+pdf wall" - s - "s reference" "<" 2
	exit 1
}

gen=$(test_tool fake_campaign)
need_bin "$gen" "$analyze" zstd /usr/bin/time || fail_all
[ "$per_run" -ge 1 ] || { say "BENCH_STUDY_SCALE $scale leaves no row per run"; fail_all; }
bench_init
analyze=$(snapshot "$analyze") || fail_all
study=$bench_tmp/study

say "generating the study: $runs runs x $per_run rows (scale 1/$scale of 50M) into $study"
t0=$(now_ns)
timed "$bench_tmp/gen.time" "$gen" "$study" --subjects 5 --cycles 7 --ops-logs \
	--ops-rows "$per_run" --ops-seconds 300 --no-failures || fail_all
find "$study/runs" -name ops.tsv.zst -print0 | sort -z >"$bench_tmp/files"
nfiles=$(tr -cd '\0' <"$bench_tmp/files" | wc -c)
say "  generated in $(calc "($(now_ns) - $t0) / 1e9") s: $nfiles ops.tsv.zst," \
	"$(du -sm "$study" | cut -f1) MiB"


a_wall=() a_cpu=() a_rss=() b_wall=() b_cpu=() b_rss=() s_wall=() o_wall=() o_cpu=()
rows=-
for r in $(seq 1 "$reps"); do
	l=$(load1)
	rm -rf "$bench_tmp/out"
	if timed "$bench_tmp/a.time" "$analyze" "$study" --recompute -o "$bench_tmp/out" \
		>/dev/null 2>"$bench_tmp/a.err"; then
		a_wall+=("$(timed_field "$bench_tmp/a.time" 1)")
		a_cpu+=("$(timed_cpu "$bench_tmp/a.time")")
		a_rss+=("$(calc "$(timed_field "$bench_tmp/a.time" 4) / 1024")")
	else
		say "analyze --recompute failed:"; tail -n 5 "$bench_tmp/a.err" >&2
		a_wall+=(-) a_cpu+=(-) a_rss+=(-)
	fi
	l="$l/$(load1)"
	timed "$bench_tmp/b.time" sh -c 'xargs -0 zstd -qdc <"$1" | wc -l' sh "$bench_tmp/files" \
		>"$bench_tmp/b.out"
	lines=$(cat "$bench_tmp/b.out")
	rows=$((lines - nfiles)) # one header line a file
	b_wall+=("$(timed_field "$bench_tmp/b.time" 1)")
	b_cpu+=("$(timed_cpu "$bench_tmp/b.time")")
	b_rss+=("$(calc "$(timed_field "$bench_tmp/b.time" 4) / 1024")")
	l="$l/$(load1)"
	rm -rf "$bench_tmp/out"
	timed "$bench_tmp/s.time" "$analyze" "$study" -o "$bench_tmp/out" >/dev/null 2>&1 &&
		s_wall+=("$(timed_field "$bench_tmp/s.time" 1)") || s_wall+=(-)
	l="$l/$(load1)"
	rm -rf "$bench_tmp/out"
	if S3BENCH_ANALYZE_THREADS=1 timed "$bench_tmp/o.time" "$analyze" "$study" --recompute \
		-o "$bench_tmp/out" >/dev/null 2>&1; then
		o_wall+=("$(timed_field "$bench_tmp/o.time" 1)") o_cpu+=("$(timed_cpu "$bench_tmp/o.time")")
	else
		o_wall+=(-) o_cpu+=(-)
	fi
	say "  repeat $r (load $l/$(load1)): analyze --recompute ${a_wall[-1]} s wall," \
		"${a_cpu[-1]} s CPU, $(fmt "${a_rss[-1]}") MiB; zstd|wc ${b_wall[-1]} s wall," \
		"${b_cpu[-1]} s CPU, $(fmt "${b_rss[-1]}") MiB ($rows rows); analyze ${s_wall[-1]} s;" \
		"analyze --recompute on 1 thread ${o_wall[-1]} s wall, ${o_cpu[-1]} s CPU"
done

# render of the study's results (html and pdf, each alone), interleaved with the same of
# the reference campaign's (fake_campaign's default: 5 subjects x 24 cells x 1 cycle + the
# one-offs, analyzed), BENCH_STUDY_RENDER_REPEATS times (default 5); wall under GNU time
# (10 ms resolution) and the load average read before each.
render=$(snapshot "$bench_top/bin/render") || render=-
r_html=() r_pdf=() f_html=() f_pdf=() r_load=()
render_one() { # RESULTS FORMAT: wall s of one render, or "-"
	rm -rf "$bench_tmp/report"
	timed "$bench_tmp/r.time" "$render" "$1" -o "$bench_tmp/report" --format "$2" \
		--templates "$bench_top/templates" \
		>/dev/null 2>"$bench_tmp/r.err" && timed_field "$bench_tmp/r.time" 1 || echo -
}
if [ "$render" != - ] &&
	"$analyze" "$study" -o "$bench_tmp/results" >/dev/null 2>"$bench_tmp/r.err" &&
	"$gen" "$bench_tmp/ref" >/dev/null 2>&1 &&
	"$analyze" "$bench_tmp/ref" -o "$bench_tmp/ref/results" >/dev/null 2>&1; then
	say "render: study results $(wc -c <"$bench_tmp/results/aggregate.json") bytes of" \
		"aggregate.json; reference $(wc -c <"$bench_tmp/ref/results/aggregate.json") bytes"
	render_one "$bench_tmp/results" html,pdf >/dev/null # warm the page cache
	for r in $(seq 1 "${BENCH_STUDY_RENDER_REPEATS:-5}"); do
		r_load+=("$(load1)")
		r_html+=("$(render_one "$bench_tmp/results" html)")
		r_pdf+=("$(render_one "$bench_tmp/results" pdf)")
		f_html+=("$(render_one "$bench_tmp/ref/results" html)")
		f_pdf+=("$(render_one "$bench_tmp/ref/results" pdf)")
		say "  render repeat $r (load ${r_load[-1]}/$(load1)): study html ${r_html[-1]} s," \
			"pdf ${r_pdf[-1]} s; reference html ${f_html[-1]} s, pdf ${f_pdf[-1]} s"
	done
else
	say "render: no results to render:"; tail -n 5 "$bench_tmp/r.err" >&2
fi
# sum2 A B: A + B, or "-" when either is not a number
sum2() {
	is_num "$1" && is_num "$2" && calc "$1 + $2" || echo -
}

aw=$(median "${a_wall[@]}") ac=$(median "${a_cpu[@]}")
bw=$(median "${b_wall[@]}") bc=$(median "${b_cpu[@]}")
# scaled WALL_S: WALL_S at the published 50M rows: the part that grows with the rows
# (analyze --recompute's wall time less the summaries-only analyze's, which reads the
# same runs and no row) times 50M / rows, plus the summaries-only part
scaled() {
	local fixed=${2:-0}
	is_num "$1" && is_num "$rows" && is_num "$fixed" && calc "($1 - $fixed) * $full / $rows + $fixed" || echo -
}
is_num "$rows" && [ "$rows" -gt 0 ] || rows=-
result "study $label: analyze --recompute wall" "$aw" s "$bw" "s zstd|wc" - -
result "study $label: rows per CPU-second" "$(per_cpu "$rows" "$ac")" rows/cpu-s \
	"$(per_cpu "$rows" "$bc")" "rows/cpu-s zstd|wc" "ratio>=" 0.5
sw=$(median "${s_wall[@]}")
result "study 50M rows (x$scale): analyze --recompute wall" "$(scaled "$aw" "$sw")" s \
	"$(scaled "$bw")" "s zstd|wc" "<" 60
result "study 50M rows (x$scale): analyze --recompute CPU" "$(scaled "$ac")" cpu-s \
	"$(scaled "$bc")" "cpu-s zstd|wc" - -
result "study $label: analyze --recompute peak RSS" "$(maximum "${a_rss[@]}")" MiB \
	"$(maximum "${b_rss[@]}")" "MiB zstd|wc" - -
result "study $label: analyze (summaries) wall" "$sw" s "$bw" \
	"s zstd|wc" - -
result "study $label: analyze --recompute on 1 thread wall" "$(median "${o_wall[@]}")" s "$bw" \
	"s zstd|wc" - -
rh=$(median "${r_html[@]}") rp=$(median "${r_pdf[@]}")
fh=$(median "${f_html[@]}") fp=$(median "${f_pdf[@]}")
say "render of the study html+pdf $(sum2 "$rh" "$rp") s against the reference's" \
	"$(sum2 "$fh" "$fp") s, load $(median "${r_load[@]}") (medians)"
result "study $label: render html+pdf wall" "$(sum2 "$rh" "$rp")" s "$(sum2 "$fh" "$fp")" \
	"s reference" "<" 2
result "study $label: render html wall" "$rh" s "$fh" "s reference" - -
result "study $label: render pdf wall" "$rp" s "$fp" "s reference" - -
exit 0
