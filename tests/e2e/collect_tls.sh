#!/usr/bin/env bash
# tests/e2e/collect_tls.sh: collect over real TLS. The test makes its own CA (openssl) and a
# certificate for s3.localhost and *.s3.localhost, and serves nginx WebDAV over HTTPS with
# it (libcurl resolves *.localhost to the loopback address itself):
#   1. trust: without a CA bundle the run fails with class tls; `--ca-bundle CA`,
#      `AWS_CA_BUNDLE=CA` and `--insecure` each make it complete; run.json's
#      subject.ca_bundle and the run directory's .subject.json (what `collect clean` and
#      --resume read) hold the path; `collect clean` on that directory works over TLS;
#      in a campaign the subject's `ca_bundle` key wins over `--ca-bundle`, which wins over
#      AWS_CA_BUNDLE, which wins over the AWS profile's ca_bundle;
#      run.json records what the connections were: transport.tls the protocol and cipher
#      nginx logged for every benchmark connection, transport.tcp_nodelay on for each
#      (libcurl's default, read from the socket), host.cpu_model /proc/cpuinfo's;
#   2. a bucket whose name holds a dot, addressing = virtual, over HTTPS: reached path-style
#      (the wildcard covers one label), run.json subject.addressing_used "path", nginx saw
#      /dot.bucket/... paths on host s3.localhost; analyzed and rendered (en and ko), the
#      report's subjects table notes that subject d's bucket went path-style; the
#      manifest's fairness facts and the report's provenance page have what run.json
#      records (TLS, HTTP version, signing, checksum, CPU model, NIC, connections,
#      TCP_NODELAY), none "unknown";
#   1b. which connection each request used (the ops log's conn_id, conn_req, conn_age_ms): on
#      each connection the requests count 1, 2, 3... without a gap, the age grows from 0, the
#      first request is the one that opened it (conn column) and came from the worker its
#      number names; nginx's connections carried the same numbers of requests
#      ($connection); run.json transport.connections lists each with the requests it
#      carried, its opening (the first request's start), the address and port, and the TLS
#      protocol, cipher and key-exchange group nginx logged ($ssl_curve);
#   3. connections and TLS sessions are reused: nginx's access log ($connection,
#      $ssl_session_reused) shows at most one connection per worker per phase, and the
#      connections after the process's first resume a TLS session (one cache for every
#      handle of the client: libcurl's share interface);
#   4. a cold client: --keepalive no opens a connection per request, and each pays a full
#      handshake (nginx allows resumption: a shared session cache and tickets): nginx's
#      $ssl_session_reused is "." on every connection, and run.json's summary.connections
#      and the ops log's conn column count every connection as tls_full (2), none resumed;
#      each request is the first on its connection (conn_req 1, age 0), each worker's
#      connections numbered 1, 2, 3... without a gap;
#      --tls-resume yes lets them resume (nginx "r", conn 3), and run.json's
#      workload.send.tls_resume records each.
# About 20 s. Prints "N passed, N failed"; exit 1 on failure.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
[ -x "$collect" ] && [ -x "$analyze" ] && [ -x "$render" ] ||
	{ bad "bin/collect, bin/analyze or bin/render missing"; finish; }
command -v nginx >/dev/null && command -v openssl >/dev/null ||
	{ bad "nginx or openssl missing (scripts/setup)"; finish; }
unset AWS_CA_BUNDLE

# the CA, the certificate and nginx over HTTPS (tests/tools/tls_nginx.sh)
port=$("$top/tests/tools/tls_nginx.sh" "$tmp/ng" 2>"$tmp/tls.err")
check $? "a CA, a certificate for s3.localhost, *.s3.localhost and nginx over TLS (port $port)" \
	"$(cat "$tmp/tls.err")"
at_exit "kill \$(cat '$tmp/ng/nginx.pid' 2>/dev/null) 2>/dev/null"
d=$tmp/ng/pki
mkdir -p "$tmp/ng/data/tls" "$tmp/ng/data/dot.bucket"
ep="https://s3.localhost:$port"
export AWS_ACCESS_KEY_ID=nginx AWS_SECRET_ACCESS_KEY=nginx-no-auth AWS_REGION=us-east-1

# crun TAG ARGS...: a 2-s GET run over TLS into $tmp/TAG; its exit status
crun() {
	local tag=$1
	shift
	"$collect" run --endpoint "$ep" --bucket tls --path-style --op get --size 4KiB --objects 8 \
		--concurrency 4 --duration 2s "$@" -o "$tmp/$tag" >"$tmp/$tag.out" 2>&1
}
kv() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$2"; }
jget() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

