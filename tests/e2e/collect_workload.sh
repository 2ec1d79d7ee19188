#!/usr/bin/env bash
# tests/e2e/collect_workload.sh: one definition of a workload (collect/workload.h):
# `collect run` and a campaign (--dry-run) refuse the same bad values, each naming the
# field in its own spelling with the same words (part size under 5 MiB, unknown op, zero
# concurrency, zero count, too large a batch, zero objects, a multipart object not larger
# than its part or needing more than 10000 parts, a part over 5 GiB, a timeout not longer
# than the duration, until-done or a batch for put; a mix with another op, a
# random: size with MIN > MAX, a range past the object or for put, a rate without a
# duration; a lognormal: size with sigma 0); --help lists every op `collect run` accepts; a campaign's plan.tsv has the
# rate dimension and the issue-13 columns, its run ids the rate and size specs; a [rate]
# sweep section: its bad values named by file, line and key, its runs planned once per
# subject at the end of cycle 1, lowest rate first, and run for real; run.json's
# workload records size_spec, range, rate, workers and seed; a 1-s run with lognormal:
# sizes whose ops log's sizes pass SciPy's KS test against that lognormal; a mixed run the engine
# does not run yet is recorded as failed, not a crash; the endpoint of `collect run`
# defaults to AWS_ENDPOINT_URL_S3, else AWS_ENDPOINT_URL (real runs against s3rver); a
# [subject]'s duration = auto in its own plan only, and a max_duration past the
# section's timeout named at the subject's key.
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
# mix, size specs, range, rate (file, line and key in the campaign's message)
both "--op mixed --mix get:1,list:2 --size 4KiB --concurrency 1 --duration 5s" \
	'[matrix]\nops = mixed\nmix = get:1,list:2\nsizes = 4KiB\nconcurrency = 1\nduration = 5s' \
	--mix mix "'get:1,list:2': 'list' is not OP:WEIGHT of an op of a mix (get, put, head, delete)"
both "--op put --size random:1MiB..4KiB --concurrency 1 --duration 5s" \
	'[matrix]\nops = put\nsizes = random:1MiB..4KiB\nconcurrency = 1\nduration = 5s' \
	--size sizes "'random:1MiB..4KiB': needs 0 < MIN <= MAX"
both "--op put --size lognormal:64KiB,0 --concurrency 1 --duration 5s" \
	'[matrix]\nops = put\nsizes = lognormal:64KiB,0\nconcurrency = 1\nduration = 5s' \
	--size sizes "'lognormal:64KiB,0': sigma '0' is not a number above 0 and at most 3"
both "--op get --size dist:4KiB:1,16KiB:1 --range random:8KiB --concurrency 1 --duration 5s" \
	'[matrix]\nops = get\nsizes = dist:4KiB:1,16KiB:1\nrange = random:8KiB\nconcurrency = 1\nduration = 5s' \
	--range range "'random:8KiB' is longer than the 4KiB objects (the smallest size)"
both "--op get --size 4KiB --rate 100/s --concurrency 1 --count 5" \
	'[matrix]\nops = get\nsizes = 4KiB\nrate = 100/s\nconcurrency = 1\ncount = 5' \
	--rate rate "'100/s': a rate run needs a duration bound"
printf '[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nrange = 0..1KiB\nconcurrency = 1\nduration = 5s\n[subject a]\nendpoint = http://127.0.0.1:9\nbucket = b\n' >"$work/r.ini"
"$collect" "$work/r.ini" --dry-run >"$work/out" 2>&1
[ $? -eq 2 ] && grep -qF -- "r.ini:6: [matrix] range: a range is only for get (ops = get)" "$work/out"
check $? "campaign: a range without get: file, line, key: $(head -n 1 "$work/out")"
# the rate dimension in the plan (--dry-run prints it; plan.tsv from a real campaign below)
printf '[campaign]\nname = w\np99_limit = 50ms\n[matrix]\nops = get, mixed\nsizes = 4KiB, dist:1KiB:3,4KiB:1\nconcurrency = 4\nrate = 10/s, 20/s\nduration = 1s\n[subject a]\nendpoint = http://127.0.0.1:9\nbucket = b\n' >"$work/rate.ini"
"$collect" "$work/rate.ini" --dry-run >"$work/out" 2>&1
check $? "a rate campaign plans: $(head -n 1 "$work/out")"
grep -q "campaign w .*: 8 runs" "$work/out" && grep -q "runs/cycle-01/a/get-4KiB-c4-r10 " "$work/out" &&
	grep -q "runs/cycle-01/a/mixed-dist-1KiB.3-4KiB.1-c4-r20 " "$work/out"
