#!/usr/bin/env bash
# tests/e2e/render_files.sh: how bin/render writes its files: an output path too long for
# its buffers is refused by name (not created truncated), and report.pdf is fsynced under
# its temporary name before the rename that replaces the previous report (strace).
# Prints "N passed, N failed[, N skipped]".
. "$(dirname "$0")/analyze_lib.sh"
render=${RENDER:-$top/bin/render}

"$analyze" "$top/data/sample" -o "$tmp/results" >/dev/null 2>&1
check $? "analyze data/sample"

# 1. A directory path longer than 4096 bytes: exit 3 (the output cannot be written), says so, creates nothing.
long=$tmp/long/$(printf 'd%.0s' $(seq 1 250))
for _ in $(seq 1 17); do long=$long/$(printf 'e%.0s' $(seq 1 250)); done
"$render" "$tmp/results" -o "$long" >/dev/null 2>"$tmp/err"
check $(( $? == 3 ? 0 : 1 )) "a too long -o path: exit 3 (output) ($(head -c 120 "$tmp/err"))"
grep -q "directory path too long" "$tmp/err"
check $? "a too long -o path: the message says so"
test ! -e "$tmp/long"
check $? "a too long -o path: nothing created"

# 2. report.pdf: fsync of the temporary file, then the rename.
if command -v strace >/dev/null 2>&1; then
	strace -f -y -e trace=fsync,fdatasync,rename,renameat,renameat2 -o "$tmp/trace" \
		"$render" "$tmp/results" -o "$tmp/report" --format pdf >/dev/null 2>&1
	check $? "render --format pdf under strace"
	python3 - "$tmp/trace" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
sync = [i for i, l in enumerate(lines) if re.search(r'f(data)?sync\(\d+<[^>]*\.report\.pdf\.tmp\.', l)]
ren = [i for i, l in enumerate(lines) if 'rename' in l and '.report.pdf.tmp.' in l]
sys.exit(0 if sync and ren and sync[0] < ren[0] else 1)
PY
	check $? "the PDF is fsynced under its temporary name before its rename"
else
	skipped=$((skipped + 1))
	echo "SKIP strace is not installed: the PDF's fsync is not checked"
fi
finish
