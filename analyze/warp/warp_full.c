/* analyze/warp/warp_full.c: see warp_full.h. */
#include "analyze/warp/warp_full.h"

#include "analyze/warp/warp_json.h"

int warp_full_report(const char *path, FILE *out, FILE *progress, json_t *arr, struct err *e)
{
	int agg = warp_json_is_aggregate(path, e);

	(void)out;
	(void)progress;
	(void)arr;
	if (agg < 0)
		return -1;
	if (agg)
		return err_set(e,
			       "%s: --warp-full needs a per-request log (.csv.zst): an aggregated "
			       ".json.zst holds no requests to analyze (use --warp)",
			       path);
	return err_set(e, "%s: --warp-full: not done yet", path);
}
