#!/usr/bin/env bash
# tests/e2e/newuser.sh: a new user's ordinary mistakes, caught before the first request,
# recoverable after, never silently lost (docs/CAMPAIGN.md, "Before the first request" and
# "Resuming"; README, "Troubleshooting"). Against s3rver (tests/run's, else a private one).
#  1. UTF-8: a label saved in Latin-1 is refused with file, line, section and key before
#     anything runs; a `collect run` whose region (AWS_REGION) is not UTF-8, and a `collect
#     probe --id` that is not, are refused before the first request naming the field
#     (never a run.json without its subject, nor a probe.json "out of memory"); analyze refuses
#     a run.json without its campaign object as it refuses one without its subject.
#  2. endpoints and the checks before the first request: user info (its password never
#     printed nor written anywhere), a path, a query and an out-of-range port refused at
#     parse time with file and line (and `collect run`, `collect probe` or `collect
#     consistency` --endpoint, or AWS_ENDPOINT_URL, with user info, named as such); then
#     one campaign whose subjects have missing keys, an invalid bucket name, an untrusted
#     TLS front (nginx over HTTPS), a server that does not speak S3 (nginx) and no right to
#     create their bucket (an RGW user with --max-buckets=-1): every problem listed at
#     once, nothing run (no runs/); `--check` says the same, and for the good subject alone
#     "ready"; a tmpfs of 64 KiB as the output directory: no room for the logs.
#  3. recoverable failures: a campaign run without the checks, one subject's keys not
#     exported, another's endpoint refusing connections: a plain rerun says what --resume
#     would do; --resume after exporting the keys runs the auth failure again and says so,
#     keeps the refused connections as a measurement (with its recorded reason), bills the
#     replaced attempt (sweeps.json "redo"); --redo-failed would run it again, so the
#     checks before the first request stop it.
#  4. a full output disk (a 512 KiB tmpfs, mounted and unmounted here): the first run that
#     cannot write its logs stops the campaign, recorded (class local-io), naming the path
#     and its free space; the runs after it are not started; with room again (the tmpfs
#     grown), --resume runs it again and the rest.
#  5. --resume with a changed campaign: runs kept from count = 2 beside a campaign that now
#     says count = 3 (and a subject's endpoint written otherwise) are refused, naming the
#     first kept run and what it was measured with; --allow-changed keeps them, and
#     plan.tsv's kept_as column says how each kept run was measured.
#  6. messages that send the user the right way: a directory given as the campaign file;
#     analyze of a missing directory (named, not DIR/runs) and of a file; render of a
#     campaign's directory, its runs/ or its results/aggregate.json (its results/
#     suggested) and of a missing directory; a run's TLS failure naming ca_bundle and
#     --ca-bundle, and https:// to a plain-HTTP port (the checks' and a run's) suggesting
#     http:// instead; a label over the line limit naming its key, and a label continued on an
#     indented line (joined, not refused as a repeat); a server that does not speak S3
#     named so, with the request; a run's refused CreateBucket named as that.
#  7. CreateBucket's LocationConstraint: tests/tools/verify_s3.py --region eu-west-3 wants
#     it (and none for us-east-1), as AWS does; Ceph RGW takes its zonegroup's name
#     ("default") and refuses another region, which the checks name.
. "$(dirname "$0")/collect_lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
collect=$work/collect # collect_lib.sh's private copy
unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN AWS_PROFILE AWS_CA_BUNDLE
server_env ONE S3RVER || { bad "no s3 server"; finish; }
export ONE_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY
ep=$ONE_S3_ENDPOINT

# campaign NAME [SUBJECT LINES...]: a 2-subject-less campaign: one PUT cell of 2 requests
# per worker against s3rver with subject a (keys env:ONE_AWS), extra lines appended to it
campaign() {
	local name=$1
	shift
	{
		printf '[campaign]\nname = %s\n[matrix]\nops = put\nsizes = 4KiB\n' "$name"
		printf 'concurrency = 1\ncount = 2\n[subject a]\nendpoint = %s\nbucket = nu-%s\n' \
			"$ep" "$name"
		printf 'credentials = env:ONE_AWS\n'
		for l in "$@"; do printf '%s\n' "$l"; done
	} >"$work/$name.ini"
}

# ---------------------------------------------------------------- 1. UTF-8
campaign latin1 "$(printf 'label = Telef\xf3nica')"
"$collect" "$work/latin1.ini" -o "$work/latin1" >"$work/latin1.out" 2>&1
st=$?
[ $st -eq 2 ] && grep -q "latin1.ini:12: \[subject a\] label: not UTF-8 (byte 0xF3 at position 6 of the value): save the file as UTF-8" "$work/latin1.out" &&
	[ ! -d "$work/latin1/runs" ]
