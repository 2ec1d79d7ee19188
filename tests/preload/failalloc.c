/* tests/preload/failalloc.c: an LD_PRELOAD library that makes one memory allocation of
 * the program's own code fail, to test its out-of-memory paths for real.
 *
 * Only malloc, calloc and realloc called directly from the main executable count
 * (the caller's return address lies in one of its executable segments): allocations
 * made inside libraries (libc's strdup, jansson, libharu, ...) always succeed, so
 * what is tested is s3bench's own handling, not the libraries'.
 *
 * Environment:
 *   FAILALLOC_AT=N       the N-th counted allocation (1-based) returns NULL, once;
 *                        0 or unset: none fails
 *   FAILALLOC_REPORT=F   at exit, write the number of counted allocations to file F
 *   FAILALLOC_TRACE=1    print the failing call's stack (addresses) on stderr
 *
 * Build: cc -shared -fPIC -o failalloc.so failalloc.c (the Makefile does it; not in
 * sanitized builds, whose allocator must stay ASan's). */
#include <execinfo.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);

#define MAX_SEGS 8

static uintptr_t seg_lo[MAX_SEGS], seg_hi[MAX_SEGS];
static int n_segs;
static unsigned long fail_at, counted;
static const char *report;
static int trace;

/* main_segments: the executable PT_LOAD segments of the first object, the program. */
static int main_segments(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	(void)arg;
	for (int i = 0; i < info->dlpi_phnum && n_segs < MAX_SEGS; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
			seg_lo[n_segs] = info->dlpi_addr + ph->p_vaddr;
			seg_hi[n_segs] = seg_lo[n_segs] + ph->p_memsz;
			n_segs++;
		}
	}
	return 1; /* the first object only */
}

static void write_report(void)
{
	FILE *f = fopen(report, "w");

	if (f != NULL) {
		fprintf(f, "%lu\n", counted);
		fclose(f);
	}
}

__attribute__((constructor)) static void failalloc_init(void)
{
	const char *at = getenv("FAILALLOC_AT");

	dl_iterate_phdr(main_segments, NULL);
	fail_at = at != NULL ? strtoul(at, NULL, 10) : 0;
	report = getenv("FAILALLOC_REPORT");
	trace = getenv("FAILALLOC_TRACE") != NULL;
	if (report != NULL && report[0] != '\0')
		atexit(write_report);
}

/* fails: count an allocation called from ra; 1 when it is the one to fail. */
static int fails(const void *ra)
{
	uintptr_t a = (uintptr_t)ra;

	for (int i = 0; i < n_segs; i++) {
		if (a >= seg_lo[i] && a < seg_hi[i]) {
			if (++counted != fail_at)
				return 0;
			if (trace) {
				void *st[32];
				fprintf(stderr, "failalloc: allocation %lu fails here:\n", counted);
				backtrace_symbols_fd(st, backtrace(st, 32), 2);
			}
			return 1;
		}
	}
	return 0;
}

void *malloc(size_t n)
{
	return fails(__builtin_return_address(0)) ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
	return fails(__builtin_return_address(0)) ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
	return fails(__builtin_return_address(0)) ? NULL : __libc_realloc(p, n);
}
