#!/usr/bin/env bash
# tests/e2e/cluster_collect.sh: distributed collection under a real Open MPI
# mpirun with 3 ranks on this machine (--oversubscribe; as root with Open MPI's
# allow-run-as-root variables) against Ceph RGW (tests/run's RGW_* server, else a
# private one):
#   1. collect run GET, PUT, mixed and delete (each rank with its own S3BENCH_CLIENT_NIC
#      but one, which takes --client-nic's; recorded per client; a bad one ends the job
#      before any run): rows of 3 distinct client ids (those of run.json's
#      "clients"), total requests = the sum of the clients', the summary equal to
#      analyze --recompute, the clients' first requests within 50 ms of each other, PUT
#      keys that never collide and carry their client id; mixed and delete: each client
#      on its own share of the objects (no error, no key outside its prefix, each of the
#      30 objects deleted once); the bucket empty afterwards;
#      A run whose rank 1 alone has a NIC far below what its run moves (S3BENCH_CLIENT_NIC
#      1Mbit): rank 1's verdict is nic, the run's verdict has nic (limited when any
#      client is, not judged on the busiest one only), and analyze's too; its transport
#      the clients' summed (every request over HTTP/1.1, TCP_NODELAY on each connection);
#   2. a campaign of 2 subjects x 2 sizes x 2 cycles in which one client's benchmark
#      child is SIGKILLed: that run fails naming the client, the campaign finishes,
#      and the tree analyzes and renders;
#   3. mpirun SIGKILLed in the middle of a campaign, then --resume: every run of the plan,
#      complete;
#   4. on 2 ranks: put-if-absent and cas cells (2 keys) against tests/tools/verify_s3.py
#      --conditional aws: every key written by both clients, exactly one put-if-absent
#      winner per key across them, each cas key's successes one chain, and analyze's
#      correctness check reads both clients' writes (held); a 300-object dataset on RGW
#      read by a [matrix] cold GET (reads = once: 80 distinct objects across the clients)
#      and a [list] (page_size 100: each client's listing 4 pages of 301 keys).
# Every check of the rows reads ops.tsv.zst with python3, not with s3bench's reader.
# tests/run: alone (it looks for any collect-mpi process on the machine)
. "$(dirname "$0")/collect_lib.sh"

if ! command -v mpirun >/dev/null 2>&1 || [ ! -x "$top/bin/collect-mpi" ]; then
	bad "mpirun or bin/collect-mpi missing (scripts/setup installs openmpi-bin; make)"
	finish
fi
cp "$top/bin/collect-mpi" "$work/collect-mpi" # beside the private copy of collect
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# each rank's temporary directory goes in TMPDIR: here, to see that none is left behind
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
# mpirun's own chatter about a failing rank, not ours
export OMPI_MCA_orte_base_help_aggregate=1

use_rgw
ep=$RGW_S3_ENDPOINT
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
export CL_AWS_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID CL_AWS_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY
unset AWS_PROFILE AWS_SESSION_TOKEN
sfx=$$-$RANDOM # fresh buckets, also on a server that earlier runs used

mpi() {
	timeout 120 mpirun --oversubscribe -np 3 "$@"
}

# keys BUCKET: how many keys the bucket lists (curl's own SigV4 signer)
keys() {
	curl -sS -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' --aws-sigv4 "aws:amz:us-east-1:s3" \
		--user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" "$ep/$1?list-type=2" |
		grep -o '<Key>' | wc -l
}

# rank_child R: the pid of rank R's run child (a collect-mpi whose parent is one too)
rank_child() {
	local p pp set=""
	for p in $(pgrep -x collect-mpi); do
		tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null |
			grep -qx "OMPI_COMM_WORLD_RANK=$1" && set="$set $p"
	done
	for p in $set; do
		pp=$(awk '{print $4}' "/proc/$p/stat" 2>/dev/null)
		case " $set " in *" $pp "*) echo "$p"; return 0 ;; esac
	done
	return 1
}

