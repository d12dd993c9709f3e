#!/bin/sh
# A command's failure may pass (here its configuration file broken while
# the server runs, then mended): its output is kept in memory for the
# server's life at most, not on disk, so that a restart runs it again
# (review40: an exit 1 was read back from disk after every restart).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 2
mkdir -p "$TMP/cfg"
: >"$TMP/cfg/config"
IOLENS_CONFIG=$TMP/cfg/config
export IOLENS_CONFIG
serve_start S --db "$DB" --logs "$TMP/logs"
# the workers start at the first page and read the configuration then
echo 'not a setting' >"$TMP/cfg/config"
get "$S_URL/job/1" >"$TMP/first"
grep -q 'not key = value' "$TMP/first"
ok $? "a page whose commands failed says why"
kill "$S_PID"
wait "$S_PID" 2>/dev/null
: >"$TMP/cfg/config"
serve_start S --db "$DB" --logs "$TMP/logs"
get "$S_URL/job/1" >"$TMP/again"
is "$(cat "$TMP/code")" 200 "the page after a restart"
grep -q 'not key = value' "$TMP/again"
ok $((!$?)) "... runs its commands again: their failure was not kept on disk"
grep -q '</html>' "$TMP/again"
ok $? "... whole"
done_testing
