#!/bin/sh
# Two servers on one --cache directory keep it within its bound (here
# IOLENS_TEST_DISK_MAX bytes) and one file: each counted the directory
# once and then only its own writes, so each pruned when its own count
# passed the bound, and the two filled it to twice that.  A server
# counts the directory again after an eighth of the bound written.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 12
C=$TMP/cache
MAX=900000
bytes() { cat "$C"/*.out 2>/dev/null | wc -c | tr -d ' '; }
largest() { ls -l "$C"/*.out 2>/dev/null | awk '$5 > m { m = $5 } END { print m + 0 }'; }
IOLENS_TEST_DISK_MAX=$MAX serve_start A --db "$DB" --logs "$TMP/logs" --cache "$C"
IOLENS_TEST_DISK_MAX=$MAX serve_start B --db "$DB" --logs "$TMP/logs" --cache "$C"
# A counts the directory at its first page; then B writes pages, then A:
# A's count did not see B's
big=0
for j in A1 B2 B3 B4 B5 B6 A7 A8 A9 A10 A11 A12; do
	eval "u=\$${j%%[0-9]*}_URL"
	get "$u/job/${j#?}" >/dev/null
	l=$(largest)
	[ "$l" -gt "$big" ] && big=$l
done
n=$(bytes)
diag "the directory: $n bytes, the largest file $big"
ok $((!(n <= MAX + big))) "two servers: the directory within the bound and one file ($n <= $MAX + $big)"
done_testing