# rows_check DIR OP: the checks of section 1 on one run directory; one line per problem,
# then "ok" alone when there is none
rows_check() {
	python3 - "$1" "$2" <<'PY'
import json, subprocess, sys
from datetime import datetime
d, op = sys.argv[1], sys.argv[2]
j = json.load(open(d + "/run.json"))
text = subprocess.run(["zstd", "-dcq", d + "/ops.tsv.zst"], capture_output=True,
                      check=True).stdout.decode()
lines = [l.split("\t") for l in text.split("\n") if l and not l.startswith("#")]
head, rows = lines[0], [dict(zip(lines[0], l)) for l in lines[1:]]
p = []
def ns(t):
    base, _, frac = t.rstrip("Z").partition(".")
    s = datetime.strptime(base, "%Y-%m-%dT%H:%M:%S").timestamp()
    return int(s) * 10**9 + int((frac + "000000000")[:9])
cl = j["clients"]
ids = [c["client_id"] for c in cl["list"]]
if j["status"] != "complete":
    p.append("status %s: %s" % (j["status"], j["errors"]["first"]))
if cl["count"] != 3 or len(set(ids)) != 3 or cl["concurrency_total"] != 6:
    p.append("clients: %r" % {k: cl[k] for k in ("count", "concurrency_total")})
got = sorted(set(r["client_id"] for r in rows))
if got != sorted(ids):
    p.append("rows of client ids %r, clients %r" % (got, sorted(ids)))
per = [c["summary"]["requests"] for c in cl["list"]]
if not (len(rows) == j["summary"]["requests"] == sum(per)):
    p.append("%d rows, summary %d requests, clients %r" % (len(rows),
             j["summary"]["requests"], per))
if [int(r["idx"]) for r in rows] != list(range(len(rows))):
    p.append("idx is not 0..n-1")
starts = [ns(r["start"]) for r in rows]
if starts != sorted(starts):
    p.append("rows not in start order")
first = {}
for r, s in zip(rows, starts):
    first.setdefault(r["client_id"], s)
spread = (max(first.values()) - min(first.values())) / 1e6
if spread > 50:
    p.append("first requests %.1f ms apart" % spread)
if op == "put":
    keys = [r["file"] for r in rows]
    if len(set(keys)) != len(keys):
        p.append("%d PUT keys collide" % (len(keys) - len(set(keys))))
    if any(("/%s/" % r["client_id"]) not in r["file"] for r in rows):
        p.append("a PUT key without its client id")
if op in ("mixed", "delete"):
    # each client works on its own share of the objects, under its own prefix
    errs = [r["error"] for r in rows if r["error"]]
    if errs:
        p.append("%d errors, first %r" % (len(errs), errs[0]))
    if any(("/%s/" % r["client_id"]) not in r["file"] for r in rows):
        p.append("a key outside its client's prefix")
if op == "delete":
    keys = [r["file"] for r in rows]
    gone = sum(int(r["n_objects"]) for r in rows)
    if len(set(keys)) != len(keys) or gone != 30:
        p.append("%d DELETE rows (%d distinct), %d objects deleted of 30" %
                 (len(keys), len(set(keys)), gone))
if op == "mixed" and sorted(set(r["op"] for r in rows)) != ["DELETE", "GET", "PUT", "STAT"]:
    p.append("mixed ops %r" % sorted(set(r["op"] for r in rows)))
for x in p:
    print(x)
print("ok (%d rows, clients %r, first requests %.1f ms apart)" % (len(rows), per, spread)
      if not p else "%d problems" % len(p))
PY
}

# recompute DIR: analyze --recompute over the one run in DIR (exit status)
recompute() {
	local t="$work/rc-$(basename "$1")"
	mkdir -p "$t/runs/once/run" && cp -r "$1" "$t/runs/once/run/$(basename "$1")" &&
		"$top/bin/analyze" "$t" --recompute -o "$t/results" >"$t.log" 2>&1
}

# rank-nic CMD...: CMD with this rank's own NIC speed (S3BENCH_CLIENT_NIC): rank 0
# 10Gbit, rank 1 250Mbit, rank 2 none (it takes --client-nic's)
cat >"$work/rank-nic" <<'EOF'
#!/bin/sh
case $OMPI_COMM_WORLD_RANK in
0) S3BENCH_CLIENT_NIC=10Gbit && export S3BENCH_CLIENT_NIC ;;
1) S3BENCH_CLIENT_NIC=250Mbit && export S3BENCH_CLIENT_NIC ;;
esac
exec "$@"
EOF
chmod +x "$work/rank-nic"

