#!/bin/sh
# The commands of a serve batch (iolens --serve-batch, a job page's
# child) that read one store share one opening of it: the store is
# opened and its schema read once, so the page's tables all come from
# the store as it was at the first of them, even if it is replaced
# between two.  Each command's output is what it prints alone: two
# stores in one batch stay apart, a refused --where leaves the store
# usable by the next command.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 3
LOG=$(sqlite3 "$DB" "SELECT path FROM jobs WHERE id = 1")
ONE=$TMP/one.db
$IOLENS ingest --db "$ONE" "$LOG" >/dev/null 2>&1
ok $? "a second store of one job"
RS=$(printf '\036')

# the frame a command makes alone: "status outlen errlen\n", out, err
alone() {
	"$@" 3<"$LOG" >"$TMP/a.out" 2>"$TMP/a.err"
	_st=$?
	printf '%d %d %d\n' "$_st" "$(wc -c <"$TMP/a.out")" "$(wc -c <"$TMP/a.err")"
	cat "$TMP/a.out" "$TMP/a.err"
}
stopped() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $1 }'; }

# the store replaced between the batch's two commands (the child holds
# itself before the second: IOLENS_TEST_HOLD_AT): both read the first
cp "$DB" "$TMP/s.db"
alone $IOLENS jobs --db "$TMP/s.db" --format csv >"$TMP/three.frame"
alone $IOLENS jobs --db "$ONE" --format csv >"$TMP/one.frame"
cmp -s "$TMP/three.frame" "$TMP/one.frame"
is $? 1 "the two stores list different jobs"
: >"$TMP/hold"
IOLENS_TEST_HOLD=$TMP/hold IOLENS_TEST_HOLD_AT=2 \
	$IOLENS --serve-batch jobs --db "$TMP/s.db" --format csv "$RS" \
	jobs --db "$TMP/s.db" --format csv >"$TMP/batch" &
pid=$!
# no time limit: the child stops itself, however the machine schedules
while [ "$(stopped $pid)" != T ] && kill -0 $pid 2>/dev/null; do
	sleep 0.05
done
is "$(stopped $pid)" T "the batch held before its second command"
mv "$ONE" "$TMP/s.db"
kill -CONT $pid
wait $pid
ok $? "--serve-batch exits 0"
cat "$TMP/three.frame" "$TMP/three.frame" >"$TMP/want"
cmp -s "$TMP/want" "$TMP/batch"
ok $? "both commands list the store as it was opened (three jobs each)"

# a job page's four store commands and two stores in one batch: each
# output as the command prints it alone
$IOLENS ingest --db "$ONE" "$LOG" >/dev/null 2>&1
W="app = (SELECT app FROM jobs WHERE id = 1) AND start_time <= (SELECT start_time FROM jobs WHERE id = 1)"
{
	alone $IOLENS context --db "$DB" /dev/fd/3 --format csv
	alone $IOLENS jobs --db "$DB" --where "$W" --sort -start_time --format csv
	alone $IOLENS jobs --db "$ONE" --format csv
	alone $IOLENS context --db "$DB" --scope app /dev/fd/3 --format csv
	alone $IOLENS context --db "$ONE" --scope user /dev/fd/3 --format csv
	alone $IOLENS jobs --db "$DB" --where "nosuch(" --format csv
	alone $IOLENS jobs --db "$DB" --format csv
} >"$TMP/want2"
$IOLENS --serve-batch context --db "$DB" /dev/fd/3 --format csv "$RS" \
	jobs --db "$DB" --where "$W" --sort -start_time --format csv "$RS" \
	jobs --db "$ONE" --format csv "$RS" \
	context --db "$DB" --scope app /dev/fd/3 --format csv "$RS" \
	context --db "$ONE" --scope user /dev/fd/3 --format csv "$RS" \
	jobs --db "$DB" --where "nosuch(" --format csv "$RS" \
	jobs --db "$DB" --format csv 3<"$LOG" >"$TMP/batch2"
ok $? "a batch of two stores' commands exits 0"
cmp -s "$TMP/want2" "$TMP/batch2"
ok $? "... each output as the command prints it alone"
grep -aq '^2 0 [1-9]' "$TMP/batch2"
ok $? "... the refused --where its usage error, the next command its jobs"

done_testing