check $? "--dry-run: 2 ops x 2 sizes x 2 rates, ids with the rate and the dist"
# the [rate] sweep section: bad values (file, line, section, key), then its plan
sweep_bad() {
	local body=$1 want=$2 rc
	printf '[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 1s\n[rate]\n%b\n[subject a]\nendpoint = http://127.0.0.1:9\nbucket = b\n' \
		"$body" >"$work/sw.ini"
	"$collect" "$work/sw.ini" --dry-run >"$work/out" 2>&1
	rc=$?
	[ "$rc" -eq 2 ] && grep -qF -- "sw.ini:$want" "$work/out"
	check $? "[rate] $(echo "$body" | tr '\n' ' '): exit 2 (got $rc), says \"$want\": $(head -n 1 "$work/out")"
}
sweep_bad 'rates = 50/s, 0/s\nduration = 1s' "9: [rate] rates: '0/s' is not a rate from above 0 to 100000/s (N/s)"
sweep_bad 'rates = 50/s, 50\nduration = 1s' "9: [rate] rates: a rate is listed twice"
sweep_bad 'rates = 50/s, 1e6/s\nduration = 1s' "9: [rate] rates: '1e6/s' is not a rate from above 0"
sweep_bad 'duration = 1s' "8: [rate]: needs rates = R/s, R/s, ..."
sweep_bad 'rates = 50/s\ncount = 3' "10: [rate] count: unknown key"
sweep_bad 'op = delete\nrates = 50/s\nduration = 1s' "9: [rate] op: 'delete' is not an op of a rate sweep"
printf '[campaign]\nname = w\norder = sequential\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 4\nduration = 1s\n[head]\ncount = 1\n[rate]\nop = put\nsize = random:1KiB..4KiB\nrates = 300/s, 10/s, 20.5/s\nduration = 1s\n[subject a]\nendpoint = http://127.0.0.1:9\nbucket = b\n[subject b]\nendpoint = http://127.0.0.1:9\nbucket = b\n' >"$work/sw.ini"
"$collect" "$work/sw.ini" --dry-run >"$work/out" 2>&1
check $? "a [rate] sweep plans: $(head -n 1 "$work/out")"
grep -q ": 10 runs," "$work/out" &&
	[ "$(awk '$1 ~ /^[0-9]+$/ {print $2}' "$work/out" | tr '\n' ' ')" = "runs/cycle-01/a/put-4KiB-c4 runs/cycle-01/b/put-4KiB-c4 runs/once/a/head-4KiB-c1 runs/once/a/put-random-1KiB-4KiB-c300-r10 runs/once/a/put-random-1KiB-4KiB-c300-r20.5 runs/once/a/put-random-1KiB-4KiB-c300-r300 runs/once/b/head-4KiB-c1 runs/once/b/put-random-1KiB-4KiB-c300-r10 runs/once/b/put-random-1KiB-4KiB-c300-r20.5 runs/once/b/put-random-1KiB-4KiB-c300-r300 " ]
check $? "--dry-run (sequential): the matrix, then each subject's one-offs, its sweep last, rates ascending, concurrency max(256, 300 x 1 s)"
# a [subject] overrides the stop rule and retries for its own runs (plan), and a value its
# runs cannot take is named at the subject's key
printf '[campaign]\nname = w\n[matrix]\nops = get\nsizes = 4KiB\nconcurrency = 2\nduration = 30s\n[subject a]\nendpoint = http://127.0.0.1:9\nbucket = b\n[subject b]\nendpoint = http://127.0.0.1:9\nbucket = b\nretries = 2\nduration = auto\nmax_duration = 90s\nmin_duration = 10s\n' >"$work/so.ini"
"$collect" "$work/so.ini" --dry-run >"$work/out" 2>&1 &&
	[ "$(awk '$1 ~ /^[0-9]+$/ {print $2, $3, $4, $5}' "$work/out" | tr '\n' '/')" = "runs/cycle-01/a/get-4KiB-c2 30s limit 2m/runs/cycle-01/b/get-4KiB-c2 auto<=1m30s limit 4m/" ]