# ---- 1. collect run, GET and PUT ----
b1=mpi-run-$sfx
for op in get put mixed delete; do
	bound=(--duration 1s)
	case $op in
	get) bound+=(--objects 20 --client-nic 1Gbit) ;;
	mixed) bound+=(--objects 30) ;;
	delete) bound=(--until-done --objects 30) ;;
	esac
	mpi "$work/rank-nic" "$collect" run --endpoint "$ep" --bucket "$b1" --op $op --size 4KiB \
		--concurrency 2 "${bound[@]}" -o "$work/$op-4KiB-c2" >"$work/$op.log" 2>&1
	check $? "mpirun -np 3 collect run --op $op exits 0: $(tail -n 3 "$work/$op.log")"
	rows_check "$work/$op-4KiB-c2" $op >"$work/$op.chk"
	[ "$(tail -n 1 "$work/$op.chk" | cut -c1-2)" = ok ]
	check $? "$op: 3 client ids, their sum, start order, a common start: $(tr '\n' ' ' <"$work/$op.chk")"
	recompute "$work/$op-4KiB-c2"
	check $? "$op: summary = analyze --recompute: $(tail -n 2 "$work/rc-$op-4KiB-c2.log")"
done
nic=$(python3 -c "import json, sys
j = json.load(open(sys.argv[1] + '/run.json'))
print(' '.join('%s:%s:%s' % (c['rank'], c['client']['nic']['speed_mbit'], c['client']['nic']['speed_source'])
               for c in sorted(j['clients']['list'], key=lambda c: c['rank'])))" "$work/get-4KiB-c2")
[ "$nic" = "0:10000.0:environment 1:250.0:environment 2:1000.0:campaign" ]
check $? "each rank's own S3BENCH_CLIENT_NIC in its client record, --client-nic for the rank without one (rank:Mbit:source $nic)"
mpi "$work/rank-nic" env S3BENCH_CLIENT_NIC=fast "$collect" run --endpoint "$ep" --bucket "$b1" \
	--op get --size 4KiB --count 1 -o "$work/badnic" >"$work/badnic.log" 2>&1
st=$?
[ $st -ne 0 ] && grep -q "S3BENCH_CLIENT_NIC=fast: 'fast' is not a bit rate" "$work/badnic.log" &&
	[ ! -e "$work/badnic/run.json" ]
check $? "a rank's S3BENCH_CLIENT_NIC that is no bit rate ends the job before any run (exit $st: $(grep -m1 S3BENCH "$work/badnic.log"))"
# one NIC-bound client: rank 1 on 1 Mbit/s, the others on 10 Gbit/s
cat >"$work/rank-slow" <<'EOF'
#!/bin/sh
S3BENCH_CLIENT_NIC=10Gbit
[ "$OMPI_COMM_WORLD_RANK" = 1 ] && S3BENCH_CLIENT_NIC=1Mbit
export S3BENCH_CLIENT_NIC
exec "$@"
EOF
chmod +x "$work/rank-slow"
mpi "$work/rank-slow" "$collect" run --endpoint "$ep" --bucket "$b1" --op get --size 4KiB \
	--concurrency 2 --duration 1s --objects 20 -o "$work/slow" >"$work/slow.log" 2>&1
check $? "mpirun -np 3 collect run, rank 1 on a 1 Mbit/s NIC: $(tail -n 2 "$work/slow.log")"
mkdir -p "$work/slow-data/runs/once/s" && cp -r "$work/slow" "$work/slow-data/runs/once/s/" &&
	"$top/bin/analyze" "$work/slow-data" -o "$work/slow-data/results" >"$work/slow-an.log" 2>&1
check $? "analyze reads it: $(tail -n 2 "$work/slow-an.log")"
got=$(python3 -c "import json, sys
j = json.load(open(sys.argv[1] + '/run.json'))
cl = sorted(j['clients']['list'], key=lambda c: c['rank'])
nic = [c['rank'] for c in cl if 'nic' in c['client_limit']['reasons']]
a = json.load(open(sys.argv[2]))['runs'][0]['client_limit']
top = [c['rank'] for c in cl if c['client'] == j['client']]
print(nic, 'nic' in j['client_limit']['reasons'], 'nic' in a['reasons'], 'busiest', top)" \
	"$work/slow" "$work/slow-data/results/aggregate.json")
case "$got" in "[1] True True busiest "*) st=0 ;; *) st=1 ;; esac
got2=$(python3 -c "import json, sys
j = json.load(open(sys.argv[1] + '/run.json'))
t, s = j['transport'], j['summary']
print(t['http']['1.1'] == s['requests'] > 0, t['tcp_nodelay']['on'] >= 3 and t['tcp_nodelay']['off'] == 0, t['tls'] == [], t['http'], t['tcp_nodelay'])" "$work/slow")
case "$got2" in "True True True "*) st2=0 ;; *) st2=1 ;; esac
check $st2 "the run's transport sums its clients' (requests by HTTP version, connections' TCP_NODELAY, no TLS: $got2)"
check $st "rank 1's NIC limits the run: rank 1 alone nic, the run's verdict nic in run.json and in analyze's (ranks nic, run.json, aggregate.json, the busiest: $got)"
n=$(keys "$b1")
[ "$n" -eq 0 ]
check $? "the bucket is empty after the runs ($n keys)"
left=$(ls "$TMPDIR")
[ -z "$left" ]
check $? "no rank left its temporary directory behind ($left)"
plain=$("$collect" run --help 2>&1 >/dev/null)
[ -z "$plain" ] && ! ldd "$collect" | grep -q mpi && ldd "$work/collect-mpi" | grep -q libmpi
check $? "bin/collect links no MPI library (collect-mpi does) and says nothing on stderr"

