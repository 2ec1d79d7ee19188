#!/usr/bin/env bash
# tests/e2e/newuser_results.sh: a new user's results are never a mix of two analyses
# (README "Troubleshooting"; docs/FORMATS.md, the results directory). Needs no server:
# build/tests/fake_campaign writes the DATA_DIR.
#  1. analyze on a full disk (a tmpfs mounted and unmounted here): the write fails with
#     the reason and the directory's free space, and the earlier results stay byte for
#     byte, with no staging directory or temporary file left; with room again the new
#     results replace them all; a trend.json of an earlier --history analysis goes with
#     the results it described.
#  2. subject labels of 190 characters (the campaign's line limit allows them): the PDF's
#     tables wrap them and keep every other column's header words whole
#     (tests/tools/pdf_split_words.py), no word of any page crosses the margins (50 pt left
#     and right; pdftotext -bbox), the chart legends shorten them with "…", and no page
#     is more than half empty but the last (tests/tools/pdf_blank.py).
#  3. nothing silently missing: a subject whose run folders were deleted (still in
#     campaign.ini) stays in aggregate.json in its place, its cells with no valid run,
#     named on stderr (exit 1); a truncated run.json is listed in aggregate.json's
#     unreadable[] with its reason. With the plan (plan.tsv) beside them, the unreadable
#     run is placed (cycle, subject, op, size, workers) and a run kept by --allow-changed
#     carries its kept_as; the report lists the unreadable run under Excluded runs, says
#     in its key findings that a file could not be read, that no run of the subject was
#     read (its subjects table too) and that a cell mixes conditions, with the kept run
#     and what it was measured with.
#  4. a password in a run.json's endpoint (http://NAME:PASSWORD@host, as a run.json written
#     by another tool or an older collector may hold it): aggregate.json, manifest.json,
#     the CSVs and report.html show the endpoint with its user info replaced by ***, the
#     host and port kept.
. "$(dirname "$0")/analyze_lib.sh"
fake=${FAKE_CAMPAIGN:-$top/build/tests/fake_campaign}

for b in "$analyze" "$fake"; do
	[ -x "$b" ] || { bad "$b missing: run make tests"; finish; }
done
"$fake" "$tmp/d" --subjects 2 --cycles 2 --seed 3 >/dev/null
check $? "fake_campaign writes a DATA_DIR"

# ---------------------------------------------------------------- 1. full disk
# sums DIR: every file of DIR (hidden ones too) with its digest, one a line
sums() { (cd "$1" && find . -type f | sort | xargs -r sha256sum); }
mkdir -p "$tmp/disk"
if [ "$(id -u)" -ne 0 ] || ! mount -t tmpfs -o size=1m tmpfs "$tmp/disk" 2>/dev/null; then
	skip 6 "analyze on a full disk: mounting a tmpfs needs root"
else
	at_exit "umount '$tmp/disk' 2>/dev/null"
	r=$tmp/disk/r
	"$analyze" "$tmp/d" -o "$r" --history "$tmp/h.db" 2>"$tmp/a1"
	check $? "analyze --history into a 1 MiB tmpfs" "$(grep -v note "$tmp/a1")"
	sums "$r" >"$tmp/before"
	avail=$(df -k --output=avail "$tmp/disk" | tail -n 1)
	dd if=/dev/zero of="$tmp/disk/fill" bs=1k count=$((avail - 40)) 2>/dev/null
	"$analyze" "$tmp/d" -o "$r" --policy median 2>"$tmp/a2"
	st=$?
	[ $st -eq 2 ] && grep -q "cannot write: No space left on device" "$tmp/a2" &&
		grep -qE "analyze: $r: no results written; the files it held are as they were \([0-9.]+ KiB free on its file system\)" "$tmp/a2"
	check $? "a full disk: the reason and the free space said, exit 2 (exit $st)" \
		"$(grep -v note "$tmp/a2")"
	sums "$r" | diff "$tmp/before" - >"$tmp/diff"
	check $? "a full disk: the earlier results intact, nothing left beside them" \
		"$(cat "$tmp/diff")"
	rm -f "$tmp/disk/fill"
	"$analyze" "$tmp/d" -o "$r" --policy median 2>"$tmp/a3"
	check $? "with room again: analyze --policy median" "$(grep -v note "$tmp/a3")"
	python3 - "$r" <<'PY'
import json, os, sys
r = sys.argv[1]
a = json.load(open(r + "/aggregate.json"))
m = json.load(open(r + "/manifest.json"))
names = sorted(os.listdir(r))
outs = sorted(o["path"] for o in m["outputs"])
assert a["policy"]["name"] == "median", a["policy"]
assert names == ["aggregate.json", "cells.csv", "manifest.json", "runs.csv"], names
assert outs == ["aggregate.json", "cells.csv", "runs.csv"], outs
assert m["options"]["output"] == r or m["options"]["output"].endswith("/r"), m["options"]
PY
	check $? "the new results replace them all; the earlier analysis's trend.json gone with them"
	"$analyze" --verify "$r" "$tmp/d" >"$tmp/v" 2>&1
	grep -q "manifest .* intact" "$tmp/v"
	check $? "--verify: the manifest of the moved files is intact" "$(tail -n 3 "$tmp/v")"