check $? "subject b's duration = auto (max 90s) in its plan only, its limit derived anew: $(awk '$1 == 2' "$work/out")"
sed -i 's/^duration = 30s$/duration = 30s\ntimeout = 1m/' "$work/so.ini"
"$collect" "$work/so.ini" --dry-run >"$work/out" 2>&1
[ $? -eq 2 ] && grep -qF "so.ini:17: [subject b] max_duration: [matrix]'s timeout '1m' is not longer than the duration (1m30s)" "$work/out"
check $? "a subject's max_duration past the section's timeout is named: $(head -n 1 "$work/out")"
# the issue-13 examples of data/campaigns/example.ini (its ";+ " lines) plan, its [replay]
# with a trace of its name beside it: a GET and a PUT every minute for 30 minutes (its
# window 10m..20m keeps those of the tenth to the twentieth minute)
sed -e '/^ops = put, get$/d' -e '/^sizes = 256KiB, 5MiB, 50MiB$/d' -e 's/^;+ //' \
	"$top/data/campaigns/example.ini" >"$work/ex.ini"
mkdir -p "$work/traces" && python3 - "$work/traces/production-ops.tsv" <<'PY' &&
import sys
cols = "idx thread op client_id n_objects bytes endpoint file error start first_byte last_byte end duration_ns cat"
with open(sys.argv[1], "w") as f:
    f.write("\t".join(cols.split()) + "\n")
    for i in range(60):
        m, op = i // 2, ("GET", "PUT")[i % 2]
        t = "2026-12-01T10:%02d:%02dZ" % (m, i % 2)
        f.write("\t".join([str(i), "0", op, "", "1", "65536", "http://x", "obj-%d" % m, "",
                           t, "", "", t, "0", "0"]) + "\n")
PY
	zstd -q --rm "$work/traces/production-ops.tsv" &&
	"$collect" "$work/ex.ini" --dry-run >"$work/out" 2>&1 &&
	grep -q "runs/cycle-01/minio/mixed-dist-256KiB.60-5MiB.30-50MiB.10-c10-r100 " "$work/out" &&
	grep -q "runs/once/aws/get-64KiB-c1024-r1600 " "$work/out" &&
	grep -q "runs/once/aws/mixed-64KiB-c[0-9]*-r" "$work/out"
check $? "example.ini's workload examples plan, its [replay] too: $(head -n 1 "$work/out")"
# example.ini's lognormal example (its ";~ " line) plans: a matrix of put, get with it
sed -e 's/^sizes = 256KiB, 5MiB, 50MiB$//' -e 's/^;~ //' "$top/data/campaigns/example.ini" >"$work/exl.ini"
"$collect" "$work/exl.ini" --dry-run >"$work/out" 2>&1 &&
	grep -q "runs/cycle-01/minio/put-lognormal-64KiB-1.5-max16MiB-c10 " "$work/out" &&
	grep -q "runs/cycle-01/aws/get-lognormal-64KiB-1.5-max16MiB-c1 " "$work/out"
check $? "example.ini's lognormal sizes plan: $(head -n 1 "$work/out")"
# the demo (make run): 3 rates per server after the one-offs; the matrix at 1 and 4 workers
# (the scaling charts) for both sizes, 3 cycles (paired comparisons)
sed -e 's|@[A-Z0-9_]*_S3_ENDPOINT@|http://127.0.0.1:9|' -e "s|@PRICES@|$top/data/prices/providers.ini|" "$top/data/campaigns/demo.ini" >"$work/demo.ini"
"$collect" "$work/demo.ini" --dry-run >"$work/out" 2>&1 &&
	[ "$(grep -c "runs/once/[a-z0-9]*/get-4KiB-c1024-r[0-9]* " "$work/out")" -eq 6 ] &&
	grep -A1 "runs/once/s3rver/get-4KiB-c1024-r1600 " "$work/out" | grep -q "runs/once/rgw/get-4KiB-c1024-r1600 "
