#!/usr/bin/env bash
# tests/e2e/collect_dataset.sh: a dataset at namespace scale against Ceph RGW
# (docs/CAMPAIGN.md, "[dataset NAME]"): a 4,000-object tree:8x2 population
#  1. created with `collect dataset create` in chunks of 500, killed (SIGKILL) once a chunk is
#     recorded, and created again: it goes on from the progress file, and the manifest's
#     bill counts each object's PUT once (the killed chunk's requests were never recorded);
#     its fingerprint is the population's (count, bytes, keys), in the manifest object
#     beside the objects and in the local copy;
#  2. verified;
#  3. read by a [matrix] get cell (reads = once: a cold GET of distinct dataset objects) and,
#     named with two small flat datasets (250 and 1,000 objects) by a campaign's [list]
#     (delimiter /) and [head]: every dataset verified first, one run per dataset, run.json's
#     workload.dataset carries the fingerprint, the rows read the dataset's keys, no object was
#     prepared or deleted; analyze keeps a one-off row per dataset (ops[].dataset, objects
#     its population) and the report (en, ko) charts LIST and HEAD latency against the
#     population, its data sentence the rows' p50; claims_check.py passes on both;
#     the [list] goes page by page (page_size 100): each listing is ceil(entries / 100) rows,
#     each a request of its own, whose keys sum to the listing's entries; and without a
#     delimiter, 250 objects of a `collect run` of its own at --page-size 100: pages of
#     100, 100, 50;
#  4. one object deleted behind its back: verify fails naming that object, and the campaign
#     refuses to run before its first run;
#  5. deleted: nothing left under its prefix, the local manifest gone;
#  6. bad campaign files: a [list] naming no [dataset], a tree with more leaves than objects.
# 20,000 objects (the issue's figure) take about 33 s here (create 18.5 s, verify 0.4 s,
# delete 13.4 s at load 12): too long for `make test`, hence 4,000.
. "$(dirname "$0")/collect_lib.sh"

use_rgw
ep=$RGW_S3_ENDPOINT
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
bucket=dataset-$$-$RANDOM
n=4000
cd "$work" || exit 1

# ini FILE [EXTRA SECTIONS...]: a campaign over the dataset `pop`.
ini() {
	local f=$1
	shift
	cat >"$f" <<INI
[campaign]
name = dataset
[matrix]
ops = put, get
sizes = 1KiB
concurrency = 2
count = 3
dataset = pop
reads = once
[probe]
probe = no
[dataset pop]
objects = $n
size = 1KiB
layout = tree:8x2
concurrency = 16
[dataset p250]
objects = 250
size = 1KiB
[dataset p1000]
objects = 1000
size = 1KiB
[subject rgw]
endpoint = $ep
bucket = $bucket
INI
	printf '%s\n' "$@" >>"$f"
}

