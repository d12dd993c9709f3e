#!/bin/sh
# iolens blocks folds what is not the application's code into one
# labelled block each, so that the application's blocks are the roots a
# reader finds first (issue 33, "MPI aware"):
#   - a launcher's processes (mpirun, here orterun: frames of its
#     program, its threads after them, its fork before the exec, its calls
#     without a stack) in one root "[launcher: orterun]" with no children;
#   - the loader's and the C start code's frames (ld.so, _start,
#     __libc_start_main) left out: main() is a root, ld.so's own calls in
#     one root "[loader: ld.so]", exit's flush of stdio in one "[loader]"
#     (apart since issue 33 D2: a join pairs only exit's with the source);
#   - MPI_Init and MPI_Finalize (Open MPI's PMPI_Finalize jumps to
#     ompi_mpi_finalize: that name too) one block each under their caller,
#     the calls of MPI's threads (no frame of the program) in one root
#     "[MPI: library]"; the folded roots after the program's.
# t/data/strace/stack-mpi.trace is a hand-made strace -f -k of mpirun
# -np 2 (no binary of it on any machine; the second rank's thread calls
# before the rank itself does, after the exec); then a real MPI program under
# iolens trace --stacks -- mpirun -np 2, and a real strace -k of a
# program of known I/O.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1

M=$TOP/t/data/strace/stack-mpi.trace
roots() { awk -F, 'NR > 1 && $1 !~ /[.#]/ { printf "%s%s", s, $3; s = " " } END { print "" }' "$1"; }

# ---- a hand-made trace of mpirun -np 2 ----
$RUN blocks --sort line --format=csv "$M" > "$TMP/m.csv" 2> "$TMP/err"
ok $? "blocks of a traced mpirun: exit 0"
is "$(roots "$TMP/m.csv")" "main [MPI: library] [launcher: orterun] [loader: ld.so] [loader]" \
	"the roots: main first, then one box each for MPI's threads, the launcher, the loader"
is "$(tail -n +2 "$TMP/m.csv" | cut -d, -f1,3,4,7,8,9,10,12,13,19,20)" \
"1,main,/opt/app/bin/app,6,3,1,1,7,16,1,main()
1.1,dump,/opt/app/bin/app,2,1,0,1,0,16,1,main();dump()
1.2,[MPI: MPI_Finalize],/opt/ompi/lib/libmpi.so.40,1,0,0,0,0,0,1,main();[MPI: MPI_Finalize]
1.3,[MPI: MPI_Init],/opt/ompi/lib/libmpi.so.40,2,1,1,0,7,0,1,main();[MPI: MPI_Init]
2,[MPI: library],,3,2,1,0,8192,0,2,[MPI: library]
3,[launcher: orterun],/opt/ompi/bin/orterun,7,4,1,2,9,8193,3,[launcher: orterun]
4,[loader: ld.so],,3,2,1,0,832,0,2,[loader: ld.so]
5,[loader],,1,0,0,1,0,5,1,[loader]" \
	"each box once: MPI_Init's and MPI_Finalize's calls under main(), none of MPI's functions; mpirun's 7 calls of 3 processes (its thread's, its forks' before the exec, one without a stack); ld.so's 3 and exit's flush"
is "$(awk -F, 'NR > 1 && $1 !~ /\./ { c += $7 } END { print c }' "$TMP/m.csv")" 20 \
	"the roots add up to the job's 20 calls on files"
is "$(awk -F, '$3 == "[MPI: library]" { print $19 }' "$TMP/m.csv")" 2 \
	"a rank whose thread calls before the rank itself does: after the exec (the loader's call), MPI's, not mpirun's"
grep -c orterun "$TMP/err" > "$TMP/n"
is "$(cat "$TMP/n")" 0 "no word on the launcher's binary (its frames are folded)"
$RUN blocks "$M" > "$TMP/m.txt" 2> /dev/null
is "$(sed -n 2p "$TMP/m.txt")" \
	"folded: [MPI: MPI_Finalize], [MPI: MPI_Init], [MPI: library], [launcher: orterun], [loader: ld.so], [loader]; frames of the loader and C start (ld.so, _start, __libc_start_main) left out" \
	"the text's head says what was folded"
is "$(sed -n 4p "$TMP/m.txt" | awk '{ print $1 }')" "main()" \
	"ranked (by bytes): the program's main() first, though the launcher moved more"

