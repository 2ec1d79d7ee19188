#!/usr/bin/env bash
# tests/e2e/collect_probe.sh: the conformance probe (collect probe, a campaign's [probe])
# against Ceph RGW 16.2 and s3rver, whose answers differ. Each verdict probe.json records is
# checked against what the server does, seen apart from s3bench with curl --aws-sigv4:
#  1. RGW: If-None-Match: * on an existing key is 412 (supported); If-Match with the quoted
#     ETag (as PUT returned it) is 412 where 2xx is due (wrong), the bare ETag matches;
#     If-Match on a missing key is 412 where 404 NoSuchKey is due (wrong); a DELETE with a
#     wrong If-Match deletes (wrong); a PUT with a wrong x-amz-checksum-crc32 is stored
#     (wrong, 400 BadDigest due); tagging round-trips (supported); SSE-KMS without a key id
#     is refused 400, with --kms-key s3bench-key supported; SSE-C supported;
#  2. s3rver: If-None-Match: * overwrites an existing key (wrong, answered 200); tags are
#     dropped (wrong); the same checksum and conditional DELETE verdicts;
#  3. the probe leaves no key under s3bench-probe/ (on RGW also no version of one in a
#     versioned bucket, whose status it records as Enabled), removes a bucket it created,
#     deletes first what a killed probe left under its prefix, and bills its requests
#     (probe.json's billing);
#  4. a campaign with [probe] features = conditional-put, tagging writes OUT/probe.json
#     with both subjects before its runs; probe = no writes none; --resume keeps it;
#  5. bad input: --features and [probe] features with an unknown feature, [probe] with an
#     unknown key, named by option, or by file, line, section and key; an endpoint that
#     accepts connections and never answers: the probe gives up after its 10 s request
#     limit, exit 1, probe.json's error names the timeout;
#  6. over TLS (nginx in front of RGW, HTTP/2 and TLS 1.2 only, a CA of the test's own):
#     http2 and tls1.2 supported, tls1.3 refused (the handshake fails), virtual-hosted
#     wrong (RGW without rgw_dns_name reads BUCKET.s3.localhost as path-style: 404), the
#     same conditional-put verdicts as over plain HTTP.
. "$(dirname "$0")/collect_lib.sh"

use_rgw
use_server s3rver S3RVER
sfx=$$-$RANDOM

# as SRV: the keys and endpoint of server SRV (RGW, S3RVER) into AK, SK, EP
as() { eval "AK=\$${1}_AWS_ACCESS_KEY_ID SK=\$${1}_AWS_SECRET_ACCESS_KEY EP=\$${1}_S3_ENDPOINT"; }
# s3 [CURL ARGS] PATH: a signed request of the current server; prints "STATUS" (and with -i
# the answer's headers and body first)
s3() {
	local path=${*: -1}
	curl -sS -o "$tmp/body" -D "$tmp/hdrs" -w '%{http_code}' \
		-H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' --aws-sigv4 "aws:amz:us-east-1:s3" \
		--user "$AK:$SK" "${@:1:$#-1}" "$EP/$path"
}
# verdict FILE FEATURE [CHECK]: the feature's (or the check's) "verdict status" in probe.json
verdict() {
	jq -r --arg f "$2" --arg c "${3:-}" '.subjects[0].features[$f] |
		if $c == "" then .verdict else (.checks[] | select(.check == $c) |
		"\(.verdict) \(.status)") end' "$1"
}
# probe SRV DIR ARGS...: collect probe against server SRV, probe.json in DIR
probe() {
	local srv=$1 dir=$2
	shift 2
	as "$srv"
	AWS_ACCESS_KEY_ID=$AK AWS_SECRET_ACCESS_KEY=$SK "$collect" probe --endpoint "$EP" \
		--id "$srv" -o "$dir" "$@" >"$dir.out" 2>&1
}

