#!/usr/bin/env bash
# tests/e2e/collect_send.sh: how requests are sent (checksum, payload, reads) through
# `collect run` and a campaign:
#  - against tests/tools/verify_s3.py (the project's verifying server: Python's zlib,
#    hashlib and hmac check every checksum header and trailer, every chunk signature of
#    an aws-chunked body, multipart part checksums and full-object CRCs): each payload mode
#    and each checksum is accepted and verified as sent (the signed trailer's signature
#    too; a wrong one is refused); a GET whose returned checksum is
#    wrong is class `checksum`; a [subject] override (send keys, retries, duration = auto,
#    a fixed duration = D) is run and recorded per subject, and the report flags the subject;
#  - against radosgw (RGW_* from tests/run, else private; skipped without one), what RGW
#    16.2 does: signed, unsigned and streaming uploads pass, a wrong chunk signature is
#    refused (403), STREAMING-UNSIGNED-PAYLOAD-TRAILER and STREAMING-AWS4-HMAC-SHA256-
#    PAYLOAD-TRAILER are refused (400 XAmzContentSHA256Mismatch: RGW 16.2 knows neither,
#    whether we or chunk_probe.py sign it), a wrong x-amz-checksum-crc32
#    header is accepted (RGW 16.2 ignores flexible checksums); the report of the GET runs
#    says how many GETs each subject verified (the verifying server all 10, RGW none of 20);
#  - reads = once never reads an object twice (from the ops log), in get and mixed runs,
#    and records when the objects ran out; bad values are named by option or by file, line, section and key;
#  - data = random, compressible:2, dedup:0.5: run.json's payload certificate says what was
#    sent (zstd ratio within 3 %, unique 4 KiB and 512-byte shares within 0.01), and so does
#    what the verifying server received (its own SHA-1 of every 4 KiB block, zlib); out of
#    range ratios are named by option, and by file, line, section and key;
#  - sse = c, kms:KEY, s3 and tags = N: the verifying server gets the headers on every write
#    (the SSE-C key on every read too, checked against the MD5 it was written with), RGW 16.2
#    accepts them all without error; the SSE-C key is in none of collect's outputs;
#  - keepalive = no opens one connection per request; addresses = spread reaches every
#    address of a name (three loopback addresses); http = 2 against nginx over TLS with
#    HTTP/2 records version 2 per request (one connection per worker, or one shared),
#    and against a TLS endpoint without it falls back to 1.1, recorded.
. "$(dirname "$0")/collect_lib.sh"

if ! "$collect" run --help 2>&1 | grep -q -- "--checksum"; then
	skip 1 "this collect has no --checksum"
	finish
fi

# start_verify NAME [ARGS]: a verifying server; its endpoint in $ep_NAME, log $work/NAME.log
start_verify() {
	local name=$1 i
	shift
	python3 "$top/tests/tools/verify_s3.py" --port-file "$work/$name.port" \
		--log "$work/$name.log" --secret-key vsecret "$@" >"$work/$name.out" 2>&1 &
	at_exit "kill $! 2>/dev/null"
	for i in $(seq 100); do
		[ -f "$work/$name.port" ] && break
		sleep 0.1
	done
	eval "ep_$name=http://127.0.0.1:$(cat "$work/$name.port")"
}
start_verify v
start_verify bad --corrupt-get

# vlog NAME CODE: python over the JSON lines of NAME's log (recs: a list of dicts)
vlog() {
	python3 -c "import json, sys
recs = [json.loads(l) for l in open('$work/$1.log')]
$2"
}

run() { # run DIR ENDPOINT ARGS...: collect run with the verifying server's keys
	local dir=$1 ep=$2
	shift 2
	AWS_ACCESS_KEY_ID=vkey AWS_SECRET_ACCESS_KEY=vsecret "$collect" run --endpoint "$ep" \
		--bucket b -o "$work/$dir" "$@" >"$work/$dir.txt" 2>&1
}

# every payload mode with a CRC-32C: 200 KiB = 3 full chunks + 8 KiB + the final one
for pm in unsigned signed streaming streaming-unsigned streaming-trailer; do
	run "p-$pm" "$ep_v" --op put --size 200KiB --concurrency 2 --count 3 --checksum crc32c \
		--payload "$pm"
	check $? "payload $pm: $(tail -n 1 "$work/p-$pm.txt")"
done
vlog v "
import re
from collections import Counter
kind = lambda p: 'sha256' if re.fullmatch('[0-9a-f]{64}', p) else p
c = Counter((kind(r.get('payload', '')), r.get('source'), r.get('chunk_signatures'), r.get('checksum_ok'), r['status'])
            for r in recs if r['method'] == 'PUT' and r['path'].count('/') > 2)
want = {('UNSIGNED-PAYLOAD', 'header', None, True, 200): 6,
        ('sha256', 'header', None, True, 200): 6,
        ('STREAMING-AWS4-HMAC-SHA256-PAYLOAD', 'header', 5, True, 200): 6,
        ('STREAMING-UNSIGNED-PAYLOAD-TRAILER', 'trailer', 0, True, 200): 6,
        ('STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER', 'trailer', 5, True, 200): 6}
