/* collect/engine/steady.h: the rule of `duration = auto` (docs/METHODOLOGY.md, "Stop when
 * steady"): a run stops once its throughput has settled.
 *
 * Over the 1-second segments of the run so far (core/summary.h's series), leaving out the
 * first 2 (the warm-up the summary drops too) and the last 2 (the second under way and the
 * one whose requests may still be in flight), the last STEADY_WINDOW segments are steady
 * when every one lies within ±STEADY_BAND of their mean (mean > 0) and the slope of a
 * least-squares line through them is not significant: its 95 % interval (Student's t with
 * STEADY_WINDOW - 2 degrees of freedom) holds 0. Warp's --autoterm and fio's steady-state
 * options are the prior art. */
#ifndef COLLECT_ENGINE_STEADY_H
#define COLLECT_ENGINE_STEADY_H

#include <stddef.h>

#define STEADY_WINDOW 10 /* segments looked at */
#define STEADY_BAND 0.05 /* ±5 % of their mean */
#define STEADY_T95 2.306 /* t(0.975, STEADY_WINDOW - 2 = 8) */

/* steady_met: 1 when v[0 .. n) (the segments' figures, MiB/s or obj/s, oldest first, all
 * complete and past the warm-up) ends in STEADY_WINDOW steady segments; 0 otherwise (also
 * when n < STEADY_WINDOW). */
int steady_met(const double *v, size_t n);

#endif
