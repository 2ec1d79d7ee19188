/* analyze/read/strv.h: a growable array of owned strings (char **v of n items), the
 * lists the scan, warpdir and map readers collect (names, notes, problems). */
#ifndef ANALYZE_STRV_H
#define ANALYZE_STRV_H

#include <stddef.h>

/* strv_push: append a copy of s to *v (*n items; *v may be NULL when *n is 0).
 * Returns 0, or -1 when out of memory (*v and *n then still hold the old items,
 * to be freed by the caller as usual). */
int strv_push(char ***v, size_t *n, const char *s);

/* strv_sort: sort v[0..n) in natural order (strverscmp: "cycle-9" before "cycle-10"). */
void strv_sort(char **v, size_t n);

/* strv_free: free the n strings of v and v itself (v may be NULL). */
void strv_free(char **v, size_t n);

#endif
