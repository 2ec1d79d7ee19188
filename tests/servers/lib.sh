# tests/servers/lib.sh: shell helpers shared by tests/servers/*/start and stop.
# Sourced (bash), never run. Every server keeps all its state in one private
# directory (the "state dir", printed as S3_SERVER_DIR):
#   DIR/.s3bench-server   marker: stop refuses to remove a directory without it
#   DIR/pids              one line per process start launched: "PID STARTTIME NAME",
#                         STARTTIME from /proc/PID/stat so a recycled PID is never killed
#   DIR/children          optional, same format: processes a recorded process stops
#                         itself (nginx workers); stop KILLs any left once those are gone
#   DIR/*.log             the servers' logs (never credentials)
# Progress goes to stderr; stdout carries only the `export NAME='value'` lines of print_env.

srv_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
srv_name=${srv_name:-server}

# say MSG...: one progress line on stderr.
say() {
	printf '%s: %s\n' "$srv_name" "$*" >&2
}

# now_ms: wall clock in milliseconds.
now_ms() {
	local s
	s=$(date +%s%N)
	echo $((s / 1000000))
}

# rand_str N [CHARS]: N random characters from CHARS (default A-Za-z0-9).
rand_str() {
	local n=$1 set=${2:-A-Za-z0-9} out=""
	while [ ${#out} -lt "$n" ]; do
		out+=$(head -c 256 /dev/urandom | LC_ALL=C tr -dc "$set")
	done
	printf '%s' "${out:0:n}"
}

# port_in_use PORT: true when any TCP socket (v4 or v6, any state) uses PORT locally.
port_in_use() {
	local hex
	hex=$(printf '%04X' "$1")
	awk -v h=":$hex" 'NR > 1 && substr($2, length($2) - 4) == h { found = 1 } END { exit !found }' \
		/proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# pid_listens PID PORT: true when process PID holds a listening TCP socket on PORT
# (matched by socket inode through /proc, so a foreign server on PORT does not count).
pid_listens() {
	local hex inodes ino links
	hex=$(printf '%04X' "$2")
	inodes=$(awk -v h=":$hex" 'NR > 1 && $4 == "0A" && substr($2, length($2) - 4) == h { print $10 }' \
		/proc/net/tcp /proc/net/tcp6 2>/dev/null)
	[ -n "$inodes" ] || return 1
	links=$(ls -l "/proc/$1/fd" 2>/dev/null) || return 1
	for ino in $inodes; do
		case "$links" in *"socket:[$ino]"*) return 0 ;; esac
	done
	return 1
}

# free_port: print a TCP port nobody uses now, chosen at random in 20000-32767
# (below the kernel's ephemeral range and away from Ceph's 6800-7300), so that
# concurrent starts rarely pick the same one. Callers still retry when the bind fails.
free_port() {
	local i p
	for i in $(seq 1 200); do
		p=$((20000 + (RANDOM * 32768 + RANDOM) % 12768))
		port_in_use "$p" || { echo "$p"; return 0; }
	done
	say "no free port found"
	return 1
}

# new_state_dir KIND: create and print a private state dir /tmp/s3bench-KIND.XXXXXX.
new_state_dir() {
	local d
	d=$(mktemp -d "/tmp/s3bench-$1.XXXXXX") || return 1
	chmod 700 "$d"
	echo "$1" >"$d/.s3bench-server"
	: >"$d/pids"
	echo "$d"
}

# proc_start PID: print the start time field (22) of /proc/PID/stat, or nothing.
proc_start() {
	local s
	s=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	s=${s##*) }
	set -- $s
	# after "comm)" the fields start at 3 (state): field 22 is the 20th here
	echo "${20}"
}

# proc_state PID: print the state letter (R, S, Z, ...) of PID, or nothing.
proc_state() {
	local s
	s=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	s=${s##*) }
	echo "${s%% *}"
}

# record_pid DIR PID NAME: remember a process start launched.
record_pid() {
	local st
	st=$(proc_start "$2") || { say "process $3 ($2) is already gone"; return 1; }
	echo "$2 $st $3" >>"$1/pids"
}

# recorded_alive PID STARTTIME: true when that very process still runs (zombies count as gone).
recorded_alive() {
	local st
	st=$(proc_start "$1") || return 1
	[ "$st" = "$2" ] || return 1
	[ "$(proc_state "$1")" != Z ]
}

# pid_alive DIR NAME: true when the recorded process NAME of DIR still runs.
pid_alive() {
	local pid st name
	while read -r pid st name; do
		[ "$name" = "$2" ] && recorded_alive "$pid" "$st" && return 0
	done <"$1/pids"
	return 1
}

# stop_one PID STARTTIME NAME GRACE: TERM that process, wait up to GRACE seconds, then
# KILL it and wait up to 10 s more. False if it survives.
stop_one() {
	local pid=$1 st=$2 name=$3 grace=$4
	recorded_alive "$pid" "$st" || return 0
	kill -TERM "$pid" 2>/dev/null
	wait_for "$grace" eval '! recorded_alive "$pid" "$st"' && return 0
	say "$name ($pid) still runs ${grace}s after TERM: KILL"
	kill -KILL "$pid" 2>/dev/null
	wait_for 10 eval '! recorded_alive "$pid" "$st"' && return 0
	say "$name ($pid) survives KILL"
	return 1
}

# stop_processes DIR: stop every recorded process, last started first (radosgw before
# the osd before the mon: a client stops cleanly only while its cluster is up), each with
# stop_one and a grace of S3_SERVER_STOP_GRACE seconds (default 10).
stop_processes() {
	local dir=$1 grace=${S3_SERVER_STOP_GRACE:-10} lines=() i pid st name rc=0
	[ -f "$dir/pids" ] || return 0
	mapfile -t lines <"$dir/pids"
	for ((i = ${#lines[@]} - 1; i >= 0; i--)); do
		read -r pid st name <<<"${lines[i]}"
		stop_one "$pid" "$st" "$name" "$grace" || rc=1
	done
	return $rc
}

# kill_children DIR: KILL the listed children that outlived their parent.
kill_children() {
	local pid st name
	[ -f "$1/children" ] || return 0
	while read -r pid st name; do
		if recorded_alive "$pid" "$st"; then
			say "$name ($pid) outlived its parent: KILL"
			kill -KILL "$pid" 2>/dev/null
		fi
	done <"$1/children"
	while read -r pid st name; do
		wait_for 10 eval '! recorded_alive "$pid" "$st"' || return 1
	done <"$1/children"
}

# stop_main "$@": the whole of every stop script. Usage: stop DIR.
# Idempotent: a missing DIR is fine. Refuses a directory start did not create.
stop_main() {
	if [ $# -ne 1 ] || [ -z "$1" ]; then
		echo "usage: $0 STATE_DIR   (the S3_SERVER_DIR that start printed)" >&2
		return 2
	fi
	local dir=$1
	if [ ! -e "$dir" ]; then
		say "$dir does not exist: nothing to stop"
		return 0
	fi
	if [ ! -f "$dir/.s3bench-server" ]; then
		say "$dir is not a state dir made by a start script (no .s3bench-server): left alone"
		return 1
	fi
	stop_processes "$dir" || return 1
	kill_children "$dir" || return 1
	rm -rf -- "$dir"
}

# fail_start DIR MSG [LOG...]: start failed: print MSG and each log's tail on stderr,
# stop what was started, remove DIR, exit 1.
fail_start() {
	local dir=$1 msg=$2 f
	shift 2
	say "FAILED: $msg"
	for f in "$@"; do
		[ -s "$f" ] || continue
		echo "--- tail of $f:" >&2
		tail -n 30 "$f" >&2
	done
	S3_SERVER_STOP_GRACE=3 stop_main "$dir" >/dev/null 2>&1
	exit 1
}

# wait_for SECONDS CMD...: run CMD every 0.1 s until it succeeds; false on time-out.
wait_for() {
	local deadline=$(($(now_ms) + $1 * 1000))
	shift
	while :; do
		"$@" && return 0
		[ "$(now_ms)" -ge "$deadline" ] && return 1
		sleep 0.1
	done
}

# s3_status ENDPOINT KEY SECRET [CURL ARGS...]: print the HTTP status of a SigV4-signed
# request (default: GET / = ListBuckets). The credentials reach curl through a config
# on a pipe, never through its command line.
s3_status() {
	local ep=$1 key=$2 secret=$3
	shift 3
	curl -s -o /dev/null -w '%{http_code}' --max-time 5 \
		--aws-sigv4 "aws:amz:us-east-1:s3" -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' \
		-K <(printf 'user = "%s:%s"\n' "$key" "$secret") "$@" "$ep/" 2>/dev/null
}

# need_setup CMD...: run scripts/setup when one of the commands is missing.
need_setup() {
	local c
	for c in "$@"; do
		if ! command -v "$c" >/dev/null 2>&1; then
			say "$c missing: running scripts/setup"
			"$srv_top/scripts/setup" >&2 || return 1
			return 0
		fi
	done
}

# shell_quote VALUE: VALUE in single quotes for any POSIX shell (each ' as '\'').
shell_quote() {
	local q="'\\''"
	printf "'%s'" "${1//\'/$q}"
}

# print_env ENDPOINT KEY SECRET DIR: the only stdout of a start script: five lines
# `export NAME='value'` (S3_ENDPOINT, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION,
# S3_SERVER_DIR), so that `eval "$(.../start)"` sets them for the commands run next.
# A value with a control character (a line break would split its line) is refused.
print_env() {
	local names=(S3_ENDPOINT AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_REGION S3_SERVER_DIR)
	local values=("$1" "$2" "$3" us-east-1 "$4") i
	for i in 0 1 2 3 4; do
		case "${values[i]}" in
		*[[:cntrl:]]*) say "${names[i]} holds a control character"; return 1 ;;
		esac
	done
	for i in 0 1 2 3 4; do
		printf 'export %s=%s\n' "${names[i]}" "$(shell_quote "${values[i]}")"
	done
}