check $? "a Latin-1 label is refused with file, line, section and key; nothing runs (exit $st)" \
	"$(head -n 3 "$work/latin1.out")"

AWS_ACCESS_KEY_ID=$ONE_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$ONE_AWS_SECRET_ACCESS_KEY \
	AWS_REGION=$(printf 'eu-\xe9') "$collect" run --endpoint "$ep" --bucket nu-region \
	--op put --size 4KiB --concurrency 1 --count 2 -o "$work/region" >"$work/region.out" 2>&1
st=$?
grep -q "subject.region: not UTF-8 (byte 0xE9 at position 4)" "$work/region.out" && [ $st -eq 2 ] &&
	[ ! -e "$work/region/run.json" ]
check $? "a region that is not UTF-8: refused before the first request naming subject.region, no run.json (exit $st)" \
	"$(tail -n 3 "$work/region.out")"
AWS_ACCESS_KEY_ID=$ONE_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$ONE_AWS_SECRET_ACCESS_KEY \
	"$collect" probe --endpoint "$ep" --bucket nu-probeid --id "$(printf 'Telef\xf3nica')" \
	-o "$work/probeid" >"$work/probeid.out" 2>&1
st=$?
[ $st -eq 2 ] && grep -q "subject.id: not UTF-8 (byte 0xF3 at position 6)" "$work/probeid.out" &&
	[ ! -e "$work/probeid/probe.json" ] && ! grep -q "out of memory" "$work/probeid.out"
check $? "collect probe --id that is not UTF-8: refused before the first request naming subject.id (exit $st)" \
	"$(tail -n 3 "$work/probeid.out")"

campaign good
"$collect" "$work/good.ini" -o "$work/good" >"$work/good.out" 2>&1
check $? "a good campaign completes" "$(tail -n 3 "$work/good.out")"
rj=$work/good/runs/cycle-01/a/put-4KiB-c1/run.json
python3 -c "import json,sys; j=json.load(open(sys.argv[1])); del j['campaign']; json.dump(j, open(sys.argv[1], 'w'))" "$rj"
"$analyze" "$work/good" -o "$work/good/results" >"$work/good.an" 2>&1
st=$?
[ $st -ne 0 ] && grep -q "runs/cycle-01/a/put-4KiB-c1/run.json.*field campaign: missing" "$work/good.an"
check $? "analyze refuses a run.json without its campaign object, naming the field (exit $st)" \
	"$(head -n 5 "$work/good.an")"

# ---------------------------------------------------------------- 2. endpoints, preflight
pw=S3BENCHPASSWORD$RANDOM
for t in "userinfo|http://bench:$pw@127.0.0.1:9000|holds user info (NAME:PASSWORD@ before the host)" \
	"path|http://127.0.0.1:9000/s3/v1|has a path (/s3/v1) after the host" \
	"query|http://127.0.0.1:9000/?X-Amz-Credential=x|has a query (?...)" \
	"port|http://127.0.0.1:99999|port 99999 is out of range (1-65535)"; do
	IFS='|' read -r tag url want <<<"$t"
	campaign "ep$tag"
	sed -i "s#^endpoint = .*#endpoint = $url#" "$work/ep$tag.ini"
	"$collect" "$work/ep$tag.ini" -o "$work/ep$tag" >"$work/ep$tag.out" 2>&1
	st=$?
	[ $st -eq 2 ] && grep -qF "ep$tag.ini:9: [subject a] endpoint: " "$work/ep$tag.out" &&
		grep -qF "$want" "$work/ep$tag.out" && ! grep -rqF "$pw" "$work/ep$tag.out" "$work/ep$tag" 2>/dev/null &&
		[ ! -d "$work/ep$tag/runs" ]
	check $? "endpoint with $tag refused at parse time with file, line and key (exit $st)" \
		"$(head -n 2 "$work/ep$tag.out")"
done
grep -qF "'http://***@127.0.0.1:9000' holds user info" "$work/epuserinfo.out"
check $? "the URL is quoted with its user info replaced by ***" "$(cat "$work/epuserinfo.out")"
AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=y "$collect" run --endpoint "http://u:$pw@127.0.0.1:1" \
	--bucket nu-x --op put --size 4KiB --concurrency 1 --count 1 -o "$work/runui" >"$work/runui.out" 2>&1
st=$?
[ $st -eq 2 ] && grep -q "endpoint: .*holds user info" "$work/runui.out" &&
	! grep -rqF "$pw" "$work/runui.out" "$work/runui" 2>/dev/null
check $? "collect run --endpoint with user info: refused, the password nowhere (exit $st)" \
	"$(cat "$work/runui.out")"