crun none
st=$?
[ $st -ne 0 ] && [ "$(jget "$tmp/none/run.json" "j['errors']['class']")" = tls ]
check $? "no CA bundle: the run fails with class tls (exit $st)" "$(tail -n 2 "$tmp/none.out")"

: >"$tmp/ng/access.log"
crun flag --ca-bundle "$d/ca.pem"
check $? "--ca-bundle CA: complete" "$(tail -n 3 "$tmp/flag.out")"
[ "$(jget "$tmp/flag/run.json" "j['subject']['ca_bundle']")" = "$d/ca.pem" ]
check $? "the CA bundle's path in run.json's subject"
cp "$tmp/ng/access.log" "$tmp/flag.access"
# the connections' TLS and TCP_NODELAY as collect recorded them, against nginx's log (the
# protocol and cipher of every connection that served a benchmark GET) and /proc/cpuinfo
got=$(python3 - "$tmp/flag/run.json" "$tmp/flag.access" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
t = j["transport"]
seen = set()
for line in open(sys.argv[2]):
    f = line.split()
    if len(f) >= 8 and f[4] == "GET":
        seen.add((f[6], f[7]))
opened = j["summary"]["connections"]["opened"]
mine = {(x["version"], x["cipher"]) for x in t["tls"]}
model = [l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")]
print(mine == seen and len(mine) == 1,
      sum(x["connections"] for x in t["tls"]) == opened == t["tcp_nodelay"]["on"] > 0,
      t["tcp_nodelay"]["off"] == 0, j["host"]["cpu_model"] == (model[0] if model else None),
      sorted(mine), opened, t["tcp_nodelay"])
PY
)
case "$got" in "True True True True "*) st=0 ;; *) st=1 ;; esac
check $st "run.json transport: the TLS protocol and cipher nginx logged, TCP_NODELAY on every connection, host.cpu_model ($got)"

# 1b. each request's connection, against nginx's view of the same connections
got=$(python3 - "$tmp/flag" "$tmp/flag.access" "$port" <<'PY'
import collections, json, subprocess, sys
d, access, port = sys.argv[1], sys.argv[2], sys.argv[3]
txt = subprocess.run(["zstd", "-dcq", d + "/ops.tsv.zst"], capture_output=True, text=True).stdout
lines = txt.splitlines()
head = lines[0].split("\t")
rows = [dict(zip(head, l.split("\t"))) for l in lines[1:]]
by = collections.defaultdict(list)
for r in rows:
    by[r["conn_id"]].append((int(r["conn_req"]), int(r["conn_age_ms"]), r))
bad = []
if "" in by or not rows:
    bad.append("a row without a connection")
for cid, v in by.items():
    v.sort(key=lambda x: x[0])
    if [x[0] for x in v] != list(range(1, len(v) + 1)):
        bad.append("%s: requests %s" % (cid, [x[0] for x in v][:8]))
    if v[0][1] != 0 or any(a[1] > b[1] for a, b in zip(v, v[1:])):
        bad.append("%s: ages %s" % (cid, [x[1] for x in v][:8]))
    first = v[0][2]
    if first["conn"] == "0" or any(x[2]["conn"] != "0" for x in v[1:]):
        bad.append("%s: the conn column" % cid)
    if int(cid) // 10**8 != int(first["thread"]):
        bad.append("%s: opened by worker %s" % (cid, first["thread"]))
# nginx: the benchmark's GETs per connection, and the TLS it logged
ng = collections.Counter()
tls = set()
for line in open(access):
    f = line.split()
    if len(f) >= 9 and f[4] == "GET" and "/obj/" in f[5]:  # the benchmark's, not the bucket's
        ng[f[0]] += 1
        tls.add((f[6], f[7], {"prime256v1": "secp256r1"}.get(f[8].lower(), f[8].lower())))
mine = sorted(len(v) for v in by.values())
if sorted(ng.values()) != mine:
    bad.append("nginx's requests per connection %s, the log's %s" % (sorted(ng.values()), mine))
c = json.load(open(d + "/run.json"))["transport"]["connections"]
lst = {str(x["id"]): x for x in c["list"]}
if set(lst) != set(by) or c["more"] != 0:
    bad.append("run.json lists %s" % sorted(lst))
for cid, x in lst.items():
    v = by.get(cid, [(0, 0, {"start": None})])
    if (x["requests"] != len(v) or x["opened"] != v[0][2]["start"] or
            x["remote"] != "127.0.0.1:" + port or
            {(x["tls_version"], x["tls_cipher"], x["tls_group"])} != tls):
        bad.append("run.json %s: %s (nginx %s)" % (cid, x, tls))
print(not bad and len(tls) == 1, len(by), "connections", len(rows), "requests", sorted(tls), bad[:3])
PY
)
case "$got" in True*) st=0 ;; *) st=1 ;; esac
check $st "each request's connection: counts 1, 2, 3... per connection, as nginx's; run.json's list with nginx's TLS and group ($got)"

