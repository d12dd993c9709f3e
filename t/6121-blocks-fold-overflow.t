#!/bin/sh
# blocks --source folds + - * / of locals assigned a constant only while
# the result stays within int64: 2^62 + 2^62 and 2^62 - -2^62 (a local
# of 2^62 added to itself, or less its negation) are unknown sizes, not
# a signed overflow (undefined; a SANITIZE=1 build stopped in extract.c's
# arith()), while 8 + 2^62 / 2^60 still folds to 12 B.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
col() { block_col "$@"; }
cat > ov.c <<'EOS'
#include <unistd.h>
static char data[4096];
static void put(int fd, long len)
{
	write(fd, data, len);
}
int main(void)
{
	long m = 4611686018427387904L, k;

	k = 4611686018427387904L;
	put(1, m + m);
	put(1, k - -k);
	put(1, 8 + m / 1024 / 1024 / 1024 / 1024 / 1024 / 1024);
	return 0;
}
EOS
$RUN blocks --source --format=csv ov.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:12 bytes_written)" "" "2^62 + 2^62: unknown"
is "$(col s.csv main:13 bytes_written)" "" "2^62 - -2^62: unknown"
is "$(col s.csv main:14 bytes_written)" 12 "8 + 2^62 / 2^60: 12 B"
done_testing
