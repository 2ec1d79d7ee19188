#!/usr/bin/env bash
# tests/e2e/report_support.sh: the report's "What each provider supports" matrix, from the
# conformance probe to the rendered page. A campaign with [probe] (every feature) against
# Ceph RGW 16.2 and s3rver, whose answers differ, is collected, analyzed and rendered in
# English and Korean; then:
#  1. aggregate.json support[] holds each subject of probe.json in its order, each feature
#     in the probe's order with its verdict, and the check that decided it (the first check
#     with the feature's verdict: its name, status, code, expected);
#  2. report.html's table t-support (en, ko) has a column per subject (its label) and a row
#     per feature (its name under the row's words), and every cell says the feature's
#     verdict in the report's words with the answer that decided it: "refused" with the
#     status and code, "wrong" with what came and what was expected, "supported" with the
#     bucket's versioning status; a subject's column read against its own probe.json record;
#  3. what the two servers are known to do shows: RGW's If-Match answers (412 where 404
#     NoSuchKey is due) wrong, s3rver's If-None-Match (200 over an existing key) and tags
#     wrong, RGW's tags supported;
#  4. manifest.json lists probe.json as an input (its SHA-256), analyze --verify re-derives
#     the results from it and names a changed one;
#  5. the checker catches a tampered report (a cell's verdict swapped) and a tampered
#     aggregate (a feature's status changed): both must fail;
#  6. a campaign with probe = no: no support[] and no matrix section; a probe.json whose
#     verdict is not one of the four: analyze names the file and field, exit 1.
. "$(dirname "$0")/collect_lib.sh"

use_rgw
use_server s3rver S3RVER
sfx=$$-$RANDOM
export RG_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID RG_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
export SR_ACCESS_KEY_ID=$S3RVER_AWS_ACCESS_KEY_ID SR_SECRET_ACCESS_KEY=$S3RVER_AWS_SECRET_ACCESS_KEY
cat >"$tmp/c.ini" <<INI
[campaign]
name = support-$sfx
[matrix]
ops = put
sizes = 4KiB
concurrency = 1
count = 2
[subject rgw]
label = Ceph RGW
endpoint = $RGW_S3_ENDPOINT
bucket = support-$sfx
credentials = env:RG
[subject s3rver]
label = s3rver
endpoint = $S3RVER_S3_ENDPOINT
bucket = support-$sfx
credentials = env:SR
INI
out=$tmp/camp
run_pipeline -f html -c "$tmp/c.ini" "$out" en ko
[ -s "$out/probe.json" ] && [ -s "$out/report-en/report.html" ] && [ -s "$out/report-ko/report.html" ]
check $? "probe.json, report-en/report.html and report-ko/report.html written"

cat >"$tmp/support_check.py" <<'PY'
"""support_check.py PROBE AGG TEMPLATES LANG:HTML...: aggregate.json support[] against
probe.json, and each report's t-support matrix against support[] (see the script's head)."""
import json, re, sys
from html.parser import HTMLParser
from checks import t

probe, agg = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
tdir, reports = sys.argv[3], sys.argv[4:]
RANK = {"wrong": 0, "refused": 1, "untested": 2, "supported": 3}

def decider(f):
    """probe.json's deciding check of feature f: the first with its verdict, else the first."""
    return next((c for c in f["checks"] if c["verdict"] == f["verdict"]), (f["checks"] or [None])[0])

# 1. support[] against probe.json
sup = agg.get("support", [])
t([s["subject"] for s in sup] == [s["subject"] for s in probe["subjects"]],
  "support[] has probe.json's subjects in order: %s" % [s["subject"] for s in sup])
bad = []
for ps, s in zip(probe["subjects"], sup):
    names = list(ps["features"])
    if [f["feature"] for f in s["features"]] != names:
        bad.append("%s: features %s, probe.json %s" % (s["subject"], [f["feature"] for f in s["features"]], names))
    for f in s["features"]:
        p = ps["features"].get(f["feature"])
        if p is None:
            continue
        c = decider(p)
        worst = min((RANK[k["verdict"]] for k in p["checks"]), default=RANK[p["verdict"]])
        want = (p["verdict"], p["note"], c["check"], c["status"], c["code"], c["expected"])
        got = (f["verdict"], f["note"], f["check"], f["status"], f["code"], f["expected"])
        if got != want or RANK[p["verdict"]] != worst:
            bad.append("%s %s: %s, probe.json %s" % (s["subject"], f["feature"], got, want))
t(not bad, "support[]: every feature's verdict and deciding check as probe.json has them (%d features)%s"
  % (sum(len(s["features"]) for s in sup), "".join("\n     " + b for b in bad[:8])))

