#!/usr/bin/env bash
# tests/e2e/servers.sh: end-to-end checks of the local test servers that tests/run started
# (S3RVER_*, RGW_*, NGINX_* variables: S3_ENDPOINT, AWS_ACCESS_KEY_ID,
# AWS_SECRET_ACCESS_KEY, AWS_REGION, S3_SERVER_DIR), with curl's SigV4 signing:
#   s3rver, radosgw: signed ListBuckets, create bucket, PUT, GET equals, wrong secret ->
#                    403 SignatureDoesNotMatch, a truncated ListObjectsV2 and its next page;
#                    radosgw: wrong payload hash -> 400
#   nginx:           PUT (201, overwrite 204), GET equals, DELETE, then 404
#   lifecycle:       a second s3rver and a second nginx are started and stopped: only the
#                    contract lines on stdout, no secret in logs, stop kills exactly the
#                    recorded PIDs and removes the state dir, the first instance still answers,
#                    stop is idempotent and refuses a missing argument.
# Cases of a server whose variables are absent are skipped. Prints
# "N passed, N failed[, N skipped]"; exits 1 on any failure.
. "$(dirname "$0")/lib.sh"
work=$tmp

# s3curl ENDPOINT KEY SECRET CURL-ARGS...: a SigV4-signed request (payload unsigned);
# the credentials reach curl through a config on a pipe, not its command line.
s3curl() {
	local ep=$1 key=$2 secret=$3
	shift 3
	curl -s --max-time 60 --aws-sigv4 "aws:amz:us-east-1:s3" \
		-K <(printf 'user = "%s:%s"\n' "$key" "$secret") "$@"
}

