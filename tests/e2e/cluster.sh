#!/usr/bin/env bash
# tests/e2e/cluster.sh: collect/cluster/cluster.c (the MPI layer of distributed collection) under
# a real Open MPI mpirun with 3 ranks on this machine (--oversubscribe; as root with Open
# MPI's allow-run-as-root variables): host names, broadcast, gather, clock offsets and
# round trips, a common start that wakes every rank within 20 ms, and files of several
# 1 MiB messages moved to rank 0 byte for byte (a missing one reported, not fatal).
# The checks are tests/mpi/cluster_check.c's; this script starts it and relays its line.
. "$(dirname "$0")/lib.sh"
bin=${BUILD:-$top/build}/tests/cluster_check
if ! command -v mpirun >/dev/null 2>&1 || [ ! -x "$bin" ]; then
	bad "mpirun or $bin missing (scripts/setup installs openmpi-bin, make tests builds it)"
	finish
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
timeout 120 mpirun --oversubscribe -np 3 "$bin" "$tmp" 2>&1
rc=$?
# the "N passed, N failed" line is cluster_check's, relayed above
[ $rc -eq 0 ] || { bad "mpirun exited $rc"; finish; }
