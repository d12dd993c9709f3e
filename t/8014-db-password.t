#!/bin/sh
# A password in a PostgreSQL URL is refused (it belongs in ~/.pgpass or
# PGPASSWORD), and the message that refuses it goes to Slurm output and
# cron mail: no message of any command that takes a store ever shows the
# password, it shows user:***@ (or password=*** of a query) instead.  No
# server is needed: the URL is refused before any connection.
. "$(dirname "$0")/lib.sh"

LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
IOSTAT=$TMP/iostat.txt
xz -dc "$SAMPLES/iostat/iostat-x-5s.txt.xz" > "$IOSTAT" 2> /dev/null
sqlite=$TMP/s.sqlite
$RUN ingest --db "$sqlite" "$LOG" > /dev/null 2>&1

# masked <description> <url> <masked form> <command and args, URL as @>
masked() {
	_d=$1 _u=$2 _m=$3
	shift 3
	_a=
	for _x; do
		[ "$_x" = @ ] && _x=$_u
		_a="$_a '$(printf '%s' "$_x" | sed "s/'/'\\\\''/g")'"
	done
	eval "\$RUN $_a" > "$TMP/out" 2> "$TMP/err"
	_rc=$?
	if grep -q sekr3t "$TMP/out" "$TMP/err"; then
		ok 1 "$_d: the password is not shown"
		diag "$(grep -h sekr3t "$TMP/out" "$TMP/err" | head -n 2)"
	else
		ok 0 "$_d: the password is not shown"
	fi
	case "$(cat "$TMP/err")" in
	*"$_m"*) ok 0 "$_d: the URL is shown as $_m (exit $_rc)" ;;
	*) ok 1 "$_d: the URL is shown as $_m"; diag "$(head -c 300 "$TMP/err")" ;;
	esac
}

U='postgresql://bob:sekr3t@localhost:5432/pop'
M='postgresql://bob:***@localhost:5432/pop'
masked "ingest --db" "$U" "$M" ingest --db @ "$LOG"
masked "jobs --db" "$U" "$M" jobs --db @
masked "groups --db" "$U" "$M" groups --db @
masked "variance --db" "$U" "$M" variance --db @
masked "context --db" "$U" "$M" context --db @ "$LOG"
masked "coverage --db" "$U" "$M" coverage --db @
masked "population-report --db" "$U" "$M" population-report --db @ -o "$TMP/p.pdf"
masked "triage --db" "$U" "$M" triage --db @
masked "iostat --db" "$U" "$M" iostat --db @ "$IOSTAT"
masked "report --db" "$U" "$M" report --db @ -o "$TMP/r.pdf" "$LOG"
masked "merge-db, the store" "$U" "$M" merge-db @ "$sqlite"
masked "merge-db, a shard" "$U" "$M" merge-db "$TMP/m.sqlite" @
masked "jobs --db, the short scheme" 'postgres://bob:sekr3t@db/pop' 'postgres://bob:***@db/pop' jobs --db @
masked "jobs --db, a URL libpq cannot parse" 'postgresql://bob:sekr3t@db:port/pop' 'postgresql://bob:***@db:port/pop' jobs --db @
masked "jobs --db, password= in the query" 'postgresql://db/pop?user=bob&password=sekr3t&sslmode=disable' \
	'postgresql://db/pop?user=bob&password=***&sslmode=disable' jobs --db @
masked "jobs --db, an '@' in the password" 'postgresql://bob:sekr3t@x@db/pop' 'postgresql://bob:***@db/pop' jobs --db @
masked "groups, a URL where no argument belongs" 'postgresql://bob:sekr3t@db/pop' 'postgresql://bob:***@db/pop' groups --db "$sqlite" @

# libpq takes a user:password@ up to its first '@' before any '/', quotes
# and blanks included, and decodes a query keyword's %XX; a query value
# runs to the next '&', past '#', blanks and quotes
masked "jobs --db, a quote in the password" "postgresql://bob:x'sekr3t@db/pop" 'postgresql://bob:***@db/pop' jobs --db @
masked "jobs --db, a blank in the password" 'postgresql://bob:x sekr3t@db/pop' 'postgresql://bob:***@db/pop' jobs --db @
masked "jobs --db, pass%77ord= in the query" 'postgresql://db/pop?pass%77ord=sekr3t' 'postgresql://db/pop?pass%77ord=***' jobs --db @
masked "jobs --db, a '#' in password=" 'postgresql://db/pop?password=x#sekr3t' 'postgresql://db/pop?password=***' jobs --db @
masked "jobs --db, a blank in password=" 'postgresql://db/pop?password=x sekr3t&sslmode=disable' 'postgresql://db/pop?password=***&sslmode=disable' jobs --db @

done_testing
