# tests/e2e/lib.sh: the one test vocabulary of the end-to-end scripts (sourced, never run;
# not executable, so tests/run skips it).
#   ok NAME                 count a passed case and print "ok   NAME"
#   bad NAME                count a failed case and print "FAIL NAME"
#   check STATUS NAME       ok NAME when the exit status STATUS is 0, else bad NAME
#   skip N WHY              count N skipped cases and print "SKIP (N) WHY"
#   finish                  print "N passed, N failed[, N skipped]"; exit 1 on any failure
#   at_exit CMD             run the shell command CMD at exit (in order), before $tmp goes
#   use_rgw                 tests/run's Ceph RGW (RGW_* in the environment), else a private
#                           one started now and stopped at exit; RGW_S3_ENDPOINT and
#                           RGW_AWS_* set after it. No RGW at all: bad, then finish.
#   stop_at_exit PID...     background processes killed and reaped at exit
#   timing_begin            a timing check's measurement starts: its load is measured from
#                           here (tests/tools/loadmon.py samples the runnable threads)
#   timed_check ST TEXT     the timing check that ends there: judged (check ST TEXT) unless
#                           it failed while the load measured since timing_begin exceeded
#                           twice the cores, then a skip naming that load; either way one line
#                           "TIMING judged TEXT (load L)" or "TIMING skipped TEXT (load L)",
#                           which tests/run counts
#   "${rt[@]}" CMD...       CMD at real-time priority (SCHED_FIFO 10, as S3BENCH_REALTIME
#                           gives the collector's rate runs): a timing check's client and
#                           emulators ahead of the machine's other work (rt is chrt's words,
#                           empty where chrt is refused: not root); its pid is CMD's
#   use_nginx               the same for tests/run's nginx WebDAV (NGINX_*; no S3 API, no
#                           authentication: the fast raw endpoint)
#   nginx_bucket NAME       a bucket directory NAME-PID-RANDOM on use_nginx's nginx, checked
#                           ("setup: bucket directory BUCKET on nginx"): $endpoint is nginx's
#                           endpoint, $hostport its host:port, $bucket the bucket
#   nginx_wanem [-r] NAME ARG...
#                           a bucket NAME-PID on use_nginx's nginx (deleted at exit) behind
#                           build/tests/wanem ($wanem when set) started with ARG... (-r:
#                           under "${rt[@]}") on a free loopback port (stopped at exit):
#                           $ep is nginx's endpoint, $bucket the bucket, $far wanem's
#                           endpoint; NG_AWS_* exported for `credentials = env:NG_AWS`. A
#                           failed MKCOL: bad, then finish
#   use_fake MODULE...      a synthetic campaign's tools: $analyze, $render and $fake
#                           (build/tests/fake_campaign; ANALYZE, RENDER, FAKE_CAMPAIGN
#                           override them) built and each Python MODULE in /usr/bin/python3,
#                           else bad, then finish
#   run_pipeline [-q] [-f FORMAT] [-c INI] OUT [LANG...]
#                           the stages in turn: collect INI -o OUT (with -c), analyze OUT -o
#                           OUT/results, render OUT/results -o OUT/report (with LANGs, once a
#                           LANG into OUT/report-LANG, --lang LANG; --format FORMAT with -f);
#                           run by $collect, $analyze and $render (default bin/*), each one's
#                           output in OUT.STAGE.log (OUT.render-LANG.log). One check a stage,
#                           "STAGE exits 0 (its log's last lines)", a stage after a failed one
#                           failing unrun; -q: no check, the status says whether all exited 0
#   Python checks           a heredoc says `from checks import t, near, ns`
#                           (tests/e2e/checks.py; this directory is on PYTHONPATH)
#   pycheck NAME ARGS... <<'PY'
#                           run the heredoc with python3 over ARGS; its "ok ..." and
#                           "FAIL ..." lines (checks.t) count; a python that fails printing
#                           no FAIL line is "FAIL NAME: python exited N"
# Sets $top (the repository, or $TOP) and $tmp, a private directory removed at exit; an
# interrupt (INT, TERM) exits 130 through the same cleanup.
set -u
top=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
passed=0 failed=0 skipped=0
export PYTHONPATH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)${PYTHONPATH:+:$PYTHONPATH}"
tmp=$(mktemp -d "/tmp/s3bench-$(basename "$0" .sh).XXXXXX")
lib_exit_hooks=() lib_pids=()

