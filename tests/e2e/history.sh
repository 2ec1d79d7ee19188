#!/usr/bin/env bash
# tests/e2e/history.sh: `analyze ... --history DB` on synthetic builds with a known truth.
# A scheduled campaign is imitated by analyzing the cycles of build/tests/fake_campaign one
# more at a time (7 builds, 3 % noise); in the 7th cycle one headline cell (provider-a put
# 100MiB c10) runs at 0.75 times its speed, everything else as before (same seed).
# - the database holds 7 builds, 48 cells each, the schema version;
# - build 6's trend.json flags nothing; build 7's flags exactly that cell, as a regression,
#   its interval covering 0.75, with the alert line scheduled-build prints;
# - SIGKILL inside the database transaction (S3BENCH_TEST_HISTORY_PAUSE) leaves the 7
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

common=(--subjects 2 --cycles 7 --seed 3 --noise 0.03 --no-failures)
"$fake" "$tmp/p" "${common[@]}" >/dev/null &&
	"$fake" "$tmp/q" "${common[@]}" --cell 1:put:104857600:10=0.75 >/dev/null
check $? "two synthetic campaigns written"
mkdir -p "$tmp/d/runs" && cp "$tmp/p/campaign.ini" "$tmp/d/" && cp -r "$tmp/p/runs/once" "$tmp/d/runs/"
fails=0
for k in 1 2 3 4 5 6 7; do
	src=$tmp/p
	[ "$k" = 7 ] && src=$tmp/q
	cp -r "$src/runs/cycle-0$k" "$tmp/d/runs/"
	"$analyze" "$tmp/d" -o "$tmp/r$k" --history "$db" 2>"$tmp/a$k.err" || fails=$((fails + 1))
done
[ "$fails" -eq 0 ]
check $? "7 builds analyzed with --history ($fails failed)"
[ "$(q "$db" "SELECT COUNT(*), MIN(cycles), MAX(cycles) FROM builds")" = "7|1|7" ] &&
	[ "$(q "$db" "SELECT COUNT(*) FROM cells GROUP BY build" | sort -u)" = "48" ] &&
	[ "$(q "$db" "SELECT value FROM meta WHERE key = 'schema_version'")" = 2 ] &&
	[ "$(q "$db" "SELECT COUNT(*) FROM oneoffs GROUP BY build" | sort -u)" = 6 ]
check $? "the database: 7 builds (cycles 1..7), 48 cells each, schema_version 2, 6 one-off rows each"
grep -q "build 7 recorded; 1 significant regressions" "$tmp/a7.err"
check $? "stderr of build 7: $(tail -n 1 "$tmp/a7.err")"

pycheck "trend" "$tmp/r6/trend.json" "$tmp/r7/trend.json" <<'PY'
import json, sys
six, seven = (json.load(open(f)) for f in sys.argv[1:3])
def t(c, m):
    print(("ok   " if c else "FAIL ") + m)
t(six["alerts"] == [] and not any(s["change"] and s["change"]["significant"] for s in six["series"]),
  "build 6: no significant change")
heads = sorted({(s["op"], s["size"], s["concurrency"]) for s in seven["series"] if not s["oneoff"]})
t(heads == [("get", 104857600, 10), ("put", 104857600, 10)], "headline cells: PUT/GET 100MiB c10 (%s)" % heads)
once = sorted({s["op"] for s in seven["series"] if s["oneoff"]})
t(once == ["delete", "head", "list"] and all(s["change"] is None for s in seven["series"] if s["oneoff"]),
  "one-off rates: delete, head, list, untested (%s)" % once)
t(all(len(s["points"]) == 7 for s in seven["series"]) and len(seven["series"]) == 10,
  "10 series of 7 points (one per build)")
sig = [s for s in seven["series"] if s["change"] and s["change"]["significant"]]
t(len(sig) == 1 and sig[0]["subject"] == "provider-a" and sig[0]["op"] == "put", "exactly provider-a put flagged")
ch = sig[0]["change"] if sig else {"ratio": 9, "ci95": [9, 9]}
t(ch["ratio"] < 1 and ch.get("change") == "regression", "a regression, ratio %.3f" % ch["ratio"])
t(ch["ci95"][0] <= 0.75 <= ch["ci95"][1], "its interval %s covers 0.75" % ch["ci95"])
t(ch.get("previous") == 6 and seven["test"]["family"] == 4, "tested against the 6 earlier cycles, Holm over 4")
t(0.7 < ch.get("vs_median5", 0) < 0.82, "against the median of the last 5: %s" % ch.get("vs_median5"))
a = seven["alerts"]
t(len(a) == 1 and a[0].startswith("regression: provider-a put 100MiB c10 -2") and "(CI -" in a[0],
  "alert line: %s" % a)
PY

# The report's Trend section: the alert and a column per build (the latest 5).
"${RENDER:-$top/bin/render}" "$tmp/r7" -o "$tmp/report" --format html >/dev/null 2>&1
python3 - "$tmp/report/report.html" <<'PY'
import html, re, sys
t = open(sys.argv[1]).read()
i = t.find('<h2 id="trend"'); j = t.find('<h2 id="environment"')
sec = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", t[i:j])))
ok = 0 <= i < j and "regression: provider-a put 100MiB c10 -2" in sec and \
    all("Build %d" % b in sec for b in range(3, 8)) and "provider-b get 100MiB c10" in sec and \
    "list 256KiB c10" in sec
sys.exit(0 if ok else 1)
PY
check $? "render: the Trend section names the regression, builds 3..7, PUT/GET and one-off rows"
python3 - "$tmp/report/report.html" <<'PY'
import html, re, sys
t = open(sys.argv[1]).read()
i = t.find('<h2 id="findings"'); j = t.find('</ul>', i)
sec = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", t[i:j])))
sys.exit(0 if 0 <= i < j and "Against the earlier scheduled builds, regression: provider-a put 100MiB c10 -2" in sec else 1)
PY
check $? "render: Key findings name the regression against the earlier builds"
"${RENDER:-$top/bin/render}" "$tmp/r6" -o "$tmp/report6" --format html >/dev/null 2>&1
! grep -q "Against the earlier scheduled builds" "$tmp/report6/report.html"
check $? "render: no such finding for build 6, which flagged nothing"

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
"$analyze" "$tmp/d" -o "$tmp/r8" --history "$db" 2>"$tmp/a8.err" &&
	[ "$(q "$db" "SELECT COUNT(*) FROM builds")" = 8 ]
check $? "the next build succeeds: 8 builds ($(tail -n 1 "$tmp/a8.err"))"

# A newer schema and a foreign database are refused, untouched.
cp "$db" "$tmp/newer.sqlite"
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("UPDATE meta SET value = 99"); c.commit()' "$tmp/newer.sqlite"
sum=$(md5sum <"$tmp/newer.sqlite")
"$analyze" "$tmp/d" -o "$tmp/r9" --history "$tmp/newer.sqlite" 2>"$tmp/n.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "schema version 99 is newer" "$tmp/n.err" && [ "$(md5sum <"$tmp/newer.sqlite")" = "$sum" ]
check $? "a newer schema: exit 2 ($rc), said, file untouched"
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("CREATE TABLE t (x)"); c.commit()' "$tmp/other.sqlite"
"$analyze" "$tmp/d" -o "$tmp/r10" --history "$tmp/other.sqlite" 2>"$tmp/o.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "not an s3bench history" "$tmp/o.err"
check $? "a foreign database: exit 2 ($rc), '$(tail -n 1 "$tmp/o.err")'"
finish
