#!/usr/bin/env bash
# tests/e2e/collect_awsconfig.sh: the AWS CLI's configuration, against s3rver and
# tests/tools/fake_aws.py (instance metadata, STS and an S3 front that refuses expired
# session tokens) on loopback. Every AWS_* variable is set per command (cenv); the
# metadata service is reached only at the fake's address.
#  (a) collect run's endpoint: --endpoint > AWS_ENDPOINT_URL_S3 > AWS_ENDPOINT_URL > the
#      profile's services s3 endpoint_url > its endpoint_url; region: --region >
#      AWS_REGION > AWS_DEFAULT_REGION > profile region > us-east-1 (run.json's subject);
#  (b) credential_process: keys used; a failing one fails the run naming the profile and
#      the exit status, never its output;
#  (c) role_arn + source_profile: AssumeRole at the profile's services sts endpoint_url
#      (the fake's, and RGW's own STS: a private RGW started with S3B_RGW_STS=1);
#  (d) an SSO profile: the error a user sees;
#  (e) instance credentials living 5 seconds, a 12-second run: no request fails, they were
#      fetched several times; the same keys from the environment (not refreshable) get
#      ExpiredToken; AWS_EC2_METADATA_DISABLED=true never asks; a metadata service that
#      never answers costs about one second;
#  (f) a campaign subject with `profile = NAME` and no endpoint/region takes the profile's;
#      without one in the profile, the campaign is refused naming it;
#  (g) no key, token or process output in any file or message of the above.
. "$(dirname "$0")/collect_lib.sh"
[ -n "${KEEP_TMP:-}" ] && at_exit "cp -r \"\$tmp\" \"$KEEP_TMP\""
server_env A S3RVER || { bad "no s3 server"; finish; }
ep=$A_S3_ENDPOINT
rnd=$(head -c 8 /dev/urandom | od -An -tx1 | tr -d ' \n')
export PROC_AK=$A_AWS_ACCESS_KEY_ID PROC_SK=$A_AWS_SECRET_ACCESS_KEY
export PROC_TOKEN="S3BENCHPROCTOKEN$rnd"
src_key="SRCKEY$rnd"
logs=$work/logs outs=$work/outs
mkdir -p "$logs" "$outs" "$work/home"
fake_pid=""
at_exit '[ -n "$fake_pid" ] && kill "$fake_pid" 2>/dev/null; wait 2>/dev/null'

# the fake AWS services, in front of s3rver
FAKE_AWS_KEY=$A_AWS_ACCESS_KEY_ID FAKE_AWS_SECRET=$A_AWS_SECRET_ACCESS_KEY \
	python3 "$top/tests/tools/fake_aws.py" --lifetime 5 --upstream "$ep" \
	--source-key "$src_key" --tokens "$work/tokens" >"$work/fake.out" 2>"$work/fake.err" &
fake_pid=$!
for _ in $(seq 1 50); do
	grep -q '^PORT ' "$work/fake.out" 2>/dev/null && break
	sleep 0.1
done
fake="http://127.0.0.1:$(sed -n 's/^PORT //p' "$work/fake.out")"
[ "$fake" != "http://127.0.0.1:" ] || { bad "fake_aws.py did not start: $(cat "$work/fake.err")"; finish; }
stat() { curl -s "$fake/_stats" | python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }

cat >"$work/proc.sh" <<'EOF'
case "$1" in
ok) printf '{"Version": 1, "AccessKeyId": "%s", "SecretAccessKey": "%s", "SessionToken": "%s", "Expiration": "%s"}\n' \
	"$PROC_AK" "$PROC_SK" "$PROC_TOKEN" "$(date -u -d '+1 hour' +%Y-%m-%dT%H:%M:%SZ)" ;;
fail) printf '{"Version": 1, "AccessKeyId": "%s", "SecretAccessKey": "%s"}\n' "$PROC_AK" "$PROC_SK"
	echo "proc.sh: refused on purpose" >&2
	exit 3 ;;
esac
EOF
cat >"$work/config" <<EOF
[profile bench]
region = eu-west-3
endpoint_url = http://127.0.0.1:9
services = bench-svc

[services bench-svc]
s3 =
  endpoint_url = $ep

[profile flat]
region = ap-south-1
endpoint_url = $ep

[profile proc]
credential_process = sh $work/proc.sh ok

