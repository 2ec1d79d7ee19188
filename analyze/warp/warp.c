/* analyze/warp/warp.c: see warp.h. */
#include "analyze/warp/warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_csv.h"
#include "analyze/warp/warp_json.h"

int warp_load_file(const char *path, struct warp_rt **out, struct err *e)
{
	int agg = warp_json_is_aggregate(path, e);

	*out = NULL;
	if (agg < 0)
		return -1;
	if (agg)
		return warp_json_read(path, out, e);
	return warp_csv_read(path, out, e);
}

int warp_load_file161(const char *path, struct warp_rt **out, struct err *e)
{
	int agg = warp_json_is_aggregate(path, e);

	*out = NULL;
	if (agg < 0)
		return -1;
	if (agg)
		return warp_json_read(path, out, e);
	return warp_csv_read_flags(path, WARP_CSV_NEGATIVE_FAILS, out, e);
}

int warp_load_merged(const char *const *files, int n,
		     void (*report_err)(const char *msg, void *arg), void *arg,
		     struct warp_rt **out, int *n_failed, struct err *e)
{
	struct warp_rt *all = warp_rt_new(), *one = NULL;
	int i;

	*out = NULL;
	*n_failed = 0;
	if (all == NULL)
		return err_set(e, "warp: out of memory");
	for (i = 0; i < n; i++) {
		struct err fe;

		if (warp_load_file(files[i], &one, &fe) < 0) {
			(*n_failed)++;
			if (report_err)
				report_err(fe.msg, arg);
			continue;
		}
		if (warp_rt_merge(all, one, e) < 0) {
			warp_rt_free(one);
			warp_rt_free(all);
			return -1;
		}
		warp_rt_free(one);
		one = NULL;
	}
	*out = all;
	return 0;
}