# diff: the boxes by their labels, without a function's "()"
is "$($RUN diff --format=csv "$TOP/t/data/strace/stack-k.trace" "$M" 2> /dev/null | grep '^blocks,' | cut -d, -f2 | grep '\[' | sort -u | tr '\n' ';')" \
	"[MPI: library];[launcher: orterun];[loader: ld.so];[loader];main() > [MPI: MPI_Finalize];main() > [MPI: MPI_Init];" \
	"diff: the folded blocks by their labels, without \"()\""

# ---- a real MPI program under iolens trace --stacks -- mpirun -np 2 ----
if ! command -v mpicc > /dev/null || ! command -v mpirun > /dev/null ||
	[ ! -f "$(dirname "$IOLENS")/iolens-trace.so" ]; then
	skip "mpicc, mpirun or the tracer library is not there" 7
else
	W=$TMP/w
	mkdir -p "$W"
	cat > "$W/prog.c" << 'END'
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

static void dump(int rank)
{
	char name[32], buf[1000] = {0};
	int fd, i;

	snprintf(name, sizeof(name), "out%d.dat", rank);
	fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < 4; i++)
		write(fd, buf, sizeof(buf));
	close(fd);
}

int main(int argc, char **argv)
{
	int rank;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	dump(rank);
	MPI_Finalize();
	return 0;
}
END
	export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_mpi_warn_on_fork=0
	(cd "$W" && mpicc -g -O0 -o prog prog.c &&
		timeout 300 $RUN trace --stacks -o "$TMP/p.it" -- \
			mpirun -np 2 --oversubscribe --allow-run-as-root ./prog) > "$TMP/out" 2>&1
	ok $? "mpirun -np 2 traced with stacks ($(tail -1 "$TMP/out"))"
	$RUN blocks --sort line --format=csv "$TMP/p.it" > "$TMP/p.csv" 2> "$TMP/err"
	is "$?:$(grep -c -e orterun -e mpirun -e prterun "$TMP/err")" "0:0" \
		"blocks: exit 0, no word on the launcher's binary"
	# MPI's threads and exit may or may not touch files: their boxes
	# are left out here
	is "$(roots "$TMP/p.csv" | sed 's/\[launcher: [a-z]*\]/[launcher]/; s/ \[MPI: library\]//; s/ \[loader\]//')" \
		"main [launcher]" \
		"the roots: main, then the launcher's box (no _start, no launcher's or MPI's functions)"
	is "$(awk -F, '$3 ~ /^\[launcher: / { print $20 }' "$TMP/p.csv" | sed 's/: [a-z]*\]/]/')" "[launcher]" \
		"... the launcher's box has no children"
	is "$(awk -F, 'NR > 1 && $3 != "main" && $3 != "dump" && $3 !~ /^\[/ && $2 == "function" { print $3 }' "$TMP/p.csv")" "" \
		"... and no function of MPI's libraries is a block"
	is "$(awk -F, '$3 == "[MPI: MPI_Init]" { split($20, p, ";"); print $19, p[1], (p[2] ~ /^prog.c:[0-9]+$/), p[3] }' "$TMP/p.csv")" \
		"2 main() 1 [MPI: MPI_Init]" \
		"MPI_Init one block under its line in main(), in both ranks"
	is "$(awk -F, '$3 == "dump" && $2 == "function" { print $8, $10, $13, $19 }' "$TMP/p.csv")" "2 8 8000 2" \
		"dump(): 2 opens, 8 writes of 8000 bytes in 2 ranks"
fi

# ---- strace -k of a program of known I/O: the loader in one box ----
if ! command -v strace > /dev/null || ! command -v cc > /dev/null; then
	skip "strace or cc is not there" 3
else
	W=$TMP/k
	mkdir -p "$W"
	cp "$TOP/t/data/blocks/known.c" "$W/"
	(cd "$W" && cc -g -O0 -o known known.c &&
		strace -f -k -y -tt -T -o k.trace ./known kdata) > /dev/null 2>&1
	$RUN blocks --sort line --format=csv "$W/k.trace" > "$TMP/k.csv" 2> /dev/null
	is "$(roots "$TMP/k.csv")" "main [loader: ld.so]" "strace -k: the roots main() and [loader: ld.so] (no _start; no exit flush)"
	is "$(awk -F, '$3 ~ /^_dl_|^dl_main$|^_start$/' "$TMP/k.csv" | wc -l | tr -d ' ')" 0 \
		"... none of the loader's functions is a block"
	is "$(awk -F, '$3 == "main" && $2 == "function" { print $7, $12, $13 }' "$TMP/k.csv")" "27 4000 65536" \
		"... main()'s calls and bytes as before"
fi
done_testing
