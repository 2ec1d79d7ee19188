#!/usr/bin/env bash
# tests/e2e/provenance_bundle.sh: scripts/bundle and make reproduce.
#   data/sample and a Warp fixture directory are analyzed (signed), rendered, bundled
#   and reproduced into another folder: verified, and the report's HTML and PDF rebuilt
#   byte for byte; the same results give the same bundle bytes; make reproduce with and
#   without INTO. Bad bundles: truncated, a member "../x", an absolute member, a symbolic
#   link, a hard link, a newer bundle format, a newer manifest format, a changed run.json,
#   a folder that is not empty: each a clear error with its status, and nothing written
#   outside DIR (nor into it, for the bundles refused before unpacking).
# No server. Prints "N passed, N failed".
. "$(dirname "$0")/lib.sh"
analyze=$top/bin/analyze render=$top/bin/render bundle=$top/scripts/bundle
repro=$top/scripts/reproduce
for b in "$analyze" "$render"; do [ -x "$b" ] || { bad "$b missing: run make"; finish; }; done
for t in jq zstd python3; do command -v $t >/dev/null || { bad "$t missing"; finish; }; done

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

# ---- data/sample, signed ----
openssl genpkey -algorithm ed25519 -out "$tmp/key.pem" 2>/dev/null
openssl pkey -in "$tmp/key.pem" -pubout -out "$tmp/pub.pem"
cp -r "$top/data/sample" "$tmp/s"
"$analyze" "$tmp/s" --sign "$tmp/key.pem" 2>/dev/null && "$render" "$tmp/s/results" 2>/dev/null
check $? "analyze --sign and render data/sample"
is 0 "bundle: .*s3bench-bundle|entries" "scripts/bundle data/sample" \
	"$bundle" "$tmp/s/results" -o "$tmp/s.tar.zst"
is 0 "" "the same results bundled again" "$bundle" "$tmp/s/results" -o "$tmp/s2.tar.zst"
cmp -s "$tmp/s.tar.zst" "$tmp/s2.tar.zst"; check $? "...give the same bundle, byte for byte"
n=$(zstd -q -dc "$tmp/s.tar.zst" | tar -tf - | grep -c '^s3bench-bundle/data/s/runs/.*[^/]$')
[ "$n" -eq 108 ]; check $? "the bundle holds the 108 files under runs/ ($n)"
is 0 "verified; report.html and report.pdf rebuilt byte for byte" \
	"reproduce data/sample's bundle into another folder, with the publisher's key" \
	"$repro" "$tmp/s.tar.zst" "$tmp/r1" --pubkey "$tmp/pub.pem"
grep -q "signature by SHA256:.*: good" "$tmp/out"; check $? "...the signature checked"
[ -f "$tmp/r1/s3bench-bundle/results/manifest.json" ]; check $? "...unpacked into DIR"
is 0 "verified" "make reproduce BUNDLE=... INTO=..." \
	make -s -C "$top" reproduce BUNDLE="$tmp/s.tar.zst" INTO="$tmp/r2"
is 0 "unpacking into /tmp/s3bench-reproduce\." "make reproduce without INTO: a new folder, printed" \
	make -s -C "$top" reproduce BUNDLE="$tmp/s.tar.zst"
d=$(sed -n 's/^reproduce: unpacking into //p' "$tmp/out")
[ -n "$d" ] && [ -d "$d/s3bench-bundle" ] && rm -rf "$d"
is 2 "not empty" "reproduce into a folder that is not empty" "$repro" "$tmp/s.tar.zst" "$tmp/r1"

# ---- a Warp directory ----
fx=${S3BENCH_WARP_FIXTURES:-$top/../shared/fixtures/warp}
if [ -d "$fx/warp-0" ]; then
	mkdir -p "$tmp/w/logs"
	cp "$fx"/warp-0/warp-put-* "$fx"/warp-0/warp-get-*213436* "$tmp/w/logs/"
	"$analyze" "$tmp/w" 2>/dev/null; [ $? -le 1 ] && "$render" "$tmp/w/results" 2>/dev/null
	check $? "analyze and render a Warp directory"
	is 0 "" "bundle the Warp directory" "$bundle" "$tmp/w/results" -o "$tmp/w.tar.zst"
	is 0 "verified; report.html and report.pdf rebuilt byte for byte" \
		"reproduce the Warp bundle" "$repro" "$tmp/w.tar.zst" "$tmp/rw"