fi

# ---------------------------------------------------------------- 2. long labels
render=${RENDER:-$top/bin/render}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
if ! command -v pdftotext >/dev/null || ! command -v pdftoppm >/dev/null; then
	skip 5 "long labels: pdftotext and pdftoppm not installed (poppler-utils)"
else
	cp -r "$tmp/d" "$tmp/long"
	rm -rf "$tmp/long/results"
	# each subject's label as a campaign file may hold it: 190 characters
	python3 - "$tmp/long" <<'PY'
import glob, json, sys
labels = {
    "provider-a": "Telef\u00f3nica Cloud Object Storage Madrid-Norte region, dedicated tenant for the "
                  "benchmarking campaign of the storage team, erasure coded 8+3, versioning "
                  "enabled, object lock off, replication none",
    "provider-b": "Amazon S3 Standard in eu-south-2 Spain, accessed through the VPC gateway endpoint "
                  "from a c7gn.4xlarge client in the same availability zone, default encryption "
                  "SSE-S3, versioning suspended",
}
assert all(185 <= len(v) <= 197 for v in labels.values()), [len(v) for v in labels.values()]
for f in glob.glob(sys.argv[1] + "/runs/*/*/*/run.json"):
    j = json.load(open(f))
    j["subject"]["label"] = labels[j["subject"]["id"]]
    json.dump(j, open(f, "w"))
PY
	check $? "two subjects labelled with 185 to 197 characters"
	"$analyze" "$tmp/long" >/dev/null 2>&1 && "$render" "$tmp/long/results" -o "$tmp/long/report" 2>"$tmp/r1"
	check $? "190-character labels: analyze and render" "$(head -3 "$tmp/r1")"
	$py "$top/tests/tools/pdf_split_words.py" "$tmp/long/report/report.pdf" \
		"$tmp/long/report/report.html" >"$tmp/split" 2>&1
	check $? "190-character labels: no table header word cut in two ($(tail -n 1 "$tmp/split"))" \
		"$(head -n 5 "$tmp/split")"
	$py - "$tmp/long/report/report.pdf" >"$tmp/margins" 2>&1 <<'PY'
import re, subprocess, sys, xml.etree.ElementTree as ET
out = subprocess.run(["pdftotext", "-bbox", sys.argv[1], "-"], check=True, capture_output=True,
                     text=True).stdout
out = re.sub(r'xmlns="[^"]*"', "", re.sub(r"<!DOCTYPE[^>]*>", "", out))
bad = words = ellipsis = 0
for n, page in enumerate(ET.fromstring(out).iter("page"), 1):
    width = float(page.get("width"))
    for w in page.iter("word"):
        words += 1
        ellipsis += "\u2026" in (w.text or "")
        if float(w.get("xMin")) < 50 - 0.5 or float(w.get("xMax")) > width - 50 + 0.5:
            bad += 1
            if bad <= 5:
                print("page %d: %r at %s-%s" % (n, w.text, w.get("xMin"), w.get("xMax")))
print("words outside the margins: %d of %d; shortened with an ellipsis: %d" % (bad, words, ellipsis))
sys.exit(1 if bad or not ellipsis else 0)
PY
	check $? "190-character labels: $(tail -n 1 "$tmp/margins")" "$(head -n 5 "$tmp/margins")"
	$py "$top/tests/tools/pdf_blank.py" "$tmp/long/report/report.pdf" >"$tmp/blank" 2>&1
	tail -n 1 "$tmp/blank" | grep -q 'more than half empty: 0 '
	check $? "190-character labels: $(tail -n 1 "$tmp/blank")"
fi

# ---------------------------------------------------------------- 3. nothing missing
"$fake" "$tmp/gone" --subjects 3 --cycles 3 --seed 5 >/dev/null
rm -rf "$tmp"/gone/runs/*/provider-c
cut=$tmp/gone/runs/cycle-02/provider-a/put-5MiB-c5/run.json
head -c 500 "$cut" >"$cut.part" && mv "$cut.part" "$cut"
"$analyze" "$tmp/gone" 2>"$tmp/g1"
st=$?
[ $st -eq 1 ] && grep -q "analyze: $tmp/gone: subject provider-c is planned, but none of its runs could be read (runs/\*/provider-c/ missing or unreadable)" "$tmp/g1"
check $? "a subject without run folders is named (exit $st)" "$(grep -v note "$tmp/g1")"
python3 - "$tmp/gone/results/aggregate.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
ids = [s["id"] for s in a["subjects"]]
assert ids == ["provider-a", "provider-b", "provider-c"], ids
c = a["subjects"][2]
assert c["label"] == "Provider C" and c["endpoint"] is None, c
cells = [x for x in a["cells"] if x["subject"] == "provider-c"]
assert len(cells) == 24 and all(x["n"] == 0 and x["expected"] == 3 for x in cells), cells[:2]
u = a["unreadable"]
assert [x["path"] for x in u] == ["runs/cycle-02/provider-a/put-5MiB-c5"] and "bad JSON" in u[0]["error"], u
PY
check $? "aggregate.json: the subject in its place (campaign label), its 24 cells 0 of 3; the cut run.json unreadable"
# the plan collect writes beside the runs: every run directory, one kept by --allow-changed
python3 - "$tmp/gone" <<'PY'
import glob, os, re, sys
d = sys.argv[1]
rows = []
for subj in ("provider-a", "provider-b", "provider-c"):
    for cyc in (1, 2, 3):
        for op in ("put", "get"):
            for size, label in ((262144, "256KiB"), (5242880, "5MiB"), (52428800, "50MiB"), (104857600, "100MiB")):
                for c in (1, 5, 10):
                    rows.append(("runs/cycle-%02d/%s/%s-%s-c%d" % (cyc, subj, op, label, c), cyc, subj, op, size, c))
