/* core/exitcode.h: the names of the exit statuses of bin/collect, bin/analyze and
 * bin/render. Names only: each command documents in its --help which of them it
 * returns and what each means for it (README, "Exit status"); a value may have two
 * names where the commands give it two meanings. */
#ifndef CORE_EXITCODE_H
#define CORE_EXITCODE_H

enum exitcode {
	EXITCODE_OK = 0,           /* the work is done, every input read */
	EXITCODE_PARTIAL = 1,      /* done, but some inputs failed (named on stderr):
				    * collect's failed runs, analyze's unreadable files */
	EXITCODE_INPUT = 1,        /* render: the input is missing or invalid */
	EXITCODE_USAGE = 2,        /* usage error, or a fatal error before any output */
	EXITCODE_OUTPUT = 3,       /* render: the output could not be written */
	EXITCODE_LOCKED = 3,       /* collect: the output directory is locked */
	EXITCODE_INTERRUPTED = 130 /* collect: stopped by SIGINT or SIGTERM */
};

#endif
