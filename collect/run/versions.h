/* collect/run/versions.h: what the run's buckets kept of what it wrote and deleted, as
 * run.json records it ("versioning", core/runrec/runrec.h; docs/FORMATS.md and
 * docs/METHODOLOGY.md, "Versioned buckets"): their versioning and object lock as the
 * prepare phase found them, the delete markers the benchmark's deletes left, and what the
 * cleanup deleted by version id. */
#ifndef COLLECT_RUN_VERSIONS_H
#define COLLECT_RUN_VERSIONS_H

#include <stddef.h>

#include "collect/engine/engine.h"
#include "core/runrec/runrec.h"

/* versions_record: run.json's "versioning" record of v (the engine's, engine_result.ver)
 * with allow_retention (the subject's key) into *out; 0 when the buckets were not asked
 * (no prepare: the record is null), else 1. */
int versions_record(const struct engine_versions *v, int allow_retention,
		    struct runrec_versioning *out);

/* versions_text: one line for a printed summary when the record says the run's bucket
 * keeps versions ("Versioned bucket (enabled): 10 deletes left delete markers; the cleanup
 * deleted 20 versions and 10 delete markers"), into buf (n bytes); NULL (buf untouched)
 * when it keeps none. */
const char *versions_text(const struct runrec_versioning *v, char *buf, size_t n);

#endif
