#!/usr/bin/env bash
# tests/e2e/collect_cond.sh: the conditional writes as a workload (docs/METHODOLOGY.md,
# "Conditional writes"): one campaign of put-if-absent and cas cells (4 workers, 2 keys, 40
# writes each) against three servers:
#   right  tests/tools/verify_s3.py --conditional aws (answers as AWS does),
#   wrong  verify_s3.py --conditional wrong (accepts every condition: two winners of a key,
#          lost updates),
#   rgw    Ceph RGW 16.2 (compares If-Match with the raw header: the quoted ETag an SDK
#          sends never matches, so every cas write is refused).
# The two verify_s3.py servers answer a read 20 ms after taking its ETag (--read-delay-ms), so
# the cas writers of a key overlap and conflict whatever the machine's load.
# Checked:
#   1. the ops logs (read here, apart from analyze): the if_match and etag columns last;
#      right's put-if-absent has exactly one 2xx per key and its other writes 412; right's
#      cas successes form one chain per key (each If-Match the ETag of the success before,
#      one root); wrong has keys with two winners and a cas fork; every run's summary has
#      requests = successes + errors + conflicts, its conflicts the 412/409 rows;
#   2. analyze's correctness claims: held for right, violated for wrong (its example naming
#      a key; its cells left out of the op's highest figure and of its lead, the lead claim
#      naming it in left_out), not-judged (none-won) for RGW's cas, whose run failed as
#      http-4xx with every write a conflict; claims_check.py on the reports (en, ko): the
#      violated and not-judged claims worded by their Key findings, wrong's cells marked †
#      (not comparable), no leader and named by no chart summary, and wrong's bill (right and
#      wrong are priced) marked † with its claims; the checker fails on a report showing a
#      violated cell unmarked or named lowest, on one showing wrong's bill unmarked, and on
#      claims making it the leader;
#   3. bad input: keys without a conditional op, a cas of 8 bytes: errors naming the key.
. "$(dirname "$0")/collect_lib.sh"

use_rgw
for mode in aws wrong; do
	python3 "$top/tests/tools/verify_s3.py" --port-file "$tmp/$mode.port" --log "$tmp/$mode.log" \
		--secret-key vsecret --conditional "$mode" --read-delay-ms 20 >"$tmp/$mode.out" 2>&1 &
	stop_at_exit $!
done
for _ in $(seq 100); do [ -s "$tmp/aws.port" ] && [ -s "$tmp/wrong.port" ] && break; sleep 0.1; done
sfx=$$-$RANDOM
export V_ACCESS_KEY_ID=vkey V_SECRET_ACCESS_KEY=vsecret
export RG_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID RG_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
cat >"$tmp/c.ini" <<INI
[campaign]
name = cond-$sfx
[matrix]
ops = put-if-absent, cas
sizes = 1KiB
concurrency = 4
count = 10
keys = 2
[probe]
probe = no
[subject right]
endpoint = http://127.0.0.1:$(cat "$tmp/aws.port")
bucket = cond-b
credentials = env:V
price_egress = 0.09/GB
[subject wrong]
endpoint = http://127.0.0.1:$(cat "$tmp/wrong.port")
bucket = cond-b
credentials = env:V
price_egress = 0.09/GB
[subject rgw]
label = Ceph RGW
endpoint = $RGW_S3_ENDPOINT
bucket = cond-$sfx
credentials = env:RG
INI
out=$tmp/camp
"$collect" "$tmp/c.ini" -o "$out" >"$out.collect.log" 2>&1 # exits 1: RGW's cas run failed
run_pipeline -q -f html "$out" en ko
pst=$?
grep -q 'rgw/cas-1KiB-c4 failed' "$out.collect.log" && ! grep -q 'right/.* failed\|wrong/.* failed' "$out.collect.log"
check $? "RGW's cas run fails (every write refused), the others complete: $(grep -c complete "$out.collect.log") complete; $(grep failed "$out.collect.log" | head -n 2)"
[ $pst -eq 0 ] && [ -s "$out/report-en/report.html" ] && [ -s "$out/report-ko/report.html" ]
check $? "analyzed and rendered (en, ko): $(tail -n 2 "$out.analyze.log" "$out.render-en.log" | tr '\n' ' ')"