# ---- 2. a campaign; one client's benchmark child killed ----
b2=mpi-camp-$sfx
campaign() { # NAME: 2 subjects x 2 sizes x 2 cycles of 1-s GETs
	cat <<EOF
[campaign]
name = $1
cycles = 2
[matrix]
ops = get
sizes = 4KiB, 8KiB
concurrency = 2
duration = 1s
timeout = 60s
objects = 10
[subject a]
endpoint = $ep
bucket = $b2-a
credentials = env:CL_AWS
[subject b]
endpoint = $ep
bucket = $b2-b
credentials = env:CL_AWS
EOF
}
campaign mini >"$work/mini.ini"
out="$work/mini"
timeout 120 mpirun --oversubscribe -np 3 "$collect" "$work/mini.ini" -o "$out" \
	>"$work/mini.log" 2>&1 &
mpid=$!
killed=""
for _ in $(seq 1 600); do
	if [ "$(find "$out/runs" -name run.json 2>/dev/null | wc -l)" -ge 2 ] &&
		c=$(rank_child 2); then
		sleep 0.5
		kill -KILL "$c" && killed=$c
		break
	fi
	sleep 0.05
done
wait $mpid
rc=$?
[ -n "$killed" ] && [ $rc -eq 1 ]
check $? "rank 2's benchmark child killed in the third run ($killed); the campaign ends with 1 ($rc)"
check_tree "$out" runs=8 clients=3 secret="$AWS_SECRET_ACCESS_KEY" >"$work/mini.tree"
check $? "8 runs, each with 3 clients and rows of theirs: $(tail -n 3 "$work/mini.tree")"
bad_run=$(grep -l '"status": "failed"' "$out"/runs/*/*/*/run.json)
[ "$(echo "$bad_run" | grep -c .)" -eq 1 ] &&
	grep -q '"client 2 (host [^,]*, client_id [0-9A-Za-z]\{8\}) failed' $bad_run &&
	grep -q '"class": "killed"' $bad_run
check $? "one run failed, class killed, the reason naming client 2 and its host: ${bad_run#$out/}"
run_pipeline -q "$out" && [ -s "$out/report/report.html" ]
check $? "the tree analyzes and renders: $(tail -n 2 "$out".*.log)"
python3 - "$out/results/aggregate.json" >"$work/agg.chk" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
cells = [c for c in a["cells"] if c["n"] > 0]
bad = [c for c in cells if c.get("clients") != 3 or c.get("workers_total") != 6]
print("ok" if cells and not bad else "cells %r" % [(c.get("clients"), c.get("workers_total"))
                                                  for c in a["cells"]])
