#!/usr/bin/env bash
# tests/e2e/history.sh: `analyze ... --history DB` on synthetic builds with a known truth.
# A scheduled campaign is imitated by analyzing the cycles of build/tests/fake_campaign one
# more at a time (8 builds, 3 % noise); from the 7th cycle on one headline cell (provider-a
# put 100MiB c10) runs at 0.75 times its speed, everything else as before (same seed).
# - the database holds 8 builds, 48 cells each, the schema version;
# - builds 1 to 3: not enough history to judge (trend.json, the report's Trend section and
#   Key findings say so); build 6: every headline series steady, no alert, no watch;
# - build 7 (the first low build): a watch for that cell only, no alert; build 8 (the next
#   build confirms it): exactly that cell alerted, a regression since build 7 whose
#   interval covers 0.75, with the alert line scheduled-build prints (--alerts FILE: the
#   lines alone, none before build 7);
# - the floor: with --alert-min-change 30% or the campaign's alert_min_change = 30%, the
#   same build 8 alerts nothing; a bad --alert-min-change is a usage error;
# - collect accepts alert_min_change = 15% and refuses 15 and 100%, naming file:line; the
#   same for alert_false_rate (0.5% yes, 0% no) and alert_cells (a list yes, 'put 4KiB' no);
# - which cells alert: --alert-cells all judges the 24 cells of both subjects (48 series),
#   each at its Sidak share of --alert-false-rate 0.5%, and still alerts the regression of
#   build 8; the campaign's alert_cells = put 256KiB c1, get * c5 judges those 10 series
#   at their share of 1 % and, the changed cell not among them, alerts nothing;
# - two builds that agree by luck, then a -19 % dip (a third campaign): no alert, no watch;
# - SIGKILL inside the database transaction (S3BENCH_TEST_HISTORY_PAUSE) leaves the 8
#   builds as they were, and the next build succeeds;
# - a database of a newer schema, or not a history, is refused and left untouched.
# Needs no server. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/analyze_lib.sh"
fake=${FAKE_CAMPAIGN:-$top/build/tests/fake_campaign}
for b in "$analyze" "$fake"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done
db=$tmp/history.sqlite
q() { python3 -c 'import sqlite3, sys
print("\n".join("|".join(map(str, r)) for r in sqlite3.connect(sys.argv[1]).execute(sys.argv[2])))' "$@"; }

common=(--subjects 2 --cycles 8 --seed 3 --noise 0.03 --no-failures)
"$fake" "$tmp/p" "${common[@]}" >/dev/null &&
	"$fake" "$tmp/q" "${common[@]}" --cell 1:put:104857600:10=0.75 >/dev/null
check $? "two synthetic campaigns written"
mkdir -p "$tmp/d/runs" && cp "$tmp/p/campaign.ini" "$tmp/d/" && cp -r "$tmp/p/runs/once" "$tmp/d/runs/"
fails=0
for k in 1 2 3 4 5 6 7 8; do
	src=$tmp/p
	[ "$k" -ge 7 ] && src=$tmp/q
	[ "$k" = 8 ] && cp "$db" "$tmp/before8.sqlite"
	cp -r "$src/runs/cycle-0$k" "$tmp/d/runs/"
	"$analyze" "$tmp/d" -o "$tmp/r$k" --history "$db" --alerts "$tmp/r$k.lines" 2>"$tmp/a$k.err" ||
		fails=$((fails + 1))
done
[ "$fails" -eq 0 ]
check $? "8 builds analyzed with --history ($fails failed)"
[ "$(q "$db" "SELECT COUNT(*), MIN(cycles), MAX(cycles) FROM builds")" = "8|1|8" ] &&
	[ "$(q "$db" "SELECT COUNT(*) FROM cells GROUP BY build" | sort -u)" = "48" ] &&
	[ "$(q "$db" "SELECT value FROM meta WHERE key = 'schema_version'")" = 2 ] &&
	[ "$(q "$db" "SELECT COUNT(*) FROM oneoffs GROUP BY build" | sort -u)" = 6 ]
check $? "the database: 8 builds (cycles 1..8), 48 cells each, schema_version 2, 6 one-off rows each"
grep -q "build 7 recorded; 0 regression alerts, 1 watches" "$tmp/a7.err" &&
	grep -q "build 8 recorded; 1 regression alerts, 0 watches" "$tmp/a8.err"
check $? "stderr of builds 7 and 8: $(tail -n 1 "$tmp/a7.err"); $(tail -n 1 "$tmp/a8.err")"
[ ! -s "$tmp/r6.lines" ] && [ "$(wc -l <"$tmp/r7.lines")" -eq 1 ] && grep -q '^watch: provider-a put 100MiB c10 ' "$tmp/r7.lines" &&
	[ "$(wc -l <"$tmp/r8.lines")" -eq 1 ] && grep -q '^regression: provider-a put 100MiB c10 ' "$tmp/r8.lines"
check $? "--alerts: build 6 none, build 7 its watch line, build 8 its regression line ($(cat "$tmp/r8.lines"))"
"$analyze" "$tmp/d" -o "$tmp/nohist" --alerts "$tmp/nohist.lines" 2>"$tmp/nohist.err"
[ $? -eq 2 ] && grep -q "alerts needs --history" "$tmp/nohist.err" && [ ! -e "$tmp/nohist.lines" ]
check $? "--alerts without --history: usage error ($(head -n 1 "$tmp/nohist.err"))"

pycheck "trend" "$tmp/r3/trend.json" "$tmp/r6/trend.json" "$tmp/r7/trend.json" "$tmp/r8/trend.json" <<'PY'
import json, sys
three, six, seven, eight = (json.load(open(f)) for f in sys.argv[1:5])
from checks import t
def states(tr):
    return [s["change"]["state"] for s in tr["series"] if not s["oneoff"]]
t(not three["enough_history"] and set(states(three)) == {"insufficient"} and three["alerts"] == []
  and three["watch"] == [], "build 3: not enough history to judge (%s)" % states(three))
t(six["enough_history"] and six["alerts"] == [] and six["watch"] == [] and set(states(six)) == {"steady"},
  "build 6: every headline series steady, no alert, no watch (%s)" % states(six))
heads = sorted({(s["op"], s["size"], s["concurrency"]) for s in eight["series"] if not s["oneoff"]})
t(heads == [("get", 104857600, 10), ("put", 104857600, 10)], "headline cells: PUT/GET 100MiB c10 (%s)" % heads)
once = sorted({s["op"] for s in eight["series"] if s["oneoff"]})
t(once == ["delete", "head", "list"] and all(s["change"] is None for s in eight["series"] if s["oneoff"]),
  "one-off rates: delete, head, list, not judged (%s)" % once)
t(all(len(s["points"]) == 8 for s in eight["series"]) and len(eight["series"]) == 10,
  "10 series of 8 points (one per build)")
w = seven["watch"]
t(seven["alerts"] == [] and len(w) == 1 and w[0].startswith("watch: provider-a put 100MiB c10 -2")
  and w[0].endswith("in build 7 alone; an alert if the next build confirms it"),
  "build 7, the first low build: a watch, no alert: %s" % w)
sig = [s for s in eight["series"] if s["change"] and s["change"]["significant"]]
t(len(sig) == 1 and sig[0]["subject"] == "provider-a" and sig[0]["op"] == "put", "build 8: exactly provider-a put flagged")
ch = sig[0]["change"] if sig else {"ratio": 9, "ci95": [9, 9]}
t(ch["ratio"] < 1 and ch.get("change") == "regression" and ch.get("alert") is True, "a regression alert, ratio %.3f" % ch["ratio"])
t(ch["ci95"][0] <= 0.75 <= ch["ci95"][1], "its interval %s covers 0.75" % ch["ci95"])
t(ch.get("since_build") == 7 and ch.get("after") == 2 and ch.get("before") == 6 and
  ch.get("noise_basis") == "moderated" and ch.get("noise_df", 0) > 20,
  "since build 7, 2 builds after, 6 before, the noise before them moderated over the subject (%s, %s df)"
  % (ch.get("noise_basis"), ch.get("noise_df")))
t(eight["test"]["name"] == "change-point" and eight["test"]["min_change"] == 0.1, "test: change-point, floor 10 %")
a = eight["alerts"]
t(len(a) == 1 and a[0].startswith("regression: provider-a put 100MiB c10 -2") and " since build 7 (CI -" in a[0],
  "alert line: %s" % a)
PY

# The floor: 30 % from the option, then from the campaign, alerts nothing in build 8.
cp "$tmp/before8.sqlite" "$tmp/f1.sqlite" && cp "$tmp/before8.sqlite" "$tmp/f2.sqlite"
"$analyze" "$tmp/d" -o "$tmp/f1" --history "$tmp/f1.sqlite" --alert-min-change 30% 2>"$tmp/f1.err" &&
	grep -q "build 8 recorded; 0 regression alerts, 0 watches" "$tmp/f1.err"
check $? "--alert-min-change 30%: build 8 alerts nothing ($(tail -n 1 "$tmp/f1.err"))"
cp -r "$tmp/d" "$tmp/d30" && sed -i 's/^\[campaign\]$/[campaign]\nalert_min_change = 30%/' "$tmp/d30/campaign.ini"
"$analyze" "$tmp/d30" -o "$tmp/f2" --history "$tmp/f2.sqlite" 2>"$tmp/f2.err" &&
	grep -q "build 8 recorded; 0 regression alerts, 0 watches" "$tmp/f2.err" &&
	grep -q '"min_change": 0.3' "$tmp/f2/trend.json"
check $? "campaign alert_min_change = 30%: build 8 alerts nothing ($(tail -n 1 "$tmp/f2.err"))"
"$analyze" "$tmp/d" -o "$tmp/f3" --history "$tmp/f3.sqlite" --alert-min-change 10 2>"$tmp/f3.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "alert-min-change: '10' is not a percentage" "$tmp/f3.err" && [ ! -e "$tmp/f3.sqlite" ]
check $? "--alert-min-change 10 (no %): usage error ($rc: $(head -n 1 "$tmp/f3.err"))"

# The campaign key as collect checks it: accepted as a percentage, refused otherwise.
for v in "15%:0" "15:2" "100%:2"; do
	printf '[campaign]\nname = w\nalert_min_change = %s\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 5s\n[subject a]\nendpoint = http://127.0.0.1:9\nbucket = b\n' \
		"${v%%:*}" >"$tmp/k.ini"
	"$top/bin/collect" "$tmp/k.ini" --dry-run -o "$tmp/kc" >"$tmp/k.out" 2>&1
	rc=$?
	[ "$rc" -eq "${v#*:}" ] && { [ "$rc" -eq 0 ] ||
		grep -q "k.ini:3: \[campaign\] alert_min_change: '${v%%:*}' is not a percentage" "$tmp/k.out"; }
	check $? "collect: alert_min_change = ${v%%:*}: exit $rc ($(head -n 1 "$tmp/k.out"))"
	rm -rf "$tmp/kc"
done

for v in "alert_false_rate = 0.5%:0" "alert_false_rate = 0%:2:is not a percentage above 0%" \
	"alert_cells = put * c10, headline:0" "alert_cells = all:0" \
	"alert_cells = put 4KiB:2:an item is OP SIZE cN"; do
	IFS=: read -r kv want msg <<<"$v"
	printf '[campaign]\nname = w\n%s\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 5s\n[subject a]\nendpoint = http://127.0.0.1:9\nbucket = b\n' \
		"$kv" >"$tmp/k.ini"
	"$top/bin/collect" "$tmp/k.ini" --dry-run -o "$tmp/kc" >"$tmp/k.out" 2>&1
	rc=$?
	[ "$rc" -eq "$want" ] && { [ "$rc" -eq 0 ] || grep -q "k.ini:3: \[campaign\] ${kv%% =*}: .*$msg" "$tmp/k.out"; }
	check $? "collect: $kv: exit $rc ($(head -n 1 "$tmp/k.out"))"
	rm -rf "$tmp/kc"
done

# Which cells alert, and the campaign's false-alarm rate shared out over them: build 8 again.
cp "$tmp/before8.sqlite" "$tmp/c1.sqlite" && cp "$tmp/before8.sqlite" "$tmp/c2.sqlite"
"$analyze" "$tmp/d" -o "$tmp/c1" --history "$tmp/c1.sqlite" --alert-cells all --alert-false-rate 0.5% \
	--alerts "$tmp/c1.lines" 2>"$tmp/c1.err"
check $? "--alert-cells all --alert-false-rate 0.5%: build 8 analyzed ($(tail -n 1 "$tmp/c1.err"))"
cp -r "$tmp/d" "$tmp/dc" && sed -i 's/^\[campaign\]$/[campaign]\nalert_cells = put 256KiB c1, get * c5/' "$tmp/dc/campaign.ini"
"$analyze" "$tmp/dc" -o "$tmp/c2" --history "$tmp/c2.sqlite" --alerts "$tmp/c2.lines" 2>"$tmp/c2.err"
check $? "the campaign's alert_cells = put 256KiB c1, get * c5: build 8 analyzed"
"$analyze" "$tmp/d" -o "$tmp/c3" --history "$tmp/c3.sqlite" --alert-cells "put 4KiB" 2>"$tmp/c3.err"
[ $? -eq 2 ] && grep -q "alert-cells: 'put 4KiB': an item is OP SIZE cN" "$tmp/c3.err" && [ ! -e "$tmp/c3.sqlite" ]
check $? "--alert-cells 'put 4KiB': usage error ($(head -n 1 "$tmp/c3.err"))"
pycheck "alert cells" "$tmp/c1/trend.json" "$tmp/c1.lines" "$tmp/c2/trend.json" "$tmp/c2.lines" <<'PY'
import json, sys
from checks import t
a, al, b, bl = json.load(open(sys.argv[1])), open(sys.argv[2]).read(), json.load(open(sys.argv[3])), open(sys.argv[4]).read()
judged = [s for s in a["series"] if not s["oneoff"]]
cells = {(s["op"], s["size"], s["concurrency"]) for s in judged}
t(len(judged) == 48 and len(cells) == 24, "all: 24 cells x 2 subjects judged (%d series)" % len(judged))
ta = a["test"]
t(ta["false_alarm_rate"] == 0.005 and abs(ta["alpha"] - (1 - 0.995 ** (1 / 48))) < 1e-12
  and abs(ta["watch_alpha"] - (1 - 0.975 ** (1 / 48))) < 1e-12,
  "the 0.5 %% rate shared out: %.3g per series, watch %.3g" % (ta["alpha"], ta["watch_alpha"]))
t(a["alerts"] == [l for l in al.splitlines() if l.startswith("regression:")] and len(a["alerts"]) == 1
  and a["alerts"][0].startswith("regression: provider-a put 100MiB c10 -2"),
  "the regression still alerted among 48 series: %s" % a["alerts"])
heads = sorted({(s["op"], s["size"], s["concurrency"]) for s in b["series"] if not s["oneoff"]})
t(heads == [("get", 262144, 5), ("get", 5242880, 5), ("get", 52428800, 5), ("get", 104857600, 5),
            ("put", 262144, 1)], "the campaign's list: put 256KiB c1 and every get at c5 (%s)" % heads)
tb = b["test"]
t(tb["false_alarm_rate"] == 0.01 and abs(tb["alpha"] - (1 - 0.99 ** (1 / 10))) < 1e-12,
  "default 1 %% over its 10 series: %.3g" % tb["alpha"])
t(b["alerts"] == [] and bl == "", "the changed cell not among them: no alert (%s)" % b["alerts"])
PY

# Two builds that agree by luck, then a -19 % dip: no alert, no watch.
"$fake" "$tmp/l" "${common[@]}" --cell 1:get:104857600:10=0.81 >/dev/null
mkdir -p "$tmp/dl/runs" && cp "$tmp/p/campaign.ini" "$tmp/dl/" && cp -r "$tmp/p/runs/once" "$tmp/dl/runs/"
for k in 1 2 3; do
	src=$tmp/p
	[ "$k" = 3 ] && src=$tmp/l
	cp -r "$src/runs/cycle-0$k" "$tmp/dl/runs/"
	"$analyze" "$tmp/dl" -o "$tmp/l$k" --history "$tmp/l.sqlite" 2>"$tmp/l$k.err"
done
grep -q "build 3 recorded; 0 regression alerts, 0 watches" "$tmp/l3.err"
check $? "2 builds, then a -19 % dip: no alert, no watch ($(tail -n 1 "$tmp/l3.err"))"

# The report's Trend section: the alert and a column per build (the latest 5).
"${RENDER:-$top/bin/render}" "$tmp/r8" -o "$tmp/report" --format html >/dev/null 2>&1
python3 - "$tmp/report/report.html" <<'PY'
import html, re, sys
t = open(sys.argv[1]).read()
i = t.find('<h2 id="trend"'); j = t.find('<h2 id="environment"')
sec = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", t[i:j])))
ok = 0 <= i < j and "regression: Provider A put 100MiB c10 -2" in sec and \
    all("Build %d" % b in sec for b in range(4, 9)) and "provider-b get 100MiB c10" in sec and \
    "list 256KiB c10" in sec and " since build 7 " in sec and "steady" in sec
sys.exit(0 if ok else 1)
PY
check $? "render: the Trend section names the regression, builds 4..8, each series' verdict, one-off rows"
python3 - "$tmp/report/report.html" <<'PY'
import html, re, sys
t = open(sys.argv[1]).read()
i = t.find('<h2 id="findings"'); j = t.find('</ul>', i)
sec = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", t[i:j])))
sys.exit(0 if 0 <= i < j and "Against the earlier scheduled builds, regression: Provider A put 100MiB c10 -2" in sec else 1)
PY
check $? "render: Key findings name the regression against the earlier builds"
"${RENDER:-$top/bin/render}" "$tmp/r6" -o "$tmp/report6" --format html >/dev/null 2>&1
! grep -q "Against the earlier scheduled builds" "$tmp/report6/report.html"
check $? "render: no such finding for build 6, which flagged nothing"
"${RENDER:-$top/bin/render}" "$tmp/r3" -o "$tmp/report3" --format html >/dev/null 2>&1
python3 - "$tmp/report3/report.html" <<'PY'
import html, re, sys
t = open(sys.argv[1]).read()
txt = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", t)))
i = txt.find(" Trend "); f = txt.find("Key findings")
sys.exit(0 if "Not enough history to judge" in txt[i:] and
         "Trend of the scheduled builds: not enough history to judge yet" in txt[f:] else 1)
PY
check $? "render: build 3's Trend and Key findings say there is not enough history to judge"
"${RENDER:-$top/bin/render}" "$tmp/r7" -o "$tmp/report7" --format html >/dev/null 2>&1
grep -q "Against the earlier scheduled builds, watch: Provider A put 100MiB c10 -2" "$tmp/report7/report.html"
check $? "render: build 7's Key findings name the watch"

# The trend's verdicts as claims: build 8's regression a trend-alert claim, each series' verdict
# and the alerts marked with theirs (tests/tools/claims_check.py); build 3 not judged.
python3 - "$tmp/r8/aggregate.json" "$tmp/r3/aggregate.json" <<'PY'
import json, sys
c8 = {c["id"]: c for c in json.load(open(sys.argv[1]))["claims"] if c["kind"] == "trend-alert"}
c3 = {c["id"]: c for c in json.load(open(sys.argv[2]))["claims"] if c["kind"] == "trend-alert"}
reg = c8.get("trend-alert/put/104857600/c10/provider-a", {})
ok = reg.get("verdict") == "regression" and reg["figures"]["since_build"] == 7 and \
    c8.get("trend-alert/summary", {}).get("verdict") == "alert" and \
    c3.get("trend-alert/summary", {}).get("verdict") == "not-judged"
sys.exit(0 if ok else 1)
PY
check $? "trend-alert claims: build 8's regression (provider-a put 100MiB c10 since build 7) and alert; build 3 not judged"
echo '{}' >"$tmp/none.json"
for b in 8 3; do
	rep=$tmp/report; [ "$b" = 3 ] && rep=$tmp/report3
	python3 "$top/tests/tools/claims_check.py" "$tmp/r$b/aggregate.json" "$tmp/none.json" \
		--report "$rep" >"$tmp/check$b.out" 2>&1
	check $? "claims_check.py on build $b's report: $(tail -1 "$tmp/check$b.out"; grep FAIL "$tmp/check$b.out" | head -3)"
done

# SIGKILL inside the transaction: nothing of the killed build remains.
: >"$tmp/k.err"
before=$(q "$db" "SELECT COUNT(*), (SELECT COUNT(*) FROM cells) FROM builds")
S3BENCH_TEST_HISTORY_PAUSE=30 "$analyze" "$tmp/d" -o "$tmp/rk" --history "$db" 2>"$tmp/k.err" &
pk=$!
for _ in $(seq 1 200); do
	grep -q "pausing" "$tmp/k.err" && break
	sleep 0.05
done
grep -q "pausing" "$tmp/k.err"
check $? "a build paused inside its transaction"
kill -KILL "$pk"
wait "$pk" 2>/dev/null
[ "$(q "$db" "SELECT COUNT(*), (SELECT COUNT(*) FROM cells) FROM builds")" = "$before" ] &&
	[ "$(q "$db" "PRAGMA integrity_check")" = ok ]
check $? "killed: the database still holds $before (builds|cells), integrity ok"
"$analyze" "$tmp/d" -o "$tmp/r9" --history "$db" 2>"$tmp/a9.err" &&
	[ "$(q "$db" "SELECT COUNT(*) FROM builds")" = 9 ]
check $? "the next build succeeds: 9 builds ($(tail -n 1 "$tmp/a9.err"))"

# A newer schema and a foreign database are refused, untouched.
cp "$db" "$tmp/newer.sqlite"
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("UPDATE meta SET value = 99"); c.commit()' "$tmp/newer.sqlite"
sum=$(md5sum <"$tmp/newer.sqlite")
"$analyze" "$tmp/d" -o "$tmp/r10" --history "$tmp/newer.sqlite" 2>"$tmp/n.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "schema version 99 is newer" "$tmp/n.err" && [ "$(md5sum <"$tmp/newer.sqlite")" = "$sum" ]
check $? "a newer schema: exit 2 ($rc), said, file untouched"
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("CREATE TABLE t (x)"); c.commit()' "$tmp/other.sqlite"
"$analyze" "$tmp/d" -o "$tmp/r11" --history "$tmp/other.sqlite" 2>"$tmp/o.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "not an s3bench history" "$tmp/o.err"
check $? "a foreign database: exit 2 ($rc), '$(tail -n 1 "$tmp/o.err")'"
finish