for cmd in probe consistency; do
	AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=y "$collect" $cmd --endpoint "http://u:$pw@127.0.0.1:1" \
		--bucket nu-x -o "$work/${cmd}ep" >"$work/${cmd}ep.out" 2>&1
	st=$?
	[ $st -eq 2 ] && grep -q "^collect: --endpoint: 'http://\*\*\*@127.0.0.1:1' holds user info" "$work/${cmd}ep.out" &&
		! grep -rqF "$pw" "$work/${cmd}ep.out" "$work/${cmd}ep" 2>/dev/null
	check $? "collect $cmd --endpoint with user info: refused naming --endpoint, the password nowhere (exit $st)" \
		"$(cat "$work/${cmd}ep.out")"
done
AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=y AWS_ENDPOINT_URL="http://u:$pw@127.0.0.1:1" "$collect" probe \
	--bucket nu-x -o "$work/probeui" >"$work/probeui.out" 2>&1
st=$?
[ $st -eq 2 ] && grep -q "^collect: AWS_ENDPOINT_URL: 'http://\*\*\*@127.0.0.1:1' holds user info" "$work/probeui.out" &&
	! grep -rqF "$pw" "$work/probeui.out" "$work/probeui" 2>/dev/null
check $? "AWS_ENDPOINT_URL with user info: refused naming the variable, the password nowhere (exit $st)" \
	"$(cat "$work/probeui.out")"

use_rgw
use_nginx
command -v radosgw-admin >/dev/null && command -v openssl >/dev/null ||
	{ bad "radosgw-admin or openssl missing (scripts/setup)"; finish; }
# an RGW user that may not create buckets
nck=NU$(head -c 8 /dev/urandom | od -An -tx1 | tr -d ' \n' | tr a-f A-F)
export NOCREATE_ACCESS_KEY_ID=$nck NOCREATE_SECRET_ACCESS_KEY=nocreate$RANDOM$RANDOM$RANDOM
timeout 60 radosgw-admin -c "$RGW_S3_SERVER_DIR/ceph.conf" user create --uid="nocreate-$nck" \
	--display-name=nocreate --access-key="$nck" --secret-key="$NOCREATE_SECRET_ACCESS_KEY" \
	--max-buckets=-1 >"$work/rgwuser.out" 2>&1
check $? "an RGW user without the right to create buckets" "$(tail -n 3 "$work/rgwuser.out")"
# nginx over HTTPS with a CA of its own (tests/tools/tls_nginx.sh)
tport=$("$top/tests/tools/tls_nginx.sh" "$work/ng" 2>"$work/tls.err")
check $? "nginx over TLS with a CA of its own (port $tport)" "$(cat "$work/tls.err")"
at_exit "kill \$(cat '$work/ng/nginx.pid' 2>/dev/null) 2>/dev/null"
unset NOKEYS_ACCESS_KEY_ID NOKEYS_SECRET_ACCESS_KEY
cat >"$work/pf.ini" <<INI
[campaign]
name = pf
[matrix]
ops = put
sizes = 4KiB
concurrency = 1
count = 2
[subject good]
endpoint = $ep
bucket = nu-pf-good-$RANDOM
credentials = env:ONE_AWS
[subject nokeys]
endpoint = $ep
bucket = nu-pf-nokeys
credentials = env:NOKEYS
[subject badname]
endpoint = $ep
bucket = Bad_Bucket
addressing = virtual
credentials = env:ONE_AWS
[subject tls]
endpoint = https://s3.localhost:$tport
bucket = nu-pf-tls
credentials = env:ONE_AWS
[subject web]
endpoint = $NGINX_S3_ENDPOINT
bucket = nu-pf-web
credentials = env:ONE_AWS
[subject nocreate]
endpoint = $RGW_S3_ENDPOINT
bucket = nu-pf-nocreate-$RANDOM
credentials = env:NOCREATE
INI
: >"$work/ng/access.log"
"$collect" "$work/pf.ini" -o "$work/pf" >"$work/pf.out" 2>&1
st=$?
[ $st -eq 2 ] && [ ! -d "$work/pf/runs" ]
check $? "preflight: problems stop the campaign before any run (exit $st)" "$(cat "$work/pf.out")"
# pfline SUBJECT TEXT...: the problem line of SUBJECT holds every TEXT
pfline() {
	local subj=$1 f=$2 line
	shift 2
	line=$(grep -F "pf.ini:$(grep -n "^\[subject $subj\]" "$work/pf.ini" | cut -d: -f1): [subject $subj]: " "$f") || return 1
	for w in "$@"; do
		printf '%s\n' "$line" | grep -qF -- "$w" || return 1
	done
}
pfline nokeys "$work/pf.out" "credentials = env:NOKEYS, but NOKEYS_ACCESS_KEY_ID or NOKEYS_SECRET_ACCESS_KEY is not set"
check $? "preflight names the missing keys"
pfline badname "$work/pf.out" "bucket 'Bad_Bucket'" "cannot be a host name (addressing = virtual)"
check $? "preflight names the invalid bucket name"
pfline tls "$work/pf.out" "TLS with https://s3.localhost:$tport failed" "ca_bundle = PEM" "--ca-bundle PEM" "insecure = yes"
check $? "preflight names the untrusted TLS front and ca_bundle, --ca-bundle, insecure"
pfline web "$work/pf.out" "does not speak S3: it answered ListObjectsV2 of nu-pf-web with HTTP"
check $? "preflight names the server that does not speak S3 (nginx)"
pfline nocreate "$work/pf.out" "does not exist and these keys may not create it (CreateBucket: HTTP 403 AccessDenied"
check $? "preflight names the refused CreateBucket as that, not as bad keys"
grep -q "^collect: 5 problems found before the first request; nothing was run" "$work/pf.out" &&
	! grep "\[subject good\]: " "$work/pf.out" | grep -qv "created (the first run would have)"
