#!/usr/bin/env bash
# tests/e2e/style.sh: scripts/style-check on a small tree of its own (the real tree is
# checked by make test itself): a file laid out as .clang-format says passes, one that is
# not fails naming FILE:LINE:COL, --fix rewrites only it and the check then passes; the
# house forms stay as written (json_array_foreach, sizeof(x), a function's brace on its own
# line, a long string literal); no clang-format, or another major version, says so. The
# null-check dialect: under render/ (a NULLCHECK_DIRS entry) `if (!p)` on a pointer fails
# naming FILE:LINE, `!flag` on an int passes; the same `!p` under a directory not enabled (vendor/) passes.
# Call circles (scripts/call-circles DIR, and style-check of the whole small tree): two files
# calling each other with a "call circle" comment pass, three such circles are more than the
# default 2, a circle without the comment fails, and style-check fails naming it until one
# file no longer calls back.
. "$(dirname "$0")/lib.sh"

t=$tmp/tree
mkdir -p "$t/scripts" "$t/core"
cp "$top/.clang-format" "$t/"
cp "$top/scripts/style-check" "$top/scripts/nullcheck.awk" "$top/scripts/call-circles" "$t/scripts/"
cat >"$t/core/good.c" <<'EOF'
/* good.c: already in the house layout. */
#include <jansson.h>
#include <string.h>

static int count(json_t *a, char *buf)
{
	size_t i;
	json_t *v;
	int n = 0;

	json_array_foreach(a, i, v) {
		switch (json_typeof(v)) {
		case JSON_STRING:
			n++;
			break;
		default:
			break;
		}
	}
	memset(buf, 0, sizeof(buf[0]));
	return n > 0 ? n
		     : (int)strlen(
			       "a literal longer than the line would allow, never split: abcdefghijkl");
}
EOF
printf 'static int twice(int x) {\n    return x*2;\n}\n' >"$t/core/bad.c"
(cd "$t" && git init -q && git add -A) || exit 2
good_before=$(cat "$t/core/good.c")

"$t/scripts/style-check" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -qx '  core/bad.c:1:24' "$tmp/out" && ! grep -q good.c "$tmp/out" &&
	grep -q '1 of 2 files' "$tmp/out"
rc=$?
check $rc "a file not laid out: exit 1 naming FILE:LINE:COL, the good one not named"
[ $rc -eq 0 ] || sed 's/^/    /' "$tmp/out"

"$t/scripts/style-check" core/good.c >"$tmp/out" 2>&1
rc=$?
check $rc "the house forms pass as written (foreach macro, sizeof(x), brace, long literal)"
[ $rc -eq 0 ] || sed 's/^/    /' "$tmp/out"

"$t/scripts/style-check" --fix >"$tmp/out" 2>&1 && grep -qx '  core/bad.c' "$tmp/out" &&
	[ "$(cat "$t/core/good.c")" = "$good_before" ] &&
	[ "$(cat "$t/core/bad.c")" = "$(printf 'static int twice(int x)\n{\n\treturn x * 2;\n}')" ]
check $? "--fix rewrites the file that differs, and only it"

"$t/scripts/style-check" >"$tmp/out" 2>&1 && grep -q '2 files, all as .clang-format says' "$tmp/out"
check $? "after --fix the check passes"

CLANG_FORMAT=$tmp/none "$t/scripts/style-check" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q 'missing.*scripts/setup' "$tmp/out"
check $? "no clang-format: exit 2 saying how to get it (exit $rc: $(head -c 100 "$tmp/out"))"

printf '#!/bin/sh\necho "Debian clang-format version 99.0.0"\n' >"$tmp/cf99"
chmod +x "$tmp/cf99"
CLANG_FORMAT=$tmp/cf99 "$t/scripts/style-check" >"$tmp/out" 2>&1 && grep -q 'not the clang-format 14' "$tmp/out" &&
	grep -q 'nothing checked' "$tmp/out"
check $? "another major version: says so and checks nothing"
CLANG_FORMAT=$tmp/cf99 "$t/scripts/style-check" --fix >"$tmp/out" 2>&1
check $((($? == 2) ? 0 : 1)) "another major version: --fix refused (exit 2)"

mkdir -p "$t/render"
cat >"$t/render/nul.h" <<'EOF'
/* nul.h: a struct with a pointer member and an int one. */
struct box {
	char *name;
	int failed;
};
EOF
cat >"$t/render/nul.c" <<'EOF'
/* nul.c: pointers tested against NULL, ints with `!`. */
#include <stddef.h>

#include "render/nul.h"

