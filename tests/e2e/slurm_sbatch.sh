#!/usr/bin/env bash
# tests/e2e/slurm_sbatch.sh: data/slurm/s3bench.sbatch, first without Slurm: bash -n, its
# #SBATCH lines (all before the first command, each a known option with a valid value:
# several nodes, one task per node, exclusive, a time limit), and the script run with
# stand-in srun / mpirun in PATH that record their arguments: srun --mpi=pmix
# --kill-on-bad-exit=1 bin/collect CAMPAIGN -o out/NAME, --resume with S3BENCH_RESUME=1,
# S3BENCH_SRUN_MPI, mpirun --map-by ppr:1:node with S3BENCH_LAUNCH=mpirun, and a usage
# error without a campaign.
# Then under a real one-node Slurm started here (Debian's slurmctld + slurmd, auth/none,
# its state in $tmp, about 1 s to start): sbatch --test-only accepts the script on 1 node
# and refuses its 3 default nodes, srun offers PMIx, and two real jobs of the script run a
# 1-s GET campaign against RGW (tests/run's, else a private one): through srun --mpi=pmix
# with 3 tasks (run.json: 3 clients, rows of 3 client ids) and through mpirun inside the
# allocation (one rank per node: 1 client). Skips those 10 cases, saying why, when the
# daemons do not come up. Prints "N passed, N failed".
. "$(dirname "$0")/collect_lib.sh"
script=$top/data/slurm/s3bench.sbatch

bash -n "$script"
check $? "bash -n"

python3 - "$script" >"$tmp/sbatch.out" 2>&1 <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
from checks import t
t(lines[0] == "#!/bin/bash", "shebang #!/bin/bash (sbatch needs an interpreter line)")
first_cmd = next(i for i, l in enumerate(lines) if l.strip() and not l.startswith("#"))
sb = [(i, l) for i, l in enumerate(lines) if l.startswith("#SBATCH")]
t(sb and all(i < first_cmd for i, _ in sb), "every #SBATCH line before the first command (sbatch stops reading there)")
opts = {}
for _, l in sb:
    m = re.fullmatch(r"#SBATCH --([a-z-]+)(?:=(\S+))?", l)
    t(m is not None, "well-formed: %s" % l)
    if m:
        opts[m.group(1)] = m.group(2)
known = {"job-name", "nodes", "ntasks-per-node", "exclusive", "time", "output"}
t(set(opts) <= known, "known options only: %s" % sorted(set(opts) - known))
t(opts.get("nodes", "").isdigit() and int(opts["nodes"]) >= 2, "several client nodes (%s)" % opts.get("nodes"))
t(opts.get("ntasks-per-node") == "1", "one client per node")
t("exclusive" in opts and opts["exclusive"] is None, "nodes not shared with other jobs")
t(re.fullmatch(r"(\d+-)?\d{1,2}:\d{2}:\d{2}", opts.get("time") or "") is not None, "a time limit in [D-]HH:MM:SS")
t("%j" in (opts.get("output") or ""), "output file named by job id")
PY
p=$(grep -c '^ok ' "$tmp/sbatch.out") f=$(grep -c '^FAIL ' "$tmp/sbatch.out")
sed 's/^/    /' "$tmp/sbatch.out"
passed=$((passed + p)) failed=$((failed + f))

# stand-in launchers: record the arguments, one per line
mkdir -p "$tmp/bin" "$tmp/dir"
for l in srun mpirun; do
	printf '#!/bin/sh\nprintf "%%s\\n" "%s" "$@" >"%s/launched"\n' "$l" "$tmp" >"$tmp/bin/$l"
	chmod +x "$tmp/bin/$l"
