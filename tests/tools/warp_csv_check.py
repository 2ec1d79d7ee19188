#!/usr/bin/env python3
"""tests/tools/warp_csv_check.py: read ops.tsv.zst files the way MinIO Warp reads its
per-request CSV (pkg/bench/ops.go, StreamOperationsFromCSV: Go encoding/csv with a tab
separator and '#' comments, columns found by name in the header, times parsed as
time.RFC3339Nano, bytes/n_objects as int64, thread as a 16-bit unsigned, cat as a
uint64) and check what Warp's own files guarantee (Operations.CSV after
SortByStartTime and SetClientID): rows in non-decreasing start order, idx = position
from 0, one non-empty client_id in every row, times formatted as Go formats them in UTC,
duration_ns = end - start. Written from those rules, independent of core/opslog.c.

usage: warp_csv_check.py [--same-client] FILE...
Prints one line per file: "FILE rows=N client_id=ID end_descents=K" (K: rows that
ended before a row started earlier had ended, i.e. rows whose completion order differs
from their start order), then "problem: ..." lines; exit 1 on any problem. With
--same-client every file must carry the same client_id."""
import re
import subprocess
import sys
from datetime import datetime, timezone

NEEDED = ["start", "first_byte", "end", "bytes", "thread", "n_objects", "op", "error",
          "file"]
OURS = ["idx", "thread", "op", "client_id", "n_objects", "bytes", "endpoint", "file",
        "error", "start", "first_byte", "last_byte", "end", "duration_ns", "cat"]
# collect's own columns after Warp's (docs/FORMATS.md): a rate run's intended start, then
# the request phases, then who answered, then a list run's page, then which connection;
# Warp's reader finds columns by name and ignores these
EXTRA = [["intended"], ["dns_us", "connect_us", "tls_us", "send_us", "wait_us", "transfer_us",
                        "conn", "rtt_us"], ["remote", "request_id", "host_id"], ["page"],
         ["conn_id", "conn_req", "conn_age_ms"]]
TIME = re.compile(r"^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?"
                  r"(Z|[+-]\d\d:\d\d)$")


class Bad(Exception):
    pass


def records(text):
    """Go encoding/csv (Comma '\\t', Comment '#', LazyQuotes false): records."""
    i, n = 0, len(text)
    while i < n:
        if text[i] == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
            continue
        if text[i] == "\n":
            i += 1
            continue
        fields = []
        while True:
            if i < n and text[i] == '"':
                i += 1
                parts = []
                while True:
                    j = text.find('"', i)
                    if j < 0:
                        raise Bad("extraneous or missing \" in quoted-field")
                    parts.append(text[i:j])
                    i = j + 1
                    if i < n and text[i] == '"':
                        parts.append('"')
                        i += 1
                        continue
                    break
                if i < n and text[i] not in "\t\n":
                    raise Bad('extraneous " in field')
                fields.append("".join(parts))
            else:
                j = i
                while j < n and text[j] not in "\t\n":
                    j += 1
                if '"' in text[i:j]:
                    raise Bad('bare " in non-quoted-field')
                fields.append(text[i:j])
                i = j
            if i < n and text[i] == "\t":
                i += 1
                continue
            i += 1
            break
        yield fields


def go_time(s):
    """time.Parse(time.RFC3339Nano, s) as Unix ns; also whether s is the text Go's
    Format(time.RFC3339Nano) gives in UTC (fraction without trailing zeros, 'Z')."""
    m = TIME.match(s)
    if not m:
        raise Bad("not RFC 3339: %r" % s)
    y, mo, d, h, mi, sec = (int(x) for x in m.groups()[:6])
    frac, zone = m.group(7) or "", m.group(8)
    secs = int(datetime(y, mo, d, h, mi, sec, tzinfo=timezone.utc).timestamp())
    if zone != "Z":
        off = (int(zone[1:3]) * 60 + int(zone[4:6])) * 60
        secs -= off if zone[0] == "+" else -off
    ns = secs * 10**9 + int((frac + "000000000")[:9])
    canonical = zone == "Z" and not frac.endswith("0")
    return ns, canonical


def go_int(s, what, lo, hi):
    if not re.match(r"^[+-]?\d+$", s) or not lo <= int(s) <= hi:
        raise Bad("%s: %r is not an integer in [%d, %d]" % (what, s, lo, hi))
    return int(s)


def check_file(path):
    text = subprocess.run(["zstd", "-dcq", path], check=True, capture_output=True).stdout
    recs = records(text.decode("utf-8"))
    header = next(recs)
    col = {name: i for i, name in enumerate(header)}
    rest = header[len(OURS):]
    for extra in EXTRA:
        if rest[:len(extra)] == extra:
            rest = rest[len(extra):]
    if header[:len(OURS)] != OURS or rest:
        raise Bad("header %r" % header)
    for name in NEEDED:
        if name not in col:
            raise Bad("no column %s" % name)
    rows, ids, descents = 0, set(), 0
    last_start, max_end = None, None
    for k, v in enumerate(recs):
        where = "row %d" % (k + 1)
        if len(v) != len(header):
            raise Bad("%s: %d fields" % (where, len(v)))
        start, c1 = go_time(v[col["start"]])
        end, c2 = go_time(v[col["end"]])
        canon = c1 and c2
        for name in ("first_byte", "last_byte"):
            if v[col[name]]:
                canon = go_time(v[col[name]])[1] and canon
        if not canon:
            raise Bad("%s: a time not as Go formats it in UTC" % where)
        go_int(v[col["bytes"]], where + " bytes", -2**63, 2**63 - 1)
        go_int(v[col["n_objects"]], where + " n_objects", -2**63, 2**63 - 1)
        go_int(v[col["thread"]], where + " thread", 0, 65535)
        go_int(v[col["cat"]], where + " cat", 0, 2**64 - 1)
        if go_int(v[col["idx"]], where + " idx", 0, 2**63 - 1) != k:
            raise Bad("%s: idx %s, not its position %d" % (where, v[col["idx"]], k))
        if go_int(v[col["duration_ns"]], where + " duration_ns", -2**63, 2**63 - 1) != end - start:
            raise Bad("%s: duration_ns is not end - start" % where)
        if last_start is not None and start < last_start:
            raise Bad("%s: starts before the row above it" % where)
        if max_end is not None and end < max_end:
            descents += 1
        last_start = start
        max_end = end if max_end is None else max(max_end, end)
        ids.add(v[col["client_id"]])
        rows += 1
    if len(ids) != 1 or "" in ids:
        raise Bad("client_id values %r: want one, not empty" % sorted(ids))
    return rows, ids.pop(), descents


def main(argv):
    same = "--same-client" in argv
    files = [a for a in argv if a != "--same-client"]
    problems, seen = 0, set()
    for f in files:
        try:
            rows, cid, desc = check_file(f)
            seen.add(cid)
            print("%s rows=%d client_id=%s end_descents=%d" % (f, rows, cid, desc))
        except (Bad, UnicodeDecodeError, subprocess.CalledProcessError, StopIteration) as e:
            print("problem: %s: %s" % (f, e or "empty file"))
            problems += 1
    if same and len(seen) > 1:
        print("problem: %d different client_id values: %s" % (len(seen), sorted(seen)))
        problems += 1
    return 1 if problems or not files else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
