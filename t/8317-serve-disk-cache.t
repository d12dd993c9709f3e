#!/bin/sh
# iolens serve keeps the dashboard's tables across starts (--cache DIR):
# written once made (one file a table, renamed into place whole), read
# at the next start when the key is the same (the binary, the store's
# identity and generation, the command): the dashboard then starts no
# child.  A damaged file is ignored and made again; a store changed is
# another key; the store itself is not written.  A table that failed
# (coverage: this store has no scheduler jobs) is not kept on disk: a
# restart makes it again (serve13), in one child.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 3
C=$TMP/cache
cp "$DB" "$TMP/before.db"
children() { get "$1/api/stats" | sed -n 's/.*"children": \([0-9]*\).*/\1/p'; }
nfiles() { ls "$C"/*.out 2>/dev/null | wc -l | tr -d ' '; }

serve_start S --db "$DB" --logs "$TMP/logs" --cache "$C"
get "$S_URL/" >/dev/null
is "$(cat "$TMP/code")" 200 "the dashboard"
# no time limit: its four tables are written once made, however slowly
while [ "$(nfiles)" -lt 4 ] && kill -0 "$S_PID" 2>/dev/null; do sleep 0.1; done
is "$(nfiles)" 4 "its four tables that did not fail written to the cache directory"
get "$S_URL/" >"$TMP/d1"
kill "$S_PID"
wait "$S_PID" 2>/dev/null

serve_start T --db "$DB" --logs "$TMP/logs" --cache "$C"
get "$T_URL/" >"$TMP/d2"
is "$(children "$T_URL")" 1 "started again: the dashboard starts one child, for its failed table"
grep -qi 'partial' "$TMP/hdr"
is $? 1 "... and says no table is being made"
cmp -s "$TMP/d1" "$TMP/d2"
ok $? "... the same page"
kill "$T_PID"
wait "$T_PID" 2>/dev/null

# damaged: one cut short, one with a byte changed in its output
set -- "$C"/*.out
head -c 40 "$1" >"$TMP/cut" && cat "$TMP/cut" >"$1"
sz=$(wc -c <"$2" | tr -d ' ')
printf 'Z' | dd of="$2" bs=1 seek=$((sz - 2)) conv=notrunc 2>/dev/null
serve_start U --db "$DB" --logs "$TMP/logs" --cache "$C"
get "$U_URL/" >"$TMP/d3"
# no time limit: until its tables are made (the page says while they are)
while grep -qi 'partial' "$TMP/hdr" && kill -0 "$U_PID" 2>/dev/null; do
	sleep 0.1
	get "$U_URL/" >"$TMP/d3"
done
is "$(children "$U_URL")" 1 "two files damaged: ignored, their tables made by one child (the failed one's)"
cmp -s "$TMP/d1" "$TMP/d3"
ok $? "... the same page"
while [ "$(nfiles)" -lt 4 ] && kill -0 "$U_PID" 2>/dev/null; do sleep 0.1; done
kill "$U_PID"
wait "$U_PID" 2>/dev/null
serve_start V --db "$DB" --logs "$TMP/logs" --cache "$C"
get "$V_URL/" >"$TMP/d4"
is "$(children "$V_URL")" 1 "... and written again whole (one child: the failed table's)"
kill "$V_PID"
wait "$V_PID" 2>/dev/null
cmp -s "$DB" "$TMP/before.db"
ok $? "the store is not written"
is "$(ls -A "$C" | grep -vc '\.out$')" 0 "no temporary file left"

# the store changed (another generation): the kept tables are not used
touch -m -d '2001-01-01 00:00:00' "$DB"
serve_start W --db "$DB" --logs "$TMP/logs" --cache "$C"
get "$W_URL/" >/dev/null
is "$(children "$W_URL")" 1 "the store changed: its tables made again"
while [ "$(nfiles)" -lt 4 ] && kill -0 "$W_PID" 2>/dev/null; do sleep 0.1; done
is "$(nfiles)" 4 "... replacing the older ones (one file a table)"

done_testing
