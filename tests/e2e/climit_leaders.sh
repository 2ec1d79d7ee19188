#!/usr/bin/env bash
# tests/e2e/climit_leaders.sh: the client-limit verdict in analyze's cells and leaders
# on a real two-subject campaign against nginx (two buckets), whose run.json
# files are then edited so that the verdicts and the leader are known:
#   subject one's runs at 100 / 101 MiB/s, two's at 50 / 51 (one leads clearly);
#   - no limit anywhere: the lead is clear, cells "not limited";
#   - the runner-up (two) limited by cpu (a remote endpoint, 97 % busy): no clear lead,
#     blocked_by two, reason cpu, leader_counts' clear taken back;
#   - only the leader limited: the lead stays clear (leader_limited);
#   - the runner-up limited by shared-cpu only: the lead stays clear, with the caveat;
#   - one of two runs limited: the cell is limited (at least half); runs without the
#     client record: "not measured", never "not limited";
#   - --client-limits 98%,90%,1% moves the threshold above 97 %: clear again;
#   - the report's "Where the time goes" stacked bar (HTML and PDF): a bar per cell, marked
#     with its time-share claim, a segment per phase with a positive mean, each as wide as the
#     mean of the cell's runs.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
analyze=${ANALYZE:-$top/bin/analyze}

use_nginx
endpoint=${NGINX_S3_ENDPOINT%/}
export ONE_AWS_ACCESS_KEY_ID=nginx ONE_AWS_SECRET_ACCESS_KEY=nginx-no-auth
export TWO_AWS_ACCESS_KEY_ID=nginx TWO_AWS_SECRET_ACCESS_KEY=nginx-no-auth
b1="cl1-$$-$RANDOM" b2="cl2-$$-$RANDOM"
curl -s -o /dev/null -X MKCOL "$endpoint/$b1/"
curl -s -o /dev/null -X MKCOL "$endpoint/$b2/"
cat >"$tmp/c.ini" <<INI
[campaign]
name = climit
cycles = 2
[matrix]
ops = get
sizes = 4KiB
concurrency = 2
duration = 2s
objects = 4
[subject one]
endpoint = $endpoint
bucket = $b1
addressing = path
credentials = env:ONE_AWS
[subject two]
endpoint = $endpoint
bucket = $b2
addressing = path
credentials = env:TWO_AWS
INI
"$collect" "$tmp/c.ini" -o "$tmp/out" --no-preflight >"$tmp/collect.out" 2>&1
check $? "the campaign runs ($(tail -n 1 "$tmp/collect.out"))"

# edit SPEC: set the runs' figures; SPEC is subject:cycle=cpu,shares | subject:cycle=none
edit() {
	python3 - "$tmp/out" "$@" <<'PY'
import glob, json, sys
root, specs = sys.argv[1], sys.argv[2:]
for p in glob.glob(root + "/runs/cycle-*/*/*/run.json"):
    d = json.load(open(p))
    subj, cyc = p.split("/")[-3], int(p.split("/")[-4][6:])
    mib = (100 if subj == "one" else 50) + cyc - 1
    d["summary"]["mib_s"] = mib
    d["summary"]["obj_s"] = mib * 256
    cpu, shares = 20.0, False
    for s in specs:
        who, val = s.split("=")
        if who == subj + ":" + str(cyc) or who == subj:
            if val == "none":
                cpu = None
            else:
                c, sh = val.split(",")
                cpu, shares = float(c), sh == "shared"
    if cpu is None:
        d.pop("client", None)
        d.pop("client_limit", None)
    else:
        for w in ("benchmark", "kept"):
            if d["client"]["window"][w] is not None:
                d["client"]["window"][w]["cpu_busy_pct"] = cpu
        d["client"]["shares_cpu"] = shares
    json.dump(d, open(p, "w"))
PY
}
# leader FIELDS: analyze, then the get 4 KiB c2 leader's and cells' figures.
leader() {
	rm -rf "$tmp/res"
	"$analyze" "$tmp/out" -o "$tmp/res" "$@" >"$tmp/an.out" 2>&1 || { echo "analyze failed: $(tail -n 2 "$tmp/an.out")"; return; }
	python3 - "$tmp/res/aggregate.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
l = [x for x in a["leaders"] if x["op"] == "get"][0]
c = {x["subject"]: x["client_limit"]["verdict"] for x in a["cells"] if x["op"] == "get"}
n = [x for x in a["leader_counts"] if x["op"] == "get" and x["subject"] == "one"][0]
k = l["client_limit"]
print(l["subject"], l["status"], l["clear"], k["blocked"], ",".join(k["blocked_by"]) or "-",
      ",".join(k["reasons"]) or "-", k["shared_cpu"], k["leader_limited"], n["clear"],
      c["one"], "/", c["two"])
PY
}

edit
got=$(leader)
[ "$got" = "one clear True False - - False False 1 not limited / not limited" ]
check $? "no limit: one leads clearly ($got)"
edit two=97,remote
got=$(leader)
[ "$got" = "one clear False True two cpu False False 0 not limited / limited" ]
check $? "runner-up limited by cpu: no clear lead, blocked by two ($got)"
got=$(leader --client-limits 98%,90%,1%)
[ "$got" = "one clear True False - - False False 1 not limited / not limited" ]
check $? "--client-limits 98%,90%,1%: 97 % is no limit, the lead is clear again ($got)"
# the report: the mark, the legend's sentence in both languages, the appendix
render=${RENDER:-$top/bin/render}
leader >/dev/null # the runner-up limited, default thresholds
for lang in en ko; do
	"$render" "$tmp/res" -o "$tmp/rep-$lang" --lang "$lang" --format html,pdf >"$tmp/render-$lang.out" 2>&1
	check $? "render --lang $lang"