done
launch() { # EXPECTED-ARGS (space-separated) ENV... -- SCRIPT-ARGS...
	local want=$1 envs=()
	shift
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	rm -f "$tmp/launched"
	env PATH="$tmp/bin:$PATH" S3BENCH_DIR="$tmp/dir" "${envs[@]}" bash "$script" "$@" >/dev/null 2>&1
	local got
	got=$(tr '\n' ' ' <"$tmp/launched" 2>/dev/null)
	if [ "${got% }" = "$want" ]; then ok "launch: $want"; else bad "launch: got '$got', want '$want'"; fi
}
launch "srun --mpi=pmix --kill-on-bad-exit=1 bin/collect camp.ini -o out/camp" -- camp.ini
launch "srun --mpi=pmix --kill-on-bad-exit=1 bin/collect c.ini -o out/n1 --resume" S3BENCH_RESUME=1 -- c.ini n1
launch "srun --mpi=pmi2 --kill-on-bad-exit=1 bin/collect c.ini -o out/c" S3BENCH_SRUN_MPI=pmi2 -- c.ini
launch "mpirun --map-by ppr:1:node bin/collect c.ini -o out/x" S3BENCH_LAUNCH=mpirun -- c.ini x
err=$(env PATH="$tmp/bin:$PATH" bash "$script" 2>&1)
rc=$?
[ "$rc" -ne 0 ] && [[ "$err" == *"usage: sbatch s3bench.sbatch CAMPAIGN.ini"* ]]
check $? "no campaign: usage error, exit $rc"

# ---- a real one-node Slurm: slurmctld + slurmd in $tmp ----
for c in slurmctld slurmd sbatch srun squeue scontrol; do
	command -v $c >/dev/null 2>&1 && continue
	bad "$c missing (scripts/setup installs slurmctld slurmd slurm-client)"
	finish
