# bench/lib.sh: helpers shared by the bench/*.sh scripts. Sourced (bash), never run.
#
# Result lines (stdout; the contract with bench/run, documented in bench/README.md):
#   RESULT<TAB>name<TAB>value<TAB>unit<TAB>baseline<TAB>baseline_unit<TAB>ratio<TAB>target<TAB>verdict
# value/baseline/ratio are plain numbers or "-"; verdict is pass, miss, info (no target)
# or error (the measurement could not be made; value "-"). Everything else a script
# prints (progress, method, raw figures) goes to stderr.

bench_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bench_name=${bench_name:-bench}
MIB=1048576

# say MSG...: one progress line on stderr.
say() {
	printf '%s: %s\n' "$bench_name" "$*" >&2
}

# now_ns: wall clock in nanoseconds.
now_ns() {
	date +%s%N
}

# calc EXPR: evaluate a floating-point awk expression and print it (%.6g).
calc() {
	awk "BEGIN { printf \"%.6g\\n\", ($1) }"
}

# fmt NUMBER: a short human form (3 significant digits, no exponent); "-" stays "-".
fmt() {
	awk -v x="$1" 'BEGIN {
		if (x == "-" || x == "") { print "-"; exit }
		a = x < 0 ? -x : x
		if (a >= 100) printf "%.0f\n", x
		else if (a >= 10) printf "%.1f\n", x
		else if (a >= 1) printf "%.2f\n", x
		else printf "%.3g\n", x
	}'
}

# median N...: the median of the numbers (mean of the middle two for an even count);
# "-" when there is none. Non-numbers are ignored.
median() {
	printf '%s\n' "$@" | awk '/^-?[0-9.]+([eE][-+]?[0-9]+)?$/ { v[n++] = $1 + 0 }
		END {
			if (n == 0) { print "-"; exit }
			for (i = 1; i < n; i++) { x = v[i]; for (j = i - 1; j >= 0 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
			if (n % 2) printf "%.6g\n", v[int(n / 2)]
			else printf "%.6g\n", (v[n / 2 - 1] + v[n / 2]) / 2
		}'
}

# maximum N...: the largest number; "-" when there is none.
maximum() {
	printf '%s\n' "$@" | awk '/^-?[0-9.]+([eE][-+]?[0-9]+)?$/ { if (n++ == 0 || $1 + 0 > m) m = $1 + 0 }
		END { if (n) printf "%.6g\n", m; else print "-" }'
}

# minimum N...: the smallest number; "-" when there is none.
minimum() {
	printf '%s\n' "$@" | awk '/^-?[0-9.]+([eE][-+]?[0-9]+)?$/ { if (n++ == 0 || $1 + 0 < m) m = $1 + 0 }
		END { if (n) printf "%.6g\n", m; else print "-" }'
}

# pair_ratios A_LIST B_LIST: the ratio a/b of each repeat (the two lists are
# space-separated, in repeat order), one a line; repeats where either is not a number
# are left out.
pair_ratios() {
	local -a a b
	read -r -a a <<<"$1"
	read -r -a b <<<"$2"
	for i in "${!a[@]}"; do
		if is_num "${a[$i]}" && is_num "${b[$i]:-}" && [ "$(calc "${b[$i]} != 0")" = 1 ]; then
			calc "${a[$i]} / ${b[$i]}"
		fi
	done
}

# spread NAME A_LIST B_LIST: say the per-repeat ratios' least, median and largest
# (how far one repeat's ratio moves on this machine, beside the ratio of the medians).
spread() {
	local -a r
	mapfile -t r < <(pair_ratios "$2" "$3")
	[ "${#r[@]}" -gt 0 ] || return 0
	say "  $1 ratio per repeat (${#r[@]}): least $(fmt "$(minimum "${r[@]}")")," \
		"median $(fmt "$(median "${r[@]}")"), largest $(fmt "$(maximum "${r[@]}")")"
}

# is_num X: true when X is a number.
is_num() {
	[[ $1 =~ ^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$ ]]
}

# result NAME VALUE UNIT BASELINE BASELINE_UNIT KIND LIMIT: print one RESULT line.
# KIND decides the verdict: "ratio>=" (VALUE/BASELINE >= LIMIT), "ratio<=" (VALUE/BASELINE
# <= LIMIT: a cost), "<=" or "<" (VALUE against LIMIT, in UNIT), or "-" (no target: verdict
# info). A VALUE that is not a number gives verdict error.
result() {
	local name=$1 value=$2 unit=$3 base=$4 bunit=$5 kind=$6 limit=$7
	local ratio=- target=- verdict=info
	if is_num "$value" && is_num "$base" && [ "$(calc "$base != 0")" = 1 ]; then
		ratio=$(awk -v a="$value" -v b="$base" 'BEGIN { printf "%.3f\n", a / b }')
	fi
	case "$kind" in
	"ratio>="|"ratio<=") target="${kind/ratio/ratio } $limit" ;;
	"<="|"<") target="$kind $limit $unit" ;;
	esac
	if ! is_num "$value"; then
		verdict=error value=-
	elif [ "$kind" = "ratio>=" ]; then
		if [ "$ratio" = - ]; then verdict=error
		elif [ "$(calc "$ratio >= $limit")" = 1 ]; then verdict=pass
		else verdict=miss
		fi
	elif [ "$kind" = "ratio<=" ]; then
		if [ "$ratio" = - ]; then verdict=error
		elif [ "$(calc "$ratio <= $limit")" = 1 ]; then verdict=pass
		else verdict=miss
		fi
	elif [ "$kind" = "<=" ]; then
		[ "$(calc "$value <= $limit")" = 1 ] && verdict=pass || verdict=miss
	elif [ "$kind" = "<" ]; then
		[ "$(calc "$value < $limit")" = 1 ] && verdict=pass || verdict=miss
	fi
	is_num "$base" || base=-
	printf 'RESULT\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$value" "$unit" "$base" \
		"$bunit" "$ratio" "$target" "$verdict"
}

