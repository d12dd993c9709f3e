#!/bin/sh
# The commands of a page read logs and stores from elsewhere, hostile
# until proven otherwise: the workers that run them (`iolens
# --serve-worker`) and the children of the background runs (the same
# main(): IOLENS_SERVE_CONFINE) start confined (render/batch.h serve_confine): 4 GiB of address space, no
# core file, 256 descriptors, 256 MiB per file written, no new
# privileges; Landlock where the kernel has it, which /api/stats says.
# The limits are read in /proc/PID/limits: no time is measured.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

limits_ok() {	# limits_ok PID: the four limits, one line each, or nothing
	awk '/^Max address space/ { print "as " $4 }
	     /^Max core file size/ { print "core " $5 }
	     /^Max open files/ { print "files " $4 }
	     /^Max file size/ { print "fsize " $4 }' "/proc/$1/limits" 2>/dev/null |
		sort | tr '\n' ' '
}
want="as 4294967296 core 0 files 256 fsize 268435456 "
# AddressSanitizer's shadow is address space: that build sets no such limit
[ -n "${SANITIZE:-}" ] && want="as unlimited core 0 files 256 fsize 268435456 "

serve_store 2
serve_start S --db "$DB" --logs "$TMP/logs" --cache ""
get "$S_URL/job/1" >"$TMP/j1"
is "$(cat "$TMP/code")" 200 "a job page answered"
# the worker stays once its batch is done: the server's one child
w=$(cat /proc/"$S_PID"/task/*/children 2>/dev/null | tr ' ' '\n' | grep . | head -1)
is "$(limits_ok "${w:-0}")" "$want" "its worker's limits"
is "$(sed -n 's/^NoNewPrivs:[[:space:]]*//p' "/proc/${w:-0}/status" 2>/dev/null)" 1 \
	"... and no new privileges"
get "$S_URL/api/stats" >"$TMP/stats"
grep -q '"confined": "limits' "$TMP/stats"
ok $? "/api/stats says how the children are confined"

# a background run's child (the dashboard's tables), held stopped
# (IOLENS_TEST_HOLD: it stops itself once it removes the file)
IOLENS_TEST_HOLD=$TMP/hold
export IOLENS_TEST_HOLD
serve_start D --db "$DB" --logs "$TMP/logs" --cache ""
touch "$TMP/hold"
curl -s -o "$TMP/d.html" "$D_URL/" &
dp=$!
kid=$(held "$D_PID" "$dp")
set -- ${kid:-0 0}
is "$(limits_ok "$1")" "$want" "a background child's limits"
kill -CONT "$1" 2>/dev/null
wait "$dp"
grep -q '</html>' "$TMP/d.html"
ok $? "the dashboard answered"
done_testing
