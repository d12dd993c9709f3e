#!/bin/sh
# diff pairs the blocks of a fix by their place: a loop moved by two
# lines whose calls changed (open, write, close a record -> write) is
# paired, with the call line under it, as the function they call is (the
# loop and its line were "absent" rows on each side); two lines of the
# same calls moved (fputc's writes and the fclose's, both also a stat on
# strace) pair in the order of their lines, so that strace -k's traces
# of a pair pair as iolens trace's do (issue 33 D2, D2b).
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
mkdir a b
cat > a/journal.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char rec[64];

/* one record: open, append, close */
static void append(const char *path, int i)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);

	rec[0] = (char)i;
	write(fd, rec, sizeof rec);
	close(fd);
}

int main(void)
{
	for (int i = 0; i < 50; i++)
		append("journal.dat", i);
	return 0;
}
END
cat > b/journal.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char rec[64];

static void append(int fd, int i)
{
	rec[0] = (char)i;
	write(fd, rec, sizeof rec);
}

int main(void)
{
	int fd = open("journal.dat", O_WRONLY | O_CREAT | O_APPEND, 0644);

	for (int i = 0; i < 50; i++)
		append(fd, i);
	close(fd);
	return 0;
}
END
for s in a b; do
	(cd $s && cc -g -O0 -o journal journal.c && $RUN trace --stacks -o ../j$s.it ./journal) 2> /dev/null
done
rows() { $RUN diff --all --format=csv "$1" "$2" | grep '^blocks,' | grep ',calls,' | cut -d, -f2,5,6; }
rows ja.it jb.it > j.rows
is "$(grep -c '^main() > loop journal.c:18 -> main() > loop journal.c:16,150,50$' j.rows)" 1 \
	"the loop moved and changed: paired, 150 -> 50 calls"
is "$(grep -c '^main() > loop journal.c:18 > journal.c:19 -> main() > loop journal.c:16 > journal.c:17,150,50$' j.rows)" 1 \
	"... its call line too"
is "$(grep -c 'journal.c:18,150,$' j.rows),$(grep -c 'journal.c:16,,50$' j.rows)" "0,0" "... no row of one side for the loop"
# the text shortens a pair side by side: both lines stay readable (the
# whole key shortened in the middle lost A's line and B's head; issue 33
# D9)
COLUMNS=100 $RUN diff --all ja.it jb.it > j.txt 2> /dev/null
is "$(grep -c 'journal\.c:19 -> .*journal\.c:17  *calls' j.txt)" 1 \
	"text: the paired call line's row shows both lines"

cat > a/dump.c << 'END'
#include <stdio.h>

#define N 20000
static char data[N];

/* one byte a call */
static void dump(FILE *f)
{
	for (int i = 0; i < N; i++)
		fputc(data[i], f);
}

int main(void)
{
	FILE *f = fopen("dump.dat", "w");

	dump(f);
	fclose(f);
	return 0;
}
END
cat > b/dump.c << 'END'
#include <stdio.h>

#define N 20000
static char data[N];

static void dump(FILE *f)
{
	fwrite(data, 1, N, f);
}

int main(void)
{
	FILE *f = fopen("dump.dat", "w");
	dump(f);
	fclose(f);
	return 0;
}
END
for s in a b; do
	(cd $s && cc -g -O0 -o dump dump.c && $RUN trace --stacks -o ../d$s.it ./dump) 2> /dev/null
done
rows da.it db.it > d.rows
pairs() { grep -c ' -> ' "$1"; }
is "$(grep -c '^main() > dump.c:18 -> main() > dump.c:15,' d.rows)" 1 "iolens trace: the fclose paired"
if command -v strace > /dev/null; then
	for s in a b; do
		(cd $s && strace -f -k -tt -T -o ../d$s.st ./dump) 2> /dev/null
	done
	rows da.st db.st > s.rows
	is "$(grep -c '^main() > dump.c:17 -> main() > dump.c:14,' s.rows),$(grep -c '^main() > dump.c:18 -> main() > dump.c:15,' s.rows)" "1,1" \
		"strace -k: the dump() call line and the fclose paired in the order of their lines"
	is "$(pairs s.rows)" "$(pairs d.rows)" "as many pairs as on the iolens traces"
else
	skip "no strace" 2
fi

# a fix that opens the output once above a read-back check kept as it
# was: A's check opens at 19, reads at 20, closes at 21; B adds an open
# at 14 and a close at 17 above it and a comment, moving the check to
# 20-22.  A's one open and one close against B's two each: paired by the
# shift the read shows beside them (they stayed on their sides, and
# the open at 21 of one side and the close at 21 of the other had one
# key; issue 33 D9)
cat > a/tally.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char buf[1024];

static void put(int i)
{
	int fd = open("tally.out", O_CREAT | O_WRONLY | O_APPEND, 0644);
	buf[0] = (char)i;
	write(fd, buf, 64);
	close(fd);
}

int main(void)
{
	for (int i = 0; i < 8; i++)
		put(i);

	int in = open("tally.out", O_RDONLY);
	read(in, buf, 512);
	close(in);
	return 0;
}
END
cat > b/tally.c << 'END'
#include <fcntl.h>
#include <unistd.h>

static char buf[1024];

static void put(int fd, int i)
{
	buf[0] = (char)i;
	write(fd, buf, 64);
}

int main(void)
{
	int out = open("tally.out", O_CREAT | O_WRONLY | O_APPEND, 0644);
	for (int i = 0; i < 8; i++)
		put(out, i);
	close(out);

	/* the read-back check, as it was */
	int in = open("tally.out", O_RDONLY);
	read(in, buf, 512);
	close(in);
	return 0;
}
END
for s in a b; do
	(cd $s && rm -f tally.out && cc -g -O0 -o tally tally.c && $RUN trace --stacks -o ../t$s.it ./tally) 2> /dev/null
done
rows ta.it tb.it > t.rows
is "$(grep -c '^main() > tally.c:20 -> main() > tally.c:21,1,1$' t.rows)" 1 "the read moved by 1: paired"
is "$(grep -c '^main() > tally.c:19 -> main() > tally.c:20,1,1$' t.rows),$(grep -c '^main() > tally.c:21 -> main() > tally.c:22,1,1$' t.rows)" "1,1" \
	"the open and the close beside it, one in A against two in B: paired by its shift"
is "$(grep -c '^main() > tally.c:1[47],,1$' t.rows)" 2 "B's new open and close: B only"
done_testing
