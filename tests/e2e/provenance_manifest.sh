#!/usr/bin/env bash
# tests/e2e/provenance_manifest.sh: results/manifest.json (issue 24, docs/FORMATS.md).
#   1. the manifest of a copy of data/sample lists every file under runs/, campaign.ini
#      and plan.tsv, each with the size stat gives and the digest sha256sum gives, and
#      nothing else (a README and results/ inside the folder are no inputs);
#   2. its digest equals an independent RFC 8785 computation: Node.js's JSON.stringify
#      (RFC 8785 defines its number and string forms as ECMAScript's JSON.stringify)
#      over the manifest re-read, members sorted by JavaScript's default sort (UTF-16
#      code units, as RFC 8785 section 3.2.3 asks), the "digest" member left out;
#   3. analyze prints the digest; options, tool, libraries and fairness facts recorded;
#   4. outside inputs (--baseline, --history) listed with "outside": true and their paths from
#      the data folder ("relative_to": "data_dir");
#   5. a Warp directory: every Warp file, facts "unknown".
# No server. Prints "N passed, N failed".
. "$(dirname "$0")/lib.sh"
analyze=$top/bin/analyze
[ -x "$analyze" ] || { bad "bin/analyze missing: run make"; finish; }
command -v node >/dev/null || { bad "node missing (scripts/setup installs it)"; finish; }

cp -r "$top/data/sample" "$tmp/s"
"$analyze" "$tmp/s" 2>"$tmp/a.err"
check $? "analyze data/sample exits 0"
m=$tmp/s/results/manifest.json
[ -s "$m" ]; check $? "results/manifest.json written"

# ---- 1. the inputs, against sha256sum ----
(cd "$tmp/s" && { ls campaign.ini plan.tsv; find runs -type f; } | LC_ALL=C sort |
	while read -r f; do echo "$f $(stat -c %s "$f") $(sha256sum <"$f" | cut -d' ' -f1)"; done) \
	>"$tmp/want"
node -e '
const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
for (const i of m.inputs) console.log(i.path, i.size, i.sha256, i.outside ? "outside" : "");
' "$m" | sed 's/ $//' >"$tmp/got"
diff "$tmp/want" "$tmp/got" >"$tmp/inputs.diff"
check $? "inputs = campaign.ini, plan.tsv and every file under runs/, digests as sha256sum ($(wc -l <"$tmp/want") files)"
[ -s "$tmp/inputs.diff" ] && head -5 "$tmp/inputs.diff"

# ---- 2. the digest, independently ----
cat >"$tmp/jcs.js" <<'JS'
// RFC 8785 with ECMAScript itself: JSON.stringify of sorted-member copies.
const crypto = require("crypto"), fs = require("fs");
function sorted(v) {
	if (Array.isArray(v)) return v.map(sorted);
	if (v !== null && typeof v === "object") {
		const o = {};
		for (const k of Object.keys(v).sort()) o[k] = sorted(v[k]);
		return o;
	}
	return v;
}
const m = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const rec = m.digest;
delete m.digest;
const text = JSON.stringify(sorted(m));
console.log(crypto.createHash("sha256").update(text, "utf8").digest("hex"), rec);
JS
read -r want rec < <(node "$tmp/jcs.js" "$m")
[ -n "$want" ] && [ "$want" = "$rec" ]
check $? "the recorded digest is SHA-256 of the RFC 8785 form (node: $want)"
grep -q "analyze: manifest $want " "$tmp/a.err"; check $? "analyze prints the digest"

