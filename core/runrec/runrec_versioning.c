/* core/runrec/runrec_versioning.c: run.json's "versioning" record: what the run's buckets
 * kept of what it wrote and deleted (docs/FORMATS.md, "run.json"; core/runrec/runrec.h). */
#include <string.h>

#include "core/runrec/runrec.h"
#include "core/runrec/runrec_field.h"

#define V struct runrec_versioning

static const char *const statuses[] = {"enabled", "suspended", "off", "unknown"};

static json_t *lock_to(const void *rec)
{
	const V *v = rec;

	return v->object_lock < 0 ? json_null() : json_boolean(v->object_lock);
}

static int lock_from(const json_t *j, const char *path, void *rec, struct err *e)
{
	V *v = rec;

	if (!json_is_null(j) && !json_is_boolean(j))
		return err_set(e, "field %s: expected true, false or null", path);
	v->object_lock = json_is_null(j) ? -1 : json_is_true(j);
	return 0;
}

static json_t *retention_to(const void *rec)
{
	const V *v = rec;

	if (v->retention_mode[0] == '\0')
		return json_null();
	return json_pack("{s:s,s:I}", "mode", v->retention_mode, "days",
			 (json_int_t)v->retention_days);
}

static int retention_from(const json_t *j, const char *path, void *rec, struct err *e)
{
	V *v = rec;
	const char *mode = json_string_value(json_object_get(j, "mode"));
	const json_t *days = json_object_get(j, "days");

	if (json_is_null(j))
		return 0;
	if (mode == NULL || mode[0] == '\0' || strlen(mode) >= sizeof(v->retention_mode) ||
	    !json_is_integer(days) || json_integer_value(days) < 0)
		return err_set(e, "field %s: expected {\"mode\": MODE, \"days\": N} or null", path);
	memcpy(v->retention_mode, mode, strlen(mode) + 1);
	v->retention_days = json_integer_value(days);
	return 0;
}

static const struct rrf cleanup_f[] = {
	RRF_R("versions", RRF_INT, V, cleanup_versions, 0, 9.2e18),
	RRF_R("delete_markers", RRF_INT, V, cleanup_markers, 0, 9.2e18),
};

static json_t *cleanup_to(const void *rec)
{
	const V *v = rec;

	return v->has_cleanup ? rrf_write(cleanup_f, RRF_N(cleanup_f), v, 0) : json_null();
}

static int cleanup_from(const json_t *j, const char *path, void *rec, struct err *e)
{
	V *v = rec;
	uint64_t absent = 0;

	if (json_is_null(j))
		return 0;
	v->has_cleanup = 1;
	if (rrf_read(j, path, cleanup_f, RRF_N(cleanup_f), v, &absent, e) < 0)
		return -1;
	return absent ? err_set(e, "field %s: expected versions and delete_markers", path) : 0;
}

static const struct rrf versioning_f[] = {
	RRF_T("status", RRF_TEXT, V, status),
	RRF_O("object_lock", lock_to, lock_from),
	RRF_O("retention", retention_to, retention_from),
	RRF_F("allow_retention", RRF_BOOL, V, allow_retention),
	RRF_R("delete_markers", RRF_INT, V, delete_markers, 0, 9.2e18),
	RRF_O("cleanup", cleanup_to, cleanup_from),
};

json_t *runrec_versioning_to_json(const struct runrec_versioning *v)
{
	return rrf_write(versioning_f, RRF_N(versioning_f), v, v->absent);
}

int runrec_versioning_from_json(const json_t *j, const char *path, struct runrec_versioning *v,
				struct err *e)
{
	int known = 0;

	memset(v, 0, sizeof(*v));
	v->object_lock = -1;
	if (rrf_read(j, path, versioning_f, RRF_N(versioning_f), v, &v->absent, e) < 0)
		return -1;
	for (size_t i = 0; i < sizeof(statuses) / sizeof(statuses[0]); i++)
		known |= strcmp(v->status, statuses[i]) == 0;
	if (!(v->absent & 1) && !known)
		return err_set(e, "field %s.status: '%s' is not enabled, suspended, off or unknown",
			       path, v->status);
	return 0;
}