pycheck "the ops logs" "$out" <<'PY'
import glob, io, json, os, subprocess, sys
from collections import defaultdict
from checks import t
out = sys.argv[1]
def rows(d):
    text = subprocess.run(["zstd", "-dc", os.path.join(d, "ops.tsv.zst")], capture_output=True,
                          check=True, text=True).stdout.splitlines()
    head = text[0].split("\t")
    return head, [dict(zip(head, l.split("\t"))) for l in text[1:] if l and not l.startswith("#")]
def conflict(e):
    return e.startswith("HTTP 412 PreconditionFailed") or e.startswith("HTTP 409 ConditionalRequestConflict")
for subj in ("right", "wrong"):
    for op in ("put-if-absent", "cas"):
        d = os.path.join(out, "runs/cycle-01", subj, op + "-1KiB-c4")
        head, rs = rows(d)
        t(head[-5:-3] == ["if_match", "etag"], "%s %s: if_match, etag last before the connection columns (%s)" % (subj, op, head[-6:]))
        s = json.load(open(os.path.join(d, "run.json")))["summary"]
        puts = [r for r in rs if r["op"] == "PUT"]
        won = [r for r in puts if r["error"] == ""]
        conf = [r for r in puts if conflict(r["error"])]
        t(s["requests"] == len(rs) and s.get("conflicts", 0) == len(conf)
          and s["requests"] == len(won) + s["errors"] + s.get("conflicts", 0)
          and all(r["etag"] for r in won),
          "%s %s: %d requests = %d won + %d errors + %d conflicts, every success with its ETag"
          % (subj, op, s["requests"], len(won), s["errors"], s.get("conflicts", 0)))
        by = defaultdict(list)
        for r in won:
            by[r["file"]].append(r)
        if op == "put-if-absent":
            keys = {r["file"] for r in puts}
            many = sorted(k for k in keys if len(by[k]) > 1)
            if subj == "right":
                t(len(keys) == 10 and not many and all(len(by[k]) == 1 for k in keys)
                  and len(conf) == len(puts) - len(keys),
                  "right put-if-absent: %d keys, each exactly one winner, the %d others 412"
                  % (len(keys), len(conf)))
            else:
                t(len(many) > 0, "wrong put-if-absent: %d of %d keys with two winners or more" % (len(many), len(keys)))
        else:
            forks = linear = 0
            for k, v in by.items():
                bases = [r["if_match"] for r in v]
                made = {r["etag"] for r in v}
                roots = [b for b in bases if b not in made]
                forks += len(bases) != len(set(bases))
                linear += len(bases) == len(set(bases)) and len(roots) == 1
            if subj == "right":
                t(forks == 0 and linear == len(by) == 2 and len(conf) > 0,
                  "right cas: both keys' %d successes one chain each (%d conflicts)" % (len(won), len(conf)))
            else:
                t(forks > 0, "wrong cas: %d of %d keys forked (two writes on one ETag)" % (forks, len(by)))
d = os.path.join(out, "runs/cycle-01/rgw/cas-1KiB-c4")
run = json.load(open(os.path.join(d, "run.json")))
head, rs = rows(d)
puts = [r for r in rs if r["op"] == "PUT"]
t(run["errors"]["class"] == "http-4xx" and puts and all(r["error"].startswith("HTTP 412 PreconditionFailed") for r in puts)
  and all(r["if_match"] for r in puts),
  "RGW cas: the run failed http-4xx, all %d writes (If-Match the quoted ETag) answered 412" % len(puts))
PY

