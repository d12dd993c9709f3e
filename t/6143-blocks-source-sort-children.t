#!/bin/sh
# blocks --source --sort KEY ranked the functions (and the CSV rows) but
# printed each function's children in line order for every key, alone
# and joined to a trace (q02_emit's 20 KiB line sixth under --sort bytes;
# issue 33 D4, "roots and children sorted").  Children now follow the
# roots' key; --sort line keeps line order.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > k.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char buf[65536];

int main(void)
{
	int fd = open("k.dat", O_WRONLY | O_CREAT | O_APPEND, 0644);
	write(fd, buf, 100);
	for (int i = 0; i < 20; i++)
		write(fd, buf, 10);
	write(fd, buf, 65536);
	fsync(fd);
	close(fd);
	return 0;
}
END
iocost_handmade
# the lines under main, in printed order: "9 10 12 13 14"
kids() { awk '/^function main/ { on = 1; next } /^function|^$/ { on = 0 }
	on && /^  (line|loop) / { split($2, a, ":"); printf "%s%s", s, a[2]; s = " " }
	END { print "" }' "$1"; }
$RUN blocks --source --sort bytes k.c > b.txt 2> err
is "$?:$(cat err)" "0:" "--sort bytes runs"
is "$(kids b.txt)" "12 10 9 8 13 14" "--sort bytes: 64 KiB, 200 B, 100 B first, then by the tie order"
$RUN blocks --source --sort calls k.c > c.txt 2> /dev/null
is "$(kids c.txt | cut -d' ' -f1)" 10 "--sort calls: the loop of 20 first"
$RUN blocks --source --sort line k.c > l.txt 2> /dev/null
is "$(kids l.txt)" "8 9 10 12 13 14" "--sort line: line order"
$RUN blocks --source k.c > t.txt 2> /dev/null
is "$(kids t.txt | cut -d' ' -f1)" 13 "the default, time: the fsync first"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o k k.c 2> /dev/null && $RUN trace --stacks -o k.it ./k 2> /dev/null; then
	$RUN blocks --source --sort bytes k.c k.it > j.txt 2> /dev/null
	# main()'s children: "  k.c:12", "  loop k.c:10 x20"
	is "$(awk '/^  [^ ]/ { for (i = 1; i <= 2; i++) if ($i ~ /^k\.c:/) { split($i, a, ":"); printf "%s%s", s, a[2]; s = " " } }
		END { print "" }' j.txt | cut -d' ' -f1-3)" \
		"12 10 9" "joined, --sort bytes: the children by bytes"
else
	skip "no iolens-trace.so or no C compiler" 1
fi
done_testing