# need_bin PATH...: true when every PATH is executable; else say which is missing.
need_bin() {
	local b ok=0
	for b in "$@"; do
		if [ ! -x "$b" ] && ! command -v "$b" >/dev/null 2>&1; then
			say "missing $b (run make, or scripts/setup)"
			ok=1
		fi
	done
	return $ok
}

# collect_works [BIN]: true when BIN (default bin/collect) has its one-run command (not
# a placeholder).
collect_works() {
	"${1:-$bench_top/bin/collect}" run --help >/dev/null 2>&1
}

# Scratch space: one private directory per script, removed at exit (see bench_cleanup).
bench_tmp=""
nginx_dir=""

# bench_init: create the scratch dir and set the exit trap (stops the servers started).
bench_init() {
	bench_tmp=$(mktemp -d "/tmp/s3bench-bench-$bench_name.XXXXXX") || exit 2
	trap bench_cleanup EXIT
	trap 'exit 130' INT TERM
}

bench_cleanup() {
	if [ -n "$nginx_dir" ]; then
		"$bench_top/tests/servers/nginx/stop" "$nginx_dir" >/dev/null 2>&1
		nginx_dir=""
	fi
	[ -n "$bench_tmp" ] && rm -rf "$bench_tmp"
	bench_tmp=""
}

# snapshot BIN: copy BIN into the scratch dir and print the copy's path, so that a
# rebuild of bin/ by someone else during the benchmark neither breaks a run ("Text file
# busy", "Permission denied" while the linker writes) nor mixes two builds in one table.
snapshot() {
	local dst
	dst=$bench_tmp/$(basename "$1")
	cp "$1" "$dst" && chmod +x "$dst" && echo "$dst"
}

