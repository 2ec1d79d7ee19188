#!/usr/bin/env bash
# tests/e2e/provenance_verify.sh: bin/analyze --verify and --sign (issue 24;
# docs/FORMATS.md, "Verifying results"), on copies of data/sample:
#   untouched data verifies byte for byte; one flipped byte in an ops.tsv.zst, a deleted
#   run.json, a stray run, an edited summary figure (before and after re-analysis), an
#   edited manifest, a manifest of a newer format, a hand-edited results field: each fails
#   with its documented status, naming the file (and field); --alpha given to analyze is
#   the one --verify uses, and so are --client-limits (options.client_limits; a manifest
#   without them means the defaults); Ed25519 signatures (right key, another key, a changed
#   manifest, openssl's own check); trend.json checked only while the history is unchanged.
# No server. Prints "N passed, N failed".
# tests/run: alone (it checks that no /tmp/s3bench-verify.* folder is left: any other test
# running analyze --verify beside it would have one)
. "$(dirname "$0")/lib.sh"
analyze=$top/bin/analyze
[ -x "$analyze" ] || { bad "bin/analyze missing: run make"; finish; }
command -v node >/dev/null || { bad "node missing"; finish; }
run1=runs/cycle-01/s3rver/put-64KiB-c1

# fresh NAME [ANALYZE OPTIONS...]: a copy of data/sample analyzed, in $tmp/NAME
fresh() {
	local d=$tmp/$1
	shift
	rm -rf "$d"
	cp -r "$top/data/sample" "$d"
	"$analyze" "$d" "$@" 2>"$d.analyze.err" || [ $? -eq 1 ]
}
# verify_is STATUS PATTERN NAME ARGS...: --verify ARGS exits STATUS, stderr matches PATTERN
verify_is() {
	local want=$1 pat=$2 name=$3 st
	shift 3
	"$analyze" --verify "$@" 2>"$tmp/v.err"
	st=$?
	if [ "$st" -eq "$want" ] && grep -qE -- "$pat" "$tmp/v.err"; then
		ok "$name (exit $st)"
	else
		bad "$name: exit $st (want $want), stderr:"
		sed 's/^/    /' "$tmp/v.err"
	fi
}
# redigest FILE: rewrite FILE's digest to match its (edited) content (Node's RFC 8785)
redigest() {
	node -e '
const fs = require("fs"), crypto = require("crypto"), f = process.argv[1];
const s = v => Array.isArray(v) ? v.map(s) : v !== null && typeof v === "object" ?
	Object.fromEntries(Object.keys(v).sort().map(k => [k, s(v[k])])) : v;
const m = JSON.parse(fs.readFileSync(f, "utf8"));
delete m.digest;
m.digest = crypto.createHash("sha256").update(JSON.stringify(s(m))).digest("hex");
fs.writeFileSync(f, JSON.stringify(m, null, 1));
' "$1"
}
# edit FILE JS: change the JSON file FILE with the JS statement (d is the document)
edit() {
	node -e '
const fs = require("fs"), f = process.argv[1], d = JSON.parse(fs.readFileSync(f, "utf8"));
'"$2"'
fs.writeFileSync(f, JSON.stringify(d, null, 2));
' "$1"
}

# ---- untouched data ----
fresh ok
verify_is 0 "identical, byte for byte" "untouched data/sample verifies" "$tmp/ok/results"
grep -q "110 inputs" "$tmp/v.err"; check $? "all 110 inputs checked"
grep -q "54 run summaries recomputed" "$tmp/v.err"; check $? "54 run summaries recomputed"
verify_is 0 "verified" "DATA_DIR given explicitly" "$tmp/ok/results" "$tmp/ok"
[ -z "$(ls -d /tmp/s3bench-verify.* 2>/dev/null)" ]
check $? "no temporary folder left behind"

