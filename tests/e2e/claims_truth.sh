#!/usr/bin/env bash
# tests/e2e/claims_truth.sh: the claims analyze makes, checked against known truth (issue 33;
# docs/METHODOLOGY.md "Claims"). For every scenario of tests/tools/gen_truth (a synthetic
# campaign built so that its truth is known: a clear lead (and the clear lowest tails), a tie,
# a lead the data could not tell (unresolved, worded apart from a tie), a runner-up or a
# leader limited by its client's CPU, a NIC cap, a rate step the client sent late, a throttle
# at a known rate retried once (its attempts' and requests' throttled shares apart), a worker
# cap, a 5 % share of 503s, a subject that signed differently and the cheapest prices (and the
# most throughput per cost), one subject far more consistent than the other, a single cycle,
# 70 cells with request phases (more than "Where the time goes" shows), three clients of which
# one subject's were not balanced, a subject that sent no SSE-C because its probe found it
# refused, faster than the two that did, with prices, workloads (a size distribution, a mixed
# run: per-op tables) and a rate sweep): gen_truth writes the runs and truth.json, analyze the
# results, render the report (English; Korean too for the blocked lead, the late sends, the
# NIC cap, the clear lead, the many groups, the unresolved lead, the client-limited highest
# figure, the cost ranks, the client imbalance, the feature gap and the throttle), and
# tests/tools/claims_check.py compares aggregate.json's claims[] and the rendered reports (the
# HTML's claims block, marks and words, the PDF's embedded claims.json and text) with the truth
# (a missing or contradicting claim fails it); the sample campaign's claims and report with
# what holds of every analysis.
# Then the checker is shown to fail where it must: a truth that says otherwise, a claim taken
# out, a blocked lead or tail lead called clear, a client-limited highest figure called found, a
# tail leader without its claim, an id repeated; and in a report: a blocked lead painted clear,
# a tail leader's mark without its claim, a late send worded as the server's "no", an
# unresolved lead worded with a tie's words (its finding, its verdict), a client-limited
# highest figure worded as found, an imbalance or a throughput-per-cost finding without its
# claim, a sweep's throttled shares of attempts and of requests swapped, a mark of no claim, a
# client-limited latency row without its claim, a client-limit mark on another subject's row, a
# per-cycle chart without its mark, a CDF chart carrying another category's claim, a forest plot
# without its lead claim, a "Where the time goes" row of another concurrency, its groups past 64
# left out without saying so, a flagged subject's throughput figure, chart series, lead verdict,
# sustained rate, per-op row or hedging row without its mark, its bill marked without its claim,
# a violated sweep point's † dropped (the hedging table from what-ifs, and violated
# conditional-write claims of a workload cell and a sweep point, added to the feature-gap
# results: gen_truth writes no ops logs). No server; about a minute.
. "$(dirname "$0")/lib.sh"
analyze=${ANALYZE:-$top/bin/analyze}
render=${RENDER:-$top/bin/render}
gen=${GEN_TRUTH:-$top/build/tests/gen_truth}
checker=$top/tests/tools/claims_check.py

scenarios=$("$gen" --list)
check $? "gen_truth --list ($(echo $scenarios | wc -w) scenarios)"
for s in $scenarios; do
	d=$tmp/$s
	if ! "$gen" "$s" "$d" >"$d.gen" 2>&1; then
		bad "$s: gen_truth ($(tail -n 1 "$d.gen"))"
		continue
	fi
	if ! "$analyze" "$d" -o "$d/results" >"$d.an" 2>&1; then
		bad "$s: analyze ($(tail -n 2 "$d.an"))"
		continue
	fi
	reports="--report $d/report"
	"$render" "$d/results" -o "$d/report" >"$d.ren" 2>&1 || bad "$s: render ($(tail -n 1 "$d.ren"))"
	case $s in blocked-cpu | late-sends | nic-cap | clear | many-groups | unresolved | leader-cpu | subjects | clients | feature-gap | throttle)
		"$render" "$d/results" -o "$d/report-ko" --lang ko >>"$d.ren" 2>&1 ||
			bad "$s: render --lang ko ($(tail -n 1 "$d.ren"))"
		reports="$reports --report $d/report-ko"
		;;
	esac
	# shellcheck disable=SC2086 # $reports: the --report options, split on purpose
	python3 "$checker" "$d/results/aggregate.json" "$d/truth.json" $reports >"$d.chk" 2>&1
	st=$?
	[ "$st" -eq 0 ] || grep '^FAIL' "$d.chk"
	check "$st" "$s: the claims agree with the truth ($(tail -n 1 "$d.chk"))"
