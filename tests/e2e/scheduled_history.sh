#!/usr/bin/env bash
# tests/e2e/scheduled_history.sh: scripts/scheduled-build's history and regression alert,
# fast and without a server: S3BENCH_BIN points at a collect stand-in that copies cycle N
# of a synthetic campaign (build/tests/fake_campaign, 2 % noise) into OUT/data, and at the
# real analyze and render. Cycles 5 and 6 come from the same campaign with provider-a's PUT
# 100MiB c10 at half speed.
# - builds 1 and 2: exit 0, history.sqlite holds them; the report's Trend section shows 3
#   builds after build 4;
# - build 3 killed (SIGKILL, whole group) inside the database transaction: the 2 builds
#   intact, the previous report still linked; build 4 then succeeds (3 builds);
# - build 5 (the first low cycle): a watch, exit 0, one "watch: provider-a put 100MiB c10
#   -NN % in build 4 alone; ..." line on stderr and no regression line;
# - build 6 (the next cycle confirms it): exit 4, the last line on stderr "regression:
#   provider-a put 100MiB c10 -NN % since build 4 (CI ...)", the report switched all the
#   same.
# - builds 5 and 6 with --metrics-dir: the textfile's s3bench_watch, then s3bench_regression,
#   is 1 for that cell (0 for the others) and s3bench_regression_alerts counts the alert.
# - builds 5 and 6 run without jq (a jq on PATH that fails as a missing one does): the
#   watch and regression lines and exit 4 come from s3bench's own commands;
# - build 6's --alert-cells and --alert-false-rate reach analyze (trend.json's cells and
#   rate).
. "$(dirname "$0")/analyze_lib.sh"
fake=${FAKE_CAMPAIGN:-$top/build/tests/fake_campaign}
render=${RENDER:-$top/bin/render}
for b in "$analyze" "$render" "$fake"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done
common=(--subjects 2 --cycles 6 --seed 5 --noise 0.02 --no-failures)
"$fake" "$tmp/p" "${common[@]}" >/dev/null &&
	"$fake" "$tmp/q" "${common[@]}" --cell 1:put:104857600:10=0.5 >/dev/null
check $? "synthetic campaigns written"

mkdir -p "$tmp/bin"
ln -s "$analyze" "$tmp/bin/analyze"
ln -s "$render" "$tmp/bin/render"
cat >"$tmp/bin/collect" <<'SH'
#!/usr/bin/env bash
# collect stand-in: CAMPAIGN -o DATA --cycle N --resume -> copy cycle N of $FAKE_SRC
# (of $FAKE_SRC_LAST from cycle $FAKE_LAST_CYCLE on); `slot` (schedule = spread's question):
# run now, as a campaign without a spread schedule is told.
[ "$1" = slot ] && { echo "run: no schedule"; exit 0; }
data=$3 cycle=$5
src=$FAKE_SRC
[ "$cycle" -ge "$FAKE_LAST_CYCLE" ] && src=$FAKE_SRC_LAST
mkdir -p "$data/runs" && cp "$src/campaign.ini" "$data/" &&
	cp -r "$src/runs/once" "$data/runs/" && cp -r "$src/runs/cycle-0$cycle" "$data/runs/"
SH
chmod +x "$tmp/bin/collect"
export S3BENCH_BIN=$tmp/bin FAKE_SRC=$tmp/p FAKE_SRC_LAST=$tmp/q FAKE_LAST_CYCLE=5
build="$top/scripts/scheduled-build"
out=$tmp/out
touch "$tmp/camp.ini"
builds() {
	python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM builds").fetchone()[0])' "$out/history.sqlite"
}

"$build" "$tmp/camp.ini" "$out" >"$tmp/b1.log" 2>&1 && "$build" "$tmp/camp.ini" "$out" >"$tmp/b2.log" 2>&1
check $? "builds 1 and 2 exit 0 ($(tail -n 1 "$tmp/b2.log"))"
[ "$(builds)" = 2 ]
check $? "history.sqlite holds 2 builds"
report=$(readlink "$out/report")

: >"$tmp/b3.log"
S3BENCH_TEST_HISTORY_PAUSE=30 setsid "$build" "$tmp/camp.ini" "$out" >"$tmp/b3.log" 2>&1 &
p3=$!
for _ in $(seq 1 300); do
	grep -q "pausing" "$tmp/b3.log" && break
	sleep 0.05
done
grep -q "pausing" "$tmp/b3.log"
check $? "build 3 paused inside the database transaction"
kill -KILL -- -"$p3" 2>/dev/null
wait "$p3" 2>/dev/null
[ "$(builds)" = 2 ] && [ "$(readlink "$out/report")" = "$report" ] && [ -s "$out/report/report.html" ]
check $? "killed: 2 builds intact, the previous report still linked"
"$build" "$tmp/camp.ini" "$out" >"$tmp/b4.log" 2>&1 && [ "$(builds)" = 3 ]
check $? "build 4 succeeds: 3 builds ($(tail -n 1 "$tmp/b4.log"))"
python3 -c 'import json,sys; t=json.load(open(sys.argv[1])); sys.exit(0 if all(len(s["points"]) == 3 for s in t["series"]) else 1)' "$out/results/trend.json"
check $? "trend.json: 3 points per series"
python3 - "$out/report/report.html" <<'PY'
import html, re, sys
t = open(sys.argv[1]).read()
i = t.find('<h2 id="trend"'); j = t.find('<h2 id="environment"')
sec = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", t[i:j])))
sys.exit(0 if 0 <= i < j and all("Build %d" % b in sec for b in (1, 2, 3)) and "Build 4" not in sec else 1)
PY
check $? "the report's Trend section: builds 1, 2, 3"

