#!/usr/bin/env bash
# tests/e2e/collect_status.sh: `collect status OUT`, the progress of a campaign from its files
# alone, against a campaign interrupted on purpose. The campaign: 2 cycles of PUT/GET 4KiB at
# 1 and 2 workers, 1-second runs, for a subject on s3rver with request prices and max_cost,
# and one whose endpoint refuses connections (its runs fail): 16 runs.
# - without plan.tsv: exit 2 and one line saying so;
# - while the collector runs (its lock held): exit 0, "collector: running (pid N)", runs done
#   = the run.json files there, the current run = the directory without run.json;
# - after SIGKILL (the whole group): "not running", the same counts, the killed run named as
#   unfinished, failures by class (as the failed run.json files say), the ETA from the plan's
#   durations of the runs left, the spend so far of each subject against its max_cost, equal
#   to its requests at its prices (run.json billing, recomputed here);
# - resumed to the end: 16 of 16 done, nothing left, the spend again equal to the bills;
# - the terminal's progress line (collect under script(1), a pseudo-terminal) shows the
#   elapsed time, the ETA and the subject's spend so far against its max_cost.
. "$(dirname "$0")/collect_lib.sh"

server_env ST S3RVER || { bad "no s3 server"; finish; }
export ST_AWS_ACCESS_KEY_ID ST_AWS_SECRET_ACCESS_KEY
out=$work/out
camp=$work/status.ini
cat >"$camp" <<EOF
[campaign]
name = status
cycles = 2
order = interleave
client_nic = 10Gbit
[matrix]
ops = put, get
sizes = 4KiB
concurrency = 1, 2
duration = 1s
timeout = 60s
objects = 10
[subject s]
endpoint = $ST_S3_ENDPOINT
bucket = status-$$
credentials = env:ST_AWS
price_class_a = 0.005/1000
price_class_b = 0.0004/1000
max_cost = 1000
[subject down]
endpoint = http://127.0.0.1:1
bucket = status-down
credentials = env:ST_AWS
EOF
pids=()
stop_all() {
	local p
	for p in "${pids[@]}"; do
		kill -KILL -- -"$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
}
at_exit stop_all

# line KEY: the line of the last status output that starts with "KEY:"
line() { grep -m 1 "^$1:" "$work/st.out"; }
status() { "$collect" status "$out" >"$work/st.out" 2>&1; }
# bills: per subject, its spend from the run.json files (class A 0.005/1000, class B
# 0.0004/1000; s3rver's subject only) and the failed runs per class
bills() {
	python3 - "$out" <<'PY'
import glob, json, sys
spend, cls = 0.0, {}
for f in glob.glob(sys.argv[1] + "/runs/*/*/*/run.json"):
    j = json.load(open(f))
    if j["status"] != "complete":
        c = (j.get("errors") or {}).get("class") or "none"
        cls[c] = cls.get(c, 0) + 1
    if j["subject"]["id"] != "s":
        continue
    for ph in (j.get("billing") or {}).values():
        if ph:
            spend += ph["class_a"] * 0.005 / 1000 + ph["class_b"] * 0.0004 / 1000
print("%.4f %s" % (spend, ",".join("%s=%d" % kv for kv in sorted(cls.items()))))
PY
}
# spend_ok: the status's spend line names s's spend (4 decimals) as the bills have it
spend_ok() {
	local want
	want=$(bills | cut -d' ' -f1)
	line spend | grep -q "s $want USD of max_cost 1000 USD"
}

status
rc=$?
[ "$rc" -eq 2 ] && [ "$(wc -l <"$work/st.out")" -eq 1 ] && grep -q "plan.tsv" "$work/st.out"
check $? "no campaign in OUT yet: exit $rc, one line ($(cat "$work/st.out"))"

# 1. While the collector runs.
# (the second subject refuses connections on purpose: --no-preflight lets its runs fail)
setsid "$collect" "$camp" -o "$out" --no-preflight >"$work/c1.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 400); do
	n=$(find "$out/runs" -name run.json 2>/dev/null | wc -l)
	u=$(find "$out/runs" -mindepth 3 -maxdepth 3 -type d 2>/dev/null | wc -l)
	[ "$n" -ge 3 ] && [ "$u" -gt "$n" ] && break
	sleep 0.05
done
status
rc=$?
n=$(find "$out/runs" -name run.json | wc -l)
[ "$rc" -eq 0 ] && line collector | grep -q "running (pid ${pids[0]})" &&
	line runs | grep -Eq "^runs: ($n|$((n + 1))) of 16 done"
check $? "while it runs: exit $rc, $(line collector); $(line runs)"
line current | grep -q "runs/cycle-0[12]/"
check $? "the current run: $(line current)"

# 2. Killed: the status from the files alone.
kill -KILL -- -"${pids[0]}"
wait "${pids[0]}" 2>/dev/null
pids=()
status
rc=$?
n=$(find "$out/runs" -name run.json | wc -l)
unfinished=$(for d in "$out"/runs/*/*/*/; do [ -e "$d/run.json" ] || echo "${d#"$out"/}"; done | head -n 1)
read -r _ classes < <(bills)
[ "$rc" -eq 0 ] && line collector | grep -q "not running" && line runs | grep -Eq "^runs: $n of 16 done"
check $? "killed: exit $rc, $(line collector); $(line runs)"
[ -n "$unfinished" ] && grep -q "${unfinished%/}" "$work/st.out"
check $? "the killed run is named: ${unfinished%/} ($(line current))"
ok_cls=1
for kv in ${classes//,/ }; do line failures | grep -q "${kv%=*} ${kv#*=}" || ok_cls=0; done
[ -n "$classes" ] && [ "$ok_cls" -eq 1 ]
check $? "failures by class: $(line failures) (run.json: $classes)"
line eta | grep -Eq "^eta: .*[0-9]+s planned"
check $? "the ETA from the plan: $(line eta)"
line elapsed | grep -Eq "^elapsed: [0-9]"
check $? "the time so far: $(line elapsed)"
spend_ok
check $? "the spend so far against max_cost: $(line spend) (bills: $(bills | cut -d' ' -f1))"

# 3. Resumed to the end.
"$collect" "$camp" -o "$out" --resume --no-preflight >"$work/c2.log" 2>&1
rc=$?
status
[ "$rc" -eq 1 ] && line runs | grep -q "^runs: 16 of 16 done" && line eta | grep -q "nothing left" &&
	line current | grep -q "none"
check $? "resumed to the end (collect exit $rc): $(line runs); $(line eta)"
spend_ok
check $? "the spend of the whole campaign: $(line spend)"

# 4. The terminal's progress line shows the ETA and the spend.
rm -rf "$out"
sed 's/^cycles = 2/cycles = 1/' "$camp" >"$work/one.ini"
script -qec "'$collect' '$work/one.ini' -o '$out' --no-preflight" /dev/null >"$work/tty.log" 2>&1
tr '\r' '\n' <"$work/tty.log" | sed 's/\x1b\[K//g' >"$work/tty.lines"
# a later run of s: what the earlier ones spent
grep -Eq '^\[[0-9]+/8\] s (put|get) 4KiB c[12]  [0-9][^ ]* ETA [0-9][^ ]*  .* spent 0\.[0-9]*[1-9][0-9]* USD of 1000 USD$' "$work/tty.lines"
check $? "the live line shows the elapsed time, the ETA and the spend: $(grep -E 'spent 0\.[0-9]*[1-9]' "$work/tty.lines" | tail -n 1)"
finish
