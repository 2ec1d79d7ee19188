/* core/jwrite.h: the writers of a JSON file's members (core/jread.h's other half).
 * A record's *_to_json builds its object with these: each takes the value it is given
 * (a new reference, or NULL when a constructor ran out of memory) and clears *ok when
 * the member cannot be set; the record then returns jwrite_done's answer. */
#ifndef CORE_JWRITE_H
#define CORE_JWRITE_H

#include <stdint.h>

#include <jansson.h>

/* jwrite_put: o[key] = v (v taken; NULL fails); *ok = 0 on failure. */
void jwrite_put(json_t *o, const char *key, json_t *v, int *ok);

/* jwrite_add: v appended to a (v taken; NULL fails); *ok = 0 on failure. */
void jwrite_add(json_t *a, json_t *v, int *ok);

/* jwrite_str: s as a JSON string, null when s is NULL. */
json_t *jwrite_str(const char *s);

/* jwrite_count: n as a JSON integer, null when n < 0 (not known). */
json_t *jwrite_count(long long n);

/* jwrite_pair: [lo, hi], or null when either end is not finite. */
json_t *jwrite_pair(double lo, double hi);

/* jwrite_strings: the strings v[0..n) as an array. */
json_t *jwrite_strings(char *const *v, size_t n);

/* jwrite_done: o when ok, else NULL (o released). */
json_t *jwrite_done(json_t *o, int ok);

#endif
