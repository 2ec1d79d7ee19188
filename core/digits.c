/* core/digits.c: see digits.h. Eight digits are loaded as one little-endian word: each
 * byte checked to lie in '0'..'9' by two masks, then the digits combined in three steps
 * (pairs, fours, the eight) by multiplications, no loop. */
#include "core/digits.h"

#include <string.h>

int digits8(const char *s, uint32_t *v)
{
	const uint64_t ones = UINT64_C(0x0101010101010101);
	uint64_t w, lo, hi;

	memcpy(&w, s, sizeof(w));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	/* a digit byte is 0x30..0x39: its high nibble 3, and adding 6 keeps it below 0x40 */
	if ((w & 0xf0 * ones) != 0x30 * ones || ((w + 0x06 * ones) & 0xf0 * ones) != 0x30 * ones)
		return -1;
	w -= 0x30 * ones; /* byte i is digit i (the first digit lowest) */
	/* pairs: byte 2k = 10 x digit 2k + digit 2k+1 */
	w = (w * 10 + (w >> 8)) & UINT64_C(0x00ff00ff00ff00ff);
	/* fours: 16-bit lane 2k = 100 x pair 2k + pair 2k+1 */
	w = (w * 100 + (w >> 16)) & UINT64_C(0x0000ffff0000ffff);
	/* the eight: 10000 x four 0 + four 1 */
	lo = w & 0xffff;
	hi = (w >> 32) & 0xffff;
	*v = (uint32_t)(lo * 10000 + hi);
	return 0;
}
