#!/bin/sh
# blocks --source CSV/JSON, alone and joined to a trace, carried no call
# path (the measured CSV's stable key), no random, small or procs, and the
# join no count of calls under a condition (issue 33 D5: "rows join across
# runs and into diff").  They come after the other columns: random (the
# predicted seeks and positioned calls), small (reads and writes of a
# known size under 4 KiB), procs (empty: the source does not say), path
# (function(), loop file:line, file:line joined by ';', the end of the
# measured path); joined, the measured random, small and procs, and the
# predicted conditional.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > mc.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char buf[8192];

static void scan(int fd)
{
	for (int i = 0; i < 4; i++) {
		lseek(fd, (off_t)(3 - i) * 100, SEEK_SET);
		read(fd, buf, 100);
	}
}

int main(int argc, char **argv)
{
	int fd = open("d.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 10; i++)
		write(fd, buf, 100);
	write(fd, buf, 8192);
	if (argc > 5)
		write(fd, buf, 8192);
	scan(fd);
	close(fd);
	(void)argv;
	return 0;
}
END
$RUN blocks --source --format=csv mc.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source --format=csv runs"
is "$(head -1 s.csv | tr , '\n' | tail -4 | tr '\n' ' ')" "random small procs path " \
	"random, small, procs and path after the other columns"
is "$(block_col s.csv main:17 path)" "main();loop mc.c:17" "a loop's path"
is "$(block_col s.csv main:17:18 path)" "main();loop mc.c:17;mc.c:18" "a line's in it"
is "$(block_col s.csv main:21 path)" "main();branch mc.c:21" "a branch in its own path"
is "$(block_col s.csv main:21:21 path)" "main();mc.c:21" "... not in its lines'"
is "$(block_col s.csv main:17 small),$(block_col s.csv main:19 small),$(block_col s.csv main small)" 10,0,14 \
	"small: 10 writes and 4 reads of 100 B, not one of 8 KiB"
is "$(block_col s.csv scan:8:9 random),$(block_col s.csv main:22 random)" 1,4 \
	"random: the seeks, through the call too"
is "$(block_col s.csv main procs)" "" "procs: empty"
is "$(cut -d, -f1 s.csv | sort | uniq -d | wc -l),$(awk -F, '{ print $NF }' s.csv | sort | uniq -d | wc -l)" 0,0 \
	"blocks and paths unique"
is "$(block_col s.csv main conditional)" 1 "conditional is the text's"
$RUN blocks --source --format=json mc.c > s.json 2> err
is "$?:$(grep -c '"random":4,"small":14,"procs":null,"path":"main()"' s.json)" "0:1" "the JSON has them too"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o p mc.c 2> /dev/null; then
	$RUN trace --stacks -o p.it ./p 2> /dev/null
	$RUN blocks --source --format=csv mc.c p.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its trace"
	is "$(head -1 j.csv | tr , '\n' | tail -5 | tr '\n' ' ')" "conditional random small procs path " \
		"conditional, random, small, procs and path after the other columns"
	is "$(block_col j.csv scan:8:10 path)" "scan();loop mc.c:8;mc.c:10" "the path as the source's"
	is "$(block_col j.csv main:17 small),$(block_col j.csv main:17 procs),$(block_col j.csv main conditional)" 10,1,1 \
		"measured small and procs, predicted conditional"
	is "$(block_col j.csv scan:8:10 random)" 4 "measured random: the 4 reads after seeks"
	$RUN blocks --format=csv p.it > m.csv 2> err
	is "$(awk -F, '{ print $NF }' m.csv | grep -c ';scan();loop mc.c:8;mc.c:10$')" 1 \
		"the measured path ends in the source's"
else
	skip "no iolens-trace.so or no C compiler" 6
fi
done_testing
