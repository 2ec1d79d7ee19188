#!/usr/bin/env bash
# tests/e2e/install.sh: make install into a DESTDIR, then the installed commands as an
# operator runs them, from another directory, against a local S3 server:
# - s3bench, s3bench-collect, s3bench-collect-mpi, s3bench-analyze, s3bench-render and
#   s3bench-scheduled-build installed; each --version names the version, the commit and
#   the running libcurl and OpenSSL (the ones curl(1) and openssl(1) report), and Open MPI
#   for s3bench-collect-mpi;
# - s3bench collect -> s3bench-analyze --metrics -> s3bench render: a report, with the
#   installed templates found beside the binaries; S3BENCH_DATA, then --templates, win in
#   that order; a render binary with no templates near it names the compiled-in directory;
# - s3bench-scheduled-build --metrics-dir three times: the textfile has the regression flags
#   of trend.json, and `promtool check metrics` accepts every metrics file;
# - every man page renders with `groff -ww -man` without a warning and man(1) finds it;
#   bash-completion loads the completion from the prefix and completes options from --help;
#   the systemd units name the installed paths;
# - make uninstall removes exactly what was installed (another file stays), leaving no file.
. "$(dirname "$0")/collect_lib.sh"

dest=$tmp/dest
prefix=/usr/local
bindir=$dest$prefix/bin
# make as a user types it: not the flags of a make that may have started tests/run
# (make test's jobserver, its command-line variables)
mk() { env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS nice make -s -C "$top" "$@"; }
version=$(sed -n 's/^#define S3BENCH_VERSION "\(.*\)"/\1/p' "$top/core/version.h")

# 1. make install
if ! mk install DESTDIR="$dest" PREFIX="$prefix" >"$tmp/install.log" 2>&1; then
	bad "make install: $(tail -n 5 "$tmp/install.log")"
	finish
fi
ok "make install DESTDIR=... ($(grep -c '^installed ' "$tmp/install.log") files and links)"
missing=""
for c in s3bench s3bench-collect s3bench-collect-mpi s3bench-analyze s3bench-render \
	s3bench-scheduled-build; do
	[ -x "$bindir/$c" ] || missing="$missing $c"
done
[ -z "$missing" ]
check $? "the commands are in PREFIX/bin${missing:+ (missing:$missing)}"
[ -f "$dest$prefix/share/s3bench/templates/report.html" ] &&
	[ -f "$dest$prefix/share/s3bench/templates/ko/strings.txt" ]
check $? "the templates are under PREFIX/share/s3bench/templates"

# Everything below runs from a directory that is not the checkout, with PATH only.
elsewhere=$tmp/elsewhere
mkdir -p "$elsewhere"
cd "$elsewhere" || exit 2
export PATH="$bindir:$PATH"

