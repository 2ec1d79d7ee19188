#!/usr/bin/env bash
# tests/e2e/security.sh: secrets, hostile XML and TLS verification.
#  (a) credentials: a small campaign against s3rver whose subjects take their keys from the
#      environment (with a session token), from a profile of a shared credentials file
#      (with aws_session_token), with a wrong secret and with an unknown access key id,
#      plus `collect run` with AWS_* variables, `collect --dry-run`, analyze and render
#      (HTML and PDF), and `collect run` with a credential_process and with instance
#      credentials (tests/tools/fake_aws.py, refreshed during the run): no secret key,
#      session token or access key id appears in any file
#      of the output trees (ops.tsv.zst decompressed, the PDF's text and uncompressed
#      objects) nor in the stdout/stderr of any of these commands;
#  (b) hostile XML: a python3 server on 127.0.0.1 answers every S3 request with an error
#      body carrying external entities (file:///etc/passwd, an http URL of its own), a DTD
#      with external parameter entities, a billion-laughs error body, and a billion-laughs
#      ListObjectsV2 body with an external-entity key: `collect run` finishes in seconds,
#      with a bounded maximum RSS, records a failed run, never fetches the DTD or entity
#      URLs, and no /etc/passwd content appears in run.json, ops.tsv.zst, its output or
#      the requests it sent (keys from a listing);
#  (c) TLS: nginx with a fresh self-signed certificate on a free 127.0.0.1 port:
#      `collect run` fails with class tls, succeeds with --insecure; in a campaign the
#      subject key `insecure = true` does the same per subject, and `collect --insecure`
#      for every subject.
. "$(dirname "$0")/collect_lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
bg_pids=()
nginx_pid_file=""

stop_bg() {
	local p
	for p in "${bg_pids[@]}"; do
		kill "$p" 2>/dev/null
	done
	for p in "${bg_pids[@]}"; do
		wait "$p" 2>/dev/null
	done
	bg_pids=()
	if [ -n "$nginx_pid_file" ] && [ -s "$nginx_pid_file" ]; then
		kill "$(cat "$nginx_pid_file")" 2>/dev/null
		for _ in $(seq 1 50); do
			[ -e "$nginx_pid_file" ] || break
			sleep 0.1
		done
	fi
	nginx_pid_file=""
}
at_exit stop_bg

for b in "$analyze" "$render"; do
	[ -x "$b" ] || { bad "no $b (make first)"; finish; }
done
logs="$work/logs"
mkdir -p "$logs"

# ---------------------------------------------------------------- (a) credentials
server_env SEC S3RVER || { bad "no s3 server"; finish; }
rnd=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
token="S3BENCHSESSIONTOKEN${rnd}"
bad_secret="S3BENCHBADSECRET${rnd}"
bad_key="AKIAS3BENCHBADKEY${rnd:0:6}"
export SEC_AWS_ACCESS_KEY_ID SEC_AWS_SECRET_ACCESS_KEY
export SEC_AWS_SESSION_TOKEN="$token"
export BADSEC_AWS_ACCESS_KEY_ID=$SEC_AWS_ACCESS_KEY_ID BADSEC_AWS_SECRET_ACCESS_KEY=$bad_secret
export BADSEC_AWS_SESSION_TOKEN="$token"
export BADKEY_AWS_ACCESS_KEY_ID=$bad_key BADKEY_AWS_SECRET_ACCESS_KEY=$SEC_AWS_SECRET_ACCESS_KEY
mkdir -p "$work/home"
printf '[sec]\naws_access_key_id = %s\naws_secret_access_key = %s\naws_session_token = %s\n' \
	"$SEC_AWS_ACCESS_KEY_ID" "$SEC_AWS_SECRET_ACCESS_KEY" "$token" >"$work/home/credentials"
export AWS_SHARED_CREDENTIALS_FILE="$work/home/credentials"
unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN AWS_PROFILE

