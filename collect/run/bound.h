/* collect/run/bound.h: what the bound of a subject's bill rests on, max_cost's check
 * (docs/CAMPAIGN.md, "Budgets"; docs/METHODOLOGY.md, "Cost", the bound): the client NIC's
 * speed, which no run's bytes can pass, and the endpoint's round trip, which every request
 * of a worker takes at least. The speed is the campaign's client_nic or this client's
 * S3BENCH_CLIENT_NIC, else /sys/class/net's of the interface that reaches the endpoint
 * (collect/run/clientres.h); the round trip comes from a calibration: BOUND_CONNECTS TCP
 * connects to the endpoint's address and port, the quickest taken. Nothing is sent on them:
 * no request, nothing billed. */
#ifndef COLLECT_RUN_BOUND_H
#define COLLECT_RUN_BOUND_H

#include "collect/campaign/campaign.h"
#include "collect/run/clientres.h"
#include "collect/run/estimate.h"
#include "core/err.h"

#define BOUND_CONNECTS 10
#define BOUND_CONNECT_TIMEOUT_MS 3000

/* bound_probe: subject s's bound inputs into *out (zeroed first): the round trip from the
 * calibration, the NIC speed through o (the campaign's client_nic and this client's
 * environment; NULL: sysfs only). 0; -1 with e naming the endpoint when it cannot be parsed
 * or resolved or no connect succeeded (*out then says why, probed 0). */
int bound_probe(const struct campaign_subject *s, const struct clientres_opts *o,
		struct estimate_bound *out, struct err *e);

#endif