[profile procfail]
credential_process = sh $work/proc.sh fail

[profile role]
role_arn = arn:aws:iam::123456789012:role/s3bench
source_profile = src
region = us-west-2
services = fake-svc

[services fake-svc]
sts =
  endpoint_url = $fake
s3 =
  endpoint_url = $fake

[profile sso]
sso_session = corp
sso_account_id = 123456789012
sso_role_name = Bench

[profile noendpoint]
region = eu-west-1
EOF
cat >"$work/credentials" <<EOF
[bench]
aws_access_key_id = $A_AWS_ACCESS_KEY_ID
aws_secret_access_key = $A_AWS_SECRET_ACCESS_KEY
[flat]
aws_access_key_id = $A_AWS_ACCESS_KEY_ID
aws_secret_access_key = $A_AWS_SECRET_ACCESS_KEY
[noendpoint]
aws_access_key_id = $A_AWS_ACCESS_KEY_ID
aws_secret_access_key = $A_AWS_SECRET_ACCESS_KEY
[src]
aws_access_key_id = $src_key
aws_secret_access_key = srcsecret$rnd
EOF

# cenv CMD...: CMD with no AWS_* variable of the caller, the files above, metadata off
cenv() {
	env -u AWS_ACCESS_KEY_ID -u AWS_SECRET_ACCESS_KEY -u AWS_SESSION_TOKEN -u AWS_PROFILE \
		-u AWS_REGION -u AWS_DEFAULT_REGION -u AWS_ENDPOINT_URL -u AWS_ENDPOINT_URL_S3 \
		-u AWS_ENDPOINT_URL_STS -u AWS_EC2_METADATA_SERVICE_ENDPOINT HOME="$work/home" \
		AWS_CONFIG_FILE="$work/config" AWS_SHARED_CREDENTIALS_FILE="$work/credentials" \
		AWS_EC2_METADATA_DISABLED=true "$@"
}
n=0
# crun NAME [VAR=VALUE...] -- [FLAGS...]: a small put run in $outs/NAME, logs in $logs
crun() {
	local name=$1 vars=()
	shift
	while [ "$1" != "--" ]; do vars+=("$1"); shift; done
	shift
	n=$((n + 1))
	cenv env "${vars[@]}" "$collect" run --bucket "awsconf-$n" --op put --size 1KiB \
		--concurrency 1 --count 3 -o "$outs/$name" "$@" >"$logs/$name.out" 2>"$logs/$name.err"
}
# info NAME: "status endpoint region errors" of its run.json
info() {
	python3 - "$outs/$1/run.json" <<'PY' 2>/dev/null || echo "no run.json"
import json, sys
j = json.load(open(sys.argv[1]))
s = j["subject"]
print(j["status"], s["endpoint"], s["region"], (j.get("errors") or {}).get("count", 0))
PY
}
want() { # want NAME "TEXT": its info is TEXT
	local got
	got=$(info "$1" | cut -d' ' -f1-3)
	[ "$got" = "$2" ]
	check $? "$1: '$got' (want '$2')"
}

# ---------------------------------------------------------------- (a) endpoint and region
crun svc AWS_PROFILE=bench --
want svc "complete $ep eu-west-3"
crun flat AWS_PROFILE=flat --
want flat "complete $ep ap-south-1"
crun env_global AWS_PROFILE=flat AWS_ENDPOINT_URL=http://127.0.0.1:9 --
want env_global "failed http://127.0.0.1:9 ap-south-1"
crun env_s3 AWS_PROFILE=bench AWS_ENDPOINT_URL=http://127.0.0.1:9 AWS_ENDPOINT_URL_S3="$ep" --
want env_s3 "complete $ep eu-west-3"
crun flag AWS_PROFILE=bench AWS_ENDPOINT_URL_S3=http://127.0.0.1:9 -- --endpoint "$ep"
want flag "complete $ep eu-west-3"
crun default_region AWS_PROFILE=bench AWS_DEFAULT_REGION=us-west-1 --
want default_region "complete $ep us-west-1"
crun region AWS_PROFILE=bench AWS_DEFAULT_REGION=us-west-1 AWS_REGION=eu-north-1 --
want region "complete $ep eu-north-1"
crun region_flag AWS_PROFILE=bench AWS_REGION=eu-north-1 -- --region ca-central-1
want region_flag "complete $ep ca-central-1"
crun us_east AWS_ACCESS_KEY_ID="$A_AWS_ACCESS_KEY_ID" \
	AWS_SECRET_ACCESS_KEY="$A_AWS_SECRET_ACCESS_KEY" -- --endpoint "$ep"
