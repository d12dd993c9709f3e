#!/bin/sh
# The cost model tells an open that makes its file (O_CREAT with O_TRUNC
# or O_EXCL, creat, fopen "w") from an open of a file that is there
# (O_CREAT|O_APPEND, fopen "a", a read): blocks --calibrate measures and
# saves both ("open", "create"), and a loop of 50 re-opens no longer
# ranks above one create (it cost 50 creates; issue 33 D9).  Joined to a
# trace, a block writing bytes the source does not fix has no predicted
# time, as one of unknown calls has none: it was costed as 512 B writes
# and ranked on that guess (D15).  A model saved without "create" costs
# every open as its "open" (what it measured, a create).
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > cr.c << 'END'
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static char buf[4096];

int main(int argc, char **argv)
{
	int fd = open("new.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	close(fd);
	for (int i = 0; i < 50; i++) {
		int a = open("log.dat", O_WRONLY | O_CREAT | O_APPEND, 0644);
		close(a);
	}
	FILE *f = fopen("new2.dat", "w");
	fclose(f);
	FILE *g = fopen("log.dat", "a");
	fclose(g);
	size_t n = argc > 5 ? 4096 : (size_t)argv[0][0];
	int u = open("u.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 10; i++)
		write(u, buf, n);
	close(u);
	return 0;
}
END
model() {
	mkdir -p "$XDG_CONFIG_HOME/iolens"
	{
		echo "open 0.000001"; [ "${1:-}" ] && echo "create $1"
		echo "close 0.0000001"; echo "stat 0.0000001"; echo "fsync 0.01"
		for _rw in read write; do for _k in seq rand; do
			echo "$_rw $_k 512 0.000003"; echo "$_rw $_k 4096 0.00001"
			echo "$_rw $_k 65536 0.00005"; echo "$_rw $_k 1048576 0.0005"
		done; done
	} > "$XDG_CONFIG_HOME/iolens/iocost"
}
col() { block_col "$@"; }
model 0.001
$RUN blocks --source --format=csv cr.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:9 predicted_io_time_s)" 0.001 "open O_CREAT|O_TRUNC: a create, 1 ms"
is "$(col s.csv main:11:12 predicted_io_time_s)" 1e-06 "open O_CREAT|O_APPEND: an open, 1 us"
is "$(col s.csv main:15 predicted_io_time_s),$(col s.csv main:17 predicted_io_time_s)" 0.001,1e-06 \
	'fopen "w" a create, fopen "a" an open'
is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$1 == "main:9" { a = $c["predicted_io_time_s"] } $1 == "main:11" { b = $c["predicted_io_time_s"] }
	END { print (a > b) ? "create first" : "loop first" }' s.csv)" "create first" \
	"one create ranks above 50 re-opens"
model
$RUN blocks --source --format=csv cr.c > o.csv 2> err
is "$?:$(cat err)" "0:" "a model without create loads"
is "$(col o.csv main:9 predicted_io_time_s)" 1e-06 "... every open costed as its open"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o p cr.c 2> /dev/null; then
	model 0.001
	$RUN trace --stacks -o p.it ./p 2> /dev/null
	$RUN blocks --source --format=csv cr.c p.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its iolens trace"
	is "$(col j.csv main:21 predicted_io_time_s)" "" "writes of a size the source does not fix: no predicted time"
	is "$(col j.csv main:11:12 predicted_io_time_s | awk '{ printf "%.3g", $1 }')" 5e-05 "50 re-opens: 50 us"
else
	skip "no iolens-trace.so or no C compiler" 3
fi
done_testing
