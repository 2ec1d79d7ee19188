/* collect/campaign/cini.h: the INI reading layer of the campaign file
 * (collect/campaign/campaign.c),
 * internal to collect/campaign/ (its parts: collect/campaign/campaign_int.h). inih hands every
 * key to a handler that only records (section, key,
 * value, line) and the section headers seen (a line that starts with a blank continues the
 * value of the key above it: joined with one space, one record); campaign.c then interprets the records
 * through the typed accessors below, so every message can name file, line, section and
 * key: "FILE:LINE: [SECTION] KEY: what is wrong". */
#ifndef COLLECT_CAMPAIGN_CINI_H
#define COLLECT_CAMPAIGN_CINI_H

#include <stdint.h>

#include "core/err.h"

/* One key as read: owned copies, the line it was on, and whether a getter asked for it. */
struct cini_kv {
	char *sec, *key, *val;
	int line;
	int used;
};

/* One section header as read (name trimmed, at most 255 characters). */
struct cini_sec {
	char *name;
	int line;
};

/* what the first line too long was: a key's, the continuation of the key above it, a
 * section header */
enum {
	CINI_LONG_KEY,
	CINI_LONG_CONTINUED,
	CINI_LONG_SECTION
};

/* The parse state: set up with cini_init, filled by cini_parse, freed by cini_free. */
struct cini {
	const char *name;       /* file name for messages */
	const char *text, *pos; /* the reader's input */
	int line;               /* line the reader handed out last */
	int indented;           /* that line starts with a blank: it continues a value */
	int long_line;          /* first line longer than inih takes, or 0 */
	char long_key[64];      /* its key (the text before '=' or ':'), "" if none */
	char long_sec[256];     /* the section it is in, "" before any */
	int long_kind;          /* that line: CINI_LONG_KEY, _CONTINUED or _SECTION */
	int oom;
	struct cini_kv *kv;
	int n_kv, cap_kv;
	struct cini_sec *secs;
	int n_secs, cap_secs;
	struct err *e;
};

/* cini_init: an empty state reading `text` (NUL-terminated, not copied; it must outlive
 * the state); `name` stands for the file name in messages (not copied); errors go to e. */
void cini_init(struct cini *p, const char *text, const char *name, struct err *e);

/* cini_parse: run inih over the text, recording every key and section header. Returns 0,
 * or -1 with "FILE: out of memory", "FILE:LINE: [SECTION] KEY: line longer than N
 * characters (...)" or "FILE:LINE: syntax error (...)", or "FILE:LINE: [SECTION] KEY: not UTF-8 (byte 0xF3 at
 * position 6 of the value): save the file as UTF-8" (a section name, key or value that
 * is not UTF-8: core/utf8.h). */
int cini_parse(struct cini *p);

/* cini_free: free what cini_parse recorded (not the state itself). Safe after cini_init
 * alone and after a failed cini_parse. */
void cini_free(struct cini *p);

/* cini_trim: strip leading and trailing white space in place; returns the new start. */
char *cini_trim(char *s);

/* cini_sec_line: line of the section header `name`, or 0 when the section is absent. */
int cini_sec_line(const struct cini *p, const char *name);

/* cini_get: the first record of `key` in section `sec` (marked used), or NULL. */
struct cini_kv *cini_get(struct cini *p, const char *sec, const char *key);

/* cini_bad: set "FILE:LINE: [SECTION] KEY: what" for this key; returns -1. */
int cini_bad(struct cini *p, const struct cini_kv *kv, const char *what);

/* cini_bad_quoted: set "FILE:LINE: [SECTION] KEY: 'VALUE' what"; returns -1. */
int cini_bad_quoted(struct cini *p, const struct cini_kv *kv, const char *what);

/* The typed getters: when the key is absent they return 0 and leave *out alone (the
 * caller's default; cini_get_str copies `def` instead); when present they set *out, or
 * return -1 with a message naming the key. */

/* cini_get_str: a new copy of the value (or of `def` when absent; nothing when `def` is
 * NULL too). An empty value is an error. */
int cini_get_str(struct cini *p, const char *sec, const char *key, char **out, const char *def);

/* cini_get_uint: a whole number from min to max. */
int cini_get_uint(struct cini *p, const char *sec, const char *key, uint64_t min, uint64_t max,
		  uint64_t *out);

/* cini_get_size: a size in bytes as core/units.h reads it (4096, 4KiB, 50MiB, ...). */
int cini_get_size(struct cini *p, const char *sec, const char *key, uint64_t *out);

/* cini_get_duration: seconds as core/units.h reads them (30s, 2m, ...); must be > 0. */
int cini_get_duration(struct cini *p, const char *sec, const char *key, double *out);

/* cini_get_bool: true/yes/on/1 or false/no/off/0, any case. */
int cini_get_bool(struct cini *p, const char *sec, const char *key, int *out);

/* cini_item_fn: called for item number `i` (from 0) of kv's comma list, text `t`
 * (trimmed); returns 0, or -1 with a message set. */
typedef int (*cini_item_fn)(struct cini *p, struct cini_kv *kv, const char *t, int i, void *arg);

/* cini_each_item: split kv's value at commas and call fn for every trimmed item, at most
 * `max` of them (more: "too many items (at most MAX)"). Returns the
 * number of items, or -1 (empty item, empty list, too many, or fn failed). */
int cini_each_item(struct cini *p, struct cini_kv *kv, int max, cini_item_fn fn, void *arg);

#endif
