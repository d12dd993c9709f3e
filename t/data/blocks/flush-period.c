/* t/6129: a stream written 100 B an iteration and flushed every 50th
 * (i % 50 == 49, 100 iterations): each flush's 5000 B span a 4 KiB
 * buffer, a full buffer goes out at the write that overflows it and the
 * rest at the flush, 4 write(2) in all (strace: 4096 904 4096 904); they
 * were predicted 2, the run of each flush taken as one iteration's
 * 100 B.  every3() flushes every third of 30 iterations of 2000 B (6000
 * B a flush: 10 full buffers and 10 rests, 20), odd() every second of 8
 * of 300 B (4 flushes, no buffer filled). */
#include <stdio.h>

static char buf[2000];

static void every50(void)
{
	FILE *f = fopen("p50.out", "w");
	int i;

	if (!f)
		return;
	for (i = 0; i < 100; i++) {
		fwrite(buf, 1, 100, f);
		if (i % 50 == 49)
			fflush(f);
	}
	fclose(f);
}

static void every3(void)
{
	FILE *f = fopen("p3.out", "w");
	int i;

	if (!f)
		return;
	for (i = 0; i < 30; i++) {
		fwrite(buf, 1, 2000, f);
		if (i % 3 == 2)
			fflush(f);
	}
	fclose(f);
}

static void odd(void)
{
	FILE *f = fopen("p2.out", "w");
	int i;

	if (!f)
		return;
	for (i = 0; i < 8; i++) {
		fwrite(buf, 1, 300, f);
		if (i % 2)
			fflush(f);
	}
	fclose(f);
}

int main(void)
{
	every50();
	every3();
	odd();
	return 0;
}