done

# a real campaign (data/sample, two servers measured): no truth but what holds of every
# analysis (unique ids, known subjects, no lead that leaders[] says is not clear called clear)
"$analyze" "$top/data/sample" -o "$tmp/sample" >"$tmp/sample.an" 2>&1 &&
	echo '{"expect": {}, "absent": []}' >"$tmp/none.json" &&
	"$render" "$tmp/sample" -o "$tmp/sample-report" >"$tmp/sample.ren" 2>&1 &&
	python3 "$checker" "$tmp/sample/aggregate.json" "$tmp/none.json" \
		--report "$tmp/sample-report" >"$tmp/sample.chk" 2>&1
check $? "data/sample: the claims and the report hold together ($(tail -n 1 "$tmp/sample.chk"))"

# fail_case NAME SCENARIO PY: the checker on SCENARIO's results after PY (Python, given
# agg and truth as dicts) changed them must fail, naming what PY broke (the last argument:
# a word its FAIL line must carry)
fail_case() {
	local name=$1 s=$2 py=$3 word=$4
	python3 - "$tmp/$s" "$tmp/mut-$s" "$py" <<'PY'
import json, os, sys
src, dst, code = sys.argv[1:4]
os.makedirs(dst, exist_ok=True)
agg = json.load(open(src + "/results/aggregate.json"))
truth = json.load(open(src + "/truth.json"))
exec(code)
json.dump(agg, open(dst + "/aggregate.json", "w"))
json.dump(truth, open(dst + "/truth.json", "w"))
PY
	python3 "$checker" "$tmp/mut-$s/aggregate.json" "$tmp/mut-$s/truth.json" >"$tmp/mut.chk" 2>&1
	[ $? -eq 1 ] && grep '^FAIL' "$tmp/mut.chk" | grep -q -- "$word"
	check $? "the checker fails on $name ($(grep -m 1 '^FAIL' "$tmp/mut.chk"))"
}
fail_case "a truth that contradicts the claim" clear \
	'truth["expect"]["lead/get/1048576/c1"]["verdict"] = "tie"' "truth tie"
fail_case "an expected claim missing" late-sends \
	'agg["claims"] = [c for c in agg["claims"] if c["id"] != "rate-step/get/4096/c64/near/r400"]' \
	"missing"
fail_case "a late send blamed on the server" late-sends \
	'[c.update(verdict="not-sustained", reasons=["latency"]) for c in agg["claims"] if c["id"].endswith("/r400")]' \
	"verdict not-sustained"
fail_case "a blocked lead called clear" blocked-cpu \
	'[c.update(verdict="clear") for c in agg["claims"] if c["kind"] == "lead"]' \
	"leaders\[\] says not clear"
fail_case "a client-limited highest figure called found" leader-cpu \
	'[c.update(verdict="found", reasons=[]) for c in agg["claims"] if c["id"] == "highest/get"]' \
	"highest/get: found (verdict found"
fail_case "a tail leader without its claim" clear \
	'agg["claims"] = [c for c in agg["claims"] if c["kind"] != "tail-lead"]' \
	"the tail leader.s claim"
fail_case "a blocked tail lead called clear" blocked-cpu \
	'[c.update(verdict="clear", reasons=[]) for c in agg["claims"] if c["kind"] == "tail-lead"]' \
	"tail leader.s claim (tail_leaders\[\]: clear"
fail_case "a repeated id" subjects 'agg["claims"].append(agg["claims"][0])' "repeated"
fail_case "a claim the truth says no claim may be" errors-503 \
	'agg["claims"].append(dict(agg["claims"][0], id="errors/put/1048576/c4/far"))' \
	"no claim errors/put/1048576/c4/far"
