#!/bin/sh
# blocks' measured CSV and JSON (issue 33 D6): trip_count is empty (JSON
# null) for a function's or a line's row, as the man page says, not 0;
# times and intensities read as the trace gave them, not with the sum's
# rounding (0.30010000000000003 for 0.1 + 0.2 + 0.0001 s; an intensity
# of 0.9999999999903021 for one call after another without a gap).
. "$(dirname "$0")/lib.sh"
cd "$TMP" || exit 1
st() {	# st TIME CALL DURATION FRAME...
	printf '100   10:00:%s %s <%s>\n' "$1" "$2" "$3"
	shift 3
	for f in "$@"; do
		printf ' > /opt/app/bin/app(%s) [0x1]\n' "$f"
	done
	printf ' > /usr/lib/x86_64-linux-gnu/libc.so.6(__libc_start_call_main+0x7a) [0x2724a]\n'
}
{
	st 00.000000 'openat(AT_FDCWD</d>, "/d/o", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3</d/o>' 0.100000 main+0x40
	st 00.100000 'write(3</d/o>, "x"..., 4096) = 4096' 0.200000 save+0x44 main+0x50
	st 00.300000 'write(3</d/o>, "x"..., 4096) = 4096' 0.000100 save+0x44 main+0x50
} > k.trace
$RUN blocks --format=csv k.trace > k.csv 2> err
is "$?:$(grep -vc 'note\|warning' err)" "0:0" "blocks --format=csv reads the trace"
is "$(block_col k.csv 1 kind):$(block_col k.csv 1 trip_count):$(block_col k.csv 1.1 trip_count)" "function::" \
	"trip_count empty for functions"
is "$(block_col k.csv 1 io_time_s),$(block_col k.csv 1.1 io_time_s)" "0.3001,0.2001" \
	"io_time_s as the trace's microseconds add up"
is "$(block_col k.csv 1 intensity),$(block_col k.csv 1.1 intensity)" "1,1" \
	"intensity 1 for calls back to back"
$RUN blocks --format=json k.trace > k.json 2> /dev/null
is "$(grep -c '"trip_count":null,.*"io_time_s":0.3001,"intensity":1,' k.json)" 1 "the JSON's the same"
# a loop keeps its count (the hand-made strace -k trace of t/6020 has none:
# known.c under iolens trace, where the tracer and a compiler are here)
_lib=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$_lib" ] && command -v cc > /dev/null; then
	cat > lp.c << 'END'
#include <fcntl.h>
#include <unistd.h>
int main(void)
{
	char b[10] = {0};
	int fd = open("lp.out", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	for (int i = 0; i < 5; i++)
		write(fd, b, 10);
	close(fd);
	return 0;
}
END
	cc -g -O0 -o lp lp.c && $RUN trace --stacks -o lp.it ./lp 2> /dev/null
	$RUN blocks --format=csv lp.it > lp.csv 2> /dev/null
	is "$(awk -F, '$2 == "loop" { print $6 } $2 != "loop" && NR > 1 && $6 != "" { print "bad", $0 }' lp.csv)" 5 \
		"a loop's trip count stays, the other rows' empty"
else
	skip "no iolens-trace.so or no C compiler" 1
fi
done_testing
