#!/bin/sh
# A new store is written unseen (store-fresh.c): in a temporary file
# beside its path, linked in as the path only when complete.  An ingest
# killed mid-run leaves no store (its temporary file, which no one holds,
# is removed by the next ingest into the path); a run that puts nothing in
# leaves nothing; a store made at the path meanwhile is never replaced,
# the run's rows are merged into it.  The runs are held mid-run by a
# --sacct FIFO, read after every log is written, so no schedule races.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) is not installed"
command -v mkfifo >/dev/null || skip_all "no mkfifo"
q() { sqlite3 -batch -noheader "$@"; }
S=$SAMPLES/population/logs
N=$(ls "$S"/*.darshan | wc -l)
printf 'JobID|User|Account|NNodes|NCPUS|Elapsed|Start|End|State\n1|u|a|1|4|00:01:00|2025-01-01T00:00:00|2025-01-01T00:01:00|COMPLETED\n' >"$TMP/sacct.txt"
mkdir "$TMP/d"
temps() { ls -a "$TMP/d" | grep -c "^\.$1\.iolens-"; }
# wait (30 s at most) for the run's temporary file of store $1
wait_temp() {
	i=0
	while [ "$(temps "$1")" -eq 0 ] && [ $i -lt 600 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}

# killed while held: no store, its temporary file left, unlocked
mkfifo "$TMP/fifo"
$IOLENS ingest --db "$TMP/d/k.db" --sacct "$TMP/fifo" "$S" >/dev/null 2>&1 &
pid=$!
wait_temp k.db
is "$(temps k.db)" 1 "the run writes a temporary file beside the store"
ok "$([ ! -e "$TMP/d/k.db" ]; echo $?)" "no store while the run goes on"
kill -9 $pid
wait $pid 2>/dev/null
ok "$([ ! -e "$TMP/d/k.db" ]; echo $?)" "killed mid-run: no store"
$IOLENS ingest --db "$TMP/d/k.db" "$S" >"$TMP/out" 2>&1
ok $? "the next ingest into the path"
is "$(cat "$TMP/out")" "$N logs: $N added, 0 refreshed, 0 unchanged, 0 failed" \
	"it adds every log"
is "$(temps k.db)" 0 "the killed run's temporary file removed, none left"
is "$(q "$TMP/d/k.db" 'PRAGMA integrity_check; PRAGMA journal_mode; SELECT count(*) FROM jobs')" \
	"ok
delete
$N" "the store whole, one file"
touch "$TMP/d/plain"
is "$(stat -c %a "$TMP/d/k.db")" "$(stat -c %a "$TMP/d/plain")" \
	"made with the mode of a file made here"

# nothing put in: nothing left
mkdir "$TMP/empty"
$IOLENS ingest --db "$TMP/d/e.db" "$TMP/empty" >/dev/null 2>&1
ok "$([ ! -e "$TMP/d/e.db" ] && [ "$(temps e.db)" -eq 0 ]; echo $?)" \
	"an ingest of no log leaves neither store nor file"

# a store made at the path meanwhile: kept, the run's rows merged in
mkdir "$TMP/one"
ln "$S/$(ls "$S" | head -n 1)" "$TMP/one/other_id999-1.darshan" 2>/dev/null ||
	cp "$S/$(ls "$S" | head -n 1)" "$TMP/one/other_id999-1.darshan"
mkfifo "$TMP/fifo2"
$IOLENS ingest --db "$TMP/d/m.db" --sacct "$TMP/fifo2" "$S" >"$TMP/mout" 2>&1 &
pid=$!
wait_temp m.db
$IOLENS ingest --db "$TMP/d/m.db" "$TMP/one" >/dev/null 2>&1
ok $? "another ingest makes the store meanwhile"
cat "$TMP/sacct.txt" >"$TMP/fifo2"
wait $pid
ok $? "the held run ends well"
is "$(q "$TMP/d/m.db" 'SELECT count(*), count(DISTINCT path) FROM jobs; SELECT count(*) FROM sched')" \
	"$((N + 1))|$((N + 1))
1" "its rows and the scheduler's job merged into the store made meanwhile"
is "$(temps m.db)" 0 "no temporary file left"

done_testing