# fail_report NAME SCENARIO PY WORD: the same for SCENARIO's English report after PY (Python,
# given html, the report's text) changed it
fail_report() {
	local name=$1 s=$2 py=$3 word=$4
	rm -rf "$tmp/mutrep-$s" && cp -r "$tmp/$s/report" "$tmp/mutrep-$s" && rm -f "$tmp/mutrep-$s/report.pdf"
	python3 - "$tmp/mutrep-$s/report.html" "$py" <<'PY'
import re, sys
path, code = sys.argv[1:3]
html = open(path, encoding="utf-8").read()
exec(code)
open(path, "w", encoding="utf-8").write(html)
PY
	python3 "$checker" "$tmp/$s/results/aggregate.json" "$tmp/$s/truth.json" \
		--report "$tmp/mutrep-$s" >"$tmp/mutrep.chk" 2>&1
	[ $? -eq 1 ] && grep '^FAIL' "$tmp/mutrep.chk" | grep -q -- "$word"
	check $? "the checker fails on $name ($(grep -m 1 '^FAIL' "$tmp/mutrep.chk"))"
}
fail_report "a blocked lead painted clear in the report" blocked-cpu \
	'html = html.replace("class=\"num\" data-claim=\"lead/get/1048576/c4\"", "class=\"num lead\" data-claim=\"lead/get/1048576/c4\"")' \
	"marks 1 leaders"
fail_report "a late send worded as the server's no" late-sends \
	'html = re.sub(r"(data-claim=\"rate-step/get/4096/c64/near/r400\">)[^<]*", r"\1no", html)' \
	"not worded as the server"
fail_report "an unresolved lead worded as a tie (its finding)" unresolved \
	'html = re.sub(r"(<li data-claim=\"lead/get/1048576/c4\">)[^<]*", r"\1No clear GET leader in 1 of 1 configurations (differences within noise).", html)' \
	"finding of lead/get/1048576/c4 words its unresolved"
fail_report "an unresolved lead worded as a tie (its verdict)" unresolved \
	'html = re.sub(r"(data-claim=\"lead/get/1048576/c4\">)[^<]*unresolved[^<]*", r"\1GET: no clear leader, near tied with far", html)' \
	"every verdict worded by its claim"
fail_report "a tail-lead mark without its claim" clear \
	'html = html.replace(" data-claim=\"tail-lead/get/1048576/c1/p99\" data-lead=\"clear\"", "")' \
	"mark carries its tail-lead claim"
fail_report "a client-limited highest figure worded as found" leader-cpu \
	'html = re.sub(r"(<li data-claim=\"highest/get\">[^<]*?workers\)); its client[^<]*", r"\1.", html)' \
	"highest/get (client-limited) worded by its finding"
fail_report "an imbalance finding without its claim" clients \
	'html = html.replace("<li data-claim=\"client-balance/get/1048576/c4/near\">", "<li>")' \
	"c4/near (imbalanced) worded by its finding: none"
fail_report "the most throughput per cost named without its claim" subjects \
	'html = html.replace("<li data-claim=\"rank/tput-per-cost\">", "<li>")' \
	"rank/tput-per-cost (ranked) worded by its finding: none"
fail_report "a sweep's throttled shares of attempts and requests swapped" throttle \
	'html = html.replace("% of attempts<", "% of XX<").replace("% of requests<", "% of attempts<").replace("% of XX<", "% of requests<")' \
	"t-rate-0 at 400: col.throttled_pct 6.55"
fail_report "a mark of no claim" clear \
	'html = html.replace("data-claim=\"lead/get/1048576/c1\"", "data-claim=\"lead/get/1048576/c9\"", 1)' \
	"every data-claim"
# the marks of the cells' tables and the charts (each claim marked where it shows, and only there)
fail_report "a client-limited row of the latency table without its claim" blocked-cpu \
	'html = html.replace(" class=\"subj\" data-claim=\"client-limit/get/1048576/c4/far\"", " class=\"subj\"", 1)' \
	"not t-lat-get"
fail_report "a client-limit mark on another subject's row" blocked-cpu \
	'head, tail = html.split("id=\"t-lat-get\"", 1); html = head + "id=\"t-lat-get\"" + re.sub(r"(<th scope=\"row\" class=\"subj\")(><span class=\"sw\" style=\"[^\"]*\"></span>near)</th>", lambda m: m.group(1) + " data-claim=\"client-limit/get/1048576/c4/far\"" + m.group(2) + " &#8225;</th>", tail, count=1)' \
	"row near carries client-limit"