AWS_CA_BUNDLE="$d/ca.pem" crun env
check $? "AWS_CA_BUNDLE=CA: complete" "$(tail -n 3 "$tmp/env.out")"
crun insecure --insecure
check $? "--insecure: complete" "$(tail -n 3 "$tmp/insecure.out")"
# the AWS profile's ca_bundle, the last step of the CA order (after AWS_CA_BUNDLE)
printf '[default]\nca_bundle = %s\n' "$d/ca.pem" >"$tmp/aws.config"
AWS_CONFIG_FILE="$tmp/aws.config" crun profile
check $? "the AWS profile's ca_bundle (AWS_CONFIG_FILE, [default]): complete" \
	"$(tail -n 3 "$tmp/profile.out")"
printf '[default]\nca_bundle = %s\n' "$tmp/none.pem" >"$tmp/aws2.config"
AWS_CONFIG_FILE="$tmp/aws2.config" AWS_CA_BUNDLE="$d/ca.pem" crun profile2
check $? "AWS_CA_BUNDLE before the profile's ca_bundle: complete" "$(tail -n 3 "$tmp/profile2.out")"

# a run killed mid-way leaves .subject.json (the CA bundle's path in it) and .prefix;
# collect clean reads them and empties the prefix over TLS
setsid "$collect" run --endpoint "$ep" --bucket tls --path-style --op put --size 4KiB \
	--concurrency 2 --duration 30s --ca-bundle "$d/ca.pem" -o "$tmp/killed" >/dev/null 2>&1 &
kpid=$!
for _ in $(seq 100); do
	[ "$(find "$tmp/ng/data/tls" -path '*put*' -type f 2>/dev/null | wc -l)" -ge 20 ] && break
	sleep 0.1
done
kill -KILL -- -"$kpid" 2>/dev/null
wait "$kpid" 2>/dev/null
[ "$(jget "$tmp/killed/.subject.json" "j['ca_bundle']")" = "$d/ca.pem" ]
check $? "a killed run's .subject.json records the CA bundle's path" \
	"$(cat "$tmp/killed/.subject.json" 2>&1 | head -n 12)"
# nginx's WebDAV has no S3 listing, so clean cannot empty the prefix there; what counts
# is that it reached the server over TLS with the recorded bundle (an HTTP answer), and
# that without the bundle in the record it cannot (a certificate error)
"$collect" clean "$tmp/killed" >"$tmp/clean.out" 2>&1
grep -q "ListMultipartUploads tls: HTTP 301" "$tmp/clean.out" && ! grep -qi "certificate\|ssl" "$tmp/clean.out"
check $? "collect clean over TLS with the recorded CA bundle: the server answered" "$(cat "$tmp/clean.out")"
python3 - "$tmp/killed/.subject.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
del j["ca_bundle"]
json.dump(j, open(sys.argv[1], "w"))
PY
"$collect" clean "$tmp/killed" >"$tmp/clean2.out" 2>&1
grep -qi "certificate\|ssl\|tls" "$tmp/clean2.out" && ! grep -q "HTTP 301" "$tmp/clean2.out"
check $? "collect clean without the bundle in the record: a TLS failure" "$(cat "$tmp/clean2.out")"

# 2. a dotted bucket, virtual-hosted, over HTTPS; the subject key wins over --ca-bundle
cat >"$tmp/dot.ini" <<INI
[campaign]
name = dot
[matrix]
ops = put
sizes = 4KiB
concurrency = 2
count = 3
[subject d]
endpoint = $ep
bucket = dot.bucket
addressing = virtual
ca_bundle = $d/ca.pem
INI
: >"$tmp/ng/access.log"
AWS_CA_BUNDLE=/nonexistent/env.pem "$collect" "$tmp/dot.ini" -o "$tmp/dot" --no-preflight \
	--ca-bundle /nonexistent/flag.pem >"$tmp/dot.out" 2>&1
