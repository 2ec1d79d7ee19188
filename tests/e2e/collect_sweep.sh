#!/usr/bin/env bash
# tests/e2e/collect_sweep.sh: a run killed before its cleanup leaves nothing behind.
#  1. a PUT run killed at its time limit in the middle of its benchmark: run.json says
#     failed / timeout, phases.cleanup "done" (the cleanup after the kill, in a second
#     child), and the bucket holds no object afterwards;
#  2. the same for a GET run (its prepared objects);
#  3. with --keep nothing is deleted (the objects are still listed): the check in 1 and 2
#     can fail.
# Buckets are listed with curl --aws-sigv4 (curl's own signer, not s3bench's).
. "$(dirname "$0")/collect_lib.sh"

server_env SW S3RVER || finish
ep=$SW_S3_ENDPOINT
sfx=$$-$RANDOM # fresh buckets, also on a server that earlier runs used

# keys BUCKET: the number of objects in BUCKET (ListObjectsV2 KeyCount, at most 1000).
keys() {
	curl -sS -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' --aws-sigv4 "aws:amz:us-east-1:s3" \
		--user "$SW_AWS_ACCESS_KEY_ID:$SW_AWS_SECRET_ACCESS_KEY" "$ep/$1?list-type=2" |
		sed -n 's/.*<KeyCount>\([0-9]*\)<\/KeyCount>.*/\1/p'
}

# killed NAME BUCKET ARGS...: a collect run killed at its 3 s limit, into $work/NAME.
killed() {
	local name=$1 bucket=$2
	shift 2
	AWS_ACCESS_KEY_ID=$SW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$SW_AWS_SECRET_ACCESS_KEY \
		"$collect" run --endpoint "$ep" --bucket "$bucket" --region us-east-1 --path-style \
		--size 4KiB --concurrency 2 --count 1000000 --timeout 3s "$@" \
		-o "$work/$name" >"$work/$name.log" 2>&1
}

# field NAME JQ: a field of $work/NAME/run.json
field() {
	jq -r "$2" "$work/$1/run.json" 2>/dev/null
}

# swept LABEL NAME BUCKET: the checks of 1 and 2 for the run in $work/NAME.
swept() {
	local label=$1 name=$2 n
	[ "$(field "$name" '.status + " " + .errors.class')" = "failed timeout" ]
	check $? "$label: run.json failed / timeout (got $(field "$name" '.status + " " + .errors.class'))"
	[ "$(field "$name" .phases.cleanup)" = done ]
	check $? "$label: phases.cleanup done after the kill (got $(field "$name" '[.phases, .errors.first]'))"
	n=$(keys "$3")
	[ "$n" = 0 ]
	check $? "$label: no object left in the bucket (KeyCount '$n')"
}

# 1. PUT
killed put sweep-put-$sfx --op put
swept PUT put sweep-put-$sfx

# 2. GET: the prepared objects
killed get sweep-get-$sfx --op get --objects 40
swept GET get sweep-get-$sfx

# 3. --keep: no cleanup, no sweep
killed keep sweep-keep-$sfx --op get --objects 40 --keep
[ "$(field keep .phases.cleanup)" = not-reached ]
check $? "--keep: phases.cleanup not-reached (got $(field keep .phases))"
n=$(keys sweep-keep-$sfx)
[ "$n" = 40 ]
check $? "--keep: the 40 prepared objects are still listed (KeyCount '$n')"
finish
