#!/usr/bin/env python3
"""tests/tools/fake_aws.py: the AWS credential services on loopback, for tests only.

One HTTP server on 127.0.0.1 (a free port, printed as "PORT N" on stdout once it listens)
plays three parts:
  * the EC2 instance metadata service, IMDSv2 only: PUT /latest/api/token (needs
    X-aws-ec2-metadata-token-ttl-seconds), then GET /latest/meta-data/iam/security-
    credentials/ and .../ROLE with X-aws-ec2-metadata-token (401 without a valid one);
    the credentials are FAKE_AWS_KEY / FAKE_AWS_SECRET (environment) with a fresh session token each time, valid
    for --lifetime seconds;
  * STS: POST / with Action=AssumeRole, signed (its Authorization names --source-key,
    service sts): answers AssumeRoleResponse with the same keys and a fresh token,
    valid for min(DurationSeconds, --lifetime) seconds; anything else 403;
    Action=AssumeRoleWithWebIdentity (unsigned, as the SDKs send it) with RoleArn,
    RoleSessionName and a WebIdentityToken equal to FAKE_AWS_WEB_TOKEN (environment):
    AssumeRoleWithWebIdentityResponse likewise; another token 400 InvalidIdentityToken;
  * the container credentials endpoint (ECS, EKS Pod Identity): GET /container/ANY with an
    Authorization header equal to FAKE_AWS_CONTAINER_TOKEN (environment; when it is set):
    the ECS JSON (AccessKeyId, SecretAccessKey, Token, Expiration); a wrong or missing
    header 401;
  * an S3 front: every other request goes to --upstream unchanged (same Host header, so
    the upstream's SigV4 check still holds), except that a request whose
    x-amz-security-token is one this server issued and has expired gets S3's
    400 ExpiredToken, and an unknown "fake-" token 403 InvalidToken.
--tokens FILE lists the session tokens issued. GET /_stats answers JSON counters (tokens, credentials, assume_role, expired,
forwarded). The tokens it issues never hold a key. Stop it with SIGTERM.
"""
import argparse
import http.client
import http.server
import json
import os
import secrets
import socketserver
import sys
import threading
import time
import urllib.parse

ROLE = "s3bench-test-role"
HOP = {"connection", "keep-alive", "transfer-encoding", "proxy-connection", "te", "expect",
       "upgrade", "trailer"}


def iso(t):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


