/* core/opslog_field.c: see opslog_field.h. */
#include "core/opslog_field.h"

#include <string.h>

#include "core/digits.h"

int opslog_field_int(const char *s, size_t n, int allow_neg, int64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;
	int neg = 0;

	if (n > 0 && (s[0] == '-' || s[0] == '+')) {
		if (s[0] == '-' && !allow_neg)
			return -1;
		neg = s[0] == '-';
		i = 1;
	}
	if (i == n)
		return -1;
	/* eight digits at a time while they cannot pass the bound: at most 16 so */
	for (uint32_t d8; n - i >= 8 && i < 16; i += 8) {
		if (digits8(s + i, &d8) < 0)
			return -1;
		v = v * 100000000 + d8;
	}
	for (; i < n; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		/* up to 18 digits cannot pass INT64_MAX: the bound is checked beyond */
		if (d > 9 || (i >= 18 && v > (UINT64_C(9223372036854775807) - d) / 10))
			return -1;
		v = v * 10 + d;
	}
	*out = neg ? -(int64_t)v : (int64_t)v;
	return 0;
}

/* parse_attempt: the `attempt` field s ("", "N" or "N+", N from 1) into row. */
int opslog_field_attempt(const char *s, struct op_row *row)
{
	long v = 0;

	row->attempt = row->retried = 0;
	if (s[0] == '\0')
		return 0;
	while (*s >= '0' && *s <= '9' && v < 1000000)
		v = v * 10 + (*s++ - '0');
	if (v < 1 || v >= 1000000)
		return -1;
	row->retried = *s == '+';
	if (*s == '+')
		s++;
	if (*s != '\0')
		return -1;
	row->attempt = (int)v;
	return 0;
}

/* parse_hedge: the `hedge` field s ("", "orig", "dup", "lost") into row. */
int opslog_field_hedge(const char *s, struct op_row *row)
{
	for (int h = 0; h < OPS_HEDGE_COUNT; h++)
		if (strcmp(s, opslog_hedge_name(h)) == 0) {
			row->hedge = h;
			return 0;
		}
	return -1;
}

/* parse_checksum: the `checksum` field s ("", "verified", "absent") into row. */
int opslog_field_checksum(const char *s, struct op_row *row)
{
	row->checksum = s[0] == '\0'                 ? OPS_CK_NONE
			: strcmp(s, "verified") == 0 ? OPS_CK_VERIFIED
			: strcmp(s, "absent") == 0   ? OPS_CK_ABSENT
						     : -1;
	return row->checksum < 0 ? -1 : 0;
}

int opslog_field_page(const char *s, struct op_row *row)
{
	long v = 0;

	row->page = 0;
	if (s[0] == '\0')
		return 0;
	while (*s >= '0' && *s <= '9' && v < 1000000000)
		v = v * 10 + (*s++ - '0');
	if (v < 1 || v >= 1000000000 || *s != '\0')
		return -1;
	row->page = (int)v;
	return 0;
}

int opslog_field_phase(struct op_row *row, int k, const char *s, size_t n)
{
	int64_t *at[] = {&row->dns_ns,  &row->connect_ns, &row->tls_ns,
			 &row->send_ns, &row->wait_ns,    &row->transfer_ns};
	int64_t v;

	if (n == 0)
		return 0;
	if (opslog_field_int(s, n, 0, &v) < 0 || (k == 6 && v >= OPS_CONN_COUNT) ||
	    v > INT64_MAX / 1000)
		return -1;
	row->has_phases = 1;
	if (k == 6)
		row->conn = (int)v;
	else if (k == 7)
		row->rtt_ns = v * 1000;
	else
		*at[k] = v * 1000;
	return 0;
}

int opslog_field_conn(struct op_row *row, int k, const char *s, size_t n)
{
	int64_t v;

	if (n == 0)
		return 0;
	if (opslog_field_int(s, n, 0, &v) < 0 || (k == 1 && v == 0) ||
	    (k == 2 && v > INT64_MAX / 1000000))
		return -1;
	if (k == 0)
		row->conn_id = (uint64_t)v;
	else if (k == 1)
		row->conn_req = (uint64_t)v;
	else
		row->conn_age_ns = v * 1000000;
	return 0;
}
