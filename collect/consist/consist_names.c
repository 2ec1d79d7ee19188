/* collect/consist/consist_names.c: the names of the consistency probes' kinds and
 * outcomes, and the list of kinds a campaign or a command names (consist.h). */
#include <stdio.h>
#include <string.h>

#include "collect/consist/consist.h"

static const char *const kind_names[CK_COUNT] = {"read-after-new-write", "read-after-overwrite",
						 "read-after-delete", "list-after-create",
						 "list-after-delete"};

const char *consist_kind_name(enum consist_kind k)
{
	return (unsigned)k < CK_COUNT ? kind_names[k] : "";
}

const char *consist_outcome_name(enum consist_outcome o)
{
	return consistfile_outcome_name((enum consistfile_outcome)o);
}

int consist_kinds_parse(const char *list, unsigned *mask, struct err *e)
{
	char buf[512], *save = NULL, *tok;

	*mask = 0;
	snprintf(buf, sizeof(buf), "%s", list);
	for (tok = strtok_r(buf, ", \t", &save); tok != NULL; tok = strtok_r(NULL, ", \t", &save)) {
		int k = 0;
		if (strcmp(tok, "all") == 0) {
			*mask = (1u << CK_COUNT) - 1;
			continue;
		}
		while (k < CK_COUNT && strcmp(tok, kind_names[k]) != 0)
			k++;
		if (k == CK_COUNT)
			return err_set(
				e,
				"'%.60s' is not a consistency probe (read-after-new-write, "
				"read-after-overwrite, read-after-delete, list-after-create, "
				"list-after-delete, all)",
				tok);
		*mask |= 1u << k;
	}
	if (*mask == 0)
		return err_set(e, "no consistency probe named");
	return 0;
}
