#!/bin/sh
# What iolens trace used to miss (issue 33, "the tracer sees the rest"),
# against the kernel's own count (strace -f): a stdio call that glibc
# gives the kernel as two system calls is two lines of the same sizes,
# what exit() flushes after the program's last call is in the trace, and
# a file mapped into memory is a line that summary and blocks point out.
. "$(dirname "$0")/lib.sh"
command -v cc > /dev/null || skip_all "no C compiler"
$RUN trace -o "$TMP/probe.trace" -- true 2> /dev/null || skip_all "iolens trace cannot run here"
W=$TMP/w
mkdir -p "$W"
cat > "$TMP/rest.c" << 'EOF'
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
static char b[40000];
int main(void)
{
	FILE *f = fopen("a", "w"), *g = fopen("b", "w"), *r;
	int fd;
	char *m;
	size_t n;

	memset(b, 'x', sizeof(b));
	fwrite(b, 1, 100, f);
	fwrite(b, 1, 20000, f); /* fills the buffer, writes it, then more */
	fwrite(b, 1, 777, g);	/* written by exit() only */
	fflush(f);
	r = fopen("a", "r");
	n = fread(b, 1, 100, r);
	n += fread(b, 1, 20000, r); /* what is buffered, more, then a refill */
	fclose(r);
	fd = open("c", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (!n || fd < 0 || ftruncate(fd, 1 << 20) != 0)
		return 1;
	m = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return 1;
	memset(m, 'y', 1 << 20);
	munmap(m, 1 << 20);
	close(fd);
	fwrite(b, 1, 3000, f);	/* and exit() writes it */
	exit(0);
}
EOF
cc -g -O0 -o "$TMP/rest" "$TMP/rest.c" || skip_all "cannot build the program"

cd "$W" && $RUN trace --stacks -o "$TMP/rest.trace" -- "$TMP/rest" 2> /dev/null
ok $? "traced"
cd "$TMP" || exit 1

# the sizes of the reads and writes on files a, b, c, in the order made
sizes() {
	awk '
	/open(at)?\(/ && / = [0-9]+/ {
		if (match($0, /"[^"]*"/)) {
			p = substr($0, RSTART + 1, RLENGTH - 2); sub(/.*\//, "", p)
			split($0, q, " = "); split(q[2], v, " ")
			if (p ~ /^[abc]$/) name[v[1]] = p; else delete name[v[1]]
		}
	}
	/ (read|write)\(/ {
		if (!match($0, /(read|write)\([0-9]+/)) next
		s = substr($0, RSTART, RLENGTH); split(s, x, "(")
		split($0, q, " = "); split(q[2], v, " ")
		if ((x[2] in name) && v[1] > 0) printf "%s %s %s\n", name[x[2]], x[1], v[1]
	}' "$1"
}
sizes "$TMP/rest.trace" > traced
is "$(grep -c '^b write' traced)" 1 "exit's flush of a stream is in the trace"
is "$(awk '$1 == "b" { s += $3 } END { print s + 0 }' traced)" 777 "  its 777 bytes"
is "$(awk '$1 == "a" && $2 == "write" { s += $3 } END { print s + 0 }' traced)" \
	"$(stat -c %s "$W/a")" "every byte written to a is in the trace ($(stat -c %s "$W/a"))"
grep -q 'mmap(NULL, 1048576, PROT_READ|PROT_WRITE, MAP_SHARED, [0-9]*, 0) = [0-9]' "$TMP/rest.trace"
ok $? "the mapping of a file is a line"
$RUN summary "$TMP/rest.trace" > sum 2> err
grep -q '^  mapped files  *1 mmap of files' sum
ok $? "summary says a file was mapped and its I/O is not counted"
$RUN blocks "$TMP/rest.trace" > bl 2> err
grep -q '^1 file mapping (mmap)' bl
ok $? "blocks says so too"

# against the kernel: the same system calls in the same order
if command -v strace > /dev/null && (cd "$W" && strace -f -o "$TMP/st" "$TMP/rest") 2> /dev/null; then
	sizes "$TMP/st" > kernel
	is "$(cat traced)" "$(cat kernel)" "every read and write of a, b, c as the kernel saw them ($(wc -l < kernel) calls)"
	is "$(grep -c '^a write' kernel)" "$(grep -c '^a write' traced)" "  a's writes: as many lines as system calls"
else
	skip "strace cannot run here" 2
fi
done_testing
