#!/bin/sh
# A log is opened once to be loaded: the descriptor the sniff opened (its
# first bytes read with pread, the offset left at 0) is the one the
# Darshan loader reads (sources/registry.c, iol_dlog_open_fd), then
# closed; an ingest of thousands of logs opened each twice.  A small log
# is read by one read(2), not a second to see the end.  The rows,
# the digests and what a command prints are the same as from a path; no
# descriptor is left open (an ingest under a low limit of open files);
# standard input and a missing file read as before.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

S=$SAMPLES/population/logs
mkdir "$TMP/logs"
k=0
for f in "$S"/*.darshan; do
	k=$((k + 1))
	for c in 1 2 3 4; do
		ln "$f" "$TMP/logs/u${c}_id$k$c-$c.darshan" 2>/dev/null ||
			cp "$f" "$TMP/logs/u${c}_id$k$c-$c.darshan"
	done
done
N=$(ls "$TMP/logs" | wc -l)

# each log opened once (strace counts; not under a sanitizer or valgrind,
# whose own files and ptrace change what is traced)
if [ -n "${SANITIZE:-}${VALGRIND:-}" ]; then
	skip "system calls not counted under the sanitizer or valgrind" 3
elif command -v strace >/dev/null && strace -o /dev/null true 2>/dev/null; then
	strace -f -y -e trace=open,openat,read -o "$TMP/st" \
		$IOLENS ingest -j 2 --db "$TMP/st.db" "$TMP/logs" >/dev/null 2>&1
	ok $? "ingest of $N logs under strace"
	opens=$(grep -c 'open[a-z]*(.*\.darshan"' "$TMP/st")
	is "$opens" "$N" "each of the $N logs opened once"
	# a small log read whole by one read: the byte past its size not
	# asked for again to see the end
	reads=$(grep -c 'read([0-9]*<[^>]*\.darshan>' "$TMP/st")
	is "$reads" "$N" "and read by one read(2)"
else
	skip "no strace" 3
fi

# no descriptor kept: 30 open files at most, for 120 logs and 2 threads
(ulimit -n 30 && $RUN ingest -j 2 --db "$TMP/low.db" "$TMP/logs") \
	>"$TMP/low.out" 2>"$TMP/low.err"
ok $? "ingest of $N logs under ulimit -n 30"
is "$(cat "$TMP/low.out")" "$N logs: $N added, 0 refreshed, 0 unchanged, 0 failed" \
	"every log added"
is "$(cat "$TMP/low.err")" "" "nothing said"

# the same rows as the logs loaded one by one, by path, from standard input
LOG=$(ls "$S"/*.darshan | head -1)
$RUN summary --format csv "$LOG" >"$TMP/path.csv" 2>&1
ok $? "summary of a log by its path"
$RUN summary --format csv - <"$LOG" 2>&1 | sed 1,1d | cut -d, -f2- >"$TMP/stdin.csv"
sed 1,1d "$TMP/path.csv" | cut -d, -f2- >"$TMP/path2.csv"
ok "$(cmp -s "$TMP/path2.csv" "$TMP/stdin.csv"; echo $?)" \
	"the same numbers from standard input"

# the digest of each log: that of its own bytes, the same for its four names
d=$(sqlite3 "$TMP/low.db" "SELECT count(DISTINCT digest) FROM jobs")
is "$d" "$(ls "$S"/*.darshan | wc -l)" "one digest for each distinct log"

# a missing log: the message as before
$RUN summary "$TMP/none.darshan" >"$TMP/miss.out" 2>&1
is "$?" 1 "a missing log exits 1"
is "$(cat "$TMP/miss.out")" \
	"iolens summary: cannot open '$TMP/none.darshan': No such file or directory" \
	"and says why in one line"

done_testing