check $? "preflight: the 5 problems at once, the good subject not among them"
! grep -qF "$ONE_AWS_SECRET_ACCESS_KEY" "$work/pf.out" && ! grep -qF "$NOCREATE_SECRET_ACCESS_KEY" "$work/pf.out" &&
	! grep -qF "$ONE_AWS_ACCESS_KEY_ID" "$work/pf.out" && ! grep -qF "$nck" "$work/pf.out"
check $? "preflight prints no key"
python3 - "$work/pf/sweeps.json" <<'PY'
import json, sys
s = {e["subject"]: e for e in json.load(open(sys.argv[1]))["sweeps"]}
assert all(e["by"] == "preflight" and e["run"] == "." for e in s.values()), s
# good: ListObjectsV2 and CreateBucket; nocreate: ListObjectsV2 and the refused CreateBucket
assert s["good"]["billing"]["class_a"] == 2 and s["nocreate"]["billing"]["class_a"] == 2, s
PY
check $? "the checks' requests are billed in sweeps.json (by preflight, one entry per subject)" \
	"$(cat "$work/pf/sweeps.json" 2>&1 | head -n 20)"
"$collect" "$work/pf.ini" -o "$work/pf" --check >"$work/pfc.out" 2>&1
st=$?
[ $st -eq 2 ] && pfline web "$work/pfc.out" "does not speak S3" && pfline nokeys "$work/pfc.out" "NOKEYS_ACCESS_KEY_ID" &&
	grep -q "^collect: 5 problems found before the first request (" "$work/pfc.out"
check $? "--check lists the same problems (exit $st)" "$(cat "$work/pfc.out")"
"$collect" "$work/pf.ini" -o "$work/pf" --check --only good >"$work/pfg.out" 2>&1
st=$?
[ $st -eq 0 ] && grep -q "\[subject good\]: ready" "$work/pfg.out" &&
	grep -q "checked 1 subject and the output disk: ready" "$work/pfg.out"
check $? "--check --only good: ready (exit $st)" "$(cat "$work/pfg.out")"

# the output directory on a 64 KiB tmpfs: no room for the logs
if [ "$(id -u)" = 0 ]; then
	mkdir -p "$work/small"
	mount -t tmpfs -o size=64k tmpfs "$work/small" && at_exit "umount '$work/small' 2>/dev/null"
	campaign big
	sed -i 's/^count = .*/count = 1000/' "$work/big.ini"
	"$collect" "$work/big.ini" -o "$work/small/out" >"$work/small.out" 2>&1
	st=$?
	[ $st -eq 2 ] && grep -q "output directory $work/small/out: [0-9.]* KiB free on its file system (at $work/small/out), but the 1 runs to do write about 1[0-9][0-9][.0-9]* KiB of logs" "$work/small.out"
	check $? "preflight: no room on the output disk, named with its free space (exit $st)" "$(cat "$work/small.out")"
else
	skip 1 "the 64 KiB tmpfs needs root"
fi

# ---------------------------------------------------------------- 3. recoverable failures
unset LATE_ACCESS_KEY_ID LATE_SECRET_ACCESS_KEY
campaign rec "[subject late]" "endpoint = $ep" "bucket = nu-rec-late-$RANDOM" "credentials = env:LATE" \
	"[subject down]" "endpoint = http://127.0.0.1:1" "bucket = nu-rec-down" "credentials = env:ONE_AWS"
