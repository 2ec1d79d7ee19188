#!/usr/bin/env bash
# tests/e2e/scheduled.sh: scripts/scheduled-build as cron runs it, against a local server.
# - two builds started at once: one runs cycle 1, the other refuses at once (exit 3);
# - a build killed (SIGKILL, whole process group) in the middle of cycle 2, then run
#   again: it resumes cycle 2 (no cycle 3, no duplicate run, no partial file) and the
#   previous report stayed readable meanwhile;
# - results/ and report/ are links switched to complete directories; old ones removed;
# - a third build: OUT/history.sqlite holds the 3 complete builds (cycles 1, 2, 3; the killed
#   one recorded nothing) and results/trend.json 3 points per series (the kill inside the
#   database write and the regression alert: scheduled_history.sh).
# - cycle 1000 of a daily build: cycles 4 to 999 generated from cycle 3's runs (run.json's
#   cycle rewritten, ops logs linked), state "cycle 999 done"; the next build runs cycle
#   1000 for real: runs/cycle-1000 beside cycle-999, every cell of the results has 1000
#   runs, runs.csv and the report's per-cycle appendix list cycles 1 to 1000 in order, state
#   "cycle 1000 done"; collect --cycle 1000000 is accepted, 1000001 refused;
# - the systemd unit's environment: the build run with only the Environment= lines of
#   docs/systemd/s3bench@.service.in (/etc/s3bench moved under $tmp, no HOME) finds a
#   profile whose endpoint and region are in the AWS config file only;
# - schedule = spread (S3BENCH_NOW for the clock): a new cycle waits outside its slot (exit 0,
#   nothing run, the anchor recorded), starts inside it, and a started cycle resumes at once.
. "$(dirname "$0")/collect_lib.sh"

server_env ONE S3RVER || finish
export ONE_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY TWO_AWS_ACCESS_KEY_ID TWO_AWS_SECRET_ACCESS_KEY
camp="$work/sched.ini"
# One subject: the campaign without [subject two].
make_campaign "$top/tests/fixtures/campaigns/pipeline.ini" "$work/full.ini" "$ONE_S3_ENDPOINT"
sed '/^\[subject two\]/,$d' "$work/full.ini" >"$camp"
out="$work/sched"
build="$top/scripts/scheduled-build"

# 1. Two at once.
"$build" "$camp" "$out" >"$work/a.log" 2>&1 &
pa=$!
for _ in $(seq 1 50); do
	[ -e "$out/.scheduled.lock" ] && break
	sleep 0.1
done
sleep 0.3
t0=$(date +%s%N)
"$build" "$camp" "$out" >"$work/b.log" 2>&1
rb=$?
t1=$(date +%s%N)
wait "$pa"
ra=$?
[ "$ra" -eq 0 ]
check $? "the first build exits 0 (got $ra: $(tail -n 2 "$work/a.log"))"
[ "$rb" -eq 3 ] && [ $(((t1 - t0) / 1000000)) -lt 3000 ]
check $? "the second build refuses at once with 3 (got $rb after $(((t1 - t0) / 1000000)) ms)"
grep -q "another scheduled build holds" "$work/b.log"
check $? "the refusal says why: $(tail -n 1 "$work/b.log")"
[ "$(tail -n 1 "$out/state")" = "cycle 1 done" ]
check $? "state: cycle 1 done"
[ -L "$out/report" ] && [ -s "$out/report/report.html" ] && [ -s "$out/report/report.pdf" ]
check $? "report/ is a link to a complete report"
first_report=$(readlink "$out/report")

# 2. Killed in the middle of cycle 2, then resumed.
setsid "$build" "$camp" "$out" >"$work/c.log" 2>&1 &
pc=$!
for _ in $(seq 1 200); do
	n=$(find "$out/data/runs/cycle-02" -name run.json 2>/dev/null | wc -l)
	[ "$n" -ge 2 ] && break
	sleep 0.05
done
kill -KILL -- -"$pc" 2>/dev/null
wait "$pc" 2>/dev/null
# the killed group's processes end a moment after the signal: the lock is free then
flock -w 10 "$out/.scheduled.lock" true
done_before=$(find "$out/data/runs/cycle-02" -name run.json 2>/dev/null | wc -l)
[ "$done_before" -ge 1 ] && [ "$done_before" -lt 8 ]
check $? "killed mid-cycle ($done_before of 8 runs of cycle 2 recorded)"
[ "$(tail -n 1 "$out/state")" = "cycle 2 started" ]
check $? "state: cycle 2 started"
[ "$(readlink "$out/report")" = "$first_report" ] && [ -s "$out/report/report.html" ]
check $? "the previous report is still there"