else
	skip 4 "no Warp fixtures at $fx"
fi

# ---- bad bundles ----
sz=$(stat -c %s "$tmp/s.tar.zst")
head -c $((sz / 2)) "$tmp/s.tar.zst" >"$tmp/trunc.tar.zst"
is 2 "truncated or damaged bundle" "a truncated bundle" "$repro" "$tmp/trunc.tar.zst" "$tmp/rt"
[ ! -e "$tmp/rt" ]; check $? "...nothing written"
# craft NAME KIND: a bundle with one bad member (python's tarfile writes any name)
craft() {
	python3 - "$tmp/$1.tar" "$2" "$tmp" <<'PY'
import io, sys, tarfile
out, kind, tmp = sys.argv[1:]
with tarfile.open(out, "w", format=tarfile.GNU_FORMAT) as t:
    def add(name, data=b"x", type=tarfile.REGTYPE, link=""):
        i = tarfile.TarInfo(name)
        i.type, i.linkname, i.size = type, link, (len(data) if type == tarfile.REGTYPE else 0)
        t.addfile(i, io.BytesIO(data) if type == tarfile.REGTYPE else None)
    add("s3bench-bundle/BUNDLE", b"format = s3bench-bundle/%d\n" % (2 if kind == "newer" else 1))
    if kind == "dotdot": add("s3bench-bundle/../../evil")
    if kind == "abs": add(tmp + "/evil")
    if kind == "symlink": add("s3bench-bundle/data", type=tarfile.SYMTYPE, link="/tmp")
    if kind == "hardlink": add("s3bench-bundle/h", type=tarfile.LNKTYPE, link="/etc/passwd")
    if kind == "outside": add("other/file")
PY
	zstd -q -f --rm "$tmp/$1.tar" -o "$tmp/$1.tar.zst"
}
for k in dotdot:"leaves its folder" abs:"absolute path" symlink:"symbolic link" \
	hardlink:"hard link" outside:"not under s3bench-bundle/" \
	newer:"bundle format 's3bench-bundle/2' is newer"; do
	craft "${k%%:*}" "${k%%:*}"
	is 2 "${k#*:}" "a bundle with ${k%%:*}: refused" "$repro" "$tmp/${k%%:*}.tar.zst" "$tmp/x-${k%%:*}"
	[ ! -e "$tmp/x-${k%%:*}" ] && [ ! -e "$tmp/evil" ] && [ ! -e "$(dirname "$tmp")/evil" ]
	check $? "...nothing written, inside or outside DIR"
done

# a bundle whose manifest is of a newer format; one whose run.json was changed
repack() { # repack NAME SEDSCRIPT FILE: the sample bundle with FILE edited
	rm -rf "$tmp/rp" && mkdir -p "$tmp/rp" && zstd -q -dc "$tmp/s.tar.zst" | tar -xf - -C "$tmp/rp"
	sed -i "$2" "$tmp/rp/s3bench-bundle/$3"
	(cd "$tmp/rp" && tar -cf - s3bench-bundle | zstd -q -o "$tmp/$1.tar.zst")
}
repack newman 's|"s3bench-manifest/1"|"s3bench-manifest/2"|' results/manifest.json
is 2 "newer manifest format" "a bundle with a newer manifest format" \
	"$repro" "$tmp/newman.tar.zst" "$tmp/rn"
repack changed 's/"requests": 423/"requests": 424/' data/s/runs/cycle-01/s3rver/put-64KiB-c1/run.json
is 5 "changed input: .*put-64KiB-c1/run.json" "a bundle with a changed run.json" \
	"$repro" "$tmp/changed.tar.zst" "$tmp/rc"
finish
