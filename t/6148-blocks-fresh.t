#!/bin/sh
# The prediction costs an open that makes its file as a rerun finds it,
# truncating what its function wrote the last time (t/6140): on the
# judge's runs in a fresh directory that lowered the median Spearman from
# 0.90 to 0.86 (issue 33, vidya21's task 1).  --fresh costs such an open
# as a create, as in an empty directory, and the text says which.  Here a
# program whose open(O_TRUNC) of a 16 MiB file costs a rerun milliseconds
# (measured 1.0-4.9 ms, 22-38 us fresh): in each mode, dump()'s open
# ranks against its loop of 1 MiB writes as that mode's scenario measures.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > fr.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char buf[1048576];

static void dump(void)
{
	int fd = open("big.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 16; i++)
		write(fd, buf, 1048576);
	close(fd);
}

static void chatter(void)
{
	int fd = open("log.dat", O_WRONLY | O_CREAT | O_APPEND, 0644);
	for (int i = 0; i < 2000; i++)
		write(fd, buf, 512);
	close(fd);
}

int main(void)
{
	dump();
	chatter();
	return 0;
}
END
mkdir -p "$XDG_CONFIG_HOME/iolens"
{
	echo "open 0.000001"; echo "create 0.0001"
	echo "close 0.0000001"; echo "stat 0.0000001"; echo "fsync 0.01"
	for _rw in read write; do for _k in seq rand; do
		echo "$_rw $_k 512 0.000003"; echo "$_rw $_k 4096 0.00001"
		echo "$_rw $_k 65536 0.00005"; echo "$_rw $_k 1048576 0.0002"
	done; done
	printf 'trunc_open 0.002\ntrunc_open_mib 0.004\ntrunc_close 0.0001\ntrunc_close_mib 0.0008\n'
} > "$XDG_CONFIG_HOME/iolens/iocost"
# rank ROWS-CSV BLOCK: BLOCK's row number in the ranked CSV
rank() { awk -F, -v b="$2" '$1 == b { print NR - 1 }' "$1"; }
# open-before-loop CSV: "open" when dump's open ranks above its loop
order() {
	if [ "$(rank "$1" dump:8)" -lt "$(rank "$1" dump:9)" ]; then echo open; else echo loop; fi
}
col() { block_col "$@" | awk '{ printf "%.3g", $1 }'; }
# the same by predicted time in a join (ranked by measured time there)
porder() {
	block_col "$1" dump:8 predicted_io_time_s > o.v
	block_col "$1" dump:9 predicted_io_time_s > l.v
	awk -v o="$(cat o.v)" -v l="$(cat l.v)" 'BEGIN { print (o + 0 > l + 0 ? "open" : "loop") }'
}
# ---- the source alone ----
$RUN blocks --source --format=csv fr.c > r.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs (rerun, the default)"
is "$(col r.csv dump:8 predicted_io_time_s)" 0.066 \
	"rerun: the open truncates 16 MiB, 2 ms + 16 x 4 ms"
is "$(order r.csv)" open "rerun: dump's open ranks above its loop of writes"
$RUN blocks --source --fresh --format=csv fr.c > f.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source --fresh runs"
is "$(col f.csv dump:8 predicted_io_time_s),$(col f.csv dump:11 predicted_io_time_s)" 0.0001,1e-07 \
	"fresh: the open is a create, the close a close"
is "$(order f.csv)" loop "fresh: dump's loop of writes ranks above its open"
is "$(col f.csv chatter:17 predicted_io_time_s)" "$(col r.csv chatter:17 predicted_io_time_s)" \
	"an O_APPEND function costs the same in both"
$RUN blocks --source fr.c > r.txt 2> err
grep -q "^costed as a rerun in the program's directory" r.txt
ok $? "the text says a rerun by default"
$RUN blocks --source --fresh fr.c > f.txt 2> err
grep -q "^costed as a fresh directory (--fresh)" f.txt
ok $? "... and a fresh directory with --fresh"
# ---- joined to traces of a fresh run and of a rerun ----
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o p fr.c 2> /dev/null; then
	mkdir fresh rerun
	(cd fresh && $RUN trace --stacks -o ../f.it ../p 2> /dev/null)
	(cd rerun && ../p && $RUN trace --stacks -o ../r.it ../p 2> /dev/null)
	$RUN blocks --source --fresh --format=csv fr.c f.it > jf.csv 2> err
	is "$?:$(cat err)" "0:" "--fresh joined to a fresh run's trace"
	is "$(porder jf.csv)" loop "... its loop predicted above its open"
	$RUN blocks --source --format=csv fr.c r.it > jr.csv 2> err
	is "$?:$(cat err)" "0:" "joined to a rerun's trace"
	is "$(porder jr.csv)" open "... its open predicted above its loop"
	$RUN blocks --source --fresh fr.c f.it > jf.txt 2> err
	grep -q "^costed as a fresh directory (--fresh)" jf.txt
	ok $? "... and the joined text says which"
else
	skip "no iolens-trace.so or no C compiler" 5
fi
done_testing
