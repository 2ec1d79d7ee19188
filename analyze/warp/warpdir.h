/* analyze/warp/warpdir.h: a directory tree of MinIO Warp result files as a DATA_DIR.
 *
 *   bin/analyze DATA_DIR --warp-map MAP [-o RESULTS] [--policy ...]
 *
 * The tree is walked for files named as Warp names them,
 *   warp-<bench>-<YYYY-MM-DD>[<HHMMSS>]-<id>.json.zst   (aggregated result)
 *   warp-<bench>-<YYYY-MM-DD>[<HHMMSS>]-<id>.csv.zst    (per-request log, --full)
 * in any folders (one per client, as a distributed run leaves them, or all in one).
 * The files of one distributed run are grouped (same bench word, name times within
 * WARPDIR_GROUP_S seconds of the group's first file: clients may stamp their file a
 * second or more later) and merged in path order (natural order: warp-0/ before
 * warp-1/ before warp-10/), which reproduces Warp's printed numbers (see
 * warp_model.h on merge order). Each run becomes one struct runlog through
 * warp_run_read (the figures of Warp 1.3's server merge; warpdir_read_engine picks
 * another engine): op, object size and concurrency from the recorded command line,
 * subject from the endpoint host through the map, cycle from the start date.
 * docs/METHODOLOGY.md ("Warp result directories") states every rule; docs/FORMATS.md
 * the map file. The map part lives in warpdir_map.c. */
#ifndef ANALYZE_WARPDIR_H
#define ANALYZE_WARPDIR_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/read/pricefile.h"
#include "analyze/read/runlog.h"
#include "analyze/warp/warp_run.h"
#include "core/err.h"

#define WARPDIR_GROUP_S 10 /* files of one run: name times within this of the first */

/* ---- the map: endpoint host -> subject (INI, docs/FORMATS.md) ----
 *
 *   [campaign]                         optional: shown in the report
 *   name = ...  title = ...  client = ...
 *   [subject ID]                       one per subject, in report order
 *   host = s3.us-east-1.amazonaws.com  one or more (repeat the key); shell glob allowed
 *   label = AWS S3                     optional (default: the id)
 *   color = #ff9900                    optional ("#rrggbb")
 *   region = us-east-1                 optional
 *   prices = aws                       optional: the section of `analyze --prices FILE`
 *                                      that bills this subject (default: [ID]) */
struct warpdir_subject {
	char *id, *label, *color, *region;
	char *prices; /* NULL: the price section named as the id */
	char **hosts; /* glob patterns, matched case-insensitively */
	size_t n_hosts;
};

struct warpdir_map {
	char *name, *title, *client; /* [campaign]; NULL when absent */
	struct warpdir_subject *subjects;
	size_t n_subjects;
};

/* warpdir_map_read: parse the map file into *out (zeroed first). -1 with a message
 * "FILE:LINE: key 'K': why" (or "FILE: [subject ID]: why") on an unreadable file,
 * an unknown section or key, a bad colour, a duplicate subject id or a subject without
 * host; *out is then empty. Free with warpdir_map_clear. */
int warpdir_map_read(const char *file, struct warpdir_map *out, struct err *e);
void warpdir_map_clear(struct warpdir_map *m);

/* warpdir_bare_host: the host part of an endpoint as Warp records it
 * ("https://s3.example.com:9000/x" -> "s3.example.com:9000") into buf (n bytes). */
void warpdir_bare_host(const char *endpoint, char *buf, size_t n);

/* warpdir_map_find: the index of the first subject (map order) with a host pattern
 * that matches the endpoint's bare host or the endpoint as recorded; -1 if none. */
int warpdir_map_find(const struct warpdir_map *m, const char *endpoint);

/* ---- finding and grouping the files ---- */

/* warpdir_name: parse a Warp file name (no directory). 1 when it is
 * warp-BENCH-YYYY-MM-DD[HHMMSS]-ID.json.zst / .csv.zst with a valid date (bench and
 * the name time in seconds since 1970 of that wall-clock time read as UTC are set);
 * 0 when it only matches warp-*.json.zst / warp-*.csv.zst (no time: the file is a run
 * of its own); -1 when it is not a Warp result file name. bench: n bytes, lower case. */
int warpdir_name(const char *name, char *bench, size_t n, int64_t *t);

struct warpdir_group {
	char **rel;  /* files relative to DATA_DIR, in merge order */
	char **path; /* DATA_DIR/rel */
	size_t n;
	char bench[16]; /* from the name; "" when the name has no time */
	int64_t t;      /* name time of the first file (0 when none) */
};

