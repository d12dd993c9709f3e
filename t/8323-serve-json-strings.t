#!/bin/sh
# A JSON string is written in runs of plain ASCII, not a printf a
# character: /api/jobs (50 rows of `jobs --format=json`, in the server's
# own process) was 9 ms of CPU a page, 3 ms now; a job page's JSON twin's
# commands 16 ms, 7 now.  Counted by an LD_PRELOAD library
# (t/data/serve/printf-count.c): the program's vsnprintf calls against
# the bytes written (before: 217,956 calls for 324,469 bytes of the
# 406-job list; now none).  The escapes stay what they were.
. "$(dirname "$0")/lib.sh"
[ -n "${SANITIZE:-}" ] &&
	skip_all "counts calls through a preloaded library, which the sanitizer's runtime must precede"
command -v cc >/dev/null || skip_all "no C compiler for the counting library"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "a preloaded library under the sanitizer"
cc -O2 -shared -fPIC -o "$TMP/pc.so" "$TOP/t/data/serve/printf-count.c" -ldl 2>"$TMP/err" ||
	skip_all "cannot build the counting library: $(head -1 "$TMP/err")"

mkdir -p "$TMP/logs"
for f in $(ls "$SAMPLES"/population/logs/*.darshan | head -20); do cp "$f" "$TMP/logs/"; done
$IOLENS ingest --db "$TMP/pop.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest"
PRINTF_COUNT=$TMP/n LD_PRELOAD=$TMP/pc.so $IOLENS jobs --db "$TMP/pop.db" --format json >"$TMP/j.json"
ok $? "jobs --format json"
bytes=$(wc -c <"$TMP/j.json" | tr -d ' ')
calls=$(cat "$TMP/n" 2>/dev/null || echo x)
ok $([ "$calls" != x ] && [ $((calls * 100)) -lt "$bytes" ]; echo $?) \
	"fewer than a printf a hundred bytes ($calls for $bytes)"
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$TMP/j.json" 2>/dev/null
ok $? "... the JSON reads back"

# the escapes: quote, backslash, a control character, a byte of no
# well-formed UTF-8, and UTF-8 itself, in a log's path
d=$(printf '%s/a"b\\\\c\001d\377e\303\251f' "$TMP")
mkdir -p "$d"
l=$(ls "$SAMPLES"/population/logs/*.darshan | head -1)
cp "$l" "$d/x.darshan"
PRINTF_COUNT=$TMP/n2 LD_PRELOAD=$TMP/pc.so $IOLENS summary --format json "$d/x.darshan" >"$TMP/s.json"
want=$(printf '%s/a\\"b\\\\\\\\c\\u0001d\\ufffde\303\251f/x.darshan' "$TMP")
grep -F -q "\"log\":\"$want\"" "$TMP/s.json"
ok $? "escapes as before: \\\" \\\\ \\u0001 \\ufffd and UTF-8 kept"
done_testing