"$build" "$camp" "$out" >"$work/d.log" 2>&1
rd=$?
[ "$rd" -eq 0 ]
check $? "the next build exits 0 (got $rd: $(tail -n 2 "$work/d.log"))"
grep -q "cycle 2 done" "$work/d.log" && [ ! -e "$out/data/runs/cycle-03" ]
check $? "it resumed cycle 2 rather than starting cycle 3"
[ "$(grep -c '^cycle 2 started' "$out/state")" -eq 2 ] && [ "$(tail -n 1 "$out/state")" = "cycle 2 done" ]
check $? "state: cycle 2 started twice, then done"
check_tree "$out/data" complete=1 runs=$((8 * 2 + 3)) >"$work/tree.txt"
check $? "the tree after the resume: $(tail -n 3 "$work/tree.txt")"
[ "$(readlink "$out/report")" != "$first_report" ] && [ ! -e "$out/$first_report" ]
check $? "report/ switched to the new report and the old one removed"
python3 -c "
import json,sys
a = json.load(open(sys.argv[1]))
bad = [c for c in a['cells'] if c['n'] != 2]
sys.exit(1 if bad or a['campaign'].get('cycles') is None else 0)" "$out/results/aggregate.json"
check $? "the new results hold both cycles for every cell"
[ "$(find "$out" -name '*.tmp*' -o -name '.state.json' | wc -l)" -eq 0 ]
check $? "no temporary file left"

# 3. A third build: three builds in the history (the killed one recorded none).
"$build" "$camp" "$out" >"$work/f.log" 2>&1
rf=$?
# 4 would be a regression alert: possible on a loaded machine, and still a complete build.
[ "$rf" -eq 0 ] || [ "$rf" -eq 4 ]
check $? "a third build exits 0 or 4 (got $rf: $(tail -n 1 "$work/f.log"))"
python3 - "$out/history.sqlite" "$out/results/trend.json" <<'PY'
import json, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
b = [r[0] for r in c.execute("SELECT cycles FROM builds ORDER BY id")]
t = json.load(open(sys.argv[2]))
sys.exit(0 if b == [1, 2, 3] and t["series"] and all(len(s["points"]) == 3 for s in t["series"]) else 1)
PY
check $? "history.sqlite: 3 builds (cycles 1, 2, 3); trend.json: 3 points per series"

# 4. Cycle 1000: cycles 4..999 generated from cycle 3's runs, cycle 1000 collected.
python3 - "$out/data/runs" <<'PY'
import json, os, sys
runs = sys.argv[1]
src = os.path.join(runs, "cycle-03")
files = []
for d, _, names in os.walk(src):
    for n in names:
        files.append(os.path.relpath(os.path.join(d, n), src))
for c in range(4, 1000):
    dst = os.path.join(runs, "cycle-%02d" % c)
    for rel in files:
        s, t = os.path.join(src, rel), os.path.join(dst, rel)
        os.makedirs(os.path.dirname(t), exist_ok=True)
        if rel.endswith("run.json"):
            j = json.load(open(s))
            j["cycle"] = c
            json.dump(j, open(t, "w"), indent=2)
        else:
            os.link(s, t)
PY
check $? "cycles 4..999 generated from cycle 3"
echo "cycle 999 done" >>"$out/state"
"$build" "$camp" "$out" >"$work/k.log" 2>&1
rk=$?
[ "$rk" -eq 0 ] || [ "$rk" -eq 4 ]
check $? "the build after cycle 999 exits 0 or 4 (got $rk: $(tail -n 1 "$work/k.log"))"
[ "$(tail -n 1 "$out/state")" = "cycle 1000 done" ] &&
	[ "$(find "$out/data/runs/cycle-1000" -name run.json | wc -l)" -eq 8 ]
check $? "it collected cycle 1000: runs/cycle-1000 holds its 8 runs, state 'cycle 1000 done'"
python3 - "$out/results/aggregate.json" "$out/results/runs.csv" "$out/report/report.html" <<'PY'
import csv, json, re, sys
a = json.load(open(sys.argv[1]))
ns = sorted({c["n"] for c in a["cells"]})
cyc = [int(r["cycle"]) for r in csv.DictReader(open(sys.argv[2])) if r["cycle"]]
html = open(sys.argv[3]).read()
# the appendix's per-cycle columns: C1 .. C1000 in order in the first table
heads = [int(h) for h in re.findall(r"<th[^>]*>C(\d+)</th>", html)]
first = heads[:heads.index(1000) + 1] if 1000 in heads else []
ok = ns == [1000] and cyc == sorted(cyc) and cyc[-1] == 1000 and cyc.count(1000) == 8
print("cells' n %s, runs.csv cycles %d..%d in order: %s; appendix columns C%s..C%s" %
      (ns, cyc[0], cyc[-1], cyc == sorted(cyc), first[:1], first[-1:]))
