#!/usr/bin/env bash
# tests/e2e/kill_resume.sh: bin/collect SIGKILLed at 20 random moments of a small campaign
# (4 cycles of 1-second PUT/GET runs plus a count-bounded one-off HEAD against s3rver,
# about 25 s uninterrupted: time-bound runs, so that the kills land inside the campaign on
# a fast machine too), started again with --resume after each kill, then once more to the
# end.
# The random delays come from a fixed seed (KILL_SEED, default 20261202). Checks:
#   - after every kill: the run's child is gone too, every run.json present parses and is
#     whole (a run directory has its run.json or is unfinished, never half a file);
#   - no resumed collector finds the lock stale (never exit 3), the last one exits 0, and
#     the lock is free at the end (flock -n gets it); once, a second collector started
#     while one runs is refused (exit 3);
#   - the final tree has exactly the runs of an uninterrupted run of the same campaign
#     (same run paths, each with one complete run.json, ops.tsv.zst with count x workers
#     rows for the count-bound run, request numbers 0..n-1 once each: no duplicate), no
#     temporary, state or stray file anywhere, and plan.tsv has the same rows as the
#     uninterrupted run's;
#   - no object is left in the bucket (each --resume first deletes what the killed attempt
#     of the run it redoes left, under the prefix recorded in RUNDIR/.prefix), and each such
#     sweep is billed in OUT/sweeps.json under the run it redid.
. "$(dirname "$0")/collect_lib.sh"

seed=${KILL_SEED:-20261202}
kills=${KILLS:-20}
pids=()
stop_all() {
	local p
	for p in "${pids[@]}"; do
		kill -KILL "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	pids=()
}
at_exit stop_all

server_env KR S3RVER || { bad "no s3 server"; finish; }
export KR_AWS_ACCESS_KEY_ID KR_AWS_SECRET_ACCESS_KEY

# campaign BUCKET: the campaign text (the reference run uses its own bucket: run key
# prefixes are the same in both trees)
campaign() {
	cat <<EOF
[campaign]
name = killresume
cycles = 4
order = interleave
[matrix]
ops = put, get
sizes = 4KiB
concurrency = 1, 2
duration = 1s
timeout = 60s
objects = 10
[head]
objects = 20
size = 4KiB
count = 20
[subject s]
endpoint = $KR_S3_ENDPOINT
bucket = $1
credentials = env:KR_AWS
EOF
}
mkdir -p "$work/ref" "$work/kill"
campaign kr-ref >"$work/ref/k.ini"
kbucket=kr-kill-$$ # fresh, also on a server that earlier runs used
campaign "$kbucket" >"$work/kill/k.ini"
ini="$work/kill/k.ini"
out="$work/kill/out"
ref="$work/ref/out"

# The uninterrupted run, at the same time as the kills (its own bucket and directory).
"$collect" "$work/ref/k.ini" -o "$ref" >"$work/ref.log" 2>&1 &
ref_pid=$!
pids+=("$ref_pid")

# children_gone: no process of the killed collector's campaign left (up to 3 s)
children_gone() {
	for _ in $(seq 1 30); do
		pgrep -f -- "$ini" >/dev/null || return 0
		sleep 0.1
	done
	return 1
}

