#!/usr/bin/env bash
# tests/e2e/collect_creds.sh: temporary credentials during a run (docs/METHODOLOGY.md,
# "Credentials"), against nginx (NGINX_S3_ENDPOINT from tests/run, else a private one; it
# checks no signature, so what is measured is the collector's own handling of the keys):
#   1. a credential_process whose keys live 20 s and which takes 3 s to answer again: a
#      14-s PUT run's keys are fetched again by the client's refresher about 10 s in (half
#      their life), the fetch taking 3 s; no worker waits for it (no gap over 1 s between a
#      worker's requests); run.json's credentials records the first fetch and each refresh
#      (when, how long, from where, the new keys' expiry);
#   2. the same process hanging on its second call, stopped after
#      S3BENCH_CREDENTIAL_PROCESS_TIMEOUT=2 s: the refreshes fail (logged, the old keys
#      signing on), and once the keys expire (8 s) the run fails with class auth and the
#      reason (expired at, the last refresh's error); the hung process is gone.
. "$(dirname "$0")/lib.sh"
collect=${COLLECT:-$top/bin/collect}
[ -x "$collect" ] || { bad "no $collect (make)"; finish; }
use_nginx
endpoint=${NGINX_S3_ENDPOINT%/}
bucket="creds-$$-$RANDOM"
code=$(curl -s -o /dev/null -w '%{http_code}' -X MKCOL "$endpoint/$bucket/")
check $([ "$code" = 201 ]; echo $?) "setup: bucket directory $bucket on nginx" "MKCOL $code"
unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN AWS_PROFILE
export AWS_REGION=us-east-1 HOME=$tmp/home AWS_SHARED_CREDENTIALS_FILE=$tmp/none
mkdir -p "$HOME"
mark="s3bench-creds-$$"

# proc.sh LIFE SLOW: the first call answers at once, later ones after SLOW seconds ("hang":
# never); keys living LIFE seconds
cat >"$tmp/proc.sh" <<EOF
#!/bin/sh
n=\$(cat "$tmp/calls" 2>/dev/null || echo 0)
n=\$((n + 1))
echo "\$n" >"$tmp/calls"
if [ "\$n" -gt 1 ]; then
	case "\$2" in
	hang) exec sleep 31 ;; # $mark
	*) sleep "\$2" ;;
	esac
fi
printf '{"Version": 1, "AccessKeyId": "AKIDPROC", "SecretAccessKey": "procsecret", "SessionToken": "proctoken", "Expiration": "%s"}\n' \\
	"\$(date -u -d "+\$1 seconds" +%Y-%m-%dT%H:%M:%SZ)"
EOF
chmod +x "$tmp/proc.sh"
# profile LIFE SLOW: AWS_CONFIG_FILE with a profile p running proc.sh LIFE SLOW
profile() {
	rm -f "$tmp/calls"
	printf '[profile p]\ncredential_process = %s %s %s\n' "$tmp/proc.sh" "$1" "$2" >"$tmp/config"
}
# gaps DIR: the longest pause between two requests of one worker (s), from the ops log
gaps() {
	python3 - "$1/ops.tsv.zst" <<'PY'
import datetime, subprocess, sys
def ns(s):
    base, _, frac = s.rstrip("Z").partition(".")
    t = datetime.datetime.strptime(base, "%Y-%m-%dT%H:%M:%S")
    return int(t.replace(tzinfo=datetime.timezone.utc).timestamp()) * 10**9 + \
        int((frac + "000000000")[:9])
txt = subprocess.run(["zstd", "-dc", sys.argv[1]], capture_output=True,
                     text=True).stdout.splitlines()
head = txt[0].split("\t")
by = {}
for l in txt[1:]:
    r = dict(zip(head, l.split("\t")))
    by.setdefault(r["thread"], []).append((ns(r["start"]), ns(r["end"])))
g = 0
for rs in by.values():
    rs.sort()
    g = max([g] + [(b[0] - a[1]) / 1e9 for a, b in zip(rs, rs[1:])])
print("%.3f" % g)
PY
}
crun() {
	local tag=$1
	shift
	AWS_CONFIG_FILE=$tmp/config AWS_PROFILE=p "$@" "$collect" run --endpoint "$endpoint" \
		--bucket "$bucket" --path-style --op put --size 4KiB --concurrency 2 -o "$tmp/$tag" \
		--duration "$DUR" >"$tmp/$tag.out" 2>&1
}

# 1. a slow refresh, off the workers
profile 20 3
DUR=14s crun slow env
check $? "a 14-s run on 20-s keys from a slow credential_process: complete" "$(tail -n 3 "$tmp/slow.out")"
gap=$(gaps "$tmp/slow")
awk -v g="$gap" 'BEGIN { exit !(g < 1.0) }'
check $? "no worker waited for the 3-s refresh (longest pause between a worker's requests ${gap} s)"
fig=$(jq -c '.credentials | [.source, .refreshes, .failed, .log[0].ok, (.log[0].took_ms >= 2900),
	((.log[0].at | sub("\\.[0-9]+Z$"; "Z") | fromdate) - (.fetched | sub("\\.[0-9]+Z$"; "Z") | fromdate)),
	(.log[0].expires != null), (.expires != null)]' "$tmp/slow/run.json")
echo "    credentials: $fig"
python3 - "$fig" <<'PY'
import json, sys
f = json.loads(sys.argv[1])
ok = f[0] == "credential_process of profile p" and f[1] >= 1 and f[2] == 0 and f[3] is True \
    and f[4] is True and 8 <= f[5] <= 12 and f[6] and f[7]
sys.exit(0 if ok else 1)
PY
check $? "run.json credentials: the first fetch, a refresh about 10 s later that took 3 s, its source and expiry" \
	"$(jq -c .credentials "$tmp/slow/run.json")"
! grep -q "procsecret\|proctoken" "$tmp/slow/run.json" "$tmp/slow.out"
check $? "no key or token in run.json or the printout"

# 2. a refresh that hangs, stopped; the keys expire; the run fails as auth
profile 8 hang
DUR=20s crun hang env S3BENCH_CREDENTIAL_PROCESS_TIMEOUT=2
st=$?
fig=$(jq -c '[.status, .errors.class, .credentials.failed, (.credentials.log | map(.ok) | any)]' \
	"$tmp/hang/run.json" 2>/dev/null)
[ "$st" -ne 0 ] && [ "$fig" = '["failed","auth",'"$(jq .credentials.failed "$tmp/hang/run.json")"',false]' ] &&
	[ "$(jq .credentials.failed "$tmp/hang/run.json")" -ge 1 ]
check $? "keys that could not be refreshed: the run fails with class auth (exit $st, $fig)" \
	"$(jq -c '[.errors, .credentials]' "$tmp/hang/run.json")"
jq -r '.errors.first[]' "$tmp/hang/run.json" |
	grep -q "credentials (credential_process of profile p) expired at .*; the last refresh failed: credential_process of profile p: no answer within 2 s (the command was stopped)"
check $? "the reason: when they expired and why the last refresh failed" "$(jq -c .errors.first "$tmp/hang/run.json")"
elapsed=$(jq '.wrapper.elapsed_s' "$tmp/hang/run.json")
awk -v t="$elapsed" 'BEGIN { exit !(t < 18) }'
check $? "the run ended soon after the keys expired (${elapsed} s, not its 20-s duration)"
sleep 0.5
! pgrep -f "sleep 31" >/dev/null
check $? "the hung credential_process was stopped (no 'sleep 31' left)"

finish