PY
[ "$(cat "$work/agg.chk")" = ok ] && grep -q "6 workers (3 clients" "$out/report/report.html"
check $? "aggregate.json: every cell of 3 clients and 6 workers, the report says so: $(cat "$work/agg.chk")"

# ---- 3. mpirun SIGKILLed mid-campaign, then --resume ----
campaign resume >"$work/resume.ini"
out="$work/resume"
timeout 120 mpirun --oversubscribe -np 3 "$collect" "$work/resume.ini" -o "$out" \
	>"$work/resume1.log" 2>&1 &
mpid=$!
for _ in $(seq 1 600); do
	[ "$(find "$out/runs" -name run.json 2>/dev/null | wc -l)" -ge 3 ] && rank_child 1 >/dev/null &&
		break
	sleep 0.05
done
mpirun_pid=$(pgrep -x mpirun -P $mpid)
kill -KILL "$mpirun_pid"
wait $mpid 2>/dev/null
for _ in $(seq 1 100); do
	pgrep -x collect-mpi >/dev/null || break
	sleep 0.1
done
pgrep -x collect-mpi >/dev/null
[ $? -ne 0 ]
check $? "no rank and no run child outlives the killed mpirun"
ndone=$(find "$out/runs" -name run.json | wc -l)
mpi "$collect" "$work/resume.ini" -o "$out" --resume >"$work/resume2.log" 2>&1
check $? "mpirun ... --resume exits 0 after $ndone runs recorded: $(tail -n 3 "$work/resume2.log")"
check_tree "$out" runs=8 complete=1 clients=3 >"$work/resume.tree"
check $? "after --resume: the 8 runs of the plan, complete: $(tail -n 3 "$work/resume.tree")"
for s in a b; do
	n=$(keys "$b2-$s")
	[ "$n" -eq 0 ]
	check $? "bucket $b2-$s is empty after the campaigns ($n keys)"
done

# ---- 4. the new ops and datasets on 2 ranks ----
mpi2() {
	timeout 120 mpirun --oversubscribe -np 2 "$@"
}
python3 "$top/tests/tools/verify_s3.py" --port-file "$work/v.port" --log "$work/v.log" \
	--secret-key vsecret --conditional aws >"$work/v.out" 2>&1 &
stop_at_exit $!
for _ in $(seq 100); do [ -s "$work/v.port" ] && break; sleep 0.1; done
export V_ACCESS_KEY_ID=vkey V_SECRET_ACCESS_KEY=vsecret
cat >"$work/cond.ini" <<EOF
[campaign]
name = cond
[matrix]
ops = put-if-absent, cas
sizes = 1KiB
concurrency = 2
count = 10
keys = 2
[probe]
probe = no
[subject right]
endpoint = http://127.0.0.1:$(cat "$work/v.port")
bucket = cond-b
credentials = env:V
EOF
mpi2 "$collect" "$work/cond.ini" -o "$work/cond" >"$work/cond.log" 2>&1 &&
	"$top/bin/analyze" "$work/cond" -o "$work/cond/results" >"$work/cond-an.log" 2>&1
