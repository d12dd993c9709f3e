#!/bin/sh
# The pages kept on disk (--cache) are the server module's: a module
# built anew beside the same binary (an upgrade of serve alone) makes
# its job pages again at the next start, not serve the older module's
# from disk (they were named and checked by the binary alone: pages_made
# 0, the old page served); with the same module they are read back.  A
# temporary file of a write that never ended (a server killed while
# writing) an hour old is removed at the next start, one of another
# server writing now is left.  A file emptied is made again.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
[ -n "${IOLENS_SERVE:-}" ] && skip_all "IOLENS_SERVE names the module"

serve_store 1
C=$TMP/cache
mkdir -p "$TMP/m"
cp "$(dirname "$IOLENS")/iolens-serve.so" "$TMP/m/iolens-serve.so"
stat_of() { get "$1/api/stats" | sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p"; }
run() {	# run NAME: a server on the copied module, job 1's page asked
	IOLENS_SERVE=$TMP/m/iolens-serve.so serve_start "$1" --db "$DB" \
		--logs "$TMP/logs" --cache "$C"
	eval "_ru=\$${1}_URL _rp=\$${1}_PID"
	get "$_ru/job/1" >"$TMP/$1.html"
	cp "$TMP/code" "$TMP/$1.code"
	echo "$(stat_of "$_ru" pages_made) $(stat_of "$_ru" children)"
	kill "$_rp"
	wait "$_rp" 2>/dev/null
}

is "$(run A)" "1 1" "a first start makes the job page (a child for its commands)"
is "$(run B)" "0 0" "started again, the same module: read back from disk"
# another build of the module: its identity (mtime) is another
touch -m -d '2001-01-01 00:00:00' "$TMP/m/iolens-serve.so"
is "$(run N)" "1 1" "a module built anew: the page made again (and its commands' outputs: the files are the module's)"
is "$(run N2)" "0 0" "... and then kept for it"

# every file emptied (a power cut after a rename the disk had not
# written): each made again, not read (a SANITIZE=1 build stopped in
# disk.c: memchr of no bytes at NULL)
for f in "$C"/*.out; do : >"$f"; done
is "$(run Z)" "1 1" "files of no bytes: the page and its outputs made again"
is "$(cat "$TMP/Z.code")" 200 "... and served"

# a write's temporary files: one two hours old, one of now
head -c 4096 /dev/zero >"$C/.tmp.Old123"
touch -m -d '2 hours ago' "$C/.tmp.Old123"
head -c 4096 /dev/zero >"$C/.tmp.New123"
run T >/dev/null
[ ! -e "$C/.tmp.Old123" ]
ok $? "a temporary file two hours old removed at the start"
[ -e "$C/.tmp.New123" ]
ok $? "one of now left (another server's write)"
done_testing
