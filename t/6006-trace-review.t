#!/bin/sh
# iolens trace on real programs, against the file system's own figures:
# what a program writes through stdio (bash's echo, printf, fputs,
# putc), sort's temporary files (mkstemp), a fortified fread, a job the
# command leaves running in the background, and more threads than one
# merge round takes.  Each trace must also parse and replay with equal
# bytes and calls.
. "$(dirname "$0")/lib.sh"

W=$TMP/w
mkdir -p "$W" "$TMP/sb"
$RUN trace -o "$TMP/probe.trace" -- true 2> /dev/null || skip_all "iolens trace cannot run here"

# bytes FILE TRACE: "read written" of a file as the trace names it (a
# relative FILE: under the directory iolens trace started the program in)
bytes() {
	$RUN files --format=csv --merge "$2" |
		awk -F, -v p="$1" '$2 == p || substr($2, length($2) - length(p)) == "/" p { print $6, $7 }'
}

# replays NAME: the trace replays with bytes and calls equal (exit 0)
replays() {
	$RUN replay-script --overhead 0 -o "$TMP/$1.script" "$TMP/$1.trace" > /dev/null 2> "$TMP/err"
	ok $? "$1: replay-script reads the trace"
	$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" "$TMP/$1.script" > "$TMP/$1.replay" 2> "$TMP/err"
	ok $? "$1: replay gives equal bytes and calls"
}

size() { stat -c %s "$1"; }

# ---- a shell's builtins write through stdio ----
if command -v bash > /dev/null; then
	cd "$W" && $RUN trace -o "$TMP/sh.trace" -- bash -c 'echo hello > a; printf "%s-%d\n" abc 42 >> a; (cat a; echo x) > b' 2> /dev/null
	ok $? "bash: traced"
	cd "$TMP"
	is "$(bytes a "$TMP/sh.trace")" "$(size "$W/a") $(size "$W/a")" "bash: echo and printf's bytes to a file, cat's from it ($(size "$W/a"))"
	is "$(bytes b "$TMP/sh.trace")" "0 $(size "$W/b")" "bash: a subshell's cat and echo into one file ($(size "$W/b"))"
	replays sh
else
	skip "bash is not installed" 5
fi

# ---- sort: its temporary files come from mkstemp; its lines from fwrite ----
if command -v sort > /dev/null && command -v shuf > /dev/null; then
	seq 1 200000 | shuf --random-source=/dev/zero > "$W/in.txt"
	cd "$W" && $RUN trace -o "$TMP/sort.trace" -- sort -S 1M -T "$W" -o "$W/out.txt" "$W/in.txt" 2> /dev/null
	ok $? "sort: traced"
	cd "$TMP"
	is "$(bytes "$W/out.txt" "$TMP/sort.trace")" "0 $(size "$W/out.txt")" "sort: its output's bytes ($(size "$W/out.txt"))"
	tmp=$($RUN files --format=csv --merge "$TMP/sort.trace" |
		awk -F, -v d="$W/sort" 'index($2, d) == 1 { n++; r += $6; w += $7 } END { print n + 0, r + 0, w + 0 }')
	n=${tmp%% *}
	[ "$n" -gt 1 ] && [ "$(echo "$tmp" | awk '{ print ($2 == $3 && $3 > 0) }')" = 1 ]
	ok $? "sort: $n temporary files, as many bytes written as read back ($tmp)"
	is "$(grep -c "/sort[A-Za-z0-9]*\", O_RDWR|O_CREAT|O_EXCL.*, 0600) = [0-9]" "$TMP/sort.trace")" "$n" "sort: each temporary file's open (mkostemp) in the trace"
	# a line at a time through fwrite: about as many writes as the
	# stream buffer's flushes, not one per line
	w=$(grep -c ' write(' "$TMP/sort.trace")
	[ "$w" -lt 20000 ]
	ok $? "sort: $w write lines for 200000 lines written (a stream's calls in a row are one line)"
	replays sort
else
	skip "sort or shuf is not installed" 7
fi

# ---- a job left in the background outlives the command ----
cd "$W" && $RUN trace -o "$TMP/bg.trace" -- sh -c '(sleep 0.3; head -c 12345 /dev/zero > late) & exit 3' 2> /dev/null
is $? 3 "background: the exit status is the command's"
cd "$TMP"
is "$(bytes late "$TMP/bg.trace")" "0 12345" "background: the job's write after the command ended is in the trace"

