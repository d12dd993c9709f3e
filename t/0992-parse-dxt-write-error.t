#!/bin/sh
# parse --dxt's formatting threads write the text themselves, in order
# (the worker that finds the next chunk formatted writes it; no writer
# thread), from output buffers they pass on to each other.  A write that
# fails part way (a full disk, a reader gone) must still end in one line
# of error and exit 1 at any number of threads, never a hang or a crash,
# and the text written before it is the whole text's beginning.  The IOR log of t/0980: 32,768 DXT lines,
# four chunks of the pipeline.
. "$(dirname "$0")/lib.sh"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan | head -1)
[ -f "$LOG" ] || skip_all "no bundled IOR log"
[ -w /dev/full ] || skip_all "no /dev/full"

$RUN parse --dxt --threads 1 "$LOG" >"$TMP/whole" 2>/dev/null
is "$(grep -c '^ *X_POSIX' "$TMP/whole")" 32768 "the whole text: 32,768 DXT lines"

for t in 1 2 3 7; do
	$RUN parse --dxt --threads $t "$LOG" >/dev/full 2>"$TMP/err"
	st=$?
	is "$st:$(wc -l <"$TMP/err" | tr -d ' ')" 1:1 "--threads $t, a full disk: exit 1, one line"
	grep -q "^iolens parse: write error: No space left on device$" "$TMP/err"
	ok $? "--threads $t: said so ($(cat "$TMP/err"))"
done

# a reader that leaves after 200,000 bytes, with SIGPIPE ignored (as
# under a shell that ignores it): EPIPE, then nothing more
for t in 1 2 3 7; do
	(
		trap '' PIPE
		$RUN parse --dxt --threads $t "$LOG" 2>"$TMP/err" | head -c 200000 >"$TMP/head"
		exit 0
	)
	grep -q "^iolens parse: write error: Broken pipe$" "$TMP/err"
	ok $? "--threads $t, a reader gone: said so ($(cat "$TMP/err"))"
	head -c 200000 "$TMP/whole" | cmp -s - "$TMP/head"
	ok $? "--threads $t: what the reader got is the text's beginning"
done
done_testing
