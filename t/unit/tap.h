/*
 * t/unit/tap.h: TAP for the unit tests that print their own (one file a
 * test program, so the state is static): ok() a line a check, then
 * main returns tap_done(), which prints the plan.
 */
#ifndef IOLENS_T_UNIT_TAP_H
#define IOLENS_T_UNIT_TAP_H

#include <stdio.h>

static int ntest, nfail;

static void ok(int cond, const char *what)
{
	ntest++;
	if (!cond)
		nfail++;
	printf("%sok %d - %s\n", cond ? "" : "not ", ntest, what);
}

/* the plan; the exit status: 1 when a check failed */
static int tap_done(void)
{
	printf("1..%d\n", ntest);
	return nfail != 0;
}

#endif