# start_nginx: start the WebDAV server; sets S3_ENDPOINT, AWS_* and nginx_dir.
start_nginx() {
	local envs
	envs=$("$bench_top/tests/servers/nginx/start") || { say "nginx did not start"; return 1; }
	eval "$envs" # export NAME='value' lines
	nginx_dir=$S3_SERVER_DIR
	say "nginx at $S3_ENDPOINT"
}

# webdav_bucket NAME: create the "bucket" directory on the WebDAV server (MKCOL), so that
# the collector's HeadBucket finds it (a CreateBucket PUT /NAME would make NAME a file).
webdav_bucket() {
	local code
	code=$(curl -s -o /dev/null -w '%{http_code}' -X MKCOL "$S3_ENDPOINT/$1/")
	case "$code" in 201|405) return 0 ;; esac
	say "MKCOL $1/ answered $code"
	return 1
}

# timed FILE CMD...: run CMD with GNU time writing "elapsed_s user_s sys_s maxrss_kib"
# to FILE (the RSS is the largest of CMD and its waited-for descendants). CMD's own
# exit status is returned.
timed() {
	local f=$1; shift
	/usr/bin/time -o "$f" -f '%e %U %S %M' "$@"
}

# timed_field FILE N: field N (1 elapsed, 2 user, 3 sys, 4 maxrss KiB) of timed's
# last line (GNU time puts "Command exited with non-zero status" first when it did).
timed_field() {
	tail -n 1 "$1" | awk -v n="$2" '{ print $n }'
}

# timed_cpu FILE: user + system s of timed's run
timed_cpu() {
	calc "$(timed_field "$1" 2) + $(timed_field "$1" 3)"
}

# per_cpu N CPU_S: N per CPU-second, or "-" when either is not a positive number
per_cpu() {
	is_num "$1" && is_num "$2" && [ "$(calc "$2 > 0")" = 1 ] && calc "$1 / $2" || echo -
}

# load1: the 1-minute load average, printed beside each measurement
load1() {
	cut -d' ' -f1 /proc/loadavg
}

# test_tool NAME: build/tests/NAME built (make) when it is missing; its path
test_tool() {
	[ -x "$bench_top/build/tests/$1" ] || (cd "$bench_top" && make -s "build/tests/$1" >&2)
	echo "$bench_top/build/tests/$1"
}

# ops_stats OPS.tsv.zst: "requests bytes sum_duration_s span_s errors" of the
# successful requests of a per-request log (columns found by header name; span is
# the last end minus the first start, over all rows).
ops_stats() {
	zstd -dc "$1" | awk -F'\t' '
		function ts(s,   d, t, f, ns) {   # RFC 3339 UTC -> seconds within the day + frac
			t = substr(s, 12, 8); split(t, hms, ":")
			f = substr(s, 20); sub(/Z$/, "", f); sub(/^\./, "", f)
			ns = (f == "") ? 0 : (f + 0) / (10 ^ length(f))
			return substr(s, 1, 10) SUBSEP (hms[1] * 3600 + hms[2] * 60 + hms[3] + ns)
		}
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		/^#/ { next }
		{
			split(ts($c["start"]), a, SUBSEP); split(ts($c["end"]), b, SUBSEP)
			if (first_day == "") first_day = a[1]
			s = a[2] + (a[1] != first_day ? 86400 : 0)
			e = b[2] + (b[1] != first_day ? 86400 : 0)
			if (min == "" || s < min) min = s
			if (max == "" || e > max) max = e
			if ($c["error"] != "") { err++; next }
			n++; by += $c["bytes"]; d += $c["duration_ns"]
		}
		END { printf "%d %d %.9f %.9f %d\n", n, by, d / 1e9, max - min, err }'
}

# json_num FILE JQPATH: a number from a JSON file, "-" when absent or null.
json_num() {
	local v
	v=$(jq -r "$2 // \"-\"" "$1" 2>/dev/null) || v=-
	is_num "$v" && echo "$v" || echo -
}
