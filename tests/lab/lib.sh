# tests/lab/lib.sh: what tests/lab/up, down and run share (sourced, never run).
#   lab_state            the lab's state directory, /run/LAB_NAME (pids, certificates, nginx,
#                        logs, env): its presence means a lab (maybe half built) exists
#   lab_leftovers        true when a namespace, link or state directory of this lab exists
#   lab_down             remove every namespace, veth, bridge, /etc/netns entry and process of
#                        this lab, and the RGW it started; idempotent
#   lab_ns ID            the namespace of a client (c1, c2...) or provider id
#   lab_rt               chrt's words for real-time priority (SCHED_FIFO 10) where allowed:
#                        the lab's emulator, wanem, keeps its delays and rates on a busy machine
# Names: every namespace, link and /etc/netns entry starts with LAB_NAME (default s3lab,
# at most 6 characters: Linux names links with 15 at most).
srv_name=lab
# the lab's collectors never ask the real instance metadata service (169.254.169.254):
# every credential of the lab comes from its own environment
export AWS_EC2_METADATA_DISABLED=true
lab_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lab_top=$(cd "$lab_dir/../.." && pwd)
. "$lab_top/tests/servers/lib.sh"
eval "$(python3 "$lab_dir/lab.py" shell)" || {
	echo "lab: cannot read tests/lab/profiles.ini" >&2
	exit 1
}
lab_state=/run/$lab_name
lab_ns() { echo "$lab_name-$1"; }

lab_rt=()
chrt -f 10 true 2>/dev/null && lab_rt=(chrt -f 10)

lab_leftovers() {
	[ -e "$lab_state" ] && return 0
	ip netns list 2>/dev/null | grep -q "^$lab_name-" && return 0
	ip link show "$lab_name-br" >/dev/null 2>&1 && return 0
	ls -d /etc/netns/"$lab_name"-* >/dev/null 2>&1
}

lab_down() {
	local ns l
	if [ -f "$lab_state/pids" ]; then
		S3_SERVER_STOP_GRACE=5 stop_processes "$lab_state"
		kill_children "$lab_state"
	fi
	if [ -s "$lab_state/rgw_dir" ]; then
		"$lab_top/tests/servers/radosgw/stop" "$(cat "$lab_state/rgw_dir")" >/dev/null 2>&1
	fi
	for ns in $(ip netns list 2>/dev/null | awk -v p="$lab_name-" 'index($1, p) == 1 { print $1 }'); do
		ip netns pids "$ns" 2>/dev/null | xargs -r kill -KILL 2>/dev/null
		ip netns del "$ns" 2>/dev/null
	done
	for l in $(ip -o link show 2>/dev/null | awk -F': ' -v p="$lab_name-" \
		'index($2, p) == 1 { sub(/@.*/, "", $2); print $2 }'); do
		ip link del "$l" 2>/dev/null
	done
	rm -rf /etc/netns/"$lab_name"-* "$lab_state"
}
