#!/usr/bin/env bash
# tests/e2e/provenance_anywhere.sh: results whose inputs lie outside the data folder verify and
# reproduce from any folder (docs/FORMATS.md, "Verifying results" and "The bundle").
#   The README's Warp-directory workflow, in a publisher's folder: a Warp directory of generated
#   per-request logs analyzed with --warp-map MAP (beside it), --prices FILE:SECTION (an absolute
#   path two folders up) and --baseline (an earlier analysis, outside the data folder), results
#   and report outside the data folder. The manifest records those inputs relative to the data
#   folder; analyze --verify from another working folder finds them (exit 0); scripts/bundle packs
#   every input the manifest lists around the data folder; with the publisher's folder gone,
#   make reproduce from a third folder verifies and rebuilds the report byte for byte; a packed
#   input changed in the unpacked bundle is named (exit 5), so --verify read the bundle's copy; a
#   listed input missing when bundling is named (exit 2, nothing written).
# No server. Prints "N passed, N failed".
. "$(dirname "$0")/lib.sh"
analyze=$top/bin/analyze render=$top/bin/render bundle=$top/scripts/bundle
repro=$top/scripts/reproduce gen=${GEN_WARP_CSV:-$top/build/tests/gen_warp_csv}
for b in "$analyze" "$render" "$gen"; do
	[ -x "$b" ] || { bad "$b missing: run make all tests"; finish; }
done
for t in jq zstd zstdcat; do command -v $t >/dev/null || { bad "$t missing"; finish; }; done
export SOURCE_DATE_EPOCH=1793491200

# is STATUS PATTERN NAME CMD...: CMD exits STATUS and its output matches PATTERN
is() {
	local want=$1 pat=$2 name=$3 st
	shift 3
	"$@" >"$tmp/out" 2>&1
	st=$?
	if [ "$st" -eq "$want" ] && grep -qE -- "$pat" "$tmp/out"; then
		ok "$name (exit $st)"
	else
		bad "$name: exit $st (want $want):"
		tail -n 8 "$tmp/out" | sed 's/^/    /'
	fi
}

# mkwarp OUT OP SIZE ROWS SEED: a generated Warp per-request log with Warp's command line
mkwarp() {
	"$gen" "$tmp/raw.csv.zst" --rows "$4" --seed "$5" --op "$2" --size "$3" \
		--concurrency 4 --clients 2 || return 1
	{ zstdcat "$tmp/raw.csv.zst"
	  echo "# warp $2 --host=127.0.0.1:9000,127.0.0.1:9001 --obj.size=$3 --concurrent=4 --duration=6s"
	} | zstd -q -f -o "$1"
}

# ---- the publisher's folder ----
p=$tmp/site/pub
mkdir -p "$p/warp-logs/w0" "$tmp/site/lib" "$tmp/elsewhere" "$tmp/reader"
mkwarp "$p/warp-logs/w0/warp-put-2026-11-01[000000]-aaaaaa.csv.zst" put 65536 3000 1 &&
	mkwarp "$p/warp-logs/w0/warp-get-2026-11-01[010000]-bbbbbb.csv.zst" get 4096 4000 2
