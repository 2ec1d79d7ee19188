/* core/facts.c: see facts.h. */
#include "core/facts.h"

const char *const fact_names[] = {
	"endpoint_host", "scheme",      "addressing",     "region",          "tls_version",
	"tls_cipher",    "tls_verify",  "http_version",   "payload_signing", "checksum",
	"client_host",   "client_os",   "client_machine", "client_cpus",     "client_cpu_model",
	"client_nic",    "clients",     "connections",    "libcurl",         "openssl",
	"tcp_nodelay",   "upload_data",
};

/* in fact_names' order */
const unsigned char fact_setting[] = {
	0, 1, 1, 1, 1, /* endpoint_host, scheme, addressing, region, tls_version */
	1, 0, 1, 1, 1, /* tls_cipher, tls_verify, http_version, payload_signing, checksum */
	0, 0, 0, 0, 0, /* client_host, client_os, client_machine, client_cpus, client_cpu_model */
	0, 1, 1, 0, 0, /* client_nic, clients, connections, libcurl, openssl */
	1, 1,          /* tcp_nodelay, upload_data */
};

const size_t fact_count = sizeof(fact_names) / sizeof(fact_names[0]);

_Static_assert(sizeof(fact_setting) == sizeof(fact_names) / sizeof(fact_names[0]),
	       "a setting flag per fact");