# 2. --version
commit=$(git -C "$top" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
curl_v=$(curl --version | sed -n '1s/.* libcurl\/\([^ ]*\).*/\1/p')
for c in s3bench s3bench-collect s3bench-collect-mpi s3bench-analyze s3bench-render \
	s3bench-scheduled-build; do
	"$c" --version >"$tmp/v.txt" 2>&1
	rc=$?
	[ "$rc" -eq 0 ] && [ "$(sed -n 1p "$tmp/v.txt")" = "$c (s3bench) $version" ] &&
		grep -Eq "^commit: ($commit(-dirty)?|unknown)\$" "$tmp/v.txt" &&
		grep -Eq "^  libcurl +$curl_v, TLS by OpenSSL/" "$tmp/v.txt" &&
		grep -Eq "^  OpenSSL +$(openssl version | awk '{print $2}')( |\$)" "$tmp/v.txt" &&
		{ [ "$c" != s3bench-collect-mpi ] || grep -q '^  MPI  .*Open MPI' "$tmp/v.txt"; }
	check $? "$c --version: $(head -n 2 "$tmp/v.txt" | tr '\n' ' ')"
done

# 3. the pipeline through the front and the installed names
server_env ONE S3RVER || finish
export ONE_AWS_ACCESS_KEY_ID ONE_AWS_SECRET_ACCESS_KEY
make_campaign "$top/tests/fixtures/campaigns/pipeline.ini" "$tmp/full.ini" "$ONE_S3_ENDPOINT"
sed '/^\[subject two\]/,$d' "$tmp/full.ini" >"$elsewhere/nightly.ini"
s3bench collect nightly.ini -o data >"$tmp/collect.log" 2>&1
check $? "s3bench collect nightly.ini -o data ($(tail -n 1 "$tmp/collect.log"))"
s3bench-analyze data -o results --metrics metrics.prom >"$tmp/analyze.log" 2>&1
check $? "s3bench-analyze data -o results --metrics metrics.prom"
s3bench render results -o report >"$tmp/render.log" 2>&1 &&
	[ -s report/report.html ] && [ -s report/report.pdf ]
check $? "s3bench render results -o report: report.html and report.pdf ($(tail -n 1 "$tmp/render.log"))"
grep -q 'content="s3bench render"' report/report.html
check $? "render used the installed templates (found beside the binary)"

# The metrics: promtool, and the figures are cells.csv's.
if command -v promtool >/dev/null 2>&1; then
	promtool check metrics <metrics.prom >"$tmp/promtool.log" 2>&1
	check $? "promtool check metrics accepts analyze --metrics $(head -n 3 "$tmp/promtool.log")"
else
	bad "promtool missing (scripts/setup installs Debian's prometheus for the tests)"
fi
python3 - metrics.prom results/cells.csv <<'PY'
import csv, re, sys
prom = {}
for line in open(sys.argv[1]):
    m = re.match(r'^(\w+)\{(.*)\} (\S+)$', line)
    if m:
        labels = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', m.group(2)))
        prom.setdefault(m.group(1), []).append((labels, float(m.group(3))))
rows = list(csv.DictReader(open(sys.argv[2])))
bad = 0
for r in rows:
    key = {"subject": r["subject"], "op": r["op"], "size": r["size"],
           "concurrency": r["concurrency"], "workers_total": r["workers_total"],
           "clients": r["clients"], "campaign": "pipeline"}
    for fam, col, scale in (("s3bench_cell_throughput_bytes_per_second", "mib_s", 1048576),
                            ("s3bench_cell_throughput_lower_bytes_per_second", "mib_s_ci_lo", 1048576),
                            ("s3bench_cell_throughput_upper_bytes_per_second", "mib_s_ci_hi", 1048576),
                            ("s3bench_cell_throughput_objects_per_second", "obj_s", 1)):
        got = [v for l, v in prom.get(fam, []) if l == key]
        want = float(r[col]) * scale if r[col] else None
        if (want is None and got) or (want is not None and (len(got) != 1 or abs(got[0] - want) > 1e-6 * max(1, abs(want)))):
            print("mismatch", fam, key, got, want); bad += 1
lat = prom.get("s3bench_cell_request_latency_seconds", [])
need = {"s3bench_cell_request_errors", "s3bench_cell_valid_runs", "s3bench_oneoff_objects_per_second",
        "s3bench_cycles", "s3bench_build_timestamp_seconds"}
if len(lat) != 2 * len(rows) or not need <= set(prom) or not rows:
    print("latency samples", len(lat), "for", len(rows), "cells; families", sorted(prom)); bad += 1
if not any(l.get("op") == "list" for l, _ in prom.get("s3bench_oneoff_objects_per_second", [])):
    print("no LIST one-off sample"); bad += 1
print(len(rows), "cells compared")
sys.exit(1 if bad else 0)
PY
check $? "the metrics hold every cell of cells.csv with the same figures and labels, and the one-offs"

# Workload cells (size spec, range, mix, rate: tests/tools/gen_wl_runs): each its own series.
if [ -x "$top/build/tests/gen_wl_runs" ]; then
	"$top/build/tests/gen_wl_runs" wl >/dev/null 2>&1 &&
		s3bench-analyze wl -o wl/results --metrics wl.prom >/dev/null 2>&1
	check $? "s3bench-analyze --metrics on workload cells (gen_wl_runs)"
	if command -v promtool >/dev/null 2>&1; then
		promtool check metrics <wl.prom >"$tmp/promtool-wl.log" 2>&1
		check $? "promtool check metrics accepts them $(head -n 3 "$tmp/promtool-wl.log")"
	fi
	python3 - wl.prom wl/results/aggregate.json <<'PY'
import json, re, sys
a = json.load(open(sys.argv[2]))
series = {}
for line in open(sys.argv[1]):
    m = re.match(r'^(\w+)\{(.*)\} (\S+)$', line)
    if m:
        key = (m.group(1), m.group(2))
        series[key] = series.get(key, 0) + 1
dups = [k for k, n in series.items() if n > 1]
bps = {}
for (name, labels), _ in series.items():
    if name == "s3bench_cell_throughput_bytes_per_second":
        bps[frozenset(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', labels))] = 1
miss = []
for c in a["workload_cells"]:
    want = {("campaign", a["campaign"]["name"]), ("subject", c["subject"]), ("op", c["op"]),
            ("concurrency", str(c["concurrency"])), ("workers_total", str(c["workers_total"])),
            ("clients", str(c["clients"]))}
    want.add(("size_spec", c["size_spec"]) if c["size_spec"] else ("size", str(c["size"])))
    if c["range"]:
        want.add(("range", c["range"]))
    if c["mix"]:  # the run's spelling, "get:45,put:15,...", an object in aggregate.json
        want.add(("mix", ",".join("%s:%s" % kv for kv in c["mix"].items())))
    if c["rate"]:
        want.add(("rate", format(c["rate"], "g")))
    if c["mib_s"]["value"] is not None and frozenset(want) not in bps:
        miss.append(sorted(want))
kinds = {k for c in a["workload_cells"] for k in ("size_spec", "range", "mix", "rate") if c[k]}
print(len(a["workload_cells"]), "workload cells; dimensions", sorted(kinds), "duplicates", dups[:3],
      "missing", miss[:3])
sys.exit(0 if not dups and not miss and kinds == {"size_spec", "range", "mix", "rate"} else 1)
PY
	check $? "every workload cell has its own series, labelled size_spec / range / mix / rate"
else
	bad "build/tests/gen_wl_runs missing: run make tests"
fi

# The templates' order: S3BENCH_DATA, then --templates; nothing near and a missing prefix.
mkdir -p "$tmp/data-dir"
cp -R "$dest$prefix/share/s3bench/templates" "$tmp/data-dir/templates"
sed -i 's/content="s3bench render"/content="from S3BENCH_DATA"/' "$tmp/data-dir/templates/report.html"
cp -R "$tmp/data-dir/templates" "$tmp/opt-templates"
sed -i 's/content="from S3BENCH_DATA"/content="from --templates"/' "$tmp/opt-templates/report.html"
S3BENCH_DATA=$tmp/data-dir s3bench-render results -o r2 --format html >/dev/null 2>&1 &&
	grep -q 'content="from S3BENCH_DATA"' r2/report.html
check $? "S3BENCH_DATA wins over the templates beside the binary"
S3BENCH_DATA=$tmp/data-dir s3bench-render results -o r3 --format html \
	--templates "$tmp/opt-templates" >/dev/null 2>&1 && grep -q 'content="from --templates"' r3/report.html
check $? "--templates wins over S3BENCH_DATA"
S3BENCH_DATA=$tmp/nowhere s3bench-render results -o r4 >"$tmp/r4.log" 2>&1
[ $? -eq 1 ] && grep -q "S3BENCH_DATA=$tmp/nowhere" "$tmp/r4.log"
check $? "S3BENCH_DATA without templates is an error, not passed over: $(cat "$tmp/r4.log")"
mkdir -p "$tmp/lonely/bin"
cp "$bindir/s3bench-render" "$tmp/lonely/bin/"
"$tmp/lonely/bin/s3bench-render" results -o r5 >"$tmp/r5.log" 2>&1
[ $? -eq 1 ] && grep -q "$prefix/share/s3bench/templates" "$tmp/r5.log"
check $? "nothing beside a lone binary: the compiled-in PREFIX is tried last and named ($(cut -c1-160 "$tmp/r5.log"))"
s3bench-render --help | grep -q "$prefix/share/s3bench/templates"
check $? "s3bench-render --help states the compiled-in templates directory"

# 4. scheduled builds with a textfile directory (3 builds: the third one tests its cycle)
mkdir -p textfile
for n in 1 2 3; do
	s3bench-scheduled-build nightly.ini sched --metrics-dir textfile >"$tmp/sched$n.log" 2>&1
	rc=$?
	[ "$rc" -eq 0 ] || [ "$rc" -eq 4 ] || break
done
[ "$rc" -eq 0 ] || [ "$rc" -eq 4 ]
check $? "s3bench-scheduled-build three times, installed (last exit $rc: $(tail -n 1 "$tmp/sched$n.log"))"
[ -s textfile/s3bench-nightly.prom ] && [ "$(ls -A textfile)" = s3bench-nightly.prom ]
check $? "--metrics-dir: textfile/s3bench-nightly.prom and no temporary file ($(ls -A textfile | tr '\n' ' '))"
if command -v promtool >/dev/null 2>&1; then
	promtool check metrics <textfile/s3bench-nightly.prom >"$tmp/promtool2.log" 2>&1
	check $? "promtool check metrics accepts the scheduled build's file $(head -n 3 "$tmp/promtool2.log")"
fi
python3 - textfile/s3bench-nightly.prom sched/results/trend.json <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
t = json.load(open(sys.argv[2]))
flags = {}
for m in re.finditer(r'^s3bench_regression\{(.*)\} (\S+)$', text, re.M):
    l = dict(re.findall(r'(\w+)="([^"]*)"', m.group(1)))
    flags[(l["subject"], l["op"], int(l["size"]), int(l["concurrency"]))] = float(m.group(2))
want = {}
for s in t["series"]:
    if s["change"] is not None:
        want[(s["subject"], s["op"], s["size"], s["concurrency"])] = \
            1.0 if s["change"]["state"] == "regression" else 0.0
n = re.search(r'^s3bench_regression_alerts\{campaign="pipeline"\} (\S+)$', text, re.M)
ok = flags == want and len(want) > 0 and n and float(n.group(1)) == len(t["alerts"])
print("flags", flags, "trend", want, "alerts", len(t["alerts"]))
sys.exit(0 if ok else 1)
PY
check $? "s3bench_regression: one flag per judged headline cell, as trend.json says"

# 5. man pages, completion, units
for m in man1/s3bench.1 man1/s3bench-collect.1 man1/s3bench-analyze.1 man1/s3bench-render.1 \
	man5/s3bench-campaign.5; do
	f=$dest$prefix/share/man/$m
	[ -s "$f" ] && groff -ww -man -z "$f" >"$tmp/groff.log" 2>&1 && [ ! -s "$tmp/groff.log" ]
	check $? "groff -ww -man renders $m without a warning $(head -n 2 "$tmp/groff.log")"
done
(unset MANPATH; man -w s3bench-campaign 2>/dev/null) | grep -qx "$dest$prefix/share/man/man5/s3bench-campaign.5"
check $? "man -w s3bench-campaign finds section 5 under PREFIX/share/man, from PATH alone"
grep -qF -- '\-\-metrics' "$dest$prefix/share/man/man1/s3bench-analyze.1"
check $? "s3bench-analyze(1) is its --help (it lists --metrics)"
grep -q "s3bench-collect" "$dest$prefix/share/man/man1/s3bench-collect.1" &&
	! grep -q '^commit:' "$dest$prefix/share/man/man1/"*.1
check $? "the pages name the installed commands and hold no build-specific --version lines"

complete_words() { # PROGRAM WORDS...: what bash-completion offers for the last word
	XDG_DATA_DIRS=$dest$prefix/share bash -c '
		. /usr/share/bash-completion/bash_completion
		__load_completion "$1" || exit 1
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		f=$(complete -p "$1" | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
		"$f" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
		printf "%s\n" "${COMPREPLY[@]}"' _ "$@"
}
if [ -r /usr/share/bash-completion/bash_completion ]; then
	[ "$(complete_words s3bench-analyze --metr)" = "--metrics" ]
	check $? "bash completion (from PREFIX/share): s3bench-analyze --metr -> --metrics"
	[ "$(complete_words s3bench render --for)" = "--format" ]
	check $? "bash completion: s3bench render --for -> --format"
	complete_words s3bench sch | grep -qx scheduled-build
	check $? "bash completion: s3bench sch -> scheduled-build"
	[ "$(complete_words s3bench-render --lang '' | tr '\n' ' ')" = "en ko " ]
	check $? "bash completion: s3bench-render --lang -> the installed templates' languages"
else
	bad "bash-completion missing (scripts/setup installs it)"
fi

u=$dest$prefix/lib/systemd/system
grep -q "^ExecStart=$prefix/bin/s3bench-scheduled-build /etc/s3bench/%i.ini /var/lib/s3bench/%i" \
	"$u/s3bench@.service" && [ -s "$u/s3bench@.timer" ] && [ -s "$u/s3bench-alert@.service" ] &&
	! grep -q '@[A-Z]*@' "$u/"*
check $? "systemd units: s3bench@NAME runs $prefix/bin/s3bench-scheduled-build on /etc/s3bench/NAME.ini"
if command -v systemd-analyze >/dev/null 2>&1; then
	# systemd's own parser on the units (the command is not at its path outside DESTDIR)
	mkdir -p "$tmp/units" && cp "$u/"* "$tmp/units/"
	(cd "$tmp/units" && timeout 60 systemd-analyze --man=no verify ./s3bench@nightly.service \
		./s3bench@nightly.timer ./s3bench-alert@s3bench@nightly.service.service 2>&1) |
		grep -v "s3bench-scheduled-build is not executable" >"$tmp/verify.log"
	[ ! -s "$tmp/verify.log" ]
	check $? "systemd-analyze verify: no complaint about the units $(head -n 3 "$tmp/verify.log")"
else
	skip 1 "systemd-analyze missing: the units' syntax is not checked"
fi

# 6. make uninstall: exactly what was installed
touch "$bindir/not-ours"
mk uninstall DESTDIR="$dest" PREFIX="$prefix" >"$tmp/uninstall.log" 2>&1
check $? "make uninstall DESTDIR=..."
left=$(cd "$dest" && find . ! -type d | sort)
[ "$left" = "./usr/local/bin/not-ours" ]
check $? "uninstall removed every installed file and link, and nothing else (left: $(echo $left))"
rm -f "$bindir/not-ours"
[ -z "$(find "$dest" ! -type d)" ] && [ ! -e "$dest$prefix/share/s3bench" ]
check $? "an empty tree after uninstall (PREFIX/share/s3bench removed)"
finish
