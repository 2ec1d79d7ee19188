#!/usr/bin/env bash
# tests/e2e/collect_campaign.sh: the two-subject mini campaign (tests/fixtures/campaigns/
# mini.ini: put/get x 4KiB, 1MiB x c1, c4, 2 cycles of 2 s, plus list, head and delete with
# 500 objects) against two local servers with different keys (the tests/run s3rver and
# RGW when there, else private s3rver instances). Checks the documented tree, every
# run.json and ops.tsv.zst (and reads each log as MinIO Warp does: start order, one
# client_id for the whole campaign), that no secret is written anywhere, that a second collector on
# the same directory exits 3 at once, --dry-run, and campaign errors (exit 2).
. "$(dirname "$0")/collect_lib.sh"

server_env ONE S3RVER || finish
server_env TWO RGW || finish
export ONE_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY TWO_AWS_ACCESS_KEY_ID TWO_AWS_SECRET_ACCESS_KEY
camp="$work/mini.ini"
make_campaign "$top/tests/fixtures/campaigns/mini.ini" "$camp" "$ONE_S3_ENDPOINT" "$TWO_S3_ENDPOINT"
out="$work/out"

# --dry-run: the plan and the expected time, nothing written
"$collect" "$camp" -o "$out" --dry-run >"$work/dry.txt" 2>&1
check $? "--dry-run exits 0"
grep -q "^campaign mini .*: 38 runs, cycles 1-2, order interleave" "$work/dry.txt"
check $? "--dry-run counts 38 runs: $(head -n 1 "$work/dry.txt")"
grep -q "^expected time: 1m12s measured + 2 runs bounded by count or until-done" "$work/dry.txt"
check $? "--dry-run expected time: $(grep expected "$work/dry.txt")"
[ ! -e "$out" ]
check $? "--dry-run writes nothing"

# the campaign, with a second collector started while the first works
"$collect" "$camp" -o "$out" >"$work/collect.log" 2>&1 &
pid=$!
for _ in $(seq 1 50); do
	[ -e "$out/plan.tsv" ] && break
	sleep 0.2
done
t0=$(date +%s%N)
"$collect" "$camp" -o "$out" --resume >"$work/second.log" 2>&1
rc=$?
t1=$(date +%s%N)
[ "$rc" -eq 3 ]
check $? "a second collector on the same dir exits 3 (got $rc)"
[ $(((t1 - t0) / 1000000)) -lt 2000 ]
check $? "the second collector exits at once"
grep -q "in use by another collector (pid $pid)" "$work/second.log"
check $? "the second collector names the first: $(cat "$work/second.log")"
wait "$pid"
rc=$?
[ "$rc" -eq 0 ]
check $? "campaign exits 0 (got $rc; log: $(tail -n 3 "$work/collect.log"))"
[ "$(grep -c ' complete ' "$work/collect.log")" -eq 38 ]
check $? "one plain progress line per complete run (not a terminal)"

# the tree
for c in 01 02; do
	for s in one two; do
		for op in put get; do
			for size in 4KiB 1MiB; do
				for conc in 1 4; do
					d="$out/runs/cycle-$c/$s/$op-$size-c$conc"
					[ -f "$d/run.json" ] && [ -f "$d/ops.tsv.zst" ]
					check $? "$d has run.json and ops.tsv.zst"
				done
			done
		done
	done
done
for s in one two; do
	for op in list head delete; do
		d="$out/runs/once/$s/$op-4KiB-c4"
		[ -f "$d/run.json" ] && [ -f "$d/ops.tsv.zst" ]
		check $? "$d has run.json and ops.tsv.zst"
	done
done
cmp -s "$camp" "$out/campaign.ini"
check $? "campaign.ini is a copy of the campaign"
[ "$(grep -vc '^#' "$out/plan.tsv")" -eq 39 ]
check $? "plan.tsv: a header row and 38 runs"
head -n 1 "$out/plan.tsv" | grep -qx '# format: s3bench-plan/1'
check $? "plan.tsv format line"
[ -f "$out/.lock" ] && [ "$(find "$out" -name '.state.json' -o -name '*.tmp.*' | wc -l)" -eq 0 ]
check $? "no state or temporary file left"

