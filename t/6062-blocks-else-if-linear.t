#!/bin/sh
# blocks --source reads an `if` whose arms close a stream given to the
# function once: the parameters its arms name come from the scans of the
# arms, where each `if` of an else-if chain read all of the chain under it
# again (3,000 arms of fclose(a): 4.4 s, 0.3 s before the arms were
# read).  Counted by an LD_PRELOAD library (t/data/blocks/visits.c): the
# cursors libclang visits for a chain of 200 arms are less than 3 times
# those for 100 (linear: 2 times; they were 3.9 times, 53,259 and
# 206,259).  No time is measured.
. "$(dirname "$0")/lib.sh"
visits_build

# src D: fin(a, k) closing a in each of D arms of an else-if chain
src() {
	{
		printf '#include <stdio.h>\n\nstatic void fin(FILE *a, int k)\n{\n'
		printf '\tif (k == 0)\n\t\tfclose(a);\n'
		i=1
		while [ $i -lt "$1" ]; do
			printf '\telse if (k == %d)\n\t\tfclose(a);\n' $i
			i=$((i + 1))
		done
		printf '\telse\n\t\tfclose(a);\n}\n\nint main(void)\n{\n'
		printf '\tFILE *f = fopen("o", "w");\n\n\tfputs("x", f);\n'
		printf '\tfin(f, 3);\n\treturn 0;\n}\n'
	} > "s$1.c"
}
visits_linear "an else-if chain of %s arms: blocks --source runs" " arms"
# every arm closes a: the stream is closed after fin(), its write sent
# there, not at exit
is "$(block_col s200.csv '[loader]' sys_writes)" "" "no write(2) left for exit"
is "$(block_col s200.csv main sys_writes)" 1 "main's one write(2), at fin()'s fclose"
done_testing
