/* collect/workload_field.c: the workload's fields as both front ends name them (the
 * campaign key, collect run's option) and the whole-number fields' ranges
 * (collect/workload.h). */
#include "collect/workload.h"

#include <errno.h>
#include <stdlib.h>

#include "core/runrec/runrec.h"

static const char *const keys[WLF_COUNT_] = {
	[WLF_RETRIES] = "retries",
	[WLF_OP] = "op",
	[WLF_SIZE] = "size",
	[WLF_CONCURRENCY] = "concurrency",
	[WLF_BOUND] = "bound",
	[WLF_DURATION] = "duration",
	[WLF_COUNT] = "count",
	[WLF_OBJECTS] = "objects",
	[WLF_BATCH] = "batch",
	[WLF_PART_SIZE] = "part_size",
	[WLF_TIMEOUT] = "timeout",
	[WLF_MIX] = "mix",
	[WLF_RANGE] = "range",
	[WLF_RATE] = "rate",
	[WLF_SEED] = "seed",
	[WLF_BUCKETS] = "buckets",
	[WLF_PREFIXES] = "prefixes",
	[WLF_CONNECT_TIMEOUT] = "connect_timeout",
	[WLF_READ_TIMEOUT] = "read_timeout",
	[WLF_REQUEST_TIMEOUT] = "request_timeout",
	[WLF_HEDGE] = "hedge",
	[WLF_PAGE_SIZE] = "page_size",
};

static const char *const options[WLF_COUNT_] = {
	[WLF_OP] = "--op",
	[WLF_SIZE] = "--size",
	[WLF_CONCURRENCY] = "--concurrency",
	[WLF_BOUND] = "--until-done",
	[WLF_DURATION] = "--duration",
	[WLF_COUNT] = "--count",
	[WLF_OBJECTS] = "--objects",
	[WLF_BATCH] = "--batch",
	[WLF_PART_SIZE] = "--part-size",
	[WLF_TIMEOUT] = "--timeout",
	[WLF_MIX] = "--mix",
	[WLF_RANGE] = "--range",
	[WLF_RATE] = "--rate",
	[WLF_SEED] = "--seed",
	[WLF_RETRIES] = "--retries",
	[WLF_CHECKSUM] = "--checksum",
	[WLF_PAYLOAD] = "--payload",
	[WLF_READS] = "--reads",
	[WLF_HTTP] = "--http",
	[WLF_HTTP2_SHARED] = "--http2-shared",
	[WLF_KEEPALIVE] = "--keepalive",
	[WLF_ADDRESSES] = "--addresses",
	[WLF_TLS_RESUME] = "--tls-resume",
	[WLF_DATA] = "--data",
	[WLF_SSE] = "--sse",
	[WLF_TAGS] = "--tags",
	[WLF_BUCKETS] = "--buckets",
	[WLF_PREFIXES] = "--prefixes",
	[WLF_CONNECT_TIMEOUT] = "--connect-timeout",
	[WLF_READ_TIMEOUT] = "--read-timeout",
	[WLF_REQUEST_TIMEOUT] = "--request-timeout",
	[WLF_HEDGE] = "--hedge",
	[WLF_PAGE_SIZE] = "--page-size",
};

/* the whole-number fields: their ranges and what a value of each is called */
static const struct {
	enum wl_field f;
	uint64_t min, max;
	const char *noun;
} numbers[] = {
	{WLF_CONCURRENCY, 1, WL_CONCURRENCY_MAX, "a concurrency"},
	{WLF_COUNT, 1, WL_COUNT_MAX, "a count"},
	{WLF_OBJECTS, 1, WL_OBJECTS_MAX, "a number of objects"},
	{WLF_BATCH, 1, WL_BATCH_MAX, "a batch"},
	{WLF_RETRIES, 0, WL_RETRIES_MAX, "a number of retries"},
	{WLF_BUCKETS, 1, WL_SPREAD_MAX, "a number of buckets"},
	{WLF_PREFIXES, 1, WL_SPREAD_MAX, "a number of prefixes"},
	{WLF_PAGE_SIZE, 1, WL_DEFAULT_PAGE_SIZE, "a page size"},
};

const char *workload_field_key(enum wl_field f)
{
	/* how requests are sent: the campaign keys are run.json's workload.send keys */
	if (f >= WLF_CHECKSUM && f <= WLF_SPELLED_LAST)
		return runrec_send_key((enum runrec_send_field)(f - WLF_CHECKSUM));
	return (unsigned)f < WLF_COUNT_ ? keys[f] : "";
}

const char *workload_field_option(enum wl_field f)
{
	return (unsigned)f < WLF_COUNT_ ? options[f] : "";
}

int workload_parse_number(enum wl_field f, const char *s, uint64_t *out, struct err *e)
{
	unsigned long long v;
	char *end;

	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
		if (numbers[i].f != f)
			continue;
		errno = 0;
		v = strtoull(s, &end, 10);
		if (errno || end == s || *end || s[0] == '-' || s[0] == '+' || v < numbers[i].min ||
		    v > numbers[i].max)
			return err_set(e, "'%s' is not %s from %llu to %llu", s, numbers[i].noun,
				       (unsigned long long)numbers[i].min,
				       (unsigned long long)numbers[i].max);
		*out = v;
		return 0;
	}
	return err_set(e, "'%s': %s is not a whole-number field", s, workload_field_key(f));
}

int workload_is_send_field(enum wl_field f)
{
	return f >= WLF_CHECKSUM && f <= WLF_SEND_LAST;
}