cat >"$work/sec.ini" <<EOF
[campaign]
name = security
title = Security (end-to-end test)
cycles = 1
[matrix]
ops = put, get
sizes = 4KiB
concurrency = 2
count = 5
timeout = 60s
objects = 5
[head]
objects = 5
size = 4KiB
count = 5
[subject env]
endpoint = $SEC_S3_ENDPOINT
bucket = sec-env
credentials = env:SEC_AWS
[subject profile]
endpoint = $SEC_S3_ENDPOINT
bucket = sec-profile
profile = sec
[subject badsecret]
endpoint = $SEC_S3_ENDPOINT
bucket = sec-badsecret
credentials = env:BADSEC_AWS
[subject badkey]
endpoint = $SEC_S3_ENDPOINT
bucket = sec-badkey
credentials = env:BADKEY_AWS
EOF
outs="$work/outs"
mkdir -p "$outs"
"$collect" "$work/sec.ini" -o "$outs/campaign" --dry-run >"$logs/dryrun.out" 2>"$logs/dryrun.err"
# the checks before the first request name the bad keys (their output is scanned too);
# the campaign then runs without them, its bad subjects recorded as failed
"$collect" "$work/sec.ini" -o "$outs/campaign" --check >"$logs/check.out" 2>"$logs/check.err"
[ $? -eq 2 ] && grep -qF "[subject badsecret]: the keys are refused (HTTP 403 SignatureDoesNotMatch" "$logs/check.err"
check $? "collect --check names the wrong secret: $(cat "$logs/check.err")"
"$collect" "$work/sec.ini" -o "$outs/campaign" --no-preflight >"$logs/collect.out" 2>"$logs/collect.err"
rc=$?
[ "$rc" -eq 1 ]
check $? "campaign: exit 1 (the bad-credential subjects fail), got $rc"
python3 - "$outs/campaign" <<'PY' >"$work/sec_runs.txt"
import glob, json, os, sys
res = {}
for f in glob.glob(sys.argv[1] + "/runs/*/*/*/run.json"):
    j = json.load(open(f))
    res.setdefault(j["subject"]["id"], set()).add((j["status"], j["errors"]["class"], j["subject"]["credentials"]))
ok = (res.get("env") == {("complete", None, "env")} and res.get("profile") == {("complete", None, "profile")}
      and res.get("badsecret") == {("failed", "auth", "env")} and res.get("badkey") == {("failed", "auth", "env")})
print(sorted((k, sorted(v, key=str)) for k, v in res.items()))
sys.exit(0 if ok else 1)
PY
check $? "env and profile subjects (with session token) complete, wrong secret / key fail as auth: $(cat "$work/sec_runs.txt")"

AWS_ACCESS_KEY_ID=$SEC_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$SEC_AWS_SECRET_ACCESS_KEY \
	AWS_SESSION_TOKEN=$token "$collect" run --endpoint "$SEC_S3_ENDPOINT" --bucket sec-run \
	--op get --size 4KiB --concurrency 2 --count 5 --objects 5 -o "$outs/run-env" \
	>"$logs/run-env.out" 2>"$logs/run-env.err"
check $? "collect run with AWS_* variables and a session token exits 0"
AWS_PROFILE=sec "$collect" run --endpoint "$SEC_S3_ENDPOINT" --bucket sec-run --op put \
	--size 4KiB --concurrency 1 --count 5 -o "$outs/run-profile" \
	>"$logs/run-profile.out" 2>"$logs/run-profile.err"
check $? "collect run with AWS_PROFILE exits 0"
AWS_ACCESS_KEY_ID=$bad_key AWS_SECRET_ACCESS_KEY=$bad_secret AWS_SESSION_TOKEN=$token \
	"$collect" run --endpoint "$SEC_S3_ENDPOINT" --bucket sec-run --op put --size 4KiB \
	--concurrency 1 --count 5 -o "$outs/run-bad" >"$logs/run-bad.out" 2>"$logs/run-bad.err"
[ $? -eq 1 ]
check $? "collect run with a wrong key exits 1"
# the fetched sources: a credential_process (its output holds the keys and the token) and
# the instance metadata service (tests/tools/fake_aws.py on loopback, in front of the
# server, handing out 3-second tokens, refreshed during the run); searched below too
cat >"$work/proc.sh" <<'EOF'
printf '{"Version": 1, "AccessKeyId": "%s", "SecretAccessKey": "%s", "SessionToken": "%s"}\n' \
	"$SEC_AWS_ACCESS_KEY_ID" "$SEC_AWS_SECRET_ACCESS_KEY" "$SEC_AWS_SESSION_TOKEN"