RANDOM=$seed
orphans=0 locked=0 early=0 t0=$SECONDS
phases=""
for k in $(seq 1 "$kills"); do
	ms=$((200 + RANDOM % 2000))
	if [ "$k" -eq 1 ]; then
		"$collect" "$ini" -o "$out" >"$work/kill.$k.log" 2>&1 &
	else
		"$collect" "$ini" -o "$out" --resume >"$work/kill.$k.log" 2>&1 &
	fi
	pid=$!
	pids+=("$pid")
	sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
	# once, while a run is under way: a second collector on the same directory is
	# refused at once (the lock is held, not merely present)
	if [ -z "${second_rc:-}" ] && kill -0 "$pid" 2>/dev/null &&
		ls "$out"/runs/*/*/*/.state.json >/dev/null 2>&1; then
		timeout 20 "$collect" "$ini" -o "$out" --resume >"$work/second.log" 2>&1
		second_rc=$?
	fi
	if kill -0 "$pid" 2>/dev/null; then
		# where the kill lands: the phase of the unfinished run, if any (no python in
		# this loop: its start-up alone can take seconds on a loaded machine)
		st=$(cat "$out"/runs/*/*/*/.state.json 2>/dev/null)
		case "$st" in
		"") st=between ;;
		*'"cleanup":"started"'*) st=cleanup ;;
		*'"benchmark":"started"'*) st=benchmark ;;
		*'"prepare":"started"'*) st=prepare ;;
		*) st=state-file ;;
		esac
		kill -KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		phases="$phases $st"
	else
		wait "$pid"
		rc=$?
		early=$((early + 1))
		[ "$rc" -eq 3 ] && locked=$((locked + 1))
		echo "kill $k: the collector had already exited ($rc) after ${ms} ms"
		phases="$phases exited-$rc"
	fi
	pids=("$ref_pid")
	children_gone || { orphans=$((orphans + 1)); pkill -KILL -f -- "$ini"; }
	# what the kill left, checked after the loop: every run.json present, and the
	# names of all files
	mkdir -p "$work/snap/$k"
	(cd "$out" 2>/dev/null && find . -type f >"$work/snap/$k.files" &&
		find runs -name run.json -exec cp --parents {} "$work/snap/$k" \; 2>/dev/null)
done
echo "kills landed in:$phases ($((SECONDS - t0)) s)"
echo "kills that left temporary or state files (for --resume to remove):" \
	"$(grep -l -E '\.tmp|\.state\.json' "$work"/snap/*.files 2>/dev/null | wc -l)"
python3 - "$work/snap" "$kills" <<'PY' >"$work/snap.txt"
import glob, json, os, sys
snap, kills = sys.argv[1], int(sys.argv[2])
bad = n = 0
for k in range(1, kills + 1):
    for f in glob.glob("%s/%d/runs/*/*/*/run.json" % (snap, k)):
        n += 1
        try:
            j = json.load(open(f))
            assert j["format"] == "s3bench-run/1" and j["status"] in ("complete", "failed")
        except Exception as e:
            print("kill %d: %s: %s" % (k, f, e))
            bad += 1
print("%d run.json checked after the kills, %d bad" % (n, bad))
sys.exit(1 if bad else 0)
PY
check $? "after each kill every run.json present was whole: $(tail -n 3 "$work/snap.txt")"
[ "$orphans" -eq 0 ]
check $? "after each of the $kills kills the run's child was gone within 3 s ($orphans left one)"
[ "${second_rc:-none}" = 3 ]
check $? "a second collector while one runs exits 3 (got ${second_rc:-none}: $(tail -n 1 "$work/second.log" 2>/dev/null))"
[ "$locked" -eq 0 ]
check $? "no resumed collector found the directory locked ($locked did)"
[ "$early" -le 5 ]
check $? "the kills landed while the collector ran ($early of $kills came after it had exited)"
n_inside=$(echo "$phases" | tr ' ' '\n' | grep -c -E '^(prepare|benchmark|cleanup)$')
[ "$n_inside" -ge 10 ]
check $? "$n_inside kills landed inside a run (prepare, benchmark or cleanup)"

"$collect" "$ini" -o "$out" --resume >"$work/final.log" 2>&1
rc=$?
[ "$rc" -eq 0 ]
check $? "the last --resume completes the campaign (exit 0, got $rc: $(tail -n 2 "$work/final.log"))"
wait "$ref_pid"
rc=$?
pids=()
[ "$rc" -eq 0 ]
check $? "the uninterrupted run exits 0 (got $rc: $(tail -n 2 "$work/ref.log"))"

flock -n "$out/.lock" true
check $? "the lock is free at the end"
"$collect" "$ini" -o "$out" --resume >"$work/again.log" 2>&1
rc=$?
[ "$rc" -eq 0 ] && ! grep -q ' complete ' "$work/again.log"
check $? "another --resume gets the lock and has nothing to redo (exit $rc)"

