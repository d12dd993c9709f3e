#!/bin/sh
# A program that unlinks its own files finds none on a rerun: r13_scratch
# opens (O_CREAT|O_TRUNC), writes, closes and unlinks one name a loop
# run, and the rerun costing charged 200 truncating opens (0.156 s) and
# 200 closes after a truncation (6.9 ms) for files that are never there
# at open (issue 33 D4; Spearman in place 0.765 against 0.896 fresh).
# An open whose path, the same variable or the same constant, its
# function also unlinks is a scratch file: a create and a plain close,
# in both modes; another open beside it still truncates on a rerun.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > sc.c << 'END'
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	char name[32], b[64] = {0};
	for (int i = 0; i < 200; i++) {
		snprintf(name, sizeof name, "s.%d", i);
		int fd = open(name, O_CREAT | O_TRUNC | O_WRONLY, 0644);
		write(fd, b, 64);
		close(fd);
		unlink(name);
	}
	int t = open("lock", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	close(t);
	unlink("lock");
	int o = open("out.dat", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	write(o, b, 64);
	close(o);
	return 0;
}
END
iocost_rerun 0 0
col() { block_col "$@" | awk '{ printf "%.3g", $1 }'; }
for mode in rerun fresh; do
	fr=; [ $mode = fresh ] && fr=--fresh
	$RUN blocks --source $fr --format=csv sc.c > $mode.csv 2> err
	is "$?:$(cat err)" "0:" "$mode: blocks --source runs"
	is "$(col $mode.csv main:8:10 predicted_io_time_s)" 0.0001 "$mode: an open of a name unlinked (a loop run's): a create"
	is "$(col $mode.csv main:8:12 predicted_io_time_s)" 1e-06 "$mode: its close plain"
	is "$(col $mode.csv main:15 predicted_io_time_s)" 0.0001 "$mode: a constant name unlinked: a create"
done
is "$(col rerun.csv main:18 predicted_io_time_s),$(col fresh.csv main:18 predicted_io_time_s)" 0.002,0.0001 \
	"an output kept: truncated on a rerun, created fresh"
done_testing
