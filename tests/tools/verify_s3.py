#!/usr/bin/env python3
"""tests/tools/verify_s3.py: a small S3 server of the project's own that checks what a
client sends, for the tests of integrity checksums and payload signing (RGW 16.2 and
s3rver 4.0.4 return no checksums and ignore trailers).

    verify_s3.py --port-file F --log L [--secret-key SK] [--corrupt-get]
                 [--addresses 127.0.0.1,127.0.0.2,...] [--region R] [--access-log A]
                 [--conditional aws|wrong] [--read-delay-ms N]
                 [--body-blocks]
                 [--stale-ms N]

Listens on 127.0.0.1 (or on each of --addresses, all on the same free port, written to F). Keeps objects in memory; answers
CreateBucket, PutObject, UploadPart, Create/CompleteMultipartUpload, AbortMultipartUpload,
GetObject, HeadObject, DeleteObject, DeleteObjects, ListObjectsV2 (one page), DeleteBucket.
Checks, with Python's own zlib, hashlib and hmac (an implementation independent of the
client's):
  - aws-chunked bodies: the framing, x-amz-decoded-content-length, every chunk signature
    of STREAMING-AWS4-HMAC-SHA256-PAYLOAD[-TRAILER] (chained from the request's own
    signature), the trailer of STREAMING-UNSIGNED-PAYLOAD-TRAILER, and the trailer and its
    x-amz-trailer-signature of STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER;
  - x-amz-checksum-* and Content-MD5 headers and trailers against the body;
  - CompleteMultipartUpload's per-part checksums against those of the parts;
  - with --region R, CreateBucket's LocationConstraint as AWS checks it: none in us-east-1,
    R elsewhere (400 IllegalLocationConstraintException when missing, 400
    InvalidLocationConstraint when another); the log has it as "location"; a bucket then
    exists only once created (HeadBucket and ListObjectsV2 of another: 404 NoSuchBucket).
A wrong one gets 400 BadDigest (or 403 SignatureDoesNotMatch for a chunk signature).
GetObject with x-amz-checksum-mode: ENABLED returns the stored checksum (--corrupt-get: a
wrong one). Every request is one JSON line in L: method, path, payload mode, checksum
algorithm, where it came from (header, trailer), chunks and chunk signatures verified,
status. The request's own SigV4 signature is not checked (RGW and s3rver do that).
With --access-log A every answer carries an x-amz-request-id (R then 15 hex digits) and
every request is one line of A in AWS's server access log format (docs: LogFormat.md; field
6 the request id, 14 Total Time from the request line read to the answer's last byte
written, 15
Turn-Around Time from the request's body read to the answer's first byte, whole ms rounded
down).
With --conditional aws, PutObject's If-None-Match: * and If-Match: ETAG are answered as AWS
answers them (its user guide, "Conditional writes"; checked and stored under one lock): 412
PreconditionFailed when the key exists / when its ETag is another, 404 NoSuchKey for
If-Match on a missing key; GetObject and HeadObject then return the object's own ETag (its
MD5). --conditional wrong accepts every condition (two winners of one If-None-Match, lost
updates under If-Match): the injected fault the correctness checks must catch.
With --read-delay-ms N a GetObject or HeadObject of an object answers N ms after it read the
object (its ETag taken before the wait): readers of one key overlap whatever the machine's
load, so contending conditional writers meet.
With --body-blocks every PutObject and UploadPart log line also has "blocks4k" (the first 16
hex digits of the SHA-1 of each whole 4 KiB block of the body, cut from its start) and
"zlib" (the body's length compressed by zlib at level 6): what the client sent, for the
payload certificate's test.
Writes with SSE headers are checked as AWS does: an SSE-C key must match its MD5, and an object
written with one is read only with the same key (400 InvalidRequest); the log line has the
mode (sse), the KMS key id, x-amz-tagging and the customer key received (sse_c_key).
With --stale-ms N the server is eventually consistent, by a window the test knows: for N ms
after a PUT, a CompleteMultipartUpload or a DELETE of a key, GetObject, HeadObject and
ListObjectsV2 still answer with the key's state before it (the object then, or none);
conditions and deletes act on the current state. 0 (the default): read-after-write
consistent. With N > 0 answers go out without Nagle's delay, so that polls every 10 ms
are answered within their interval, and the log line of a read answered with a state that is
no longer the key's has "stale": true: the truth of what each poll saw, whatever the load."""
import argparse
import base64
import hashlib
import hmac
import json
import re
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit


