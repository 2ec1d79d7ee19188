#!/usr/bin/env bash
# tests/e2e/faults.sh: the fault matrix. One campaign (tests/fixtures/campaigns/faults.ini),
# one subject per fault, each subject behind its own build/tests/faultproxy in front of
# s3rver (SigV4 still verifies: the proxy passes the Host header unchanged):
#   slow       503 SlowDown for 30 % of the requests  -> complete, errors counted (http-5xx)
#   slowall    503 SlowDown for every request         -> failed: http-5xx (PUT),
#                                                        prepare-failed (GET's uploads)
#   reset      every connection reset after 16 KiB of a response body
#                                                     -> GET failed (connect: the service had answered),
#                                                        PUT complete (no response body)
#   resetsome  70 % of connections reset mid-body -> GET complete, errors counted (connect)
#   stall      responses stop after 16 KiB, connection held open
#                                                     -> GET killed at the run's limit: timeout;
#                                                        PUT complete
#   blackhole  connections accepted, never answered   -> timeout (run's limit)
#   refuse     connections refused                    -> unavailable (docs/CAMPAIGN.md)
#   dns        http://s3bench-no-such-host.invalid:9000 -> dns
#   badauth    a wrong secret key                     -> auth
# A run killed at its limit gets its cleanup afterwards (phases.cleanup done, or failed
# with an error naming the prefix where objects may remain).
# Then: the campaign finishes and exits 1; no temporary or state file is left; every run
# directory has one parseable run.json (summary only when complete) and an ops.tsv.zst that
# passes `zstd -t` when present; no run outlives its time limit by much; bin/analyze puts
# exactly the failed runs in aggregate.json's `excluded` (and runs.csv) with their class,
# and bin/render's report.html lists them, with the same class, in its excluded-runs table.
. "$(dirname "$0")/collect_lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
proxy_bin=${FAULTPROXY:-$top/build/tests/faultproxy}
proxy_pids=()

stop_proxies() {
	local p
	for p in "${proxy_pids[@]}"; do
		kill "$p" 2>/dev/null
	done
	for p in "${proxy_pids[@]}"; do
		wait "$p" 2>/dev/null
	done
	proxy_pids=()
}
at_exit stop_proxies

# pychecks: run python (stdin) over the arguments; each output line "PASS text" or
# "FAIL text" is one case; any other line is shown.
pychecks() {
	local line
	while IFS= read -r line; do
		case "$line" in
		"PASS "*) ok "${line#PASS }" ;;
		"FAIL "*) bad "${line#FAIL }" ;;
		*) echo "$line" ;;
		esac
	done < <(python3 - "$@" 2>&1 || echo "FAIL python checker exited non-zero")
}

[ -x "$proxy_bin" ] || { bad "no $proxy_bin (make tests)"; finish; }
for b in "$analyze" "$render"; do
	[ -x "$b" ] || { bad "no $b (make first)"; finish; }
