#!/usr/bin/env python3
"""tests/tools/chunk_probe.py: one aws-chunked PutObject, written independently of the
collector (Python's hmac and hashlib), to find out what a server checks.

    chunk_probe.py ENDPOINT BUCKET KEY MODE [--bad-chunk | --bad-trailer | --bad-decoded |
                   --bad-trailer-sig]

MODE: streaming (STREAMING-AWS4-HMAC-SHA256-PAYLOAD, each chunk signed),
streaming-unsigned (STREAMING-UNSIGNED-PAYLOAD-TRAILER with an x-amz-checksum-crc32
trailer), streaming-trailer (STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER: chunks signed,
the x-amz-checksum-crc32 trailer signed by x-amz-trailer-signature; --bad-trailer-sig a
wrong one) or plain (UNSIGNED-PAYLOAD, one body, an x-amz-checksum-crc32 header; with
--bad-checksum a wrong one). --bad-chunk sends a wrong signature on the second chunk; --bad-trailer a wrong
CRC-32 in the trailer; --bad-decoded a wrong x-amz-decoded-content-length. Credentials:
AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION (default us-east-1). Prints
"STATUS CODE" (CODE: the S3 error code, "-" when none) and exits 0 when a response came."""
import base64
import datetime
import hashlib
import hmac
import http.client
import os
import re
import sys
import zlib
from urllib.parse import quote, urlsplit

CHUNK = 65536


def hm(key, msg):
    return hmac.new(key, msg.encode(), hashlib.sha256)


def sign(hdrs, path, sha, sk, region, day, scope, amz, ak):
    names = sorted(hdrs)
    creq = "\n".join(["PUT", path, ""] + ["%s:%s" % (n, hdrs[n]) for n in names] +
                     ["", ";".join(names), sha])
    sts = "\n".join(["AWS4-HMAC-SHA256", amz, scope, hashlib.sha256(creq.encode()).hexdigest()])
    k = ("AWS4" + sk).encode()
    for part in (day, region, "s3", "aws4_request"):
        k = hm(k, part).digest()
    hdrs["authorization"] = ("AWS4-HMAC-SHA256 Credential=%s/%s, SignedHeaders=%s, "
                             "Signature=%s" % (ak, scope, ";".join(names), hm(k, sts).hexdigest()))


def send(u, path, hdrs, body):
    conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=30)
    conn.request("PUT", path, body=body, headers=hdrs)
    r = conn.getresponse()
    text = r.read().decode(errors="replace")
    m = re.search(r"<Code>([^<]*)</Code>", text)
    print(r.status, m.group(1) if m else "-")
    return 0


def plain(u, bucket, key, data, ak, sk, region, amz, day, scope, flags):
    crc = zlib.crc32(data) ^ (1 if "--bad-checksum" in flags else 0)
    hdrs = {"host": u.netloc, "x-amz-date": amz, "x-amz-content-sha256": "UNSIGNED-PAYLOAD",
            "x-amz-checksum-crc32": base64.b64encode(crc.to_bytes(4, "big")).decode()}
    path = "/%s/%s" % (bucket, quote(key))
    sign(hdrs, path, "UNSIGNED-PAYLOAD", sk, region, day, scope, amz, ak)
    hdrs["content-length"] = str(len(data))
    return send(u, path, hdrs, data)


def main(argv):
    endpoint, bucket, key, mode = argv[1:5]
    flags = set(argv[5:])
    ak, sk = os.environ["AWS_ACCESS_KEY_ID"], os.environ["AWS_SECRET_ACCESS_KEY"]
    region = os.environ.get("AWS_REGION", "us-east-1")
    u = urlsplit(endpoint)
    data = bytes((i * 7 + 3) & 0xFF for i in range(150000))
    now = datetime.datetime.now(datetime.timezone.utc)
    amz, day = now.strftime("%Y%m%dT%H%M%SZ"), now.strftime("%Y%m%d")
    scope = "%s/%s/s3/aws4_request" % (day, region)
    signed = mode in ("streaming", "streaming-trailer")
    trailer = mode != "streaming"
    if mode == "plain":
        return plain(u, bucket, key, data, ak, sk, region, amz, day, scope, flags)
    sha = {"streaming": "STREAMING-AWS4-HMAC-SHA256-PAYLOAD",
           "streaming-trailer": "STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER"}.get(
               mode, "STREAMING-UNSIGNED-PAYLOAD-TRAILER")
    decoded = len(data) + (1 if "--bad-decoded" in flags else 0)
    hdrs = {"host": u.netloc, "x-amz-date": amz, "x-amz-content-sha256": sha,
            "content-encoding": "aws-chunked", "x-amz-decoded-content-length": str(decoded)}
    if trailer:
        hdrs["x-amz-trailer"] = "x-amz-checksum-crc32"
    path = "/%s/%s" % (bucket, quote(key))
    names = sorted(hdrs)
    creq = "\n".join(["PUT", path, ""] + ["%s:%s" % (n, hdrs[n]) for n in names] +
                     ["", ";".join(names), sha])
    sts = "\n".join(["AWS4-HMAC-SHA256", amz, scope, hashlib.sha256(creq.encode()).hexdigest()])
    k = ("AWS4" + sk).encode()
    for part in (day, region, "s3", "aws4_request"):
        k = hm(k, part).digest()
    seed = hm(k, sts).hexdigest()
    hdrs["authorization"] = ("AWS4-HMAC-SHA256 Credential=%s/%s, SignedHeaders=%s, "
                             "Signature=%s" % (ak, scope, ";".join(names), seed))
    body, prev = b"", seed
    pieces = [data[i:i + CHUNK] for i in range(0, len(data), CHUNK)] + [b""]
    for n, piece in enumerate(pieces):
        if signed:
            csts = "\n".join(["AWS4-HMAC-SHA256-PAYLOAD", amz, scope, prev,
                              hashlib.sha256(b"").hexdigest(), hashlib.sha256(piece).hexdigest()])
            sig = hm(k, csts).hexdigest()
            prev = sig
            if n == 1 and "--bad-chunk" in flags:
                sig = ("0" if sig[0] != "0" else "1") + sig[1:]
            body += b"%x;chunk-signature=%s\r\n" % (len(piece), sig.encode())
        else:
            body += b"%x\r\n" % len(piece)
        if piece:
            body += piece + b"\r\n"
    if trailer:
        crc = zlib.crc32(data) ^ (1 if "--bad-trailer" in flags else 0)
        line = "x-amz-checksum-crc32:" + base64.b64encode(crc.to_bytes(4, "big")).decode()
        body += line.encode() + b"\r\n"
        if signed:  # the trailer, "name:value\n", chained from the final chunk's signature
            tsts = "\n".join(["AWS4-HMAC-SHA256-TRAILER", amz, scope, prev,
                              hashlib.sha256((line + "\n").encode()).hexdigest()])
            tsig = hm(k, tsts).hexdigest()
            if "--bad-trailer-sig" in flags:
                tsig = ("0" if tsig[0] != "0" else "1") + tsig[1:]
            body += b"x-amz-trailer-signature:" + tsig.encode() + b"\r\n"
    body += b"\r\n"
    hdrs["content-length"] = str(len(body))
    conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=30)
    conn.request("PUT", path, body=body, headers=hdrs)
    r = conn.getresponse()
    text = r.read().decode(errors="replace")
    m = re.search(r"<Code>([^<]*)</Code>", text)
    print(r.status, m.group(1) if m else "-")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
