#!/bin/sh
# context: an output it cannot write is a failure, as for every command
# (exit 1 with the one message), not exit 0 after the message; the
# table it writes when it can is unchanged.
. "$(dirname "$0")/lib.sh"
L=$(ls "$SAMPLES"/nonmpi/darshan/*/*.darshan | head -1)
$RUN ingest --db "$TMP/s.db" "$SAMPLES/nonmpi" > /dev/null 2>&1
ok $? "a store of the sample logs"

$RUN context --db "$TMP/s.db" "$L" -o "$TMP/no/such/c.csv" > "$TMP/out" 2> "$TMP/err"
is $? 1 "an output in a directory that does not exist: exit 1"
is "$(cat "$TMP/err")" "iolens context: cannot write '$TMP/no/such/c.csv': No such file or directory" \
	"said in one line"
is "$(wc -c < "$TMP/out" | tr -d ' ')" 0 "nothing on stdout"
$RUN context --db "$TMP/s.db" "$L" -o "$TMP/c.csv"
is $? 0 "the same into a file it can write: exit 0"
head -n 1 "$TMP/c.csv" | grep -q '^log,scope,earlier_jobs,metric,'
ok $? "its table written"
done_testing