nref=$(grep -c '^[0-9]' "$ref/plan.tsv")
check_tree "$ref" complete=1 runs="$nref" >"$work/check_ref.txt"
check $? "reference tree: $nref complete runs: $(cat "$work/check_ref.txt")"
check_tree "$out" complete=1 runs="$nref" >"$work/check_kill.txt"
check $? "killed-and-resumed tree: $nref complete runs, no stray file: $(cat "$work/check_kill.txt")"
left=$(find "$out" -name '*.tmp*' -o -name '.state.json' | head -n 5)
[ -z "$left" ]
check $? "no temporary or state file anywhere: $left"
a=$(cd "$ref" && find runs -type f | sort)
b=$(cd "$out" && find runs -type f | sort)
[ "$a" = "$b" ] && [ -n "$a" ]
check $? "the same run files as the uninterrupted run: $(diff <(echo "$a") <(echo "$b") | head -n 5)"
[ "$(grep -v '^#' "$ref/plan.tsv")" = "$(grep -v '^#' "$out/plan.tsv")" ]
check $? "plan.tsv has the same rows as the uninterrupted run's"
[ "$(grep '^#' "$ref/plan.tsv" | sed 's#/ref/k\.ini#/kill/k.ini#')" = "$(grep '^#' "$out/plan.tsv")" ]
check $? "plan.tsv has the same header lines (but the campaign file's path)"
python3 - "$out" <<'PY'
import glob, json, subprocess, sys
# each run recorded once: cycle and run id unique, wrapper not interrupted
seen = set()
bad = []
for f in glob.glob(sys.argv[1] + "/runs/*/*/*/run.json"):
    j = json.load(open(f))
    key = (j["cycle"], j["subject"]["id"], j["workload"]["op"], j["workload"]["concurrency"])
    if key in seen or j["wrapper"]["interrupted"]:
        bad.append(f)
    seen.add(key)
    z = f[:-len("run.json")] + "ops.tsv.zst"
    text = subprocess.run(["zstd", "-dcq", z], capture_output=True).stdout.decode()
    idx = [l.split("\t")[0] for l in text.split("\n")[1:] if l and not l.startswith("# ")]
    if sorted(map(int, idx)) != list(range(len(idx))) or len(idx) != j["summary"]["requests"]:
        bad.append(z + ": request numbers not 0..n-1 once each")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
check $? "each run recorded once, none left as interrupted, each request logged once"

# nothing left in the bucket: every run cleaned up after itself, and each --resume removed
# what the killed attempt of its unfinished run had left (the prefix in RUNDIR/.prefix)
n=$(curl -sS -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' --aws-sigv4 "aws:amz:us-east-1:s3" \
	--user "$KR_AWS_ACCESS_KEY_ID:$KR_AWS_SECRET_ACCESS_KEY" "$KR_S3_ENDPOINT/$kbucket?list-type=2" |
	sed -n 's/.*<KeyCount>\([0-9]*\)<\/KeyCount>.*/\1/p')
[ "$n" = 0 ]
check $? "no object left in the killed-and-resumed campaign's bucket (KeyCount '$n')"
# the sweeps' requests are billed: each --resume sweep is one sweeps.json entry naming a run
# the final tree holds (analyze adds it to that run's bill)
# (the checks before each collector's first request bill theirs as "preflight", run ".")
jq -e --arg out "$out" '.sweeps | map(select(.by != "preflight")) |
	all(.by == "resume" and (.billing.class_a >= 1))' \
	"$out/sweeps.json" >/dev/null 2>&1 || [ ! -e "$out/sweeps.json" ]
ok1=$?
miss=$(jq -r '.sweeps[] | select(.by != "preflight") | .run' "$out/sweeps.json" 2>/dev/null |
	while read -r r; do [ -f "$out/$r/run.json" ] || echo "$r"; done)
[ "$ok1" = 0 ] && [ -z "$miss" ]
check $? "sweeps.json: $(jq '.sweeps | map(select(.by == "resume")) | length' "$out/sweeps.json" 2>/dev/null || echo no) resume sweeps billed, each of a run the tree holds${miss:+ (missing: $miss)}"
finish