check $? "demo.ini plans its rate sweep, 100/s to 1600/s for both servers: $(head -n 1 "$work/out")"
ok=0
for c in 1 2 3; do
	for r in put-64KiB-c1 put-64KiB-c4 get-1MiB-c1 get-1MiB-c4; do
		grep -q "runs/cycle-0$c/rgw/$r " "$work/out" || ok=1
	done
done
[ "$ok" -eq 0 ] && ! grep -q "runs/cycle-04/" "$work/out" && grep -q "60 runs, cycles 1-3" "$work/out"
check $? "demo.ini plans 64KiB and 1MiB at 1 and 4 workers in each of 3 cycles: $(head -n 1 "$work/out")"
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
for op in put get head list delete multipart create-bucket put-empty get-small mixed; do
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
[ $? -eq 2 ] && grep -qF "run needs --endpoint (or AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL or the profile's endpoint_url" "$work/out"
check $? "no endpoint anywhere: exit 2, says where one comes from"

# run.json's issue-13 workload fields
"$collect" run --endpoint "$ONE_S3_ENDPOINT" --bucket e2e-wl --op put \
	--size random:1KiB..4KiB --rate 10/s --seed 7 --concurrency 4 --duration 1s \
	-o "$work/spec" >"$work/spec.txt" 2>&1
check $? "a put with a size spec, a rate and a seed: $(tail -n 1 "$work/spec.txt")"
[ "$(run_json "$work/spec" "j['workload']['size_spec'], j['workload']['size'], j['workload']['rate'], j['workload']['workers'], j['workload']['seed'], j['workload']['mix'], j['workload']['range']")" = "random:1KiB..4KiB 4096 10.0 4 7 None None" ]
check $? "run.json workload: size_spec, largest size, rate, workers 4 (the cap), seed"
# lognormal sizes: a 1-s put run; its ops log's sizes against SciPy's lognormal (KS, p >
# 0.001), the median and SD of ln size near the spec's, none above the default max, and the
# same test refusing sigma 0.5
"$collect" run --endpoint "$ONE_S3_ENDPOINT" --bucket e2e-wl --op put \
	--size "lognormal:16KiB,1" --seed 39 --concurrency 2 --duration 1s \
	-o "$work/logn" >"$work/logn.txt" 2>&1
check $? "a put with lognormal:16KiB,1 sizes: $(tail -n 1 "$work/logn.txt")"
[ "$(run_json "$work/logn" "j['workload']['size_spec'], j['workload']['size']")" = "lognormal:16KiB,1 894536" ]
check $? "run.json workload: size_spec lognormal:16KiB,1, largest size round(16384 e^4) = 894536"
zstdcat "$work/logn/ops.tsv.zst" >"$work/logn.tsv"
PATH=/usr/bin:$PATH pycheck "lognormal sizes" "$work/logn.tsv" <<'PY'
import csv, math, sys
import numpy as np
from scipy import stats
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
x = np.array([int(r["bytes"]) for r in rows if r["op"] == "PUT" and not r["error"]], dtype=float)
ln = np.log(x)
d = stats.lognorm(1.0, scale=16384)
ks = stats.kstest(x, d.cdf)
med, sd = float(np.median(ln)), float(np.std(ln, ddof=1))
n = len(x)
ok = n >= 100 and ks.pvalue > 0.001 and abs(med - math.log(16384)) <= 4.5 * 1.2533 / math.sqrt(n) and abs(sd - 1) <= 4.5 / math.sqrt(2 * n) and x.min() >= 1 and x.max() <= 894536
print(("ok   " if ok else "FAIL ") + "%d PUT sizes follow lognormal(16KiB, 1): KS p %.3g, median ln %.3f (ln 16KiB %.3f), SD ln %.3f, range %d-%d" % (n, ks.pvalue, med, math.log(16384), sd, x.min(), x.max()))
off = stats.kstest(x, stats.lognorm(0.5, scale=16384).cdf)
print(("ok   " if off.pvalue < 0.001 else "FAIL ") + "the same test refuses lognormal(16KiB, 0.5): p %.3g" % off.pvalue)
PY
# a mixed run with Warp's default mix (its shares: tests/live/live_wl.c)
"$collect" run --endpoint "$ONE_S3_ENDPOINT" --bucket e2e-wl --op mixed --size 1KiB \
	--concurrency 2 --count 20 -o "$work/mixed" >"$work/mixed.txt" 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ "$(run_json "$work/mixed" "j['workload']['op'], j['workload']['mix'], sum(v['requests'] for v in j['summary']['by_op'].values())")" = \
	"mixed {'get': 45, 'put': 15, 'head': 30, 'delete': 10} 40" ]