done
server_env FX S3RVER || { bad "no s3 server"; finish; }
export FX_AWS_ACCESS_KEY_ID FX_AWS_SECRET_ACCESS_KEY
export BAD_AWS_ACCESS_KEY_ID=$FX_AWS_ACCESS_KEY_ID
export BAD_AWS_SECRET_ACCESS_KEY="wrong${FX_AWS_SECRET_ACCESS_KEY}"
upstream=${FX_S3_ENDPOINT#*://}
upstream=${upstream%%/*}

# start_proxy NAME ARGS...: a faultproxy for subject NAME; adds the endpoint substitution.
start_proxy() {
	local name=$1 pf="$work/$1.port" port=""
	shift
	rm -f "$pf"
	"$proxy_bin" --listen 127.0.0.1:0 --upstream "$upstream" --port-file "$pf" \
		--max-seconds 300 "$@" >/dev/null 2>"$work/$name.proxy.log" &
	proxy_pids+=($!)
	for _ in $(seq 1 100); do
		[ -s "$pf" ] && { port=$(cat "$pf"); break; }
		sleep 0.05
	done
	[ -n "$port" ] || { bad "faultproxy $name did not start: $(cat "$work/$name.proxy.log")"; return 1; }
	echo "s#http://$name.invalid\$#http://127.0.0.1:$port#" >>"$work/endpoints.sed"
}

: >"$work/endpoints.sed"
start_proxy slow --mode slowdown --fraction 0.3 --seed 1 &&
	start_proxy slowall --mode slowdown --fraction 1 &&
	start_proxy reset --mode reset --after-bytes 16384 &&
	start_proxy resetsome --mode reset --fraction 0.7 --seed 7 --after-bytes 16384 &&
	start_proxy stall --mode stall --after-bytes 16384 &&
	start_proxy blackhole --mode blackhole &&
	start_proxy refuse --mode refuse || finish
echo "s#http://badauth.invalid\$#$FX_S3_ENDPOINT#" >>"$work/endpoints.sed"
sed -f "$work/endpoints.sed" "$top/tests/fixtures/campaigns/faults.ini" >"$work/faults.ini"
! grep -q '^endpoint = http://[a-z]*\.invalid$' "$work/faults.ini"
check $? "every fault subject has a local endpoint"

out="$work/out"
t0=$SECONDS
"$collect" "$work/faults.ini" -o "$out" --no-preflight >"$work/collect.log" 2>&1
rc=$?
elapsed=$((SECONDS - t0))
echo "collect: exit $rc after ${elapsed}s"
sed 's/^/    /' "$work/collect.log"
[ "$rc" -eq 1 ]
check $? "the campaign finishes with exit 1 (runs failed), got $rc"
[ "$elapsed" -lt 150 ]
check $? "the campaign took ${elapsed}s (< 150 s: no run hangs past its limit)"
stop_proxies

# faults really were injected
for n in slow slowall reset resetsome stall; do
	grep -q "faultproxy: fault " "$work/$n.proxy.log"
	check $? "proxy $n injected faults"
done

check_tree "$out" runs=18 >"$work/tree.txt"
check $? "tree: 18 runs, each one run.json, no stray file: $(cat "$work/tree.txt")"
left=$(find "$out" \( -name '*.tmp*' -o -name '.state.json' \) | head -n 5)
[ -z "$left" ]
check $? "no temporary or state file left: $left"

# Per-run expectations: status, classes allowed, what the summary / first error must show.
pychecks "$out" "$work/collect.log" <<'PY'
import glob, json, os, subprocess, sys
out = sys.argv[1]
TIMEOUT = 8
# (subject, op): (status, classes, first-error substring, extra)
E = {
 ("slow", "put"): ("complete", {"http-5xx"}, "503 SlowDown", "errors>0"),
 ("slow", "get"): ("complete", {"http-5xx"}, "503 SlowDown", "errors>0"),
 ("slowall", "put"): ("failed", {"http-5xx"}, "503 SlowDown", ""),
 ("slowall", "get"): ("failed", {"prepare-failed"}, "503 SlowDown", ""),
 ("reset", "put"): ("complete", {None}, None, "errors=0"),
 ("reset", "get"): ("failed", {"connect"}, "reset by peer", ""),
 ("resetsome", "put"): ("complete", {None}, None, "errors=0"),
 ("resetsome", "get"): ("complete", {"connect"}, "reset by peer", "errors>0"),
 # PUT answers have no body and pass; the cleanup's listing may stall (the run is then
 # killed at its limit during cleanup: still complete, class timeout; docs/CAMPAIGN.md)
 ("stall", "put"): ("complete", {None, "timeout"}, None, "errors=0"),
 ("stall", "get"): ("failed", {"timeout"}, "time limit of %d s" % TIMEOUT, "timed_out"),
 ("blackhole", "put"): ("failed", {"timeout"}, "time limit of %d s" % TIMEOUT, "timed_out"),
 ("blackhole", "get"): ("failed", {"timeout"}, "time limit of %d s" % TIMEOUT, "timed_out"),
 ("refuse", "put"): ("failed", {"unavailable"}, "connect", ""),
 ("refuse", "get"): ("failed", {"unavailable"}, "connect", ""),
 ("dns", "put"): ("failed", {"dns"}, "resolve", ""),
 ("dns", "get"): ("failed", {"dns"}, "resolve", ""),
 ("badauth", "put"): ("failed", {"auth"}, "403", ""),
 ("badauth", "get"): ("failed", {"auth"}, "403", ""),
}
progress = open(sys.argv[2]).read()
seen = set()
for rj in sorted(glob.glob(out + "/runs/*/*/*/run.json")):
    d = os.path.dirname(rj)
    subj, run = d.split("/")[-2:]
    op = run.split("-")[0]
    key = (subj, op)
    seen.add(key)
    try:
        j = json.load(open(rj))
    except Exception as ex:
        print("FAIL %s/%s: run.json does not parse: %s" % (subj, run, ex))
        continue
    if key not in E:
        print("FAIL unexpected run %s/%s" % key)
        continue
    st, classes, sub, extra = E[key]
    cls, first = j["errors"]["class"], j["errors"]["first"]
    what = "%s/%s: status %s class %s first %s" % (subj, run, j["status"], cls, first[:2])
    ok = j["status"] == st and cls in classes
    ok = ok and (sub is None or any(sub in f for f in first))
    ok = ok and (("summary" in j) == (st == "complete"))
    s = j.get("summary") or {}
    if extra == "errors>0":
        ok = ok and s.get("errors", 0) > 0 and s["requests"] > s["errors"]
        what += " summary errors %s of %s" % (s.get("errors"), s.get("requests"))
    if extra == "errors=0":
        ok = ok and s.get("errors") == 0
    if extra == "timed_out":
        ok = ok and j["wrapper"]["timed_out"] is True
        # the cleanup after the kill ran: done, or failed naming where objects remain
        cl = j["phases"]["cleanup"]
        ok = ok and (cl == "done" or (cl == "failed" and any(
            "the cleanup of %s/s3bench/" % j["subject"]["bucket"] in f and
            "objects may remain there" in f for f in first)))
        what += " cleanup " + cl
    print(("PASS " if ok else "FAIL ") + what)
    el = j["wrapper"]["elapsed_s"]
    print(("PASS " if el < TIMEOUT + 5 else "FAIL ") +
          "%s/%s: wrapper.elapsed_s %.1f within the %d s limit (+5 s)" % (subj, run, el, TIMEOUT))
    z = os.path.join(d, "ops.tsv.zst")
    if os.path.exists(z):
        r = subprocess.run(["zstd", "-tq", z], capture_output=True)
        print(("PASS " if r.returncode == 0 else "FAIL ") + "%s/%s: zstd -t ops.tsv.zst" % (subj, run))
        if "summary" in j:
            text = subprocess.run(["zstd", "-dcq", z], capture_output=True).stdout.decode()
            rows = [l.split("\t") for l in text.split("\n")[1:] if l and not l.startswith("# ")]
            nerr = sum(1 for r in rows if r[8] != "")
            print(("PASS " if nerr == s["errors"] else "FAIL ") +
                  "%s/%s: %d error rows in ops.tsv.zst, summary.errors %d" % (subj, run, nerr, s["errors"]))
    if j["status"] != "complete":
        line = "runs/cycle-01/%s/%s failed (%s)" % (subj, run, cls)
        print(("PASS " if line in progress else "FAIL ") + "the progress output says: " + line)
missing = set(E) - seen
print(("PASS " if not missing else "FAIL ") + "every fault run recorded (missing: %s)" % sorted(missing))
PY

# analyze and render
"$analyze" "$out" >"$work/analyze.log" 2>&1
rc=$?
[ "$rc" -eq 0 ]
check $? "analyze exits 0 (got $rc: $(tail -n 3 "$work/analyze.log"))"
SOURCE_DATE_EPOCH=1764633600 "$render" "$out/results" -f html >"$work/render.log" 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ -s "$out/report/report.html" ]
check $? "render writes report.html (exit $rc: $(tail -n 3 "$work/render.log"))"
left=$(find "$out" -name '*.tmp*' | head -n 5)
[ -z "$left" ]
check $? "no temporary file left after analyze and render: $left"

pychecks "$out" <<'PY'
import csv, glob, json, os, sys
from html.parser import HTMLParser
out = sys.argv[1]
runs = {}
for rj in glob.glob(out + "/runs/*/*/*/run.json"):
    j = json.load(open(rj))
    runs[os.path.relpath(os.path.dirname(rj), out)] = j
failed = {p: j["errors"]["class"] for p, j in runs.items() if j["status"] != "complete"}
a = json.load(open(out + "/results/aggregate.json"))
exc = {e["path"]: e["class"] for e in a["excluded"]}
print(("PASS " if exc == failed else "FAIL ") +
      "aggregate.json excluded = the %d failed runs with their run.json class (got %s, want %s)"
      % (len(failed), sorted(exc.items()), sorted(failed.items())))
print(("PASS " if all(e["reason"] for e in a["excluded"]) else "FAIL ") + "every excluded run has a reason")
inc = {r["path"] for r in a["runs"] if r["included"]}
want = {p for p, j in runs.items() if j["status"] == "complete"}
print(("PASS " if inc == want else "FAIL ") + "included runs = complete runs (%d; errors inside a run do not exclude it)" % len(want))
rows = list(csv.DictReader(open(out + "/results/runs.csv")))
bad = [r["path"] for r in rows if (r["included"] in ("true", "1")) != (r["path"] in want)
       or (r["path"] in failed and r["class"] != failed[r["path"]])]
print(("PASS " if len(rows) == len(runs) and not bad else "FAIL ") + "runs.csv: %d rows, class of excluded runs (bad: %s)" % (len(rows), bad))

class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth = 0; self.rows = []; self.cell = None; self.in_body = False
    def handle_starttag(self, tag, attrs):
        if tag == "table" and dict(attrs).get("id") == "t-excluded":
            self.depth = 1
        elif self.depth and tag == "tbody":
            self.in_body = True
        elif self.depth and self.in_body and tag == "tr":
            self.rows.append([])
        elif self.depth and self.in_body and tag == "td":
            self.cell = ""
    def handle_endtag(self, tag):
        if self.depth and tag == "td" and self.cell is not None:
            self.rows[-1].append(self.cell.strip()); self.cell = None
        elif self.depth and tag == "table":
            self.depth = 0; self.in_body = False
    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data
p = P()
p.feed(open(out + "/report/report.html", encoding="utf-8").read())
got = sorted((r[1], r[2].lower(), r[5]) for r in p.rows if len(r) >= 7)
want_rows = sorted((runs[x]["subject"]["id"], runs[x]["workload"]["op"], c) for x, c in failed.items())
print(("PASS " if got == want_rows else "FAIL ") +
      "report.html excluded-runs table lists the %d failed runs with their class (got %s)" % (len(want_rows), got))
reasons_ok = all(r[6].startswith("no final summary") for r in p.rows if len(r) >= 7)
print(("PASS " if reasons_ok and p.rows else "FAIL ") + "report.html gives each excluded run its reason")
PY
finish