done
python3 - "$tmp/rep-en/report.html" "$tmp/rep-ko/report.html" >"$tmp/rep.out" 2>&1 <<'PY'
import html, re, sys
en = html.unescape(re.sub(r"<[^>]+>", "", open(sys.argv[1]).read()))
ko = html.unescape(re.sub(r"<[^>]+>", "", open(sys.argv[2]).read()))
want_en = ["‡ client-limited", ", 2 workers: two's runs were client-limited (client CPU 97 %): it may be faster than shown, so no clear leader",
           "Client resources per run", "Where the time goes", "looks like a true result"]
want_ko = ["‡ 클라이언트가 한계", ", 워커 2개: two의 실행은 클라이언트가 한계였습니다 (클라이언트 CPU 97 %): 표시된 것보다 빠를 수 있으므로 분명한 선두가 없습니다",
           "실행별 클라이언트 자원", "시간은 어디에 쓰이는가"]
miss = [w for w in want_en if w not in en] + [w for w in want_ko if w not in ko]
print("missing: " + " | ".join(miss) if miss else "all there")
sys.exit(1 if miss else 0)
PY
check $? "report: mark, legend and sections in en and ko ($(tail -n 1 "$tmp/rep.out"))"
pdftotext "$tmp/rep-en/report.pdf" - 2>/dev/null | tr '\n' ' ' | grep -q "so no clear leader"
check $? "the PDF carries the legend's sentence"
# "Where the time goes" as a stacked bar per cell (subject, op, size and workers: never one
# average of two concurrencies): one segment per phase with a positive mean (the mean over
# the cell's included runs of each run's mean_all_ms, as aggregate.json's runs carry them),
# marked with the cell's time-share claim, each as wide as its mean on the panel's one scale
python3 - "$tmp/rep-en/report.html" "$tmp/res/aggregate.json" >"$tmp/stack.out" 2>&1 <<'PY'
import html, json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
agg = json.load(open(sys.argv[2]))
svg = next(s for s in re.findall(r"<svg[^>]*>.*?</svg>", page, re.S)
           if "Where a request&#39;s time goes" in s)
names = ["dns", "connect", "tls", "send", "wait", "transfer"]
shown = ["DNS", "connect", "TLS", "send", "wait", "transfer"]
want = {}
for r in agg["runs"]:
    if r["included"] and r.get("request_phases"):
        cell = "time-share/%s/%d/c%d/%s" % (r["op"], r["size"], r["concurrency"], r["subject"])
        w = want.setdefault(cell, [[0.0] * 6, 0])
        w[0] = [a + r["request_phases"][k] for a, k in zip(w[0], names)]
        w[1] += 1
want = {s: [x / n for x in v] for s, (v, n) in want.items()}
segs = [(float(w), c, html.unescape(t)) for w, c, t in re.findall(
    r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="[\d.]+" fill="#[0-9a-f]{6}" data-claim="([^"]*)"><title>([^<]*)</title>', svg)]
expect = sum(1 for v in want.values() for x in v if x > 0)
assert len(segs) == expect, ("segments", len(segs), "want", expect)
assert {c for _, c, _ in segs} == set(want), ("bars", sorted({c for _, c, _ in segs}), "cells", sorted(want))
def mean_of(cell, tip):
    part = tip.split(" · ")[2]
    return want[cell][shown.index(part.split(": ")[0])]
# the scale from the widest segment: its width rounded to 0.01 pt is the least relative error
wmax, cmax, tmax = max(segs)
k = wmax / mean_of(cmax, tmax)
for w, cell, tip in segs:
    mean = mean_of(cell, tip)
    assert abs(w - k * mean) <= 0.011, (tip, w, k * mean)  # the SVG writes widths to 0.01 pt
print("%d segments over %d bars (a bar per cell), %.4g pt per ms" % (len(segs), len(want), k))
PY
check $? "report: the stacked bar's segments, their count and widths ($(tail -n 1 "$tmp/stack.out"))"
pdftotext "$tmp/rep-en/report.pdf" - 2>/dev/null | grep -q "Where a request's time goes"
check $? "the PDF carries the stacked chart"

edit one=97,remote
got=$(leader)
[ "$got" = "one clear True False - - False True 1 limited / not limited" ]
check $? "only the leader limited: its lead stands ($got)"
edit two=97,shared
got=$(leader)
[ "$got" = "one clear True False - - True False 1 not limited / limited" ]
check $? "runner-up limited by shared-cpu: clear, with the caveat ($got)"
edit two:1=97,remote
got=$(leader)
[ "$got" = "one clear False True two cpu False False 0 not limited / limited" ]
check $? "one of two runs limited: the cell is limited (half) ($got)"
edit two=none
got=$(leader)
[ "$got" = "one clear True False - - False False 1 not limited / not measured" ]
check $? "runs without the client record: not measured ($got)"

curl -s -o /dev/null -X DELETE "$endpoint/$b1/"
curl -s -o /dev/null -X DELETE "$endpoint/$b2/"
finish