EOF
printf '[profile proc]\ncredential_process = sh %s\n' "$work/proc.sh" >"$work/home/config"
AWS_CONFIG_FILE="$work/home/config" AWS_PROFILE=proc "$collect" run --endpoint "$SEC_S3_ENDPOINT" \
	--bucket sec-run --op get --size 4KiB --concurrency 2 --count 5 --objects 5 \
	-o "$outs/run-process" >"$logs/run-process.out" 2>"$logs/run-process.err"
check $? "collect run with credential_process exits 0: $(tail -n 1 "$logs/run-process.err")"
FAKE_AWS_KEY=$SEC_AWS_ACCESS_KEY_ID FAKE_AWS_SECRET=$SEC_AWS_SECRET_ACCESS_KEY \
	python3 "$top/tests/tools/fake_aws.py" --lifetime 3 --upstream "$SEC_S3_ENDPOINT" \
	--tokens "$work/imds_tokens" >"$work/fake.out" 2>"$work/fake.err" &
bg_pids+=($!)
for _ in $(seq 1 50); do
	grep -q '^PORT ' "$work/fake.out" 2>/dev/null && break
	sleep 0.1
done
fake="http://127.0.0.1:$(sed -n 's/^PORT //p' "$work/fake.out")"
env -u AWS_EC2_METADATA_DISABLED AWS_EC2_METADATA_SERVICE_ENDPOINT="$fake" \
	AWS_SHARED_CREDENTIALS_FILE="$work/none" AWS_CONFIG_FILE="$work/none" "$collect" run \
	--endpoint "$fake" --bucket sec-imds --op get --size 4KiB --concurrency 2 --duration 5s \
	--objects 5 -o "$outs/run-imds" >"$logs/run-imds.out" 2>"$logs/run-imds.err"
check $? "collect run with instance credentials (3-second tokens) exits 0"
run_pipeline "$outs/campaign"
[ -s "$outs/campaign/report/report.html" ] && [ -s "$outs/campaign/report/report.pdf" ]
check $? "report.html and report.pdf written"

# Everything to search: the output trees, decompressed logs, the PDF's text and objects,
# and every command's stdout/stderr.
mkdir -p "$work/expanded"
i=0
while IFS= read -r -d '' z; do
	i=$((i + 1))
	zstd -dcq "$z" >"$work/expanded/ops.$i.tsv"
done < <(find "$outs" -name '*.zst' -print0)
pdf="$outs/campaign/report/report.pdf"
if command -v pdftotext >/dev/null; then pdftotext "$pdf" "$work/expanded/report.txt"; fi
if command -v qpdf >/dev/null; then
	qpdf --qdf --object-streams=disable "$pdf" "$work/expanded/report.qdf.pdf" 2>/dev/null
fi
[ "$i" -ge 5 ]
check $? "$i ops.tsv.zst files decompressed for the search"
for what in "secret key:$SEC_AWS_SECRET_ACCESS_KEY" "wrong secret key:$bad_secret" \
	"session token:$token" "access key id:$SEC_AWS_ACCESS_KEY_ID" \
	"unknown access key id:$bad_key"; do
	needle=${what#*:}
	hits=$(grep -r -a -l -F -- "$needle" "$outs" "$work/expanded" "$logs" 2>/dev/null | head -n 5)
	[ -z "$hits" ]
	check $? "the ${what%%:*} appears nowhere (outputs, logs, report): $hits"
done
mapfile -t issued <"$work/imds_tokens"
hits=""
for t in "${issued[@]}"; do
	hits="$hits$(grep -r -a -l -F -- "$t" "$outs" "$work/expanded" "$logs" 2>/dev/null | head -n 3)"
done
[ "${#issued[@]}" -ge 2 ] && [ -z "$hits" ]
check $? "none of the ${#issued[@]} instance-metadata session tokens appears anywhere: $hits"
# the search itself works: the needles are where they must be
grep -q -F -- "$token" "$work/home/credentials" && [ -n "$(ls "$logs")" ]
check $? "the search sees the token in the credentials file (outside the output)"

# ---------------------------------------------------------------- (b) hostile XML
cat >"$work/xmlserver.py" <<'PYSRV'
# tests/e2e/security.sh's hostile S3 server: every answer carries hostile XML.
import os, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
mode, portfile, logfile = sys.argv[1], sys.argv[2], sys.argv[3]
LOL = "".join('<!ENTITY lol%d "%s">\n' % (i, ("&lol%d;" % (i - 1)) * 10) for i in range(1, 10))
XXE = ('<?xml version="1.0" encoding="UTF-8"?>\n'
       '<!DOCTYPE Error [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n'
       '<!ENTITY net SYSTEM "http://127.0.0.1:{port}/evil-entity">\n]>\n'
       '<Error><Code>InvalidArgument</Code><Message>xxe:&xxe;:&net;:end</Message>'
       '<RequestId>1</RequestId></Error>\n')
XXE_DTD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
           '<!DOCTYPE Error SYSTEM "http://127.0.0.1:{port}/evil.dtd" [\n'
           '<!ENTITY % passwd SYSTEM "file:///etc/passwd">\n'
           '<!ENTITY % remote SYSTEM "http://127.0.0.1:{port}/evil-param.dtd">\n%remote;\n]>\n'
           '<Error><Code>AccessDenied</Code><Message>dtd:%passwd;:end</Message></Error>\n')
