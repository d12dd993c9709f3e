#!/bin/sh
# A worker (`iolens --serve-worker`) reads only what a page may show:
# the --logs directories and the store's directory (Landlock, where the
# kernel has it).  A test hook (IOLENS_TEST_OPEN) makes each command of
# a batch try to open one file instead and say what came of it: a file
# beside the store's directory but not beneath --logs or it, and
# /etc/passwd, are refused; a log under --logs opens.  A store in WAL
# mode is read all the same.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 2
mkdir -p "$TMP/store" "$TMP/other"
mv "$DB" "$TMP/store/pop.db"
DB=$TMP/store/pop.db
echo secret >"$TMP/other/secret"
# the kernel's Landlock ABI (landlock_create_ruleset's version, x86_64's
# syscall 444): 2 or more confines
abi=$(python3 -c 'import ctypes; print(ctypes.CDLL(None).syscall(444, None, 0, 1))' 2>/dev/null)
[ "$(uname -m)" = x86_64 ] && [ "${abi:-0}" -ge 2 ] ||
	skip_all "this kernel has no Landlock ABI 2 (or is not x86_64)"

page_of() {	# page_of NAME FILE: job 1's page with the hook on FILE
	IOLENS_TEST_OPEN=$2 serve_start "$1" --db "$DB" --logs "$TMP/logs" --cache ""
	eval "get \"\$${1}_URL/job/1\""
}
log=$(ls "$TMP/logs"/* | head -1)
page_of A /etc/passwd >"$TMP/a"
grep -q 'test open /etc/passwd: Permission denied' "$TMP/a"
ok $? "a worker cannot open /etc/passwd"
page_of B "$TMP/other/secret" >"$TMP/b"
grep -q "test open $TMP/other/secret: Permission denied" "$TMP/b"
ok $? "... nor a file outside --logs and the store's directory"
page_of C "$log" >"$TMP/c"
grep -q "test open $log: opened" "$TMP/c"
ok $? "... but a log under --logs"
page_of D "$TMP/store/pop.db" >"$TMP/d"
grep -q "test open $TMP/store/pop.db: opened" "$TMP/d"
ok $? "... and the store"

# a store in WAL mode: read-only, the workers read it through the -shm
# the server's own opening of it keeps (they cannot make one)
python3 -c "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute('pragma journal_mode=wal')" "$DB"
serve_start E --db "$DB" --logs "$TMP/logs" --cache ""
get "$E_URL/job/1" >"$TMP/e"
grep -q 'readonly database\|cannot open' "$TMP/e"
ok $((!$?)) "a WAL store's job page: its commands read the store"
get "$E_URL/" >"$TMP/e0"
grep -q 'readonly database\|cannot open' "$TMP/e0"
ok $((!$?)) "... and the dashboard's"
done_testing
