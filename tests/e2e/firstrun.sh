#!/usr/bin/env bash
# tests/e2e/firstrun.sh: every README command works as the FIRST command typed after cloning,
# on a machine whose packages scripts/setup has not installed yet.
#
# A copy of the tree runs its Makefile with shims first on PATH:
#   pkg-config  knows nothing (exit 1) until the shimmed scripts/setup has run; after that it
#               answers as the real one, plus a marker -DS3B_FIRSTRUN_PKG in --cflags;
#   cc, clang   compile nothing: each records its arguments; a compile without the marker
#               is the bug this catches (flags computed before setup ran) and fails; gcc's
#               "cc" only records, clang checks the syntax of each file under -Werror
#               (-fsyntax-only), so the clang build's warnings are real.
# scripts/demo, bench/run, scripts/report, tests/run and scripts/style-check (the layout is
# not what this test is about; make test must run it) are replaced by stubs that say they
# ran; the built binaries are scripts that exit 0. Cases: plain make before setup (a clear
# message naming the missing packages), then run, test, bench, report, report-sample and
# plain make after setup; make CFLAGS=-O0 / OPT=-O3 / CC=clang; and each binary linking only
# core/ and its own stage's library. make run builds quietly (one short line per file, no
# command line, no sub-make's directory lines); make V=1 shows every command.
. "$(dirname "$0")/lib.sh"

tree=$tmp/tree shims=$tmp/shims log=$tmp/cc.log done=$tmp/setup-done
mkdir -p "$tree" "$shims"
# The tracked files as they are in the work tree (uncommitted changes included).
(cd "$top" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$tree"

real_cc=$(command -v cc) real_clang=$(command -v clang) real_pc=$(command -v pkg-config)

cat >"$shims/pkg-config" <<EOF
#!/bin/sh
[ -e "$done" ] || exit 1
out=\$("$real_pc" "\$@") || exit \$?
case " \$* " in *" --cflags "*) out="\$out -DS3B_FIRSTRUN_PKG" ;; esac
[ -z "\$out" ] || echo "\$out"
EOF

# compiler shim: $1 = the real compiler, $2 = 1 to check syntax for real.
cat >"$shims/ccshim" <<EOF
#!/bin/bash
real=\$1 syntax=\$2; shift 2
out="" src="" compile=0 prev=""
for a in "\$@"; do
	case "\$prev" in -o) out=\$a ;; esac
	case "\$a" in -c) compile=1 ;; *.c) src=\$a ;; esac
	prev=\$a
done
# Probes (-o /dev/null, stdin, preprocessing) and the empty archive member go to the real one.
case "\$out:\$src:\$*" in /dev/null:*|*" -E "*|*:" -"|*" - "*) exec "\$real" "\$@" ;; esac
case " \$* " in *" - "*) exec "\$real" "\$@" ;; esac
if [ "\$compile" = 1 ]; then
	echo "compile \$src \$*" >>"$log"
	case " \$* " in *" -DS3B_FIRSTRUN_PKG "*) ;; *) echo "MISSING pkg-config flags: \$src" >>"$log"; exit 1 ;; esac
	if [ "\$syntax" = 1 ]; then
		args=(); skip=0
		for a in "\$@"; do
			if [ \$skip = 1 ]; then skip=0; continue; fi
			case "\$a" in -o) skip=1 ;; -c|-MMD|-MP) ;; *) args+=("\$a") ;; esac
		done
		"\$real" -fsyntax-only "\${args[@]}" || exit 1
	fi
	: >"\$out"
else
	echo "link \$out \$*" >>"$log"
	printf '#!/bin/sh\nexit 0\n' >"\$out" && chmod +x "\$out"
