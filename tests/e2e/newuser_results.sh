#!/usr/bin/env bash
# tests/e2e/newuser_results.sh: a new user's results are never a mix of two analyses
# (README "Troubleshooting"; docs/FORMATS.md, the results directory). Needs no server:
# build/tests/fake_campaign writes the DATA_DIR.
#  1. analyze on a full disk (a tmpfs mounted and unmounted here): the write fails with
#     the reason and the directory's free space, and the earlier results stay byte for
#     byte, with no staging directory or temporary file left; with room again the new
#     results replace them all; a trend.json of an earlier --history analysis goes with
#     the results it described.
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

finish
