#!/usr/bin/env python3
"""tests/tools/loadmon.py: the machine's load while a timing check runs (docs/LAB.md,
"Timing checks"; tests/e2e/lib.sh timing_begin and timed_check, tests/lab/truth.py).

    loadmon.py FILE PID        every 0.1 s, one line "UNIX_TIME RUNNABLE" appended to FILE
                               until process PID is gone (or SIGTERM)
    loadmon.py mean FILE T0    the mean RUNNABLE of FILE's samples from Unix time T0 on,
                               one decimal; nothing when no sample lies there yet

RUNNABLE is /proc/stat's procs_running, the threads running or waiting for a core at that
instant (the figure the load average decays, without the blocked ones), less loadmon
itself, which runs while it reads. A check's load is the mean over its own span: unlike
the 1-minute load average, it does not lag behind the check by a minute. A timing check
that fails may be skipped only when that load exceeds twice the cores (busy).
"""
import os
import signal
import sys
import time

INTERVAL = 0.1


def runnable():
    with open("/proc/stat") as f:
        for line in f:
            if line.startswith("procs_running "):
                return max(0, int(line.split()[1]) - 1)
    return 0


def sample(path, pid):
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with open(path, "a") as out:
        while True:
            try:
                os.kill(pid, 0)
            except OSError:
                return 0
            out.write("%.3f %d\n" % (time.time(), runnable()))
            out.flush()
            time.sleep(INTERVAL)


def busy(load):
    """True when a check's load excuses its failure: above twice the cores."""
    return load is not None and load > 2 * (os.cpu_count() or 1)


def mean(path, spans):
    """The mean RUNNABLE of the samples that lie in any of spans, a list of (t0, t1) in Unix
    seconds; None when none does or the file is missing."""
    s = n = 0
    try:
        with open(path) as f:
            for line in f:
                p = line.split()
                if len(p) != 2:
                    continue
                t = float(p[0])
                if any(a <= t <= b for a, b in spans):
                    s += int(p[1])
                    n += 1
    except OSError:
        return None
    return s / n if n else None


def main(argv):
    if len(argv) == 4 and argv[1] == "mean":
        m = mean(argv[2], [(float(argv[3]), float("inf"))])
        if m is not None:
            print("%.1f" % m)
        return 0
    if len(argv) == 3 and argv[2].isdigit():
        return sample(argv[1], int(argv[2]))
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