check $? "a mixed run: exit $rc, run.json with op mixed, Warp's mix, by_op adding up to the 40 requests"
# a campaign's plan.tsv: the issue-13 columns, and p99_limit_ms in run.json
sed "s#http://127.0.0.1:9#$ONE_S3_ENDPOINT#; s/bucket = b/bucket = e2e-wl/; s/ops = get, mixed/ops = put/; s/rate = 10\/s, 20\/s/rate = 10\/s/; s/sizes = .*/sizes = 1KiB/" \
	"$work/rate.ini" >"$work/rate2.ini"
printf '[rate]\nsize = 1KiB\nrates = 20/s, 10/s\nduration = 1s\nobjects = 4\n' >>"$work/rate2.ini"
"$collect" "$work/rate2.ini" -o "$work/camp2" >"$work/camp2.txt" 2>&1
check $? "a one-run rate campaign: $(tail -n 1 "$work/camp2.txt")"
head -n 20 "$work/camp2/plan.tsv" | grep -q "	timeout_s	size_spec	range	mix	rate$" &&
	grep -q "^1	runs/cycle-01/a/put-1KiB-c4-r10	.*	10$" "$work/camp2/plan.tsv"
check $? "plan.tsv: the new columns, the rate of the run"
got=$(run_json "$work/camp2/runs/cycle-01/a/put-1KiB-c4-r10" "j['campaign']['p99_limit_ms'], j['workload']['workers']")
[ "$got" = "50.0 4" ]
check $? "run.json: campaign p99_limit_ms 50, workers 4 (the cap): got $got"
grep -q "^2	runs/once/a/get-1KiB-c256-r10	0	a	get	1024	256	duration	1	0	4	.*	10$" "$work/camp2/plan.tsv" &&
	grep -q "^3	runs/once/a/get-1KiB-c256-r20	0	a	get	.*	20$" "$work/camp2/plan.tsv"
check $? "plan.tsv: the [rate] sweep's rows after the matrix, lowest rate first, the rate column"
[ "$(run_json "$work/camp2/runs/once/a/get-1KiB-c256-r20" "j['status'], j['cycle'], j['workload']['op'], j['workload']['rate'], j['workload']['workers'], j['workload']['objects']")" = "complete None get 20.0 256 4" ]
check $? "run.json of a sweep run: complete, no cycle, get at 20/s, a cap of 256 workers, 4 objects"
# the campaign analyzes and renders: the sweep is a sweep (not one-off rows), with its chart
"$top/bin/analyze" "$work/camp2" -o "$work/camp2/results" >"$work/an2.txt" 2>&1 &&
	"$top/bin/render" "$work/camp2/results" -o "$work/camp2/report" >>"$work/an2.txt" 2>&1
check $? "the rate campaign analyzes and renders: $(tail -n 2 "$work/an2.txt")"
python3 - "$work/camp2/results/aggregate.json" >"$work/an2.chk" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
# the matrix's put at 10/s is a sweep of its own, of one point
sw = [s for s in a.get("rate_sweeps", []) if s["op"] == "get"]
pts = [p["offered"] for s in sw for p in s["points"]]
print("ok" if not a["ops"] and len(sw) == 1 and pts == [10.0, 20.0]
      else "ops %r, sweeps %r" % ([(o["op"], o["n"]) for o in a["ops"]], pts))
PY
[ "$(cat "$work/an2.chk")" = ok ] && grep -q "latency against offered load" "$work/camp2/report/report.html"
check $? "aggregate.json: one sweep of 2 points, no one-off rows; the report has its chart: $(cat "$work/an2.chk")"
finish