"$collect" "$work/rec.ini" -o "$work/rec" --no-preflight >"$work/rec.1" 2>&1
st=$?
[ $st -eq 1 ] && [ "$(run_json "$work/rec/runs/cycle-01/late/put-4KiB-c1" "j['errors']['class']")" = auth ] &&
	[ "$(run_json "$work/rec/runs/cycle-01/down/put-4KiB-c1" "j['errors']['class']")" = unavailable ]
check $? "without the checks: the keyless subject fails (auth), the refused endpoint (unavailable) (exit $st)" \
	"$(cat "$work/rec.1")"
"$collect" "$work/rec.ini" -o "$work/rec" >"$work/rec.2" 2>&1
st=$?
[ $st -eq 2 ] && grep -qF "already holds 3 runs of this plan (runs/cycle-01/a/put-4KiB-c1 the first); use --resume to go on: it keeps the complete runs (1) and the provider's failures (1), and runs again those that failed for a reason you can fix (1) and the incomplete ones (0)" "$work/rec.2"
check $? "a plain rerun says what --resume would do (exit $st)" "$(cat "$work/rec.2")"
export LATE_ACCESS_KEY_ID=$ONE_AWS_ACCESS_KEY_ID LATE_SECRET_ACCESS_KEY=$ONE_AWS_SECRET_ACCESS_KEY
"$collect" "$work/rec.ini" -o "$work/rec" --resume >"$work/rec.3" 2>&1
st=$?
[ $st -eq 1 ] &&
	grep -qF "collect: --resume: 3 of the plan's 3 runs recorded: complete, kept: 1; failed for the provider: 1, kept as measurements (--redo-failed runs them again); failed for a reason you can fix, run again: 1; incomplete or interrupted, run again: 0; not run yet: 0" "$work/rec.3" &&
	grep -qF "collect: --resume: runs/cycle-01/late/put-4KiB-c1: run again: it failed for a reason you can fix (keys or rights (auth); recorded auth: credentials: subject late: credentials = env:LATE, but LATE_ACCESS_KEY_ID or LATE_SECRET_ACCESS_KEY is not set)" "$work/rec.3" &&
	grep -qF "collect: --resume: runs/cycle-01/down/put-4KiB-c1: kept as a measurement of the provider (recorded unavailable: connect: " "$work/rec.3" &&
	[ "$(run_json "$work/rec/runs/cycle-01/late/put-4KiB-c1" "j['status']")" = complete ]
check $? "--resume after exporting the keys: says what it keeps and why, runs the auth failure again, complete (exit $st: the provider's failure is kept)" \
	"$(cat "$work/rec.3")"
python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['sweeps']; assert [e['run'] for e in s if e['by'] == 'redo'] == ['runs/cycle-01/late/put-4KiB-c1'], s" "$work/rec/sweeps.json"
check $? "the replaced attempt is billed (sweeps.json by redo)"
"$collect" "$work/rec.ini" -o "$work/rec" --resume --redo-failed >"$work/rec.4" 2>&1
st=$?
[ $st -eq 2 ] && grep -q "\[subject down\]: endpoint http://127.0.0.1:1: cannot connect" "$work/rec.4" &&
	[ "$(run_json "$work/rec/runs/cycle-01/down/put-4KiB-c1" "j['errors']['class']")" = unavailable ]
check $? "--redo-failed would run the refused endpoint again: the checks stop it first (exit $st)" \
	"$(cat "$work/rec.4")"

# ---------------------------------------------------------------- 4. a full output disk
if [ "$(id -u)" = 0 ]; then
	mkdir -p "$work/full"
	mount -t tmpfs -o size=512k tmpfs "$work/full" && at_exit "umount '$work/full' 2>/dev/null"
	campaign full
	sed -i 's/^count = .*/count = 300/; s/^concurrency = .*/concurrency = 1, 2, 3, 4, 5, 6, 7, 8/' "$work/full.ini"
	"$collect" "$work/full.ini" -o "$work/full/out" --no-preflight >"$work/full.1" 2>&1
	st=$?
	stopped=$(grep -o "runs/cycle-01/a/put-4KiB-c[0-9]*: the output directory $work/full/out cannot take the run's logs" "$work/full.1" | head -n 1 | cut -d: -f1)
	[ $st -eq 1 ] && [ -n "$stopped" ] &&
		grep -q "collect: stopped: .*local-io.*; $work/full/out has [0-9.]* [KM]*i*B free; free space and run again with --resume (it runs $stopped again)" "$work/full.1" &&
		[ "$(run_json "$work/full/out/$stopped" "j['errors']['class']")" = local-io ] &&
		[ "$(ls "$work/full/out/runs/cycle-01/a" | wc -l)" -lt 8 ]
	check $? "a full disk stops the campaign at its first local-io run ($stopped), recorded, naming the path and its free space (exit $st)" \
		"$(tail -n 6 "$work/full.1")"
	mount -o remount,size=16m "$work/full"
	"$collect" "$work/full.ini" -o "$work/full/out" --resume >"$work/full.2" 2>&1
	st=$?
	[ $st -eq 0 ] && grep -qF "$stopped: run again: it failed for a reason you can fix (the output disk (local-io)" "$work/full.2" &&
		[ "$(ls "$work/full/out/runs/cycle-01/a" | wc -l)" -eq 8 ]
	check $? "with room again, --resume runs it again and the rest (exit $st)" "$(cat "$work/full.2" | tail -n 12)"
	umount "$work/full"
