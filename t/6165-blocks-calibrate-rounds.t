#!/bin/sh
# --calibrate's figures moved 10-80x between two runs an hour apart under
# load (trunc_open 3788 us vs 44 us + 1724 us/MiB; fsync 4885 vs 79 us)
# and it said nothing (issue 33 D13).  Each figure is now the median of
# rounds, their lowest and highest saved as "spread NAME LO HI" lines an
# older reader ignores; a figure whose rounds disagree over 3x is said,
# one line, at --calibrate and where blocks --source ranks with it.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
mkdir -p d "$XDG_CONFIG_HOME/iolens"
m=$XDG_CONFIG_HOME/iolens/iocost
$RUN blocks --calibrate d > cal.out 2> err
is "$?" 0 "blocks --calibrate runs"
head -1 cal.out | grep -q "the median of 3 rounds"
ok $? "it says its figures are medians of rounds"
is "$(grep -c '^spread ' "$m")" 24 "a spread line for each of the 24 figures"
is "$(awk '$1 == "spread" && !($(NF-1) > 0 && $NF >= $(NF-1)) { print }' "$m")" "" \
	"each spread: lowest > 0, highest >= lowest"
is "$(awk '$1 == "fsync" { f = $2 } $1 == "spread" && $2 == "fsync" { print (f >= $3 && f <= $4) }' "$m")" 1 \
	"fsync is within its rounds"
is "$(awk '$1 == "write" && $2 == "seq" && $3 == 4096 { f = $4 }
	$1 == "spread" && $2 == "write" && $3 == "seq" && $4 == 4096 { print (f >= $5 && f <= $6) }' "$m")" 1 \
	"write seq 4096 is within its rounds"
# the spread said: a model whose fsync rounds were 79 and 4885 us
grep -v '^spread ' "$m" > quiet
{ cat quiet; echo "spread fsync 7.9e-05 0.004885"; } > busy
cat > s.c << 'END'
#include <fcntl.h>
#include <unistd.h>
int main(void)
{
	char b[64] = {0};
	int fd = open("o", O_WRONLY | O_APPEND);
	write(fd, b, 64);
	fsync(fd);
	close(fd);
	return 0;
}
END
sed '/fsync/d' s.c > n.c
cp busy "$m"
$RUN blocks --source --format=csv s.c > busy.csv 2> err
is "$?:$(grep -c noisy err)" 0:1 "blocks --source: one note"
is "$(grep noisy err)" "iolens blocks: note: the ranking rests on a noisy figure of the cost model: fsync: rounds 79-4885 us: the machine was busy; calibrate again when it is quiet" \
	"it names the figure and its rounds"
$RUN blocks --source --format=csv n.c > /dev/null 2> err
is "$(grep -c noisy err)" 0 "no fsync in the source: not said"
cp quiet "$m"
$RUN blocks --source --format=csv s.c > quiet.csv 2> err
is "$(grep -c noisy err)" 0 "a model without spread lines (before rounds): nothing said"
is "$(cut -d, -f1,17 busy.csv)" "$(cut -d, -f1,17 quiet.csv)" \
	"spread lines change no figure"
done_testing
