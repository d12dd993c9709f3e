#!/bin/sh
# A buffer and its length passed down the project's own functions with
# the constants at the top caller (emit(fd, data, n) -> put(fd, b, len)
# -> write(fd, b, len), n a local assigned once, and batch(fd, 10, 256)
# passing its size on): each level's rows predict the bytes from the
# caller's constants, through calls that pass a parameter on or halve
# it (n / 2), across the two sources given; a local assigned a
# constant once, and a sum of one and a literal, count as constants
# (issue 33 gap 3;
# t/data/blocks/chain-app.c, chain-lib.c).
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cp "$TOP"/t/data/blocks/chain-app.c "$TOP"/t/data/blocks/chain-lib.[ch] . || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv chain-app.c chain-lib.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs on both sources"
is "$(col s.csv main:24 bytes_written)" 96 "emit(fd, data, n), n = 64: 64 B + 32 B"
is "$(col s.csv main:25 bytes_written)" 3840 "batch(fd, 10, 256): 10 x (256 B + 128 B)"
is "$(col s.csv main bytes_written)" 3936 "main(): 96 B + 3840 B"
# a local assigned a constant once, not under a branch (n = 64 after
# int n;), and a sum of a local constant and a literal (m + 8)
cat > loc.c <<'EOS'
#include <unistd.h>
static char data[4096];
static void put(int fd, int len)
{
	write(fd, data, len);
}
int main(void)
{
	int n, m = 10 * 4;

	n = 64;
	put(1, n);
	put(1, m + 8);
	return 0;
}
EOS
$RUN blocks --source --format=csv loc.c > l.csv 2> /dev/null
is "$(col l.csv main:12 bytes_written):$(col l.csv main:13 bytes_written)" "64:48" \
	"n = 64 once before the call: 64 B; m + 8: 48 B"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&

	cc -g -O0 -o app chain-app.c chain-lib.c 2> /dev/null; then
	$RUN trace --stacks -o a.it ./app 2> /dev/null
	$RUN blocks --source --format=csv chain-app.c chain-lib.c a.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its iolens trace"
	is "$(grep -c 'differs\|unknown\|not predicted' j.csv)" 0 "... no row differs, is unknown or not predicted"
	for b in put:12:3936 emit:18:2624 emit:19:1312 batch:13:3840 main:24:96; do
		is "$(col j.csv ${b%:*} predicted_bytes_written):$(col j.csv ${b%:*} status)" \
			"${b##*:}:exact" "... ${b%:*}: ${b##*:} B predicted, exact"
	done
	if have_strace_k && [ -z "${SANITIZE:-}" ]; then
		strace -f -k -tt -T -y -o a.strace ./app
		$RUN blocks --source --format=csv chain-app.c chain-lib.c a.strace > k.csv 2> /dev/null
		is "$(col k.csv put:12 status):$(col k.csv emit:19 status)" "exact:exact" \
			"joined to its strace -k trace: put's and emit's rows exact"
	else
		skip "no strace with -k" 1
	fi
else
	skip "no iolens-trace.so or no C compiler" 8
fi
done_testing
