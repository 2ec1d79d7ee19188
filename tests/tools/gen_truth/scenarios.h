/* tests/tools/gen_truth/scenarios.h: the truth scenarios (scenarios.c) and the truth file
 * they write (truth.c; its form: main.c's head comment). */
#ifndef GEN_TRUTH_SCENARIOS_H
#define GEN_TRUTH_SCENARIOS_H

#include <jansson.h>

#include "tests/tools/gen_truth/sim.h"

struct truth {
	json_t *root, *expect, *absent;
};

/* truth_init: an empty truth of scenario name; -1 when out of memory. */
int truth_init(struct truth *t, const char *name);

/* truth_claim: claim id expected with verdict (a list "tie|unresolved" allows any of them),
 * subject (NULL: null; "*": not checked) and reasons (comma-separated, "" none; NULL: not
 * checked). Returns the expectation (borrowed) for truth_subjects and truth_figure. */
json_t *truth_claim(struct truth *t, const char *id, const char *verdict, const char *subject,
		    const char *reasons);

/* truth_subjects: the expectation's subjects[] (comma-separated, in order). */
void truth_subjects(json_t *x, const char *subjects);

/* truth_figure: the expectation's figure name: value within tol. */
void truth_figure(json_t *x, const char *name, double value, double tol);

/* truth_absent: no claim's id may start with prefix. */
void truth_absent(struct truth *t, const char *prefix);

struct scenario {
	const char *name;
	int (*build)(struct sim_gen *g, struct truth *t, struct err *e);
};

/* The scenarios, ended by a NULL name. */
extern const struct scenario scenarios[];

#endif
