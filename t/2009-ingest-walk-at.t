#!/bin/sh
# The walk of an ingest stats each log by its name in its directory
# (fstatat on the directory's descriptor, population/ingest.c), not by
# its whole path, which the kernel resolved again directory by directory
# for every log.  What it finds is the same: logs in subdirectories, a
# symbolic link to a log (stored by the link's path), not a dangling link
# nor a link to a directory named like a log; and a tree deeper than the
# open files allowed (a descriptor a level) is still walked whole, by
# paths where no descriptor is left.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

S=$SAMPLES/population/logs
set -- "$S"/*.darshan
A=$1 B=$2
mkdir -p "$TMP/t/x/y" "$TMP/t/z" "$TMP/dir.darshan"
cp "$A" "$TMP/t/a_id1-1.darshan"
cp "$B" "$TMP/t/x/y/b_id2-2.darshan"
cp "$A" "$TMP/t/z/c_id3-3.darshan"
echo "not a log" >"$TMP/t/z/readme.txt"
ln -s "$TMP/t/a_id1-1.darshan" "$TMP/t/x/link_id4-4.darshan"
ln -s "$TMP/gone.darshan" "$TMP/t/x/dangling_id5-5.darshan"
ln -s "$TMP/dir.darshan" "$TMP/t/z/dirlink.darshan"

$RUN ingest --db "$TMP/w.db" "$TMP/t" >"$TMP/out" 2>"$TMP/err"
ok $? "ingest of the tree"
is "$(cat "$TMP/out")" "4 logs: 4 added, 0 refreshed, 0 unchanged, 0 failed" \
	"four logs found"
is "$(sqlite3 "$TMP/w.db" 'SELECT path FROM jobs ORDER BY id' | sed "s|^$TMP/t/||")" \
	"a_id1-1.darshan
x/link_id4-4.darshan
x/y/b_id2-2.darshan
z/c_id3-3.darshan" "in walk order, the link by its own path"
is "$(sqlite3 "$TMP/w.db" "SELECT size FROM jobs WHERE path LIKE '%link_id4%'")" \
	"$(wc -c <"$A" | tr -d ' ')" "the link's row: its target's size"

# no log stat'ed by its whole path (strace; not under a sanitizer or
# valgrind, whose own files change what is traced)
if [ -n "${SANITIZE:-}${VALGRIND:-}" ]; then
	skip "system calls not counted under the sanitizer or valgrind" 2
elif command -v strace >/dev/null && strace -o /dev/null true 2>/dev/null; then
	strace -f -e trace=stat,lstat,newfstatat,statx -o "$TMP/st" \
		$IOLENS ingest --db "$TMP/st.db" "$TMP/t" >/dev/null 2>&1
	ok $? "the ingest under strace"
	whole=$(grep -c "\"$TMP/t/[^\"]*\\.darshan\"" "$TMP/st")
	is "$whole" 0 "no log stat'ed by its whole path"
else
	skip "no strace" 2
fi

# 40 levels deep, a log at each, under a limit of 30 open files: the
# walk holds one directory open at a time, so the decoders can open the
# logs however deep it is
d=$TMP/deep
for i in $(seq 40); do
	d=$d/d$i
	mkdir -p "$d"
	ln "$B" "$d/deep_id$i-$i.darshan" 2>/dev/null || cp "$B" "$d/deep_id$i-$i.darshan"
done
(ulimit -n 30 && $RUN ingest -j 2 --db "$TMP/deep.db" "$TMP/deep") \
	>"$TMP/dout" 2>"$TMP/derr"
ok $? "ingest of a tree 40 directories deep under ulimit -n 30"
is "$(cat "$TMP/dout")" "40 logs: 40 added, 0 refreshed, 0 unchanged, 0 failed" \
	"every log found and read"
is "$(cat "$TMP/derr")" "" "nothing said"

done_testing