want us_east "complete $ep us-east-1"
crun none AWS_PROFILE=sso --
grep -q 'run needs --endpoint' "$logs/none.err"
check $? "no endpoint anywhere: the usage error names where one may come from"

# ---------------------------------------------------------------- (b) credential_process
crun proc AWS_PROFILE=proc -- --endpoint "$ep"
want proc "complete $ep us-east-1"
crun procfail AWS_PROFILE=procfail -- --endpoint "$ep"
grep -q 'credential_process of profile procfail: the command failed (exit status 3)' \
	"$outs/procfail/run.json"
check $? "a failing credential_process: run.json names the profile and the exit status"
grep -q 'refused on purpose' "$logs/procfail.err"
check $? "its stderr reaches ours, as the AWS CLI's"

# ---------------------------------------------------------------- (c) role_arn
before=$(stat assume_role)
crun role AWS_PROFILE=role --
want role "complete $fake us-west-2"
[ "$(stat assume_role)" -gt "$before" ] && [ "$(stat expired)" -eq 0 ]
check $? "role_arn + source_profile: AssumeRole at the services sts endpoint, its token accepted"
sed -i "s/^aws_access_key_id = $src_key/aws_access_key_id = WRONG$src_key/" "$work/credentials"
crun role_bad AWS_PROFILE=role --
grep -q 'AssumeRole arn:aws:iam::123456789012:role/s3bench at .*HTTP 403 InvalidClientTokenId' \
	"$outs/role_bad/run.json"
check $? "a refused AssumeRole: the run fails with STS's code, naming the role"
sed -i "s/^aws_access_key_id = WRONG$src_key/aws_access_key_id = $src_key/" "$work/credentials"

# RGW's own STS: a private RGW started with S3B_RGW_STS=1 (rgw sts key, rgw s3 auth use sts;
# tests/run's RGW runs without, see tests/servers/radosgw/start), a role for its user,
# AssumeRole at RGW, RGW's session token on every request of the run (its temporary keys
# work only with that token)
if envs=$(S3B_RGW_STS=1 "$top/tests/servers/radosgw/start" 2>"$logs/rgw-start.log"); then
	eval "$(printf '%s\n' "$envs" | sed -n 's/^export \([A-Z][A-Z0-9_]*\)=/export STS_\1=/p')"
	at_exit "\"\$top/tests/servers/radosgw/stop\" '$STS_S3_SERVER_DIR' >/dev/null 2>&1"
	RGW_S3_ENDPOINT=$STS_S3_ENDPOINT RGW_S3_SERVER_DIR=$STS_S3_SERVER_DIR
	RGW_AWS_ACCESS_KEY_ID=$STS_AWS_ACCESS_KEY_ID RGW_AWS_SECRET_ACCESS_KEY=$STS_AWS_SECRET_ACCESS_KEY
else
	RGW_S3_ENDPOINT="" RGW_S3_SERVER_DIR=""
	RGW_AWS_SECRET_ACCESS_KEY=""
fi
rgw_role() {
	local conf="$RGW_S3_SERVER_DIR/ceph.conf"
	timeout 60 radosgw-admin -c "$conf" role get --role-name=s3bench-awsconf >/dev/null 2>&1 ||
		timeout 60 radosgw-admin -c "$conf" role create --role-name=s3bench-awsconf --path=/ \
			--assume-role-policy-doc='{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":["arn:aws:iam:::user/s3bench"]},"Action":["sts:AssumeRole"]}]}' \
			>"$logs/rgw-role.log" 2>&1 &&
		timeout 60 radosgw-admin -c "$conf" role-policy put --role-name=s3bench-awsconf \
			--policy-name=all \
			--policy-doc='{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:*"],"Resource":["arn:aws:s3:::*"]}]}' \
			>>"$logs/rgw-role.log" 2>&1
}
if [ -n "${RGW_S3_ENDPOINT:-}" ] && [ -n "${RGW_S3_SERVER_DIR:-}" ] && rgw_role; then
	cat >>"$work/config" <<EOF