# flags FAMILY: the cells of FAMILY's samples at 1 in the textfile, "SUBJECT OP SIZE cN" each
flags() {
	sed -n "s/^$1{[^}]*subject=\"\([^\"]*\)\",op=\"\([^\"]*\)\",size=\"\([0-9]*\)\",concurrency=\"\([0-9]*\)\"} 1\$/\1 \2 \3 c\4/p" \
		"$tmp/tf/s3bench-camp.prom"
}
mkdir -p "$tmp/tf" "$tmp/nojq"
# jq is no dependency of the scheduled build: a jq that fails as a missing one does
printf '#!/bin/sh\necho "jq: command not found" >&2\nexit 127\n' >"$tmp/nojq/jq"
chmod +x "$tmp/nojq/jq"
PATH=$tmp/nojq:$PATH "$build" "$tmp/camp.ini" "$out" --metrics-dir "$tmp/tf" >"$tmp/b5.out" 2>"$tmp/b5.err"
rc=$?
w=$(grep '^watch:' "$tmp/b5.err")
[ "$rc" -eq 0 ] && [ "$(grep -c '^watch:' "$tmp/b5.err")" -eq 1 ] &&
	[[ "$w" =~ ^watch:\ provider-a\ put\ 100MiB\ c10\ -[0-9]+\ %\ in\ build\ 4\ alone\;\ an\ alert\ if\ the\ next\ build\ confirms\ it$ ]] &&
	! grep -q '^regression' "$tmp/b5.err"
check $? "build 5, the first low cycle: exit 0 ($rc), one line '$w', no regression"
[ "$(builds)" = 4 ] && grep -q "cycle 5 done" "$tmp/b5.out"
check $? "and the build is complete: 4 builds, report switched"
[ "$(flags s3bench_watch)" = "provider-a put 104857600 c10" ] && [ -z "$(flags s3bench_regression)" ] &&
	grep -q '^s3bench_regression_alerts{.*} 0$' "$tmp/tf/s3bench-camp.prom"
check $? "metrics of build 5: s3bench_watch 1 for that cell only, no regression flag ($(flags s3bench_watch))"

PATH=$tmp/nojq:$PATH "$build" "$tmp/camp.ini" "$out" --metrics-dir "$tmp/tf" \
	--alert-cells "headline, get 256KiB *" --alert-false-rate 0.5% >"$tmp/b6.out" 2>"$tmp/b6.err"
rc=$?
last=$(tail -n 1 "$tmp/b6.err")
[ "$rc" -eq 4 ] && [[ "$last" =~ ^regression:\ provider-a\ put\ 100MiB\ c10\ -[0-9]+\ %\ since\ build\ 4\ \(CI\ -[0-9]+..-[0-9]+\ %\)$ ]] &&
	[ "$(grep -c '^regression' "$tmp/b6.err")" -eq 1 ] && ! grep -q '^watch:' "$tmp/b6.err"
check $? "build 6, the next cycle confirms it: exit 4 ($rc), one line '$last'"
[ "$(builds)" = 5 ] && grep -q "cycle 6 done" "$tmp/b6.out" &&
	grep -q "regression: Provider A put 100MiB c10" "$out/report/report.html"
check $? "and the build is complete: 5 builds, report switched, naming the regression"
python3 - "$out/results/trend.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
cells = sorted({(s["op"], s["size"], s["concurrency"]) for s in t["series"] if not s["oneoff"]})
want = [("get", 262144, 1), ("get", 262144, 5), ("get", 262144, 10), ("get", 104857600, 10), ("put", 104857600, 10)]
sys.exit(0 if cells == want and t["test"]["false_alarm_rate"] == 0.005 else 1)
PY
check $? "build 6's --alert-cells 'headline, get 256KiB *' and --alert-false-rate 0.5% reach the trend"
[ "$(flags s3bench_regression)" = "provider-a put 104857600 c10" ] && [ -z "$(flags s3bench_watch)" ] &&
	grep -q '^s3bench_regression_alerts{.*} 1$' "$tmp/tf/s3bench-camp.prom"
check $? "metrics of build 6: s3bench_regression 1 for that cell only, one alert ($(flags s3bench_regression))"
if command -v promtool >/dev/null 2>&1; then
	promtool check metrics <"$tmp/tf/s3bench-camp.prom" >"$tmp/promtool.log" 2>&1
	check $? "promtool check metrics accepts it $(head -n 2 "$tmp/promtool.log")"
fi
finish
