/* core/errclass.h: the failure classes a run or a request is put in (docs/FORMATS.md). */
#ifndef CORE_ERRCLASS_H
#define CORE_ERRCLASS_H

enum err_class {
	EC_NONE = 0,
	EC_DNS,            /* host name did not resolve */
	EC_CONNECT,        /* TCP connect refused / unreachable / reset */
	EC_TLS,            /* TLS handshake or certificate */
	EC_TIMEOUT,        /* request or run time limit */
	EC_HTTP_4XX,       /* 4xx other than auth */
	EC_HTTP_5XX,       /* 5xx (SlowDown, InternalError, ...) */
	EC_AUTH,           /* 403 SignatureDoesNotMatch / InvalidAccessKeyId / AccessDenied, 401 */
	EC_PREPARE_FAILED, /* the prepare phase could not create the objects */
	EC_UNAVAILABLE,    /* the service did not answer at all (server gone) */
	EC_KILLED,         /* the run's child process was killed (signal) */
	EC_CRASHED,        /* the child exited without writing its result */
	EC_LOCAL_IO,       /* the client machine's own I/O failed (a full output disk) */
	EC_CHECKSUM,       /* a GET body did not match the checksum the server returned */
	EC_BUDGET,         /* not run: its subject's spend had passed max_cost (never run) */
	EC_EXHAUSTED,      /* reads = once: the prepared objects ran out before the bound */
	EC_COUNT
};

/* err_class_name: the class as spelled in run.json ("http-4xx"); "" for EC_NONE. */
const char *err_class_name(enum err_class c);

/* err_class_parse: the class named by s; -1 when s names none. */
int err_class_parse(const char *s);

#endif
