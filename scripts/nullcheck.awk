# scripts/nullcheck.awk: the null-check dialect of docs/STYLE.md: flags `!p` where p is a
# pointer (write `p == NULL`). scripts/style-check runs it on the files of NULLCHECK_DIRS as
#   awk -v target=FILE.c -f scripts/nullcheck.awk HEADERS... FILE.c
# (HEADERS: the ones FILE.c includes with "..."); exit 1 when it flagged something.
# A pointer is a name written `*name` after a word (`char *p`, `struct row *r`, `return *p`:
# a declaration as clang-format lays it out, or a dereference; a product is `a * b`): in the
# function being read (its parameters and locals), at file scope, or as a member in a struct
# of the headers or the file (for `!a->m`, `!a.m`). Cheap, not exact: a pointer it does not
# see so (`int a, *p`, a typedef'd pointer, a member of a struct in a header the headers
# include) is missed, and a name that is a pointer in one struct and an int in another could
# be flagged wrongly: none is on the directories where it is enabled.
function strip(s) {
	gsub(/\\./, "", s)
	gsub(/"[^"]*"/, "\"\"", s)
	gsub(/'[^']*'/, "0", s)
	gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, "", s)
	sub(/\/\/.*/, "", s)
	if (s ~ /^[ \t]*\*([ \/]|$)/ || s ~ /^[ \t]*\/\*/)
		return ""
	return s
}
function ptrs(s, set,    t) {
	while (match(s, /[A-Za-z0-9_] \*+[A-Za-z_][A-Za-z0-9_]*/)) {
		t = substr(s, RSTART, RLENGTH)
		sub(/^[A-Za-z0-9_] \*+/, "", t)
		set[t] = 1
		s = substr(s, RSTART + RLENGTH)
	}
}
function check(s, n,    e, rest, last, plain) {
	while (match(s, /![A-Za-z_][A-Za-z0-9_]*((->|\.)[A-Za-z_][A-Za-z0-9_]*)*/)) {
		e = substr(s, RSTART, RLENGTH)
		rest = substr(s, RSTART + RLENGTH)
		s = rest
		if (rest ~ /^[ \t]*[\(\[]/ || rest ~ /^(\+\+|--)/)
			continue # a call, an element, an increment: not a plain name
		plain = e !~ /(->|\.)/
		last = e
		sub(/.*(->|\.|!)/, "", last)
		if ((plain && (last in local || (!(last in nonlocal) && last in global))) ||
		    (!plain && last in member)) {
			printf "%s:%d: %s: write %s == NULL (docs/STYLE.md)\n", target, n, e, substr(e, 2)
			bad = 1
		}
	}
}
{ s = strip($0) }
s ~ /^(typedef )?struct [A-Za-z_0-9]* *\{/ { instruct = 1; next }
instruct && s ~ /^\}/ { instruct = 0; next }
instruct { ptrs(s, member); next }
FILENAME != target { next }
s ~ /^[A-Za-z].*\(/ && s !~ /;[ \t]*$/ { delete local; delete nonlocal; infunc = 1 }
s ~ /^\}/ { infunc = 0; delete local; delete nonlocal; next }
infunc {
	ptrs(s, local)
	# a name declared as something else here (`int failed`) is not the file's pointer
	while (match(s, /(int|size_t|double|char|unsigned|long|bool) [A-Za-z_][A-Za-z0-9_]*/)) {
		t = substr(s, RSTART, RLENGTH); sub(/^[a-z_]+ /, "", t); nonlocal[t] = 1
		s2 = substr(s, RSTART + RLENGTH); s = s2
	}
	s = strip($0)
	lines[FNR] = s
	check(s, FNR)
	next
}
{ ptrs(s, global) }
END { exit bad }