fail_report "a per-cycle chart without its client-limit mark" blocked-cpu \
	'html = re.sub(r"<svg[^>]*data-about=\"cycles/.*?</svg>", lambda m: re.sub(r" data-claim=\"[^\"]*\"", "", m.group(0)), html, flags=re.S)' \
	"cycles/get/1048576/c4"
fail_report "a CDF chart marking another category's claim" blocked-cpu \
	'html = html.replace("data-about=\"cdf/get/1048576/c4\"", "data-about=\"cdf/get/1048576/c8\"", 1)' \
	"cdf/get/1048576/c8 carries"
fail_report "a forest plot without its lead claim" blocked-cpu \
	'html = html.replace("data-claim=\"lead/get/1048576/c4 client-limit", "data-claim=\"client-limit")' \
	"forest/get: lead/get/1048576/c4 not marked"
# a subject whose runs differed for a feature: its figures marked wherever they show
fail_report "a flagged subject's throughput figure unmarked" feature-gap \
	'html = re.sub(r"(data-claim=\"lead/get/1048576/c1 feature-gap/get/1048576/c1/gap\"[^>]*>[^<]*?) \u00a7", r"\1", html, count=1)' \
	"c1/gap: its throughput cell"
fail_report "a flagged subject's chart series unmarked" feature-gap \
	'html = re.sub(r"<svg[^>]*data-about=\"cdf/.*?</svg>", lambda m: m.group(0).replace(" \u00a7", ""), html, flags=re.S)' \
	"shown unmarked"
fail_report "a flagged leader's verdict without its mark" feature-gap \
	'html = re.sub(r"(data-claim=\"lead/get/1048576/c16\">[^<]*?); gap \u00a7[^<]*", r"\1", html)' \
	"does not mark gap"
fail_report "a flagged subject's sustained rate unmarked" feature-gap \
	'head, tail = html.split("id=\"t-sustained\"", 1); html = head + "id=\"t-sustained\"" + tail.replace(" \u00a7</th>", "</th>", 1)' \
	"t-sustained: a cell"
fail_report "a flagged subject's bill marked without its claim" feature-gap \
	'head, tail = html.split("id=\"t-cost-bill\"", 1); html = head + "id=\"t-cost-bill\"" + re.sub(r" data-claim=\"feature-gap/[^\"]*\"", "", tail, count=1)' \
	"t-cost-bill: a cell"
# the hedging table (analyze --hedge reads ops logs, which gen_truth does not write): the
# feature-gap results given what-ifs of near's and gap's GET 1 MiB c16 cells, rendered; gap's
# row marked, and the checker fails on it unmarked
python3 - "$tmp/feature-gap/results" "$top/tests/fixtures/results/tails.json" "$tmp/hedge" <<'PY'
import json, os, shutil, sys
src, fix, dst = sys.argv[1:4]
shutil.copytree(src, dst)
agg, h = json.load(open(src + "/aggregate.json")), json.load(open(fix))["hedge"][0]
agg["hedge"] = [dict(h, subject=s, size=1048576, concurrency=16) for s in ("near", "gap")]
json.dump(agg, open(dst + "/aggregate.json", "w"))
PY
"$render" "$tmp/hedge" -o "$tmp/hedge/report" --format html >"$tmp/hedge.ren" 2>&1 &&
	python3 "$checker" "$tmp/hedge/aggregate.json" "$tmp/feature-gap/truth.json" \
		--report "$tmp/hedge/report" >"$tmp/hedge.chk" 2>&1 &&
	grep -q 'data-claim="feature-gap/get/1048576/c16/gap"><span class="sw"[^>]*></span>gap §</th>' "$tmp/hedge/report/report.html"
check $? "the hedging table marks gap's row ($(tail -n 1 "$tmp/hedge.chk"))"
python3 - "$tmp/hedge/report/report.html" <<'PY'
import re, sys
html = open(sys.argv[1], encoding="utf-8").read()
head, tail = html.split('id="t-hedge"', 1)
tail = re.sub(r' data-claim="feature-gap/[^"]*"(><span[^>]*></span>gap) \u00a7', r"\1", tail, count=1)
open(sys.argv[1], "w", encoding="utf-8").write(head + 'id="t-hedge"' + tail)
PY
python3 "$checker" "$tmp/hedge/aggregate.json" "$tmp/feature-gap/truth.json" \
	--report "$tmp/hedge/report" >"$tmp/hedge.chk" 2>&1
