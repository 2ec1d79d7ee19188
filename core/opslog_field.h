/* core/opslog_field.h: the decoders of one ops-log field's text (docs/FORMATS.md, "ops.tsv.zst"),
 * shared by the reader's fast path and its field-by-field path (core/opslog_read.c). */
#ifndef CORE_OPSLOG_FIELD_H
#define CORE_OPSLOG_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include "core/opslog.h"

/* opslog_field_int: the decimal integer s[0..n) (an optional sign; '-' only with allow_neg)
 * into *out and 0; -1 when it is empty, holds another character or passes int64. */
int opslog_field_int(const char *s, size_t n, int allow_neg, int64_t *out);

/* opslog_field_attempt: the `attempt` field s ("", "N" or "N+", N from 1 to 999999) into
 * row->attempt and row->retried; -1 when it reads otherwise. */
int opslog_field_attempt(const char *s, struct op_row *row);

/* opslog_field_hedge: the `hedge` field s ("", "orig", "dup", "lost") into row->hedge; -1
 * for another value. */
int opslog_field_hedge(const char *s, struct op_row *row);

/* opslog_field_checksum: the `checksum` field s ("", "verified", "absent") into
 * row->checksum; -1 for another value. */
int opslog_field_checksum(const char *s, struct op_row *row);

/* opslog_field_page: the `page` field s ("" or N, N from 1 to 999999999) into row->page (0
 * for ""); -1 when it reads otherwise. */
int opslog_field_page(const char *s, struct op_row *row);

/* opslog_field_phase: the field s (n bytes) of the k-th phase column (0 dns_us, 1 connect_us,
 * 2 tls_us, 3 send_us, 4 wait_us, 5 transfer_us, 6 conn, 7 rtt_us: their order in the
 * header) into row (has_phases set); an empty field leaves it. -1 when it is not a
 * non-negative integer (conn: below OPS_CONN_COUNT). */
int opslog_field_phase(struct op_row *row, int k, const char *s, size_t n);

/* opslog_field_conn: the field s (n bytes) of the k-th connection column (0 conn_id, 1
 * conn_req, 2 conn_age_ms) into row; an empty field leaves it. -1 when it is not a
 * non-negative integer (conn_req: from 1). */
int opslog_field_conn(struct op_row *row, int k, const char *s, size_t n);

#endif
