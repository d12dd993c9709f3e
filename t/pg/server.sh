# t/pg/server.sh: a private PostgreSQL server for the tests and benches of
# the PostgreSQL store, in a directory of the caller's, reached by its
# Unix socket only (no TCP), with a password (PGPASSWORD is exported, so
# libpq and the client programs use it).  The server refuses to run as
# root: under root it runs as the user postgres (runuser).
#   pg_start DIR    start it in DIR (made here; its parent must exist);
#                   0, or 1 with the reason in PG_WHY
#   pg_stop         stop it (immediately; call it from a trap)
#   pg_url DB       the URL of database DB
#   pg_newdb DB     create database DB and print its URL
#   pg_q DB SQL     run SQL with psql, rows as a|b|c
# Sets PGBIN, PSQL, PGD, PGPORT_T.
pg_find() {
	PGBIN=
	for _d in $(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/x)") \
		/usr/lib/postgresql/*/bin; do
		if [ -x "$_d/initdb" ] && [ -x "$_d/pg_ctl" ] && [ -x "$_d/createdb" ]; then
			PGBIN=$_d
			break
		fi
	done
	if [ -z "$PGBIN" ]; then
		PG_WHY="no PostgreSQL server here (initdb, pg_ctl, createdb: Debian postgresql)"
		return 1
	fi
	PSQL=$PGBIN/psql
	[ -x "$PSQL" ] || PSQL=$(command -v psql) || {
		PG_WHY="no psql (Debian postgresql-client)"
		return 1
	}
	return 0
}

pg_start() {
	pg_find || return 1
	PG_AS=
	PGD=$1
	PGPORT_T=5432
	if [ "$(id -u)" = 0 ]; then
		if ! id postgres >/dev/null 2>&1 || ! command -v runuser >/dev/null 2>&1; then
			PG_WHY="running as root, and no user postgres and runuser to run the server as"
			return 1
		fi
		PG_AS="runuser -u postgres --"
		chmod 711 "$(dirname "$PGD")"
	fi
	mkdir "$PGD" || { PG_WHY="cannot make $PGD"; return 1; }
	PGPASSWORD=iolens-t-$$
	export PGPASSWORD
	echo "$PGPASSWORD" >"$PGD/pw"
	[ -z "$PG_AS" ] || chown -R postgres "$PGD"
	if ! $PG_AS "$PGBIN/initdb" -D "$PGD/data" -U iolens -A scram-sha-256 \
		--pwfile="$PGD/pw" --locale=C -E UTF8 >"$PGD/initdb.log" 2>&1; then
		PG_WHY="initdb failed: $(tail -1 "$PGD/initdb.log")"
		return 1
	fi
	# fsync off: a server thrown away at the end
	if ! $PG_AS "$PGBIN/pg_ctl" -D "$PGD/data" -l "$PGD/log" -w -t 60 \
		-o "-k $PGD -c listen_addresses='' -p $PGPORT_T -c fsync=off" \
		start >"$PGD/pgctl.log" 2>&1; then
		PG_WHY="the server did not start: $(tail -1 "$PGD/log" 2>/dev/null)"
		return 1
	fi
	return 0
}

pg_stop() {
	[ -n "${PGD:-}" ] && [ -d "$PGD/data" ] &&
		$PG_AS "$PGBIN/pg_ctl" -D "$PGD/data" -m immediate stop >/dev/null 2>&1
	return 0
}

pg_url() { echo "postgresql:///$1?host=$PGD&port=$PGPORT_T&user=iolens"; }
pg_newdb() { "$PGBIN/createdb" -w -h "$PGD" -p "$PGPORT_T" -U iolens "$1" && pg_url "$1"; }
pg_q() { "$PSQL" -w -X -A -t -q -h "$PGD" -p "$PGPORT_T" -U iolens -d "$1" -c "$2"; }