LOL_ERROR = ('<?xml version="1.0"?>\n<!DOCTYPE Error [\n<!ENTITY lol0 "lol">\n' + LOL + ']>\n'
             '<Error><Code>SlowDown</Code><Message>&lol9;</Message></Error>\n')
LOL_LIST = ('<?xml version="1.0"?>\n<!DOCTYPE ListBucketResult [\n'
            '<!ENTITY xxe SYSTEM "file:///etc/passwd">\n<!ENTITY lol0 "lol">\n' + LOL + ']>\n'
            '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">'
            '<Name>b</Name><Prefix>&lol9;</Prefix><KeyCount>2</KeyCount><MaxKeys>1000</MaxKeys>'
            '<IsTruncated>false</IsTruncated>'
            '<Contents><Key>&xxe;</Key><Size>4096</Size></Contents>'
            '<Contents><Key>&lol9;</Key><Size>4096</Size></Contents></ListBucketResult>\n')
lock = threading.Lock()

class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a):
        pass
    def answer(self):
        n = int(self.headers.get("Content-Length") or 0)
        while n > 0:
            got = self.rfile.read(min(n, 65536))
            if not got:
                break
            n -= len(got)
        with lock, open(logfile, "a") as f:
            f.write("%s %s\n" % (self.command, self.path))
        port = str(self.server.server_address[1])
        status, body = 200, ""
        if mode == "xxe":
            status, body = 400, XXE.replace("{port}", port)
        elif mode == "xxedtd":
            status, body = 403, XXE_DTD.replace("{port}", port)
        elif mode == "lolerror":
            status, body = 503, LOL_ERROR
        elif mode == "lollist":
            if self.command == "GET" and "list-type=2" in self.path:
                body = LOL_LIST
            elif self.command == "POST":
                status, body = 500, LOL_ERROR
            elif self.command == "DELETE":
                status = 204
        data = body.encode()
        self.send_response(status)
        if data:
            self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", '"0123456789abcdef0123456789abcdef"')
        self.end_headers()
        if self.command != "HEAD" and status != 204:
            self.wfile.write(data)
    do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = answer

srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
srv.daemon_threads = True
with open(portfile + ".tmp", "w") as f:
    f.write("%d\n" % srv.server_address[1])