[ $? -eq 1 ] && grep -q '^FAIL.*t-hedge: a row of gap not marked' "$tmp/hedge.chk"
check $? "the checker fails on gap's hedging row unmarked ($(grep -m 1 '^FAIL' "$tmp/hedge.chk" | cut -c1-160))"
# a mixed workload's per-op tables (feature-gap: near's and gap's mixed cells): rendered, gap's
# rows marked, and the checker fails on one unmarked
grep -q 'id="t-work-ops-[0-9]*"><caption>gap: ' "$tmp/feature-gap/report/report.html" &&
	grep -q 'id="t-work-ops-[0-9]*"><caption>near: ' "$tmp/feature-gap/report/report.html"
check $? "feature-gap: a per-op table of each mixed cell (t-work-ops-N of gap and of near)"
fail_report "a flagged subject's per-op row unmarked" feature-gap \
	'html = re.sub(r" data-claim=\"feature-gap/[^\"]*\">PUT \u00a7", ">PUT", html, count=1)' \
	"t-work-ops-[0-9]*: a row of gap not marked"
# a violated conditional-write cell that is a workload cell or a sweep point (gen_truth writes
# no ops logs to judge): the feature-gap results given violated correctness claims of near's
# mixed cell and of gap's 200 req/s point, rendered; their rows in t-workloads, t-sustained and
# t-rate-N carry them with the mark, and the checker fails on the sweep point's mark dropped
python3 - "$tmp/feature-gap/results" "$tmp/void" <<'PY'
import json, shutil, sys
src, dst = sys.argv[1:3]
shutil.copytree(src, dst)
agg = json.load(open(src + "/aggregate.json"))
for op, size, conc, sid, ext in (("mixed", 1048576, 4, "near", "mix"), ("get", 4096, 8, "gap", "r200")):
    agg["claims"].append({"id": "correctness/%s/%d/c%d/%s/%s" % (op, size, conc, sid, ext), "kind": "correctness",
                          "verdict": "violated", "op": op, "size": size, "concurrency": conc, "subject": sid,
                          "subjects": [], "reasons": [], "figures": {"rule": "one-winner", "keys": 2, "violations": 1,
                                                                      "example": "k0: 2 writers won"}})
json.dump(agg, open(dst + "/aggregate.json", "w"))
PY
"$render" "$tmp/void" -o "$tmp/void/report" --format html >"$tmp/void.ren" 2>&1 &&
	python3 "$checker" "$tmp/void/aggregate.json" "$tmp/feature-gap/truth.json" \
		--report "$tmp/void/report" >"$tmp/void.chk" 2>&1 &&
	grep -q 'data-claim="correctness/mixed/1048576/c4/near/mix"><span class="sw"[^>]*></span>near †</th><td>Mixed' "$tmp/void/report/report.html"
check $? "the violated workload cell and sweep point marked † ($(tail -n 1 "$tmp/void.chk"))"
python3 - "$tmp/void/report/report.html" <<'PY'
import re, sys
html = open(sys.argv[1], encoding="utf-8").read()
head, tail = html.split('id="t-rate-', 1)
tail = tail.replace(' correctness/get/4096/c8/gap/r200"', '"', 1).replace(" § †<", " §<", 1)
open(sys.argv[1], "w", encoding="utf-8").write(head + 'id="t-rate-' + tail)
PY
python3 "$checker" "$tmp/void/aggregate.json" "$tmp/feature-gap/truth.json" \
	--report "$tmp/void/report" >"$tmp/void.chk" 2>&1
[ $? -eq 1 ] && grep -q '^FAIL.*correctness/get/4096/c8/gap/r200: not marked † in its sweep' "$tmp/void.chk"
check $? "the checker fails on the sweep point's † dropped ($(grep -m 1 '^FAIL' "$tmp/void.chk" | cut -c1-160))"
# "Where the time goes" per concurrency, and its stated limit
fail_report "a time table row of another concurrency" clear \
	'head, tail = html.split("id=\"t-time\"", 1); html = head + "id=\"t-time\"" + tail.replace("time-share/get/1048576/c1/near", "time-share/get/1048576/c16/near", 1)' \
	"a row each in claims"
fail_report "time groups left out silently" many-groups \
	'html = re.sub(r"<p>The chart and the table show the first 64 [^<]*</p>", "", html)' \
	"leaves 6 time-share groups out"
finish