check $? "two generated Warp runs"
cat >"$p/warp-map.ini" <<'EOF'
[subject local]
label = Local S3
host = 127.0.0.1:*
prices = lab
EOF
cat >"$tmp/site/lib/prices.ini" <<'EOF'
; test prices (not a provider's)
[lab]
date = 2026-12-04 (test figures)
source = tests/e2e/provenance_anywhere.sh
price_unit = GB
currency = EUR
price_storage = 0.02/GB-month
price_egress = 0.09/GB
price_class_a = 0.005/1000
price_class_b = 0.0004/1000
EOF
(cd "$p" && "$analyze" warp-logs --warp-map warp-map.ini -o base/results) >/dev/null 2>&1
[ $? -le 1 ]; check $? "the baseline: an earlier analysis beside the data folder"
(cd "$p" && "$analyze" warp-logs --warp-map warp-map.ini --prices "$tmp/site/lib/prices.ini:lab" \
	--baseline base/results -o out/warp/results && "$render" out/warp/results -o out/warp/report) \
	>"$tmp/pub.log" 2>&1
check $? "analyze with a map, prices and a baseline outside the data folder, and render"
m=$p/out/warp/results/manifest.json
jq -e '[.inputs[] | select(.role) | {(.role): .path}] | add ==
	{"warp_map": "../warp-map.ini", "prices": "../../lib/prices.ini",
	 "baseline": "../base/results/aggregate.json",
	 "baseline_manifest": "../base/results/manifest.json"}' "$m" >/dev/null
check $? "the manifest records each outside input relative to the data folder"
jq -e '([.inputs[] | select(.outside) | .relative_to] | unique == ["data_dir"]) and
	.options.warp_map.relative_to == "data_dir" and .options.prices.path == "../../lib/prices.ini"
	and .options.baseline.path == "../base/results"' "$m" >/dev/null
check $? "...marked relative_to data_dir, in inputs and options alike"

# ---- --verify with the files at hand, from another working folder ----
cd "$tmp/elsewhere" || exit 1
is 0 "inputs .* as recorded" "analyze --verify from another working folder" \
	"$analyze" --verify ../site/pub/out/warp/results ../site/pub/warp-logs

# ---- the bundle ----
is 0 "bundle: .*entries" "scripts/bundle from another working folder" \
	"$bundle" ../site/pub/out/warp/results --data ../site/pub/warp-logs -o w.tar.zst
zstd -q -dc w.tar.zst | tar -tf - | LC_ALL=C sort >"$tmp/members"
want="s3bench-bundle/data/lib/prices.ini
s3bench-bundle/data/pub/base/results/aggregate.json
s3bench-bundle/data/pub/base/results/manifest.json
s3bench-bundle/data/pub/warp-logs/w0/warp-get-2026-11-01[010000]-bbbbbb.csv.zst
s3bench-bundle/data/pub/warp-logs/w0/warp-put-2026-11-01[000000]-aaaaaa.csv.zst
s3bench-bundle/data/pub/warp-map.ini"
[ "$(grep -v '/$' "$tmp/members" | grep '^s3bench-bundle/data/')" = "$want" ]
check $? "the bundle packs the map, the prices and the baseline around the data folder"
zstd -q -dc w.tar.zst | tar -xOf - s3bench-bundle/BUNDLE | grep -qx 'data = pub/warp-logs'
check $? "BUNDLE names the data folder's place (data = pub/warp-logs)"
zstd -q -dc w.tar.zst | tar -xOf - s3bench-bundle/data/lib/prices.ini |
	cmp -s - "$tmp/site/lib/prices.ini"
check $? "...the packed price file is the one analyzed"

# ---- reproduce anywhere: the publisher's folder is gone ----
mv "$tmp/site" "$tmp/gone"
cd "$tmp/reader" || exit 1
is 0 "verified; report.html and report.pdf rebuilt byte for byte" \
	"make reproduce from a third folder, the publisher's folder gone" \
	"$repro" ../elsewhere/w.tar.zst r
jq -e '.baseline.source == "../base/results/aggregate.json"' \
	r/s3bench-bundle/results/aggregate.json >/dev/null
check $? "...aggregate.json names the baseline as the manifest does (so the re-derived one agrees)"
printf '; changed\n' >>r/s3bench-bundle/data/pub/warp-map.ini
is 5 "changed input: .*warp-map.ini" "a packed input changed after unpacking: named" \
	"$analyze" --verify r/s3bench-bundle/results r/s3bench-bundle/data/pub/warp-logs

# ---- a listed input missing when bundling ----
mv "$tmp/gone" "$tmp/site"
rm "$tmp/site/pub/base/results/manifest.json"
cd "$tmp/elsewhere" || exit 1
is 2 "base/results/manifest.json: missing" "bundle with a listed input missing: named" \
	"$bundle" ../site/pub/out/warp/results --data ../site/pub/warp-logs -o w2.tar.zst
[ ! -e w2.tar.zst ]; check $? "...nothing written"
finish
