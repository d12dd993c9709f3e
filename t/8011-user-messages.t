#!/bin/sh
# The messages a new user meets (issue 24): a directory given as a store,
# a text file that is no log, a command without its arguments, a store
# that ingest made for nothing.  One line naming the cause, the usual
# exit status, nothing left behind.
. "$(dirname "$0")/lib.sh"

LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan | head -1)
mkdir "$TMP/d"

for c in jobs "groups --by app" variance "population-report -o $TMP/x.pdf" "context $LOG" "iostat --db $TMP/d $SAMPLES/iostat/iostat-x-5s.txt.xz"; do
	set -- $c
	case $1 in iostat) $RUN $c >/dev/null 2>"$TMP/err" ;; *) $RUN $c --db "$TMP/d" >/dev/null 2>"$TMP/err" ;; esac
	st=$?
	grep -q "'$TMP/d': is a directory, not a population store" "$TMP/err"
	ok $? "$1 --db DIR: says it is a directory ($(head -1 "$TMP/err"))"
	is "$st" 1 "$1 --db DIR: exit 1"
done
$RUN ingest --db "$TMP/d" "$LOG" >/dev/null 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens ingest: cannot open '$TMP/d': is a directory, not a population store (the SQLite file iolens ingest makes)" \
	"ingest --db DIR: the same"
$RUN summary -o "$TMP/d" "$LOG" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens summary: cannot write '$TMP/d': Is a directory" "-o DIR: is a directory"

printf 'hello\n' >"$TMP/t.txt"
$RUN replay-script -o "$TMP/s" "$TMP/t.txt" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens replay-script: cannot read '$TMP/t.txt': a text file, but not a trace iolens reads (strace -f -tt -T output, an iolens trace) nor a Darshan log" \
	"replay-script on a text file says it is no trace, not just no Darshan log"

$RUN fsstats 2>"$TMP/err"
is "$?:$(head -1 "$TMP/err")" "2:iolens fsstats: no directory to walk or snapshot given" "fsstats alone asks for a directory"
$RUN iostat 2>"$TMP/err"
is "$?:$(head -1 "$TMP/err")" "2:iolens iostat: no recording (iostat -x -t text or JSON, diskstats) given" \
	"iostat alone asks for a recording"

$RUN ingest --db "$TMP/x.db" "$TMP/nonexistent" >/dev/null 2>&1
is "$?" 1 "ingest of a missing log exits 1"
[ ! -e "$TMP/x.db" ]
ok $? "and leaves no store behind"
$RUN ingest --db "$TMP/y.db" "$LOG" >/dev/null 2>&1
$RUN ingest --db "$TMP/y.db" "$TMP/nonexistent" >/dev/null 2>&1
[ -s "$TMP/y.db" ]
ok $? "a store that was there stays"

# the output rule reaches the commands that write a format of their own
$RUN trace -o "$TMP/t.pdf" true 2>"$TMP/err"
is "$?:$(head -1 "$TMP/err")" "2:iolens trace: the output '$TMP/t.pdf' is named as pdf, but it is an iolens trace" \
	"trace -o t.pdf: a name that says another format"
[ ! -e "$TMP/t.pdf" ]
ok $? "and nothing is written"

done_testing
