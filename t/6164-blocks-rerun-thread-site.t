#!/bin/sh
# A thread's call site and its start routine were predicted different
# times: w09_crew's main()/w09_crew.c:29 (pthread_create of worker)
# 0.000365 s, worker() 0.000420 s, the worker's closes of its truncated
# files costed as closes after a truncation in worker()'s rows and as
# plain closes at the call site (issue 33 D10).  The call site's time is
# its callee's; so is a plain call's.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > crew.c << 'END'
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
static char slab[1024];

static void *worker(void *arg)
{
	char name[32];
	int fd;
	snprintf(name, sizeof name, "c.%ld", (long)arg);
	fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	for (int i = 0; i < 20; i++)
		write(fd, slab, 1024);
	close(fd);
	return NULL;
}

static void logit(void)
{
	int fd = open("log", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	write(fd, slab, 100);
	close(fd);
}

int main(void)
{
	pthread_t t[3];
	long k;

	for (k = 0; k < 3; k++)
		pthread_create(&t[k], NULL, worker, (void *)k);
	for (k = 0; k < 3; k++)
		pthread_join(t[k], NULL);
	logit();
	return 0;
}
END
iocost_rerun 0.004 0.0008
col() { block_col "$@" | awk '{ printf "%.6g", $1 }'; }
for mode in rerun fresh; do
	fr=; [ $mode = fresh ] && fr=--fresh
	$RUN blocks --source $fr --format=csv crew.c > $mode.csv 2> err
	is "$?:$(cat err)" "0:" "$mode: blocks --source runs"
	w=$(col $mode.csv worker predicted_io_time_s)
	is "$(col $mode.csv main:31:32 predicted_io_time_s)" "$w" \
		"$mode: pthread_create's line costs what worker() does ($w s)"
	l=$(col $mode.csv logit predicted_io_time_s)
	is "$(col $mode.csv main:35 predicted_io_time_s)" "$l" \
		"$mode: a plain call's line costs what logit() does ($l s)"
done
w=$(col rerun.csv worker:15 predicted_io_time_s)
is "$w" 0.000115625 "worker's close of its truncated file: after a truncation"
done_testing
