#!/usr/bin/env bash
# tests/e2e/collect_auto.sh: cycles = auto (docs/CAMPAIGN.md, "Stopping on precision") against
# nginx (NGINX_S3_ENDPOINT from tests/run, else a private one), runs of 0.5 s:
#   1. target_ci 10 %, min_cycles 3, max_cycles 6: the collector stops after the first cycle
#      at or past min_cycles where every matrix cell's 95 % t interval of its cycles' MiB/s
#      is within 10 % of the mean, or at 6; the cycle is computed again here with SciPy from
#      the run.json files; plan.tsv ends at that cycle and its stopped line says why; no
#      run of a later cycle exists; --resume judges the kept cycles again and stops there; analyze's aggregate.json says sequential{} (target,
#      bounds, cycles, the reason) and widens each cell's interval to the t quantile at
#      0.99; the report's Methodology says why it stopped;
#      each run.json's wrapper.local is its start's local hour, weekday and UTC offset, its
#      wrapper.provider_local the same in the subject's tz (America/New_York), and its
#      campaign.vantage the campaign's;
#   2. target_ci 0.01 %, max_cycles 4: the target cannot be met, the campaign stops at 4
#      and says max_cycles; with max_cost instead, it stops before the cycle that could pass
#      it and says max_cost;
#   3. bad input: cycles = auto without max_cycles or max_cost, target_ci out of range,
#      min_cycles without auto, max_cycles below min_cycles: refused naming file, line, key.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
for b in "$collect" "$analyze" "$render"; do
	[ -x "$b" ] || { bad "no $b (make)"; finish; }
done
/usr/bin/python3 -c 'import scipy' 2>/dev/null || { bad "/usr/bin/python3 has no scipy"; finish; }
nginx_bucket auto
export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1

# campaign FILE CAMPAIGN-KEYS...: a two-cell campaign (put and get of 4 KiB, 2 workers, 0.5 s)
campaign() {
	local f=$1
	shift
	{
		echo "[campaign]"
		echo "name = auto"
		printf '%s\n' "$@"
		echo "vantage = loopback"
		cat <<EOF
[matrix]
ops = put, get
sizes = 4KiB
concurrency = 2
duration = 0.5s
objects = 50
[subject n]
endpoint = $endpoint
bucket = $bucket
credentials = env:AWS
tz = America/New_York
EOF
	} >"$f"
}

# judge DIR TARGET MIN MAX: "CYCLE REASON" the rule gives over DIR's run.json files
judge() {
	/usr/bin/python3 - "$@" <<'PY'
import glob, json, math, os, sys
from scipy import stats
d, target, lo, hi = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
cells = {}
for f in glob.glob(os.path.join(d, "runs/cycle-*/*/*/run.json")):
    r = json.load(open(f))
    parts = f.split("/")
    cyc = int(parts[-4][len("cycle-"):])
    key = parts[-3] + "/" + parts[-2]
    s = r.get("summary") or {}
    x = s.get("mib_s") or 0
    x = x if x > 0 else (s.get("obj_s") or 0)
    if r["status"] == "complete" and x > 0:
        cells.setdefault(key, {})[cyc] = x
def met(n):
    for runs in cells.values():
        v = [runs[c] for c in range(1, n + 1) if c in runs]
        if len(v) < 2:
            return False
        m = sum(v) / len(v)
        sd = math.sqrt(sum((y - m) ** 2 for y in v) / (len(v) - 1))
        if stats.t.ppf(0.975, len(v) - 1) * sd / math.sqrt(len(v)) > target * m:
            return False
    return True
for n in range(lo, hi + 1):
    if met(n):
        print(n, "target"); break
else:
    print(hi, "max_cycles")
PY
}

# 1. the target met (or max_cycles: whichever the rule says)
campaign "$tmp/a.ini" "cycles = auto" "target_ci = 25%" "min_cycles = 3" "max_cycles = 8"
"$collect" "$tmp/a.ini" -o "$tmp/a" --no-preflight >"$tmp/a.out" 2>&1
rc=$?
check $rc "cycles = auto, target 25 %: collect exits 0" "$(tail -n 3 "$tmp/a.out")"
last=$(ls -d "$tmp"/a/runs/cycle-* | sed 's/.*cycle-0*//' | sort -n | tail -n 1)
read -r want why <<<"$(judge "$tmp/a" 0.25 3 8)"
echo "    stopped after cycle $last; the rule (SciPy over run.json) says $want ($why)"
[ "$last" = "$want" ]
check $? "it stops after the cycle the rule names (cycle $last, the rule $want: $why)"
grep -q "^# stopped: $why: after cycle $want[ ,]" "$tmp/a/plan.tsv" &&
	grep -q "^# cycles: 1-$want$" "$tmp/a/plan.tsv" &&
	grep -q "^# sequential: target_ci 25%, min_cycles 3, max_cycles 8$" "$tmp/a/plan.tsv"