done
sl=$tmp/slurm
mkdir -p "$sl/state" "$sl/spool"
ports=$(python3 -c 'import socket
ss = [socket.socket() for _ in range(2)]
for s in ss: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in ss])')
# auth/none and cred/none (Debian's slurm-wlm 22.05 ships both): no munge daemon, no key.
# Two ports that were free a moment ago; the node reached on 127.0.0.1 under its own name.
# CPUs=4 with config_overrides: 3 tasks on one node of this 2-core machine (slurmd would
# otherwise register the 2 it counts, and Slurm refuses --ntasks-per-node=3 on 2 CPUs).
cat >"$sl/slurm.conf" <<CONF
ClusterName=s3bench-test
SlurmctldHost=localhost
SlurmctldPort=${ports% *}
SlurmdPort=${ports#* }
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/none
CredType=cred/none
StateSaveLocation=$sl/state
SlurmdSpoolDir=$sl/spool
SlurmctldPidFile=$sl/slurmctld.pid
SlurmdPidFile=$sl/slurmd.pid
SlurmctldLogFile=$sl/slurmctld.log
SlurmdLogFile=$sl/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
MpiDefault=none
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MailProg=/bin/true
NodeName=s3bnode NodeHostname=$(hostname -s) NodeAddr=127.0.0.1 CPUs=4 RealMemory=1000
PartitionName=debug Nodes=s3bnode Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$sl/slurm.conf
slurm_pids=() up=""
stop_slurm() { # cancel what still runs, then end both daemons
	local j
	if [ -n "$up" ]; then
		for j in $(timeout 5 squeue -h -o %i 2>/dev/null); do timeout 5 scancel "$j"; done
		for _ in $(seq 30); do
			[ -z "$(timeout 5 squeue -h 2>/dev/null)" ] && break
			sleep 0.1
		done
	fi
	[ ${#slurm_pids[@]} -gt 0 ] || return 0
	kill "${slurm_pids[@]}" 2>/dev/null
	wait "${slurm_pids[@]}" 2>/dev/null
}
at_exit stop_slurm
t0=$(date +%s%N)
slurmctld -D -i >"$sl/slurmctld.out" 2>&1 &
slurm_pids+=($!)
slurmd -D -N s3bnode >"$sl/slurmd.out" 2>&1 &
slurm_pids+=($!)
# up within 10 s (1 s measured), unless a daemon exits (a client command without a
# controller waits 9 s: not asked once one is gone)
end=$((SECONDS + 10)) gone=""
while [ -z "$up$gone" ] && [ $SECONDS -lt $end ]; do
	for p in "${slurm_pids[@]}"; do kill -0 "$p" 2>/dev/null || gone=1; done
	[ -z "$gone" ] && [ "$(timeout 2 sinfo -h -n s3bnode -o %t 2>/dev/null)" = idle ] && up=1
	[ -n "$up" ] || sleep 0.1
done
if [ -z "$up" ]; then
	skip 10 "one-node Slurm did not come up (${gone:+a daemon exited, }within 10 s): $(cat "$sl"/*.out 2>/dev/null | grep -m 2 'error\|fatal' | tr '\n' ' ')"
	finish
fi
ok "one-node slurmctld + slurmd up in $((($(date +%s%N) - t0) / 1000000)) ms"

sbatch --test-only --nodes=1 "$script" camp.ini >"$tmp/test-only" 2>&1
check $? "sbatch --test-only --nodes=1 accepts the script ($(cat "$tmp/test-only"))"
# the script's own #SBATCH --nodes=3 is read: more nodes than this cluster has
! sbatch --test-only "$script" camp.ini >"$tmp/test-only3" 2>&1
check $? "sbatch --test-only with the script's 3 nodes refused here ($(cat "$tmp/test-only3"))"
srun --mpi=list 2>&1 | grep -qx '[[:space:]]*pmix'
check $? "srun --mpi=list offers pmix, the script's default ($(srun --mpi=list 2>&1 | tr -s '\n\t' ' '))"

# the collector under the allocation, against RGW (tests/run's, else a private one)
use_rgw
export SL_AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID SL_AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# the job's checkout: $top's binaries, its out/ in $tmp
mkdir -p "$tmp/job"
ln -s "$top/bin" "$tmp/job/bin"
cat >"$tmp/camp.ini" <<CAMP
[campaign]
name = slurm
[matrix]
ops = get
sizes = 4KiB
concurrency = 2
duration = 1s
timeout = 60s
objects = 10
[subject rgw]
endpoint = $RGW_S3_ENDPOINT
bucket = slurm-$$-$RANDOM
credentials = env:SL_AWS
CAMP

# job NAME CLIENTS SBATCH-OPTION...: submit the script with the campaign (sbatch exports
# the environment: SLURM_CONF, the credentials), wait for it, check its one run
job() {
	local name=$1 want=$2 id st
	shift 2
	id=$(S3BENCH_DIR="$tmp/job" sbatch --parsable --output="$tmp/$name.out" "$@" \
		"$script" "$tmp/camp.ini" "$name" 2>"$tmp/$name.err")
	for _ in $(seq 600); do # 60 s at most; about 2 s measured
		[ -z "$(squeue -h -j "$id" 2>/dev/null)" ] && break
		sleep 0.1
	done
	st=$(scontrol -o show job "$id" 2>&1 | grep -o 'JobState=[A-Z]*\|ExitCode=[0-9:]*' | tr '\n' ' ')
	[ "$st" = "JobState=COMPLETED ExitCode=0:0 " ]
	check $? "$name: job $id completed ($st) $(cat "$tmp/$name.err" "$tmp/$name.out" 2>/dev/null | tail -n 3 | tr '\n' ' ')"
	check_tree "$tmp/job/out/$name" runs=1 complete=1 clients="$want" \
		secret="$RGW_AWS_SECRET_ACCESS_KEY" >"$tmp/$name.tree"
	check $? "$name: one complete run with $want clients: $(tail -n 3 "$tmp/$name.tree" | tr '\n' ' ')"
	local ids
	ids=$(zstd -dcq "$tmp/job/out/$name"/runs/*/*/*/ops.tsv.zst | awk -F'\t' \
		'$1 ~ /^[0-9]+$/ { id[$4] = 1 } END { print length(id) }')
	[ "$ids" = "$want" ]
	check $? "$name: rows of $ids client ids"
}
# srun --mpi=pmix (the script's default): 3 tasks on the one node, 3 MPI clients
job srun 3 --nodes=1 --ntasks-per-node=3
# mpirun inside the allocation, one rank per node: 1 client
S3BENCH_LAUNCH=mpirun job mpirun 1 --nodes=1 --ntasks-per-node=3
finish
