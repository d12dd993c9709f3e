#!/bin/sh
# The rerun costing charged a close after a truncation to every close of
# a function with one truncating open: w01_ledger's close after writing
# its O_TRUNC file and the close of the O_RDONLY descriptor it opens next
# into the same variable were both 20.5 us, measured 49 to 79 us and 1 us
# (issue 33 D4).  Only the close of the descriptor a truncating open
# stored (the last open before it into the variable it closes) is one;
# a close the source cannot pair (a field) keeps the share rule.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > led.c << 'END'
#include <fcntl.h>
#include <unistd.h>
static char buf[4096];
struct s { int fd; };

int main(void)
{
	int fd;
	fd = open("l.bin", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	write(fd, buf, 4096);
	close(fd);
	fd = open("l.bin", O_RDONLY);
	read(fd, buf, 4096);
	close(fd);
	struct s h;
	h.fd = open("m.bin", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	write(h.fd, buf, 4096);
	close(h.fd);
	return 0;
}
END
iocost_rerun 0 0
col() { block_col "$@" | awk '{ printf "%.3g", $1 }'; }
$RUN blocks --source --format=csv led.c > rerun.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col rerun.csv main:11 predicted_io_time_s)" 0.0001 \
	"the close of the truncating open's descriptor: after a truncation"
is "$(col rerun.csv main:14 predicted_io_time_s)" 1e-06 \
	"the close of the O_RDONLY open stored in the same variable: plain"
is "$(col rerun.csv main:12 predicted_io_time_s)" 1e-06 \
	"the O_RDONLY open: an open"
is "$(col rerun.csv main:18 predicted_io_time_s)" 0.0001 \
	"a close of a field, not paired: the share rule (one of two truncating opens left)"
$RUN blocks --source --fresh --format=csv led.c > fresh.csv 2> err
is "$(col fresh.csv main:11 predicted_io_time_s),$(col fresh.csv main:18 predicted_io_time_s)" 1e-06,1e-06 \
	"--fresh: both closes plain"
done_testing
