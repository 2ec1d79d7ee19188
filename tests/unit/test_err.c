/* tests/unit/test_err.c: core/err. */
#include "core/err.h"
#include "tests/unit/check.h"

int main(void)
{
	struct err e;

	err_clear(&e);
	CHECK_STR(e.msg, "", "cleared");
	CHECK(err_set(&e, "%s:%d: bad key '%s'", "a.ini", 3, "cycles") == -1, "returns -1");
	CHECK_STR(e.msg, "a.ini:3: bad key 'cycles'", "formats");
	err_prefix(&e, "campaign");
	CHECK_STR(e.msg, "campaign: a.ini:3: bad key 'cycles'", "prefix");
	CHECK(err_set(NULL, "x") == -1, "NULL is fine");
	return check_done();
}