# 1. RGW, compared with curl
as RGW
b=probe-rgw-$sfx
s3 -X PUT "$b" >/dev/null
probe RGW "$tmp/rgw" --bucket "$b"
check $? "collect probe against RGW: exit 0 ($(tail -n 3 "$tmp/rgw.out" | tr '\n' ' '))"
p=$tmp/rgw/probe.json
jq -e '.format == "s3bench-probe/1"' "$p" >/dev/null
check $? "probe.json: format s3bench-probe/1"
s3 -X PUT --data-binary hello "$b/k" >/dev/null
etag=$(sed -n 's/^[Ee][Tt]ag: *//p' "$tmp/hdrs" | tr -d '\r')
st=$(s3 -X PUT -H 'If-None-Match: *' --data-binary hello "$b/k")
[ "$st" = 412 ] && [ "$(verdict "$p" conditional-put if-none-match-existing)" = "supported 412" ]
check $? "RGW If-None-Match on an existing key: curl $st, recorded supported 412"
st=$(s3 -X PUT -H "If-Match: $etag" --data-binary hello "$b/k")
st2=$(s3 -X PUT -H "If-Match: ${etag//\"/}" --data-binary hello "$b/k")
[ "$st" = 412 ] && [ "$st2" = 200 ] &&
	[ "$(verdict "$p" conditional-put if-match-current)" = "wrong 412" ]
check $? "RGW If-Match with the quoted ETag: curl $st (bare $st2), recorded wrong 412"
st=$(s3 -X PUT -H "If-Match: $etag" --data-binary hello "$b/missing-$sfx")
[ "$st" = 412 ] && [ "$(verdict "$p" conditional-put if-match-missing)" = "wrong 412" ] &&
	jq -e '.subjects[0].features["conditional-put"].checks[] |
		select(.check == "if-match-missing") | .expected == "404 NoSuchKey"' "$p" >/dev/null
check $? "RGW If-Match on a missing key: curl $st, recorded wrong 412, expected 404 NoSuchKey"
st=$(s3 -X DELETE -H 'If-Match: "00000000000000000000000000000000"' "$b/k")
[ "$st" = 204 ] && [ "$(s3 "$b/k")" = 404 ] &&
	[ "$(verdict "$p" conditional-delete if-match-other)" = "wrong 204" ]
check $? "RGW DELETE with a wrong If-Match deletes: curl $st, recorded wrong 204"
st=$(s3 -X PUT -H 'x-amz-checksum-crc32: AAAAAA==' --data-binary hello "$b/ck")
[ "$st" = 200 ] && [ "$(verdict "$p" checksum-crc32 put-mismatch)" = "wrong 200" ]
check $? "RGW stores a PUT with a wrong CRC32: curl $st, recorded wrong 200"
s3 -X PUT -H 'x-amz-tagging: t=1' --data-binary hello "$b/tag" >/dev/null
s3 "$b/tag?tagging=" >/dev/null
grep -q '<Key>t</Key>' "$tmp/body" && [ "$(verdict "$p" tagging)" = supported ]
check $? "RGW keeps tags: recorded supported"
st=$(s3 -X PUT -H 'x-amz-server-side-encryption: aws:kms' --data-binary hello "$b/kms")
[ "$st" = 400 ] && [ "$(verdict "$p" sse-kms put)" = "refused 400" ]
check $? "RGW SSE-KMS without a key id: curl $st, recorded refused 400"
[ "$(verdict "$p" sse-c)" = supported ] && [ "$(verdict "$p" versioning)" = supported ]
check $? "RGW SSE-C and versioning status supported"
[ "$(verdict "$p" virtual-hosted)" = untested ] && [ "$(verdict "$p" tls1.3)" = untested ]
check $? "virtual-hosted (no DNS for BUCKET.127.0.0.1) and TLS (plain HTTP) untested"
probe RGW "$tmp/rgwkms" --bucket "$b" --features sse-kms --kms-key s3bench-key
[ "$(verdict "$tmp/rgwkms/probe.json" sse-kms)" = supported ] &&
	[ "$(jq '.subjects[0].features | length' "$tmp/rgwkms/probe.json")" = 1 ]
check $? "RGW SSE-KMS with --kms-key s3bench-key: supported, the one feature probed"
st=$(s3 "$b?list-type=2&prefix=s3bench-probe%2F")
[ "$st" = 200 ] && ! grep -q '<Key>' "$tmp/body"
check $? "RGW: nothing left under s3bench-probe/"
jq -e '.subjects[0].billing | .class_a > 10 and .class_b > 5 and .delete > 5' "$p" >/dev/null &&
	[ "$(jq -r '.subjects[0].cleanup' "$p")" = "" ]
check $? "billing counted ($(jq -c '.subjects[0].billing | [.class_a, .class_b, .delete]' "$p")), cleanup clean"

