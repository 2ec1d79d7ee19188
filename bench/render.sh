#!/usr/bin/env bash
# bench/render.sh: how long bin/render takes on the full matrix (5 subjects × put/get ×
# 4 sizes × 3 concurrencies × 7 cycles + LIST/HEAD/DELETE), HTML and PDF, English and
# Korean, next to baselines measured in the same run on the same data: bin/analyze
# producing that aggregate.json, and `cat` of the report files (the cost of only reading
# the output). Each repeat runs every command once, in turn (interleaved); the median of
# BENCH_RENDER_REPEATS (default 9; 3 with BENCH_QUICK=1) is reported. Target: under 1 s.
#
#   bench/render.sh
#
# stdout: RESULT lines (bench/README.md); stderr: the method and a readable table.
set -eu
bench_name=render
. "$(dirname "$0")/lib.sh"
cd "$bench_top"
n=${BENCH_RENDER_REPEATS:-9}
[ "${BENCH_QUICK:-0}" = 1 ] && n=${BENCH_RENDER_REPEATS:-3}
need_bin bin/render || { result "render html+pdf en, full matrix" - ms - - "<" 1000; exit 1; }
bench_init
work=$bench_tmp

have_analyze=0
if [ -x build/tests/fake_campaign ] && [ -x bin/analyze ] &&
	build/tests/fake_campaign "$work/data" >/dev/null 2>&1 &&
	bin/analyze "$work/data" -o "$work/data/results" >/dev/null 2>&1; then
	have_analyze=1
else
	py=python3
	[ -x /usr/bin/python3 ] && py=/usr/bin/python3
	"$py" tests/fixtures/render/gen_aggregate.py "$work/data/results"
fi
res=$work/data/results
agg=$res/aggregate.json

# ms CMD...: wall time of one run of CMD in milliseconds (output discarded)
ms() {
	local t0 t1
	t0=$(now_ns)
	"$@" >/dev/null 2>&1 || { echo -; return; }
	t1=$(now_ns)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", (b - a) / 1e6 }'
}

bin/render "$res" -o "$work/r-en" >/dev/null # warm the page cache once
en=() ko=() html=() pdf=() ana=() cat_=()
for i in $(seq "$n"); do
	en+=("$(ms bin/render "$res" -o "$work/r-en")")
	ko+=("$(ms bin/render "$res" -o "$work/r-ko" --lang ko)")
	html+=("$(ms bin/render "$res" -o "$work/r-html" --format html)")
	pdf+=("$(ms bin/render "$res" -o "$work/r-pdf" --format pdf)")
	[ "$have_analyze" = 1 ] && ana+=("$(ms bin/analyze "$work/data" -o "$work/a")")
	cat_+=("$(ms cat "$work/r-en/report.html" "$work/r-en/report.pdf")")
	say "repeat $i/$n: en ${en[-1]} ms, ko ${ko[-1]} ms"
done
m_en=$(median "${en[@]}") m_ko=$(median "${ko[@]}") m_html=$(median "${html[@]}")
m_pdf=$(median "${pdf[@]}") m_cat=$(median "${cat_[@]}")
m_ana=-
[ "$have_analyze" = 1 ] && m_ana=$(median "${ana[@]}")

{
	echo "method: wall time of each command, every command once per repeat in turn,"
	echo "        median of $n repeats, same machine and data; baselines measured alongside"
	printf '  input: aggregate.json, %s bytes, %s cells\n' "$(wc -c <"$agg")" \
		"$(grep -o '"expected"' "$agg" | wc -l)"
	printf '  output: report.html %s bytes, report.pdf %s bytes (en); report.pdf %s bytes (ko)\n' \
		"$(wc -c <"$work/r-en/report.html")" "$(wc -c <"$work/r-en/report.pdf")" \
		"$(wc -c <"$work/r-ko/report.pdf")"
	printf '  %-44s %8s ms\n' "render html+pdf, en" "$m_en" \
		"render html+pdf, ko (NanumGothic first)" "$m_ko" \
		"render html only, en" "$m_html" \
		"render pdf only, en" "$m_pdf" \
		"baseline: analyze of the same campaign" "$m_ana" \
		"baseline: cat of report.html + report.pdf" "$m_cat"
} >&2

result "render html+pdf en, full matrix" "$m_en" ms "$m_ana" "ms analyze" "<" 1000
result "render html+pdf ko, full matrix" "$m_ko" ms "$m_ana" "ms analyze" "<" 1000
result "render html only en" "$m_html" ms "$m_cat" "ms cat of output" - -
result "render pdf only en" "$m_pdf" ms "$m_cat" "ms cat of output" - -
