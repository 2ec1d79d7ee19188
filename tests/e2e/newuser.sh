#!/usr/bin/env bash
# tests/e2e/newuser.sh: a new user's ordinary mistakes, caught before the first request,
# recoverable after, never silently lost (docs/CAMPAIGN.md, "Before the first request" and
# "Resuming"; README, "Troubleshooting"). Against s3rver (tests/run's, else a private one).
#  1. UTF-8: a label saved in Latin-1 is refused with file, line, section and key before
#     anything runs; a `collect run` whose region (AWS_REGION) is not UTF-8 fails loudly
#     naming the field instead of writing a run.json without its subject; analyze refuses
#     a run.json without its campaign object as it refuses one without its subject.
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
grep -q "subject.region: not UTF-8 (byte 0xE9 at position 4)" "$work/region.out" && [ $st -ne 0 ] &&
	{ [ ! -f "$work/region/run.json" ] || run_json "$work/region" "j['subject']['region']" >/dev/null 2>&1; }
check $? "a region that is not UTF-8: the run fails loudly naming subject.region, never a run.json without its subject (exit $st)" \
	"$(tail -n 3 "$work/region.out")"

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

finish