else
	skip 2 "the 512 KiB tmpfs needs root"
fi

# ---------------------------------------------------------------- 5. a changed campaign
campaign chg "[subject b]" "endpoint = $ep" "bucket = nu-chg-b" "credentials = env:ONE_AWS"
"$collect" "$work/chg.ini" -o "$work/chg" --only a >"$work/chg.1" 2>&1
check $? "a changed campaign: its first run, subject a alone" "$(cat "$work/chg.1")"
sed -i 's/^count = 2$/count = 3/' "$work/chg.ini"
"$collect" "$work/chg.ini" -o "$work/chg" --resume >"$work/chg.2" 2>&1
st=$?
[ $st -eq 2 ] && grep -qF "collect: --resume: $work/chg: the campaign changed since the runs kept here were measured: runs/cycle-01/a/put-4KiB-c1 was measured with workload.count=2, which the campaign now sets otherwise (1 of the kept runs differ); run the campaign as it is now into another -o DIR, or keep those runs beside the new ones with --allow-changed" "$work/chg.2" &&
	[ ! -d "$work/chg/runs/cycle-01/b" ] && grep -q "	2	" "$work/chg/plan.tsv" && ! grep -q kept_as "$work/chg/plan.tsv"
check $? "--resume with a changed count is refused, naming the kept run and its count; plan.tsv untouched (exit $st)" \
	"$(cat "$work/chg.2")"
sed -i "s#^endpoint = $ep\$#endpoint = ${ep/127.0.0.1/localhost}#" "$work/chg.ini"
"$collect" "$work/chg.ini" -o "$work/chg" --resume --allow-changed >"$work/chg.3" 2>&1
st=$?
python3 - "$work/chg/plan.tsv" "$ep" <<'PY'
import csv, sys
lines = open(sys.argv[1]).read().split("\n")
assert any(l.startswith("# changed: 1 runs kept from an earlier collector were measured otherwise") for l in lines), lines[:12]
rows = list(csv.DictReader([l for l in lines if l and not l.startswith("#")], delimiter="\t"))
kept = {r["subject"]: r["kept_as"] for r in rows}
want = "workload.count=2; subject.endpoint=" + sys.argv[2]
assert kept == {"a": want, "b": ""}, kept
assert all(r["count"] == "3" for r in rows), rows
PY
[ $? -eq 0 ] && [ $st -eq 0 ] && [ "$(run_json "$work/chg/runs/cycle-01/b/put-4KiB-c1" "j['workload']['count']")" = 3 ] &&
	[ "$(run_json "$work/chg/runs/cycle-01/a/put-4KiB-c1" "j['workload']['count']")" = 2 ] &&
	grep -q "1 kept runs were measured otherwise than the campaign now says" "$work/chg.3"
check $? "--allow-changed keeps the run; plan.tsv's kept_as says it was measured with count 2 and the old endpoint (exit $st)" \
	"$(cat "$work/chg.3"; cat "$work/chg/plan.tsv")"

# ---------------------------------------------------------------- 6. messages
mkdir -p "$work/adir"
"$collect" "$work/adir" >"$work/m1" 2>&1
st=$?
[ $st -eq 2 ] && grep -qF "collect: $work/adir: a directory, not a campaign file" "$work/m1" && ! grep -q "1 MiB" "$work/m1"
check $? "a directory given as the campaign file is named as such (exit $st)" "$(cat "$work/m1")"
"$analyze" "$work/nosuchdir" >"$work/m2" 2>&1
st=$?
[ $st -ne 0 ] && grep -qF "analyze: $work/nosuchdir: No such file or directory" "$work/m2" && ! grep -q "nosuchdir/runs" "$work/m2"
check $? "analyze of a missing directory names it, not DIR/runs (exit $st)" "$(cat "$work/m2")"
"$analyze" "$work/good.ini" >"$work/m2f" 2>&1
st=$?
[ $st -eq 2 ] && grep -qF "analyze: $work/good.ini: a file, not a directory: analyze reads the output directory of collect (collect CAMPAIGN.ini -o DIR)" "$work/m2f" &&
	! grep -q "good.ini/" "$work/m2f"