class State:
    def __init__(self, a):
        self.a = a
        self.lock = threading.Lock()
        self.imds_tokens = {}   # token -> expiry
        self.sessions = {}      # session token -> expiry
        self.stats = {"tokens": 0, "credentials": 0, "assume_role": 0, "expired": 0,
                      "invalid": 0, "forwarded": 0, "web_identity": 0, "container": 0}

    def count(self, k):
        with self.lock:
            self.stats[k] += 1

    def session(self, kind, life):
        tok = "fake-%s-%s" % (kind, secrets.token_hex(12))
        exp = time.time() + life
        with self.lock:
            self.sessions[tok] = exp
            if self.a.tokens:
                with open(self.a.tokens, "a") as f:
                    f.write(tok + "\n")
        return tok, exp


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    st = None

    def log_message(self, fmt, *args):
        pass

    def reply(self, code, body=b"", ctype="text/plain", extra=None):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n > 0 else b""

    # ---- IMDSv2
    def imds(self):
        st, a = self.st, self.st.a
        if self.command == "PUT" and self.path == "/latest/api/token":
            self.body()
            ttl = self.headers.get("X-aws-ec2-metadata-token-ttl-seconds")
            if not ttl or not ttl.isdigit():
                return self.reply(400, b"missing ttl")
            tok = secrets.token_hex(16)
            with st.lock:
                st.imds_tokens[tok] = time.time() + int(ttl)
            st.count("tokens")
            return self.reply(200, tok.encode())
        tok = self.headers.get("X-aws-ec2-metadata-token")
        with st.lock:
            valid = tok is not None and st.imds_tokens.get(tok, 0) > time.time()
        if not valid:
            return self.reply(401, b"")
        base = "/latest/meta-data/iam/security-credentials/"
        if self.path == base:
            return self.reply(200, ROLE.encode())
        if self.path == base + ROLE:
            stok, exp = st.session("imds", a.lifetime)
            st.count("credentials")
            doc = {"Code": "Success", "LastUpdated": iso(time.time()), "Type": "AWS-HMAC",
                   "AccessKeyId": a.key, "SecretAccessKey": a.secret, "Token": stok,
                   "Expiration": iso(exp)}
            return self.reply(200, json.dumps(doc).encode(), "application/json")
        return self.reply(404, b"")

    # ---- STS
    def sts(self, raw):
        st, a = self.st, self.st.a
        form = urllib.parse.parse_qs(raw.decode())
        auth = self.headers.get("Authorization") or ""
        want = "Credential=%s/" % a.source_key
        if want not in auth or "/sts/aws4_request" not in auth or \
                not self.headers.get("X-Amz-Date"):
            body = (b"<ErrorResponse><Error><Type>Sender</Type><Code>InvalidClientTokenId"
                    b"</Code><Message>The security token included in the request is "
                    b"invalid.</Message></Error></ErrorResponse>")
            return self.reply(403, body, "text/xml")
        role = form.get("RoleArn", [""])[0]
        name = form.get("RoleSessionName", [""])[0]
        dur = int(form.get("DurationSeconds", ["3600"])[0])
        if not role.startswith("arn:") or not name:
            return self.reply(400, b"<ErrorResponse><Error><Code>ValidationError</Code>"
                              b"<Message>RoleArn and RoleSessionName</Message></Error>"
                              b"</ErrorResponse>", "text/xml")
        stok, exp = st.session("sts", min(dur, a.lifetime))
        st.count("assume_role")
        body = ("<AssumeRoleResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\">"
                "<AssumeRoleResult><Credentials><AccessKeyId>%s</AccessKeyId>"
                "<SecretAccessKey>%s</SecretAccessKey><SessionToken>%s</SessionToken>"
                "<Expiration>%s</Expiration></Credentials><AssumedRoleUser><Arn>%s/%s"
                "</Arn></AssumedRoleUser></AssumeRoleResult></AssumeRoleResponse>" %
                (a.key, a.secret, stok, iso(exp), role, name))
        return self.reply(200, body.encode(), "text/xml")

    # ---- STS AssumeRoleWithWebIdentity
    def web_identity(self, raw):
        st, a = self.st, self.st.a
        form = urllib.parse.parse_qs(raw.decode())
        role = form.get("RoleArn", [""])[0]
        name = form.get("RoleSessionName", [""])[0]
        tok = form.get("WebIdentityToken", [""])[0]
        if not a.web_token or tok != a.web_token:
            return self.reply(400, b"<ErrorResponse><Error><Code>InvalidIdentityToken</Code>"
                              b"<Message>Token is not valid</Message></Error></ErrorResponse>",
                              "text/xml")
        if not role.startswith("arn:") or not name:
            return self.reply(400, b"<ErrorResponse><Error><Code>ValidationError</Code>"
                              b"<Message>RoleArn and RoleSessionName</Message></Error>"
                              b"</ErrorResponse>", "text/xml")
        stok, exp = st.session("web", a.lifetime)
        st.count("web_identity")
        body = ("<AssumeRoleWithWebIdentityResponse xmlns=\"https://sts.amazonaws.com/doc/"
                "2011-06-15/\"><AssumeRoleWithWebIdentityResult><Credentials><AccessKeyId>%s"
                "</AccessKeyId><SecretAccessKey>%s</SecretAccessKey><SessionToken>%s"
                "</SessionToken><Expiration>%s</Expiration></Credentials>"
                "</AssumeRoleWithWebIdentityResult></AssumeRoleWithWebIdentityResponse>" %
                (a.key, a.secret, stok, iso(exp)))
        return self.reply(200, body.encode(), "text/xml")

    # ---- the container credentials endpoint
    def container(self):
        st, a = self.st, self.st.a
        if a.container_token and self.headers.get("Authorization") != a.container_token:
            return self.reply(401, b"")
        stok, exp = st.session("container", a.lifetime)
        st.count("container")
        doc = {"AccessKeyId": a.key, "SecretAccessKey": a.secret, "Token": stok,
               "Expiration": iso(exp)}
        return self.reply(200, json.dumps(doc).encode(), "application/json")

    # ---- the S3 front
    def forward(self, raw):
        st = self.st
        tok = self.headers.get("x-amz-security-token")
        if tok is not None and tok.startswith("fake-"):
            with st.lock:
                exp = st.sessions.get(tok)
            if exp is None or exp <= time.time():
                code = "ExpiredToken" if exp is not None else "InvalidToken"
                st.count("expired" if exp is not None else "invalid")
                body = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>%s</Code>"
                        "<Message>The provided token has expired.</Message></Error>" % code)
                return self.reply(400 if exp is not None else 403, body.encode(),
                                  "application/xml")
        up = getattr(self, "_up", None)
        for attempt in range(2):
            try:
                if up is None:
                    up = http.client.HTTPConnection(st.a.upstream_host, st.a.upstream_port,
                                                    timeout=60)
                up.putrequest(self.command, self.path, skip_host=True,
                              skip_accept_encoding=True)
                for k, v in self.headers.items():
                    if k.lower() not in HOP and k.lower() != "content-length":
                        up.putheader(k, v)
                if raw or self.command in ("PUT", "POST"):
                    up.putheader("Content-Length", str(len(raw)))
                up.endheaders(raw if raw else None)
                r = up.getresponse()
                data = r.read()
                break
            except (OSError, http.client.HTTPException):
                up = None
                if attempt:
                    return self.reply(502, b"upstream failed")
        self._up = up
        st.count("forwarded")
        self.send_response(r.status)
        has_len = False
        for k, v in r.getheaders():
            if k.lower() in HOP:
                continue
            has_len |= k.lower() == "content-length"
            self.send_header(k, v)
        if r.getheader("Connection", "").lower() == "close":
            self._up = None
        if not has_len:
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def handle_one(self):
        if self.path == "/_stats":
            with self.st.lock:
                s = json.dumps(self.st.stats)
            return self.reply(200, s.encode(), "application/json")
        if self.path.startswith("/latest/"):
            return self.imds()
        if self.path.startswith("/container/") and self.command == "GET":
            return self.container()
        raw = self.body()
        if self.command == "POST" and self.path == "/" and \
                b"Action=AssumeRoleWithWebIdentity" in raw:
            return self.web_identity(raw)
        if self.command == "POST" and self.path == "/" and b"Action=AssumeRole" in raw:
            return self.sts(raw)
        return self.forward(raw)

    do_GET = do_PUT = do_POST = do_HEAD = do_DELETE = handle_one


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    p = argparse.ArgumentParser()
    # the keys come from the environment, never the command line (ps shows it)
    p.add_argument("--source-key", default="SOURCEKEY")
    p.add_argument("--lifetime", type=int, default=3600)
    p.add_argument("--upstream", default="http://127.0.0.1:1")
    p.add_argument("--tokens", help="append every session token issued to this file "
                   "(for a test's secret search)")
    a = p.parse_args()
    a.key, a.secret = os.environ["FAKE_AWS_KEY"], os.environ["FAKE_AWS_SECRET"]
    a.web_token = os.environ.get("FAKE_AWS_WEB_TOKEN", "")
    a.container_token = os.environ.get("FAKE_AWS_CONTAINER_TOKEN", "")
    u = urllib.parse.urlsplit(a.upstream)
    a.upstream_host, a.upstream_port = u.hostname, u.port or 80
    Handler.st = State(a)
    srv = Server(("127.0.0.1", 0), Handler)
    print("PORT %d" % srv.server_address[1], flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