at_exit() { lib_exit_hooks+=("$1"); }
# stop_at_exit PID...: background processes of the test, killed and reaped at exit (before
# the at_exit hooks run)
stop_at_exit() { lib_pids+=("$@"); }
lib_exit() {
	local h p
	for p in "${lib_pids[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${lib_pids[@]}"; do wait "$p" 2>/dev/null; done
	for h in "${lib_exit_hooks[@]}"; do
		eval "$h"
	done
	rm -rf "$tmp"
}
trap lib_exit EXIT
trap 'exit 130' INT TERM

ok() { passed=$((passed + 1)); echo "ok   $*"; }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }
check() {
	local st=$1
	shift
	if [ "$st" -eq 0 ]; then ok "$*"; else bad "$*"; fi
}
skip() { skipped=$((skipped + $1)); echo "SKIP ($1) $2"; }
# Timing checks. The load that may excuse a failure is the one measured during the check,
# not the 1-minute load average (which lags a minute behind and says nothing of the check's
# own seconds): tests/tools/loadmon.py samples /proc/stat's procs_running (the threads running
# or waiting for a core) every 0.1 s, and the check's load is their mean from timing_begin to
# timed_check. A check whose figure misses while that load is at most twice the cores fails:
# the clients of these checks are made on time (real-time priority, "${rt[@]}": docs/LAB.md
# "Timing checks"), so a late client is the check's failure, not an excuse.
lib_loadmon="" timing_t0=""
timing_begin() {
	if [ -z "$lib_loadmon" ]; then
		python3 "$top/tests/tools/loadmon.py" "$tmp/load.tsv" $$ &
		lib_loadmon=$!
		stop_at_exit "$lib_loadmon"
	fi
	timing_t0=$EPOCHREALTIME
}
# timing_load: the mean runnable threads since timing_begin, one decimal (waits up to 0.5 s
# for a first sample when the check was shorter than the sampling interval)
timing_load() {
	local l i
	for i in 1 2 3 4 5 6; do
		l=$(python3 "$top/tests/tools/loadmon.py" mean "$tmp/load.tsv" "$timing_t0")
		[ -n "$l" ] && break
		sleep 0.1
	done
	echo "${l:-unknown}"
}
timed_check() {
	local st=$1 load cores
	shift
	if [ -z "$timing_t0" ]; then
		bad "$* (timed_check without timing_begin: the load was not measured)"
		return
	fi
	load=$(timing_load) cores=$(nproc --all)
	if [ "$st" -ne 0 ] && awk -v l="$load" -v c="$cores" 'BEGIN { exit !(l + 0 > 2 * c) }'; then
		skip 1 "$* (not judged: load $load measured during the check, above twice the $cores cores)"
		echo "TIMING skipped $* (load $load)"
	else
		check "$st" "$*"
		echo "TIMING judged $* (load $load)"
	fi
	timing_t0=""
}
# rt: see the head comment (tried once: chrt refuses SCHED_FIFO without CAP_SYS_NICE)
rt=()
chrt -f 10 true 2>/dev/null && rt=(chrt -f 10)
# use_server NAME PREFIX: tests/run's server NAME (PREFIX_* in the environment), else a private
# one from tests/servers/NAME/start, stopped at exit; PREFIX_S3_ENDPOINT etc. set after it.
use_server() {
	local envs name=$1 pre=$2 dir
	eval "[ -n \"\${${pre}_S3_ENDPOINT:-}\" ]" && return 0
	envs=$("$top/tests/servers/$name/start" 2>"$tmp/$name.log") ||
		{ bad "no $name: $(tail -n 5 "$tmp/$name.log")"; finish; }
	eval "$(printf '%s\n' "$envs" | sed -n "s/^export \([A-Z][A-Z0-9_]*\)=/export ${pre}_\1=/p")"
	eval "dir=\${${pre}_S3_SERVER_DIR}"
	at_exit "\"\$top/tests/servers/$name/stop\" '$dir' >/dev/null 2>&1"
}
use_rgw() { use_server radosgw RGW; }
use_nginx() { use_server nginx NGINX; }
nginx_bucket() {
	local code
	use_nginx
	endpoint=${NGINX_S3_ENDPOINT%/}
	hostport=${endpoint#*://}
	hostport=${hostport%%/*}
	bucket="$1-$$-$RANDOM"
	code=$(curl -s -o /dev/null -w '%{http_code}' -X MKCOL "$endpoint/$bucket/")
	check $([ "$code" = 201 ]; echo $?) "setup: bucket directory $bucket on nginx" "MKCOL $code"
}
nginx_wanem() {
	local name code wpid pre=()
	[ "$1" = -r ] && pre=("${rt[@]}") && shift
	name=$1
	shift
	use_nginx
	ep=${NGINX_S3_ENDPOINT%/}
	bucket="$name-$$"
	code=$(curl -s -o /dev/null -w '%{http_code}' -X MKCOL "$ep/$bucket/")
	[ "$code" = 201 ] || { bad "setup: MKCOL $bucket on nginx: $code"; finish; }
	at_exit "curl -s -o /dev/null -X DELETE '$ep/$bucket/'"
	"${pre[@]}" "${wanem:-$top/build/tests/wanem}" --listen 127.0.0.1:0 --upstream "${ep#http://}" "$@" \
		--port-file "$tmp/port" >/dev/null 2>"$tmp/wanem.log" &
	wpid=$!
	at_exit "kill $wpid 2>/dev/null; wait $wpid 2>/dev/null"
	for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.02; done
	far="http://127.0.0.1:$(cat "$tmp/port")"
	export NG_AWS_ACCESS_KEY_ID=nginx NG_AWS_SECRET_ACCESS_KEY=nginx-no-auth
}
use_fake() {
	local b mods="$*"
	analyze=${ANALYZE:-$top/bin/analyze} render=${RENDER:-$top/bin/render}
	fake=${FAKE_CAMPAIGN:-$top/build/tests/fake_campaign}
	for b in "$analyze" "$render" "$fake"; do
		[ -x "$b" ] || { bad "no $b (make all tests)"; finish; }
	done
	[ $# -eq 0 ] || /usr/bin/python3 -c "import ${mods// /, }" 2>/dev/null ||
		{ bad "/usr/bin/python3 has no ${mods// / or }"; finish; }
}

# lib_stage QUIET PREV NAME LOG CMD...: one stage of run_pipeline: CMD with its output in LOG
# when PREV (the stage before) is 0, else not run; checked as NAME unless QUIET is 1. Returns
# CMD's status (1 when not run).
lib_stage() {
	local quiet=$1 prev=$2 name=$3 log=$4 st=1
	shift 4
	if [ "$prev" -eq 0 ]; then
		"$@" >"$log" 2>&1
		st=$?
	else
		echo "not run: the stage before failed" >"$log"
	fi
	[ "$quiet" -eq 1 ] || check "$st" "$name exits 0 ($(tail -n 2 "$log"))"
	return "$st"
}
run_pipeline() {
	local quiet=0 fmt=() ini="" out st=0 rst=0 lang o OPTIND=1
	while getopts qf:c: o; do
		case $o in
		q) quiet=1 ;;
		f) fmt=(--format "$OPTARG") ;;
		c) ini=$OPTARG ;;
		*) return 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	out=$1
	shift
	if [ -n "$ini" ]; then
		lib_stage "$quiet" 0 collect "$out.collect.log" "${collect:-$top/bin/collect}" "$ini" \
			-o "$out"
		st=$?
	fi
	lib_stage "$quiet" "$st" analyze "$out.analyze.log" "${analyze:-$top/bin/analyze}" "$out" \
		-o "$out/results"
	st=$?
	if [ $# -eq 0 ]; then
		lib_stage "$quiet" "$st" render "$out.render.log" "${render:-$top/bin/render}" \
			"$out/results" -o "$out/report" "${fmt[@]}"
		return
	fi
	for lang in "$@"; do
		lib_stage "$quiet" "$st" "render --lang $lang" "$out.render-$lang.log" \
			"${render:-$top/bin/render}" "$out/results" -o "$out/report-$lang" --lang "$lang" \
			"${fmt[@]}" || rst=1
	done
	[ "$st" -eq 0 ] && [ "$rst" -eq 0 ]
}

pycheck() {
	local name=$1 out rc p f
	shift
	out=$(python3 - "$@" 2>&1)
	rc=$?
	echo "$out" | sed 's/^/    /'
	p=$(echo "$out" | grep -c '^ok ')
	f=$(echo "$out" | grep -c '^FAIL ')
	passed=$((passed + p)) failed=$((failed + f))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then bad "$name: python exited $rc"; fi
}

finish() {
	if [ "$skipped" -gt 0 ]; then
		echo "$passed passed, $failed failed, $skipped skipped"
	else
		echo "$passed passed, $failed failed"
	fi
	[ "$failed" -eq 0 ]
	exit $?
}
