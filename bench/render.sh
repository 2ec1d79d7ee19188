#!/usr/bin/env bash
# bench/render.sh: how long bin/render takes on the full matrix (5 subjects × put/get ×
# 4 sizes × 3 concurrencies × 7 cycles + LIST/HEAD/DELETE), HTML and PDF, English and
# Korean; the median of REPEATS runs (default 9), next to baselines measured in the
# same run on the same data: bin/analyze producing that aggregate.json, and `cat` of
# the report files (the cost of just reading the output). Target: under 1 s.
#   bench/render.sh [REPEATS]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
n=${1:-9}
work=$(mktemp -d /tmp/s3bench-bench-render.XXXXXX)
trap 'rm -rf "$work"' EXIT
[ -x bin/render ] || { echo "bench/render.sh: build first (make)" >&2; exit 2; }

if [ -x build/tests/fake_campaign ] && [ -x bin/analyze ]; then
	build/tests/fake_campaign "$work/data" >/dev/null
	have_analyze=1
else
	have_analyze=0
	py=python3
	[ -x /usr/bin/python3 ] && py=/usr/bin/python3
	"$py" tests/fixtures/render/gen_aggregate.py "$work/data/results"
fi
[ "$have_analyze" = 1 ] && bin/analyze "$work/data" -o "$work/data/results" >/dev/null 2>&1

# median_ms CMD...: run CMD n times, print the median wall time in milliseconds
median_ms() {
	local i t0 t1
	for i in $(seq "$n"); do
		t0=$(date +%s%N)
		"$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		echo $(((t1 - t0) / 1000))
	done | sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.1f\n", m / 1000 }'
}

agg=$work/data/results/aggregate.json
render_en=$(median_ms bin/render "$work/data/results" -o "$work/r-en")
render_ko=$(median_ms bin/render "$work/data/results" -o "$work/r-ko" --lang ko)
html_only=$(median_ms bin/render "$work/data/results" -o "$work/r-html" --format html)
pdf_only=$(median_ms bin/render "$work/data/results" -o "$work/r-pdf" --format pdf)
cat_out=$(median_ms cat "$work/r-en/report.html" "$work/r-en/report.pdf")
if [ "$have_analyze" = 1 ]; then
	analyze=$(median_ms bin/analyze "$work/data" -o "$work/a")
else
	analyze="n/a"
fi

echo "bench/render.sh: bin/render on the full matrix"
echo "method: wall time of each command, median of $n runs, same machine, same data, one after the other"
printf '  input: %s (%s bytes, %s cells)\n' "aggregate.json" "$(wc -c <"$agg")" \
	"$(grep -o '"expected"' "$agg" | wc -l)"
printf '  output: report.html %s bytes, report.pdf %s bytes (en); report.pdf %s bytes (ko)\n' \
	"$(wc -c <"$work/r-en/report.html")" "$(wc -c <"$work/r-en/report.pdf")" \
	"$(wc -c <"$work/r-ko/report.pdf")"
printf '  %-44s %8s ms\n' "render html+pdf, en" "$render_en" \
	"render html+pdf, ko (embeds NanumGothic)" "$render_ko" \
	"render html only, en" "$html_only" \
	"render pdf only, en" "$pdf_only" \
	"baseline: analyze of the same campaign" "$analyze" \
	"baseline: cat of report.html + report.pdf" "$cat_out"
awk -v r="$render_en" -v k="$render_ko" 'BEGIN {
	printf "  target: under 1000 ms: %s\n", (r < 1000 && k < 1000) ? "met" : "NOT met" }'
