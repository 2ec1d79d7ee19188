#!/usr/bin/env python3
"""tests/lab/lab.py: the lab's profiles (tests/lab/profiles.ini) for the scripts and the tests.

    lab.py shell                       the profiles as shell assignments (tests/lab/up evals them)
    lab.py campaign full|reduced OUT   write the campaign the lab runs (make lab: full; the
                                       truth test: reduced), its labels and client text saying
                                       what was emulated
    lab.py campaign3 full|reduced OUT  the 3-client campaign (one subject, run under mpirun)
    lab.py truth DATA_DIR RESULTS_DIR  check the results against what the profiles allow
                                       (docs/LAB.md "The truth"); one ok/FAIL/SKIP line per
                                       check, and a TIMING line per timing check (DATA_DIR's
                                       load.tsv: docs/LAB.md "Timing checks"); exit 1 when
                                       any fails
Environment: LAB_NAME (the lab's prefix, default s3lab), LAB_NET (the /24, default 198.18.0),
LAB_TRUST (ca_bundle, the default: each subject trusts LAB_CA, the lab CA's certificate
that tests/lab/up prints; or insecure).
"""
import configparser
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROFILES = os.environ.get("LAB_PROFILES", os.path.join(HERE, "profiles.ini"))
UNITS = {"B/s": 1, "KiB/s": 1024, "MiB/s": 1048576, "GiB/s": 1073741824, "KB/s": 1e3,
         "MB/s": 1e6, "GB/s": 1e9, "kbit/s": 1e3 / 8, "Mbit/s": 1e6 / 8, "Gbit/s": 1e9 / 8}
# TCP payload per byte a NIC cap counts at MTU 1500 (1448 of 1514 with timestamps)
NIC_PAYLOAD = 1448 / 1514
MIB = 1048576.0


def rate(s):
    """'25MiB/s' -> bytes/s; '' or '0' -> 0 (no cap)."""
    s = (s or "0").strip()
    m = re.fullmatch(r"([0-9.]+)\s*([A-Za-z/]*)", s)
    if not m:
        raise ValueError("not a rate: " + s)
    v, u = float(m.group(1)), m.group(2)
    if not u:
        return v
    if u not in UNITS:
        raise ValueError("unknown unit in rate: " + s)
    return v * UNITS[u]


def human_rate(bps):
    bits = bps * 8
    if bits >= 1e9 and bits % 1e9 == 0:
        return "%g Gbit/s" % (bits / 1e9)
    if bps >= MIB and bps % MIB == 0:
        return "%g MiB/s a stream" % (bps / MIB)
    return "%g Mbit/s" % (bits / 1e6)


class Lab:
    def __init__(self, path=PROFILES):
        cp = configparser.ConfigParser(inline_comment_prefixes=(";",), comment_prefixes=(";", "#"))
        with open(path) as f:
            cp.read_file(f)
        lab = cp["lab"]
        self.name = os.environ.get("LAB_NAME", "s3lab")
        self.net = os.environ.get("LAB_NET", "198.18.0")
        self.clients = int(lab.get("clients", "1"))
        self.client_nic = rate(lab.get("client_nic", "0"))
        self.domain = lab.get("domain", "lab")
        self.providers = []
        for sec in cp.sections():
            if not sec.startswith("provider "):
                continue
            s = cp[sec]
            pid = sec.split(None, 1)[1]
            p = {
                "id": pid,
                "label": s.get("label", pid),
                "rtt_ms": float(s.get("rtt_ms", "0")),
                "rate": rate(s.get("rate", "0")),
                "rate_conn": rate(s.get("rate_conn", "0")),
                "throttle": float(s.get("throttle", "0")),
                "first_byte_ms": float(s.get("first_byte_ms", "0")),
                "host": int(s["host"]),
            }
            p["name"] = "%s.%s" % (pid, self.domain)
            p["addr"] = "%s.%d" % (self.net, p["host"])
            self.providers.append(p)

    def provider(self, pid):
        for p in self.providers:
            if p["id"] == pid:
                return p
        raise KeyError(pid)

    def emulated(self, p):
        """What the lab emulates for provider p, in words (the report's label)."""
        parts = ["RTT %g ms" % p["rtt_ms"]]
        if p["rate"]:
            parts.append(human_rate(p["rate"]))
        if p["rate_conn"]:
            parts.append(human_rate(p["rate_conn"]))
        if p["throttle"]:
            parts.append("503 above %g req/s" % p["throttle"])
        if p["first_byte_ms"]:
            parts.append("first byte +%g ms" % p["first_byte_ms"])
        return ", ".join(parts)

    def client_addr(self, k):
        return "%s.%d" % (self.net, 10 + k)


def shell(lab):
    q = lambda v: "'" + str(v).replace("'", "'\\''") + "'"
    print("lab_name=%s" % q(lab.name))
    print("lab_net=%s" % q(lab.net))
    print("lab_clients=%d" % lab.clients)
    print("lab_client_nic=%d" % int(lab.client_nic))
    print("lab_domain=%s" % q(lab.domain))
    print("lab_providers=%s" % q(" ".join(p["id"] for p in lab.providers)))
    for p in lab.providers:
        pre = "p_%s_" % re.sub(r"[^A-Za-z0-9_]", "_", p["id"])
        for k in ("name", "addr", "host", "throttle", "first_byte_ms"):
            print("%s%s=%s" % (pre, k, q(p[k])))
        print("%sdelay_ms=%s" % (pre, q("%g" % (p["rtt_ms"] / 2))))
        print("%srate=%d" % (pre, int(p["rate"])))
        print("%srate_conn=%d" % (pre, int(p["rate_conn"])))