# 2. s3rver, compared with curl
as S3RVER
b=probe-s3rver-$sfx
probe S3RVER "$tmp/s3rver" --bucket "$b"
check $? "collect probe against s3rver (bucket created): exit 0"
q=$tmp/s3rver/probe.json
[ "$(s3 -I "$b")" = 404 ]
check $? "s3rver: the bucket the probe created is removed"
s3 -X PUT "$b" >/dev/null
s3 -X PUT --data-binary hello "$b/k" >/dev/null
st=$(s3 -X PUT -H 'If-None-Match: *' --data-binary world "$b/k")
s3 "$b/k" >/dev/null
[ "$st" = 200 ] && [ "$(cat "$tmp/body")" = world ] &&
	[ "$(verdict "$q" conditional-put if-none-match-existing)" = "wrong 200" ]
check $? "s3rver If-None-Match on an existing key overwrites: curl $st, recorded wrong 200"
s3 -X PUT -H 'x-amz-tagging: t=1' --data-binary hello "$b/tag" >/dev/null
s3 "$b/tag?tagging=" >/dev/null
! grep -q '<Key>t</Key>' "$tmp/body" && [ "$(verdict "$q" tagging get-tagging)" = "wrong 200" ]
check $? "s3rver drops tags: recorded wrong"
st=$(s3 -X PUT -H 'x-amz-checksum-crc32: AAAAAA==' --data-binary hello "$b/ck")
[ "$st" = 200 ] && [ "$(verdict "$q" checksum-crc32 put-mismatch)" = "wrong 200" ] &&
	[ "$(verdict "$q" conditional-delete if-match-other)" = "wrong 204" ]
check $? "s3rver stores a wrong CRC32 (curl $st) and ignores a DELETE's If-Match: recorded wrong"
[ "$(verdict "$p" conditional-put)" = wrong ] &&
	[ "$(verdict "$p" tagging)" != "$(verdict "$q" tagging)" ] &&
	[ "$(verdict "$p" conditional-put if-none-match-existing)" != \
		"$(verdict "$q" conditional-put if-none-match-existing)" ]
check $? "the two servers' records differ where they do"

# what a killed probe left under the prefix is deleted first
as RGW
b=probe-rgw-$sfx
s3 -X PUT --data-binary x "$b/s3bench-probe/left/killed-1" >/dev/null
s3 -X PUT --data-binary x "$b/s3bench-probe/left/killed-2" >/dev/null
AWS_ACCESS_KEY_ID=$AK AWS_SECRET_ACCESS_KEY=$SK "$collect" probe --endpoint "$EP" --id left \
	--bucket "$b" --features tagging >/dev/null 2>&1
st=$(s3 "$b?list-type=2&prefix=s3bench-probe%2F")
[ "$st" = 200 ] && ! grep -q '<Key>' "$tmp/body"
check $? "the keys a killed probe left under s3bench-probe/left/ are deleted"

# 3. a versioned RGW bucket: status recorded, every version removed
as RGW
b=probe-ver-$sfx
s3 -X PUT "$b" >/dev/null
s3 -X PUT --data '<VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Status>Enabled</Status></VersioningConfiguration>' "$b?versioning=" >/dev/null
probe RGW "$tmp/ver" --bucket "$b" --features versioning,conditional-put,conditional-delete,tagging
[ "$(jq -r '.subjects[0].features.versioning.note' "$tmp/ver/probe.json")" = Enabled ]
check $? "versioned bucket: status Enabled recorded"
st=$(s3 "$b?prefix=s3bench-probe%2F&versions=")
n=$(grep -o '<VersionId>' "$tmp/body" | wc -l)
[ "$st" = 200 ] && [ "$n" = 0 ] && [ "$(jq -r '.subjects[0].cleanup' "$tmp/ver/probe.json")" = "" ]
check $? "versioned bucket: no version or delete marker left ($n, listing $st)"

