#!/bin/sh
# A program run again in its directory finds its outputs there: its open
# with O_CREAT|O_TRUNC truncates what it wrote the last time (on ext4
# 0.7-4.8 ms against a create's 13 us) and its close after writing the
# file again starts the writeback (21-166 us against 0.6 us), so those
# lines ranked last predicted and near the top measured (issue 33 D1,
# Spearman 0.77 in place against 0.90 fresh).  blocks --calibrate
# measures truncating opens and the closes after them (fixed and per
# MiB) and saves them; the prediction costs an open that makes its file
# as truncating what its function writes (shared over its such opens),
# and the function's own closes after one as such closes, and says so.
# A model saved without them costs as before and says "fresh directory".
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > tr.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char buf[65536];

static void note(void)
{
	int a = open("log.dat", O_WRONLY | O_CREAT | O_APPEND, 0644);
	write(a, buf, 100);
	close(a);
}

int main(void)
{
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 4; i++)
		write(fd, buf, 65536);
	close(fd);
	note();
	return 0;
}
END
M=$XDG_CONFIG_HOME/iolens/iocost
model() {
	mkdir -p "$XDG_CONFIG_HOME/iolens"
	{
		echo "open 0.000001"; echo "create 0.0001"
		echo "close 0.0000001"; echo "stat 0.0000001"; echo "fsync 0.01"
		for _rw in read write; do for _k in seq rand; do
			echo "$_rw $_k 512 0.000003"; echo "$_rw $_k 4096 0.00001"
			echo "$_rw $_k 65536 0.00005"; echo "$_rw $_k 1048576 0.0005"
		done; done
		[ "${1:-}" ] && printf 'trunc_open 0.002\ntrunc_open_mib 0.004\ntrunc_close 0.0001\ntrunc_close_mib 0.0008\n'
	} > "$M"
}
# to 3 digits: the function's bytes include note()'s 100 B
col() { block_col "$@" | awk '{ printf "%.3g", $1 }'; }
# ---- calibration measures and saves them ----
mkdir -p fs
$RUN blocks --calibrate fs > cal.txt 2> err
is "$?:$(cat err)" "0:" "--calibrate runs"
is "$(grep -c '^trunc_\(open\|close\)\(_mib\)\? [0-9.e+-]*$' "$M")" 4 \
	"the model has trunc_open, trunc_open_mib, trunc_close, trunc_close_mib"
grep -q "a rerun's open with O_TRUNC of a file holding data" cal.txt
ok $? "... and says them"
is "$(ls -A fs | wc -l)" 0 "... leaving nothing in DIR"
# ---- the arithmetic ----
model trunc
$RUN blocks --source --format=csv tr.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:15 predicted_io_time_s)" 0.003 \
	"O_TRUNC open of a file its function writes 256 KiB to: 2 ms + 1/4 of 4 ms"
is "$(col s.csv main:18 predicted_io_time_s)" 0.0003 \
	"the close after it: 100 us + 1/4 of 800 us"
is "$(col s.csv note:8 predicted_io_time_s),$(col s.csv note:10 predicted_io_time_s)" 1e-06,1e-07 \
	"an O_APPEND open and its close: an open and a close"
is "$(col s.csv main:19 predicted_io_time_s)" 4.1e-06 \
	"a call of a function closing its own file: not a close after a truncation"
$RUN blocks --source tr.c > s.txt 2> err
grep -q "costed as a rerun in the program's directory" s.txt
ok $? "the text says the assumption"
model
$RUN blocks --source --format=csv tr.c > f.csv 2> err
is "$?:$(cat err)" "0:" "a model without trunc_ costs loads"
is "$(col f.csv main:15 predicted_io_time_s),$(col f.csv main:18 predicted_io_time_s)" 0.0001,1e-07 \
	"... and costs a create and a close"
$RUN blocks --source tr.c > f.txt 2> err
grep -q "costed as a fresh directory" f.txt
ok $? "... and says so"
# ---- joined to a trace of a rerun ----
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o p tr.c 2> /dev/null; then
	model trunc
	./p && $RUN trace --stacks -o p.it ./p 2> /dev/null
	$RUN blocks --source --format=csv tr.c p.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its iolens trace"
	is "$(col j.csv main:15 predicted_io_time_s),$(col j.csv main:18 predicted_io_time_s)" 0.003,0.0003 \
		"... the same costs"
else
	skip "no iolens-trace.so or no C compiler" 2
fi
done_testing
