#!/bin/sh
# An ingest keeps one libdeflate decompressor per decoding thread from
# region to region and log to log (sources/zfast.c), where it allocated
# one for every region it inflated (about 14 a log: 2,197 for the 406
# population logs); the inflate buffers are kept with it.  A log's
# records are sorted by base/sort.h, not glibc's qsort (six calls a log
# before; what is left is about one a log: the mount table).  Counted
# by a preloaded library that stands in for libdeflate and qsort
# (t/data/ingest/ldcount.c): the decompressors allocated, the streams
# inflated, the qsort calls.  The rows are the same as when each log is
# ingested alone (t/7143).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
command -v cc >/dev/null || skip_all "no C compiler for the counting library"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "a preloaded library under the sanitizer or valgrind"
cc -O2 -shared -fPIC -o "$TMP/ldcount.so" "$TOP/t/data/ingest/ldcount.c" -ldl 2>"$TMP/err" ||
	skip_all "cannot build the counting library: $(head -1 "$TMP/err")"

S=$SAMPLES/population/logs
N=$(ls "$S"/*.darshan | wc -l)

# count J: ingest of the samples in J threads under the counting library;
# "allocs inflates" in $TMP/count.J
count() {
	rm -f "$TMP/c$1.db"
	LD_COUNT=$TMP/count.$1 LD_PRELOAD=$TMP/ldcount.so \
		$IOLENS ingest -j "$1" --db "$TMP/c$1.db" "$S" >"$TMP/out" 2>"$TMP/err"
	is "$?:$(cat "$TMP/err")" "0:" "ingest -j $1 of $N logs under the counting library"
	read -r allocs inflates qsorts <"$TMP/count.$1" 2>/dev/null ||
		{ allocs=0 inflates=0 qsorts=0; }
}

count 1
[ "$inflates" -gt 0 ] || skip_all "libdeflate is not loaded here (no libdeflate.so.0): nothing to count"
ok "$([ "$inflates" -ge "$N" ]; echo $?)" "libdeflate inflated the logs' regions ($inflates streams)"
is "$allocs" 1 "one decompressor for $N logs on one thread"
ok "$([ "$qsorts" -lt $((2 * N)) ]; echo $?)" "fewer than 2 qsort calls a log ($qsorts for $N logs)"
count 2
ok "$([ "$allocs" -ge 1 ] && [ "$allocs" -le 2 ]; echo $?)" \
	"at most one decompressor per decoding thread on two ($allocs)"
is "$(sqlite3 "$TMP/c1.db" 'SELECT count(*) FROM jobs')" "$N" "every log's row"
done_testing
