#!/usr/bin/env bash
# tests/e2e/collect_creds.sh: temporary credentials during a run (docs/METHODOLOGY.md,
# "Credentials"), against nginx (NGINX_S3_ENDPOINT from tests/run, else a private one; it
# checks no signature, so what is measured is the collector's own handling of the keys):
#   1. a credential_process whose keys live 20 s and which takes 3 s to answer again: a
#      14-s PUT run's keys are fetched again by the client's refresher about 10 s in (half
#      their life), the fetch taking 3 s; no worker waits for it (no gap over 1 s between a
#      worker's requests); run.json's credentials records the first fetch and each refresh
#      (when, how long, from where, the new keys' expiry);
#   2. the same process hanging on its second call, stopped after
#      S3BENCH_CREDENTIAL_PROCESS_TIMEOUT=2 s: the refreshes fail (logged, the old keys
#      signing on), and once the keys expire (8 s) the run fails with class auth and the
#      reason (expired at, the last refresh's error); the hung process is gone;
#   3. web identity (AWS_WEB_IDENTITY_TOKEN_FILE + AWS_ROLE_ARN, as on EKS) against
#      tests/tools/fake_aws.py's STS (AssumeRoleWithWebIdentity) and its S3 front, which
#      refuses a session token it did not issue: the run is signed with the keys STS gave
#      (tokens forwarded, none refused), fetched again before they expire (6-s keys, a 9-s
#      run); it comes before the shared credentials file (botocore's order); a wrong token
#      fails the run with STS's answer, never the token;
#   4. container credentials (AWS_CONTAINER_CREDENTIALS_FULL_URI with
#      AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE, or AWS_CONTAINER_AUTHORIZATION_TOKEN, as on
#      ECS and EKS Pod Identity) from the fake: used, before the instance metadata service
#      (never asked); a wrong token fails with HTTP 401; an http URL to another host than
#      the loopback and the link-local endpoints is refused naming the variable; keys in
#      the environment come first.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
[ -x "$collect" ] || { bad "no $collect (make)"; finish; }
nginx_bucket creds
unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN AWS_PROFILE
export AWS_REGION=us-east-1 HOME=$tmp/home AWS_SHARED_CREDENTIALS_FILE=$tmp/none
mkdir -p "$HOME"
mark="s3bench-creds-$$"

# proc.sh LIFE SLOW: the first call answers at once, later ones after SLOW seconds ("hang":
# never); keys living LIFE seconds
cat >"$tmp/proc.sh" <<EOF
#!/bin/sh
n=\$(cat "$tmp/calls" 2>/dev/null || echo 0)
n=\$((n + 1))
echo "\$n" >"$tmp/calls"
if [ "\$n" -gt 1 ]; then
	case "\$2" in
	hang) exec sleep 31 ;; # $mark
	*) sleep "\$2" ;;
	esac
fi
printf '{"Version": 1, "AccessKeyId": "AKIDPROC", "SecretAccessKey": "procsecret", "SessionToken": "proctoken", "Expiration": "%s"}\n' \\
	"\$(date -u -d "+\$1 seconds" +%Y-%m-%dT%H:%M:%SZ)"
