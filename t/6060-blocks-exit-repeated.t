#!/bin/sh
# blocks --source: exit() calls not under a branch, one after another
# (all but the first never reached), cost no more than the first.  Each
# took exit()'s rest of the stream again (t/6059's fill-exit: a run of
# every write since the flush before), so 6,000 fputs and 6,000 exit()
# (a 156 KB file) held 36 million run entries: 660 MB where the
# source's blocks need under 100 MB; under a 1.2 GB limit (the address
# space of the parser's 512 MB stack and libclang included) it ran out.
. "$(dirname "$0")/lib.sh"
need_code
# ASan and valgrind need address space a limit would take
[ "${SANITIZE:-0}" = 1 ] && skip_all "the memory limit under SANITIZE"
[ -n "${VALGRIND:-}" ] && skip_all "the memory limit under valgrind"
cd "$TMP" || exit 1

# n writes of one byte to one stream, then n exit(0)
gen() {
	awk -v n="$1" 'BEGIN {
		print "#include <stdio.h>\n#include <stdlib.h>\n"
		print "int main(void)\n{\n\tFILE *o = fopen(\"ex.out\", \"w\");\n"
		for (i = 0; i < n; i++) print "\tfputs(\"x\", o);"
		for (i = 0; i < n; i++) print "\texit(0);"
		print "\treturn 0;\n}"
	}' > "$2"
}

gen 3 small.c
$RUN blocks --source --format=csv small.c > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs on 3 writes and 3 exit()"
# the first exit() sends the 3 bytes; the two after it count as before
is "$(block_col s.csv main:11 sys_writes),$(block_col s.csv main sys_writes)" "1,3" \
	"the first exit() sends the buffer (the later ones as before)"

gen 6000 big.c
(ulimit -v 1200000 && $IOLENS blocks --source --format=csv big.c > b.csv 2> err)
is "$?:$(cat err)" "0:" "6,000 writes and 6,000 exit(): under 1.2 GB"
is "$(block_col b.csv main:6008 sys_writes)" 1 "the first exit() sends the buffer"
done_testing