# ---- inputs ----
fresh flip
f=$tmp/flip/runs/cycle-02/rgw/get-1MiB-c4/ops.tsv.zst
printf '\x00' | dd of="$f" bs=1 seek=100 conv=notrunc 2>/dev/null
verify_is 5 "changed input: .*cycle-02/rgw/get-1MiB-c4/ops.tsv.zst" \
	"a flipped byte in one ops.tsv.zst" "$tmp/flip/results"
fresh del
rm "$tmp/del/$run1/run.json"
verify_is 5 "missing input: .*$run1/run.json" "a deleted run.json" "$tmp/del/results"
fresh stray
cp -r "$tmp/stray/$run1" "$tmp/stray/runs/cycle-01/s3rver/put-64KiB-c9"
verify_is 5 "extra input: .*put-64KiB-c9/ops.tsv.zst" "a stray run" "$tmp/stray/results"
fresh sum
edit "$tmp/sum/$run1/run.json" 'd.summary.mib_s = 6.5;'
verify_is 5 "changed input: .*$run1/run.json" "an edited summary figure" "$tmp/sum/results"
"$analyze" "$tmp/sum" 2>/dev/null
verify_is 6 "$run1/run.json: summary disagrees with its ops.tsv.zst: .*mib_s" \
	"an edited summary figure, re-analyzed: the recomputation names it" "$tmp/sum/results"

# ---- the manifest ----
fresh man
cp "$tmp/man/results/manifest.json" "$tmp/man.json"
sed -i 's/"policy": "mean"/"policy": "best"/' "$tmp/man/results/manifest.json"
verify_is 3 "does not have the digest it records" "an edited manifest" "$tmp/man/results"
cp "$tmp/man.json" "$tmp/man/results/manifest.json"
sed -i 's|"s3bench-manifest/1"|"s3bench-manifest/2"|' "$tmp/man/results/manifest.json"
verify_is 2 "s3bench-manifest/2' is a newer manifest format" "a newer manifest format" \
	"$tmp/man/results"
verify_is 2 "manifest.json: cannot open|No such file" "no manifest" "$tmp/man/runs"

# ---- options and results ----
fresh alpha --alpha 0.01
grep -q '"alpha": 0.01' "$tmp/alpha/results/aggregate.json" ||
	grep -q '"alpha": 0.01' "$tmp/alpha/results/manifest.json"
check $? "--alpha 0.01 recorded"
verify_is 0 "identical" "analyze --alpha 0.01: --verify re-derives with the recorded alpha" \
	"$tmp/alpha/results"
edit "$tmp/alpha/results/manifest.json" 'd.options.alpha = 0.05;'
redigest "$tmp/alpha/results/manifest.json"
verify_is 7 "aggregate.json: differs .*field .*alpha" \
	"the same results claimed for alpha 0.05: the re-derivation differs" "$tmp/alpha/results"
# --client-limits: recorded, and the thresholds --verify judges with. Every run of the copy
# gets a client record at 95 % CPU with a remote endpoint: 90 % (the default) calls its
# cells client-limited, 98 % does not; aggregate.json records the thresholds with each run.
# fresh_client NAME [ANALYZE OPTIONS...]: fresh, with that record in every run.json
fresh_client() {
	local d=$tmp/$1
	shift
	rm -rf "$d"
	cp -r "$top/data/sample" "$d"
	find "$d/runs" -name run.json | while read -r f; do
		edit "$f" 'd.client = {host: "vm", cores: 2, window: {benchmark: {cpu_busy_pct: 95,
			tcp_retrans_pct: 0}, kept: null}, nic: {name: "eth0", speed_mbit: null,
			speed_source: "unknown"}, endpoint_local: false, shares_cpu: false};'
	done
	"$analyze" "$d" "$@" 2>"$d.analyze.err" || [ $? -eq 1 ]
}
# verdicts DIR: the cells' distinct client-limit verdicts
verdicts() {
	node -e 'const a = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
console.log([...new Set(a.cells.map(c => c.client_limit.verdict))].join(","));' "$1/aggregate.json"
}
fresh_client lim --client-limits 98%,90%,1%
m=$tmp/lim/results/manifest.json
node -e 'const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")), l = m.options.client_limits;
process.exit(l.cpu_pct === 98 && l.nic_pct === 90 && l.retrans_pct === 1 &&
	/ --client-limits 98%,90%,1%$/.test(m.command) ? 0 : 1);' "$m"