[profile rgwrole]
role_arn = arn:aws:iam:::role/s3bench-awsconf
source_profile = rgwsrc
duration_seconds = 900
services = rgw-svc
[services rgw-svc]
sts =
  endpoint_url = $RGW_S3_ENDPOINT
s3 =
  endpoint_url = $RGW_S3_ENDPOINT
EOF
	printf '[rgwsrc]\naws_access_key_id = %s\naws_secret_access_key = %s\n' \
		"$RGW_AWS_ACCESS_KEY_ID" "$RGW_AWS_SECRET_ACCESS_KEY" >>"$work/credentials"
	crun rgwrole AWS_PROFILE=rgwrole --
	want rgwrole "complete $RGW_S3_ENDPOINT us-east-1"
	sed -i 's#^role_arn = arn:aws:iam:::role/s3bench-awsconf#role_arn = arn:aws:iam:::role/s3bench-none#' "$work/config"
	crun rgwnorole AWS_PROFILE=rgwrole --
	grep -q 'AssumeRole arn:aws:iam:::role/s3bench-none at .*HTTP 404 NoSuchEntity' "$outs/rgwnorole/run.json"
	check $? "RGW's STS: a role that does not exist fails the run with RGW's answer"
else
	bad "no RGW with STS ($(tail -n 2 "$logs/rgw-start.log" "$logs/rgw-role.log" 2>/dev/null | tr '\n' ' '))"
fi

# ---------------------------------------------------------------- (d) SSO
crun sso AWS_PROFILE=sso -- --endpoint "$ep"
grep -q 'profile sso is an SSO (IAM Identity Center) profile, which s3bench does not support' \
	"$outs/sso/run.json"
check $? "an SSO profile: refused, saying so"

# ---------------------------------------------------------------- (e) instance metadata
imds() { # imds NAME [VAR=VALUE...] -- FLAGS: a run with the metadata service on
	local name=$1 vars=()
	shift
	while [ "$1" != "--" ]; do vars+=("$1"); shift; done
	shift
	cenv env -u AWS_EC2_METADATA_DISABLED AWS_EC2_METADATA_SERVICE_ENDPOINT="$fake" \
		"${vars[@]}" "$collect" run --bucket awsconf-imds --endpoint "$fake" \
		-o "$outs/$name" "$@" >"$logs/$name.out" 2>"$logs/$name.err"
}
c0=$(stat credentials)
t0=$(date +%s)
imds refresh -- --op get --size 4KiB --objects 4 --concurrency 2 --duration 12s
info refresh >"$work/refresh.txt"
c1=$(stat credentials)
read -r st _ _ errs <"$work/refresh.txt"
[ "$st" = complete ] && [ "$errs" = 0 ] && [ "$(stat expired)" -eq 0 ] && [ $((c1 - c0)) -ge 4 ]
check $? "5-second instance credentials over a $(($(date +%s) - t0))-second run: $st, $errs errors, fetched $((c1 - c0)) times, none expired"
# the control: the same kind of keys, taken once (no refresh), expire during the run
tok=$(curl -s -X PUT -H 'X-aws-ec2-metadata-token-ttl-seconds: 60' "$fake/latest/api/token")
curl -s -H "X-aws-ec2-metadata-token: $tok" \
	"$fake/latest/meta-data/iam/security-credentials/s3bench-test-role" >"$work/once.json"
export ONCE_TOKEN
ONCE_TOKEN=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["Token"])' "$work/once.json")
imds expire AWS_ACCESS_KEY_ID="$A_AWS_ACCESS_KEY_ID" AWS_SECRET_ACCESS_KEY="$A_AWS_SECRET_ACCESS_KEY" \
	AWS_SESSION_TOKEN="$ONCE_TOKEN" -- --op get --size 4KiB --objects 4 --concurrency 2 --duration 12s
