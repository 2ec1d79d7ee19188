#!/usr/bin/env bash
# tests/e2e/oom.sh: bin/analyze, bin/render and bin/collect when memory runs out, for real.
#
# build/tests/failalloc.so (tests/preload/failalloc.c) makes the N-th allocation of the
# program's own code return NULL. analyze and render are run once on data/sample to
# count those allocations (and as the reference output), then once for each N of a
# sweep over all of them (every one when OOM_STEP=1; by default a step that makes about
# 600 runs). collect (`collect run`, 5 PUTs by 2 workers, and a one-run campaign, against
# nginx WebDAV: the tests/run server, else a private one) is run for N = 1, 2, ... until
# 15 runs in a row complete (past its last allocation; a run's child process counts on
# from its parent).
#
# render: exit 0 with exactly the reference report.html (and a report.pdf), or exit 1 or
#   3 with a message saying "out of memory"; any report.html left is the reference one
#   (never a cut-off page).
# analyze: a file that cannot be read for lack of memory is named like any unreadable
#   input and the rest is analyzed (exit 1), or the analysis stops (exit 2); either way
#   the message says so ("out of memory" / "Cannot allocate memory"), and the output
#   files present are complete (aggregate.json parses); exit 0 gives exactly the
#   reference files.
# collect: the collector does not crash; exit 0, 1 or 2; a failed run's run.json says
#   "out of memory" (or "cannot allocate"), else the collector's message does; every
#   run.json written parses.
# All: no crash (no signal), no temporary file left. Prints "N passed, N failed".
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 2
render=${RENDER:-bin/render}
analyze=${ANALYZE:-bin/analyze}
shim=${FAILALLOC:-build/tests/failalloc.so}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
collect=${COLLECT:-bin/collect}
work=$tmp
nginx_dir=""
at_exit '[ -n "$nginx_dir" ] && tests/servers/nginx/stop "$nginx_dir" >/dev/null 2>&1'
export SOURCE_DATE_EPOCH=1764633600

# under_shim N OUTLOG CMD...: CMD with allocation N failing (0: none), through sh so
# that a crash is reported in OUTLOG, not on this test's output; the preload is set for
# CMD only (sh's own allocations must not count). Returns CMD's exit status.
under_shim() {
	local n=$1 log=$2
	shift 2
	FAILALLOC_AT=$n sh -c 'LD_PRELOAD=$1; export LD_PRELOAD; shift; "$@"; exit $?' sh \
		"$PWD/$shim" "$@" >"$log" 2>&1
}

# count_allocs NAME CMD...: run CMD under the shim without failing; print the count
# (status 1 when CMD failed: its log is $work/NAME.ref.log).
count_allocs() {
	local name=$1
	shift
	FAILALLOC_REPORT="$work/$name.count" LD_PRELOAD="$PWD/$shim" "$@" \
		>"$work/$name.ref.log" 2>&1 || return 1
	cat "$work/$name.count" 2>/dev/null || echo 0
}

for f in "$render" "$analyze" "$collect" "$shim"; do
	[ -e "$f" ] || { bad "no $f (make tests)"; finish; }
done
cp -r data/sample "$work/data" || finish

# sweep_one NAME FAILCODES N CMD...: CMD -o OUT with allocation N failing; prints what it
# found, one word and N per line (ok, failed, differ, crashed, badrc, badmsg, wrong, tmpleft)
sweep_one() {
	local name=$1 codes=$2 n=$3 out log rc what
	shift 3
	out="$work/out.$n" log="$work/log.$n"
	under_shim "$n" "$log" "$@" -o "$out"
	rc=$?
	if [ "$rc" -eq 0 ]; then
		"${name}_same" "$out" && echo "ok $n" || echo "differ $n"
	elif [[ $rc =~ ^($codes)$ ]]; then
		echo "failed $n"
		grep -Eq "^$name: .*(out of memory|Cannot allocate memory)" "$log" ||
			echo "badmsg $n($(tail -n 1 "$log"))"
		what=$("${name}_left" "$out")
		[ -z "$what" ] || echo "wrong $n:$what"
	elif [ "$rc" -ge 128 ]; then
		echo "crashed $n"
	else
		echo "badrc $n:$rc"
	fi
	[ -d "$out" ] && [ -n "$(find "$out" -name '*.tmp*')" ] && echo "tmpleft $n"
	rm -rf "$out" "$log"
}

