/* t/6067: a helper's fclose inside an if: when both arms close the
 * stream, or the condition is a constant (or assumed: --assume keep=0),
 * the stream is closed after the call and exit() has nothing of it to
 * flush. */
#include <stdio.h>

#define KEEP 0

static char b[4096];
static int keep; /* set at run time, perhaps */

static void done(FILE *f, int sync)
{
	fwrite(b, 1, 10, f);
	if (sync) {
		fflush(f);
		fclose(f);
	} else {
		fclose(f);
	}
}

static void end(FILE *f)
{
	fwrite(b, 1, 20, f);
	if (!KEEP)
		fclose(f);
}

static void fin(FILE *f)
{
	if (keep)
		fwrite(b, 1, 5, f);
	else
		fclose(f);
}

int main(void)
{
	FILE *f = fopen("close-if.out", "w");
	FILE *g = fopen("close-if2.out", "w");
	FILE *h = fopen("close-if3.out", "w");

	fwrite(b, 1, 100, f);
	done(f, 1);
	fwrite(b, 1, 200, g);
	end(g);
	fwrite(b, 1, 300, h);
	fin(h);
	return 0;
}