grep -q ExpiredToken "$outs/expire/run.json" && [ "$(stat expired)" -gt 0 ]
check $? "the control: fixed keys of 5 seconds get ExpiredToken in the same run"
rm -f "$work/once.json"
tk=$(stat tokens)
crun disabled AWS_EC2_METADATA_SERVICE_ENDPOINT="$fake" -- --endpoint "$fake"
[ "$(stat tokens)" -eq "$tk" ] && grep -q 'no such file\|no profile' "$outs/disabled/run.json"
check $? "AWS_EC2_METADATA_DISABLED=true: the metadata service is never asked"
# a metadata service that accepts connections and never answers
python3 -c 'import socket,time; s=socket.socket(); s.bind(("127.0.0.1",0)); s.listen(8); print(s.getsockname()[1], flush=True); time.sleep(60)' >"$work/hole.port" &
hole=$!
at_exit "kill $hole 2>/dev/null"
sleep 0.5
t0=$(date +%s%N)
cenv env -u AWS_EC2_METADATA_DISABLED AWS_EC2_METADATA_SERVICE_ENDPOINT="http://127.0.0.1:$(cat "$work/hole.port")" \
	"$collect" run --bucket awsconf-hole --endpoint "$ep" --op put --size 1KiB --concurrency 1 \
	--count 1 -o "$outs/hole" >"$logs/hole.out" 2>"$logs/hole.err"
ms=$((($(date +%s%N) - t0) / 1000000))
kill $hole 2>/dev/null
[ "$ms" -lt 6000 ] && grep -q 'instance metadata\|api/token' "$outs/hole/run.json"
check $? "a silent metadata service: the run fails after ${ms} ms (one second per request)"

# ---------------------------------------------------------------- (f) campaign subjects
cat >"$work/c.ini" <<EOF
[campaign]
name = awsconf
cycles = 1
[matrix]
ops = put
sizes = 1KiB
concurrency = 1
count = 3
timeout = 60s
[subject bench]
bucket = awsconf-c1
profile = bench
[subject own]
endpoint = $ep
region = sa-east-1
bucket = awsconf-c2
profile = flat
EOF
cenv "$collect" "$work/c.ini" -o "$outs/campaign" >"$logs/campaign.out" 2>"$logs/campaign.err"
check $? "campaign with profile subjects exits 0: $(tail -n 2 "$logs/campaign.err")"
python3 - "$outs/campaign" "$ep" <<'PY' >"$work/camp.txt"
import glob, json, sys
got = {}
for f in glob.glob(sys.argv[1] + "/runs/*/*/*/run.json"):
    j = json.load(open(f))
    got[j["subject"]["id"]] = (j["status"], j["subject"]["endpoint"], j["subject"]["region"])
want = {"bench": ("complete", sys.argv[2], "eu-west-3"), "own": ("complete", sys.argv[2], "sa-east-1")}
print(got)
sys.exit(0 if got == want else 1)
PY
check $? "the profile fills in endpoint and region; the subject's own keys win: $(cat "$work/camp.txt")"
sed -e 's/^profile = bench/profile = noendpoint/' "$work/c.ini" >"$work/c2.ini"
cenv "$collect" "$work/c2.ini" -o "$outs/campaign2" --dry-run >"$logs/campaign2.out" 2>"$logs/campaign2.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'c2.ini:[0-9]*: \[subject bench\]: needs endpoint.*profile noendpoint in .*config has no endpoint_url' "$logs/campaign2.err"
check $? "a profile without endpoint_url: the campaign is refused naming it (exit $rc): $(cat "$logs/campaign2.err")"

# ---------------------------------------------------------------- (g) no secret anywhere
mkdir -p "$work/expanded"
i=0
while IFS= read -r -d '' z; do
	i=$((i + 1))
	zstd -dcq "$z" >"$work/expanded/ops.$i.tsv"
done < <(find "$outs" -name '*.zst' -print0)
needles=("$A_AWS_SECRET_ACCESS_KEY" "$A_AWS_ACCESS_KEY_ID" ${RGW_AWS_SECRET_ACCESS_KEY:+"$RGW_AWS_SECRET_ACCESS_KEY"} "$PROC_TOKEN" "srcsecret$rnd" "$ONCE_TOKEN")
mapfile -t issued <"$work/tokens"
found=""
for s in "${needles[@]}" "${issued[@]}"; do
	hits=$(grep -r -a -l -F -- "$s" "$outs" "$work/expanded" "$logs" 2>/dev/null | head -n 3)
	[ -z "$hits" ] || found="$found $hits"
done
[ -z "$found" ] && [ "${#issued[@]}" -ge 6 ]
check $? "no key, no token (${#issued[@]} issued) in any output, log or message:$found"

finish
