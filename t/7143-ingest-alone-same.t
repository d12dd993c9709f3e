#!/bin/sh
# The rows of an ingest are the same whether the logs pass through one
# decoding thread one after another or each alone in its own process:
# the inflate buffers and decompressor a thread keeps from log to log
# (sources/zfast.c), the records sorted by a merge sort of our own
# (base/sort.h, stable as glibc's qsort: the same order of equal ids, so
# sums folded over them have the same bits) and the digest's words read
# whole (row.c) leave nothing of one log in another's row.  Every column
# but ingest_time, of jobs and errors; the population samples and, when
# ../shared is there, the 78 logs of the Darshan corpus (every format
# version, bzip2, big-endian, partial and broken logs) in one run.  The
# digests are also checked against the file's bytes (python3).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

mkdir "$TMP/logs"
n=0
for f in "$SAMPLES"/population/logs/*.darshan "$SHARED"/corpus/darshan-logs/*/*.darshan; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	# copies (2.7 MB), not links: a log named alone is stored by its
	# real path; distinct names, as the corpus repeats some
	cp "$f" "$TMP/logs/$(printf %03d $n)-$(basename "$f")"
done

# rows DB: every column of jobs and errors but ingest_time and id, a line
# a row, in path order
rows() {
	for t in jobs errors; do
		cols=$(sqlite3 "$1" "SELECT group_concat('quote(\"' || name || '\")', ' || ''|'' || ')
			FROM pragma_table_info('$t') WHERE name NOT IN ('ingest_time', 'id')")
		sqlite3 "$1" "SELECT '$t|' || $cols FROM $t ORDER BY path"
	done
}

$IOLENS ingest -j 1 --db "$TMP/all.db" "$TMP/logs" >/dev/null 2>"$TMP/err"
ok $? "ingest -j 1 of $n logs in one run"
rows "$TMP/all.db" >"$TMP/all.rows"
: >"$TMP/alone.rows"
bad=0
for f in "$TMP"/logs/*.darshan; do
	rm -f "$TMP/one.db"
	$IOLENS ingest -j 1 --db "$TMP/one.db" "$f" >/dev/null 2>&1 || bad=$((bad + 1))
	rows "$TMP/one.db" >>"$TMP/alone.rows"
done
is "$bad" 0 "each log ingested alone"
sort "$TMP/all.rows" >"$TMP/a"
sort "$TMP/alone.rows" >"$TMP/b"
is "$(wc -l <"$TMP/a" | tr -d ' ')" "$n" "a row for every log"
cmp -s "$TMP/a" "$TMP/b"
ok $? "every column of every row the same in one run as alone"
[ -s "$TMP/a" ] && ! cmp -s "$TMP/a" "$TMP/b" && diff "$TMP/a" "$TMP/b" | head -5 | cut -c1-300 | sed 's/^/# /'

if command -v python3 >/dev/null; then
	sqlite3 "$TMP/all.db" "SELECT path, digest FROM jobs" >"$TMP/digests"
	python3 - "$TMP/digests" >"$TMP/dig.out" <<'PY'
import sys
M = (1 << 64) - 1
def mix(x):
    x ^= x >> 30; x = (x * 0xbf58476d1ce4e5b9) & M
    x ^= x >> 27; x = (x * 0x94d049bb133111eb) & M
    return x ^ (x >> 31)
bad = n = 0
for line in open(sys.argv[1]):
    path, d = line.rstrip("\n").rsplit("|", 1)
    b = open(path, "rb").read()
    h = 0x9e3779b97f4a7c15
    for i in range(0, len(b), 8):
        h = mix(h ^ int.from_bytes(b[i:i + 8], "little"))
    n += 1
    if "%016x" % mix(h ^ len(b)) != d:
        bad += 1
print(n, bad)
PY
	read -r dn dbad <"$TMP/dig.out"
	ok "$([ "${dn:-0}" -gt 0 ] && [ "${dbad:-1}" -eq 0 ]; echo $?)" \
		"the digests of $dn logs of every length are the bytes' own (${dbad:-?} wrong)"
else
	skip "no python3" 1
fi
done_testing
