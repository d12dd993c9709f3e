#!/bin/sh
# glibc's stdio makes a stream's buffer at its first read or write, after
# an fstat(2) of the file (newfstatat(fd, "", ..., AT_EMPTY_PATH) in
# strace), unless setvbuf or setbuf gave it one (issue 33 D1): the
# prediction counts that call once where the stream is first used (a
# loop of 600 fwrite: 14 write(2) and 1 fstat, not 14 against the
# kernel's 15), per open where the fopen is in the loop too, none after
# setvbuf with a buffer, in a helper given a stream its caller opened and
# did not use; iolens trace records it beneath the stdio call
# that made it, and both agree with strace's count.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > bs.c << 'END'
#include <stdio.h>

static char vb[1000], vb2[4096]; static void put(FILE *p);

int main(void)
{
	char rec[100] = {0}, in[200];
	FILE *f = fopen("bs.dat", "w");
	for (int i = 0; i < 600; i++)
		fwrite(rec, 100, 1, f);
	fclose(f);
	FILE *g = fopen("bs.dat", "r");
	for (int i = 0; i < 300; i++)
		fread(in, 200, 1, g);
	fclose(g);
	for (int k = 0; k < 3; k++) {
		FILE *h = fopen("bs.two", "w");
		for (int i = 0; i < 5; i++)
			fwrite(rec, 100, 1, h);
		fclose(h);
	}
	FILE *s = fopen("bs.set", "w");
	setvbuf(s, vb, _IOFBF, sizeof(vb));
	for (int i = 0; i < 20; i++)
		fwrite(rec, 100, 1, s);
	fclose(s);
	FILE *u = fopen("bs.put", "w");
	put(u);
	fclose(u);
	FILE *w = fopen("bs.putv", "w");
	setvbuf(w, vb2, _IOFBF, sizeof(vb2));
	put(w);
	fclose(w);
	return 0;
}

static void put(FILE *p)
{
	fwrite(vb, 100, 1, p);
}
END
$RUN blocks --source --format=csv bs.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
_lib=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$_lib" ] && command -v cc > /dev/null && cc -g -O0 -o bs bs.c; then
	$RUN trace --stacks -o bs.it ./bs 2> /dev/null
	is "$(grep -c 'newfstatat([0-9]*, "", {st_blksize=4096, ...}, AT_EMPTY_PATH) = 0' bs.it)" 6 \
		"iolens trace: the fstat of each stream's first use (f, g, h three times, u in put()), none after setvbuf"
	$RUN blocks --source --format=csv bs.c bs.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its trace"
	for b in main main:9 main:9:10 main:13 main:13:14 main:16 main:16:18 main:16:18:19 main:24 main:24:25 put put:39; do
		# a block missing from the join (both columns empty) fails
		c=$(block_col j.csv $b calls)
		is "$(block_col j.csv $b predicted_calls)" "${c:-no block $b}" \
			"$b: predicted calls are the measured ($c)"
	done
	is "$(block_col j.csv main:9 calls),$(block_col j.csv main:13 calls),$(block_col j.csv main:16:18 calls),$(block_col j.csv main:24 calls)" \
		"15,16,3,1" "... 14 write(2) + 1 fstat, 15 read(2) + 1, 3 x 1 fstat (500 B stay in the buffer), 1 write(2) and no fstat"
	is "$(block_col j.csv put calls)" 1 "put(): the fstat of u, given unused, none of w, given after setvbuf"
	if command -v strace > /dev/null && strace -f -y -o st.txt ./bs 2> /dev/null; then
		is "$(grep -c 'newfstatat([0-9]*</[^>]*/bs\.[a-z]*>, ""' st.txt)" 6 "strace counts the same 6 fstat"
	else
		skip "no strace" 1
	fi
else
	skip "no iolens-trace.so or no C compiler" 17
fi
done_testing