# 4. campaigns
cat >"$tmp/c.ini" <<INI
[campaign]
name = probe-$sfx
[matrix]
ops = put
sizes = 4KiB
concurrency = 1
count = 2
[probe]
features = conditional-put, tagging
[subject rgw]
endpoint = $RGW_S3_ENDPOINT
bucket = probe-camp-$sfx
credentials = env:RG
[subject s3rver]
endpoint = $S3RVER_S3_ENDPOINT
bucket = probe-camp-$sfx
credentials = env:SR
INI
export RG_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID RG_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
export SR_ACCESS_KEY_ID=$S3RVER_AWS_ACCESS_KEY_ID SR_SECRET_ACCESS_KEY=$S3RVER_AWS_SECRET_ACCESS_KEY
"$collect" "$tmp/c.ini" -o "$tmp/camp" >"$tmp/camp.log" 2>&1
st=$?
c=$tmp/camp/probe.json
[ "$st" = 0 ] && [ "$(jq -r '[.subjects[].subject] | join(",")' "$c")" = rgw,s3rver ] &&
	[ "$(jq -r '.subjects[1].features.tagging.verdict' "$c")" = wrong ] &&
	[ "$(jq -r '.subjects[0].features.tagging.verdict' "$c")" = supported ] &&
	[ "$(jq '.subjects[0].features | length' "$c")" = 2 ]
check $? "campaign: OUT/probe.json with both subjects, the two features (exit $st)"
[ "$(find "$tmp/camp/runs" -name run.json | wc -l)" = 2 ]
check $? "campaign: the runs ran after the probe"
m=$(stat -c %Y "$c")
sleep 1
"$collect" "$tmp/c.ini" -o "$tmp/camp" --resume >/dev/null 2>&1
[ "$(stat -c %Y "$c")" = "$m" ]
check $? "--resume keeps the probe.json there"
sed 's/^features = .*/probe = no/' "$tmp/c.ini" >"$tmp/c2.ini"
"$collect" "$tmp/c2.ini" -o "$tmp/camp2" >/dev/null 2>&1
[ ! -e "$tmp/camp2/probe.json" ] && [ -d "$tmp/camp2/runs" ]
check $? "probe = no: no probe.json, the runs ran"

# the probe's bill counts toward max_cost: its DELETEs at 1 each (the run's estimate: 1)
# stop the subject before its first run
sed -e 's/^features = .*/features = conditional-delete/' -e '/^credentials = env:RG/a\
price_delete = 1/1\
max_cost = 3' "$tmp/c.ini" >"$tmp/c5.ini"
"$collect" "$tmp/c5.ini" -o "$tmp/camp5" --only rgw >"$tmp/camp5.log" 2>&1
st=$?
[ "$st" = 1 ] && grep -q "subject rgw: spent .* its max_cost 3 reached" "$tmp/camp5.log" &&
	jq -e '.subjects[0].billing.delete >= 1' "$tmp/camp5/probe.json" >/dev/null &&
	jq -e '.errors.class == "budget"' "$tmp/camp5/runs/cycle-01/rgw/put-4KiB-c1/run.json" >/dev/null
check $? "the probe's DELETEs count toward max_cost: the first run not run, class budget (exit $st)"

# 5. bad input
as RGW
out=$(AWS_ACCESS_KEY_ID=$AK AWS_SECRET_ACCESS_KEY=$SK "$collect" probe --endpoint "$EP" \
	--bucket x-$sfx --features conditional-put,warp 2>&1)
[ $? = 2 ] && [[ $out == *"--features: 'warp' is not a probe feature"* ]]
check $? "--features warp: exit 2, named ($out)"
sed 's/^features = .*/features = conditional-put, teleport/' "$tmp/c.ini" >"$tmp/c3.ini"
out=$("$collect" "$tmp/c3.ini" -o "$tmp/camp3" --dry-run 2>&1)
[ $? = 2 ] && [[ $out == *"c3.ini:9: [probe] features: 'teleport' is not a probe feature"* ]]
check $? "[probe] features = teleport: exit 2, file, line, section, key ($(echo "$out" | head -c 120))"
sed 's/^features = .*/retries = 2/' "$tmp/c.ini" >"$tmp/c4.ini"
out=$("$collect" "$tmp/c4.ini" -o "$tmp/camp4" --dry-run 2>&1)
[ $? = 2 ] && [[ $out == *"c4.ini:9: [probe] retries: unknown key"* ]]
check $? "[probe] retries: unknown key named"
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
print(s.getsockname()[1], flush=True)
held, end = [], time.time() + 40
s.settimeout(0.5)
while time.time() < end:
    try: held.append(s.accept()[0])
    except OSError: pass
