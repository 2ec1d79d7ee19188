/* analyze/warp/warpdir_cost.c: a Warp directory's bill at a price file's prices
 * (warpdir.h: warpdir_bill, warpdir_price). */
#include <stdio.h>
#include <string.h>

#include "analyze/read/strv.h"
#include "analyze/warp/warpdir.h"

void warpdir_bill(const struct runlog *l, struct bill_counts *out)
{
	const struct run_summary *s = &l->summary;

	memset(out, 0, sizeof(*out));
	if (strcmp(l->op, "get") == 0) {
		bill_count_op(out, BOP_GET_OBJECT, s->requests, 0, 0);
		out->bytes_out = s->bytes;
	} else if (strcmp(l->op, "head") == 0) {
		bill_count_op(out, BOP_HEAD_OBJECT, s->requests, 0, 0);
	} else if (strcmp(l->op, "delete") == 0) {
		bill_count_op(out, BOP_DELETE_OBJECTS, s->requests, 0, 0);
	} else if (strcmp(l->op, "list") == 0) {
		bill_count_op(out, BOP_LIST_OBJECTS_V2, s->requests, 0, 0);
	} else {
		bill_count_op(out, BOP_PUT_OBJECT, s->requests, 0, 0);
		if (strcmp(l->op, "put") == 0) {
			out->bytes_in = s->bytes;
			out->objects = s->requests -
				       (s->errors < s->requests ? s->errors : s->requests);
			out->object_bytes = s->bytes;
			/* Warp deletes what it wrote when the run ends, unlogged: at once */
			out->deleted = out->objects;
			out->deleted_bytes = out->object_bytes;
		}
	}
}

/* subject_of: the map subject with id `id`, or NULL. */
static const struct warpdir_subject *subject_of(const struct warpdir_map *map, const char *id)
{
	for (size_t i = 0; map != NULL && i < map->n_subjects; i++)
		if (strcmp(map->subjects[i].id, id) == 0)
			return &map->subjects[i];
	return NULL;
}

/* noted: whether subject id already has its "no price section" note (seen[0..n)). */
static int noted(char ***seen, size_t *n, const char *id, int *nomem)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*seen)[i], id) == 0)
			return 1;
	*nomem |= strv_push(seen, n, id) < 0;
	return 0;
}

int warpdir_price(struct warpdir_result *r, const struct warpdir_map *map,
		  const struct pricefile *pf, const char *section, struct err *e)
{
	char **seen = NULL, note[1024];
	size_t n_seen = 0;
	int nomem = 0, rc = -1;

	for (size_t i = 0; i < r->n_logs; i++) {
		struct runlog *l = &r->logs[i];
		const struct warpdir_subject *s = subject_of(map, l->subject);
		const char *sec = section ? section : s && s->prices ? s->prices : l->subject;

		if (!pricefile_has(pf, sec)) {
			if (sec != l->subject) {
				err_set(e, "--prices %s: no section [%s] (%s)", pf->path, sec,
					section ? "named after the colon"
						: "named by the map's prices key");
				goto done;
			}
			if (noted(&seen, &n_seen, l->subject, &nomem))
				continue;
			snprintf(note, sizeof(note),
				 "subject %s: no section [%s] in the price file %s (name one with "
				 "the map's prices = SECTION): its runs are not priced",
				 l->subject, sec, pf->path);
			nomem |= strv_push(&r->notes, &r->n_notes, note) < 0;
			continue;
		}
		pricefile_prices(pf, sec, &l->prices);
		warpdir_bill(l, &l->bill);
		l->has_prices = l->has_billing = 1;
		l->bill_logged_only = 1;
	}
	rc = nomem ? err_set(e, "--prices: out of memory") : 0;
done:
	strv_free(seen, n_seen);
	return rc;
}
