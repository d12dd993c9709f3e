#!/bin/sh
# diff of two block trees shows, inside a changed block, only the metrics
# that changed: writes batched (256 of 256 B -> 16 of 4 KiB, the same
# 64 KiB) printed the unchanged "bytes written 64.0 KiB 64.0 KiB 0 B" and
# "bytes read 0 B 0 B" under each block, and an absent side's 0 B too
# (issue 33: "only changed lines unless --all").  --all shows them, the
# machine formats keep them (a block's metrics whole, to join on); the
# text counts what it hid.
# (Blocks unchanged in calls and bytes, the open and the close here,
# were hidden already.)
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
mkdir a b
for v in a b; do
	if [ $v = a ]; then n=256; else n=16; fi
	cat > $v/w.c << END
#include <fcntl.h>
#include <unistd.h>

static char buf[65536];

int main(void)
{
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	for (int i = 0; i < $n; i++)
		write(fd, buf, sizeof(buf) / $n);
	close(fd);
	return 0;
}
END
	(cd $v && cc -g -O0 -o w w.c && $RUN trace --stacks -o w.it ./w 2> /dev/null) ||
		bail_out "could not build or trace $v/w.c"
done
COLUMNS=200 $RUN diff a/w.it b/w.it > d.txt 2> err
is "$?:$(cat err)" "0:" "diff of the two traces"
sed -n '/^Code blocks/,$p' d.txt > blocks.txt
grep -q '^main()  *calls  *258  *18  *-240' blocks.txt
ok $? "main()'s calls changed: shown"
is "$(grep -c 'bytes written' blocks.txt)" 0 "the same 64 KiB written by every block: no bytes written line"
is "$(grep -c 'bytes read' blocks.txt)" 0 "nothing read on either side: no bytes read line"
grep -q '^  [0-9]* unchanged metrics of changed blocks not shown: --all shows them$' blocks.txt
ok $? "the text says how many it hid"
COLUMNS=200 $RUN diff --all a/w.it b/w.it | sed -n '/^Code blocks/,$p' > all.txt
is "$(grep -c 'bytes written  *64.0 KiB  *64.0 KiB  *0 B' all.txt):$(grep -c 'bytes written' all.txt):$(grep -c ' calls  ' all.txt)" "3:5:5" \
	"--all: each block's bytes written shown, unchanged"
# the machine formats keep each block's metrics whole, to join on
$RUN diff --format=csv a/w.it b/w.it > d.csv
is "$(awk -F, '$1 == "blocks" && $3 == "bytes_written"' d.csv | wc -l):$(awk -F, '$1 == "blocks" && $3 == "calls"' d.csv | wc -l)" "3:3" \
	"CSV: every metric of the 3 changed blocks"
done_testing