int name_set(const struct box *b, const char *dflt, int failed)
{
	if (b == NULL || b->name == NULL || !b->failed)
		return dflt != NULL && !failed;
	return 1;
}
EOF
mkdir -p "$t/vendor"
sed 's|render/nul.h|vendor/nul.h|' "$t/render/nul.c" >"$t/vendor/nul.c"
cp "$t/render/nul.h" "$t/vendor/nul.h"
(cd "$t" && git add -A) || exit 2
"$t/scripts/style-check" render/nul.c vendor/nul.c >"$tmp/out" 2>&1
rc=$?
check $rc "null checks written p == NULL, !flag on ints: passes"
[ $rc -eq 0 ] || sed 's/^/    /' "$tmp/out"
sed -i 's/b == NULL || b->name == NULL/!b || !b->name/' "$t/render/nul.c" "$t/vendor/nul.c"
"$t/scripts/style-check" render/nul.c vendor/nul.c >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^render/nul.c:8: !b: write b == NULL' "$tmp/out" &&
	grep -q '^render/nul.c:8: !b->name: write b->name == NULL' "$tmp/out" &&
	[ "$(grep -c ': write .* == NULL (docs' "$tmp/out")" -eq 2 ] && ! grep -q vendor/nul.c "$tmp/out"
rc=$?
check $rc "if (!p) under render/: exit 1 naming FILE:LINE; not under vendor/ (not enabled)"
[ $rc -eq 0 ] || sed 's/^/    /' "$tmp/out"

# circle DIR N WHY: files DIR/aN.c and DIR/bN.c calling each other, aN.c saying why (WHY
# empty: no comment), in the house layout.
circle() {
	mkdir -p "$1"
	printf '/* a%s.c: %s */\nint b%s(int x);\n\nint a%s(int x)\n{\n\treturn x > 0 ? b%s(x - 1) : 0;\n}\n' \
		"$2" "${3:-calls b$2}" "$2" "$2" "$2" >"$1/a$2.c"
	printf '/* b%s.c: calls a%s. */\nint a%s(int x);\n\nint b%s(int x)\n{\n\treturn 2 * a%s(x);\n}\n' \
		"$2" "$2" "$2" "$2" "$2" >"$1/b$2.c"
}
cc=$t/scripts/call-circles
circle "$tmp/circ" 1 "call circle with b1: the recursion of the example"
"$cc" "$tmp/circ" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -qx "circle of 2: $tmp/circ/a1.c $tmp/circ/b1.c" "$tmp/out" &&
	grep -qx 'call circles: 1 (at most 2)' "$tmp/out"
check $? "call-circles DIR: one circle with a \"call circle\" comment passes (exit $rc)"
circle "$tmp/circ" 2 "call circle with b2" && circle "$tmp/circ" 3 "call circle with b3"
"$cc" "$tmp/circ" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -qx 'call circles: 3 (at most 2)' "$tmp/out" && ! grep -q 'no "call circle"' "$tmp/out"
check $? "call-circles DIR: three circles are more than the default 2 (exit $rc)"
[ $rc -eq 1 ] || sed 's/^/    /' "$tmp/out"
rm "$tmp/circ"/a[23].c "$tmp/circ"/b[23].c
circle "$tmp/circ" 2
"$cc" "$tmp/circ" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -qx "circle of 2 (no \"call circle\" comment): $tmp/circ/a2.c $tmp/circ/b2.c" "$tmp/out" &&
	grep -q "^    $tmp/circ/a2.c -> $tmp/circ/b2.c (b2)" "$tmp/out" && grep -qx 'call circles: 2 (at most 2)' "$tmp/out"
check $? "call-circles DIR: a circle without a \"call circle\" comment fails, naming its files and calls (exit $rc)"
[ $rc -eq 1 ] || sed 's/^/    /' "$tmp/out"

sed -i 's/!b || !b->name/b == NULL || b->name == NULL/' "$t/render/nul.c"
circle "$t/analyze" 4
(cd "$t" && git add -A) || exit 2
"$t/scripts/style-check" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q 'all as .clang-format says' "$tmp/out" &&
	grep -qx 'circle of 2 (no "call circle" comment): analyze/a4.c analyze/b4.c' "$tmp/out" &&
	grep -q '^style-check: call circles above' "$tmp/out"
check $? "style-check: the layout passes, then the tree's unexplained call circle fails it (exit $rc)"
[ $rc -eq 1 ] || sed 's/^/    /' "$tmp/out"
"$t/scripts/style-check" analyze/a4.c >"$tmp/out" 2>&1 && ! grep -q 'call circles' "$tmp/out"
check $? "style-check FILE...: no call circles (a tree's, not a file's)"
printf '/* b4.c: no longer calls a4. */\nint b4(int x)\n{\n\treturn 2 * x;\n}\n' >"$t/analyze/b4.c"
"$t/scripts/style-check" >"$tmp/out" 2>&1 && grep -qx 'call circles: 0 (at most 2)' "$tmp/out"
check $? "style-check: passes once b4.c no longer calls back"

finish
