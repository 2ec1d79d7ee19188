/* collect/run/cli.c: see cli.h: the usage text and the option parsing the subcommands share. */
#include "collect/run/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/units.h"

const char cli_usage_text[] =
	"usage: collect CAMPAIGN.ini [-o DIR] [--only SUBJECT,...] [--cycles N | --cycle N]\n"
	"               [--resume] [--dry-run] [--assume MIB_S] [--estimate-from DATA_DIR]\n"
	"               [--insecure] [--ca-bundle PEM]\n"
	"       collect run [--endpoint URL] --bucket NAME [--region R] [--path-style] [--insecure]\n"
	"               [--ca-bundle PEM] --op OP --size SIZE --concurrency N\n"
	"               (--duration D | --count N | --until-done)\n"
	"               [--objects N] [--batch N] [--part-size SIZE] [--mix MIX] [--range R]\n"
	"               [--rate N/s] [--seed N] [--retries N] [--timeout D] [--keep] [--checksum ALG]\n"
	"               [--payload MODE] [--reads random|once] [--http 1.1|2]\n"
	"               [--http2-shared yes|no] [--keepalive yes|no] [--addresses first|spread]\n"
	"               [--buckets N] [--prefixes N] [--client-nic RATE] [--client-shares-cpu] -o DIR\n"
	"               [--duration auto [--min-duration D] [--max-duration D]] -o DIR\n"
	"       collect probe [--endpoint URL] --bucket NAME [--region R] [--path-style]\n"
	"               [--insecure] [--ca-bundle PEM] [--features LIST] [--kms-key ID]\n"
	"               [--id NAME] [-o DIR]\n"
	"       collect clean DIR | CAMPAIGN.ini [-o DIR]\n"
	"       collect status DIR\n"
	"\n"
	"Measures S3 endpoints and writes raw run logs (docs/FORMATS.md).\n"
	"\n"
	"Campaign mode runs every cycle of the campaign's [matrix] (ops x sizes x concurrency\n"
	"[x rate] for each subject) and its one-off [list] [head] [delete] [multipart] [rate]\n"
	"benchmarks (in the first cycle, under runs/once/). Keys of the campaign file:\n"
	"docs/CAMPAIGN.md.\n"
	"  -o, --output DIR     output directory (default: out/CAMPAIGN_NAME); gets campaign.ini,\n"
	"                       plan.tsv and runs/cycle-NN/SUBJECT/OP-SIZE-cCONC[-rRATE]/\n"
	"                       {run.json,ops.tsv.zst}\n"
	"      --only LIST      only these subjects (comma-separated ids)\n"
	"      --cycles N       run cycles 1..N instead of the campaign's number\n"
	"      --cycle N        run only cycle N (one cycle a day from a scheduler)\n"
	"      --resume         skip the runs already recorded in DIR; redo incomplete and\n"
	"                       interrupted ones (without it, DIR must not hold runs of the plan)\n"
	"      --dry-run        print the run plan, the expected time, the estimated bill and\n"
	"                       its bound, max_cost's check (per subject and in total, at the\n"
	"                       campaign's prices); measure nothing but the endpoints' round trip\n"
	"                       (TCP connects, no request)\n"
	"      --assume MIB_S   the throughput the estimate assumes for duration-bounded runs\n"
	"                       (else each subject's expect_mib_s; else --estimate-from; else\n"
	"                       they are unbounded); max_cost checks the bound instead: bytes at\n"
	"                       the client NIC's speed (client_nic, S3BENCH_CLIENT_NIC, sysfs),\n"
	"                       a request per worker per half round trip\n"
	"      --estimate-from DATA_DIR  the obj/s an earlier campaign's complete runs reached,\n"
	"                       per subject, op and size, for the estimate's duration-bounded runs\n"
	"      --insecure       do not verify TLS certificates (every subject)\n"
	"      --ca-bundle PEM  trust the CAs in PEM for every subject without its own ca_bundle\n"
	"                       key (default: AWS_CA_BUNDLE, else the system's CAs)\n"
	"\n"
	"Probe mode (collect probe) sends a small fixed set of requests to one endpoint and\n"
	"prints, per feature, what it did: supported, refused (the HTTP status and S3 error\n"
	"code) or wrong (an answer the S3 API reference does not allow, with the one due);\n"
	"untested when no verdict was possible (docs/METHODOLOGY.md, \"Conformance probe\").\n"
	"Features: conditional-put, conditional-delete, checksum-crc32, checksum-crc32c,\n"
	"checksum-crc64nvme, checksum-sha1, checksum-sha256, versioning, tagging, sse-s3,\n"
	"sse-c, sse-kms, path-style, virtual-hosted, http2, tls1.2, tls1.3. Keys go under\n"
	"s3bench-probe/NAME/ in the bucket (created when missing, then removed; what a killed\n"
	"probe left there deleted first) and are deleted afterwards; every request is billed.\n"
	"Endpoint, region and credentials as for run mode; exit status 1 when the probe could\n"
	"not run or stopped early (no bucket, no answer within 10 s).\n"
	"      --features LIST  only these features (comma-separated; default all)\n"
	"      --kms-key ID     the key id sse-kms sends (default none: the provider's key)\n"
	"      --id NAME        the subject's name in the printout and probe.json (probe)\n"
	"      -o DIR           also write DIR/probe.json (docs/FORMATS.md)\n"
	"\n"
	"Status (collect status DIR) prints how far the campaign in DIR is, from its files alone\n"
	"(plan.tsv, each run's run.json or state file, campaign.ini's max_cost), without its\n"
	"lock: while a collector works there or after one stopped. One line each: campaign,\n"
	"collector (running with its pid, or not), runs (done of total, complete, failed,\n"
	"interrupted, unfinished, not started), current (the unfinished run changed last and its\n"
	"phase), elapsed (since the first run began; time in runs), eta (the plan's measured time\n"
	"of the runs left, times the seconds the complete runs took per planned second),\n"
	"failures (failed runs per class), spend (each subject's bill so far at the prices in its\n"
	"runs' run.json, against its max_cost). Exit status 0, or 2 when DIR holds no plan.tsv.\n"
	"\n"
	"Run mode measures one run. Credentials come as for the AWS CLI v2: AWS_ACCESS_KEY_ID /\n"
	"AWS_SECRET_ACCESS_KEY [/ AWS_SESSION_TOKEN], else the profile named by AWS_PROFILE (or\n"
	"default) in ~/.aws/credentials and ~/.aws/config (role_arn + source_profile,\n"
	"credential_process; SSO profiles are not supported), else the EC2 instance's role\n"
	"(IMDSv2; AWS_EC2_METADATA_DISABLED=true turns it off); keys that expire are fetched\n"
	"again during the run. Writes DIR/run.json and DIR/ops.tsv.zst\n"
	"and prints the run's summary. Before it starts, what an earlier run in DIR killed before its\n"
	"cleanup left in its bucket is deleted.\n"
	"      --endpoint URL   http(s)://host[:port] (default: AWS_ENDPOINT_URL_S3, else\n"
	"                       AWS_ENDPOINT_URL, else the profile's services s3 endpoint_url,\n"
	"                       else its endpoint_url, as the AWS CLI v2)\n"
	"      --bucket NAME    the bucket (created when missing)\n"
	"      --region R       signing region (default: AWS_REGION, else AWS_DEFAULT_REGION,\n"
	"                       else the profile's region, else us-east-1)\n"
	"      --path-style     path-style URLs (default: virtual-hosted for *.amazonaws.com,\n"
	"                       path style for every other endpoint)\n"
	"      --insecure       do not verify the TLS certificate\n"
	"      --ca-bundle PEM  trust the CAs in PEM (default: AWS_CA_BUNDLE, else the system's);\n"
	"                       over HTTPS a bucket whose name holds a dot is addressed path-style\n"
	"      --op OP          put, get, head, list, delete, multipart, the sequential\n"
	"                       micro-operations create-bucket, put-empty, get-small, or mixed\n"
	"                       (each request's op drawn from --mix)\n"
	"      --size SIZE      object size: 123, 4KiB, 5MiB, 1GB ...; for put, get and mixed\n"
	"                       also random:MIN..MAX (log-uniform) or dist:SIZE:W,SIZE:W,...\n"
	"                       (weighted, at most 16 sizes)\n"
	"      --mix MIX        mixed: op weights, get:45,put:15,head:30,delete:10 (the default)\n"
	"      --range R        get: read bytes A..B-1 (A..B, e.g. 0..64KiB) or LEN bytes at a\n"
	"                       random offset (random:LEN); inside the smallest object\n"
	"      --rate N/s       open loop: offer N requests a second (put, get, head, mixed;\n"
	"                       needs --duration; at most 100000/s); workers start at one a\n"
	"                       thread and grow when a request is due and none is free (rate x\n"
	"                       latency), --concurrency being the cap (default max(256, N x 1 s));\n"
	"                       S3BENCH_REALTIME=PRIO runs its threads at SCHED_FIFO PRIO (1-99,\n"
	"                       root or CAP_SYS_NICE) so a busy machine does not delay its sends\n"
	"      --seed N         seed of the op / size / offset draws (default: time-based)\n"
	"      --client-nic RATE  this client's NIC speed (10Gbit, 100Mbit) for the client-limit\n"
	"                       verdict, where /sys/class/net does not tell it (VMs, veth, a\n"
	"                       shaped link); the campaign key client_nic. A client's own\n"
	"                       S3BENCH_CLIENT_NIC=RATE wins over both (under mpirun or srun\n"
	"                       each rank reads its own)\n"
	"      --client-shares-cpu  the endpoint runs on this machine though its address is\n"
	"                       not local (a lab namespace); the key client_shares_cpu\n"
	"      --duration auto  stop when the throughput is steady (the last 10 1-s segments\n"
	"                       within +-5 % of their mean, no significant slope), between\n"
	"      --min-duration D and --max-duration D (defaults 20s, 5m)\n"
	"      --retries N      retry a request failed with 503, 500, 429, a reset or a\n"
	"                       timeout up to N times (0-10, default 0), with exponential\n"
	"                       backoff and full jitter as the AWS SDKs; every attempt logged\n"
	"                       (prepare and cleanup retry the same failures, same backoff,\n"
	"                       whatever N: 6 attempts, 8 for a prepare PUT)\n"
	"      --checksum ALG   none (default), crc32, crc32c, crc64nvme, sha1, sha256, md5: sent\n"
	"                       with each PUT and part; a get asks for it back and verifies it\n"
	"      --payload MODE   unsigned (UNSIGNED-PAYLOAD, default), signed (the body's SHA-256),\n"
	"                       streaming (aws-chunked, each chunk signed), streaming-unsigned\n"
	"                       (aws-chunked, the checksum in a trailer), streaming-trailer\n"
	"                       (chunks signed, the checksum in a signed trailer)\n"
	"      --reads R        get, mixed: random (default) prepared objects, or each one once\n"
	"      --http V         1.1 (default) or 2 (HTTP/2 over TLS where offered)\n"
	"      --http2-shared B yes: every worker on one HTTP/2 connection (default no)\n"
	"      --keepalive B    no: a new connection for every request (default yes)\n"
	"      --addresses A    first (default) or spread: workers over every address of the\n"
	"                       endpoint's name\n"
	"      --buckets N      spread the objects over N buckets, 1..1000: NAME, NAME-1 ...\n"
	"                       NAME-(N-1) (object m in bucket m mod N); with N > 1 the buckets\n"
	"                       the run creates are removed again, others emptied and kept\n"
	"      --prefixes N     spread the keys over N prefixes, 1..1000: p000/ ... at the start\n"
	"                       of each key (object m under (m / buckets) mod N)\n"
	"      --concurrency N  workers, 1..1024 (the same limits as a campaign's keys); with\n"
	"                       --rate, the cap on the workers\n"
	"      --duration D     measure for D (30s, 5m, 1h30m), or\n"
	"      --count N        N requests per worker, or\n"
	"      --until-done     until every prepared object is handled (delete)\n"
	"      --objects N      objects to prepare (get, head, list, delete, mixed; default 100)\n"
	"      --batch N        keys per multi-object delete, 1..1000 (default 1: one DELETE\n"
	"                       per object)\n"
	"      --part-size SIZE multipart part size, 5MiB..5GiB (default 5MiB); at most 10000\n"
	"                       parts, size larger than one part\n"
	"      --timeout D      wall-clock limit of the run (default: 2 x duration + 60s, or 30m)\n"
	"      --keep           leave the objects in the bucket\n"
	"  -o, --output DIR     the run's directory\n"
	"\n"
	"  -h, --help           this text\n"
	"      --version        version, source commit and library versions\n"
	"\n"
	"Clean mode deletes what killed runs left in their buckets (collect clean --help).\n"
	"\n"
	"Under mpirun or srun (mpirun -np 4 --hostfile hosts bin/collect ...) every MPI rank is one\n"
	"client with --concurrency / concurrency workers of its own: rank 0 parses, prepares and\n"
	"cleans up once, all start each run together, and rank 0 writes every file, the clients'\n"
	"rows merged (docs/DISTRIBUTED.md). Credentials come from each host's own environment.\n"
	"\n"
	"Exit status: 0 every run complete; 1 some runs failed (each is recorded in its run.json);\n"
	"2 usage or campaign error; 3 the output directory is locked by another collector;\n"
	"130 stopped by SIGINT/SIGTERM (the current run recorded as interrupted; --resume goes on).\n";

int cli_usage_error(const char *msg)
{
	fprintf(stderr, "collect: %s\n(collect --help lists every option)\n", msg);
	return EXITCODE_USAGE;
}

int cli_parse_int(const char *opt, const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < min || v > max) {
		fprintf(stderr, "collect: %s: '%s' is not a whole number from %ld to %ld\n", opt, s,
			min, max);
		return -1;
	}
	*out = v;
	return 0;
}

int cli_parse_duration(const char *opt, const char *s, double *out)
{
	struct err e;

	if (units_parse_duration(s, out, &e) < 0) {
		fprintf(stderr, "collect: %s: %s\n", opt, e.msg);
		return -1;
	}
	if (!(*out > 0)) {
		fprintf(stderr, "collect: %s: '%s' is not a positive duration\n", opt, s);
		return -1;
	}
	return 0;
}