# listed PREFIX: the number of keys under PREFIX in the bucket (curl's own signer).
listed() {
	local tok="" total=0 page k q
	while :; do
		# the parameters in byte order, as SigV4's canonical query (curl does not sort them)
		q="list-type=2&prefix=$(printf %s "$1" | jq -sRr @uri)"
		[ -z "$tok" ] || q="continuation-token=$(printf %s "$tok" | jq -sRr @uri)&$q"
		page=$(curl -sS -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' --aws-sigv4 "aws:amz:us-east-1:s3" \
			--user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" "$ep/$bucket?$q")
		k=$(printf '%s' "$page" | sed -n 's/.*<KeyCount>\([0-9]*\)<\/KeyCount>.*/\1/p')
		total=$((total + ${k:-0}))
		tok=$(printf '%s' "$page" | sed -n 's/.*<NextContinuationToken>\([^<]*\)<.*/\1/p')
		[ -n "$tok" ] || break
	done
	echo "$total"
}

ini ds.ini "[list]" "dataset = p250, p1000, pop" "delimiter = /" "page_size = 100" "concurrency = 1" "count = 2" \
	"[head]" "dataset = p250, p1000, pop" "concurrency = 4" "duration = 0.3s"

# 1. create, killed after its first recorded chunk, then again
"$collect" dataset create ds.ini pop --chunk 500 >create1.log 2>&1 &
pid=$!
for _ in $(seq 600); do
	[ -s datasets/pop.rgw.progress.json ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.05
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
stored=$(jq -r .stored datasets/pop.rgw.progress.json 2>/dev/null)
[ -n "$stored" ] && [ "$stored" -gt 0 ] && [ "$stored" -lt "$n" ]
check $? "killed create: the progress file records part of the population (stored '$stored' of $n)"
"$collect" dataset create ds.ini pop --chunk 500 >create2.log 2>&1
check $? "the create run again exits 0 ($(tail -n 2 create2.log))"
grep -q "going on from $stored of $n objects" create2.log
check $? "it goes on from $stored ($(head -n 1 create2.log))"
[ ! -e datasets/pop.rgw.progress.json ]
check $? "the progress file is gone once the dataset is complete"
pycheck manifest datasets/pop.rgw.json "$n" <<'PY'
import hashlib, json, sys
from checks import t
m = json.load(open(sys.argv[1])); n = int(sys.argv[2])
keys = []
for i in range(n):
    keys.append("s3bench-dataset/pop/d%d/d%d/o%010d" % (i % 8, i // 8 % 8, i))
keys.sort()
digest = hashlib.sha256("".join(k + "\n" for k in keys).encode()).hexdigest()
fp = m["fingerprint"]
t(fp == {"count": n, "bytes": n * 1024, "keys_sha256": digest},
  "manifest fingerprint = the sorted keys' SHA-256, count and bytes (%s)" % fp)
t(m["attempts"] == 2, "manifest: 2 attempts (%s)" % m["attempts"])
t(m["billing"]["requests"]["PutObject"]["n"] == n,
  "manifest: the bill counts %d PUTs, the killed chunk's never recorded (%s)"
  % (n, m["billing"]["requests"]["PutObject"]["n"]))
t(m["storage_cost_per_day"] == 0 and m["cost"]["currency"] == "USD",
  "manifest: cost and storage per day at the subject's prices (none: 0)")
PY
got=$(listed s3bench-dataset/pop/)
[ "$got" = $((n + 1)) ]
check $? "the bucket holds the $n objects and the manifest object (listed $got)"

# 2. verify
"$collect" dataset verify ds.ini pop >verify.log 2>&1
check $? "verify exits 0 ($(tail -n 1 verify.log))"
grep -q "verified: $n objects, $((n * 1024)) bytes, keys $(jq -r .fingerprint.keys_sha256 datasets/pop.rgw.json)" verify.log
check $? "verify prints the fingerprint"

# 3. a campaign over it and two smaller ones
"$collect" dataset create ds.ini p250 >small.log 2>&1 && "$collect" dataset create ds.ini p1000 >>small.log 2>&1
check $? "two small datasets created ($(tail -n 1 small.log))"
run_pipeline -f html -c ds.ini out en ko
grep -q "dataset pop on rgw: verified ($n objects" out.collect.log &&
	grep -q "dataset p250 on rgw: verified (250 objects" out.collect.log
check $? "the campaign verified the datasets before its runs"
pycheck runs out "$n" "$(jq -r .fingerprint.keys_sha256 datasets/pop.rgw.json)" <<'PY'
import glob, io, json, subprocess, sys
from checks import t
from checks import listings, ops_rows
out, n, digest = sys.argv[1], int(sys.argv[2]), sys.argv[3]
for op in ("list", "head"):
    rj = glob.glob(out + "/runs/once/rgw/%s-*-dpop/run.json" % op)
    t(len(rj) == 1, "%s: one run over pop" % op)
    t(len(glob.glob(out + "/runs/once/rgw/%s-*/run.json" % op)) == 3,
      "%s: one run per dataset" % op)
    r = json.load(open(rj[0]))
    w = r["workload"]
    t(w["dataset"] == {"name": "pop", "prefix": "s3bench-dataset/pop/", "layout": "tree:8x2",
                       "objects": n, "bytes": n * 1024, "keys_sha256": digest},
      "%s: run.json workload.dataset is the verified dataset (%s)" % (op, w["dataset"]))
    t(r["phases"]["cleanup"] == "skipped" and r["status"] == "complete",
      "%s: complete, no cleanup (%s, %s)" % (op, r["status"], r["phases"]))
    rows = subprocess.run(["zstdcat", rj[0].replace("run.json", "ops.tsv.zst")],
                          capture_output=True, text=True).stdout.splitlines()
    head = rows[0].split("\t")
    rows = [dict(zip(head, l.split("\t"))) for l in rows[1:]]
    t(rows and all(x["error"] == "" for x in rows), "%s: %d rows, no error" % (op, len(rows)))
    if op == "list":
        t(w["delimiter"] == "/" and w["page_size"] == 100,
          "list: workload.delimiter '/', page_size 100 (%s, %s)" % (w["delimiter"], w["page_size"]))
        t(all(x["n_objects"] == "9" for x in rows),
          "list with delimiter: 8 common prefixes and the manifest a listing (%s)"
          % sorted({x["n_objects"] for x in rows}))
        # page by page: p250 and p1000 are flat, so with the delimiter a listing returns
        # every key and the manifest; pop's is one page of 9
        for ds, entries in (("p250", 251), ("p1000", 1001), ("pop", 9)):
            lrows = ops_rows(glob.glob(out + "/runs/once/rgw/list-*-d%s/ops.tsv.zst" % ds)[0])
            got = listings(lrows)
            want = [1 + (entries - 1) // 100] * 2
            t([len(l) for l in got] == want and all(sum(l) == entries for l in got),
              "list over %s at page_size 100: 2 listings of %s pages, keys %d each (got %s)"
              % (ds, want[0], entries, [(len(l), sum(l)) for l in got]))
            t(all(x["request_id"] and x["wait_us"] and x["first_byte"] for x in lrows),
              "list over %s: every page row is a request of its own (its request id, phases, "
              "first byte)" % ds)
    else:
        t(all(x["file"].startswith("s3bench-dataset/pop/d") for x in rows),
          "head: every row reads a dataset key (%s)" % rows[0]["file"])
rj = glob.glob(out + "/runs/cycle-01/rgw/get-1KiB-c2-dpop/run.json")
t(len(rj) == 1, "matrix: a get cell over pop (cold GET)")
if rj:
    r = json.load(open(rj[0]))
    rows = subprocess.run(["zstdcat", rj[0].replace("run.json", "ops.tsv.zst")],
                          capture_output=True, text=True).stdout.splitlines()
    files = [l.split("\t")[7] for l in rows[1:]]
    t(r["workload"]["dataset"]["keys_sha256"] == digest and r["workload"]["send"]["reads"] == "once"
      and r["status"] == "complete", "cold GET: run.json workload.dataset, reads once, complete")
    t(len(files) == 6 and len(set(files)) == 6 and all(f.startswith("s3bench-dataset/pop/d") for f in files),
      "cold GET: 6 GETs of 6 distinct dataset objects (%s)" % files[:2])
    t(glob.glob(out + "/runs/cycle-01/rgw/put-1KiB-c2/run.json") != [],
      "matrix: the put cell writes objects of its own (no dataset)")
PY
got=$(listed s3bench-dataset/pop/)
[ "$got" = $((n + 1)) ]
check $? "the campaign left the dataset as it was (listed $got)"
pycheck report out <<'PY'
import json, re, sys
from checks import t
out = sys.argv[1]
agg = json.load(open(out + "/results/aggregate.json"))
for op in ("list", "head"):
    rows = [o for o in agg["ops"] if o["op"] == op]
    t([(o.get("dataset"), o["objects"]) for o in rows] == [("p250", 250), ("p1000", 1000), ("pop", 4000)],
      "aggregate.json ops[]: a %s row per dataset, smallest first (%s)"
      % (op, [(o.get("dataset"), o["objects"]) for o in rows]))
    for lang, word in (("en", "LIST" if op == "list" else "HEAD"), ("ko", None)):
        html = open("%s/report-%s/report.html" % (out, lang), encoding="utf-8").read()
        m = re.search(r'<svg[^>]*data-about="population/%s".*?</svg>' % op, html, re.S)
        t(m is not None, "%s report: the %s latency against population chart" % (lang, op))
        if m is None:
            continue
        desc = re.search(r"<desc[^>]*>(.*?)</desc>", m.group(0), re.S).group(1)
        lo = min(rows, key=lambda o: o["latency_ms"]["p50"])
        t(re.search(r"(?<![\d,])%s(?![\d,])" % format(lo["objects"], ","), desc) is not None,
          "%s report: its data sentence names the population of the lowest p50 (%d): %s"
          % (lang, lo["objects"], desc[-160:]))
    if op == "list":
        en = open(out + "/report-en/report.html", encoding="utf-8").read()
        ko = open(out + "/report-ko/report.html", encoding="utf-8").read()
        t("LIST latency against population size" in en and "Latency against population size" in en,
          "en report: the chart's title and section")
        t("모집단 크기에 따른 LIST 지연 시간" in ko and "모집단 크기에 따른 지연 시간" in ko,
          "ko report: the chart's title and section")
        t("for LIST, keys and common prefixes listed per second" in en and
          "for LIST, per page of a listing" in en and "LIST는 목록 조회의 페이지당" in ko,
          "en and ko reports: LIST rates are keys/s, its latency per page")
PY
echo '{}' >none.json
for lang in en ko; do
	python3 "$top/tests/tools/claims_check.py" out/results/aggregate.json none.json \
		--report "out/report-$lang" >"claims-$lang.out" 2>&1
	check $? "claims_check.py on the $lang report: $(tail -n 1 "claims-$lang.out"; grep FAIL "claims-$lang.out" | head -3)"
done

# 3b. a listing without a delimiter, page by page: 250 objects of its own at --page-size 100
"$collect" run --endpoint "$ep" --bucket "$bucket" --op list --size 1KiB --objects 250 \
	--page-size 100 --concurrency 1 --count 1 -o nodelim >nodelim.log 2>&1
check $? "collect run --op list --page-size 100 exits 0 ($(tail -n 1 nodelim.log))"
pycheck nodelim nodelim <<'PY'
import json, sys
from checks import listings, ops_rows, t
rows = ops_rows(sys.argv[1] + "/ops.tsv.zst")
w = json.load(open(sys.argv[1] + "/run.json"))["workload"]
t(w["page_size"] == 100 and w.get("delimiter") is None,
  "run.json: page_size 100, no delimiter (%s, %s)" % (w["page_size"], w.get("delimiter")))
t([x["page"] for x in rows] == ["1", "2", "3"] and listings(rows) == [[100, 100, 50]],
  "250 keys at 100 a page: 3 rows, pages 1 2 3, keys 100 100 50 (%s)"
  % [(x["page"], x["n_objects"]) for x in rows])
PY
"$collect" run --endpoint "$ep" --bucket "$bucket" --op list --size 1KiB --page-size 1001 \
	--concurrency 1 --count 1 -o nodelim2 >badpage.log 2>&1
[ $? = 2 ] && grep -q "collect: --page-size: '1001' is not a page size from 1 to 1000" badpage.log
check $? "--page-size 1001 refused naming the option ($(cat badpage.log))"

# 4. one object gone
curl -sS -o /dev/null -X DELETE -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' --aws-sigv4 "aws:amz:us-east-1:s3" \
	--user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" "$ep/$bucket/s3bench-dataset/pop/d2/d5/o0000000042"
"$collect" dataset verify ds.ini pop >tampered.log 2>&1
rc=$?
[ "$rc" = 1 ]
check $? "verify of a dataset missing an object exits 1 (got $rc)"
grep -q "dataset pop on rgw: object s3bench-dataset/pop/d2/d5/o0000000042 is missing (the listing has s3bench-dataset/pop/d2/d5/o0000000106 in its place)" tampered.log
check $? "its error names the dataset and the missing object ($(cat tampered.log))"
"$collect" ds.ini -o out-tampered >campaign2.log 2>&1
rc=$?
[ "$rc" = 2 ] && [ ! -e out-tampered/runs ] && grep -q "o0000000042 is missing" campaign2.log
check $? "the campaign refuses to run over it, before any run (exit $rc: $(tail -n 1 campaign2.log))"

# 5. delete
"$collect" dataset delete ds.ini p250 >delete.log 2>&1 && "$collect" dataset delete ds.ini p1000 >>delete.log 2>&1 &&
	"$collect" dataset delete ds.ini pop >>delete.log 2>&1
check $? "delete exits 0 ($(tail -n 1 delete.log))"
got=$(listed s3bench-dataset/pop/)
[ "$got" = 0 ] && [ ! -e datasets/pop.rgw.json ]
check $? "nothing left under the prefix, no local manifest (listed $got)"

# 6. bad campaign files
ini bad1.ini "[list]" "count = 1" "dataset = nope"
"$collect" dataset verify bad1.ini pop >bad1.log 2>&1
grep -q "bad1.ini:28: \[list\] dataset: no \[dataset nope\] section in this file" bad1.log
check $? "a [list] naming no dataset: refused at its line ($(cat bad1.log))"
sed 's/tree:8x2/tree:100x2/' ds.ini >bad2.ini
"$collect" dataset create bad2.ini pop >bad2.log 2>&1
grep -q "bad2.ini:15: \[dataset pop\] layout: more leaf directories than objects" bad2.log
check $? "a tree of more leaves than objects: refused at its line ($(cat bad2.log))"
finish