check $? "mpirun -np 2: a put-if-absent and a cas cell (2 keys), analyzed: $(tail -n 2 "$work/cond.log" "$work/cond-an.log" | tr '\n' ' ')"
pycheck "conditional writes on 2 ranks" "$work/cond" <<'PY'
import json, sys
from collections import defaultdict
from checks import ops_rows, t
out = sys.argv[1]
claims = {c["id"]: c for c in json.load(open(out + "/results/aggregate.json"))["claims"]}
for op in ("put-if-absent", "cas"):
    d = "%s/runs/cycle-01/right/%s-1KiB-c2" % (out, op)
    j = json.load(open(d + "/run.json"))
    rows = [r for r in ops_rows(d + "/ops.tsv.zst") if r["op"] == "PUT"]
    ids = sorted(c["client_id"] for c in j["clients"]["list"])
    won = defaultdict(list)
    by = defaultdict(set)
    for r in rows:
        by[r["file"]].add(r["client_id"])
        if r["error"] == "":
            won[r["file"]].append(r)
    t(j["status"] == "complete" and len(ids) == 2 and sorted({r["client_id"] for r in rows}) == ids
      and len(rows) == 40 and all(len(v) == 2 for v in by.values()),
      "%s: 40 writes of both clients, every key written by both (%s, %d rows, writers per key %s)"
      % (op, j["status"], len(rows), sorted(len(v) for v in by.values())))
    # a client that lost every key (all its writes 412) is complete, without a summary
    st = [(c["status"], c["summary"] is None) for c in j["clients"]["list"]]
    t(all(x == "complete" for x, _ in st) and j["errors"]["class"] is None,
      "%s: both clients complete, the run's error class null (status, no summary: %s)" % (op, st))
    if op == "put-if-absent":
        t(len(by) == 10 and all(len(won[k]) == 1 for k in by),
          "put-if-absent: %d keys, each exactly one winner across the clients (winners by client %s)"
          % (len(by), sorted(r["client_id"] for v in won.values() for r in v)))
    else:
        ok = all(len({r["if_match"] for r in v}) == len(v) for v in won.values())
        t(ok and len(won) == 2 and len({r["client_id"] for v in won.values() for r in v}) == 2,
          "cas: each key's successes one chain, successes from both clients (%d)"
          % sum(len(v) for v in won.values()))
    c = claims.get("correctness/%s/1024/c2/right" % op, {})
    t(c.get("verdict") == "held" and c["figures"]["writes"] == 40 and c["figures"]["runs"] == 1,
      "%s: the correctness check read both clients' 40 writes and held (%s, %s)"
      % (op, c.get("verdict"), c.get("figures")))
PY
b4=mpi-ds-$sfx
cat >"$work/ds.ini" <<EOF
[campaign]
name = ds
[matrix]
ops = get
sizes = 1KiB
concurrency = 2
count = 20
dataset = d
reads = once
[list]
dataset = d
page_size = 100
concurrency = 1
count = 1
[probe]
probe = no
[dataset d]
objects = 300
size = 1KiB
[subject rgw]
endpoint = $ep
bucket = $b4
EOF
(cd "$work" && "$collect" dataset create ds.ini d >ds-create.log 2>&1) &&
	(cd "$work" && mpi2 "$collect" ds.ini -o ds >ds.log 2>&1)
check $? "mpirun -np 2: a cold GET and a LIST over a 300-object dataset: $(tail -n 2 "$work/ds-create.log" "$work/ds.log" | tr '\n' ' ')"
pycheck "a dataset on 2 ranks" "$work/ds" <<'PY'
import json, sys
from checks import listings, ops_rows, t
out = sys.argv[1]
for d, op in (("runs/cycle-01/rgw/get-1KiB-c2-dd", "GET"), ("runs/once/rgw/list-1KiB-c1-dd", "LIST")):
    j = json.load(open("%s/%s/run.json" % (out, d)))
    rows = ops_rows("%s/%s/ops.tsv.zst" % (out, d))
    ids = sorted(c["client_id"] for c in j["clients"]["list"])
    t(j["status"] == "complete" and j["workload"]["dataset"]["objects"] == 300 and len(ids) == 2
      and sorted({r["client_id"] for r in rows}) == ids and all(r["error"] == "" for r in rows),
      "%s: complete over the dataset, rows of both clients, no error (%s)" % (op, j["status"]))
    if op == "GET":
        keys = [r["file"] for r in rows]
        t(len(keys) == 80 and len(set(keys)) == 80
          and all(k.startswith("s3bench-dataset/d/o") for k in keys),
          "cold GET: 80 GETs of 80 distinct dataset objects across the clients (%d distinct)"
          % len(set(keys)))
    else:
        got = listings(rows)
        t([(len(l), sum(l)) for l in got] == [(4, 301)] * 2,
          "LIST: each client lists the dataset and its manifest page by page, 4 pages of 301 keys (%s)"
          % [(len(l), sum(l)) for l in got])
PY
(cd "$work" && "$collect" dataset delete ds.ini d >ds-delete.log 2>&1)
n=$(keys "$b4")
[ "$n" -eq 0 ]
check $? "the dataset deleted, bucket $b4 empty ($n keys)"
finish