def crc_table(poly, width):
    tab = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ poly if c & 1 else c >> 1
        tab.append(c)
    return tab, (1 << width) - 1


CRC32C = crc_table(0x82F63B78, 32)
CRC64NVME = crc_table(0x9A6C9329AC4BC9B5, 64)


def crc_refl(data, table):
    tab, mask = table
    c = mask
    for b in data:
        c = tab[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ mask


def digest(alg, data):
    if alg == "crc32":
        return zlib.crc32(data).to_bytes(4, "big")
    if alg == "crc32c":
        return crc_refl(data, CRC32C).to_bytes(4, "big")
    if alg == "crc64nvme":
        return crc_refl(data, CRC64NVME).to_bytes(8, "big")
    return hashlib.new(alg, data).digest()


def b64(alg, data):
    return base64.b64encode(digest(alg, data)).decode()


ALGS = ["crc32", "crc32c", "crc64nvme", "sha1", "sha256"]


class Fail(Exception):
    def __init__(self, status, code, msg):
        super().__init__(msg)
        self.status, self.code, self.msg = status, code, msg


class StaleObjects(dict):
    """--stale-ms: the objects, (bucket, key) -> (data, alg, value), remembering each key's
    state before its last change (a write or a delete) for stale_s seconds: seen() and
    seen_keys() answer what a read sees then."""
    def __init__(self):
        super().__init__()
        self.stale_s, self.before = 0.0, {}  # key -> (monotonic time of the change, old)
        self.served = threading.local()  # .stale: this thread's read answered an old state

    def note(self, k):
        if self.stale_s > 0:
            self.before[k] = (time.monotonic(), self.seen(k))

    def __setitem__(self, k, v):
        self.note(k)
        super().__setitem__(k, v)

    def pop(self, k, *default):
        if k in self:  # deleting what is gone already changes nothing
            self.note(k)
        return super().pop(k, *default)

    def seen(self, k, read=False):
        """What a read of k sees now; a read (read True) answered with a state that is no
        longer k's marks this thread's served.stale."""
        b = self.before.get(k)
        if b is not None and time.monotonic() - b[0] < self.stale_s:
            if read and b[1] != self.get(k):
                self.served.stale = True
            return b[1]
        return self.get(k)

    def seen_keys(self, bucket, prefix):
        ks = set(self) | set(self.before)
        return sorted(k for (b, k) in ks if b == bucket and k.startswith(prefix)
                      and self.seen((b, k), read=True) is not None)

    def take_stale(self):
        """Whether this thread's reads since the last call answered an old state."""
        was = getattr(self.served, "stale", False)
        self.served.stale = False
        return was


class Store:
    def __init__(self):
        self.lock = threading.Lock()
        self.objects = StaleObjects()  # (bucket, key) -> (data, alg, value)
        self.ssec = {}  # (bucket, key) -> the MD5 (base64) of the SSE-C key it was written with
        self.uploads = {}  # upload id -> dict
        self.buckets = set()
        self.next = 0
        self.etags = {}  # (bucket, key) -> the ETag of its PutObject (--conditional)


def signing_key(secret, date, region, service):
    k = ("AWS4" + secret).encode()
    for part in (date, region, service, "aws4_request"):
        k = hmac.new(k, part.encode(), hashlib.sha256).digest()
    return k


def conditional_check(mode, headers, old_etag):
    """--conditional: the Fail a conditional PutObject gets, or None to store it. old_etag:
    the key's current ETag (None: no object). mode "wrong" accepts every condition."""
    if mode is None or mode == "wrong":
        return None
    inm, im = headers.get("If-None-Match"), headers.get("If-Match")
    if inm is not None and inm.strip() != "*":
        return Fail(501, "NotImplemented", "If-None-Match takes only *")
    if inm is not None and old_etag is not None:
        return Fail(412, "PreconditionFailed",
                    "At least one of the pre-conditions you specified did not hold")
    if im is not None and old_etag is None:
        return Fail(404, "NoSuchKey", "The specified key does not exist.")
    if im is not None and im.strip() not in ("*", old_etag):
        return Fail(412, "PreconditionFailed",
                    "At least one of the pre-conditions you specified did not hold")
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    # --- --access-log: request ids and AWS access log lines ----------------------
    def parse_request(self):
        self.t_recv = self.t_body = time.monotonic()
        self.t_first, self.req_id, self.sent, self.t_done = None, None, 0, None
        if self.server.access is not None:
            with self.server.log_lock:
                self.server.ids[0] += 1
                self.req_id = "R%015X" % self.server.ids[0]
        return super().parse_request()

    def send_response(self, code, message=None):
        self.t_first, self.status = time.monotonic(), code
        super().send_response(code, message)
        if self.req_id is not None:
            self.send_header("x-amz-request-id", self.req_id)

    def handle_one_request(self):
        self.req_id = None
        self.server.store.objects.take_stale()  # a read's mark is its own request's
        super().handle_one_request()
        if self.req_id is None or self.t_first is None or self.t_done is None:
            return
        total = int((self.t_done - self.t_recv) * 1000)
        turn = int((self.t_first - self.t_body) * 1000)
        path = urlsplit(self.path).path.split("/", 2)
        line = ('owner %s [%s] %s - %s REST.%s.OBJECT %s "%s %s %s" %d - %d - %d %d "-" "%s" - '
                'hostid SigV4 - AuthHeader %s - - -\n'
                % (path[1] if len(path) > 1 else "-",
                   time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime()),
                   self.client_address[0], self.req_id, self.command,
                   path[2] if len(path) > 2 and path[2] else "-", self.command, self.path,
                   self.request_version, self.status, self.sent, total, turn,
                   self.headers.get("User-Agent", "-"), self.headers.get("Host", "-")))
        with self.server.log_lock:
            self.server.access.write(line)
            self.server.access.flush()

    def note(self, **kw):
        rec = {"method": self.command, "path": self.path,
               "peer": "%s:%d" % self.client_address[:2],
               "local": self.connection.getsockname()[0],
               "version": self.request_version}
        if self.server.store.objects.take_stale():
            rec["stale"] = True
        rec.update(kw)
        with self.server.log_lock:
            self.server.log.write(json.dumps(rec) + "\n")
            self.server.log.flush()

    def reply(self, status, body=b"", headers=None):
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
            self.sent = len(body)
        self.wfile.flush()
        self.t_done = time.monotonic()  # the answer's last byte sent (--access-log)

    def error(self, f):
        body = ("<?xml version=\"1.0\"?><Error><Code>%s</Code><Message>%s</Message></Error>"
                % (f.code, f.msg)).encode()
        self.reply(f.status, body, {"Content-Type": "application/xml"})

    # --- the request body ---------------------------------------------------------
    def raw_body(self):
        data = self.read_body()
        self.t_body = time.monotonic()  # the request's last byte read (--access-log)
        return data

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            out = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b""):
                        pass
                    return out
                out += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def decode_chunked(self, raw, mode, info):
        """aws-chunked: data, trailers; chunk signatures checked when signed."""
        signed = mode.startswith("STREAMING-AWS4-HMAC-SHA256-PAYLOAD")
        prev = key = scope = date = None
        if signed:
            auth = self.headers.get("Authorization", "")
            m = re.search(r"Credential=[^/]+/(\d{8})/([^/]+)/([^/]+)/aws4_request", auth)
            s = re.search(r"Signature=([0-9a-f]{64})", auth)
            if not m or not s:
                raise Fail(403, "SignatureDoesNotMatch", "no seed signature")
            prev, date = s.group(1), self.headers.get("x-amz-date", "")
            key = signing_key(self.server.secret, m.group(1), m.group(2), m.group(3))
            scope = "%s/%s/%s/aws4_request" % m.groups()
        pos, data, trailers, nsig = 0, b"", {}, 0
        while True:
            eol = raw.index(b"\r\n", pos)
            head = raw[pos:eol].decode()
            pos = eol + 2
            size_s, _, ext = head.partition(";")
            size = int(size_s, 16)
            chunk = raw[pos:pos + size]
            if signed:
                sig = ext.partition("chunk-signature=")[2]
                sts = "\n".join(["AWS4-HMAC-SHA256-PAYLOAD", date, scope, prev,
                                 hashlib.sha256(b"").hexdigest(),
                                 hashlib.sha256(chunk).hexdigest()])
                want = hmac.new(key, sts.encode(), hashlib.sha256).hexdigest()
                if sig != want:
                    raise Fail(403, "SignatureDoesNotMatch",
                               "chunk %d signature %s, expected %s" % (nsig + 1, sig, want))
                prev, nsig = sig, nsig + 1
            if size == 0:
                break
            data += chunk
            pos += size
            if raw[pos:pos + 2] != b"\r\n":
                raise Fail(400, "IncompleteBody", "chunk not followed by CRLF")
            pos += 2
            info["chunks"] = info.get("chunks", 0) + 1
        rest = raw[pos:].decode()
        for line in rest.split("\r\n"):
            if ":" in line:
                k, _, v = line.partition(":")
                trailers[k.strip().lower()] = v.strip()
        if rest[-4:] != "\r\n\r\n" and rest != "\r\n":
            raise Fail(400, "IncompleteBody", "aws-chunked body does not end in CRLF CRLF")
        if signed and mode.endswith("-TRAILER"):
            self.trailer_signature(trailers, key, date, scope, prev, info)
        info["chunk_signatures"] = nsig
        dec = self.headers.get("x-amz-decoded-content-length")
        if dec is None or int(dec) != len(data):
            raise Fail(400, "IncompleteBody", "x-amz-decoded-content-length %s, body %d"
                       % (dec, len(data)))
        return data, trailers

    def trailer_signature(self, trailers, key, date, scope, prev, info):
        """STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER: x-amz-trailer-signature, the HMAC of
        the trailing headers (sorted, "name:value\\n" each) chained from the final chunk."""
        sig = trailers.pop("x-amz-trailer-signature", None)
        if sig is None:
            raise Fail(403, "SignatureDoesNotMatch", "no x-amz-trailer-signature")
        canon = "".join("%s:%s\n" % (k, trailers[k]) for k in sorted(trailers))
        sts = "\n".join(["AWS4-HMAC-SHA256-TRAILER", date, scope, prev,
                         hashlib.sha256(canon.encode()).hexdigest()])
        want = hmac.new(key, sts.encode(), hashlib.sha256).hexdigest()
        if sig != want:
            raise Fail(403, "SignatureDoesNotMatch",
                       "trailer signature %s, expected %s" % (sig, want))
        info["trailer_signature"] = True

    def body(self, info):
        raw = self.raw_body()
        mode = self.headers.get("x-amz-content-sha256", "")
        info["payload"] = mode
        trailers = {}
        if "aws-chunked" in self.headers.get("Content-Encoding", ""):
            data, trailers = self.decode_chunked(raw, mode, info)
        else:
            data = raw
            if re.fullmatch(r"[0-9a-f]{64}", mode) and hashlib.sha256(data).hexdigest() != mode:
                raise Fail(400, "XAmzContentSHA256Mismatch", "payload hash")
        return data, trailers

    def checksum(self, data, trailers, info):
        """the checksum sent (header or trailer) checked against data: (alg, value)"""
        md5 = self.headers.get("Content-MD5")
        if md5 is not None:
            info.update(checksum="md5", source="header")
            if base64.b64encode(hashlib.md5(data).digest()).decode() != md5:
                raise Fail(400, "BadDigest", "Content-MD5")
        for alg in ALGS:
            name = "x-amz-checksum-" + alg
            val, src = self.headers.get(name), "header"
            if val is None and name in trailers:
                val, src = trailers[name], "trailer"
            if val is None:
                continue
            if src == "trailer" and self.headers.get("x-amz-trailer", "").lower() != name:
                raise Fail(400, "InvalidRequest", "trailer %s not announced" % name)
            info.update(checksum=alg, source=src)
            if b64(alg, data) != val:
                raise Fail(400, "BadDigest", "%s %s, body's %s" % (name, val, b64(alg, data)))
            info["checksum_ok"] = True
            return alg, val
        return None, None

    def location(self, data, info):
        """CreateBucket's LocationConstraint (into info["location"], None when the body has
        none) checked as AWS checks it against the server's --region: none in us-east-1
        (InvalidLocationConstraint), the region elsewhere (IllegalLocationConstraintException
        when missing, InvalidLocationConstraint when another)."""
        loc = re.findall(r"<LocationConstraint>(.*?)</LocationConstraint>", data.decode())
        info["location"] = loc[0] if loc else None
        want = self.server.region
        if want is None or info["location"] == (None if want == "us-east-1" else want):
            return
        if info["location"] is None:
            raise Fail(400, "IllegalLocationConstraintException",
                       "The unspecified location constraint is incompatible for the region "
                       "specific endpoint this request was sent to.")
        raise Fail(400, "InvalidLocationConstraint",
                   "The specified location-constraint is not valid")

    # --- operations -----------------------------------------------------------------
    def route(self):
        u = urlsplit(self.path)
        parts = unquote(u.path).lstrip("/").split("/", 1)
        return parts[0], (parts[1] if len(parts) > 1 else ""), parse_qs(u.query,
                                                                         keep_blank_values=True)

    def do_PUT(self):
        info = {}
        try:
            bucket, key, q = self.route()
            data, trailers = self.body(info)
            st = self.server.store
            if not key:
                self.location(data, info)
                st.buckets.add(bucket)
                self.note(status=200, **info)
                return self.reply(200)
            alg, val = self.checksum(data, trailers, info)
            body_blocks(self.server, data, info)
            sse_write(self.headers, st, bucket, key if "uploadId" not in q else None, info)
            etag = '"%s"' % hashlib.md5(data).hexdigest()
            with st.lock:
                if "uploadId" in q:
                    up = st.uploads[q["uploadId"][0]]
                    up["parts"][int(q["partNumber"][0])] = (data, val)
                else:
                    f = conditional_check(self.server.conditional, self.headers,
                                          st.etags.get((bucket, key)))
                    if f is not None:
                        raise f
                    st.objects[(bucket, key)] = (data, alg, val)
                    st.etags[(bucket, key)] = etag
            hdrs = {"ETag": etag}
            if alg:
                hdrs["x-amz-checksum-" + alg] = val
            self.note(status=200, **info)
            self.reply(200, b"", hdrs)
        except Fail as f:
            self.note(status=f.status, error=f.msg, **info)
            self.error(f)

    def do_POST(self):
        info = {}
        try:
            bucket, key, q = self.route()
            data, _ = self.body(info)
            st = self.server.store
            if "uploads" in q:
                with st.lock:
                    st.next += 1
                    uid = "up%d" % st.next
                    alg = self.headers.get("x-amz-checksum-algorithm", "").lower() or None
                    st.uploads[uid] = {"key": (bucket, key), "alg": alg, "parts": {},
                                       "type": self.headers.get("x-amz-checksum-type", "COMPOSITE")}
                info.update(checksum=alg, type=st.uploads[uid]["type"])
                self.note(status=200, **info)
                body = ("<InitiateMultipartUploadResult><Bucket>%s</Bucket><Key>%s</Key>"
                        "<UploadId>%s</UploadId></InitiateMultipartUploadResult>"
                        % (bucket, key, uid)).encode()
                return self.reply(200, body)
            if "uploadId" in q:
                return self.complete(bucket, key, q["uploadId"][0], data, info)
            if "delete" in q:
                keys = re.findall(r"<Key>(.*?)</Key>", data.decode())
                with st.lock:
                    for k in keys:
                        st.objects.pop((bucket, k), None)
                        st.etags.pop((bucket, k), None)
                self.note(status=200, deleted=len(keys))
                return self.reply(200, b"<DeleteResult></DeleteResult>")
            raise Fail(400, "InvalidRequest", "unknown POST")
        except Fail as f:
            self.note(status=f.status, error=f.msg, **info)
            self.error(f)

    def complete(self, bucket, key, uid, data, info):
        st = self.server.store
        with st.lock:
            up = st.uploads.pop(uid)
        alg = up["alg"]
        text = data.decode()
        whole = b"".join(up["parts"][n][0] for n in sorted(up["parts"]))
        val = None
        info.update(checksum=alg, type=up["type"], parts=len(up["parts"]))
        if alg:
            elem = "Checksum" + alg.upper()
            sent = re.findall(r"<%s>(.*?)</%s>" % (elem, elem), text)
            mine = [up["parts"][n][1] for n in sorted(up["parts"])]
            if sent != mine:
                raise Fail(400, "InvalidPart", "part checksums %s, parts had %s" % (sent, mine))
            if up["type"] == "FULL_OBJECT":
                val = b64(alg, whole)
                hv = self.headers.get("x-amz-checksum-" + alg)
                if hv is not None and hv != val:
                    raise Fail(400, "BadDigest", "full-object %s, object's %s" % (hv, val))
                info["full_object_ok"] = hv is not None
            else:
                raw = b"".join(base64.b64decode(v) for v in mine)
                val = "%s-%d" % (b64(alg, raw), len(mine))
        with st.lock:
            st.objects[(bucket, key)] = (whole, alg, val)
        self.note(status=200, object_checksum=val, **info)
        body = ("<CompleteMultipartUploadResult><ETag>\"mp\"</ETag>"
                "</CompleteMultipartUploadResult>").encode()
        self.reply(200, body)

    def do_GET(self):
        bucket, key, q = self.route()
        st = self.server.store
        if not key and "uploads" in q:
            self.note(status=200)
            return self.reply(200, b"<ListMultipartUploadsResult><IsTruncated>false"
                              b"</IsTruncated></ListMultipartUploadsResult>")
        if not key and self.server.region is not None and bucket not in st.buckets:
            self.note(status=404)
            return self.error(Fail(404, "NoSuchBucket", bucket))
        if not key:
            with st.lock:
                keys = st.objects.seen_keys(bucket, q.get("prefix", [""])[0])
            body = "<ListBucketResult><IsTruncated>false</IsTruncated>%s</ListBucketResult>" % (
                "".join("<Contents><Key>%s</Key></Contents>" % k for k in keys))
            self.note(status=200, listed=len(keys))
            return self.reply(200, body.encode())
        with st.lock:
            obj = st.objects.seen((bucket, key), read=True)
        if self.server.read_delay > 0:
            time.sleep(self.server.read_delay)
        if obj is None:
            self.note(status=404)
            return self.error(Fail(404, "NoSuchKey", key))
        data, alg, val = obj
        info = {}
        try:
            sse_read(self.headers, st, bucket, key, info)
        except Fail as f:
            self.note(status=f.status, error=f.msg, **info)
            return self.error(f)
        hdrs = {"ETag": '"x"'}
        if self.server.conditional is not None:
            with st.lock:
                hdrs["ETag"] = st.etags.get((bucket, key), '"x"')
        mode = self.headers.get("x-amz-checksum-mode", "")
        if mode == "ENABLED" and alg and val:
            if self.server.corrupt:
                val = b64(alg, data + b"x")
            hdrs["x-amz-checksum-" + alg] = val
        self.note(status=200, checksum_mode=mode, returned=hdrs.get("x-amz-checksum-" + str(alg)),
                  **info)
        self.reply(200, data, hdrs)

    def do_HEAD(self):
        self.do_GET()

    def do_DELETE(self):
        bucket, key, q = self.route()
        st = self.server.store
        with st.lock:
            if "uploadId" in q:
                st.uploads.pop(q["uploadId"][0], None)
            elif key:
                st.objects.pop((bucket, key), None)
                st.etags.pop((bucket, key), None)
            else:
                st.buckets.discard(bucket)
        self.note(status=204)
        self.reply(204)


