#!/bin/sh
# iolens parse formats on more than one thread only when the text is
# large (render/parse-pipe.c after 64 records, render/dxt-pipe.c after a
# chunk of 8192 segment lines): the threaded text must be byte for byte
# the one-thread text on logs of the repository that pass those marks
# many times (the switch from the caller's thread to the pipeline comes
# in the middle of a module), whatever --threads or IOLENS_THREADS say.
. "$(dirname "$0")/lib.sh"

IOR=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan | head -1)
CP=$TOP/t/data/triage-commit/cp-tree-1200.darshan

# the logs pass the marks: 4 chunks of DXT lines, 37 batches of records
n=$($IOLENS parse --dxt --threads 1 "$IOR" | grep -c '^ *X_POSIX')
ok $([ "$n" -gt $((3 * 8192)) ]; echo $?) "ior_posix_n1_t4k: $n DXT lines, over 3 chunks"
n=$($IOLENS parse --base --threads 1 "$CP" | awk '/^POSIX/ { print $2, $3 }' | sort -u | wc -l)
ok $([ "$n" -gt $((64 + 32 * 4)) ]; echo $?) "cp-tree-1200: $n POSIX records, past 64 and 4 batches"

# same CMD... LOG: stdout, stderr and the exit status of the one-thread run
one() {
	$RUN parse "$@" >"$TMP/one" 2>"$TMP/one.err"
	echo "rc $?" >>"$TMP/one"
}
same() {
	desc=$1
	shift
	"$@" >"$TMP/out" 2>"$TMP/out.err"
	echo "rc $?" >>"$TMP/out"
	cmp -s "$TMP/out" "$TMP/one" && cmp -s "$TMP/out.err" "$TMP/one.err"
	ok $? "$desc"
}

for log in "$IOR" "$CP"; do
	b=$(basename "$(dirname "$log")")
	[ "$log" = "$CP" ] && b=cp-tree-1200
	for opt in --dxt --all --base "--file --total"; do
		one $opt --threads 1 "$log"
		for t in 2 3 7; do
			same "$b: parse $opt --threads $t is the one-thread text" \
				$RUN parse $opt --threads $t "$log"
		done
		same "$b: parse $opt, IOLENS_THREADS=3, is the one-thread text" \
			env IOLENS_THREADS=3 $RUN parse $opt "$log"
		same "$b: parse $opt, IOLENS_THREADS=1, is the one-thread text" \
			env IOLENS_THREADS=1 $RUN parse $opt "$log"
	done
done
done_testing