os.rename(portfile + ".tmp", portfile)
srv.serve_forever()
PYSRV
passwd_line=$(head -n 1 /etc/passwd)
passwd_line=${passwd_line:0:12}
[ -n "$passwd_line" ] || passwd_line="root:x:0:0"
have_time=0
[ -x /usr/bin/time ] && have_time=1
for mode in xxe xxedtd lolerror lollist; do
	pf="$work/xml-$mode.port" reqs="$work/xml-$mode.requests"
	: >"$reqs"
	python3 "$work/xmlserver.py" "$mode" "$pf" "$reqs" 2>"$logs/xml-$mode.server.err" &
	spid=$!
	bg_pids+=("$spid")
	port=""
	for _ in $(seq 1 300); do
		[ -s "$pf" ] && { port=$(cat "$pf"); break; }
		sleep 0.1
	done
	[ -n "$port" ] || { bad "$mode: the XML server did not start: $(cat "$logs/xml-$mode.server.err")"; continue; }
	op=put objects=()
	# (objects are prepared for list only: collect run refuses --objects for put)
	[ "$mode" = lollist ] && op=list objects=(--objects 3)
	d="$outs/xml-$mode"
	t0=$(date +%s%N)
	if [ "$have_time" -eq 1 ]; then
		AWS_ACCESS_KEY_ID=AKIDXMLTEST AWS_SECRET_ACCESS_KEY=xmltestsecret /usr/bin/time -f '%M' \
			-o "$work/xml-$mode.rss" timeout 120 "$collect" run --endpoint "http://127.0.0.1:$port" \
			--bucket hostile --op "$op" --size 4KiB --concurrency 2 --count 5 "${objects[@]}" \
			--timeout 60s -o "$d" >"$logs/xml-$mode.out" 2>"$logs/xml-$mode.err"
		rc=$?
	else
		AWS_ACCESS_KEY_ID=AKIDXMLTEST AWS_SECRET_ACCESS_KEY=xmltestsecret timeout 120 \
			"$collect" run --endpoint "http://127.0.0.1:$port" --bucket hostile --op "$op" \
			--size 4KiB --concurrency 2 --count 5 "${objects[@]}" --timeout 60s -o "$d" \
			>"$logs/xml-$mode.out" 2>"$logs/xml-$mode.err"
		rc=$?
	fi
	ms=$((($(date +%s%N) - t0) / 1000000))
	kill "$spid" 2>/dev/null
	wait "$spid" 2>/dev/null
	[ "$rc" -eq 1 ] && [ "$(run_json "$d" "j['status'], 'summary' in j")" = "failed False" ]
	check $? "$mode: collect run exits 1 with a failed run (exit $rc): $(run_json "$d" "j['errors']" 2>&1)"
	[ "$ms" -lt 20000 ]
	check $? "$mode: finished in ${ms} ms (< 20 s: nothing expanded)"
	if [ "$have_time" -eq 1 ]; then
		rss=$(tail -n 1 "$work/xml-$mode.rss")
		[ -n "$rss" ] && [ "$rss" -lt 204800 ]
		check $? "$mode: maximum RSS ${rss} KiB < 200 MiB"
	else
		skip 1 "$mode: no /usr/bin/time for the maximum RSS"
	fi
	found=$( { cat "$d/run.json" "$logs/xml-$mode.out" "$logs/xml-$mode.err" "$reqs"
		[ -f "$d/ops.tsv.zst" ] && zstd -dcq "$d/ops.tsv.zst"; } | grep -c -F -e "$passwd_line" -e "lollollollol")
	[ "$found" -eq 0 ]
	check $? "$mode: no /etc/passwd content and no expanded entity in run.json, ops log, output or requests"
	! grep -q 'evil' "$reqs" && [ -s "$reqs" ]
	check $? "$mode: the server was asked $(wc -l <"$reqs") requests, never for the DTD or entity URLs"
done

# ---------------------------------------------------------------- (c) TLS
free_port() {
	local p hex
	for _ in $(seq 1 200); do
		p=$((20000 + RANDOM % 12000))
		hex=$(printf ':%04X' "$p")
		awk -v h="$hex" 'NR > 1 && substr($2, length($2) - 4) == h { f = 1 } END { exit !f }' \
			/proc/net/tcp /proc/net/tcp6 2>/dev/null || { echo "$p"; return 0; }
	done
	return 1
}
tls="$work/tls"
mkdir -p "$tls/root/sec-tls" "$tls/logs"
if ! command -v nginx >/dev/null || ! command -v openssl >/dev/null; then
	bad "nginx or openssl missing"
	finish
fi
openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -days 1 \
	-keyout "$tls/key.pem" -out "$tls/cert.pem" >"$logs/openssl.log" 2>&1
check $? "self-signed certificate generated"
user_line=""
[ "$(id -u)" -eq 0 ] && user_line="user root;"
tls_ep=""
for _ in 1 2 3 4 5; do
	port=$(free_port) || break
	cat >"$tls/nginx.conf" <<EOF
