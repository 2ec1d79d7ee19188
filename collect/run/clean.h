/* collect/run/clean.h: `collect clean DIR | CAMPAIGN.ini [-o DIR]`: delete what killed runs
 * left in their buckets, found from the records in every run directory under DIR
 * (collect/run/leftover.h: the records, and the sweep of what they name). */
#ifndef COLLECT_CLEAN_H
#define COLLECT_CLEAN_H

/* clean_main: `collect clean` with its arguments (argv[0] is "clean"). Prints one line per
 * recorded prefix to stdout (objects deleted, uploads aborted) and removes the records of
 * the prefixes it emptied, so a second call finds nothing to do. Returns the exit code:
 * 0 every recorded prefix emptied (or none recorded), 1 some could not be (named on
 * stderr; their records are kept for another try), 2 usage error or no such directory,
 * 3 the directory is locked by a collector working in it. */
int clean_main(int argc, char **argv);

#endif