with open(d + "/plan.tsv", "w") as f:
    f.write("# format: s3bench-plan/1\n# subjects: provider-a,provider-b,provider-c\n")
    f.write("# changed: 1 runs kept from an earlier collector were measured otherwise\n")
    f.write("n\tid\tcycle\tsubject\top\tsize\tconcurrency\tkept_as\n")
    for n, r in enumerate(rows, 1):
        kept = "workload.duration_s=3" if r[0] == "runs/cycle-01/provider-b/get-5MiB-c1" else ""
        f.write("%d\t%s\t%d\t%s\t%s\t%d\t%d\t%s\n" % ((n,) + r + (kept,)))
PY
"$analyze" "$tmp/gone" 2>"$tmp/g2"
st=$?
render=${RENDER:-$top/bin/render}
"$render" "$tmp/gone/results" -o "$tmp/gone/report" -f html 2>"$tmp/g3"
check $? "with plan.tsv: analyze (exit $st) and render" "$(grep -v note "$tmp/g2" "$tmp/g3")"
python3 - "$tmp/gone" <<'PY'
import html, json, re, sys
d = sys.argv[1]
a = json.load(open(d + "/results/aggregate.json"))
u = a["unreadable"][0]
assert (u["cycle"], u["subject"], u["op"], u["size"], u["concurrency"]) == (2, "provider-a", "put", 5242880, 5), u
kept = [r for r in a["runs"] if r.get("kept_as")]
assert [(r["path"], r["kept_as"]) for r in kept] == [("runs/cycle-01/provider-b/get-5MiB-c1", "workload.duration_s=3")], kept
t = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", open(d + "/report/report.html").read())))
for want in ["One run file could not be read",
             "No run of Provider C could be read (its run folders are missing or unreadable)",
             "One run kept from an earlier version of the campaign was measured otherwise",
             "Provider C provider-c – – no run read",
             "2 Provider A PUT 5 MiB 5 unreadable",
             "Measured with 1 Provider B GET 5 MiB 1 workload.duration_s=3"]:
    assert want in t, (want, [t[m.start() - 80:m.start() + 160] for m in re.finditer(want.split()[0], t)][:2])
assert "No run was excluded" not in t
PY
check $? "the report: the unreadable run placed under Excluded runs, the subject with no run read, the kept run that mixes conditions"

# ---------------------------------------------------------------- 4. no password published
cp -r "$tmp/d" "$tmp/pw"
rm -rf "$tmp/pw/results"
pw=S3BENCHPASSWORD$RANDOM
python3 - "$tmp/pw" "$pw" <<'PY'
import glob, json, sys
n = 0
for f in glob.glob(sys.argv[1] + "/runs/*/provider-a/*/run.json"):
    j = json.load(open(f))
    j["subject"]["endpoint"] = j["subject"]["endpoint"].replace("://", "://bench:%s@" % sys.argv[2], 1)
    json.dump(j, open(f, "w"))
    n += 1
assert n > 0
PY
"$analyze" "$tmp/pw" 2>"$tmp/p1" && "$render" "$tmp/pw/results" -o "$tmp/pw/report" -f html 2>"$tmp/p2"
check $? "a password in run.json's endpoints: analyze and render" "$(grep -v note "$tmp/p1" "$tmp/p2")"
! grep -rlF "$pw" "$tmp/pw/results" "$tmp/pw/report" "$tmp/p1" "$tmp/p2" >"$tmp/p3" &&
	python3 - "$tmp/pw/results" <<'PY'
import json, sys
a = json.load(open(sys.argv[1] + "/aggregate.json"))
ep = [s["endpoint"] for s in a["subjects"] if s["id"] == "provider-a"][0]
assert ep.startswith("https://***@") or ep.startswith("http://***@"), ep
m = json.load(open(sys.argv[1] + "/manifest.json"))
hosts = json.dumps(m)
assert "***" not in hosts.split("endpoint_host")[1][:200] and "@" not in hosts.split("endpoint_host")[1][:200], hosts.split("endpoint_host")[1][:200]
PY
check $? "the password nowhere in results/ nor the report; the endpoint shown as scheme://***@host, the manifest's host without it" \
	"$(cat "$tmp/p3")"

finish