def body_blocks(srv, data, info):
    """--body-blocks: the body's 4 KiB blocks (hashed) and zlib length into the log line."""
    if not srv.body_blocks:
        return
    info["blocks4k"] = [hashlib.sha1(data[i:i + 4096]).hexdigest()[:16]
                        for i in range(0, len(data) - 4095, 4096)]
    info["zlib"] = len(zlib.compress(data, 6))
    info["bytes"] = len(data)


SSE = "x-amz-server-side-encryption"


def sse_write(headers, st, bucket, key, info):
    """A write's encryption and tags into the log line (sse: AES256, aws:kms, c; kms_key; tagging;
    sse_c_key: the customer key as received, for the tests that look for it in collect's
    outputs); an SSE-C key must match its MD5 (400 InvalidArgument), and an object written with
    it (key not None) is remembered: a read must send it again."""
    if headers.get(SSE):
        info["sse"] = headers[SSE]
        info["kms_key"] = headers.get(SSE + "-aws-kms-key-id")
    if headers.get("x-amz-tagging"):
        info["tagging"] = headers["x-amz-tagging"]
    alg = headers.get(SSE + "-customer-algorithm")
    if alg is None:
        return
    ck, md5 = headers.get(SSE + "-customer-key", ""), headers.get(SSE + "-customer-key-md5", "")
    info.update(sse="c", sse_c_key=ck)
    try:
        raw = base64.b64decode(ck, validate=True)
    except ValueError:
        raw = b""
    if alg != "AES256" or len(raw) != 32 or \
            base64.b64encode(hashlib.md5(raw).digest()).decode() != md5:
        raise Fail(400, "InvalidArgument", "bad SSE-C key, MD5 or algorithm")
    if key is not None:
        with st.lock:
            st.ssec[(bucket, key)] = md5


