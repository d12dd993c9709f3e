#!/bin/sh
# Joined to a trace, a block whose predicted calls are unknown (fprintf
# of sizes the source does not fix: its write(2) are not known) has no
# predicted I/O time either, as the man page says, and does not enter
# the Spearman line; it had the stdio calls' cost, a guess ranked with
# the rest (issue 33 D14; t/data/blocks/logloop.c, run_log()).
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/logloop.c" . && cc -g -O0 -o logloop logloop.c || exit 1
# the cost model of t/6025 (hand-made)
iocost_handmade
$RUN trace --stacks -o l.it ./logloop 2> /dev/null
$RUN blocks --source --format=csv logloop.c l.it > j.csv 2> err
is "$?:$(cat err)" "0:" "joined"
col() { block_col j.csv "$1" "$2"; }
for b in run_log run_log:13 run_log:13:14; do
	is "$(col $b predicted_calls)/$(col $b predicted_io_time_s)" "/" "$b: calls unknown, no predicted time"
done
is "$(col run_log:8 predicted_io_time_s)" 0.001 "run_log:8, an fopen: its time"
# the rows that have both times are those the Spearman line counts
n=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["predicted_io_time_s"] != "" && $c["calls"] > 0 { n++ } END { print n + 0 }' j.csv)
$RUN blocks --source logloop.c l.it > j.txt 2> /dev/null
is "$(grep -c "Spearman .* over $n blocks" j.txt)" 1 "the Spearman line over the $n blocks with both times"
is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["predicted_calls"] == "" && $c["predicted_io_time_s"] != "" { n++ } END { print n + 0 }' j.csv)" 0 \
	"no row has a time without its calls"
# under 5 blocks with both times no Spearman: over 2 it is always +-1
# ("Spearman 1.000 over 2 blocks"; issue 33 D10)
cat > few.c << 'END'
#include <fcntl.h>
#include <unistd.h>
int main(void)
{
	int fd = open("few.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	write(fd, "x", 1);
	close(fd);
	return 0;
}
END
cc -g -O0 -o few few.c || exit 1
$RUN trace --stacks -o f.it ./few 2> /dev/null
$RUN blocks --source few.c f.it > f.txt 2> /dev/null
is "$(grep '^predicted against measured I/O time' f.txt)" \
	"predicted against measured I/O time: too few blocks with both to rank (4)" \
	"4 blocks with both times: too few to rank, no Spearman"
done_testing