EOF
chmod +x "$tmp/proc.sh"
# profile LIFE SLOW: AWS_CONFIG_FILE with a profile p running proc.sh LIFE SLOW
profile() {
	rm -f "$tmp/calls"
	printf '[profile p]\ncredential_process = %s %s %s\n' "$tmp/proc.sh" "$1" "$2" >"$tmp/config"
}
# gaps DIR: the longest pause between two requests of one worker (s), from the ops log
gaps() {
	python3 - "$1/ops.tsv.zst" <<'PY'
import datetime, subprocess, sys
def ns(s):
    base, _, frac = s.rstrip("Z").partition(".")
    t = datetime.datetime.strptime(base, "%Y-%m-%dT%H:%M:%S")
    return int(t.replace(tzinfo=datetime.timezone.utc).timestamp()) * 10**9 + \
        int((frac + "000000000")[:9])
txt = subprocess.run(["zstd", "-dc", sys.argv[1]], capture_output=True,
                     text=True).stdout.splitlines()
head = txt[0].split("\t")
by = {}
for l in txt[1:]:
    r = dict(zip(head, l.split("\t")))
    by.setdefault(r["thread"], []).append((ns(r["start"]), ns(r["end"])))
g = 0
for rs in by.values():
    rs.sort()
    g = max([g] + [(b[0] - a[1]) / 1e9 for a, b in zip(rs, rs[1:])])
print("%.3f" % g)
PY
}
crun() {
	local tag=$1
	shift
	AWS_CONFIG_FILE=$tmp/config AWS_PROFILE=p "$@" "$collect" run --endpoint "$endpoint" \
		--bucket "$bucket" --path-style --op put --size 4KiB --concurrency 2 -o "$tmp/$tag" \
		--duration "$DUR" >"$tmp/$tag.out" 2>&1
}

# 1. a slow refresh, off the workers
profile 20 3
DUR=14s crun slow env
check $? "a 14-s run on 20-s keys from a slow credential_process: complete" "$(tail -n 3 "$tmp/slow.out")"
gap=$(gaps "$tmp/slow")
awk -v g="$gap" 'BEGIN { exit !(g < 1.0) }'
check $? "no worker waited for the 3-s refresh (longest pause between a worker's requests ${gap} s)"
fig=$(jq -c '.credentials | [.source, .refreshes, .failed, .log[0].ok, (.log[0].took_ms >= 2900),
	((.log[0].at | sub("\\.[0-9]+Z$"; "Z") | fromdate) - (.fetched | sub("\\.[0-9]+Z$"; "Z") | fromdate)),
	(.log[0].expires != null), (.expires != null)]' "$tmp/slow/run.json")
echo "    credentials: $fig"
python3 - "$fig" <<'PY'
import json, sys
f = json.loads(sys.argv[1])
ok = f[0] == "credential_process of profile p" and f[1] >= 1 and f[2] == 0 and f[3] is True \
    and f[4] is True and 8 <= f[5] <= 12 and f[6] and f[7]
sys.exit(0 if ok else 1)
PY
check $? "run.json credentials: the first fetch, a refresh about 10 s later that took 3 s, its source and expiry" \
	"$(jq -c .credentials "$tmp/slow/run.json")"
! grep -q "procsecret\|proctoken" "$tmp/slow/run.json" "$tmp/slow.out"
check $? "no key or token in run.json or the printout"

# 2. a refresh that hangs, stopped; the keys expire; the run fails as auth
profile 8 hang
DUR=20s crun hang env S3BENCH_CREDENTIAL_PROCESS_TIMEOUT=2
st=$?
fig=$(jq -c '[.status, .errors.class, .credentials.failed, (.credentials.log | map(.ok) | any)]' \
	"$tmp/hang/run.json" 2>/dev/null)
[ "$st" -ne 0 ] && [ "$fig" = '["failed","auth",'"$(jq .credentials.failed "$tmp/hang/run.json")"',false]' ] &&
	[ "$(jq .credentials.failed "$tmp/hang/run.json")" -ge 1 ]
check $? "keys that could not be refreshed: the run fails with class auth (exit $st, $fig)" \
	"$(jq -c '[.errors, .credentials]' "$tmp/hang/run.json")"
jq -r '.errors.first[]' "$tmp/hang/run.json" |
	grep -q "credentials (credential_process of profile p) expired at .*; the last refresh failed: credential_process of profile p: no answer within 2 s (the command was stopped)"
check $? "the reason: when they expired and why the last refresh failed" "$(jq -c .errors.first "$tmp/hang/run.json")"
elapsed=$(jq '.wrapper.elapsed_s' "$tmp/hang/run.json")
awk -v t="$elapsed" 'BEGIN { exit !(t < 18) }'
check $? "the run ended soon after the keys expired (${elapsed} s, not its 20-s duration)"
sleep 0.5
! pgrep -f "sleep 31" >/dev/null
check $? "the hung credential_process was stopped (no 'sleep 31' left)"