fi
EOF
printf '#!/bin/sh\nexec "%s/ccshim" "%s" 0 "$@"\n' "$shims" "$real_cc" >"$shims/cc"
printf '#!/bin/sh\nexec "%s/ccshim" "%s" 1 "$@"\n' "$shims" "$real_clang" >"$shims/clang"
chmod +x "$shims"/*

# The tree's setup: --check is the real one (through the pkg-config shim); an install
# only marks the packages as present. The scripts a target ends in are stubs.
mv "$tree/scripts/setup" "$tree/scripts/setup.real"
cat >"$tree/scripts/setup" <<EOF
#!/bin/sh
[ "\${1:-}" = --check ] && exec "\$(dirname "\$0")/setup.real" --check
touch "$done"
EOF
for s in scripts/demo scripts/report scripts/reproduce bench/run tests/run scripts/style-check; do
	printf '#!/bin/sh\necho "STUB %s ran"\n' "$s" >"$tree/$s"
done
chmod +x "$tree/scripts/setup" "$tree/scripts/demo" "$tree/scripts/report" "$tree/bench/run" \
	"$tree/scripts/reproduce" \
	"$tree/tests/run" "$tree/scripts/style-check"

# first TARGET... : a fresh tree (nothing built, setup not run), then make TARGET...
first() {
	rm -rf "$tree/build" "$tree/bin" "$done" "$log"
	(cd "$tree" && PATH="$shims:$PATH" make -j2 "$@") >"$tmp/make.out" 2>&1
}
# compiled PATTERN: the recorded compiles whose arguments match PATTERN (a grep -E).
compiled() { grep '^compile ' "$log" 2>/dev/null | grep -cE -- "$1"; }
nocompile_without() { ! grep '^compile ' "$log" 2>/dev/null | grep -vqE -- "$1"; }

# 1. Plain make before setup: a clear message, nothing compiled.
first
rc=$?
[ $rc -ne 0 ] && grep -q "missing:.*libcurl4-openssl-dev.*libgsl-dev" "$tmp/make.out" &&
	grep -q "scripts/setup" "$tmp/make.out" && [ ! -s "$log" ]
check $? "plain make before setup names the missing packages and compiles nothing"
[ $rc -ne 0 ] || sed 's/^/    /' "$tmp/make.out"

# 2. Each README command first: it builds with the real flags and reaches its last step.
for t in "run|scripts/demo" "test|tests/run" "bench|bench/run" \
	"report CAMPAIGN=data/campaigns/example.ini|scripts/report" "report-sample|" \
	"reproduce BUNDLE=x.tar.zst|scripts/reproduce"; do
	target=${t%%|*} stub=${t#*|}
	# shellcheck disable=SC2086
	first $target
	rc=$?
	if [ $rc -eq 0 ] && ! grep -q MISSING "$log" && [ "$(compiled .)" -gt 50 ] &&
		{ [ -z "$stub" ] || grep -q "STUB $stub ran" "$tmp/make.out"; } &&
		{ [ "$target" != test ] || grep -q "STUB scripts/style-check ran" "$tmp/make.out"; }; then
		ok "make $target as the first command"
	else
		bad "make $target as the first command (exit $rc)"
		grep MISSING "$log" 2>/dev/null | head -3 | sed 's/^/    /'
		tail -n 5 "$tmp/make.out" | sed 's/^/    /'
	fi
	if [ "$target" = test ]; then
		[ "$(compiled '-fsanitize=address.*-DS3B_FIRSTRUN_PKG')" -gt 50 ]
		check $? "make test builds the sanitized tree with the real flags too"
	fi
	if [ "$target" = run ]; then
		# quiet: one short line per file, no compiler command line, no sub-make chatter
		long=$(grep -cE -- ' -c -o |-std=c11|Entering directory|Leaving directory' "$tmp/make.out")
		short=$(grep -cE '^  (CC|AR|LD) +[^ ]+$' "$tmp/make.out")
		[ "$long" -eq 0 ] && [ "$short" -ge "$(compiled .)" ]
		check $? "make run builds quietly: $short short lines for $(compiled .) files, $long long ($(grep -m 1 -E -- ' -c -o |Entering' "$tmp/make.out" | cut -c1-80))"
	fi
done
rm -rf "$tree/build" "$tree/bin" "$log"
(cd "$tree" && PATH="$shims:$PATH" make -j2 V=1) >"$tmp/make.out" 2>&1 &&
	[ "$(grep -c -- ' -c -o build/obj/' "$tmp/make.out")" -ge "$(compiled .)" ]
check $? "make V=1 shows every command ($(grep -c -- ' -c -o build/obj/' "$tmp/make.out") compiles)"

# 3. Plain make after setup; user flags add to the project's.
rm -rf "$tree/build" "$tree/bin" "$log"
(cd "$tree" && PATH="$shims:$PATH" make -j2) >"$tmp/make.out" 2>&1 && ! grep -q MISSING "$log"
check $? "plain make once setup has run"
rm -rf "$tree/build" "$tree/bin" "$log"
(cd "$tree" && PATH="$shims:$PATH" make -j2 CFLAGS=-O0) >"$tmp/make.out" 2>&1 &&
	nocompile_without ' -I\. .* -O0( |$)'
check $? "make CFLAGS=-O0 keeps -I. and the package flags and adds -O0 last"
rm -rf "$tree/build" "$tree/bin" "$log"
(cd "$tree" && PATH="$shims:$PATH" make -j2 OPT=-O3) >"$tmp/make.out" 2>&1 &&
	nocompile_without ' -O3 ' && [ "$(compiled ' -O2 ')" -eq 0 ]
check $? "make OPT=-O3 replaces the optimisation level"
rm -rf "$tree/build" "$tree/bin" "$log"
(cd "$tree" && PATH="$shims:$PATH" make -j2 CC=clang) >"$tmp/make.out" 2>&1 &&
	[ "$(compiled -Wno-format-truncation)" -eq 0 ] && [ "$(compiled .)" -gt 50 ]
rc=$?
check $rc "make CC=clang: every file passes clang -Werror, without gcc-only flags"
[ $rc -eq 0 ] || grep -E 'error:|warning:' "$tmp/make.out" | head -5 | sed 's/^/    /'

# 4. Each binary links its own stage's library and core's, no other stage's.
for s in collect analyze render; do
	line=$(grep "^link bin/$s " "$log")
	others=$(echo "$line" | grep -oE 'lib(collect|analyze|render)\.a' | grep -v "lib$s.a")
	[ -n "$line" ] && echo "$line" | grep -q "lib$s\.a" && echo "$line" | grep -q libcore.a &&
		[ -z "$others" ]
	check $? "bin/$s links lib$s.a and libcore.a only"
done

finish
