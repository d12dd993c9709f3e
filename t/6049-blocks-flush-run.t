#!/bin/sh
# blocks --source: a FILE *'s writes between its open or flush and its
# next fflush or fclose (a run) make their full buffers' write(2) less
# one when they fill the buffer exactly, as glibc sends a full buffer
# only when the next byte comes, so the flush sends it; and a run's rest,
# which its flush sends, does not add to the next run's (issue 33).
# t/data/blocks/flush-run.c, traced, and the trace checked against
# strace's write(2) count where strace is here.  Joined, a block whose
# read(2) and write(2) are known is compared as system calls.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/flush-run.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv put sys_writes)" 1 "put(): 8 fwrite of 512 B and a fflush, one write(2)"
is "$(col s.csv main:28 sys_writes)" 8 "4 runs of 3 fwrite of 1800 B and a fflush: 2 write(2) each"
is "$(col s.csv main sys_writes)" 13 "main(): 1 + 1 + 8 + 3"

LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null && cp "$SRC" . &&
	cc -g -O0 -o fr flush-run.c 2> /dev/null; then
	$RUN trace --stacks -o fr.it ./fr 2> /dev/null
	$RUN blocks --source --format=csv flush-run.c fr.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	for b in main put main:28 main:33; do
		is "$(col j.csv $b writes),$(col j.csv $b predicted_sys_writes)" \
			"$(col j.csv $b writes),$(col j.csv $b writes)" "$b: predicted write(2) are the measured"
	done
	# compared as system calls: a block whose read(2) and write(2) are
	# the measured does not differ for the bytes the kernel has at a flush
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["predicted_sys_writes"] != "" && $c["predicted_sys_writes"] == $c["writes"] &&
		$c["predicted_sys_reads"] == $c["reads"] && $c["status"] == "differs" { print $1 }' j.csv)" "" \
		"no block whose system calls are the measured differs"
	# the loop's 8 fwrite fill the buffer exactly: no write(2) of the
	# loop's (the trace has 0 there), the fflush's one
	is "$(col j.csv main:24 predicted_writes),$(col j.csv main:26 predicted_calls),$(col j.csv main:26 predicted_syncs),$(col j.csv main:26 status)" \
		"0,1,0,calls exact" "the join's predicted calls are system calls: fflush a write(2), not a sync"
	if command -v strace > /dev/null && strace -f -o st.txt -e trace=write ./fr 2> /dev/null; then
		is "$(grep -c 'write(3,' st.txt)" "$(col j.csv main writes)" "the trace's writes are the kernel's (strace)"
	else
		skip "no strace" 1
	fi
else
	skip "no iolens-trace.so or no C compiler" 8
fi
done_testing