sys.exit(0 if ok and first == list(range(1, 1001)) else 1)
PY
check $? "the results hold 1000 cycles per cell; runs.csv and the report's appendix in cycle order, 1000 last"
for v in 1000000:0 1000001:2; do
	"$collect" "$camp" -o "$work/big" --cycle "${v%%:*}" --dry-run >"$work/big.log" 2>&1
	rc=$?
	[ "$rc" -eq "${v#*:}" ] && { [ "$rc" -eq 0 ] && grep -q "cycle-1000000/" "$work/big.log" ||
		grep -q "1000001" "$work/big.log"; }
	check $? "collect --cycle ${v%%:*}: exit $rc ($(head -n 1 "$work/big.log"))"
done

# 5. The systemd unit's environment: no HOME, the AWS files where the unit says.
unit=$top/docs/systemd/s3bench@.service.in
etc=$work/etc
mkdir -p "$etc"
printf '[profile sched]\nregion = us-east-1\nendpoint_url = %s\n' "$ONE_S3_ENDPOINT" >"$work/aws-config"
printf '[sched]\naws_access_key_id = %s\naws_secret_access_key = %s\n' \
	"$ONE_AWS_ACCESS_KEY_ID" "$ONE_AWS_SECRET_ACCESS_KEY" >"$work/aws-credentials"
mapfile -t unit_env < <(sed -n "s|^Environment=||p" "$unit" | sed "s|/etc/s3bench|$etc|g")
for e in "${unit_env[@]}"; do
	case $e in
	AWS_CONFIG_FILE=*) cp "$work/aws-config" "${e#*=}" ;;
	AWS_SHARED_CREDENTIALS_FILE=*) cp "$work/aws-credentials" "${e#*=}" ;;
	esac
done
sed -e '/^endpoint = /d' -e 's/^credentials = .*/profile = sched/' -e 's/^cycles = .*/cycles = 1/' \
	"$camp" >"$work/profile.ini"
env -i PATH="$PATH" AWS_EC2_METADATA_DISABLED=true "${unit_env[@]}" "$build" "$work/profile.ini" "$work/unit" >"$work/u.log" 2>&1
ru=$?
[ "$ru" -eq 0 ] || [ "$ru" -eq 4 ]
check $? "with the unit's environment (${unit_env[*]}), no HOME: a build exits 0 (got $ru: $(grep -m 1 'collect: \|failed' "$work/u.log"))"
check_tree "$work/unit/data" complete=1 runs=$((8 + 3)) >"$work/utree.txt"
check $? "and its runs are complete: $(tail -n 1 "$work/utree.txt")"

# 6. Bad usage: one line, exit 2.
"$build" "$work/missing.ini" "$out" >"$work/e.log" 2>&1
re=$?
[ "$re" -eq 2 ] && [ "$(wc -l <"$work/e.log")" -eq 1 ]
check $? "a missing campaign: exit 2 and one line ($(cat "$work/e.log"))"
# 6. schedule = spread (docs/SCHEDULING.md): a new cycle runs only inside its slot, a started
# one at once. The campaign's bucket name is refused before the first request, so a build
# that decides to run ends at once in collect's refusal (exit 2), one that waits exits 0.
spread="$work/spread.ini"
printf '[campaign]\nname = spread\nschedule = spread\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\ncount = 1\n[subject a]\nendpoint = %s\nbucket = b\ncredentials = env:ONE_AWS\n' \
	"$ONE_S3_ENDPOINT" >"$spread"
S3BENCH_NOW=2026-12-05T06:00:00Z "$build" "$spread" "$work/spread" >"$work/sp1.log" 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$work/spread/state" ] && [ ! -e "$work/spread/data" ] &&
	[ "$(cat "$work/spread/spread.anchor")" = "$(date -u -d 2026-12-06 +%s)" ]
check $? "spread: Saturday 06:00 is past cycle 1's slot (00:00-03:00): it waits for Sunday's, runs nothing, exit $rc" \
	"$(cat "$work/sp1.log" "$work/spread/state" "$work/spread/spread.anchor")"
S3BENCH_NOW=2026-12-06T02:59:59Z "$build" "$spread" "$work/spread" >"$work/sp2.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && [ "$(cat "$work/spread/state")" = "cycle 1 started" ] &&
	grep -q "bucket 'b': 1 characters" "$work/sp2.log"
check $? "spread: Sunday 02:59:59, inside the slot: cycle 1 starts (exit $rc)" "$(cat "$work/sp2.log")"
S3BENCH_NOW=2026-12-06T12:00:00Z "$build" "$spread" "$work/spread" >"$work/sp3.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && [ "$(grep -c "cycle 1 started" "$work/spread/state")" -eq 2 ]
check $? "spread: a started cycle 1 resumes at once, out of its slot (exit $rc)" "$(cat "$work/sp3.log")"
finish