check $? "analyze of a file (the campaign's) says it wants collect's output directory (exit $st)" "$(cat "$work/m2f")"
render=${RENDER:-$top/bin/render}
"$analyze" "$work/chg" -o "$work/chg/results" >/dev/null 2>&1
"$render" "$work/chg" -o "$work/chgrep" >"$work/m3" 2>&1
st=$?
[ $st -ne 0 ] && grep -qF "$work/chg is a campaign's directory: give its results, render $work/chg/results" "$work/m3"
check $? "render of a campaign's directory suggests its results/ (exit $st)" "$(cat "$work/m3")"
"$render" "$work/nosuchdir" -o "$work/chgrep" >"$work/m3n" 2>&1
st=$?
[ $st -ne 0 ] && grep -qF "render: $work/nosuchdir: No such file or directory" "$work/m3n" && ! grep -q "nosuchdir/" "$work/m3n"
check $? "render of a missing directory names it, not DIR/aggregate.json (exit $st)" "$(cat "$work/m3n")"
for t in "results/aggregate.json|$work/chg/results" "runs|$work/chg/results"; do
	IFS='|' read -r given want <<<"$t"
	"$render" "$work/chg/$given" -o "$work/chgrep" >"$work/m3f" 2>&1
	st=$?
	[ $st -ne 0 ] && grep -qF "give its results directory: render $want" "$work/m3f"
	check $? "render of chg/$given suggests render $want (exit $st)" "$(cat "$work/m3f")"
done
AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=y "$collect" run --endpoint "https://s3.localhost:$tport" \
	--bucket nu-tls --op put --size 4KiB --concurrency 1 --count 1 -o "$work/runtls" >"$work/m4" 2>&1
st=$?
[ $st -ne 0 ] && grep -q "tls: .*(trust its CA: ca_bundle, --ca-bundle or AWS_CA_BUNDLE; or insecure)" "$work/m4" &&
	[ "$(run_json "$work/runtls" "j['errors']['class']")" = tls ]
check $? "a run's TLS failure names ca_bundle, --ca-bundle and AWS_CA_BUNDLE (exit $st)" "$(cat "$work/m4")"
# https:// to a port that answers plain HTTP (s3rver): not a trust problem
campaign tlsplain
sed -i "s#^endpoint = http://#endpoint = https://#" "$work/tlsplain.ini"
"$collect" "$work/tlsplain.ini" -o "$work/tlsplain" --check >"$work/m4p" 2>&1
st=$?
[ $st -eq 2 ] && pfline=$(grep -F "tlsplain.ini:8: [subject a]: TLS with https://" "$work/m4p") &&
	printf '%s\n' "$pfline" | grep -qF "the handshake did not complete: the server does not answer TLS on this port; if it speaks plain HTTP, write the endpoint as http://" &&
	! printf '%s\n' "$pfline" | grep -q "ca_bundle"
check $? "https:// to a plain-HTTP port: the checks say to write http://, not to trust a CA (exit $st)" "$(cat "$work/m4p")"
AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=y "$collect" run --endpoint "${ep/http:/https:}" \
	--bucket nu-tlsp --op put --size 4KiB --concurrency 1 --count 1 -o "$work/runtlsp" >"$work/m4q" 2>&1
st=$?
[ $st -ne 0 ] && grep -q "tls: .*(the server does not answer TLS on this port: http://?)" "$work/m4q" && ! grep -q "ca_bundle" "$work/m4q"
check $? "a run's https:// to a plain-HTTP port: http:// suggested, not ca_bundle (exit $st)" "$(cat "$work/m4q")"
campaign long "label = $(printf 'x%.0s' $(seq 1 230))"
"$collect" "$work/long.ini" -o "$work/long" >"$work/m5" 2>&1
st=$?
[ $st -eq 2 ] && grep -qF "long.ini:12: [subject a] label: line longer than 197 characters (continue a long value on lines that start with a blank)" "$work/m5"
check $? "a label over the line limit: the key named (exit $st)" "$(cat "$work/m5")"
campaign cont "label = Telef$(printf 'Ã³')nica Espa$(printf 'Ã±')a," "   Madrid data centre"
"$collect" "$work/cont.ini" -o "$work/cont" >"$work/m6" 2>&1
st=$?
[ $st -eq 0 ] && [ "$(run_json "$work/cont/runs/cycle-01/a/put-4KiB-c1" "j['subject']['label']")" = "Telef$(printf 'Ã³')nica Espa$(printf 'Ã±')a, Madrid data centre" ]
check $? "a label continued on an indented line: one label, not a repeat (exit $st)" "$(cat "$work/m6")"
campaign web
sed -i "s#^endpoint = .*#endpoint = $NGINX_S3_ENDPOINT#; s#^bucket = .*#bucket = nu-web-$RANDOM#" "$work/web.ini"
"$collect" "$work/web.ini" -o "$work/web" --no-preflight >"$work/m7" 2>&1
st=$?
first=$(run_json "$work/web/runs/cycle-01/a/put-4KiB-c1" "j['errors']['first'][0]")
[ $st -eq 1 ] && printf '%s\n' "$first" | grep -q "HTTP [0-9]* to [A-Za-z]* .*no S3 error document"
check $? "a server that does not speak S3: the request named, no S3 error document said (exit $st)" \
	"$first / $(cat "$work/m7")"