check $? "campaign: the subject's ca_bundle wins over --ca-bundle and AWS_CA_BUNDLE" "$(tail -n 3 "$tmp/dot.out")"
rj=$(ls "$tmp"/dot/runs/cycle-01/d/*/run.json 2>/dev/null | head -n 1)
[ -n "$rj" ] && [ "$(jget "$rj" "' '.join([j['subject']['addressing'], j['subject']['addressing_used'], j['subject']['ca_bundle']])")" = "virtual path $d/ca.pem" ]
check $? "dot.bucket over HTTPS: addressing virtual, used path (run.json)"
grep -q "collect: subject d: bucket dot.bucket holds a dot: addressed path-style over HTTPS" "$tmp/dot.out"
check $? "dot.bucket over HTTPS: the printout says so" "$(head -n 2 "$tmp/dot.out")"
grep -q " s3.localhost PUT /dot.bucket/" "$tmp/ng/access.log" &&
	! grep -q "dot.bucket.s3.localhost" "$tmp/ng/access.log"
check $? "dot.bucket over HTTPS: nginx saw path-style requests on host s3.localhost" \
	"$(head -n 2 "$tmp/ng/access.log")"
run_pipeline -q -f html "$tmp/dot" en ko
check $? "dot.bucket: analyze and render" "$(tail -n 3 "$tmp/dot".*.log)"
[ "$(jget "$tmp/dot/results/aggregate.json" "j['subjects'][0]['path_style_dotted']")" = dot.bucket ]
check $? "dot.bucket: aggregate.json subjects[].path_style_dotted names the bucket"
grep -q "d: the bucket dot.bucket holds a dot, so its requests went path-style over HTTPS" \
	"$tmp/dot/report-en/report.html" &&
	grep -q "d: 버킷 dot.bucket 이름에 점이 있어, 가상 호스트 방식 주소를 요청했지만 HTTPS에서는 경로 방식으로" \
		"$tmp/dot/report-ko/report.html"
check $? "dot.bucket: the report (en, ko) says the subject went path-style" \
	"$(grep -o "[^>]*path-style[^<]*" "$tmp/dot/report-en/report.html" | head -n 3)"
sed 's|@d@|x|' "$tmp/dot.ini" | sed "s|^ca_bundle = .*|ca_bundle = /nonexistent/key.pem|" >"$tmp/dot2.ini"
AWS_CA_BUNDLE="$d/ca.pem" "$collect" "$tmp/dot2.ini" -o "$tmp/dot2" --ca-bundle "$d/ca.pem" \
	--no-preflight >"$tmp/dot2.out" 2>&1
[ $? -ne 0 ]
check $? "campaign: a wrong subject ca_bundle is used (not replaced by the flag or the environment)"

# the fairness facts the run.json files record reach the manifest and the report's
# provenance page: TLS protocol and cipher, HTTP version, signing, checksum, CPU model,
# NIC, connections, TCP_NODELAY (none "unknown")
got=$(python3 - "$tmp/dot/results/manifest.json" "$rj" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["subjects"][0]
t = json.load(open(sys.argv[2]))["transport"]["tls"][0]
keys = ("tls_version", "tls_cipher", "http_version", "payload_signing", "checksum",
        "client_cpu_model", "client_nic", "connections", "tcp_nodelay")
unknown = [k for k in keys if s.get(k) in (None, "unknown")]
print(unknown == [] and s["tls_version"] == t["version"] and s["tls_cipher"] == t["cipher"] and
      s["http_version"] == "1.1" and s["payload_signing"] == "unsigned" and
      s["checksum"] == "none" and s["tcp_nodelay"] == "on" and
      s["connections"] == "kept alive, one per worker" and s["client_nic"].startswith("lo, "),
      unknown, [s.get(k) for k in keys])
PY
)
case "$got" in True*) st=0 ;; *) st=1 ;; esac
tls_v=$(jget "$rj" "j['transport']['tls'][0]['version']")
for html in "$tmp/dot/report-en/report.html" "$tmp/dot/report/report.html"; do
	[ -f "$html" ] && break
done
grep -q "$tls_v" "$html" && grep -q "kept alive, one per worker" "$html" || st=1
check $st "the manifest's facts and the report's provenance page: what run.json records ($got)"

# 3. connection and TLS session reuse in the --ca-bundle run (4 workers, 2 s)
python3 - "$tmp/flag.access" >"$tmp/reuse" <<'PY'
import sys
conns = {}
for line in open(sys.argv[1]):
    c, n, reused, host, m, uri = line.split()[:6]
    if n == "1":
        conns[c] = reused
reqs = sum(1 for _ in open(sys.argv[1]))
print("conns=%d" % len(conns))
print("resumed=%d" % sum(1 for r in conns.values() if r == "r"))
print("reqs=%d" % reqs)
PY
eval "$(cat "$tmp/reuse")"
# prepare: 8 workers (min 8) for 8 objects; benchmark: 4 workers; cleanup: 1 or 2
[ "$conns" -le 16 ] && [ "$reqs" -gt 50 ] && [ "$resumed" -ge $((conns - 8)) ] && [ "$resumed" -ge 1 ]
check $? "connections reused ($conns connections for $reqs requests), TLS sessions resumed on $resumed of them"

# 4. a cold client: every connection a full handshake unless --tls-resume yes
# cold TAG ARGS...: 2 workers x 10 PUTs, one connection each, over TLS; nginx's view of the
# benchmark's connections (PUT) and the ops log's conn column, as key=value figures
cold() {
	local tag=$1
	shift
	: >"$tmp/ng/access.log"
	"$collect" run --endpoint "$ep" --bucket tls --path-style --op put --size 4KiB \
		--concurrency 2 --count 10 --keepalive no --ca-bundle "$d/ca.pem" "$@" \
		-o "$tmp/$tag" >"$tmp/$tag.out" 2>&1 || return 1
	python3 - "$tmp/ng/access.log" "$tmp/$tag" <<'PY'
import json, subprocess, sys
seen = {}
for line in open(sys.argv[1]):
    c, n, reused, host, m, uri = line.split()[:6]
    if m == "PUT" and "/put/" in uri:
        seen[c] = reused
txt = subprocess.run(["zstd", "-dc", sys.argv[2] + "/ops.tsv.zst"], capture_output=True,
                     text=True).stdout.splitlines()
head = txt[0].split("\t")
rows = [dict(zip(head, l.split("\t"))) for l in txt[1:]]
conn = sorted(set(r["conn"] for r in rows))
# each request on a connection of its own: index 1, age 0; per worker numbered 1..n
per = {}
for r in rows:
    per.setdefault(int(r["conn_id"] or 0) // 10**8, []).append(int(r["conn_id"] or 0) % 10**8)
first = all(r["conn_req"] == "1" and r["conn_age_ms"] == "0" for r in rows)
gapless = all(sorted(v) == list(range(1, len(v) + 1)) for v in per.values())
j = json.load(open(sys.argv[2] + "/run.json"))
c = j["summary"]["connections"]
print("nginx_conns=%d nginx_resumed=%d conn_column=%s opened=%d tls_full=%d tls_resumed=%d "
      "tls_resume=%s conn_ids=%d first_on_each=%s gapless=%s" % (
      len(seen), sum(1 for r in seen.values() if r == "r"), ",".join(conn),
      c["opened"], c["tls_full"], c["tls_resumed"], j["workload"]["send"].get("tls_resume"),
      len(set(r["conn_id"] for r in rows)), first, gapless))
PY
}
fig=$(cold cold)
check $? "cold client (--keepalive no): complete" "$(tail -n 3 "$tmp/cold.out")"
echo "    cold: $fig"
[ "$(kv nginx_conns "$fig")" = 20 ] && [ "$(kv nginx_resumed "$fig")" = 0 ]
check $? "cold client: nginx saw 20 connections for 20 PUTs, none resumed a session ($fig)"
[ "$(kv conn_column "$fig")" = 2 ] && [ "$(kv opened "$fig")" = 20 ] &&
	[ "$(kv tls_full "$fig")" = 20 ] && [ "$(kv tls_resumed "$fig")" = 0 ] &&
	[ "$(kv tls_resume "$fig")" = no ]
check $? "cold client: the ops log and run.json count 20 full handshakes, tls_resume no"
[ "$(kv conn_ids "$fig")" = 20 ] && [ "$(kv first_on_each "$fig")" = True ] &&
	[ "$(kv gapless "$fig")" = True ]
check $? "cold client: 20 connections in conn_id, each request the first on its own (conn_req 1, age 0), numbered without a gap"
fig=$(cold warm --tls-resume yes)
check $? "--keepalive no --tls-resume yes: complete" "$(tail -n 3 "$tmp/warm.out")"
echo "    resumed: $fig"
[ "$(kv nginx_conns "$fig")" = 20 ] && [ "$(kv nginx_resumed "$fig")" -ge 18 ] &&
	[ "$(kv tls_resumed "$fig")" -ge 18 ] && [ "$(kv tls_resume "$fig")" = yes ] &&
	grep -q "3" <<<"$(kv conn_column "$fig")"
check $? "--tls-resume yes: the connections after the first resume a session ($fig)"
out=$("$collect" run --endpoint "$ep" --bucket tls --op put --size 4KiB --concurrency 1 \
	--count 1 --tls-resume maybe -o "$tmp/badtls" 2>&1)
[ $? -eq 2 ] && grep -q "collect: --tls-resume: 'maybe' is not yes or no" <<<"$out"
check $? "--tls-resume maybe refused, named" "$out"
finish
