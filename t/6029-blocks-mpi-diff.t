#!/bin/sh
# Code blocks of many processes and of two runs (issue 33):
#   - blocks --source FILE TRACE of a job whose processes each ran main
#     (an MPI job's ranks; here four exec'd by sh) compares the
#     per-process prediction times the processes, not one process's
#     against all of them;
#   - diff pairs blocks by call path and the kinds of call they make: a
#     line that opens never with one that closes when lines moved; the
#     blocks unchanged in calls and bytes are hidden (--all shows them);
#     --top applies to the blocks too; a summary metric one side does not
#     know (a trace's compute nodes) is unknown, not 0, and comes last.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1

command -v cc > /dev/null || skip_all "no C compiler"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
W=$TMP/w
mkdir -p "$W"

# ---- four processes through main ----
# each started by a launcher as mpirun does (fork, then exec): a run of
# main of its own; forked children are no ranks (t/6116)
cat > "$W/launch.c" << 'END'
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	static char *const arg[] = {"0", "1", "2", "3"};
	int k;

	for (k = 0; k < 4; k++)
		if (fork() == 0) {
			execl("./ranks", "ranks", arg[k], (char *)0);
			_exit(127);
		}
	while (wait(0) > 0)
		;
	return 0;
}
END
cat > "$W/ranks.c" << 'END'
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char buf[4096];

static void work(int rank)
{
	char name[32];
	int fd, i;

	snprintf(name, sizeof(name), "rank%d.out", rank);
	fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < 8; i++)
		write(fd, buf, sizeof(buf));
	close(fd);
}

int main(int argc, char **argv)
{
	work(argc > 1 ? atoi(argv[1]) : 0);
	return 0;
}
END
(cd "$W" && cc -g -O0 -o ranks ranks.c && cc -g -O0 -o launch launch.c &&
	$RUN trace --stacks -o "$TMP/r.it" ./launch 2> /dev/null)
if [ -f bin/iolens-code.so ]; then
	$RUN blocks --source "$W/ranks.c" "$TMP/r.it" > "$TMP/r.txt" 2> "$TMP/err"
	is "$?:$(cat "$TMP/err")" "0:" "four processes through main: exit 0"
	is "$(sed -n 2p "$TMP/r.txt")" "main ran in 4 processes: the prediction, per process, is counted 4 times" \
		"... says the processes that ran main"
	grep -q '^predicted against measured: 7 blocks compared, 7 exact in calls and bytes,$' "$TMP/r.txt"
	ok $? "... and every block is exact (work's 8 writes x 4 processes)"
else
	skip "bin/iolens-code.so is not built" 3
fi

# ---- diff: lines moved ----
printf '#include <fcntl.h>\n#include <unistd.h>\nint main(void)\n{\n\tint fd = open("m.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);\n\twrite(fd, "abc", 3);\n\tclose(fd);\n\treturn 0;\n}\n' > "$W/m.c"
# two lines more before the open: the open now has the close's number
mkdir -p "$W/moved"
awk 'NR == 5 { print "\t/* two lines"; print "\t * more */" } { print }' "$W/m.c" > "$W/moved/m.c"
(cd "$W" && cc -g -O0 -o m m.c && $RUN trace --stacks -o "$TMP/m1.it" ./m &&
	cd moved && cc -g -O0 -o m m.c && $RUN trace --stacks -o "$TMP/m2.it" ./m) 2> /dev/null
$RUN diff --all --format=csv "$TMP/m1.it" "$TMP/m2.it" | grep '^blocks,' | grep ',calls,' | cut -d, -f2,5,6 > "$TMP/m.rows"
is "$(grep -c '^main() > m.c:7,' "$TMP/m.rows")" 0 "the close at line 7 is not paired with the open now at 7"
is "$(cut -d, -f1 "$TMP/m.rows" | sort | tr '\n' ';')" \
	"main();main() > m.c:5 -> main() > m.c:7;main() > m.c:6 -> main() > m.c:8;main() > m.c:7 -> main() > m.c:9;" \
	"... the open with the open, the write with the write, the close with the close"
$RUN diff "$TMP/m1.it" "$TMP/m2.it" > "$TMP/m.txt"
grep -q '^  4 blocks unchanged in calls and bytes not shown: --all shows them$' "$TMP/m.txt"
ok $? "unchanged blocks hidden, counted, --all named"

# ---- --top on the blocks ----
cp t/data/blocks-diff/fix.c "$W/"
(cd "$W" && cc -g -O0 -o before fix.c && cc -g -O0 -DFIXED -o after fix.c &&
	$RUN trace --stacks -o "$TMP/a.it" ./before x.dat && $RUN trace --stacks -o "$TMP/b.it" ./after x.dat) 2> /dev/null
is "$($RUN diff --top 1 --format=csv "$TMP/a.it" "$TMP/b.it" | grep '^blocks,' | cut -d, -f2 | sort -u | wc -l)" 1 \
	"--top 1: one block"
$RUN diff --top 1 "$TMP/a.it" "$TMP/b.it" | grep -q '^  [0-9]* more blocks past --top$'
ok $? "... the others counted"

# ---- unknown is not 0: a trace does not know the compute nodes ----
L=$(ls "$TOP"/sample-logs/ior/ior_posix_n1_t4m/*.darshan | head -1)
$RUN diff --format=csv "$L" "$TMP/a.it" > "$TMP/u.csv" 2> /dev/null
is "$(grep '^summary,job,nodes,' "$TMP/u.csv")" "summary,job,nodes,,1,,," \
	"nodes 1 against unknown: no change, no ratio (not -1)"
is "$(grep '^summary,' "$TMP/u.csv" | awk -F, '$3 == "nodes" { n = NR } $5 != "" && $6 != "" && $7 != "0" { c = NR } END { print (n > c) }')" 1 \
	"... after every row that changed"
done_testing
