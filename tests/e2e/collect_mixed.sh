#!/usr/bin/env bash
# tests/e2e/collect_mixed.sh: the issue-13 workloads through `collect run` against radosgw
# (RGW_* from tests/run; without it the cases skip): a mixed run with a size distribution
# completes without errors, its rows carry GET, PUT, STAT and DELETE, each key one size, and
# its run.json summary has by_op for the four ops (shares adding up to 1); a ranged get's
# rows count the range's bytes. The engine's statistics (shares, size distributions over
# thousands of requests, 416s) are tests/live/live_wl.c's.
. "$(dirname "$0")/collect_lib.sh"

if [ -z "${RGW_S3_ENDPOINT:-}" ]; then
	skip 6 "radosgw not started (no RGW_S3_ENDPOINT)"
	finish
fi
if ! "$collect" run --help 2>&1 | grep -q -- "--mix"; then
	skip 6 "this collect has no --mix (collect run's issue-13 options not built in)"
	finish
fi
export AWS_ACCESS_KEY_ID=$RGW_AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$RGW_AWS_SECRET_ACCESS_KEY

# ops_py OUT CODE: python over the rows of OUT/ops.tsv.zst (rows: a list of dicts)
ops_py() {
	zstdcat "$1/ops.tsv.zst" | python3 -c "import csv, sys
rows = list(csv.DictReader(sys.stdin, delimiter='\t'))
$2"
}

"$collect" run --endpoint "$RGW_S3_ENDPOINT" --bucket e2e-mixed --path-style --op mixed \
	--mix get:45,put:15,head:30,delete:10 --size random:1KiB..64KiB --seed 7 \
	--concurrency 4 --count 150 --objects 40 -o "$work/mixed" >"$work/mixed.txt" 2>&1
check $? "mixed run: $(tail -n 1 "$work/mixed.txt")"
[ "$(run_json "$work/mixed" "j['status'], j['summary']['requests'], j['summary']['errors']")" = \
	"complete 600 0" ]
check $? "run.json: complete, 600 requests, no error"
[ "$(run_json "$work/mixed" "sorted(j['summary']['by_op']), round(sum(v['share'] for v in j['summary']['by_op'].values()), 9)")" = \
	"['DELETE', 'GET', 'PUT', 'STAT'] 1.0" ]
check $? "run.json summary.by_op: the four ops, shares adding up to 1"
ops_py "$work/mixed" "
ops = sorted(set(r['op'] for r in rows))
size = {}
same = all(size.setdefault(r['file'], r['bytes']) == r['bytes'] for r in rows if r['op'] in ('GET', 'PUT'))
print(ops, len(rows), same, len(set(size.values())) > 10)" >"$work/mixed.rows"
[ "$(cat "$work/mixed.rows")" = "['DELETE', 'GET', 'PUT', 'STAT'] 600 True True" ]
check $? "rows: GET PUT STAT DELETE, one size per key, many sizes: $(cat "$work/mixed.rows")"

"$collect" run --endpoint "$RGW_S3_ENDPOINT" --bucket e2e-mixed --path-style --op get \
	--size 256KiB --range random:4KiB --concurrency 2 --count 50 --objects 10 \
	-o "$work/range" >"$work/range.txt" 2>&1
check $? "ranged get: $(tail -n 1 "$work/range.txt")"
[ "$(ops_py "$work/range" "print(len(rows), sorted(set(r['bytes'] for r in rows)), sum(r['error'] != '' for r in rows))")" = \
	"100 ['4096'] 0" ]
check $? "ranged get rows: 100 gets of 4096 bytes each, no error"
finish