# urlencode TEXT: RFC 3986 percent-encoding, uppercase hex (as SigV4 canonicalizes it).
urlencode() {
	local LC_ALL=C s=$1 out="" c i
	for ((i = 0; i < ${#s}; i++)); do
		c=${s:i:1}
		case "$c" in
		[A-Za-z0-9._~-]) out+=$c ;;
		*) out+=$(printf '%%%02X' "'$c") ;;
		esac
	done
	printf '%s' "$out"
}

# proc_alive PID STARTTIME: the very process recorded still runs (not a zombie).
proc_alive() {
	local s
	s=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	s=${s##*) }
	set -- "$2" $s
	[ "$2" != Z ] && [ "${21}" = "$1" ]
}

head -c 1048576 /dev/urandom >"$work/body1m"
head -c 70000 /dev/urandom >"$work/body70k"

# s3_cases PREFIX LABEL STRICT: the S3 cases against one server (STRICT=1: payload hash too).
s3_cases() {
	local pre=$1 label=$2 strict=$3 n=9
	[ "$strict" = 1 ] && n=10
	local epv=${pre}_S3_ENDPOINT keyv=${pre}_AWS_ACCESS_KEY_ID secv=${pre}_AWS_SECRET_ACCESS_KEY
	if [ -z "${!epv:-}" ] || [ -z "${!keyv:-}" ] || [ -z "${!secv:-}" ]; then
		skip "$n" "$label not started (no ${pre}_S3_ENDPOINT)"
		return
	fi
	local ep=${!epv} key=${!keyv} secret=${!secv} h='x-amz-content-sha256: UNSIGNED-PAYLOAD'
	local bucket="s3bench-e2e-$(date +%s)-$RANDOM" code body
	code=$(s3curl "$ep" "$key" "$secret" -H "$h" -o "$work/list" -w '%{http_code}' "$ep/")
	[ "$code" = 200 ]
	check $? "$label: signed ListBuckets gives 200 (got $code)"
	code=$(s3curl "$ep" "$key" "$secret" -H "$h" -X PUT -o "$work/out" -w '%{http_code}' "$ep/$bucket")
	[ "$code" = 200 ]
	check $? "$label: create bucket gives 200 (got $code: $(head -c 300 "$work/out"))"
	code=$(s3curl "$ep" "$key" "$secret" -H "$h" -T "$work/body1m" -o "$work/out" -w '%{http_code}' "$ep/$bucket/dir/obj%20one")
	[ "$code" = 200 ]
	check $? "$label: PUT 1 MiB gives 200 (got $code: $(head -c 300 "$work/out"))"
	s3curl "$ep" "$key" "$secret" -H "$h" -o "$work/got" "$ep/$bucket/dir/obj%20one"
	cmp -s "$work/got" "$work/body1m"
	check $? "$label: GET returns the bytes PUT"
	code=$(s3curl "$ep" "$key" "wrong-$secret" -H "$h" -o "$work/out" -w '%{http_code}' "$ep/$bucket/dir/obj%20one")
	[ "$code" = 403 ]
	check $? "$label: wrong secret gives 403 (got $code)"
	grep -q SignatureDoesNotMatch "$work/out"
	check $? "$label: wrong secret body names SignatureDoesNotMatch ($(head -c 200 "$work/out"))"
	# A truncated ListObjectsV2 and its next page (s3rver needs --openssl-legacy-provider).
	s3curl "$ep" "$key" "$secret" -H "$h" -T "$work/body70k" -o /dev/null "$ep/$bucket/second"
	code=$(s3curl "$ep" "$key" "$secret" -H "$h" -o "$work/page1" -w '%{http_code}' "$ep/$bucket?list-type=2&max-keys=1")
	local token
	token=$(sed -n 's/.*<NextContinuationToken>\([^<]*\)<.*/\1/p' "$work/page1")
	eval '[ "$code" = 200 ] && grep -q "<IsTruncated>true</IsTruncated>" "$work/page1" && [ -n "$token" ]'
	check $? "$label: ListObjectsV2 max-keys=1 gives a truncated page with a token (got $code: $(head -c 300 "$work/page1"))"
	code=$(s3curl "$ep" "$key" "$secret" -H "$h" -o "$work/page2" -w '%{http_code}' \
		"$ep/$bucket?continuation-token=$(urlencode "$token")&list-type=2&max-keys=1")
	eval '[ "$code" = 200 ] && grep -q "<Key>second</Key>" "$work/page2"'
	check $? "$label: the next page lists the other key (got $code: $(head -c 300 "$work/page2"))"
	s3curl "$ep" "$key" "$secret" -H "$h" -X DELETE -o /dev/null "$ep/$bucket/second"
	if [ "$strict" = 1 ]; then
		code=$(s3curl "$ep" "$key" "$secret" -H "x-amz-content-sha256: $(printf 'other' | sha256sum | cut -c1-64)" \
			-T "$work/body70k" -o "$work/out" -w '%{http_code}' "$ep/$bucket/hashed")
		eval '[ "$code" = 400 ] && grep -q XAmzContentSHA256Mismatch "$work/out"'
		check $? "$label: wrong payload hash gives 400 XAmzContentSHA256Mismatch (got $code: $(head -c 200 "$work/out"))"
	fi
	s3curl "$ep" "$key" "$secret" -H "$h" -X DELETE -o /dev/null "$ep/$bucket/dir/obj%20one"
	code=$(s3curl "$ep" "$key" "$secret" -H "$h" -X DELETE -o "$work/out" -w '%{http_code}' "$ep/$bucket")
	[ "$code" = 204 ]
	check $? "$label: DELETE object then bucket gives 204 (got $code: $(head -c 300 "$work/out"))"
}

nginx_cases() {
	if [ -z "${NGINX_S3_ENDPOINT:-}" ]; then
		skip 6 "nginx not started (no NGINX_S3_ENDPOINT)"
		return
	fi
	local ep=$NGINX_S3_ENDPOINT key="e2e-$RANDOM/deep/key" code
	code=$(curl -s --max-time 30 -T "$work/body1m" -o /dev/null -w '%{http_code}' "$ep/$key")
	[ "$code" = 201 ]
	check $? "nginx: PUT of a new key gives 201 (got $code)"
	curl -s --max-time 30 -o "$work/got" "$ep/$key"
	cmp -s "$work/got" "$work/body1m"
	check $? "nginx: GET returns the bytes PUT"
	cmp -s "${NGINX_S3_SERVER_DIR:-/nonexistent}/data/$key" "$work/body1m"
	check $? "nginx: the object lives in NGINX_S3_SERVER_DIR"
	code=$(curl -s --max-time 30 -T "$work/body70k" -o /dev/null -w '%{http_code}' "$ep/$key")
	[ "$code" = 204 ]
	check $? "nginx: PUT over an existing key gives 204 (got $code)"
	code=$(curl -s --max-time 30 -X DELETE -o /dev/null -w '%{http_code}' "$ep/$key")
	[ "$code" = 204 ]
	check $? "nginx: DELETE gives 204 (got $code)"
	code=$(curl -s --max-time 30 -o /dev/null -w '%{http_code}' "$ep/$key")
	[ "$code" = 404 ]
	check $? "nginx: GET after DELETE gives 404 (got $code)"
}

# lifecycle NAME PREFIX: start and stop a second instance of NAME next to the first.
lifecycle() {
	local name=$1 pre=$2 out rc lines dir ep key secret pidlines pid st alive_after=0 code
	local first_ep_v=${pre}_S3_ENDPOINT first_dir_v=${pre}_S3_SERVER_DIR first_key_v=${pre}_AWS_ACCESS_KEY_ID
	local first_sec_v=${pre}_AWS_SECRET_ACCESS_KEY uh="x-amz-content-sha256: UNSIGNED-PAYLOAD"
	out=$("$top/tests/servers/$name/start" 2>"$work/start-$name.err")
	rc=$?
	[ "$rc" = 0 ]
	check $? "$name lifecycle: second start exits 0 (got $rc: $(tail -n 5 "$work/start-$name.err"))"
	if [ "$rc" != 0 ]; then
		skip 10 "$name lifecycle: no second instance"
		return
	fi
	lines=$(printf '%s\n' "$out" | grep -c .)
	eval \
		'[ "$lines" = 5 ] && ! printf "%s\n" "$out" | grep -qv "^export [A-Z0-9_]*='"'"'[^'"'"']*'"'"'\$" && printf "%s\n" "$out" | sed "s/^export //" | cut -d= -f1 | tr "\n" " " | grep -qx "S3_ENDPOINT AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_REGION S3_SERVER_DIR "'
	check $? "$name lifecycle: stdout is exactly the 5 contract lines, export NAME='value'"
	# eval in a POSIX shell (dash) sets and exports them: a child process sees them
	ep=$(sh -c 'eval "$1"; sh -c '"'"'printf %s "$S3_ENDPOINT"'"'"'' sh "$out")
	key=$(sh -c 'eval "$1"; sh -c '"'"'printf %s "$AWS_ACCESS_KEY_ID"'"'"'' sh "$out")
	secret=$(sh -c 'eval "$1"; sh -c '"'"'printf %s "$AWS_SECRET_ACCESS_KEY"'"'"'' sh "$out")
	dir=$(sh -c 'eval "$1"; sh -c '"'"'printf %s "$S3_SERVER_DIR"'"'"'' sh "$out")
	eval \
		'[ -n "$ep" ] && [ -d "$dir" ] && [ "$ep" != "${!first_ep_v:-}" ] && [ "$dir" != "${!first_dir_v:-}" ]'
	check $? "$name lifecycle: a new endpoint and state dir ($ep, $dir)"
	if [ "$name" = s3rver ]; then
		eval \
			'[ ${#secret} -ge 20 ] && [ "$secret" != S3RVER ] && [ "$secret" != "${!first_sec_v:-}" ]'
		check $? "$name lifecycle: a fresh random secret, not the default"
		code=$(s3curl "$ep" "$key" "$secret" -H "$uh" -o /dev/null -w '%{http_code}' "$ep/")
		[ "$code" = 200 ]
		check $? "$name lifecycle: second instance answers a signed ListBuckets (got $code)"
		eval \
			'! grep -rqF -- "$secret" "$work/start-$name.err" $(find "$dir" -name "*.log")'
		check $? "$name lifecycle: the secret is in no log or stderr"
	else
		printf 'x' >"$work/x"
		code=$(curl -s -T "$work/x" -o /dev/null -w '%{http_code}' "$ep/k")
		[ "$code" = 201 ]
		check $? "$name lifecycle: second instance takes a PUT (got $code)"
		[ -s "$dir/children" ]
		check $? "$name lifecycle: workers recorded as children"
	fi
	pidlines=$(cat "$dir/pids" "$dir/children" 2>/dev/null)
	"$top/tests/servers/$name/stop" "$dir" 2>"$work/stop-$name.err"
	rc=$?
	[ "$rc" = 0 ]
	check $? "$name lifecycle: stop exits 0 (got $rc: $(tail -n 3 "$work/stop-$name.err"))"
	while read -r pid st _; do
		[ -n "$pid" ] && proc_alive "$pid" "$st" && alive_after=$((alive_after + 1))
	done <<<"$pidlines"
	eval '[ -n "$pidlines" ] && [ "$alive_after" = 0 ]'
	check $? "$name lifecycle: every recorded process is gone ($pidlines)"
	[ ! -e "$dir" ]
	check $? "$name lifecycle: the state dir is removed"
	code=$(curl -s --max-time 3 -o /dev/null -w '%{http_code}' "$ep/")
	[ "$code" = 000 ]
	check $? "$name lifecycle: nothing answers at $ep any more (got $code)"
	if [ -n "${!first_ep_v:-}" ]; then
		if [ "$name" = s3rver ]; then
			code=$(s3curl "${!first_ep_v}" "${!first_key_v}" "${!first_sec_v}" -H "$uh" -o /dev/null -w '%{http_code}' "${!first_ep_v}/")
		else
			code=$(curl -s -o /dev/null -w '%{http_code}' -T "$work/x" "${!first_ep_v}/lifecycle-probe")
			case "$code" in 201|204) code=200 ;; esac
		fi
		[ "$code" = 200 ]
		check $? "$name lifecycle: the first instance still answers (got $code)"
		local first_alive=0
		while read -r pid st _; do
			proc_alive "$pid" "$st" && first_alive=$((first_alive + 1))
		done <"${!first_dir_v}/pids"
		[ "$first_alive" -ge 1 ]
		check $? "$name lifecycle: the first instance's recorded processes still run"
	else
		skip 2 "$name lifecycle: no first instance to compare with"
	fi
	"$top/tests/servers/$name/stop" "$dir" 2>/dev/null
	rc=$?
	[ "$rc" = 0 ]
	check $? "$name lifecycle: a second stop of the same dir exits 0 (got $rc)"
	"$top/tests/servers/$name/stop" >/dev/null 2>&1
	rc=$?
	[ "$rc" != 0 ]
	check $? "$name lifecycle: stop without argument fails (got $rc)"
}

s3_cases S3RVER s3rver 0
s3_cases RGW radosgw 1
nginx_cases
lifecycle s3rver S3RVER
lifecycle nginx NGINX

finish
