#!/bin/sh
# blocks --source scans a function's body once to learn whether it only
# writes a stream it is given (the fill a caller leaves in the buffer is
# carried into such a call), not again at each call site: a function of
# K statements called from N sites cost K x N (2,000 and 2,000: 100 s
# where the source took 0.3 s before the fill was carried).  Counted by
# an LD_PRELOAD library (t/data/blocks/visits.c): the cursors libclang
# visits for 200 statements and 200 sites are less than 3 times those for
# 100 and 100 (linear: 2 times; they were 3.9 times, 280,065 and
# 1,099,865, now 10,686 and 21,086).  No time is measured.
. "$(dirname "$0")/lib.sh"
visits_build

# src K: put() of K fwrite lines under an if, called from K sites of main
src() {
	{
		printf '#include <stdio.h>\nstatic char b[4096];\n'
		printf 'static void put(FILE *a, FILE *c)\n{\n'
		i=0
		while [ $i -lt "$1" ]; do
			printf '\tif (b[%d])\n\t\tfwrite(b, 1, 10, a);\n' $i
			i=$((i + 1))
		done
		printf '\tfflush(a);\n\tfflush(c);\n}\n\nint main(void)\n{\n'
		printf '\tFILE *f = fopen("o1", "w");\n\tFILE *g = fopen("o2", "w");\n\n'
		i=0
		while [ $i -lt "$1" ]; do
			printf '\tput(f, %s);\n' "$([ $((i % 2)) -eq 0 ] && echo g || echo f)"
			i=$((i + 1))
		done
		printf '\tfclose(f);\n\tfclose(g);\n\treturn 0;\n}\n'
	} > "s$1.c"
}
visits_linear "%s statements, %s sites: blocks --source runs" ""
is "$(block_col s200.csv main sys_writes)" 300 "main's write(2): put(f, g) 2, put(f, f) 1, 300 as before"
done_testing