' >"$tmp/bh.port" &
stop_at_exit $!
for _ in $(seq 50); do [ -s "$tmp/bh.port" ] && break; sleep 0.1; done
s0=$SECONDS
AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=y "$collect" probe --endpoint "http://127.0.0.1:$(cat "$tmp/bh.port")" \
	--bucket bh -o "$tmp/bh" >/dev/null 2>&1
st=$?
took=$((SECONDS - s0))
[ "$st" = 1 ] && [ "$took" -le 20 ] &&
	jq -e '.subjects[0].error | test("timed out")' "$tmp/bh/probe.json" >/dev/null
check $? "an endpoint that never answers: given up after ${took}s (10 s limit), exit $st, error recorded"

# 6. over TLS: nginx (HTTP/2, TLS 1.2 only) in front of RGW
command -v nginx >/dev/null && command -v openssl >/dev/null ||
	{ bad "nginx or openssl missing (scripts/setup)"; finish; }
t=$tmp/tls
mkdir -p "$t/tmp"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$t/ca.key" -out "$t/ca.pem" -days 2 \
	-subj "/CN=s3bench probe CA" >/dev/null 2>&1 &&
	openssl req -newkey rsa:2048 -nodes -keyout "$t/srv.key" -out "$t/srv.csr" \
		-subj "/CN=s3.localhost" >/dev/null 2>&1 &&
	printf 'subjectAltName=DNS:s3.localhost,DNS:*.s3.localhost\n' >"$t/ext" &&
	openssl x509 -req -in "$t/srv.csr" -CA "$t/ca.pem" -CAkey "$t/ca.key" -CAcreateserial \
		-out "$t/srv.pem" -days 2 -extfile "$t/ext" >/dev/null 2>&1
check $? "a CA and a certificate for s3.localhost, *.s3.localhost"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$t/nginx.conf" <<CONF
$([ "$(id -u)" = 0 ] && echo "user root;")
daemon on;
worker_processes 1;
pid $t/nginx.pid;
error_log $t/error.log warn;
events { worker_connections 64; }
http {
	access_log off;
	client_max_body_size 0;
	client_body_temp_path $t/tmp;
	proxy_temp_path $t/tmp;
	server {
		listen 127.0.0.1:$port ssl http2;
		ssl_certificate $t/srv.pem;
		ssl_certificate_key $t/srv.key;
		ssl_protocols TLSv1.2;
		location / {
			proxy_pass $RGW_S3_ENDPOINT;
			proxy_set_header Host \$http_host;
			proxy_http_version 1.1;
			proxy_request_buffering off;
		}
	}
}
CONF
nginx -p "$t" -c "$t/nginx.conf" -e "$t/error.log" >"$t/start.log" 2>&1
check $? "nginx over TLS in front of RGW on port $port"
at_exit "kill \$(cat '$t/nginx.pid' 2>/dev/null) 2>/dev/null"
for _ in $(seq 50); do [ -s "$t/nginx.pid" ] && break; sleep 0.1; done
as RGW
AWS_ACCESS_KEY_ID=$AK AWS_SECRET_ACCESS_KEY=$SK "$collect" probe --endpoint "https://s3.localhost:$port" \
	--ca-bundle "$t/ca.pem" --bucket "probe-tls-$sfx" -o "$t/out" \
	--features conditional-put,path-style,virtual-hosted,http2,tls1.2,tls1.3 >"$t/out.txt" 2>&1
check $? "collect probe over TLS: exit 0"
r=$t/out/probe.json
[ "$(verdict "$r" http2)" = supported ] && [ "$(verdict "$r" tls1.2)" = supported ] &&
	[ "$(verdict "$r" tls1.3 handshake)" = "refused 0" ] &&
	jq -e '.subjects[0].features["tls1.2"].checks[0].detail | startswith("TLSv1.2 ")' "$r" >/dev/null
check $? "HTTP/2 and TLS 1.2 supported, TLS 1.3 refused ($(grep -E 'http2|tls' "$t/out.txt" | tr -s ' ' | tr '\n' ';'))"
[ "$(verdict "$r" virtual-hosted head-object)" = "wrong 404" ] &&
	[ "$(verdict "$r" path-style)" = supported ] &&
	[ "$(verdict "$r" conditional-put if-match-current)" = "wrong 412" ]
check $? "over TLS: path-style supported, virtual-hosted wrong 404 (no rgw_dns_name), RGW's If-Match"
finish