def sse_read(headers, st, bucket, key, info):
    """A read of an object written with SSE-C sends the same key (400 InvalidRequest)."""
    with st.lock:
        want = st.ssec.get((bucket, key))
    if want is None:
        return
    got = headers.get(SSE + "-customer-key-md5")
    info["sse_c_ok"] = got == want
    if got != want:
        raise Fail(400, "InvalidRequest", "the object was written with an SSE-C key")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port-file", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--secret-key", default="verify-secret")
    ap.add_argument("--corrupt-get", action="store_true")
    ap.add_argument("--addresses", default="127.0.0.1")
    ap.add_argument("--region", default=None)
    ap.add_argument("--access-log", default=None)
    ap.add_argument("--conditional", choices=("aws", "wrong"), default=None)
    ap.add_argument("--body-blocks", action="store_true")
    ap.add_argument("--stale-ms", type=float, default=0.0)
    ap.add_argument("--read-delay-ms", type=float, default=0.0)
    a = ap.parse_args()
    store, log, lock = Store(), open(a.log, "a"), threading.Lock()
    store.objects.stale_s = a.stale_ms / 1000.0
    # a poll's answer (headers, then body: two writes) must not wait for the client's
    # delayed ACK (40 ms), or polls could not keep their interval
    Handler.disable_nagle_algorithm = a.stale_ms > 0
    access, ids = (open(a.access_log, "a") if a.access_log else None), [0]
    servers, port = [], 0
    if a.conditional is not None:  # 412s are answered in two writes: no 40 ms delayed ACK
        Handler.disable_nagle_algorithm = True
    for addr in a.addresses.split(","):
        srv = ThreadingHTTPServer((addr, port), Handler)
        port = srv.server_address[1]
        srv.store, srv.secret, srv.corrupt = store, a.secret_key, a.corrupt_get
        srv.region = a.region
        srv.conditional = a.conditional
        srv.read_delay = a.read_delay_ms / 1000.0
        srv.body_blocks = a.body_blocks
        srv.log, srv.log_lock = log, lock
        srv.access, srv.ids = access, ids
        servers.append(srv)
    for srv in servers[1:]:
        threading.Thread(target=srv.serve_forever, daemon=True).start()
    with open(a.port_file + ".tmp", "w") as f:
        f.write("%d\n" % port)
    import os
    os.rename(a.port_file + ".tmp", a.port_file)
    try:
        servers[0].serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