check $? "plan.tsv ends at cycle $want and says why: $(grep '^# stopped' "$tmp/a/plan.tsv")"
n=$(awk -F'\t' '$1 ~ /^[0-9]+$/' "$tmp/a/plan.tsv" | wc -l)
[ "$n" -eq $((2 * want)) ]
check $? "plan.tsv lists the runs of those cycles only ($n rows, 2 x $want)"
grep -q "collect: stopped on precision: $why: after cycle $want" "$tmp/a.out"
check $? "the collector says why it stopped" "$(grep 'stopped' "$tmp/a.out")"
# every run.json says when it started on the client's clock (wrapper.local), and its local
# hour and weekday are those of wrapper.started in the collector's time zone
rj=$tmp/a/runs/cycle-01/n/get-4KiB-c2/run.json
st=$(jq -r '.wrapper.started' "$rj")
[ "$(jq -c '.wrapper.local | [.hour, .weekday, .utc_offset_min]' "$rj")" = \
	"[$(date -d "$st" +%-H),$(date -d "$st" +%u),$((($(date -u -d "$(date -d "$st" '+%F %T')" +%s) - $(date -d "$st" +%s)) / 60))]" ]
check $? "run.json's wrapper.local is the start's local hour, weekday and offset ($st: $(jq -c '.wrapper.local' "$rj"))"
[ "$(jq -c '.wrapper.provider_local | [.tz, .hour, .weekday, .utc_offset_min]' "$rj")" = \
	"[\"America/New_York\",$(TZ=America/New_York date -d "$st" +%-H),$(TZ=America/New_York date -d "$st" +%u),$((10#$(TZ=America/New_York date -d "$st" +%z | tr -d +-) / 100 * 60 * -1))]" ]
check $? "run.json's wrapper.provider_local is the start in the subject's tz, America/New_York ($(jq -c '.wrapper.provider_local' "$rj"))"
[ "$(jq -r '.campaign.vantage' "$rj")" = loopback ]
check $? "run.json's campaign.vantage is the campaign's vantage ($(jq -c '.campaign.vantage' "$rj"))"

stopped=$(grep '^# stopped' "$tmp/a/plan.tsv")
"$collect" "$tmp/a.ini" -o "$tmp/a" --resume --no-preflight >"$tmp/a2.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ "$(grep '^# stopped' "$tmp/a/plan.tsv")" = "$stopped" ] &&
	[ "$(ls -d "$tmp"/a/runs/cycle-* | wc -l)" -eq "$want" ] && ! grep -q '^\[' "$tmp/a2.out"
check $? "--resume judges the kept cycles again and stops where it stopped, running nothing (exit $rc)" \
	"$(tail -n 3 "$tmp/a2.out")"

run_pipeline -q "$tmp/a"
jq -e --arg why "$why" --argjson n "$want" '.planner.sequential | .target_ci == 0.25 and
	.min_cycles == 3 and .max_cycles == 8 and .reason == $why and .wide_q == 0.99 and
	(.stopped | startswith("after cycle \($n)"))' "$tmp/a/results/aggregate.json" >/dev/null
check $? "aggregate.json's planner.sequential says the rule and why it stopped" \
	"$(jq -c '.planner.sequential' "$tmp/a/results/aggregate.json" 2>&1 | head -c 400)"
PATH=/usr/bin:$PATH pycheck "widened intervals" "$tmp/a" <<'PY'
import glob, json, math, os, sys
from scipy import stats
d = sys.argv[1]
agg = json.load(open(os.path.join(d, "results/aggregate.json")))
subj = [s["id"] for s in agg["subjects"]]
runs = {}
for f in glob.glob(os.path.join(d, "runs/cycle-*/*/*/run.json")):
    r = json.load(open(f))
    if r["status"] == "complete":
        w = r["workload"]
        runs.setdefault((r["subject"]["id"], w["op"], w["size"], w["concurrency"]), []).append(r["summary"]["mib_s"])
bad = []
for c in agg["cells"]:
    v = runs[(subj[c["subject"]] if isinstance(c["subject"], int) else c["subject"], c["op"], c["size"], c["concurrency"])]
    n, m = len(v), sum(v) / len(v)
    h = stats.t.ppf(0.99, n - 1) * math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1)) / math.sqrt(n)
    s = c["mib_s"]
    lo, hi = s["ci95"]
    if abs(lo - (m - h)) > 1e-6 * m or abs(hi - (m + h)) > 1e-6 * m:
        bad.append((c["op"], lo, hi, m - h, m + h))
