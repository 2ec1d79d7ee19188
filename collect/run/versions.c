/* collect/run/versions.c: see versions.h. */
#include "collect/run/versions.h"

#include <stdio.h>
#include <string.h>

int versions_record(const struct engine_versions *v, int allow_retention,
		    struct runrec_versioning *out)
{
	memset(out, 0, sizeof(*out));
	if (!v->asked)
		return 0;
	snprintf(out->status, sizeof(out->status), "%s", s3_versioning_name(v->versioning));
	out->object_lock = v->lock;
	snprintf(out->retention_mode, sizeof(out->retention_mode), "%s", v->lock_mode);
	out->retention_days = v->lock_days;
	out->allow_retention = allow_retention;
	out->delete_markers = (int64_t)v->delete_markers;
	out->has_cleanup = v->cleaned;
	out->cleanup_versions = (int64_t)v->versions;
	out->cleanup_markers = (int64_t)v->markers;
	return 1;
}

const char *versions_text(const struct runrec_versioning *v, char *buf, size_t n)
{
	char clean[128] = "";

	if (strcmp(v->status, "enabled") != 0 && strcmp(v->status, "suspended") != 0)
		return NULL;
	if (v->has_cleanup)
		snprintf(clean, sizeof(clean),
			 "; the cleanup deleted %lld versions and %lld delete markers",
			 (long long)v->cleanup_versions, (long long)v->cleanup_markers);
	snprintf(buf, n, "Versioned bucket (%s): %lld deletes left delete markers%s", v->status,
		 (long long)v->delete_markers, clean);
	return buf;
}