check $? "--client-limits 98%,90%,1%: recorded in options.client_limits and the command"
[ "$(verdicts "$tmp/lim/results")" = "not limited" ]
check $? "at 98 % the 95 % runs are no limit ($(verdicts "$tmp/lim/results"))"
verify_is 0 "identical" "analyze --client-limits 98%,90%,1%: --verify judges with the recorded thresholds" \
	"$tmp/lim/results"
cp "$m" "$tmp/lim.manifest"
edit "$m" 'd.options.client_limits.cpu_pct = 90;'
redigest "$m"
verify_is 7 "aggregate.json: differs .*field .*(client_limit|thresholds)" \
	"the same results claimed for 90 %: the re-derivation differs" "$tmp/lim/results"
fresh_client limdef
[ "$(verdicts "$tmp/limdef/results")" = "limited" ]
check $? "the same runs at the default 90 %: limited ($(verdicts "$tmp/limdef/results"))"
grep -q -- '--client-limits 90%,90%,1%' "$tmp/limdef/results/manifest.json"
check $? "the default thresholds are recorded too"
edit "$tmp/limdef/results/manifest.json" 'delete d.options.client_limits;'
redigest "$tmp/limdef/results/manifest.json"
verify_is 0 "identical" "a manifest from before client_limits was recorded: the defaults" \
	"$tmp/limdef/results"
fresh hand
edit "$tmp/hand/results/aggregate.json" 'd.cells[3].mib_s.mean += 1;'
verify_is 7 "aggregate.json: differs .*field cells\[3\]\.mib_s\.mean" \
	"a hand-edited results field is named" "$tmp/hand/results"
fresh csv
sed -i '3s/,1,/,2,/' "$tmp/csv/results/runs.csv"
verify_is 7 "runs.csv: differs .*line 3, column" "a hand-edited runs.csv cell is named" \
	"$tmp/csv/results"

# ---- across builds: numbers within the stated tolerance ----
# another build is simulated: the manifest says another commit, and aggregate.json (with its
# recorded digest) has one figure off by a relative 1e-12, as another libm might give
fresh build
a=$tmp/build/results/aggregate.json
node -e '
const fs = require("fs"), f = process.argv[1];
let s = fs.readFileSync(f, "utf8"), done = false;
s = s.replace(/"mean": ([0-9.]+)/, (m, v) => { done = true; return "\"mean\": " + (Number(v) * (1 + 1e-12)).toPrecision(17); });
fs.writeFileSync(f, s);
process.exit(done ? 0 : 1);
' "$a"
check $? "a figure of aggregate.json moved by a relative 1e-12"
sum=$(sha256sum <"$a" | cut -d' ' -f1) size=$(stat -c %s "$a")
cp "$tmp/build/results/manifest.json" "$tmp/build.manifest"
edit "$tmp/build/results/manifest.json" "d.outputs[0].sha256 = \"$sum\"; d.outputs[0].size = $size;"
redigest "$tmp/build/results/manifest.json"
commit=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).tool.commit)' \
	"$tmp/build.manifest")
case $commit in
*-dirty | unknown) skip 1 "bin/analyze built from a tree with uncommitted changes ($commit): no same-build case" ;;
*) verify_is 7 "aggregate.json: differs .*field cells" \
	"the same build: a difference of 1e-12 is a difference" "$tmp/build/results" ;;
esac
edit "$tmp/build/results/manifest.json" 'd.tool.commit = "0123456789abcdef0123456789abcdef01234567";'
redigest "$tmp/build/results/manifest.json"
verify_is 0 "equal within a relative 1e-9 \(another build" \
	"another build: numbers within a relative 1e-9 verify, and it says so" "$tmp/build/results"