# the fake AWS services (STS, container endpoint, an S3 front before nginx)
webtok="s3bench-web-token-$RANDOM$RANDOM"
ctok="s3bench-container-token-$RANDOM$RANDOM"
FAKE_AWS_KEY=AKIDFAKE FAKE_AWS_SECRET=fakesecret FAKE_AWS_WEB_TOKEN=$webtok \
	FAKE_AWS_CONTAINER_TOKEN=$ctok python3 "$top/tests/tools/fake_aws.py" --lifetime 6 \
	--upstream "$endpoint" --tokens "$tmp/tokens" >"$tmp/fake.out" 2>"$tmp/fake.err" &
stop_at_exit $!
for _ in $(seq 1 50); do
	grep -q '^PORT ' "$tmp/fake.out" 2>/dev/null && break
	sleep 0.1
done
fake="http://127.0.0.1:$(sed -n 's/^PORT //p' "$tmp/fake.out")"
fstat() { curl -s "$fake/_stats" | python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
printf '%s\n' "$webtok" >"$tmp/web.token"
printf '%s' "$ctok" >"$tmp/container.token"
# frun TAG ENV...: a 9-s PUT run through the fake's S3 front with only ENV's credentials
frun() {
	local tag=$1
	shift
	env -u AWS_PROFILE -u AWS_CONFIG_FILE AWS_SHARED_CREDENTIALS_FILE="$tmp/shared" "$@" \
		"$collect" run --endpoint "$fake" --bucket "$bucket" --path-style --op put \
		--size 4KiB --concurrency 2 --duration 9s -o "$tmp/$tag" >"$tmp/$tag.out" 2>&1
}
printf '[default]\naws_access_key_id = AKIDSHARED\naws_secret_access_key = sharedsecret\n' \
	>"$tmp/shared"

# 3. web identity
role=arn:aws:iam::123456789012:role/s3bench-bench
f0=$(fstat forwarded) i0=$(fstat invalid)
frun web AWS_WEB_IDENTITY_TOKEN_FILE="$tmp/web.token" AWS_ROLE_ARN=$role \
	AWS_ROLE_SESSION_NAME=bench AWS_ENDPOINT_URL_STS="$fake"
check $? "web identity: the run completes" "$(tail -n 3 "$tmp/web.out")"
fig=$(jq -c '[.credentials.source, .credentials.refreshes >= 1, .credentials.failed]' "$tmp/web/run.json")
[ "$fig" = '["web identity, role '"$role"' (token file '"$tmp"'/web.token)",true,0]' ]
check $? "web identity: before the shared credentials file's [default]; fetched again before expiry ($fig)" \
	"$(jq -c .credentials "$tmp/web/run.json")"
[ "$(fstat web_identity)" -ge 2 ] && [ "$(fstat forwarded)" -gt "$f0" ] && [ "$(fstat invalid)" = "$i0" ] &&
	[ "$(fstat expired)" = 0 ]
check $? "web identity: requests signed with STS's session token (forwarded $(($(fstat forwarded) - f0)), refused none; $(fstat web_identity) AssumeRoleWithWebIdentity)"
printf 'not-the-token\n' >"$tmp/bad.token"
frun webbad AWS_WEB_IDENTITY_TOKEN_FILE="$tmp/bad.token" AWS_ROLE_ARN=$role AWS_ENDPOINT_URL_STS="$fake"
st=$?
[ $st -ne 0 ] && [ "$(jq -r .errors.class "$tmp/webbad/run.json")" = auth ] &&
	jq -r '.errors.first[0]' "$tmp/webbad/run.json" |
	grep -q "web identity: AssumeRoleWithWebIdentity $role at $fake: HTTP 400 InvalidIdentityToken: Token is not valid" &&
	! grep -rq "not-the-token\|$webtok" "$tmp/webbad" "$tmp/webbad.out" "$tmp/web" "$tmp/web.out"
check $? "web identity with a wrong token: class auth, STS's answer, no token in any output" \
	"$(jq -c .errors "$tmp/webbad/run.json")"

# 4. container credentials
t0=$(fstat tokens) c0=$(fstat container) f0=$(fstat forwarded) i0=$(fstat invalid)
frun cont AWS_CONTAINER_CREDENTIALS_FULL_URI="$fake/container/v2/creds" \
	AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE="$tmp/container.token" \
	AWS_SHARED_CREDENTIALS_FILE="$tmp/none" AWS_EC2_METADATA_DISABLED=false \
	AWS_EC2_METADATA_SERVICE_ENDPOINT="$fake"
check $? "container credentials (token file): the run completes" "$(tail -n 3 "$tmp/cont.out")"
[ "$(jq -r .credentials.source "$tmp/cont/run.json")" = "container credentials at $fake/container/v2/creds" ] &&
	[ "$(fstat container)" -gt "$c0" ] && [ "$(fstat tokens)" = "$t0" ] &&
	[ "$(fstat forwarded)" -gt "$f0" ] && [ "$(fstat invalid)" = "$i0" ]
check $? "container credentials: used ($(($(fstat container) - c0)) fetches), before the instance metadata service (not asked)" \
	"$(jq -c .credentials "$tmp/cont/run.json")"
frun cont2 AWS_CONTAINER_CREDENTIALS_FULL_URI="$fake/container/v2/creds" \
	AWS_CONTAINER_AUTHORIZATION_TOKEN="$ctok" AWS_SHARED_CREDENTIALS_FILE="$tmp/none"
check $? "container credentials (AWS_CONTAINER_AUTHORIZATION_TOKEN): the run completes" "$(tail -n 3 "$tmp/cont2.out")"
frun contbad AWS_CONTAINER_CREDENTIALS_FULL_URI="$fake/container/v2/creds" \
	AWS_CONTAINER_AUTHORIZATION_TOKEN=wrong AWS_SHARED_CREDENTIALS_FILE="$tmp/none"
[ $? -ne 0 ] && jq -r '.errors.first[0]' "$tmp/contbad/run.json" |
	grep -q "container credentials at $fake/container/v2/creds: HTTP 401"
check $? "container credentials with a wrong token: HTTP 401" "$(jq -c .errors "$tmp/contbad/run.json")"
frun contfar AWS_CONTAINER_CREDENTIALS_FULL_URI="http://192.0.2.1/creds" AWS_SHARED_CREDENTIALS_FILE="$tmp/none"
[ $? -ne 0 ] && jq -r '.errors.first[0]' "$tmp/contfar/run.json" |
	grep -q "AWS_CONTAINER_CREDENTIALS_FULL_URI: 'http://192.0.2.1/creds': over http only a loopback address"
check $? "container credentials over http to another host: refused, naming the variable" "$(jq -c .errors "$tmp/contfar/run.json")"
c0=$(fstat container)
frun contenv AWS_CONTAINER_CREDENTIALS_FULL_URI="$fake/container/v2/creds" \
	AWS_CONTAINER_AUTHORIZATION_TOKEN="$ctok" AWS_ACCESS_KEY_ID=AKIDENV AWS_SECRET_ACCESS_KEY=envsecret
[ "$(jq -r .credentials.source "$tmp/contenv/run.json")" = environment ] && [ "$(fstat container)" = "$c0" ]
check $? "keys in the environment come before container credentials" "$(jq -c .credentials "$tmp/contenv/run.json")"
! grep -rq "$ctok" "$tmp"/cont "$tmp"/cont2 "$tmp"/contbad "$tmp"/contenv "$tmp"/cont*.out
check $? "no container token in any output"
finish
