#!/usr/bin/env bash
# tests/e2e/slurm_sbatch.sh: data/slurm/s3bench.sbatch without a Slurm cluster: bash -n,
# its #SBATCH lines (all before the first command, each a known option with a valid
# value: several nodes, one task per node, exclusive, a time limit), and the script run
# with stand-in srun / mpirun in PATH that record their arguments: srun --mpi=pmix
# --kill-on-bad-exit=1 bin/collect CAMPAIGN -o out/NAME, --resume with
# S3BENCH_RESUME=1, S3BENCH_SRUN_MPI, mpirun --map-by ppr:1:node with
# S3BENCH_LAUNCH=mpirun, and a usage error without a campaign. When sbatch can reach a
# controller it also runs `sbatch --test-only` (else one skip). Prints "N passed, N failed".
. "$(dirname "$0")/lib.sh"
script=$top/data/slurm/s3bench.sbatch

bash -n "$script"
check $? "bash -n"

python3 - "$script" >"$tmp/sbatch.out" 2>&1 <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
def t(cond, name):
    print(("ok   " if cond else "FAIL ") + name)
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

if command -v sbatch >/dev/null && scontrol ping >/dev/null 2>&1; then
	sbatch --test-only --nodes=1 "$script" camp.ini >"$tmp/test-only" 2>&1
	check $? "sbatch --test-only accepts the script ($(cat "$tmp/test-only"))"
else
	skip 1 "no Slurm controller here (sbatch --test-only needs one)"
fi
finish