check_tree "$out" complete=1 runs=38 secret="$ONE_AWS_SECRET_ACCESS_KEY" >"$work/check.txt"
check $? "every run complete, rows = requests, bytes = size, start <= first_byte <= end: $(cat "$work/check.txt")"
check_tree "$out" secret="$TWO_AWS_SECRET_ACCESS_KEY" >/dev/null
check $? "the second secret is nowhere either"
# every ops.tsv.zst as MinIO Warp reads it (header by name, RFC 3339 times), with rows in
# start order, idx renumbered, and the one client_id of this collector process
python3 "$top/tests/tools/warp_csv_check.py" --same-client \
	$(find "$out/runs" -name ops.tsv.zst | sort) >"$work/warp.txt"
check $? "Warp's reading rules, start order, one client_id for the campaign: $(grep problem "$work/warp.txt")"
[ "$(grep -c ' rows=[1-9]' "$work/warp.txt")" -eq 38 ]
check $? "38 logs with rows"
awk '{ split($4, a, "="); n += a[2] } END { exit !(n > 0) }' "$work/warp.txt"
check $? "rows completed out of start order somewhere (the sort had work to do)"
grep -rqs "$ONE_AWS_ACCESS_KEY_ID" "$out"
[ $? -ne 0 ]
check $? "the access key id is nowhere in the tree"

d="$out/runs/cycle-02/two/get-1MiB-c4"
[ "$(run_json "$d" "j['cycle'], j['subject']['endpoint'] == '$TWO_S3_ENDPOINT', j['workload']['objects'], j['phases']['prepare']")" = "2 True 20 done" ]
check $? "run.json: cycle, subject endpoint, objects, prepare phase"
# (s3rver now and then answers a multi-object delete with 500: such a batch is an error row)
[ "$(run_json "$out/runs/once/one/delete-4KiB-c4" "j['workload']['bound'], j['workload']['batch'], j['summary']['requests'], j['summary']['objects'] + 100 * j['summary']['errors'], j['cycle']")" = "until-done 100 5 500 None" ]
check $? "delete: until-done, 5 batches of 100 handle the 500 objects, no cycle"
[ "$(run_json "$out/runs/once/two/list-4KiB-c4" "j['summary']['objects'] % 500 == 0 and j['summary']['objects'] > 0")" = "True" ]
check $? "list: whole listings of the 500 objects"

# campaign errors: exit 2 with file:line:key
printf '[campaign]\nname = x\n[matrix]\nops = put\nsizes = 5XB\nconcurrency = 1\nduration = 1s\n[subject a]\nendpoint = http://x\nbucket = b\n' >"$work/bad.ini"
msg=$("$collect" "$work/bad.ini" -o "$work/bad" 2>&1)
rc=$?
[ "$rc" -eq 2 ] && [[ "$msg" == *"bad.ini:5: [matrix] sizes: '5XB' is not a size"* ]]
check $? "campaign error exits 2 naming file:line:key (rc $rc: $msg)"
[ ! -e "$work/bad" ]
check $? "a bad campaign writes nothing"
"$collect" "$camp" -o "$out" --only nobody >/dev/null 2>&1
check $(( $? == 2 ? 0 : 1 )) "--only with an unknown subject exits 2"
"$collect" "$camp" -o "$out" >/dev/null 2>&1
check $(( $? == 2 ? 0 : 1 )) "a dir holding runs of the plan needs --resume (exit 2)"
"$collect" "$camp" -o "$out" --resume >"$work/resume.log" 2>&1
check $? "--resume of a finished campaign exits 0 and runs nothing"
! grep -q ' complete ' "$work/resume.log" &&
	grep -q "^collect: --resume: \([0-9]*\) of the plan's \1 runs recorded: complete, kept: \1;" "$work/resume.log"
check $? "--resume of a finished campaign prints no run, only what it keeps: $(cat "$work/resume.log")"
"$collect" --help >"$work/help.txt"
check $? "--help exits 0"
for o in -o --only --cycles --cycle --resume --dry-run --insecure --endpoint --bucket --region \
	--path-style --op --size --concurrency --duration --count --until-done --objects --batch \
	--part-size --timeout --keep "Exit status"; do
	grep -q -- "$o" "$work/help.txt"
	check $? "--help mentions $o"
done
finish