# ---- 3. what made the results ----
node -e '
const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const o = m.options, s = m.subjects, bad = [];
const want = (c, w) => { if (!c) bad.push(w); };
want(m.format === "s3bench-manifest/1", "format");
want(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(m.generated), "generated");
want(m.tool.version === "0.1.0" && typeof m.tool.commit === "string", "tool");
want(o.policy === "mean" && o.min_samples === 1 && o.alpha === 0.05 && o.recompute === false, "options");
want(o.output === "results" && o.baseline === null && o.history === null, "paths");
want(m.libraries.libcurl[0] === "7.88.1" && m.collect.version[0] === "0.1.0", "libraries");
want(s.length === 2 && s[0].id === "s3rver" && s[1].id === "rgw", "subjects");
want(s[0].runs === 27 && s[0].endpoint_host === "127.0.0.1:45719" && s[0].addressing === "path", "facts");
want(s[0].tls_version === "none" && s[0].http_version === "unknown" && s[0].client_cpus === "2", "tls/http");
want(m.outputs.map(x => x.path).join() === "aggregate.json,cells.csv,runs.csv", "outputs");
want(m.signer === null, "signer");
if (bad.length) { console.log("wrong: " + bad.join(", ")); process.exit(1); }
' "$m"
check $? "options, tool, libraries, outputs and per-subject facts recorded"
agg_gen=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).generated)' \
	"$tmp/s/results/aggregate.json")
grep -q "\"generated\": \"$agg_gen\"" "$m"; check $? "generated = aggregate.json's ($agg_gen)"

# ---- 4. outside inputs ----
cp -r "$tmp/s/results" "$tmp/old"
"$analyze" "$tmp/s" -o "$tmp/s/results2" --baseline "$tmp/old" --history "$tmp/h.sqlite" \
	2>"$tmp/b.err"
check $? "analyze --baseline --history exits 0"
node -e '
const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const out = m.inputs.filter(i => i.outside).map(i => i.role + ":" + i.path);
const want = ["baseline:../old/aggregate.json", "baseline_manifest:../old/manifest.json",
	"history:../h.sqlite"];
if (out.join() !== want.join()) { console.log(out, want); process.exit(1); }
if (m.inputs.some(i => i.outside && i.relative_to !== "data_dir")) process.exit(1);
if (m.options.output !== "results2" || !m.options.baseline.outside ||
    m.options.baseline.path !== "../old" || m.options.baseline.relative_to !== "data_dir" ||
    m.options.history_build !== 1)
	process.exit(1);
if (m.inputs.some(i => i.path.startsWith("results"))) process.exit(1);
' "$tmp/s/results2/manifest.json"
check $? "baseline aggregate.json + manifest.json and the history listed as outside inputs, their paths from the data folder"
h=$(sha256sum <"$tmp/h.sqlite" | cut -d' ' -f1)
grep -q "$h" "$tmp/s/results2/manifest.json"
check $? "the history's digest is the database after this build was recorded"

# ---- 5. a Warp directory (shared/fixtures/warp; skipped when absent) ----
fx=${S3BENCH_WARP_FIXTURES:-$top/../shared/fixtures/warp}
if [ -d "$fx/warp-0" ]; then
	mkdir -p "$tmp/w/c0" "$tmp/w/.hidden"
	cp "$fx"/warp-0/warp-put-* "$fx"/warp-0/warp-get-*213436* "$tmp/w/c0/"
	cp "$fx"/warp-0/warp-get-*213757* "$tmp/w/"
	cp "$fx"/warp-0/warp-get-*214019* "$tmp/w/.hidden/"
	echo "a note" >"$tmp/w/README.md"
	"$analyze" "$tmp/w" 2>"$tmp/w.err"
	[ $? -le 1 ]; check $? "analyze of a Warp directory"
	(cd "$tmp/w" && find . -name 'warp-*.zst' ! -path './.hidden/*' | sed 's|^\./||' |
		LC_ALL=C sort) >"$tmp/wwant"
	node -e '
const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
for (const i of m.inputs) console.log(i.path);
if (m.options.source !== "warp" || !m.subjects.length ||
    m.subjects.some(s => s.tls_version !== "unknown" || s.client_host !== "unknown")) process.exit(1);
' "$tmp/w/results/manifest.json" >"$tmp/wgot"
	check $? "Warp manifest: source warp, facts unknown"
	diff "$tmp/wwant" "$tmp/wgot" >/dev/null
	check $? "Warp manifest: every Warp file and nothing else ($(wc -l <"$tmp/wwant") files)"
else
	skip 3 "no Warp fixtures at $fx"
fi
finish
