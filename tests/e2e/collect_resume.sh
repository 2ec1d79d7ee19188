#!/usr/bin/env bash
# tests/e2e/collect_resume.sh: a collector SIGKILLed in the middle of a run, then --resume:
# no duplicate run, no half-written file, finished runs untouched, the campaign completes.
# Then SIGINT in the middle of a run: exit 130, the run recorded as interrupted, and
# --resume redoes it. Also --cycle N into the same directory and a random order whose seed
# --resume takes back from plan.tsv.
. "$(dirname "$0")/collect_lib.sh"

server_env ONE S3RVER || finish
export ONE_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY
cat >"$work/r.ini" <<EOF
[campaign]
name = resume
cycles = 2
order = random
[matrix]
ops = put, get
sizes = 4KiB
concurrency = 1, 2
duration = 2s
timeout = 60s
objects = 10
[subject s]
endpoint = $ONE_S3_ENDPOINT
bucket = resume-bench
credentials = env:ONE_AWS
EOF
out="$work/out"

# wait_running OUT N: wait until N run.json exist and one more run directory is under way
wait_running() {
	local i
	for i in $(seq 1 300); do
		local done_n dirs_n
		done_n=$(find "$1/runs" -name run.json 2>/dev/null | wc -l)
		dirs_n=$(find "$1/runs" -mindepth 3 -maxdepth 3 -type d 2>/dev/null | wc -l)
		[ "$done_n" -ge "$2" ] && [ "$dirs_n" -gt "$done_n" ] && return 0
		sleep 0.1
	done
	return 1
}

"$collect" "$work/r.ini" -o "$out" --cycle 1 >"$work/c1.log" 2>&1 &
pid=$!
wait_running "$out" 2
check $? "the collector is in its third run"
sleep 1
kill -KILL "$pid"
wait "$pid" 2>/dev/null
sleep 0.5
ndone=$(find "$out/runs" -name run.json | wc -l)
partial=$(for d in "$out"/runs/*/*/*; do [ -f "$d/run.json" ] || echo "$d"; done)
[ -n "$partial" ] && [ "$(echo "$partial" | wc -l)" -eq 1 ]
check $? "one incomplete run directory after SIGKILL ($ndone complete)"
pgrep -f -- "$work/r.ini" >/dev/null
[ $? -ne 0 ]
check $? "no orphan left running (the run's child dies with the collector)"
seed1=$(sed -n 's/^# seed: //p' "$out/plan.tsv")
[ -n "$seed1" ]
check $? "plan.tsv records the random seed"
sums_before=$(cd "$out" && find runs -name run.json -o -name ops.tsv.zst | sort | xargs md5sum)
"$collect" "$work/r.ini" -o "$out" --cycle 1 >/dev/null 2>&1
check $(( $? == 2 ? 0 : 1 )) "without --resume the directory is refused (exit 2)"
"$collect" "$work/r.ini" -o "$out" --cycle 1 --resume >"$work/c1r.log" 2>&1
check $? "--resume completes (exit 0): $(tail -n 2 "$work/c1r.log")"
[ "$(grep -c ' complete ' "$work/c1r.log")" -eq $((4 - ndone)) ]
check $? "--resume ran only the $((4 - ndone)) runs not done"
[ "$(sed -n 's/^# seed: //p' "$out/plan.tsv")" = "$seed1" ]
check $? "--resume kept the seed of plan.tsv"
sums_after=$(cd "$out" && echo "$sums_before" | md5sum -c --quiet 2>&1)
[ -z "$sums_after" ]
check $? "runs finished before the kill are untouched"
[ -f "$partial/run.json" ] && [ "$(run_json "$partial" "j['status']")" = "complete" ]
check $? "the killed run was redone: ${partial#$out/}"
check_tree "$out" complete=1 runs=4 >"$work/check1.txt"
check $? "cycle 1: 4 complete runs, no stray file: $(cat "$work/check1.txt")"

# SIGINT during cycle 2 into the same directory
"$collect" "$work/r.ini" -o "$out" --cycle 2 >"$work/c2.log" 2>&1 &
pid=$!
wait_running "$out" 5
check $? "cycle 2 under way"
sleep 0.5
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 130 ]
check $? "SIGINT: exit 130 (got $rc)"
intr=$(python3 - "$out" <<'PY'
import glob, json, sys
for f in glob.glob(sys.argv[1] + "/runs/cycle-02/*/*/run.json"):
    j = json.load(open(f))
    if j["wrapper"]["interrupted"]:
        print(f[:-len("/run.json")], j["status"], j["errors"]["class"], "summary" in j)
PY
)
[ "$(echo "$intr" | wc -l)" -eq 1 ] && [ "${intr#* }" = "failed killed False" ]
check $? "the current run is recorded as interrupted: $intr"
grep -q "interrupted" "$work/c2.log"
check $? "the progress line says interrupted"
"$collect" "$work/r.ini" -o "$out" --cycle 2 --resume >"$work/c2r.log" 2>&1
check $? "--resume after SIGINT exits 0"
d=${intr%% *}
[ "$(run_json "$d" "j['status'], j['wrapper']['interrupted']")" = "complete False" ]
check $? "the interrupted run was redone"
[ "$(sed -n 's/^# seed: //p' "$out/plan.tsv")" = "$seed1" ]
check $? "--cycle 2 in the same directory used the seed of cycle 1"
check_tree "$out" complete=1 runs=8 >"$work/check2.txt"
check $? "both cycles: 8 complete runs: $(cat "$work/check2.txt")"
finish
