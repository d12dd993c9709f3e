#!/usr/bin/env bash
# bench/pgstore.sh: the population store on SQLite and on PostgreSQL, side
# by side in one run, against a private server started here (t/pg/server.sh:
# Unix socket, fsync off, the same machine).
#
#  1. Ingest of the population logs (../shared/corpus/population, 406),
#     fresh stores, BENCH_PG_ROUNDS rounds (default 3) alternating the two
#     kinds; then a re-run over the same logs (all unchanged).
#  2. A store of BENCH_PG_N jobs (default 100000): the population copied
#     with SQL in SQLite (path '#k', job id + k * 100000, times + k hours,
#     as bench/popstore.sh), copied by merge-db into a new SQLite store and
#     into PostgreSQL (timed; both then hold the rows in path order),
#     then each analysis once on each (wall seconds, client CPU, peak RSS;
#     the server's CPU is not in the client's, so compare the wall).
#
# Environment: IOLENS (default bin/iolens), BENCH_SHARED (default
# ../shared), BENCH_PG_N, BENCH_PG_ROUNDS, TMPDIR.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/env.sh"
N=${BENCH_PG_N:-100000}
R=${BENCH_PG_ROUNDS:-3}

if [ ! -d "$POP" ]; then
	echo "PostgreSQL store bench: skipped: no population corpus at $POP"
	exit 0
fi
for p in sqlite3 bc; do
	command -v $p >/dev/null 2>&1 || {
		echo "PostgreSQL store bench: skipped: no $p"
		exit 0
	}
done
/usr/bin/time -f '%e' true >/dev/null 2>&1 || {
	echo "PostgreSQL store bench: skipped: no GNU time (Debian package time)"
	exit 0
}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-pgstore.XXXXXX") || exit 2
. "$TOP/t/pg/server.sh"
trap 'pg_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM
if ! pg_start "$TMP/pg"; then
	echo "PostgreSQL store bench: skipped: $PG_WHY"
	exit 0
fi

now() { date +%s.%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "== PostgreSQL and SQLite stores: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
nlogs=$(find "$POP" -name '*.darshan' | wc -l)
: >"$TMP/t_sq"
: >"$TMP/t_pg"
for r in $(seq "$R"); do
	rm -f "$TMP/s$r.db"
	U=$(pg_newdb "i$r") || exit 1
	a=$(now)
	"$IOLENS" ingest --db "$TMP/s$r.db" "$POP" >/dev/null 2>&1
	b=$(now)
	"$IOLENS" ingest --db "$U" "$POP" >/dev/null 2>&1
	c=$(now)
	echo "$b - $a" | bc >>"$TMP/t_sq"
	echo "$c - $b" | bc >>"$TMP/t_pg"
done
a=$(now)
"$IOLENS" ingest --db "$TMP/s1.db" "$POP" >/dev/null 2>&1
b=$(now)
"$IOLENS" ingest --db "$(pg_url i1)" "$POP" >/dev/null 2>&1
c=$(now)
printf 'ingest of %d logs, fresh store, median of %d: SQLite %.3f s, PostgreSQL %.3f s (%s / %s)\n' \
	"$nlogs" "$R" "$(median <"$TMP/t_sq")" "$(median <"$TMP/t_pg")" \
	"$(tr '\n' ' ' <"$TMP/t_sq" | sed 's/ $//')" "$(tr '\n' ' ' <"$TMP/t_pg" | sed 's/ $//')"
printf 'ingest again, every log unchanged: SQLite %.3f s, PostgreSQL %.3f s\n' \
	"$(echo "$b - $a" | bc)" "$(echo "$c - $b" | bc)"

# ---- a larger store ----
DB=$TMP/m.db
cp "$TMP/s1.db" "$DB"
grow_store "$DB" "$N" || exit 1
rows=$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')
# both stores made by merge-db, so their rows are in the same (path)
# order: some analyses' time depends on the order of the rows
U=$(pg_newdb m) || exit 1
a=$(now)
"$IOLENS" merge-db "$TMP/m2.db" "$DB" >"$TMP/merge" 2>&1 || {
	echo "merge-db into SQLite failed: $(head -1 "$TMP/merge")"
	exit 1
}
b=$(now)
"$IOLENS" merge-db "$U" "$DB" >"$TMP/merge" 2>&1 || {
	echo "merge-db into PostgreSQL failed: $(head -1 "$TMP/merge")"
	exit 1
}
c=$(now)
# into an empty PostgreSQL store: the indexes of jobs built after the rows
printf 'a store of %d jobs: merge-db into SQLite %.1f s, into PostgreSQL %.1f s (%.0f rows/s; load %s)\n' \
	"$rows" "$(echo "$b - $a" | bc)" "$(echo "$c - $b" | bc)" \
	"$(echo "$rows / ($c - $b)" | bc)" "$(cut -d' ' -f1 /proc/loadavg)"
DB=$TMP/m2.db
LOG=$(sqlite3 "$DB" "SELECT path FROM jobs ORDER BY id DESC LIMIT 1")

printf '%-20s %28s   %28s\n' "" "SQLite" "PostgreSQL"
printf '%-20s %9s %9s %8s   %9s %9s %8s\n' command wall_s cpu_s rss_MiB wall_s cpu_s rss_MiB
bad=0
one() {	# one STORE ARGS...: "wall cpu rss" of one run
	local st=$1 w u s m
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$TMP/t" "$IOLENS" "$@" --db "$st" \
		>/dev/null 2>"$TMP/err" || {
		echo "failed"
		return 1
	}
	read -r w u s m <"$TMP/t"
	printf '%9.2f %9.2f %8.0f' "$w" "$(echo "$u + $s" | bc)" "$(echo "$m / 1024" | bc)"
}
run() {	# run NAME ARGS...
	local name=$1 x y
	shift
	x=$(one "$DB" "$@") || bad=1
	y=$(one "$U" "$@") || bad=1
	printf '%-20s %s   %s\n' "$name" "$x" "$y"
}
run variance variance
run "groups --by app" groups --by app
run context context "$LOG"
run "triage --db" triage
run "jobs, every row" jobs --format=csv
run population-report population-report -o "$TMP/pop.pdf"
exit "$bad"