campaign nc
sed -i "s#^endpoint = .*#endpoint = $RGW_S3_ENDPOINT#; s#^bucket = .*#bucket = nu-nc-$RANDOM#; s#^credentials = .*#credentials = env:NOCREATE#" "$work/nc.ini"
"$collect" "$work/nc.ini" -o "$work/nc" --no-preflight >"$work/m8" 2>&1
st=$?
first=$(run_json "$work/nc/runs/cycle-01/a/put-4KiB-c1" "j['errors']['first'][0]")
[ $st -eq 1 ] && printf '%s\n' "$first" | grep -q "CreateBucket nu-nc-[0-9]*: HTTP 403 AccessDenied.*(these keys may not create the bucket)"
check $? "a refused CreateBucket in a run is named as that, not as bad keys (exit $st)" "$first"

# ---------------------------------------------------------------- 7. LocationConstraint
# tests/tools/verify_s3.py --region R checks CreateBucket's body as AWS does
start_vs() {
	python3 "$top/tests/tools/verify_s3.py" --port-file "$work/$1.port" --log "$work/$1.log" \
		--region "$2" >"$work/$1.out" 2>&1 &
	stop_at_exit $!
	for _ in $(seq 100); do
		[ -f "$work/$1.port" ] && break
		sleep 0.1
	done
}
start_vs vsw eu-west-3
start_vs vse us-east-1
for t in "vsw|eu-west-3|'eu-west-3'" "vse|us-east-1|None"; do
	IFS='|' read -r name region want <<<"$t"
	AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=y "$collect" run --endpoint "http://127.0.0.1:$(cat "$work/$name.port")" \
		--region "$region" --bucket nu-loc --op put --size 4KiB --concurrency 1 --count 2 \
		-o "$work/$name.run" >"$work/$name.run.out" 2>&1
	st=$?
	python3 -c "
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
cb = [r for r in recs if r.get('method') == 'PUT' and r.get('path', '').strip('/') == 'nu-loc']
assert len(cb) == 1 and cb[0].get('location') == $want and cb[0]['status'] == 200, cb
" "$work/$name.log" && [ $st -eq 0 ]
	check $? "CreateBucket in $region: LocationConstraint $want, the bucket made, the run complete (exit $st)" \
		"$(tail -n 3 "$work/$name.run.out"; head -c 600 "$work/$name.log")"
done
# Ceph RGW checks the LocationConstraint against its zonegroup's api_name ("default" here)
campaign rgwloc
sed -i "s#^endpoint = .*#endpoint = $RGW_S3_ENDPOINT\nregion = default#; s#^bucket = .*#bucket = nu-loc-$RANDOM#; s#^credentials = .*#credentials = env:RGW_AWS#" "$work/rgwloc.ini"
export RGW_AWS_ACCESS_KEY_ID RGW_AWS_SECRET_ACCESS_KEY
"$collect" "$work/rgwloc.ini" -o "$work/rgwloc" >"$work/l1" 2>&1
check $? "RGW, region = default (its zonegroup): the bucket is created with that LocationConstraint, the run complete" \
	"$(cat "$work/l1")"
sed -i "s#^region = .*#region = eu-west-3#; s#^bucket = .*#bucket = nu-loc-$RANDOM#" "$work/rgwloc.ini"
"$collect" "$work/rgwloc.ini" -o "$work/rgwloc2" --check >"$work/l2" 2>&1
st=$?
[ $st -eq 2 ] && grep -q "cannot be created in region = eu-west-3 (CreateBucket: HTTP 400 InvalidLocationConstraint" "$work/l2"
check $? "RGW, region = eu-west-3 (not its zonegroup): the refused CreateBucket names the region (exit $st)" "$(cat "$work/l2")"

finish