t = [r for r in recs if r.get('payload') == 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER']
if not all(r.get('trailer_signature') for r in t):
    c['trailer signature not checked'] = 1
print('ok' if dict(c) == want else dict(c))" >"$work/modes.txt"
[ "$(cat "$work/modes.txt")" = ok ]
check $? "verifier: 6 PUTs per mode, crc32c verified (header; trailer when streaming-unsigned or -trailer), 5 chunk signatures per signed streaming PUT, each trailer signature verified: $(cat "$work/modes.txt")"
probe() { python3 "$top/tests/tools/chunk_probe.py" "$@"; }
[ "$(AWS_ACCESS_KEY_ID=vkey AWS_SECRET_ACCESS_KEY=vsecret probe "$ep_v" b t1 streaming-trailer) / $(AWS_ACCESS_KEY_ID=vkey AWS_SECRET_ACCESS_KEY=vsecret probe "$ep_v" b t2 streaming-trailer --bad-trailer-sig)" = "200 - / 403 SignatureDoesNotMatch" ]
check $? "the verifier checks the trailer signature: an independently signed one passes, a wrong one is 403"

# every checksum, verified by the server's own implementation
for ck in crc32 crc32c crc64nvme sha1 sha256 md5; do
	run "c-$ck" "$ep_v" --op put --size 70KiB --concurrency 1 --count 2 --checksum "$ck"
	check $? "checksum $ck: $(tail -n 1 "$work/c-$ck.txt")"
done
vlog v "
from collections import Counter
c = Counter(r.get('checksum') for r in recs if r['method'] == 'PUT' and '/put/' in r['path'] and r.get('payload') == 'UNSIGNED-PAYLOAD' and r['status'] == 200 and (r.get('checksum_ok') or r.get('checksum') == 'md5'))
print(' '.join('%s:%d' % (k, c[k]) for k in ['crc32', 'crc32c', 'crc64nvme', 'sha1', 'sha256', 'md5']))" >"$work/cks.txt"
[ "$(cat "$work/cks.txt")" = "crc32:2 crc32c:8 crc64nvme:2 sha1:2 sha256:2 md5:2" ]
check $? "verifier accepted each checksum as sent: $(cat "$work/cks.txt")"

# multipart: composite per part (crc32, sha256), full-object (crc64nvme); trailers on parts
for ck in crc32 sha256 crc64nvme; do
	run "m-$ck" "$ep_v" --op multipart --size 11MiB --concurrency 1 --count 1 --checksum "$ck" \
		--payload streaming-unsigned
	check $? "multipart $ck: $(tail -n 1 "$work/m-$ck.txt")"
done
vlog v "
done = [r for r in recs if r['method'] == 'POST' and 'uploadId' in r['path']]
print(' '.join('%s/%s/%s/%s' % (r['checksum'], r['type'], r['parts'], r.get('full_object_ok', '-')) for r in done))" >"$work/mp.txt"
[ "$(cat "$work/mp.txt")" = "crc32/COMPOSITE/3/- sha256/COMPOSITE/3/- crc64nvme/FULL_OBJECT/3/True" ]
check $? "multipart: part checksums checked at Complete, CRC64NVME full-object: $(cat "$work/mp.txt")"

# data = random | compressible:R | dedup:F and the payload certificate (run.json payload),
# against what the server received (--body-blocks: every body's 4 KiB blocks and zlib size)
start_verify pc --body-blocks
for d in random compressible:2 dedup:0.5; do
	run "d-${d%%:*}" "$ep_pc" --op put --size 256KiB --concurrency 2 --count 10 --data "$d"
	check $? "data $d: $(tail -n 1 "$work/d-${d%%:*}.txt")"
done
certs=$(for d in random compressible dedup; do
	run_json "$work/d-$d" "'%s %s %d %.3f %.3f %.3f' % (j['payload']['data'], j['payload']['phase'], j['payload']['bodies'], j['payload']['zstd_ratio'], j['payload']['unique_4k_share'], j['payload']['unique_512_share'])"
done | tr '\n' ';')
python3 -c "
import sys
want = {'random': (1.0, 1.0), 'compressible:2': (2.0, 1.0), 'dedup:0.5': (None, 0.5)}
for line in sys.argv[1].strip(';').split(';'):
    d, phase, n, z, u4, u512 = line.split()
    wz, wu = want[d]
    ok = phase == 'benchmark' and n == '20' and abs(float(u4) - wu) <= 0.01 and abs(float(u512) - wu) <= 0.01
    ok = ok and (wz is None or (wz == 1.0 and float(z) < 1.01) or abs(float(z) / wz - 1) <= 0.03)
    if not ok:
        sys.exit(1)
" "$certs"
check $? "payload certificates (data phase bodies zstd unique_4k unique_512): random 1.00 1 1, compressible:2 2 +-3 %, dedup:0.5 0.5 +-0.01: $certs"
vlog pc "
import json
runs = {}
for r in recs:
    if r['method'] == 'PUT' and 'blocks4k' in r and '/put/' in r['path']:
        runs.setdefault(r['path'].split('/')[3], []).append(r)
out = []
for k in runs:
    b = [h for r in runs[k] for h in r['blocks4k']]
    out.append('%.3f/%.2f' % (len(set(b)) / len(b), sum(r['bytes'] for r in runs[k]) / sum(r['zlib'] for r in runs[k])))
print(' '.join(out))" >"$work/pc.txt"
python3 -c "
import sys
got = [tuple(map(float, x.split('/'))) for x in open(sys.argv[1]).read().split()]
# the runs in the order they ran: random, compressible:2, dedup:0.5
want = [(1.0, (0.99, 1.01)), (1.0, (1.8, 2.1)), (0.5, (1.0, 99))]
sys.exit(0 if len(got) == 3 and all(abs(u - wu) <= 0.01 and lo <= z <= hi for (u, z), (wu, (lo, hi)) in zip(got, want)) else 1)
" "$work/pc.txt"
check $? "the server received them (unique 4 KiB share / zlib ratio over all 20 bodies of each run): $(cat "$work/pc.txt")"
[ "$(run_json "$work/d-dedup" "j['workload']['send']['data']")" = dedup:0.5 ]
check $? "run.json workload.send.data dedup:0.5"
AWS_ACCESS_KEY_ID=k AWS_SECRET_ACCESS_KEY=s "$collect" run --endpoint "$ep_v" --bucket b \
	--op put --size 1KiB --concurrency 1 --count 1 --data compressible:0.5 -o "$work/x" 2>"$work/bad-d.txt"
[ $? -eq 2 ] && grep -q "^collect: --data: 'compressible:0.5': the compression ratio R must be from 1 to 16" "$work/bad-d.txt"
check $? "--data compressible:0.5 refused: $(head -n 1 "$work/bad-d.txt")"

# sse = c | kms:KEY | s3 and tags = N on every write (SSE-C on every read too), recorded per run;
# the SSE-C key (what the verifying server received) appears in none of collect's outputs
srun() { # srun NAME ARGS...: a run against the pc server
	local name=$1
	shift
	run "sse-$name" "$ep_pc" --concurrency 2 --count 3 "$@"
	[ "$(run_json "$work/sse-$name" "j['status'], j['errors']['count']")" = "complete 0" ]
}
srun get-c --op get --size 64KiB --objects 4 --sse c --tags 2
check $? "get with sse c, tags 2: $(tail -n 1 "$work/sse-get-c.txt")"
srun put-kms --op put --size 64KiB --sse kms:k1 --tags 3
check $? "put with sse kms:k1, tags 3: $(tail -n 1 "$work/sse-put-kms.txt")"
srun mp-c --op multipart --size 11MiB --sse c
check $? "multipart with sse c: $(tail -n 1 "$work/sse-mp-c.txt")"
vlog pc "
from collections import Counter
c = Counter()
for r in recs:
    if r['method'] in ('PUT', 'GET') and '/put/' not in r['path'] and ('sse' in r or 'sse_c_ok' in r):
        c['%s %s %s %s %s' % (r['method'], r.get('sse'), r.get('kms_key'), r.get('tagging'), r.get('sse_c_ok'))] += 1
    elif r['method'] == 'PUT' and ('sse' in r or 'sse_c_ok' in r):
        c['%s %s %s %s mp=%s' % (r['method'], r.get('sse'), r.get('kms_key'), r.get('tagging'), 'partNumber' in r['path'])] += 1
print('; '.join('%d %s' % (n, k) for k, n in sorted(c.items())))" >"$work/sse.txt"
[ "$(cat "$work/sse.txt")" = "6 GET None None None True; 6 PUT aws:kms k1 t1=1&t2=2&t3=3 mp=False; 18 PUT c None None mp=True; 4 PUT c None t1=1&t2=2 None" ]
check $? "the server got SSE-C with the tags on the 4 prepared objects and the key again on each of 6 GETs, aws:kms k1 with 3 tags on 6 PUTs, SSE-C on 18 parts: $(cat "$work/sse.txt")"
[ "$(for r in get-c put-kms mp-c; do run_json "$work/sse-$r" "j['workload']['send']['sse'] + '/' + j['workload']['send']['tags']"; done | tr '\n' ' ')" = "c/2 kms:k1/3 c/0 " ]
check $? "run.json workload.send: sse and tags per run"
vlog pc "print('\n'.join(sorted({r['sse_c_key'] for r in recs if r.get('sse_c_key')})))" >"$work/ssec-keys.txt"
leaks=0
while read -r k; do
	[ -n "$k" ] || continue
	grep -rlF -- "$k" "$work"/sse-* && leaks=$((leaks + 1))
	for f in "$work"/sse-*/ops.tsv.zst; do zstdcat "$f" | grep -qF -- "$k" && leaks=$((leaks + 1)); done
done <"$work/ssec-keys.txt"
[ -s "$work/ssec-keys.txt" ] && [ "$leaks" -eq 0 ]
check $? "the SSE-C keys the server received ($(wc -l <"$work/ssec-keys.txt")) are in no run directory, ops log or printout of collect ($leaks found)"
AWS_ACCESS_KEY_ID=k AWS_SECRET_ACCESS_KEY=s "$collect" run --endpoint "$ep_v" --bucket b \
	--op put --size 1KiB --concurrency 1 --count 1 --sse aes -o "$work/x" 2>"$work/bad-sse.txt"
[ $? -eq 2 ] && grep -q "^collect: --sse: 'aes' is not none, s3, c, kms or kms:KEYID" "$work/bad-sse.txt"
check $? "--sse aes refused: $(head -n 1 "$work/bad-sse.txt")"
AWS_ACCESS_KEY_ID=k AWS_SECRET_ACCESS_KEY=s "$collect" run --endpoint "$ep_v" --bucket b \
	--op put --size 1KiB --concurrency 1 --count 1 --tags 11 -o "$work/x" 2>"$work/bad-tags.txt"
[ $? -eq 2 ] && grep -q "^collect: --tags: '11' is not a number of tags from 0 to 10" "$work/bad-tags.txt"
check $? "--tags 11 refused: $(head -n 1 "$work/bad-tags.txt")"

# GET: the checksum asked for back and verified; a wrong one is class checksum
run g-ok "$ep_v" --op get --size 100KiB --concurrency 2 --count 5 --objects 4 --checksum crc64nvme
check $? "get with checksum: $(tail -n 1 "$work/g-ok.txt")"
[ "$(run_json "$work/g-ok" "j['errors']['count'], j['workload']['send']['checksum']")" = "0 crc64nvme" ]
check $? "get: no error, run.json workload.send.checksum crc64nvme"
vlog v "print(sum(1 for r in recs if r['method'] == 'GET' and r.get('checksum_mode') == 'ENABLED' and r.get('returned')))" >"$work/gm.txt"
[ "$(cat "$work/gm.txt")" = 10 ]
check $? "get: 10 GETs sent x-amz-checksum-mode: ENABLED and got a checksum back"
[ "$(run_json "$work/g-ok" "j['summary']['checksums_verified'], j['summary']['checksums_absent']")" = "10 0" ] &&
	[ "$(zstdcat "$work/g-ok/ops.tsv.zst" | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "checksum") c = i } NR > 1 { print $c }' | sort | uniq -c | tr -s ' ')" = " 10 verified" ]
check $? "get: summary.checksums_verified 10, absent 0; the ops log's checksum column says verified on each"
grep -q "Checksums: 10 GETs verified, 0 had none to check" "$work/g-ok.txt"
check $? "get: the printout counts them" "$(grep -i checksum "$work/g-ok.txt")"
[ "$(run_json "$work/p-unsigned" "'checksums_verified' in j['summary']")" = False ]
check $? "a put run (it verifies no GET) has no checksum counts"
run g-bad "$ep_bad" --op get --size 100KiB --concurrency 2 --count 5 --objects 4 --checksum sha1
[ "$(run_json "$work/g-bad" "j['errors']['class'], j['errors']['count']")" = "checksum 10" ]
check $? "a wrong returned checksum: class checksum on all 10 GETs"

# reads = once: never an object twice; the run records when they ran out (class exhausted)
run o-1 "$ep_v" --op get --size 4KiB --concurrency 3 --count 20 --objects 25 --reads once
[ $? -eq 1 ] && [ "$(run_json "$work/o-1" "j['status'], j['errors']['class']")" = "complete exhausted" ]
check $? "reads once, 25 objects for 60 GETs: class exhausted, exit 1: $(tail -n 1 "$work/o-1.txt")"
zstdcat "$work/o-1/ops.tsv.zst" | python3 -c "import csv, sys
rows = list(csv.DictReader(sys.stdin, delimiter='\t'))
files = [r['file'] for r in rows if r['op'] == 'GET']
print(len(files), len(set(files)))" >"$work/once.txt"
[ "$(cat "$work/once.txt") $(run_json "$work/o-1" "j['reads_exhausted']")" = "25 25 True" ]
check $? "reads once: 25 GETs of 25 distinct objects, reads_exhausted true ($(cat "$work/once.txt"))"

run o-2 "$ep_v" --op get --size 4KiB --concurrency 2 --count 6 --reads once
zstdcat "$work/o-2/ops.tsv.zst" | python3 -c "import csv, sys
files = [r['file'] for r in csv.DictReader(sys.stdin, delimiter='\t') if r['op'] == 'GET']
print(len(files), len(set(files)))" >"$work/once2.txt"
[ "$(cat "$work/once2.txt") $(run_json "$work/o-2" "j['reads_exhausted'], j['errors']['count']")" = "12 12 False 0" ]
check $? "reads once without objects: count x workers prepared, 12 distinct GETs, not exhausted ($(cat "$work/once2.txt"))"

# reads = once in a mixed run: its GETs never read an object twice (prepared or put by
# the run); out of unread objects the run stops, recorded; without objects, one per request
mixed_once() { # mixed_once DIR: "GETS DISTINCT exhausted ERRORS"
	echo "$(zstdcat "$work/$1/ops.tsv.zst" | python3 -c "import csv, sys
files = [r['file'] for r in csv.DictReader(sys.stdin, delimiter='	') if r['op'] == 'GET']
print(len(files) > 0 and len(files) == len(set(files)))") $(run_json "$work/$1" "j['reads_exhausted'], j['errors']['count']")"
}
run mo-1 "$ep_v" --op mixed --mix get:3,head:1,put:1,delete:1 --size 4KiB --concurrency 3 \
	--count 40 --objects 20 --reads once
run mo-2 "$ep_v" --op mixed --size 4KiB --concurrency 3 --count 20 --reads once
[ "$(mixed_once mo-1) / $(mixed_once mo-2)" = "True True 0 / True False 0" ]
check $? "mixed reads once: no GET reads an object twice; 20 objects run out (recorded), count x workers do not ($(mixed_once mo-1) / $(mixed_once mo-2))"

# bad values: named by option, and by file, line, section and key
AWS_ACCESS_KEY_ID=k AWS_SECRET_ACCESS_KEY=s "$collect" run --endpoint "$ep_v" --bucket b \
	--op put --size 1KiB --concurrency 1 --count 1 --payload chunky -o "$work/x" 2>"$work/bad1.txt"
[ $? -eq 2 ] && grep -q "^collect: --payload: 'chunky' is not a payload mode" "$work/bad1.txt"
check $? "--payload chunky refused: $(head -n 1 "$work/bad1.txt")"
cat >"$work/bad.ini" <<EOF
[campaign]
name = send
[matrix]
ops = put
sizes = 4KiB
concurrency = 1
count = 2
checksum = crc16
[subject a]
endpoint = $ep_v
bucket = b
EOF
"$collect" "$work/bad.ini" --dry-run -o "$work/badout" >/dev/null 2>"$work/bad2.txt"
grep -q "bad.ini:8: \[matrix\] checksum: 'crc16' is not a checksum" "$work/bad2.txt"
check $? "campaign checksum = crc16 refused: $(head -n 1 "$work/bad2.txt")"
sed -i 's/^checksum = crc16$/data = dedup:1.5/' "$work/bad.ini"
"$collect" "$work/bad.ini" --dry-run -o "$work/badout" >/dev/null 2>"$work/bad3.txt"
grep -q "bad.ini:8: \[matrix\] data: 'dedup:1.5': the duplicate share F must be from 0 to below 1" "$work/bad3.txt"
check $? "campaign data = dedup:1.5 refused: $(head -n 1 "$work/bad3.txt")"

# a campaign: [matrix] keys for every subject, one subject overriding them
cat >"$work/c.ini" <<EOF
[campaign]
name = send
[matrix]
ops = put
sizes = 100KiB
concurrency = 1
count = 2
checksum = sha256
payload = streaming
[head]
objects = 4
duration = 2s
[subject a]
endpoint = $ep_v
bucket = bkt
credentials = env:V
[subject b]
endpoint = $ep_v
bucket = bkt
credentials = env:V
checksum = none
payload = signed
retries = 2
duration = auto
max_duration = 3s
min_duration = 1s
[subject c]
endpoint = $ep_v
bucket = bkt
credentials = env:V
duration = 1s
EOF
V_ACCESS_KEY_ID=vkey V_SECRET_ACCESS_KEY=vsecret "$collect" "$work/c.ini" -o "$work/cout" \
	>"$work/c.txt" 2>&1
check $? "campaign with a subject override: $(tail -n 1 "$work/c.txt")"
a=$(run_json "$work/cout/runs/cycle-01/a/put-100KiB-c1" "j['workload']['send']['checksum'], j['workload']['send']['payload'], j['errors']['count']")
b=$(run_json "$work/cout/runs/cycle-01/b/put-100KiB-c1" "j['workload']['send']['checksum'], j['workload']['send']['payload'], j['errors']['count']")
[ "$a / $b" = "sha256 streaming 0 / none signed 0" ]
check $? "run.json says each subject's mode: a $a, b $b"
a=$(run_json "$work/cout/runs/once/a/head-4KiB-c1" "j['workload']['retries'], j['workload']['duration_s'], j['workload']['duration_auto'], j['workload']['timeout_s']")
b=$(run_json "$work/cout/runs/once/b/head-4KiB-c1" "j['workload']['retries'], j['workload']['duration_s'], j['workload']['duration_auto']['min_s'], j['workload']['duration_auto']['max_s'], j['workload']['timeout_s'], j['status']")
[ "$a / $b" = "0 2.0 None 64.0 / 2 3.0 1.0 3.0 66.0 complete" ]
check $? "a subject's retries and duration = auto override the sections': run.json a's head: $a, b's: $b (timeout derived anew)"
a=$(run_json "$work/cout/runs/once/a/head-4KiB-c1" "j['workload']['duration_subject']")
c=$(run_json "$work/cout/runs/once/c/head-4KiB-c1" "j['workload']['duration_s'], j['workload']['duration_subject'], j['workload']['timeout_s'], j['status']")
cp=$(run_json "$work/cout/runs/cycle-01/c/put-100KiB-c1" "j['workload']['duration_s'], j['workload']['duration_subject']")
[ "$a / $c / $cp" = "False / 1.0 True 62.0 complete / None False" ]
check $? "a subject's fixed duration = 1s overrides [head]'s 2s and is recorded as its own (workload.duration_subject); a's head: $a, c's: $c, c's count-bound put: $cp"

analyze=${ANALYZE:-$top/bin/analyze} render=${RENDER:-$top/bin/render}
run_pipeline -q "$work/cout"
check $? "analyze and render the campaign: $(tail -n 1 "$work/cout.render.log")"
python3 -c "import re
t = re.sub(r'<[^>]+>', '|', open('$work/cout/report/report.html').read())
t = t[t.find('Subjects compared'):]
rows = [l for l in t.split('\n') if 'http://127.0.0.1' in l][:3]
print(' / '.join(re.sub(r'\|+', '|', r).split('|')[-2] for r in rows))" >"$work/env.txt"
[ "$(cat "$work/env.txt")" = "checksum sha256, payload streaming (differs from the other subjects: compare with care) / payload signed, retries 2, duration auto 1s..3s (differs from the other subjects: compare with care) / checksum sha256, payload streaming, duration 1s (differs from the other subjects: compare with care)" ]
check $? "the report's environment says how each subject sent its requests and flags the difference: $(cat "$work/env.txt")"

# keepalive = no: one connection per request; addresses = spread over three loopback
# addresses one name resolves to (a private /etc/hosts in a mount namespace)
start_verify multi --addresses 127.0.0.1,127.0.0.2,127.0.0.3
run k-no "$ep_multi" --op put --size 4KiB --concurrency 2 --count 5 --keepalive no
run k-yes "$ep_multi" --op put --size 4KiB --concurrency 2 --count 5
[ "$(run_json "$work/k-no" "j['summary']['connections']['opened'], j['workload']['send']['keepalive'], 'connections_opened' in j['transport']") / $(run_json "$work/k-yes" "j['summary']['connections']['opened']")" = "10 no False / 2" ]
check $? "keepalive = no: 10 connections for 10 requests (kept alive: 2), counted once (summary.connections)"
# a run.json written before summary.connections was the only count (transport carried
# connections_opened too) still reads, --recompute agreeing with it
mkdir -p "$work/old/runs/once/multi"
cp -r "$work/k-no" "$work/old/runs/once/multi/put-4KiB-c2"
python3 -c "import json,sys; p=sys.argv[1]+'/run.json'; j=json.load(open(p)); j['transport']['connections_opened'] = 10; json.dump(j, open(p, 'w'))" \
	"$work/old/runs/once/multi/put-4KiB-c2"
"$top/bin/analyze" "$work/old" -o "$work/old/res" --recompute >"$work/old.txt" 2>&1
check $? "an older run.json with transport.connections_opened analyzes (--recompute agrees): $(tail -n 1 "$work/old.txt")"
vlog multi "print(len(set(r['peer'] for r in recs if r['method'] == 'PUT' and '/put/' in r['path'])))" >"$work/peers.txt"
[ "$(cat "$work/peers.txt")" = 12 ]
check $? "the server saw 12 client connections for the two runs' 20 PUTs ($(cat "$work/peers.txt"))"
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
	printf '127.0.0.1 multi.test\n127.0.0.2 multi.test\n127.0.0.3 multi.test\n' >"$work/hosts"
	port=$(cat "$work/multi.port")
	AWS_ACCESS_KEY_ID=vkey AWS_SECRET_ACCESS_KEY=vsecret unshare -m sh -c \
		"mount --bind '$work/hosts' /etc/hosts && '$collect' run --endpoint http://multi.test:$port \
		--bucket b --op put --size 4KiB --concurrency 6 --count 5 --addresses spread \
		-o '$work/spread'" >"$work/spread.txt" 2>&1
	check $? "addresses = spread: $(tail -n 1 "$work/spread.txt")"
	[ "$(run_json "$work/spread" "sorted((a['address'], a['requests']) for a in j['transport']['addresses'])")" = \
		"[('127.0.0.1', 10), ('127.0.0.2', 10), ('127.0.0.3', 10)]" ]
	check $? "addresses = spread: 10 requests to each of the three addresses (run.json transport)"
	vlog multi "print(sorted(set(r['local'] for r in recs if r['method'] == 'PUT' and '/put/' in r['path'])))" >"$work/locals.txt"
	[ "$(cat "$work/locals.txt")" = "['127.0.0.1', '127.0.0.2', '127.0.0.3']" ]
	check $? "the server was reached on its three addresses"
else
	skip 3 "addresses = spread needs root and unshare (a private /etc/hosts)"
fi

# http = 2: nginx over TLS with HTTP/2 (each request's version recorded as 2; one
# connection per worker, or one for all with http2_shared) and TLS without it (falls back)
h2=$work/h2
mkdir -p "$h2/data/bkt" "$h2/tmp"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$h2/key.pem" -out "$h2/cert.pem" -days 2 \
	-subj /CN=127.0.0.1 >/dev/null 2>&1
freep() { python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"; }
p2=$(freep) p1=$(freep)
{
	[ "$(id -u)" = 0 ] && echo "user root;"
	cat <<CONF
daemon on;
worker_processes 1;
pid $h2/nginx.pid;
error_log $h2/error.log warn;
events { worker_connections 1024; }
http {
	access_log off;
	client_max_body_size 0;
	client_body_temp_path $h2/tmp;
	proxy_temp_path $h2/tmp/proxy;
	fastcgi_temp_path $h2/tmp/fastcgi;
	uwsgi_temp_path $h2/tmp/uwsgi;
	scgi_temp_path $h2/tmp/scgi;
	ssl_certificate $h2/cert.pem;
	ssl_certificate_key $h2/key.pem;
	server {
		listen 127.0.0.1:$p2 ssl http2;
		root $h2/data;
		dav_methods PUT DELETE MKCOL;
		create_full_put_path on;
	}
	server {
		listen 127.0.0.1:$p1 ssl;
		root $h2/data;
		dav_methods PUT DELETE MKCOL;
		create_full_put_path on;
	}
}
CONF
} >"$h2/nginx.conf"
if nginx -p "$h2" -c "$h2/nginx.conf" -e "$h2/error.log" >/dev/null 2>&1; then
	at_exit "kill \$(cat '$h2/nginx.pid') 2>/dev/null"
	for case in "$p2 no" "$p2 yes" "$p1 no"; do
		set -- $case
		AWS_ACCESS_KEY_ID=k AWS_SECRET_ACCESS_KEY=s "$collect" run --endpoint "https://127.0.0.1:$1" \
			--insecure --path-style --bucket bkt --op put --size 4KiB --concurrency 4 --count 5 \
			--http 2 --http2-shared "$2" -o "$work/h-$1-$2" >"$work/h-$1-$2.txt" 2>&1
	done
	got=$(for case in "$p2-no" "$p2-yes" "$p1-no"; do
		run_json "$work/h-$case" "j['transport']['http']['2'], j['transport']['http']['1.1'], j['summary']['connections']['opened'], j['summary']['errors']"
	done | tr '\n' '/')
	[ "$got" = "20 0 4 0/20 0 1 0/0 20 4 0/" ]
	check $? "http = 2: 20 requests on HTTP/2 over 4 connections, over 1 shared; HTTP/1.1-only TLS falls back, recorded ($got)"
else
	skip 1 "nginx with TLS and HTTP/2 did not start: $(tail -n 2 "$h2/error.log" 2>/dev/null)"
fi

# radosgw: what Ceph RGW 16.2 checks
if [ -z "${RGW_S3_ENDPOINT:-}" ]; then
	use_rgw
fi
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
for pm in unsigned signed streaming; do
	"$collect" run --endpoint "$RGW_S3_ENDPOINT" --bucket e2e-send --path-style --op put \
		--size 200KiB --concurrency 2 --count 3 --checksum crc32 --payload "$pm" \
		-o "$work/r-$pm" >"$work/r-$pm.txt" 2>&1
	[ "$(run_json "$work/r-$pm" "j['status'], j['errors']['count']")" = "complete 0" ]
	check $? "rgw accepts payload $pm: $(tail -n 1 "$work/r-$pm.txt")"
done
"$collect" run --endpoint "$RGW_S3_ENDPOINT" --bucket e2e-send --path-style --op put \
	--size 200KiB --concurrency 1 --count 2 --checksum crc32 --payload streaming-unsigned \
	-o "$work/r-su" >"$work/r-su.txt" 2>&1
[ "$(run_json "$work/r-su" "j['errors']['count'], j['errors']['first'][0]")" = \
	"2 HTTP 400 XAmzContentSHA256Mismatch" ]
check $? "rgw 16.2 refuses STREAMING-UNSIGNED-PAYLOAD-TRAILER (400 XAmzContentSHA256Mismatch)"
"$collect" run --endpoint "$RGW_S3_ENDPOINT" --bucket e2e-send --path-style --op put \
	--size 200KiB --concurrency 1 --count 2 --checksum crc32 --payload streaming-trailer \
	-o "$work/r-st" >"$work/r-st.txt" 2>&1
[ "$(run_json "$work/r-st" "j['errors']['count'], j['errors']['first'][0]")" = \
	"2 HTTP 400 XAmzContentSHA256Mismatch" ]
check $? "rgw 16.2 refuses STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER (400 XAmzContentSHA256Mismatch)"
# encryption and tags on RGW 16.2 (tests/servers/radosgw/start: rgw crypt require ssl = false,
# the testing KMS backend with key s3bench-key): SSE-C on PUT and every GET (a GET without
# the key would be 400), SSE-KMS with the key id, SSE-S3 (accepted; Pacific stores it
# unencrypted without rgw_crypt_default_encryption_key), multipart SSE-C, 3 tags
for m in "get c 2" "put kms:s3bench-key 3" "put s3 1" "multipart c 0"; do
	set -- $m
	"$collect" run --endpoint "$RGW_S3_ENDPOINT" --bucket e2e-send --path-style --op "$1" \
		--size "$([ "$1" = multipart ] && echo 11MiB || echo 64KiB)" --concurrency 2 --count 2 \
		--sse "$2" --tags "$3" -o "$work/r-sse-$1-${2%%:*}" >"$work/r-sse-$1-${2%%:*}.txt" 2>&1
	[ "$(run_json "$work/r-sse-$1-${2%%:*}" "j['status'], j['errors']['count'], j['workload']['send']['sse']")" = "complete 0 $2" ]
	check $? "rgw: $1 with sse $2, tags $3: no error: $(tail -n 1 "$work/r-sse-$1-${2%%:*}.txt")"
done
# a GET checksum RGW 16.2 never returns, and a ranged GET: nothing to verify, counted so
for g in plain range; do
	extra=()
	[ "$g" = range ] && extra=(--range 0..64KiB)
	"$collect" run --endpoint "$RGW_S3_ENDPOINT" --bucket e2e-send --path-style --op get \
		--size 100KiB --concurrency 2 --count 5 --objects 4 --checksum crc64nvme "${extra[@]}" \
		-o "$work/r-get-$g" >"$work/r-get-$g.txt" 2>&1
	[ "$(run_json "$work/r-get-$g" "j['summary']['checksums_verified'], j['summary']['checksums_absent'], j['errors']['count']")" = "0 10 0" ]
	check $? "rgw get with a checksum ($g): nothing verified, 10 absent: not a run that verified all"
done
# the report states each subject's checksum with how many GETs it verified: the verifying
# server's 10 of 10, RGW's 0 of 20 (its plain and ranged runs)
# (as a campaign's cycle 1, each run's subject named)
mkdir -p "$work/ck/runs/cycle-01/v" "$work/ck/runs/cycle-01/rgw"
cp -r "$work/g-ok" "$work/ck/runs/cycle-01/v/get" &&
	cp -r "$work/r-get-plain" "$work/ck/runs/cycle-01/rgw/get" &&
	cp -r "$work/r-get-range" "$work/ck/runs/cycle-01/rgw/get-range" &&
	python3 - "$work/ck/runs/cycle-01" <<'PY' &&
import json, sys
for d, sid in (("v/get", "v"), ("rgw/get", "rgw"), ("rgw/get-range", "rgw")):
    p = sys.argv[1] + "/" + d + "/run.json"
    j = json.load(open(p))
    j["subject"]["id"] = j["subject"]["label"] = sid
    j["cycle"] = 1
    json.dump(j, open(p, "w"))
PY
	"$analyze" "$work/ck" >"$work/ck.txt" 2>&1 &&
	SOURCE_DATE_EPOCH=1764633600 "$render" "$work/ck/results" -f html \
		-o "$work/ck/report" >>"$work/ck.txt" 2>&1
check $? "analyze and render the GET runs: $(tail -n 1 "$work/ck.txt")"
python3 -c "import re
t = re.sub(r'<[^>]+>', '|', open('$work/ck/report/report.html').read())
print(' / '.join(sorted(re.findall(r'checksums verified on [^|]*', t))))" >"$work/ck-env.txt"
[ "$(cat "$work/ck-env.txt")" = "checksums verified on 0 of 20 GETs (20 answered without one) / checksums verified on 10 of 10 GETs (0 answered without one)" ]
check $? "the report's subjects table: how many GETs each subject verified: $(cat "$work/ck-env.txt")"
grep -c '<p data-claim="payload/[a-z]*">[a-z]*: upload data: incompressible (zstd 1.00) and not deduplicable (100.0 % unique 4 KiB blocks)' \
	"$work/ck/report/report.html" >"$work/ck-pay.txt"
echo '{}' >"$work/no-truth.json"
[ "$(cat "$work/ck-pay.txt")" = 2 ] &&
	python3 "$top/tests/tools/claims_check.py" "$work/ck/results/aggregate.json" "$work/no-truth.json" \
		--report "$work/ck/report" >"$work/ck-claims.txt"
check $? "the report says each subject's prepared data was incompressible and not deduplicable ($(cat "$work/ck-pay.txt") sentences), and claims_check passes: $(tail -n 1 "$work/ck-claims.txt")"
probe() { python3 "$top/tests/tools/chunk_probe.py" "$RGW_S3_ENDPOINT" e2e-send "$@"; }
[ "$(probe k4 streaming-trailer)" = "400 XAmzContentSHA256Mismatch" ]
check $? "rgw 16.2 refuses an independently signed trailer PUT the same way (the mode, not our signing)"
[ "$(probe k1 streaming)" = "200 -" ]
check $? "rgw: an independently signed streaming PUT passes"
[ "$(probe k2 streaming --bad-chunk)" = "403 SignatureDoesNotMatch" ]
check $? "rgw checks chunk signatures: a wrong second one is 403 SignatureDoesNotMatch"
[ "$(probe k3 plain --bad-checksum)" = "200 -" ]
check $? "rgw 16.2 ignores a wrong x-amz-checksum-crc32 header (200)"
finish
