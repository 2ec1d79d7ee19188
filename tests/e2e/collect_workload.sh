#!/usr/bin/env bash
# tests/e2e/collect_workload.sh: one definition of a workload (collect/workload.h):
# `collect run` and a campaign (--dry-run) refuse the same bad values, each naming the
# field in its own spelling with the same words (part size under 5 MiB, unknown op, zero
# concurrency, zero count, too large a batch, zero objects, a multipart object not larger
# than its part or needing more than 10000 parts, a part over 5 GiB, a timeout not longer
# than the duration, until-done or a batch for put); --help lists every op `collect run`
# accepts; the endpoint of `collect run` defaults to AWS_ENDPOINT_URL_S3, else
# AWS_ENDPOINT_URL (a real run against s3rver).
. "$(dirname "$0")/collect_lib.sh"

# both CLI_ARGS INI_TEXT OPTION KEY WANT: `collect run CLI_ARGS` exits 2 saying
# "collect: OPTION: WANT", and a campaign with INI_TEXT exits 2 saying "KEY: WANT".
both() {
	local cli=$1 ini=$2 opt=$3 key=$4 want=$5 rc
	# shellcheck disable=SC2086
	"$collect" run --endpoint http://127.0.0.1:9 --bucket b $cli -o "$work/run" \
		>"$work/out" 2>&1
	rc=$?
	[ "$rc" -eq 2 ] && grep -qF -- "collect: $opt: $want" "$work/out"
	check $? "run $cli: exit 2 (got $rc), says \"$opt: $want\": $(head -n 1 "$work/out")"
	[ ! -e "$work/run" ]
	check $? "run $cli: no output directory"
	printf '[campaign]\nname = w\n%b\n[subject a]\nendpoint = http://127.0.0.1:9\nbucket = b\n' \
		"$ini" >"$work/c.ini"
	"$collect" "$work/c.ini" --dry-run -o "$work/camp" >"$work/out" 2>&1
	rc=$?
	[ "$rc" -eq 2 ] && grep -qF -- "] $key: $want" "$work/out"
	check $? "campaign $(echo "$ini" | tr '\n' ' '): exit 2 (got $rc), says \"$key: $want\": $(head -n 1 "$work/out")"
}
M='[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 5s\n'
both "--op multipart --size 12MiB --part-size 4MiB --concurrency 1 --count 1" \
	"$M[multipart]\nsize = 12MiB\npart_size = 4MiB\ncount = 1" --part-size part_size \
	"'4MiB' is smaller than S3's 5MiB minimum part size"
both "--op multipart --size 5MiB --concurrency 1 --count 1" \
	"$M[multipart]\nsize = 5MiB\ncount = 1" --size size \
	"'5MiB' is not larger than the part size 5MiB"
both "--op multipart --size 60GiB --concurrency 1 --count 1" \
	"$M[multipart]\nsize = 60GiB\ncount = 1" --size size \
	"'60GiB' needs more than S3's 10000 parts of 5MiB"
both "--op multipart --size 60GiB --part-size 6GiB --concurrency 1 --count 1" \
	"$M[multipart]\nsize = 60GiB\npart_size = 6GiB\ncount = 1" --part-size part_size \
	"'6GiB' is larger than S3's 5GiB maximum part size"
both "--op put --size 4KiB --concurrency 0 --count 1" \
	'[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 0\ncount = 1' --concurrency concurrency \
	"'0' is not a concurrency from 1 to 1024"
both "--op head --size 4KiB --concurrency 1025 --count 1" \
	"$M[head]\nconcurrency = 1025\ncount = 1" --concurrency concurrency \
	"'1025' is not a concurrency from 1 to 1024"
both "--op put --size 4KiB --concurrency 1 --count 0" \
	'[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\ncount = 0' --count count \
	"'0' is not a count from 1 to 1000000000"
both "--op delete --size 4KiB --concurrency 1 --until-done --batch 1001" \
	"$M[delete]\nbatch = 1001" --batch batch "'1001' is not a batch from 1 to 1000"
both "--op list --size 4KiB --concurrency 1 --count 1 --objects 0" \
	"$M[list]\nobjects = 0\ncount = 1" --objects objects \
	"'0' is not a number of objects from 1 to 100000000"
