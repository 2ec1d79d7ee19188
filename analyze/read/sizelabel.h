/* analyze/read/sizelabel.h: a size as the run declared it, for the report's labels
 * (aggregate.json matrix.size_labels, docs/FORMATS.md).
 *
 * The declared text is a number and an optional unit, as a campaign's `sizes` or
 * Warp's `--obj.size` spells it; the label keeps the number as written and spells the
 * unit one way: "B"; decimal "kB", "MB", "GB", "TB" (k/kb, m/mb, ...: Warp's "1M" is
 * 1,000,000 bytes); binary "KiB", "MiB", "GiB", "TiB" (ki/kib, ...). Case does not
 * matter: "1M" -> "1 MB", "4KiB" -> "4 KiB", "512b" -> "512 B", "1.5MiB" -> "1.5 MiB". */
#ifndef ANALYZE_SIZELABEL_H
#define ANALYZE_SIZELABEL_H

#include <stddef.h>

#define SIZELABEL_MAX 48

/* sizelabel_format: the label of `declared` into buf (n bytes, SIZELABEL_MAX is enough for
 * any accepted text). Returns 0, or -1 (buf "") when declared is not a number with a
 * known unit (blanks around it and between number and unit are allowed). */
int sizelabel_format(const char *declared, char *buf, size_t n);

#endif