# 2. each report's matrix
def strings(lang):
    d = {}
    for line in open("%s/%s/strings.txt" % (tdir, lang), encoding="utf-8"):
        m = re.match(r'^([A-Za-z0-9_.-]+) = (.*)$', line.rstrip("\n"))
        if m:
            v = m.group(2)
            d[m.group(1)] = v[1:-1] if len(v) > 1 and v[0] == v[-1] == '"' else v
    return d

class P(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.cur, self.row, self.cell, self.in_note = {}, None, None, None, False
    def handle_starttag(self, tag, attrs):
        d = dict(attrs)
        if tag == "table":
            self.cur = {"head": [], "rows": []}
            self.tables[d.get("id")] = self.cur
        elif tag == "tr" and self.cur is not None:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = {"scope": d.get("scope"), "cls": d.get("class", ""), "text": "", "note": ""}
        elif tag == "span" and self.cell is not None and d.get("class") == "n":
            self.in_note = True
    def handle_endtag(self, tag):
        if tag == "span" and self.in_note:
            self.in_note = False
        elif tag in ("td", "th") and self.cell is not None:
            self.cell = {k: v.strip() if isinstance(v, str) else v for k, v in self.cell.items()}
            self.row.append(self.cell)
            self.cell = None
        elif tag == "tr" and self.row is not None:
            (self.cur["head"] if all(c["scope"] == "col" for c in self.row) else self.cur["rows"]).append(self.row)
            self.row = None
        elif tag == "table":
            self.cur = None
    def handle_data(self, data):
        if self.cell is not None:
            self.cell["note" if self.in_note else "text"] += data

def expected_cell(w, f):
    """(text, note) the report must show for support[]'s feature f in the words w."""
    ans = "%d%s" % (f["status"], " " + f["code"] if f["code"] else "") if f["status"] else w["support.no_answer"]
    note = ""
    if f["verdict"] == "supported":
        note = f["note"] or ""
    elif f["verdict"] == "refused":
        note = ans
    elif f["verdict"] == "wrong":
        note = w["support.wrong_note"].replace("{answer}", ans).replace("{expected}", f["expected"])
    return (w["support." + f["verdict"]], note)

labels = {s["id"]: s["label"] for s in agg["subjects"]}
for spec in reports:
    lang, path = spec.split(":", 1)
    w = strings(lang)
    p = P()
    p.feed(open(path, encoding="utf-8").read())
    tb = p.tables.get("t-support")
    t(tb is not None and w["section.support"] in open(path, encoding="utf-8").read(),
      "%s: the section %r with its table t-support" % (lang, w["section.support"]))
    if tb is None:
        continue
    head = [c["text"] for c in tb["head"][0]] if tb["head"] else []
    t(head == [w["support.feature"]] + [labels[s["subject"]] for s in sup],
      "%s: columns %s" % (lang, head))
    rows = {r[0]["note"]: r for r in tb["rows"]}
    feats = []
    for s in sup:
        feats += [f["feature"] for f in s["features"] if f["feature"] not in feats]
    t([r[0]["note"] for r in tb["rows"]] == feats, "%s: a row per feature, in the probe's order (%d)" % (lang, len(feats)))
    t(all(r[0]["text"] == w.get("support.f." + r[0]["note"]) for r in tb["rows"]),
      "%s: each row's words are its feature's" % lang)
    for k, s in enumerate(sup):
        bad, n = [], 0
        for f in s["features"]:
            r = rows.get(f["feature"])
            if r is None or len(r) <= k + 1:
                bad.append("%s: no cell" % f["feature"])
                continue
            got, want = (r[k + 1]["text"], r[k + 1]["note"]), expected_cell(w, f)
            n += 1
            if got != want:
                bad.append("%s: %r, expected %r" % (f["feature"], got, want))
        t(not bad and n == len(s["features"]),
          "%s: %s's %d cells say its verdicts and answers%s" % (lang, s["subject"], n, "".join("\n     " + b for b in bad[:8])))
PY
# chk ARGS: the checker's lines (it prints them, exit 0 either way)
chk() { python3 - "$@" <"$tmp/support_check.py"; }
pycheck "support matrix" "$out/probe.json" "$out/results/aggregate.json" "$top/templates" \
	"en:$out/report-en/report.html" "ko:$out/report-ko/report.html" <"$tmp/support_check.py"

# 3. what the servers are known to do (collect_probe.sh compares them with curl)
a=$out/results/aggregate.json
feat() { jq -r --arg s "$1" --arg f "$2" '.support[] | select(.subject == $s) | .features[] |
	select(.feature == $f) | "\(.verdict) \(.status) \(.code) [\(.expected)]"' "$a"; }
[ "$(feat rgw conditional-put)" = "wrong 412 PreconditionFailed [2xx]" ] ||
	[ "$(feat rgw conditional-put)" = "wrong 412 PreconditionFailed [404 NoSuchKey]" ]
check $? "RGW conditional PUT: wrong, 412 PreconditionFailed where 2xx or 404 is due ($(feat rgw conditional-put))"
[[ $(feat s3rver conditional-put) == "wrong 200 "* ]] && [[ $(feat s3rver tagging) == wrong* ]] &&
	[[ $(feat rgw tagging) == supported* ]]
check $? "s3rver: If-None-Match over an existing key answered 200 (wrong), tags wrong; RGW tags supported"
grep -q "412 PreconditionFailed, expected " "$out/report-en/report.html" &&
	grep -q "412 PreconditionFailed, 기대: " "$out/report-ko/report.html"
check $? "the wrong answer and what was due are in both reports' words"

# 4. the probe is an input of the results: listed with its digest, and the results re-derive
want=$(sha256sum <"$out/probe.json" | cut -d' ' -f1)
jq -e --arg d "$want" '.inputs[] | select(.path == "probe.json") | .sha256 == $d' \
	"$out/results/manifest.json" >/dev/null &&
	"$top/bin/analyze" --verify "$out/results" "$out" >"$tmp/verify.log" 2>&1
check $? "manifest.json lists probe.json with its SHA-256; analyze --verify re-derives support[] ($(tail -n 1 "$tmp/verify.log"))"
cp -r "$out" "$tmp/changed"
jq '.subjects[0].features.tagging.verdict = "refused"' "$out/probe.json" >"$tmp/changed/probe.json"
"$top/bin/analyze" --verify "$tmp/changed/results" "$tmp/changed" >"$tmp/verify2.log" 2>&1
st=$?
[ "$st" = 5 ] && grep -q "probe.json" "$tmp/verify2.log"
check $? "a changed probe.json: analyze --verify exits $st (5: an input changed), naming it"

# 5. the checker must catch a tampered report and a tampered aggregate
sed '0,/<td>supported<\/td>/s//<td>refused<\/td>/' "$out/report-en/report.html" >"$tmp/bad.html"
! cmp -s "$tmp/bad.html" "$out/report-en/report.html" &&
	chk "$out/probe.json" "$a" "$top/templates" "en:$tmp/bad.html" >"$tmp/bad1.out" 2>&1
grep -q '^FAIL en: ' "$tmp/bad1.out"
check $? "a report with one 'supported' cell turned 'refused' fails the check ($(grep -m1 FAIL "$tmp/bad1.out"))"
jq '(.support[0].features[] | select(.feature == "conditional-put") | .status) = 409' "$a" >"$tmp/bad.json"
chk "$out/probe.json" "$tmp/bad.json" "$top/templates" >"$tmp/bad2.out" 2>&1
grep -q '^FAIL support\[\]' "$tmp/bad2.out"
check $? "an aggregate whose conditional-put status was changed fails the check"

# 6. no probe; a probe.json analyze cannot read
sed 's/^\[subject rgw\]/[probe]\nprobe = no\n&/' "$tmp/c.ini" >"$tmp/c2.ini"
run_pipeline -q -f html -c "$tmp/c2.ini" "$tmp/noprobe"
st=$?
[ "$st" = 0 ] && [ ! -e "$tmp/noprobe/probe.json" ] &&
	jq -e 'has("support") | not' "$tmp/noprobe/results/aggregate.json" >/dev/null &&
	! grep -q 't-support' "$tmp/noprobe/report/report.html"
check $? "probe = no: no support[] in aggregate.json, no matrix in the report"
cp -r "$out" "$tmp/badprobe"
rm -rf "$tmp/badprobe/results"
jq '.subjects[1].features.tagging.verdict = "maybe"' "$out/probe.json" >"$tmp/badprobe/probe.json"
"$top/bin/analyze" "$tmp/badprobe" -o "$tmp/badprobe/results" >"$tmp/badprobe.log" 2>&1
st=$?
[ "$st" = 1 ] && grep -q "probe.json: subjects\[1\].features.tagging.verdict: 'maybe' is not a verdict" "$tmp/badprobe.log"
check $? "a verdict 'maybe' in probe.json: exit $st, named ($(grep -m1 probe.json "$tmp/badprobe.log"))"
finish