cat >"$tmp/truth.json" <<'JSON'
{"expect": {
  "correctness/put-if-absent/1024/c4/right": {"verdict": "held", "figures": {"keys": [10, 0], "violations": [0, 0], "writes": [40, 0]}},
  "correctness/cas/1024/c4/right": {"verdict": "held", "figures": {"keys": [2, 0], "violations": [0, 0]}},
  "correctness/put-if-absent/1024/c4/wrong": {"verdict": "violated"},
  "correctness/cas/1024/c4/wrong": {"verdict": "violated"},
  "correctness/put-if-absent/1024/c4/rgw": {"verdict": "held", "figures": {"keys": [10, 0], "won": [10, 0]}},
  "correctness/cas/1024/c4/rgw": {"verdict": "not-judged", "reasons": ["none-won"], "figures": {"won": [0, 0]}},
  "lead/put-if-absent/1024/c4": {"verdict": "untested", "subject": "right", "reasons": ["one-cycle"]},
  "lead/cas/1024/c4": {"verdict": "untested", "subject": "right", "reasons": ["one-subject"]}
}}
JSON
python3 "$top/tests/tools/claims_check.py" "$out/results/aggregate.json" "$tmp/truth.json" \
	--report "$out/report-en" --report "$out/report-ko" >"$tmp/claims.txt" 2>&1
check $? "claims_check on the reports: $(tail -n 1 "$tmp/claims.txt")$(grep -m3 '^FAIL' "$tmp/claims.txt" | tr '\n' ' ')"
pycheck "the violations named" "$out/results/aggregate.json" "$out/report-en/report.html" <<'PY'
import json, re, sys
from checks import t
a = json.load(open(sys.argv[1]))
c = {x["id"]: x for x in a["claims"]}
ex = (c.get("correctness/put-if-absent/1024/c4/wrong") or {}).get("figures", {}).get("example") or ""
t(re.search(r"/obj/\d{8}: [2-4] writers won$", ex), "wrong put-if-absent's example names its key: %s" % ex)
ex = (c.get("correctness/cas/1024/c4/wrong") or {}).get("figures", {}).get("example") or ""
t(re.search(r"/obj/\d{8}: 2 writes won on ETag [0-9a-f]{32} ", ex), "wrong cas's example names its key and ETag: %s" % ex)
for op in ("put-if-absent", "cas"):
    ld = c.get("lead/%s/1024/c4" % op) or {}
    t(ld.get("subject") == "right" and ld.get("figures", {}).get("left_out") == "wrong"
      and ld["figures"].get("left_out_why") == "correctness-violated",
      "lead/%s: wrong's violated cell left out of the lead, the claim says why: %s" % (op, ld.get("figures", {}).get("left_out")))
    h = c.get("highest/" + op) or {}
    t(h.get("subject") not in (None, "wrong"),
      "highest/%s leaves the violated cell out: %s" % (op, h.get("subject")))
html = open(sys.argv[2]).read()
i = html.find('class="findings"')
t(i > 0 and "Correctness failure: wrong: CAS" in html[i:i + 6000] and "Ceph RGW: CAS could not run correctly" in html[i:i + 6000],
  "Key findings say wrong's correctness failure and that RGW's cas could not run correctly")
PY