print(("ok   " if not bad and agg["cells"] else "FAIL ") +
      "each cell's interval is the t interval at 0.99 of its %d cycles (SciPy) %s" % (n, bad))
PY
grep -q "It stopped after $want cycles: " "$tmp/a/report/report.html" &&
	grep -q "widened to Student" "$tmp/a/report/report.html"
check $? "the report's Methodology says why it stopped and that the intervals are widened" \
	"$(grep -o "This campaign sized itself[^<]*" "$tmp/a/report/report.html" | head -c 600; ls "$tmp/a")"

# 2. an unreachable target: max_cycles
campaign "$tmp/b.ini" "cycles = auto" "target_ci = 0.01%" "max_cycles = 4"
"$collect" "$tmp/b.ini" -o "$tmp/b" --no-preflight >"$tmp/b.out" 2>&1
rc=$?
last=$(ls -d "$tmp"/b/runs/cycle-* | sed 's/.*cycle-0*//' | sort -n | tail -n 1)
[ "$rc" -eq 0 ] && [ "$last" = 4 ] &&
	grep -q "^# stopped: max_cycles: after cycle 4, [12] of 2 matrix cells short of the 0.01 % target" "$tmp/b/plan.tsv"
check $? "target_ci 0.01 %: stops at max_cycles 4 and says so (exit $rc, last cycle $last)" \
	"$(grep '^# stopped' "$tmp/b/plan.tsv"; tail -n 2 "$tmp/b.out")"

# 2b. max_cost: one cell of counted PUTs (2 workers x 4, and the cleanup's listing: 9 class-A
# requests a run), 1 USD a class-A request, max_cost 34: collect starts (the bound of the
# min_cycles' 3 runs is 34), spends 27 in 3 cycles and stops before cycle 4, whose bound
# (11.3) could take it past 34; plan.tsv and the collector say max_cost
campaign "$tmp/c.ini" "cycles = auto" "target_ci = 0.01%" "max_cycles = 8" "max_cost = 34"
sed -i -e 's/^duration = 0.5s$/count = 4/' -e 's/^ops = put, get$/ops = put/' \
	-e 's/^objects = 50$//' -e '/^credentials = /a price_class_a = 1/1' \
	-e 's/^\[subject n\]$/[probe]\nprobe = no\n[subject n]/' "$tmp/c.ini"
"$collect" "$tmp/c.ini" -o "$tmp/c" --no-preflight >"$tmp/c.out" 2>&1
rc=$?
last=$(ls -d "$tmp"/c/runs/cycle-* 2>/dev/null | sed 's/.*cycle-0*//' | sort -n | tail -n 1)
[ "$rc" -eq 0 ] && [ "$last" = 3 ] && [ ! -e "$tmp/c/runs/cycle-04" ] &&
	grep -q "^# stopped: max_cost: after cycle 3, 1 of 1 matrix cells short of the 0.01 % target" "$tmp/c/plan.tsv" &&
	grep -q "^# cycles: 1-3$" "$tmp/c/plan.tsv" &&
	grep -q "collect: stopped on precision: max_cost: after cycle 3" "$tmp/c.out"
check $? "max_cost 34 at 9 a run (bound 11.3): stops before cycle 4, which could pass it, and plan.tsv says so (exit $rc, last cycle $last)" \
	"$(grep '^# stopped' "$tmp/c/plan.tsv"; tail -n 3 "$tmp/c.out")"
# 3. bad input
refused() { # NAME PATTERN KEYS...: the campaign with KEYS is refused with PATTERN
	local name=$1 pat=$2
	shift 2
	campaign "$tmp/bad.ini" "$@"
	"$collect" "$tmp/bad.ini" -o "$tmp/bad" --dry-run >"$tmp/bad.out" 2>&1
	local rc=$?
	[ "$rc" -eq 2 ] && grep -q "$pat" "$tmp/bad.out"
	check $? "$name: refused (exit $rc): $(head -n 1 "$tmp/bad.out")"
}
refused "auto without a bound" "bad.ini:3: \[campaign\] cycles: auto needs a bound: max_cycles = N or max_cost" \
	"cycles = auto"
refused "target_ci 60 %" "bad.ini:4: \[campaign\] target_ci: '60%' is not a percentage above 0% and at most 50%" \
	"cycles = auto" "target_ci = 60%" "max_cycles = 5"
refused "min_cycles without auto" "bad.ini:4: \[campaign\] min_cycles: is read only with cycles = auto" \
	"cycles = 3" "min_cycles = 2"
refused "max_cycles below min_cycles" "bad.ini:5: \[campaign\] max_cycles: is below min_cycles" \
	"cycles = auto" "min_cycles = 5" "max_cycles = 4"
finish