# The campaigns: full (make lab, about 15 minutes on 2 cores) and reduced (the truth test).
# The 3-client run's concurrency is one the single-client matrix does not use: analyze
# never mixes client counts in one (op, concurrency) category (analyze/cells/clients.c).
SHAPES = {
    "full": {
        "cycles": 3, "ops": "put, get", "sizes": "256KiB, 8MiB", "concurrency": "1, 10",
        "duration": "4s", "objects": 12, "oneoff": True,
        "rates": "25/s, 50/s, 100/s, 200/s", "rate_duration": "4s",
        "subjects": None, "c3": {"subject": "perconn", "size": "8MiB", "concurrency": 2,
                                 "duration": "6s", "cycles": 3},
    },
    "reduced": {
        "cycles": 3, "ops": "get", "sizes": "256KiB, 8MiB", "concurrency": "1",
        "duration": "2s", "objects": 4, "oneoff": False,
        "rates": "40/s, 80/s, 160/s, 320/s", "rate_duration": "3s",
        "subjects": ["near", "far", "perconn", "throttle"],
        "c3": {"subject": "perconn", "size": "8MiB", "concurrency": 2, "duration": "4s",
               "cycles": 1},
    },
}


def trust_line(lab):
    # One line per subject: the lab CA (tests/lab/up's LAB_CA), or LAB_TRUST=insecure.
    if os.environ.get("LAB_TRUST", "ca_bundle") == "insecure":
        return "insecure = true"
    if not os.environ.get("LAB_CA"):
        sys.exit("lab.py: LAB_CA (the lab CA's certificate, from tests/lab/up) is not set")
    return "ca_bundle = %s" % os.environ["LAB_CA"]


def nic_line(lab):
    # the collector's NIC cap: the lab's veths report 10 Gbit/s, tbf caps them below that
    return ["client_nic = %gMbit" % (lab.client_nic * 8 / 1e6)] if lab.client_nic else []


def client_text(lab, clients):
    nic = "%g Mbit/s" % (lab.client_nic * 8 / 1e6) if lab.client_nic else "uncapped"
    # a campaign line holds at most 197 characters
    return ("EMULATED LAB (tests/lab), not the internet: %d client host%s, NIC %s (tbf); "
            "providers emulated by wanem before nginx TLS and one Ceph RGW, one machine"
            % (clients, "" if clients == 1 else "s", nic))


def subject(lab, p, sid=None, label_extra=""):
    return "\n".join([
        "[subject %s]" % (sid or p["id"]),
        "label = %s (emulated: %s)%s" % (p["label"], lab.emulated(p), label_extra),
        "endpoint = https://%s" % p["name"],
        "bucket = %s-%s" % (lab.name, sid or p["id"]),
        "credentials = env:LAB_AWS",
        trust_line(lab),
        ""])


def campaign(lab, shape, out):
    sh = SHAPES[shape]
    subs = [lab.provider(s) for s in sh["subjects"]] if sh["subjects"] else lab.providers
    t = ["; written by tests/lab/lab.py from tests/lab/profiles.ini: edit those, not this",
         "[campaign]",
         "name = lab%s" % ("" if shape == "full" else "-" + shape),
         "title = Emulated lab: %d providers on one machine (tests/lab; not a real network)"
         % len(subs),
         "cycles = %d" % sh["cycles"],
         "client = %s" % client_text(lab, 1),
         "client_shares_cpu = yes"] + nic_line(lab) + [
         "p99_limit = 250ms",
         "timeout = 90s",
         "",
         "[matrix]",
         "ops = %s" % sh["ops"],
         "sizes = %s" % sh["sizes"],
         "concurrency = %s" % sh["concurrency"],
         "duration = %s" % sh["duration"],
         "objects = %d" % sh["objects"],
         ""]
    if sh["oneoff"]:
        t += ["[list]", "objects = 200", "concurrency = 1", "duration = 3s", "",
              "[head]", "objects = 50", "concurrency = 4", "duration = 3s", "",
              "[delete]", "objects = 100", "concurrency = 4", ""]
    t += ["[rate]", "op = get", "size = 4KiB", "rates = %s" % sh["rates"],
          "duration = %s" % sh["rate_duration"], "objects = 8", ""]
    for p in subs:
        t.append(subject(lab, p))
    with open(out, "w") as f:
        f.write("\n".join(t))


def campaign3(lab, shape, out):
    c3 = SHAPES[shape]["c3"]
    p = lab.provider(c3["subject"])
    sid = "%s-%dc" % (p["id"], lab.clients)
    t = ["; written by tests/lab/lab.py: the %d-client run (mpirun, one rank a client host)"
         % lab.clients,
         "[campaign]", "name = lab-%dc" % lab.clients,
         "title = Emulated lab, %d clients" % lab.clients,
         "cycles = %d" % c3["cycles"],
         "client = %s" % client_text(lab, lab.clients),
         "client_shares_cpu = yes"] + nic_line(lab) + [
         "timeout = 90s", "",
         "[matrix]", "ops = get", "sizes = %s" % c3["size"],
         "concurrency = %d" % c3["concurrency"], "duration = %s" % c3["duration"],
         "objects = 8", "",
         subject(lab, p, sid, ", %d client hosts" % lab.clients)]
    with open(out, "w") as f:
        f.write("\n".join(t))


def main(argv):
    lab = Lab()
    if len(argv) >= 2 and argv[1] == "shell":
        shell(lab)
    elif len(argv) == 4 and argv[1] in ("campaign", "campaign3") and argv[2] in SHAPES:
        (campaign if argv[1] == "campaign" else campaign3)(lab, argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "truth":
        import truth
        return truth.check(lab, argv[2], argv[3])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