struct warpdir_scan {
	struct warpdir_group *v; /* ordered by name time, then path */
	size_t n;
	char **notes; /* files left out, with why */
	size_t n_notes;
	char **problems; /* folders that could not be read: "PATH: reason" */
	size_t n_problems;
};

/* warpdir_has_files: 1 when the tree under dir holds at least one Warp result file,
 * else 0 (also when dir cannot be read). */
int warpdir_has_files(const char *dir);

/* warpdir_scan_dir: every Warp result file under data_dir (hidden entries and
 * symbolic links to folders skipped, at most 16 levels), grouped into runs, into *out
 * (zeroed first). A file whose stem also exists as .json.zst beside a .csv.zst is
 * taken once (the .json.zst; a note says so). -1 with a message only when data_dir
 * itself cannot be read or memory runs out. Free with warpdir_scan_clear (also after
 * a failure). */
int warpdir_scan_dir(const char *data_dir, struct warpdir_scan *out, struct err *e);
void warpdir_scan_clear(struct warpdir_scan *s);

/* ---- the runs ---- */

struct warpdir_bad {
	char *path;  /* the run's first file, relative to DATA_DIR */
	char *error; /* names the file and line or field at fault */
};

struct warpdir_result {
	struct runlog *logs; /* one per analyzed run, in start order */
	size_t n_logs;
	struct warpdir_bad *bad; /* runs whose files could not be read */
	size_t n_bad;
	char **notes; /* runs and files left out (mixed, unmapped host...) */
	size_t n_notes;
	const char **subject_order; /* the map's subject ids (borrowed from the map) */
	size_t n_subject_order;
};

/* warpdir_read: scan data_dir, read every run and map it (map may be NULL: each
 * host is then its own subject, id and label = the bare host). PUT and GET runs are
 * matrix runs with a cycle; STAT (as "head"), DELETE and LIST runs are one-off runs
 * (cycle 0); mixed and other benchmarks are left out with a note, as are runs whose
 * host the map does not name. Cycles: runs in start order; a run's day is the UTC
 * date of its start; the k-th run of a cell on a day is in round k of that day;
 * (day, round) pairs are numbered in order from 1 (one run per cell and day: cycle N
 * = the N-th date). The result borrows the map (subject_order) and owns the rest;
 * free it with warpdir_result_clear. -1 with a message only when data_dir cannot be
 * read or memory runs out; unreadable runs are in out->bad. */
int warpdir_read(const char *data_dir, const struct warpdir_map *map, struct warpdir_result *out,
		 struct err *e);
void warpdir_result_clear(struct warpdir_result *r);

/* warpdir_read_engine: warpdir_read (which is WARP_ENGINE_SERVER) with each run's
 * figures from the given engine (warp_run_read_engine): `analyze DATA_DIR
 * --warp-engine analyze|full|server`. */
int warpdir_read_engine(const char *data_dir, const struct warpdir_map *map,
			enum warp_engine engine, struct warpdir_result *out, struct err *e);

/* warpdir_cycles: set logs[i].cycle for logs[0..n) (ordered by summary.start_ns,
 * each run's start) by the rule of warpdir_read; logs with cycle 0 on entry stay
 * one-off, the others (any non-zero value) get their cycle. -1 when out of memory. */
int warpdir_cycles(struct runlog *logs, size_t n);

/* ---- the bill: analyze DATA_DIR --prices FILE[:SECTION] (docs/FORMATS.md) ---- */

/* warpdir_bill: the billable counts of a Warp run's logged requests (docs/METHODOLOGY.md,
 * "Cost"), from l->op and l->summary: put PutObject, get GetObject, head HeadObject,
 * list ListObjectsV2, delete DeleteObjects (one per call); every logged request counts,
 * failed ones too (Warp does not record whether an answer came); PUT bodies are ingress
 * and object data, GET bodies egress; no storage time, and the objects PUT deleted at once
 * (Warp deletes them unlogged at the end: min_storage_days bills them in full); no XML
 * bodies (not logged). Warp logs no prepare or cleanup phase: those requests are not in
 * the bill. */
void warpdir_bill(const struct runlog *l, struct bill_counts *out);

/* warpdir_price: give every run of r prices from pf and its bill (warpdir_bill; the run
 * is marked bill_logged_only). The section: `section` when not NULL (FILE:SECTION: every
 * run), else the map subject's `prices` key, else the section named as the run's subject
 * (the map's id, or the bare host without a map). A run whose implicit section is not in
 * pf stays unpriced, with one note per subject in r->notes. -1 with "--prices FILE: no
 * section [S] (...)" in e when a section named explicitly is absent, or out of memory. */
int warpdir_price(struct warpdir_result *r, const struct warpdir_map *map,
		  const struct pricefile *pf, const char *section, struct err *e);

#endif