# a report that shows the violated cell as a leader, or unmarked, fails the checker
python3 - "$out" "$tmp/mut" <<'PY'
import json, os, re, shutil, sys
out, mut = sys.argv[1:3]
shutil.copytree(out + "/report-en", mut + "/unmarked")
p = mut + "/unmarked/report.html"
html = open(p, encoding="utf-8").read()
html = re.sub(r'(data-claim="[^"]*correctness/cas/1024/c4/wrong"[^>]*>[^<]*?) \u2020', r"\1", html, count=1)
open(p, "w", encoding="utf-8").write(html)
shutil.copytree(out + "/report-en", mut + "/bill")
p = mut + "/bill/report.html"
head, tail = open(p, encoding="utf-8").read().split('id="t-cost-bill"', 1)
open(p, "w", encoding="utf-8").write(head + 'id="t-cost-bill"' + re.sub(r"(wrong) \u2020", r"\1", tail, count=1))
shutil.copytree(out + "/report-en", mut + "/lowest")
p = mut + "/lowest/report.html"
html = open(p, encoding="utf-8").read()
html = re.sub(r"lowest: right( \u2021)? \(", "lowest: wrong \u2021 \u2020 (", html, count=1)
open(p, "w", encoding="utf-8").write(html)
agg = json.load(open(out + "/results/aggregate.json"))
for c in agg["claims"]:
    if c["id"] == "lead/cas/1024/c4":
        c["subject"] = "wrong"
json.dump(agg, open(mut + "/aggregate.json", "w"))
PY
python3 "$top/tests/tools/claims_check.py" "$out/results/aggregate.json" "$tmp/truth.json" \
	--report "$tmp/mut/unmarked" >"$tmp/mut1.txt" 2>&1
[ $? -eq 1 ] && grep -q '^FAIL.*correctness/cas/1024/c4/wrong: its throughput cell' "$tmp/mut1.txt"
check $? "the checker fails on a violated cell shown unmarked: $(grep -m 1 '^FAIL' "$tmp/mut1.txt" | cut -c1-160)"
python3 "$top/tests/tools/claims_check.py" "$out/results/aggregate.json" "$tmp/truth.json" \
	--report "$tmp/mut/bill" >"$tmp/mut4.txt" 2>&1
[ $? -eq 1 ] && grep -q '^FAIL.*t-cost-bill: a cell .wrong' "$tmp/mut4.txt"
check $? "the checker fails on wrong's bill shown unmarked: $(grep -m 1 '^FAIL' "$tmp/mut4.txt" | cut -c1-160)"
python3 "$top/tests/tools/claims_check.py" "$out/results/aggregate.json" "$tmp/truth.json" \
	--report "$tmp/mut/lowest" >"$tmp/mut3.txt" 2>&1
[ $? -eq 1 ] && grep -q '^FAIL.*a summary names the violated cell' "$tmp/mut3.txt"
check $? "the checker fails on a chart summary naming the violated cell lowest: $(grep -m 1 '^FAIL' "$tmp/mut3.txt" | cut -c1-160)"
python3 "$top/tests/tools/claims_check.py" "$tmp/mut/aggregate.json" "$tmp/truth.json" >"$tmp/mut2.txt" 2>&1
[ $? -eq 1 ] && grep -q '^FAIL.*lead/cas/1024/c4: wrong leads with a violated cell' "$tmp/mut2.txt"
check $? "the checker fails on a violated cell as leader: $(grep -m 1 '^FAIL' "$tmp/mut2.txt" | cut -c1-160)"

printf '[campaign]\nname = k\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\ncount = 1\nkeys = 4\n[subject a]\nendpoint = http://127.0.0.1:1\nbucket = b\n' >"$tmp/bad.ini"
"$collect" "$tmp/bad.ini" -o "$tmp/bad" --dry-run >"$tmp/bad.txt" 2>&1
[ $? -ne 0 ] && grep -q 'bad.ini:8: \[matrix\] keys: keys are only for ops = put-if-absent or cas' "$tmp/bad.txt"
check $? "keys without a conditional op: $(head -n 1 "$tmp/bad.txt")"
"$collect" run --endpoint http://127.0.0.1:1 --bucket b --op cas --size 8 --concurrency 1 --count 1 -o "$tmp/small" >"$tmp/small.txt" 2>&1
[ $? -ne 0 ] && grep -q "'8': a cas run needs a size of at least 16 bytes" "$tmp/small.txt"
check $? "a cas of 8 bytes refused: $(head -n 1 "$tmp/small.txt")"
finish
