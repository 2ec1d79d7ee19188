# tests/e2e/collect_lib.sh: helpers for the tests/e2e/collect_*.sh scripts. Sourced, never
# run (not executable, so tests/run skips it).
#
#   lib.sh's vocabulary (ok, bad, check, skip, finish, at_exit, $tmp; $work is $tmp)
#   server_env VAR               sets ONE_... variables from the tests/run server VAR
#                                (S3RVER or RGW) when exported, else starts a private s3rver
#   private_s3rver PFX           start a private s3rver; exports PFX_S3_ENDPOINT,
#                                PFX_AWS_ACCESS_KEY_ID, PFX_AWS_SECRET_ACCESS_KEY,
#                                PFX_S3_SERVER_DIR; stopped at exit
#   make_campaign SRC DST EP1 EP2   copy a fixture campaign with the endpoints replaced
#   check_tree OUT [args]        python checks of an output tree (see check_tree.py below)
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
work=$tmp
private_dirs=()

stop_private_s3rvers() {
	local d
	for d in "${private_dirs[@]}"; do
		"$top/tests/servers/s3rver/stop" "$d" >/dev/null 2>&1
	done
}
at_exit stop_private_s3rvers

# private_s3rver PFX: a private s3rver with its own random keys.
private_s3rver() {
	local pfx=$1 out
	out=$("$top/tests/servers/s3rver/start" 2>"$work/start-$pfx.log") || {
		echo "cannot start a private s3rver:" >&2
		tail -n 20 "$work/start-$pfx.log" >&2
		return 1
	}
	# its `export NAME='value'` lines, each name given the prefix
	eval "$(printf '%s\n' "$out" | sed -n "s/^export \([A-Z][A-Z0-9_]*\)=/export ${pfx}_\1=/p")"
	local dirvar="${pfx}_S3_SERVER_DIR"
	private_dirs+=("${!dirvar}")
}

# server_env PFX VAR: PFX_* from the tests/run server VAR (S3RVER, RGW) when it is there,
# else from a private s3rver.
server_env() {
	local pfx=$1 var=$2 ep="${2}_S3_ENDPOINT"
	if [ -n "${!ep:-}" ]; then
		local ak="${var}_AWS_ACCESS_KEY_ID" sk="${var}_AWS_SECRET_ACCESS_KEY"
		export "${pfx}_S3_ENDPOINT=${!ep}" "${pfx}_AWS_ACCESS_KEY_ID=${!ak}" \
			"${pfx}_AWS_SECRET_ACCESS_KEY=${!sk}"
	else
		private_s3rver "$pfx"
	fi
}

# make_campaign SRC DST EP1 [EP2]: the fixture with its .invalid endpoints replaced.
make_campaign() {
	sed -e "s#http://one.invalid#$3#" -e "s#http://two.invalid#${4:-$3}#" "$1" >"$2"
}

