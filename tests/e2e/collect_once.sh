#!/usr/bin/env bash
# tests/e2e/collect_once.sh: reads = once in a duration-bound run (docs/METHODOLOGY.md,
# "reads = once") against nginx behind wanem's 10 ms each way (NGINX_S3_ENDPOINT from
# tests/run, else a private one): each of the run's 2 workers waits out a 20 ms round trip
# per GET, so the rate is set by the round trip and not by how the client's and nginx's
# processes share the CPU (straight to nginx, a 4-KiB GET's rate moved 1.5 x from one set
# of connections to the next, so the calibration's own connections did not tell the run's
# rate), and 100 prepared objects last a second:
#   1. without objects the run calibrates: its prepare PUTs 64 objects, reads each once
#      with the run's 2 workers, and prepares 1.5 x the measured rate x 4 s (+ workers)
#      more; the 4-s run lasts its 4 s, never reads an object twice nor a calibration
#      object, and is not exhausted; run.json's calibration says what was measured;
#   2. with objects = 30 the objects run out: the run stops there as class exhausted (exit
#      1), its summary kept, errors.first saying when and how many would last; analyze
#      excludes it (class exhausted, its reason) and keeps the calibrated run; its cell
#      counts it (exhausted_runs 1), and the report's samples table says "1/1 (1
#      exhausted)" (the campaign has 1 cycle) and what exhausted means.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
for b in "$collect" "$analyze" "$render"; do
	[ -x "$b" ] || { bad "no $b (make)"; finish; }
done
nginx_wanem once --delay 10 --max-seconds 120
endpoint=$far
export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1

# gets DIR: "GETS DISTINCT LOWEST" of DIR's ops log (LOWEST: the smallest object number read)
gets() {
	zstd -dc "$1/ops.tsv.zst" | python3 -c "import csv, sys
files = [r['file'] for r in csv.DictReader(sys.stdin, delimiter='\t') if r['op'] == 'GET']
print(len(files), len(set(files)), min(int(f.rsplit('/', 1)[1]) for f in files))"
}

# 1. calibrated
cat >"$tmp/once.ini" <<EOF
[campaign]
name = once
[matrix]
ops = get
sizes = 4KiB
concurrency = 2
duration = 4s
reads = once
[subject n]
endpoint = $endpoint
bucket = $bucket
credentials = env:AWS
EOF
"$collect" "$tmp/once.ini" -o "$tmp/out" --no-preflight >"$tmp/cal.out" 2>&1
rc=$?
d=$tmp/out/runs/cycle-01/n/get-4KiB-c2
fig=$(jq -c '[.status, .errors.class, .reads_exhausted, .calibration.objects,
	(.calibration.obj_s > 0), .calibration.prepared, .summary.completion_s]' "$d/run.json" 2>/dev/null)
echo "    calibrated: $fig; GETs, distinct, lowest object: $(gets "$d")"
[ "$rc" -eq 0 ] && [ "$(jq -c '[.status, .errors.class, .reads_exhausted, .calibration.objects]' "$d/run.json")" = '["complete",null,false,64]' ]
check $? "without objects: the run calibrates (64 objects read once) and is not exhausted (exit $rc)" \
	"$(tail -n 3 "$tmp/cal.out")"
jq -e '.calibration.prepared == ((1.5 * .calibration.obj_s * 4 | ceil) + 2) and
	.summary.completion_s >= 3.5' "$d/run.json" >/dev/null
check $? "it prepares 1.5 x the rate measured x 4 s + 2 objects, and the run lasts its 4 s" \
	"$(jq -c '[.calibration, .summary.completion_s]' "$d/run.json")"
read -r n uniq low <<<"$(gets "$d")"
[ "$n" = "$uniq" ] && [ "$low" -ge 64 ] && [ "$n" -gt 100 ]
check $? "no object read twice, no calibration object read ($n GETs, $uniq distinct, lowest $low)"

# 2. exhausted
sed 's/^reads = once$/reads = once\nobjects = 30/' "$tmp/once.ini" >"$tmp/few.ini"
"$collect" "$tmp/few.ini" -o "$tmp/few" --no-preflight >"$tmp/few.out" 2>&1
rc=$?
d=$tmp/few/runs/cycle-01/n/get-4KiB-c2
[ "$rc" -eq 1 ] &&
	[ "$(jq -c '[.status, .errors.class, .reads_exhausted, .calibration, (.summary.requests)]' "$d/run.json")" = '["complete","exhausted",true,null,30]' ]
check $? "objects = 30: exhausted, exit 1, the summary of its 30 GETs kept" \
	"$(jq -c '[.status, .errors, .reads_exhausted]' "$d/run.json")"
jq -r '.errors.first[0]' "$d/run.json" |
	grep -q "^reads = once: the 30 objects prepared for the benchmark ran out after [0-9.]* s of its 4 s; it stopped there (objects = [0-9]* or more would last)"
check $? "the reason: when they ran out and how many would last ($(jq -r '.errors.first[0]' "$d/run.json"))"
mkdir -p "$tmp/both/runs/cycle-01/n"
cp -r "$tmp/out/runs/cycle-01/n/get-4KiB-c2" "$tmp/both/runs/cycle-01/n/"
mkdir -p "$tmp/both/runs/cycle-02/n"
cp -r "$d" "$tmp/both/runs/cycle-02/n/"
cp "$tmp/out/campaign.ini" "$tmp/out/plan.tsv" "$tmp/both/" 2>/dev/null
"$analyze" "$tmp/both" -o "$tmp/both/results" >"$tmp/an.out" 2>&1
check $? "analyze of the two runs" "$(tail -n 3 "$tmp/an.out")"
python3 - "$tmp/both/results/aggregate.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
ex = {r["path"]: (r["class"], r["reason"]) for r in a["excluded"]}
inc = [r["path"] for r in a["runs"] if r["included"]]
cls, why = ex.get("runs/cycle-02/n/get-4KiB-c2", (None, ""))
ok = cls == "exhausted" and "measured a shorter run than asked" in why and \
    inc == ["runs/cycle-01/n/get-4KiB-c2"]
print("ok" if ok else "bad", ex, inc)
sys.exit(0 if ok else 1)
PY
check $? "analyze excludes the exhausted run (class exhausted, its reason) and keeps the calibrated one"
[ "$(jq -c '[.cells[0].n, .cells[0].exhausted_runs]' "$tmp/both/results/aggregate.json")" = '[1,1]' ]
check $? "aggregate.json: the cell has 1 valid run and 1 exhausted" \
	"$(jq -c '.cells[0] | [.n, .expected, .exhausted_runs]' "$tmp/both/results/aggregate.json")"
SOURCE_DATE_EPOCH=1764633600 "$render" "$tmp/both/results" -f html -o "$tmp/rep" \
	>"$tmp/render.out" 2>&1 &&
	python3 - "$tmp/rep/report.html" <<'PY'
import re, sys
h = open(sys.argv[1]).read()
t = re.search(r'<table[^>]*id="t-samples".*?</table>', h, re.S)
t = t.group(0) if t else ""
ok = "1/1 (1 exhausted)" in t and "Exhausted: runs whose reads = once objects ran out" in h
print(re.sub(r"<[^>]+>", " ", t)[-400:])
sys.exit(0 if ok else 1)
PY
check $? "the report's samples table: the cell's 1/1 valid runs, 1 exhausted, and what that means" \
	"$(tail -n 3 "$tmp/render.out")"
finish