daemon on;
$user_line
pid $tls/nginx.pid;
error_log $tls/logs/error.log;
worker_processes 1;
events { worker_connections 256; }
http {
	access_log off;
	client_body_temp_path $tls/body;
	proxy_temp_path $tls/proxy;
	fastcgi_temp_path $tls/fastcgi;
	uwsgi_temp_path $tls/uwsgi;
	scgi_temp_path $tls/scgi;
	keepalive_requests 10000;
	server {
		listen 127.0.0.1:$port ssl;
		ssl_certificate $tls/cert.pem;
		ssl_certificate_key $tls/key.pem;
		root $tls/root;
		client_max_body_size 0;
		location / {
			dav_methods PUT DELETE MKCOL;
			create_full_put_path on;
		}
	}
}
EOF
	if nginx -c "$tls/nginx.conf" -p "$tls" -e "$tls/logs/error.log" 2>"$tls/start.log"; then
		nginx_pid_file="$tls/nginx.pid"
		for _ in $(seq 1 50); do
			curl -sk -o /dev/null --max-time 1 "https://127.0.0.1:$port/" && break
			sleep 0.1
		done
		tls_ep="https://127.0.0.1:$port"
		break
	fi
done
[ -n "$tls_ep" ]
check $? "nginx with TLS started: $tls_ep $(cat "$tls/start.log" 2>/dev/null)"
[ -n "$tls_ep" ] || finish
curl -s -o /dev/null --max-time 5 "$tls_ep/"
[ $? -eq 60 ]
check $? "curl itself refuses the self-signed certificate (exit 60)"
export AWS_ACCESS_KEY_ID=AKIDTLSTEST AWS_SECRET_ACCESS_KEY=tlstestsecret
"$collect" run --endpoint "$tls_ep" --bucket sec-tls --op put --size 4KiB --concurrency 2 \
	--count 5 --timeout 60s -o "$outs/tls-strict" >"$logs/tls-strict.out" 2>&1
rc=$?
[ "$rc" -eq 1 ] && [ "$(run_json "$outs/tls-strict" "j['status'], j['errors']['class'], 'summary' in j")" = "failed tls False" ]
check $? "https with a self-signed certificate: exit 1, run failed with class tls (exit $rc: $(run_json "$outs/tls-strict" "j['errors']" 2>&1))"
run_json "$outs/tls-strict" "' '.join(j['errors']['first'])" | grep -qi -e certificate -e ssl -e tls
check $? "the recorded error names the certificate problem"
[ -z "$(find "$tls/root/sec-tls" -type f)" ]
check $? "nothing was written to the server without verification"
"$collect" run --endpoint "$tls_ep" --bucket sec-tls --op put --size 4KiB --concurrency 2 \
	--count 5 --timeout 60s --insecure -o "$outs/tls-insecure" >"$logs/tls-insecure.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ "$(run_json "$outs/tls-insecure" "j['status'], j['subject']['insecure'], j['summary']['requests'], j['summary']['errors']")" = "complete True 10 0" ]
check $? "with --insecure: exit 0, complete, 10 requests, no error, subject.insecure true (exit $rc: $(tail -n 3 "$logs/tls-insecure.out"))"
[ "$(find "$tls/root/sec-tls" -type f | wc -l)" -ge 1 ] || [ "$(run_json "$outs/tls-insecure" "j['phases']['cleanup']")" = "done" ]
check $? "with --insecure the PUTs reached the server"

cat >"$work/tls.ini" <<EOF
[campaign]
name = tls
cycles = 1
[matrix]
ops = put
sizes = 4KiB
concurrency = 1
count = 3
timeout = 60s
[subject strict]
endpoint = $tls_ep
bucket = sec-tls
[subject lax]
endpoint = $tls_ep
bucket = sec-tls
insecure = true
EOF
"$collect" "$work/tls.ini" -o "$outs/tls-campaign" --no-preflight >"$logs/tls-campaign.out" 2>&1
rc=$?
c="$outs/tls-campaign/runs/cycle-01"
[ "$rc" -eq 1 ] && [ "$(run_json "$c/strict/put-4KiB-c1" "j['status'], j['errors']['class']")" = "failed tls" ] &&
	[ "$(run_json "$c/lax/put-4KiB-c1" "j['status'], j['subject']['insecure']")" = "complete True" ]
check $? "campaign: the subject without insecure fails (tls), the one with insecure = true completes (exit $rc)"
"$collect" "$work/tls.ini" -o "$outs/tls-campaign2" --insecure --only strict --no-preflight \
	>"$logs/tls-campaign2.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ "$(run_json "$outs/tls-campaign2/runs/cycle-01/strict/put-4KiB-c1" "j['status']")" = "complete" ]
check $? "campaign: collect --insecure lifts the check for every subject (exit $rc)"
stop_bg
finish