cp "$tmp/build.manifest" "$tmp/build/results/manifest.json"
edit "$tmp/build/results/manifest.json" 'd.tool.commit = "0123456789abcdef0123456789abcdef01234567";'
redigest "$tmp/build/results/manifest.json"
verify_is 7 "aggregate.json: not the file the manifest records" \
	"results that are not the files the manifest records fail" "$tmp/build/results"

# ---- signatures ----
openssl genpkey -algorithm ed25519 -out "$tmp/key.pem" 2>/dev/null &&
	openssl pkey -in "$tmp/key.pem" -pubout -out "$tmp/pub.pem" &&
	openssl genpkey -algorithm ed25519 -out "$tmp/key2.pem" 2>/dev/null &&
	openssl pkey -in "$tmp/key2.pem" -pubout -out "$tmp/pub2.pem"
check $? "openssl makes two Ed25519 key pairs"
fresh sig --sign "$tmp/key.pem"
[ "$(stat -c %s "$tmp/sig/results/manifest.sig" 2>/dev/null)" = 64 ]
check $? "--sign writes a 64-byte manifest.sig"
fpr=SHA256:$(openssl pkey -pubin -in "$tmp/pub.pem" -outform DER | sha256sum | cut -d' ' -f1)
grep -q "\"fingerprint\": \"$fpr\"" "$tmp/sig/results/manifest.json"
check $? "the manifest records the key's fingerprint (as openssl + sha256sum give it)"
verify_is 0 "signature by $fpr: good" "the right key verifies" "$tmp/sig/results" \
	--pubkey "$tmp/pub.pem"
verify_is 4 "signed by SHA256:.*, not by this --pubkey" "another key fails" \
	"$tmp/sig/results" --pubkey "$tmp/pub2.pem"
verify_is 0 "signature not checked \(no --pubkey\)" "without --pubkey: said, not checked" \
	"$tmp/sig/results"
dg=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).digest)' \
	"$tmp/sig/results/manifest.json")
printf %s "$dg" >"$tmp/dg"
openssl pkeyutl -verify -pubin -inkey "$tmp/pub.pem" -rawin -in "$tmp/dg" \
	-sigfile "$tmp/sig/results/manifest.sig" >/dev/null 2>&1
check $? "openssl pkeyutl -verify -rawin accepts manifest.sig"
edit "$tmp/sig/results/manifest.json" 'd.options.policy = "best";'
redigest "$tmp/sig/results/manifest.json"
verify_is 4 "not a valid signature" "a changed (re-digested) manifest fails the signature" \
	"$tmp/sig/results" --pubkey "$tmp/pub.pem"
fresh unsigned
verify_is 4 "not signed" "--pubkey on an unsigned manifest fails" "$tmp/unsigned/results" \
	--pubkey "$tmp/pub.pem"

# ---- history ----
fresh hist --history "$tmp/h.sqlite"
verify_is 0 "identical" "with --history: trend.json re-derived and equal" "$tmp/hist/results"
grep -q "trend.json not checked" "$tmp/v.err"; [ $? -ne 0 ]; check $? "trend.json was checked"
edit "$tmp/hist/results/trend.json" 'd.builds = 7;'
verify_is 7 "trend.json: differs .*field builds" "an edited trend.json is named" \
	"$tmp/hist/results"
fresh hist
"$analyze" "$tmp/hist" -o "$tmp/hist2" --history "$tmp/h2.sqlite" 2>/dev/null
cp -r "$top/data/sample" "$tmp/hist3"
"$analyze" "$tmp/hist3" --history "$tmp/h3.sqlite" 2>/dev/null
"$analyze" "$tmp/hist3" -o "$tmp/hist3/later" --history "$tmp/h3.sqlite" 2>/dev/null
verify_is 0 "trend.json not checked: the history database has changed" \
	"a history with a later build: trend.json not checked, and why" "$tmp/hist3/results"
finish