# check_tree OUT KEY=VALUE...: checks every run of an output tree with python3; prints one
# line per problem and "checked N runs, M problems" last; exit 1 on any problem.
#   complete=1        every run must be complete with a summary
#   runs=N            the tree must hold exactly N runs
#   secret=S          S must appear in no file of the tree
#   clients=N         every run.json's "clients" must list N clients (default 1), and
#                     every row's client_id be one of theirs
check_tree() {
	python3 - "$@" <<'PY'
import glob, json, os, subprocess, sys

out = sys.argv[1]
opts = dict(a.split("=", 1) for a in sys.argv[2:])
problems = []
WARP = ("idx thread op client_id n_objects bytes endpoint file error start first_byte "
        "last_byte end duration_ns cat").split()
PHASES = "dns_us connect_us tls_us send_us wait_us transfer_us conn rtt_us".split()
IDS = "remote request_id host_id".split()
CONNS = "conn_id conn_req conn_age_ms".split()

def ts(s):
    # RFC 3339 with up to 9 fractional digits, Z: compare as (seconds text, fraction)
    if not s:
        return None
    base, _, frac = s.rstrip("Z").partition(".")
    return (base, int((frac + "000000000")[:9]))

runs = sorted(glob.glob(os.path.join(out, "runs", "*", "*", "*", "run.json")))
dirs = sorted(glob.glob(os.path.join(out, "runs", "*", "*", "*")))
if len(dirs) != len(runs):
    problems.append("%d run dirs but %d run.json" % (len(dirs), len(runs)))
if "runs" in opts and len(runs) != int(opts["runs"]):
    problems.append("%d runs, want %s" % (len(runs), opts["runs"]))
for f in ["campaign.ini", "plan.tsv"]:
    if "run_only" not in opts and not os.path.exists(os.path.join(out, f)):
        problems.append("missing " + f)
for d in dirs:
    for name in os.listdir(d):
        if name not in ("run.json", "ops.tsv.zst"):
            problems.append("%s: stray file %s" % (d, name))
for rj in runs:
    d = os.path.dirname(rj)
    rel = os.path.relpath(d, out)
    try:
        j = json.load(open(rj))
    except Exception as e:
        problems.append("%s: bad run.json: %s" % (rel, e))
        continue
    if j.get("format") != "s3bench-run/1":
        problems.append(rel + ": format")
    wl = j["workload"]
    name = "%s-%s-c%d" % (wl["op"], os.path.basename(d).split("-")[1], wl["concurrency"])
    if os.path.basename(d) != name:
        problems.append("%s: directory name does not match workload %s" % (rel, name))
    if rel.split("/")[2] != j["subject"]["id"]:
        problems.append(rel + ": subject id")
    cyc = rel.split("/")[1]
    if cyc == "once":
        if j["cycle"] is not None:
            problems.append(rel + ": one-off run with a cycle")
    elif cyc != "cycle-%02d" % (j["cycle"] or 0):
        problems.append(rel + ": cycle %r" % j["cycle"])
    for k in ("tool", "host", "campaign", "subject", "workload", "phases", "wrapper", "errors",
              "status"):
        if k not in j:
            problems.append("%s: no %s" % (rel, k))
    cl = j.get("clients") or {}
    want_cl = int(opts.get("clients", "1"))
    ids = [c.get("client_id") for c in cl.get("list", [])]
    if cl.get("count") != want_cl or len(ids) != want_cl or \
            cl.get("concurrency_total") != want_cl * wl["concurrency"]:
        problems.append("%s: clients %r, want %d" % (rel, {k: cl.get(k) for k in
                        ("count", "concurrency_total")}, want_cl))
    has = "summary" in j
    if j["status"] == "complete" and not has:
        problems.append(rel + ": complete without summary")
    if j["status"] != "complete" and has:
        problems.append(rel + ": summary in a failed run")
    if opts.get("complete") == "1" and j["status"] != "complete":
        problems.append("%s: %s (%s) %s" % (rel, j["status"], j["errors"]["class"],
                                            j["errors"]["first"][:1]))
    if not has:
        continue
    s = j["summary"]
    zst = os.path.join(d, "ops.tsv.zst")
    if not os.path.exists(zst):
        problems.append(rel + ": no ops.tsv.zst")
        continue
    text = subprocess.run(["zstd", "-dcq", zst], capture_output=True, check=True).stdout.decode()
    lines = [l for l in text.split("\n") if l and not l.startswith("# ")]
    head = lines[0].split("\t")
    # Warp's columns, then collect's own (a rate run's intended, the request phases, who
    # answered, a list run's page, which connection)
    extra = head[len(WARP):]
    extra = extra[1:] if extra[:1] == ["intended"] else extra
    if extra in (PHASES + IDS + CONNS, PHASES + IDS + ["page"] + CONNS):
        extra = []
    if head[:len(WARP)] != WARP or extra:
        problems.append("%s: header %r" % (rel, head))
        continue
    rows = [dict(zip(head, l.split("\t"))) for l in lines[1:]]
    if len(rows) != s["requests"]:
        problems.append("%s: %d rows, summary says %d requests" % (rel, len(rows), s["requests"]))
    if wl["bound"] == "count" and wl["op"] in ("put", "get", "head"):
        want = wl["count"] * wl["concurrency"] * want_cl
        if len(rows) != want:
            problems.append("%s: count run has %d rows, want %d" % (rel, len(rows), want))
    bad_bytes = bad_times = 0
    foreign = sorted(set(r["client_id"] for r in rows) - set(ids))
    if foreign:
        problems.append("%s: rows of client ids %r not in clients" % (rel, foreign[:3]))
    # a connection number names one client's connection (a distributed run's merge adds the
    # rank's part)
    owners = {}
    for r in rows:
        if r["conn_id"]:
            owners.setdefault(r["conn_id"], set()).add(r["client_id"])
    shared = sorted(c for c, o in owners.items() if len(o) > 1)
    if shared:
        problems.append("%s: connection numbers of several clients: %r" % (rel, shared[:3]))
    # run.json's connections are the log's (every client's, in a distributed run), in runs
    # of one request a row (a LIST's or a multipart upload's rows carry no connection)
    cs = j.get("transport", {}).get("connections")
    if j["status"] == "complete" and cs is not None and wl["op"] in (
            "put", "get", "get-small", "head", "delete", "mixed") and (
            not {str(c["id"]) for c in cs["list"]} <= set(owners) or
            len(cs["list"]) + cs["more"] != len(owners) or
            (cs["more"] == 0 and sorted(str(c["id"]) for c in cs["list"]) != sorted(owners))):
        problems.append("%s: run.json lists connections %r (+%d), the log has %d" % (
            rel, [c["id"] for c in cs["list"]][:4], cs["more"], len(owners)))
    for r in rows:
        if r["error"] == "" and r["op"] in ("PUT", "GET") and int(r["bytes"]) != wl["size"]:
            bad_bytes += 1
        st, fb, en = ts(r["start"]), ts(r["first_byte"]), ts(r["end"])
        if st is None or en is None or not (st <= en) or (fb is not None and not st <= fb <= en):
            bad_times += 1
    if bad_bytes:
        problems.append("%s: %d successful rows with bytes != %d" % (rel, bad_bytes, wl["size"]))
    if bad_times:
        problems.append("%s: %d rows without start <= first_byte <= end" % (rel, bad_times))
if "secret" in opts and opts["secret"]:
    for root, _, files in os.walk(out):
        for f in files:
            p = os.path.join(root, f)
            data = open(p, "rb").read()
            if p.endswith(".zst"):
                data = subprocess.run(["zstd", "-dcq", p], capture_output=True).stdout
            if opts["secret"].encode() in data:
                problems.append("secret key found in " + os.path.relpath(p, out))
for p in problems:
    print("  " + p)
print("checked %d runs, %d problems" % (len(runs), len(problems)))
sys.exit(1 if problems else 0)
PY
}

# run_json OUT/ID EXPR: print a python expression over run.json j (e.g. "j['status']").
run_json() {
	python3 -c "import json,sys; j=json.load(open(sys.argv[1] + '/run.json')); print($2)" "$1"
}

# a private copy, so that a rebuild during the test does not swap the binary under it
# (a rebuild under way may have the binary missing for a moment: wait up to 30 s)
for _ in $(seq 1 60); do
	[ -x "$collect" ] && cp "$collect" "$work/collect" 2>/dev/null && break
	sleep 0.5
done
[ -x "$work/collect" ] || { bad "no $collect (make first)"; finish; }
collect="$work/collect"