# ---- stdio in C: characters, strings, lines, fortified fread, temporary files ----
if command -v cc > /dev/null; then
	cat > "$TMP/st.c" << 'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(void)
{
	char b[8192], l[256], *lp = NULL, t[] = "tmpXXXXXX";
	size_t n = 0, k, got = 0;
	volatile size_t want = sizeof(b); /* fortified: __fread_chk */
	FILE *f = fopen("s.dat", "w");
	int i, fd;

	for (i = 0; i < 3000; i++)
		fputc('a' + i % 26, f), putc('\n', f);
	fprintf(f, "%d %s\n", 42, "x");
	fputs("fputs\n", f);
	for (i = 0; i < sizeof(b); i++)
		b[i] = 'b';
	fwrite(b, 1, sizeof(b), f);
	fclose(f);
	f = fopen("s.dat", "r");
	fgets(l, sizeof(l), f);
	getline(&lp, &n, f);
	fgetc(f);
	getc(f);
	fclose(f);
	f = fopen("r.dat", "r");
	while ((k = fread(b, 1, want, f)) > 0)
		got += k;
	fclose(f);
	fd = mkstemp(t);
	write(fd, b, 300);
	close(fd);
	rename(t, "m.dat");
	f = tmpfile();
	fwrite(b, 1, 10, f);
	fclose(f);
	printf("%zu\n", got);
	return 0;
}
EOF
	if cc -O2 -D_FORTIFY_SOURCE=2 -w -o "$TMP/st" "$TMP/st.c" 2> /dev/null; then
		head -c 20000 /dev/zero > "$W/r.dat"
		cd "$W" && $RUN trace -o "$TMP/st.trace" -- "$TMP/st" > /dev/null 2>&1
		ok $? "stdio: traced"
		cd "$TMP"
		s=$(size "$W/s.dat")
		# the reads take a few lines: the stream's one buffer (st_blksize)
		blk=$(stat -c %o "$W/s.dat")
		[ "$blk" -lt "$s" ] || blk=$s
		is "$(bytes s.dat "$TMP/st.trace")" "$blk $s" "stdio: fputc, putc, fprintf, fputs, fwrite out ($s bytes), fgets, getline, getc in (one buffer, $blk)"
		if nm "$TMP/st" | grep -q __fread_chk; then
			is "$(bytes r.dat "$TMP/st.trace")" "20000 0" "stdio: a fortified fread's (__fread_chk) bytes"
		else
			skip "this compiler does not fortify fread"
		fi
		is "$($RUN files --format=csv --merge "$TMP/st.trace" | awk -F, '$2 ~ /(^|\/)tmp[A-Za-z0-9][A-Za-z0-9][A-Za-z0-9][A-Za-z0-9][A-Za-z0-9][A-Za-z0-9]$/ { print $6, $7 }')" "0 300" "stdio: mkstemp's file, its 300 bytes"
		grep -q 'openat(AT_FDCWD, "/tmp", O_RDWR|O_EXCL|O_TMPFILE, 0600) = [0-9]' "$TMP/st.trace"
		ok $? "stdio: tmpfile's open, as strace shows it"
		replays st
	else
		skip "cc cannot build a test program" 7
	fi
else
	skip "cc is not installed" 7
fi

# ---- more threads than one merge round takes (256 files) ----
if command -v cc > /dev/null && cat > "$TMP/th.c" << 'EOF' && cc -O2 -pthread -w -o "$TMP/th" "$TMP/th.c" 2> /dev/null; then
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
static void *run(void *a)
{
	char p[32], b[1000] = {0};
	int fd;

	snprintf(p, sizeof(p), "t%ld", (long)a);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	write(fd, b, sizeof(b));
	close(fd);
	return NULL;
}
int main(void)
{
	pthread_t t[300];
	long i;

	for (i = 0; i < 300; i++)
		pthread_create(&t[i], NULL, run, (void *)i);
	for (i = 0; i < 300; i++)
		pthread_join(t[i], NULL);
	return 0;
}
EOF
	mkdir -p "$W/th" && cd "$W/th" && $RUN trace -o "$TMP/th.trace" -- "$TMP/th" 2> "$TMP/th.err"
	ok $? "threads: traced"
	cd "$TMP"
	is "$(sed 's/.* calls of 1 process and \([0-9]*\) threads.*/\1/' "$TMP/th.err")" 300 "threads: 1 process and 300 threads, their files merged in rounds"
	is "$($RUN files --format=csv --merge "$TMP/th.trace" | awk -F, '$2 ~ /(^|\/)t[0-9]+$/ { n++; w += $7 } END { print n + 0, w + 0 }')" "300 300000" "threads: 300 files of 1000 bytes each"
	is "$(awk '!/^#/ { if ($2 < p) n++; p = $2 } END { print n + 0 }' "$TMP/th.trace")" 0 "threads: the merged lines in time order"
	# what replay-script takes off every gap: the tracer's own cost a
	# line, not a preempted thread's wait (300 threads on a few cores)
	mean=$(sed -n 's/^# tracer cost: \([0-9]*\) calls, \([0-9]*\) ns$/\1 \2/p' "$TMP/th.trace" | awk '$1 > 0 { printf "%d", $2 / $1 }')
	[ -n "$mean" ] && [ "$mean" -lt 20000 ]
	ok $? "threads: the tracer's mean cost a line ${mean:-?} ns, under 20 us"
	replays th
else
	skip "cc cannot build a threaded test program" 7
fi

done_testing