both "--op put --size 4KiB --concurrency 1 --duration 10s --timeout 5s" \
	'[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 10s\ntimeout = 5s' \
	--timeout timeout "'5s' is not longer than the duration (10s)"
both "--op put --size 4KiB --concurrency 1 --until-done" \
	'[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nbound = until-done' \
	--until-done bound "'until-done' is only for delete"
# unknown op: refused by both (a campaign's [matrix] holds put and get only)
both "--op stat --size 4KiB --concurrency 1 --count 1" \
	'[matrix]\nops = stat\nsizes = 4KiB\nconcurrency = 1\ncount = 1' --op ops "'stat' is not a"
# options only some ops take
"$collect" run --endpoint http://127.0.0.1:9 --bucket b --op put --size 4KiB --concurrency 1 \
	--count 1 --batch 5 -o "$work/run" >"$work/out" 2>&1
[ $? -eq 2 ] && grep -qF -- "--batch: '5': a batch is only for delete" "$work/out"
check $? "run: --batch for put refused: $(head -n 1 "$work/out")"
"$collect" run --endpoint http://127.0.0.1:9 --bucket b --op get --size 4KiB --concurrency 1 \
	--count 1 --part-size 5MiB -o "$work/run" >"$work/out" 2>&1
[ $? -eq 2 ] && grep -qF -- "--part-size: '5MiB': a part size is only for multipart" "$work/out"
check $? "run: --part-size for get refused: $(head -n 1 "$work/out")"
# every op collect run accepts is in --help
"$collect" --help >"$work/help"
for op in put get head list delete multipart create-bucket put-empty get-small; do
	grep -q -- "$op" "$work/help"
	check $? "--help lists $op"
done

# the endpoint from the environment, as the AWS CLI takes it
server_env ONE S3RVER || finish
export AWS_ACCESS_KEY_ID=$ONE_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$ONE_AWS_SECRET_ACCESS_KEY
unset AWS_PROFILE AWS_SESSION_TOKEN AWS_ENDPOINT_URL AWS_ENDPOINT_URL_S3
AWS_ENDPOINT_URL=$ONE_S3_ENDPOINT "$collect" run --bucket e2e-wl --op put --size 1KiB \
	--concurrency 1 --count 2 -o "$work/env1" >"$work/env1.txt" 2>&1
check $? "AWS_ENDPOINT_URL is the default endpoint: $(tail -n 2 "$work/env1.txt")"
[ "$(run_json "$work/env1" "j['subject']['endpoint'], j['summary']['requests']")" = "$ONE_S3_ENDPOINT 2" ]
check $? "run.json: that endpoint, 2 requests"
AWS_ENDPOINT_URL=http://127.0.0.1:9 AWS_ENDPOINT_URL_S3=$ONE_S3_ENDPOINT "$collect" run \
	--bucket e2e-wl --op put --size 1KiB --concurrency 1 --count 2 -o "$work/env2" \
	>"$work/env2.txt" 2>&1
check $? "AWS_ENDPOINT_URL_S3 takes precedence over AWS_ENDPOINT_URL: $(tail -n 2 "$work/env2.txt")"
[ "$(run_json "$work/env2" "j['subject']['endpoint']")" = "$ONE_S3_ENDPOINT" ]
check $? "run.json: the AWS_ENDPOINT_URL_S3 endpoint"
AWS_ENDPOINT_URL_S3=http://127.0.0.1:9 "$collect" run --endpoint "$ONE_S3_ENDPOINT" \
	--bucket e2e-wl --op put --size 1KiB --concurrency 1 --count 1 -o "$work/env3" \
	>"$work/env3.txt" 2>&1
check $? "--endpoint over the environment: $(tail -n 2 "$work/env3.txt")"
"$collect" run --bucket e2e-wl --op put --size 1KiB --concurrency 1 --count 1 \
	-o "$work/env4" >"$work/out" 2>&1
[ $? -eq 2 ] && grep -qF "run needs --endpoint (or AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL)" "$work/out"
check $? "no endpoint anywhere: exit 2, says where one comes from"
finish
