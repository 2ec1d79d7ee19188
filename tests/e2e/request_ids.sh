#!/usr/bin/env bash
# tests/e2e/request_ids.sh: who answered each request (docs/FORMATS.md, ops.tsv.zst's
# `remote`, `request_id` and `host_id` columns):
#   1. Ceph RGW sends x-amz-request-id (its trans id) and no x-amz-id-2: every row of a
#      PUT and a GET run carries a distinct "tx..." request_id and an empty host_id;
#   2. s3rver sends neither: the columns are there and empty;
#   3. a stub S3 server on loopback that sends both (a 200-byte x-amz-id-2, AWS-like, and a
#      300-byte one cut at 255): every row carries the stub's own ids for its request;
#   every file still reads as Warp reads its CSV (tests/tools/warp_csv_check.py), and
#   analyze --recompute reads it back.
. "$(dirname "$0")/collect_lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
use_rgw
unset AWS_PROFILE AWS_SESSION_TOKEN

# ids DIR: the ops log's rows as JSON lines (header names as keys)
ids() {
	zstd -dcq "$1/ops.tsv.zst" | python3 -c "import csv, json, sys
for r in csv.DictReader(sys.stdin, delimiter='\t'):
    print(json.dumps(r))"
}

# 1. RGW
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
for op in put get; do
	more=()
	[ $op = get ] && more=(--objects 3)
	"$collect" run --endpoint "$RGW_S3_ENDPOINT" --bucket "ids-$$" --op $op --size 4KiB \
		--concurrency 2 --count 5 "${more[@]}" -o "$work/rgw-$op" >"$work/rgw-$op.txt" 2>&1
	check $? "rgw $op run exits 0: $(tail -n 2 "$work/rgw-$op.txt")"
	ids "$work/rgw-$op" >"$work/rgw-$op.jsonl"
	pycheck "rgw $op ids" "$work/rgw-$op.jsonl" "${RGW_S3_ENDPOINT#http://}" <<'PY'
import json, sys
from checks import t
rows = [json.loads(l) for l in open(sys.argv[1])]
host = sys.argv[2].rsplit(":", 1)[0]
ids = [r["request_id"] for r in rows]
t(len(rows) == 10, "rgw: 10 rows (%d)" % len(rows))
t(all(i.startswith("tx") and len(i) > 20 for i in ids), "rgw: every row has RGW's trans id as request_id (%s)" % ids[0])
t(len(set(ids)) == len(ids), "rgw: the request ids are distinct")
t(all(r["host_id"] == "" for r in rows), "rgw: host_id empty (RGW sends no x-amz-id-2)")
t(all(r["remote"] == host for r in rows), "rgw: remote is the server's address %s" % host)
PY
done
python3 "$top/tests/tools/warp_csv_check.py" "$work/rgw-put/ops.tsv.zst" "$work/rgw-get/ops.tsv.zst" >"$work/warp.txt" 2>&1
check $? "the files read as Warp reads its CSV: $(tail -n 2 "$work/warp.txt")"

# 2. s3rver
server_env ONE S3RVER || finish
export AWS_ACCESS_KEY_ID=$ONE_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$ONE_AWS_SECRET_ACCESS_KEY
"$collect" run --endpoint "$ONE_S3_ENDPOINT" --bucket "ids-$$" --op put --size 4KiB \
	--concurrency 2 --count 3 -o "$work/s3rver" >"$work/s3rver.txt" 2>&1
check $? "s3rver put run exits 0: $(tail -n 2 "$work/s3rver.txt")"
hdr=$(zstd -dcq "$work/s3rver/ops.tsv.zst" | head -n 1)
case "$hdr" in *"rtt_us	remote	request_id	host_id	conn_id	conn_req	conn_age_ms") ok "header: remote request_id host_id, then the connection columns, last" ;; *) bad "header: $hdr" ;; esac
[ "$(zstd -dcq "$work/s3rver/ops.tsv.zst" | awk -F'\t' 'NR > 1 && $24 == "127.0.0.1" && $25 == "" && $26 == ""' | wc -l)" = 6 ]
check $? "s3rver: 6 rows, remote 127.0.0.1, both ids empty (s3rver sends neither)"

# 3. a stub that sends both headers; each id names the request it answers
cat >"$work/stub.py" <<'PY'
import http.server, itertools, sys
n = itertools.count()
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def answer(self):
        k = next(n)
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.send_response(200)
        self.send_header("ETag", '"0123456789abcdef0123456789abcdef"')
        self.send_header("x-amz-request-id", "REQ%08d" % k)
        # request k's host id: 200 characters, or 300 on every 4th (cut at 255)
        self.send_header("x-amz-id-2", ("H%08d/" % k).ljust(300 if k % 4 == 3 else 200, "x") + "=")
        self.send_header("Content-Length", "0")
        self.end_headers()
    do_PUT = do_GET = do_HEAD = do_POST = do_DELETE = answer
    def log_message(self, *a):
        pass
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
print(s.server_address[1], flush=True)
s.serve_forever()
PY
python3 "$work/stub.py" >"$work/stub.port" 2>"$work/stub.err" &
stop_at_exit $!
for _ in $(seq 1 50); do [ -s "$work/stub.port" ] && break; sleep 0.1; done
export AWS_ACCESS_KEY_ID=stub AWS_SECRET_ACCESS_KEY=stub-secret
"$collect" run --endpoint "http://127.0.0.1:$(cat "$work/stub.port")" --bucket stub --op put \
	--size 1KiB --concurrency 1 --count 8 -o "$work/stub" >"$work/stub.txt" 2>&1
check $? "stub put run exits 0: $(tail -n 2 "$work/stub.txt")"
ids "$work/stub" >"$work/stub.jsonl"
pycheck "stub ids" "$work/stub.jsonl" <<'PY'
import json, sys
from checks import t
rows = [json.loads(l) for l in open(sys.argv[1])]
puts = [r for r in rows if r["op"] == "PUT"]
t(len(puts) == 8, "stub: 8 PUT rows (%d)" % len(puts))
# each row's host id names the same request as its request id
same = all(r["host_id"].startswith("H" + r["request_id"][3:] + "/") for r in puts)
t(same and len(set(r["request_id"] for r in puts)) == 8, "stub: each row carries its own request's request_id and host_id")
full = [len(r["host_id"]) for r in puts if int(r["request_id"][3:]) % 4 != 3]
cut = [len(r["host_id"]) for r in puts if int(r["request_id"][3:]) % 4 == 3]
t(full and set(full) == {201}, "stub: a 201-byte x-amz-id-2 kept whole (%s)" % sorted(set(full)))
t(cut and set(cut) == {255}, "stub: a 301-byte x-amz-id-2 cut at 255 bytes (%s)" % sorted(set(cut)))
PY

# analyze reads the runs back (its reader takes the columns; --recompute rereads the logs)
mkdir -p "$work/data/runs/once/rgw"
cp -r "$work/rgw-get" "$work/data/runs/once/rgw/get-4KiB-c2"
"$analyze" "$work/data" --recompute -o "$work/res" >"$work/an.txt" 2>&1
check $? "analyze --recompute reads the ops log: $(tail -n 2 "$work/an.txt")"
finish
