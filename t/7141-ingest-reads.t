#!/bin/sh
# What an ingest asks of the file system per log: the digest is taken of
# the bytes the log was decoded from (row.c, job_digest), so a log is
# opened twice (its first bytes sniffed, then mapped), not a third time
# to be hashed; the arguments and a listfile's lines are made absolute
# with their directory resolved once (ingest.c, resolve), not by a
# realpath(3) of each, its readlink per component and getcwd; a small
# log is read, not mapped and unmapped (sources/darshan.c).  The paths
# and digests stored are the same: a symbolic link, . and .. still
# resolved as realpath does.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
command -v strace >/dev/null || skip_all "no strace"
strace -o /dev/null true 2>/dev/null || skip_all "strace cannot trace here"
# LeakSanitizer stops the world with ptrace, which strace holds; the
# sanitizer's own mappings change the counts
[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "system calls counted under the sanitizer or valgrind"

S=$SAMPLES/population/logs
LOG=$(ls "$S"/*.darshan | head -1)
mkdir -p "$TMP/a/b/c" "$TMP/links"
cp "$LOG" "$TMP/a/b/c/one.darshan"

strace -f -e trace=open,openat -o "$TMP/st" \
	$IOLENS ingest -j 1 --db "$TMP/o.db" "$TMP/a/b/c/one.darshan" >/dev/null 2>&1
ok $? "ingest of one log under strace"
n=$(grep -c 'one\.darshan"' "$TMP/st")
ok "$([ "$n" -le 2 ]; echo $?)" "the log opened twice at most ($n)"

# the digest: the file's 8-byte little-endian words through splitmix64's
# mixer, then its length (row.c), as taken from the file itself
d=$(sqlite3 "$TMP/o.db" 'SELECT digest FROM jobs')
if command -v python3 >/dev/null; then
	want=$(python3 -c '
import sys
M = (1 << 64) - 1
def mix(x):
    x ^= x >> 30; x = (x * 0xbf58476d1ce4e5b9) & M
    x ^= x >> 27; x = (x * 0x94d049bb133111eb) & M
    return x ^ (x >> 31)
b = open(sys.argv[1], "rb").read()
h = 0x9e3779b97f4a7c15
for i in range(0, len(b), 8):
    h = mix(h ^ int.from_bytes(b[i:i + 8], "little"))
print("%016x" % mix(h ^ len(b)))' "$LOG")
	is "$d" "$want" "the digest of the log's bytes"
else
	skip "no python3" 1
fi

# a listfile of 20 logs in one directory: its readlinks are not 20 times
# the components of the path
for i in $(seq 20); do
	ln "$TMP/a/b/c/one.darshan" "$TMP/a/b/c/u_id$i-$i.darshan" 2>/dev/null ||
		cp "$TMP/a/b/c/one.darshan" "$TMP/a/b/c/u_id$i-$i.darshan"
	echo "$TMP/a/b/c/u_id$i-$i.darshan"
done >"$TMP/list"
strace -f -e trace=readlink,readlinkat,getcwd -o "$TMP/st2" \
	$IOLENS ingest -j 1 --db "$TMP/l.db" "@$TMP/list" >/dev/null 2>&1
ok $? "ingest of a listfile under strace"
n=$(grep -c '^[0-9]* *\(readlink\|getcwd\)' "$TMP/st2")
ok "$([ "$n" -lt 20 ]; echo $?)" "20 logs of one directory: $n readlink or getcwd calls"
is "$(sqlite3 "$TMP/l.db" 'SELECT count(*) FROM jobs')" 20 "every log of the list"
# a small log is read whole, not mapped: no unmapping per log (each
# flushes the TLB of every core the threads ran on)
strace -f -e trace=munmap -o "$TMP/st3" \
	$IOLENS ingest -j 1 --db "$TMP/m.db" "@$TMP/list" >/dev/null 2>&1
n=$(grep -c 'munmap(' "$TMP/st3")
ok "$([ "$n" -lt 20 ]; echo $?)" "20 small logs: $n munmap calls"

# paths as realpath makes them: a symbolic link to a log, . and .., a
# relative path, a directory that is a link
ln -s "$TMP/a/b/c/u_id1-1.darshan" "$TMP/links/lnk_id77-1.darshan"
ln -s "$TMP/a/b" "$TMP/blink"
(
	cd "$TMP/a/b" &&
		printf '%s\n' "$TMP/links/lnk_id77-1.darshan" \
			"$TMP/a/b/../b/c/u_id2-2.darshan" \
			"c/u_id3-3.darshan" \
			"$TMP/blink/c/u_id4-4.darshan" \
			"./c/../c/u_id5-5.darshan" >"$TMP/list2" &&
		$IOLENS ingest --db "$TMP/p.db" "@$TMP/list2" >/dev/null 2>&1
)
ok $? "ingest of links and relative paths"
R=$(cd "$TMP/a/b/c" && pwd -P)
printf '%s\n' "$R/u_id1-1.darshan" "$R/u_id2-2.darshan" "$R/u_id3-3.darshan" \
	"$R/u_id4-4.darshan" "$R/u_id5-5.darshan" >"$TMP/want"
sqlite3 "$TMP/p.db" 'SELECT path FROM jobs ORDER BY path' >"$TMP/got"
cmp -s "$TMP/got" "$TMP/want"
ok $? "the paths stored are the real ones"
# a missing log of a resolved directory is said as before
echo "$TMP/a/b/c/none_id1-1.darshan" >"$TMP/list3"
$IOLENS ingest --db "$TMP/p.db" "@$TMP/list3" >/dev/null 2>"$TMP/err3"
grep -q "cannot open '$TMP/a/b/c/none_id1-1.darshan': No such file or directory" "$TMP/err3"
ok $? "a missing log said"

done_testing
