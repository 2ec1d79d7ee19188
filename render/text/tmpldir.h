/* render/text/tmpldir.h: where render finds its templates (HTML skeleton, CSS, each
 * language's strings and prose), in this order:
 *
 *   1. --templates DIR                         (the caller's opt)
 *   2. $S3BENCH_DATA/templates                 (when S3BENCH_DATA is set and not empty)
 *   3. beside the binary: BINDIR/../templates  (a checkout's bin/render; build/san/bin and
 *      build/tsan/bin look two levels further up), then BINDIR/../share/s3bench/templates
 *      (an installed tree, wherever it was copied or staged with DESTDIR)
 *   4. TMPLDIR_DATADIR/templates               (compiled in: $(PREFIX)/share/s3bench)
 *
 * A directory counts when it holds report.html. Its languages are its subdirectories that
 * hold a strings.txt (templates/README.md). */
#ifndef RENDER_TMPLDIR_H
#define RENDER_TMPLDIR_H

#include <stddef.h>

#include "core/err.h"

/* The data directory compiled in: the Makefile's $(PREFIX)/share/s3bench. */
#ifndef S3BENCH_DATADIR
#define S3BENCH_DATADIR "/usr/local/share/s3bench"
#endif

/* tmpldir_help: the paragraph of render --help (and so of its man page) that states the
 * order above with the compiled-in directory spelled out. Static storage. */
const char *tmpldir_help(void);

/* tmpldir_find: the templates directory into out (n bytes). opt (--templates) is taken
 * as given (a missing one fails later, naming the file); S3BENCH_DATA set to a directory
 * without templates/report.html is an error (never passed over silently). Returns 0, or
 * -1 with a message naming every place tried. */
int tmpldir_find(const char *opt, char *out, size_t n, struct err *e);

/* At most this many languages are listed. */
#define TMPLDIR_LANGS_MAX 64

/* tmpldir_is_lang: 1 when code is a language of templates directory dir (dir/code/strings.txt
 * is a regular file; code is not empty and has no '/' and no leading '.'), else 0. */
int tmpldir_is_lang(const char *dir, const char *code);

/* tmpldir_langs: the languages of templates directory dir, sorted and written as "en, ko"
 * into out (n bytes, cut short when full; "" when none or dir cannot be read). Returns how
 * many were written (at most TMPLDIR_LANGS_MAX). */
int tmpldir_langs(const char *dir, char *out, size_t n);

#endif