# sweep_all NAME FAILCODES CMD...: CMD -o OUT for each N of the sweep over NAME's counted
# allocations ($work/NAME.count), as many at a time as there are cores (the runs are
# independent); FAILCODES is the exit codes that mean "failed cleanly" (a regex); NAME_same
# OUT (exit 0: the output is the reference) and NAME_left OUT (after a failure: "" or what
# is wrong with the output left) are NAME's own checks.
sweep_all() {
	local name=$1 codes=$2 total n step runs failed_runs par
	shift 2
	total=$(cat "$work/$name.count")
	step=${OOM_STEP:-$(((total + 599) / 600))}
	par=$(nproc 2>/dev/null || echo 1)
	mkdir -p "$work/v.$name"
	for n in $(seq 1 "$step" "$total"); do
		sweep_one "$name" "$codes" "$n" "$@" >"$work/v.$name/$n" &
		while [ "$(jobs -rp | wc -l)" -ge "$par" ]; do wait -n; done
	done
	wait
	cat "$work/v.$name"/* >"$work/v.$name.all"
	# found KIND: the Ns (with their details) of the verdict lines of that kind
	found() { sed -n "s/^$1 / /p" "$work/v.$name.all" | sort -n | tr -d '\n'; }
	runs=$(grep -cE '^(ok|failed|differ|crashed|badrc) ' "$work/v.$name.all")
	failed_runs=$(grep -c '^failed ' "$work/v.$name.all")
	echo "oom: $name: $total allocations, $runs runs (step $step, $par at a time), $failed_runs ended short of memory"
	[ -z "$(found crashed)" ] && ok "$name: no crash" || bad "$name crashed when allocation N failed, N =$(found crashed)"
	[ -z "$(found badrc)" ] && ok "$name: expected exit codes" || bad "$name: unexpected exit code (N:code):$(found badrc)"
	[ -z "$(found badmsg)" ] && ok "$name: out-of-memory messages" || bad "$name: no out-of-memory message:$(found badmsg)"
	[ -z "$(found wrong)" ] && ok "$name: output after a failure is right" || bad "$name: output left after the failure is not right:$(found wrong)"
	[ -z "$(found tmpleft)" ] && ok "$name: no temporary file left" || bad "$name: temporary file left behind, N =$(found tmpleft)"
	[ -z "$(found differ)" ] && ok "$name: exit 0 means the reference output" || bad "$name: exit 0 but the output differs from the reference, N =$(found differ)"
	[ "$failed_runs" -gt $((runs / 2)) ] && ok "$name: $failed_runs of $runs runs failed" ||
		bad "$name: only $failed_runs of $runs runs failed: is the failing allocation reached?"
}

# ---- analyze ----
analyze_same() {
	local f
	for f in aggregate.json cells.csv runs.csv; do
		cmp -s "$1/$f" "$work/aref/$f" || return 1
	done
}
analyze_left() {
	[ -e "$1/aggregate.json" ] || return 0
	$py -c 'import json,sys; json.load(open(sys.argv[1]))' "$1/aggregate.json" 2>/dev/null ||
		echo "aggregate.json does not parse"
}
total=$(count_allocs analyze "$analyze" "$work/data" -o "$work/aref") ||
	{ bad "analyze reference run: $(tail -n 2 "$work/analyze.ref.log")"; finish; }
[ "$total" -gt 50 ] && ok "analyze: $total counted allocations" || bad "analyze: only $total counted allocations: the preload counts nothing?"
sweep_all analyze '1|2' "$analyze" "$work/data"

# ---- render ----
render_same() {
	cmp -s "$1/report.html" "$work/ref/report.html" && [ -s "$1/report.pdf" ]
}
render_left() {
	[ ! -e "$1/report.html" ] || cmp -s "$1/report.html" "$work/ref/report.html" ||
		echo "a report.html other than the complete one"
}
total=$(count_allocs render "$render" "$work/aref" -o "$work/ref" -f html,pdf) ||
	{ bad "render reference run: $(tail -n 2 "$work/render.ref.log")"; finish; }
[ -s "$work/ref/report.html" ] && [ -s "$work/ref/report.pdf" ] && ok "render reference: report.html and report.pdf" ||
	bad "render reference: no report.html / report.pdf"
[ "$total" -gt 100 ] && ok "render: $total counted allocations" || bad "render: only $total counted allocations: the preload counts nothing?"
sweep_all render '1|3' "$render" "$work/aref" -f html,pdf

# ---- collect ----
if [ -n "${NGINX_S3_ENDPOINT:-}" ]; then
	ep=$NGINX_S3_ENDPOINT
else
	envs=$(tests/servers/nginx/start 2>"$work/nginx.log") || { bad "nginx: $(cat "$work/nginx.log")"; finish; }
	ep=$(eval "$envs"; printf '%s' "$S3_ENDPOINT")
	nginx_dir=$(eval "$envs"; printf '%s' "$S3_SERVER_DIR")
fi
code=$(curl -s -o /dev/null -w '%{http_code}' -X MKCOL "$ep/oom/")
case $code in 201 | 405) ok "nginx: MKCOL of the bucket" ;; *) bad "nginx at '$ep': MKCOL answered $code"; finish ;; esac
export AWS_ACCESS_KEY_ID=oomkey AWS_SECRET_ACCESS_KEY=oomsecret
# probe = no: a probe that runs short of memory is said and recorded but leaves the exit
# status to the runs, so the sweep would count it as a clean run and stop inside it
printf '%s\n' "[campaign]" "name = oom" "cycles = 1" "[matrix]" "ops = put" "sizes = 4KiB" \
	"concurrency = 2" "count = 3" "timeout = 30s" "[probe]" "probe = no" \
	"[subject a]" "endpoint = $ep" "bucket = oom" "region = us-east-1" "addressing = path" \
	>"$work/oom.ini"

# sweep_collect NAME ARGS...: collect ARGS... -o OUT for N = 1, 2, ... until 15 runs in
# a row exit 0 with every run complete; the checks described at the top.
sweep_collect() {
	local name=$1 n rc out st j runs=0 failed_runs=0 clean=0
	local crashed="" badrc="" badmsg="" broken="" tmpleft=""
	shift
	for n in $(seq 1 3000); do
		out="$work/c.$n"
		under_shim "$n" "$work/log" "$collect" "$@" -o "$out"
		rc=$?
		runs=$((runs + 1))
		st=complete
		while IFS= read -r j; do
			case $(jq -r '.status' "$j" 2>/dev/null) in
			complete) ;;
			failed)
				st=failed
				jq -r '.errors.first[0] // ""' "$j" | grep -Eqi 'out of memory|cannot allocate' ||
					badmsg+=" $n($(jq -c '.errors' "$j"))" ;;
			*) st=broken; broken+=" $n" ;;
			esac
		done < <(find "$out" -name run.json 2>/dev/null)
		case $rc in
		0)
			[ "$st" = complete ] && clean=$((clean + 1)) || clean=0 ;;
		1 | 2)
			clean=0
			failed_runs=$((failed_runs + 1))
			# a failed run says why in its run.json (checked above), else the
			# collector's own message does
			[ "$st" = failed ] || grep -q '^collect: .*out of memory' "$work/log" ||
				badmsg+=" $n($(grep -v '^ ' "$work/log" | tail -n 1))" ;;
		*)
			clean=0
			if [ "$rc" -ge 128 ]; then crashed+=" $n"; else badrc+=" $n:$rc"; fi ;;
		esac
		[ -d "$out" ] && [ -n "$(find "$out" -name '*.tmp*')" ] && tmpleft+=" $n"
		rm -rf "$out"
		[ "$clean" -ge 15 ] && break
	done
	echo "oom: $name: $runs runs, $failed_runs ended short of memory"
	[ "$clean" -ge 15 ] && ok "$name: the sweep got past the allocations" || bad "$name: the sweep did not get past the allocations in $runs runs"
	[ -z "$crashed" ] && ok "$name: no crash" || bad "$name crashed when allocation N failed, N =$crashed"
	[ -z "$badrc" ] && ok "$name: exit codes 0, 1 or 2" || bad "$name: exit code not 0, 1 or 2 (N:code):$badrc"
	[ -z "$badmsg" ] && ok "$name: failures say out of memory" || bad "$name: failure without an out-of-memory message:$badmsg"
	[ -z "$broken" ] && ok "$name: every run.json parses" || bad "$name: run.json does not parse, N =$broken"
	[ -z "$tmpleft" ] && ok "$name: no temporary file left" || bad "$name: temporary file left behind, N =$tmpleft"
	[ "$failed_runs" -gt 20 ] && ok "$name: $failed_runs runs failed" ||
		bad "$name: only $failed_runs runs failed: is the failing allocation reached?"
}
sweep_collect "collect run" run --endpoint "$ep" --bucket oom --region us-east-1 --path-style \
	--op put --size 4KiB --concurrency 2 --count 5
# (--no-preflight: nginx WebDAV is no S3 endpoint, which the checks would say first)
sweep_collect "collect (campaign)" "$work/oom.ini" --no-preflight
finish
