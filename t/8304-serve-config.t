#!/bin/sh
# iolens serve takes what its options leave unset from the site
# configuration (issue 35: db, serve.listen, serve.logs), the options
# winning; an address from the file is checked as --listen is.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

mkdir -p "$TMP/logs"
cp "$SAMPLES"/population/logs/*.darshan "$TMP/logs/"
DB=$TMP/pop.db
$IOLENS ingest --db "$DB" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest"

printf 'db = %s\nserve.listen = 127.0.0.1:0\nserve.logs = %s\n' "$DB" "$TMP/logs" >"$TMP/site"
IOLENS_CONFIG=$TMP/site IOLENS_SERVE_JOB_WAIT=3600 $IOLENS serve --port-file "$TMP/port" 2>"$TMP/err" &
pid=$!
_serve_pids="$_serve_pids $pid"
while [ ! -s "$TMP/port" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
ok $(test -s "$TMP/port"; echo $?) "serve without --db or --listen starts from the site's db and serve.listen ($(head -1 "$TMP/err"))"
URL=http://127.0.0.1:$(cat "$TMP/port" 2>/dev/null)
get "$URL/api/jobs?limit=1000" >"$TMP/jobs.json"
$IOLENS jobs --db "$DB" --format=json >"$TMP/cli.json"
n=$(grep -c '"id":' "$TMP/jobs.json")
is "$n" "$(grep -c '"id":' "$TMP/cli.json")" "the site's store is the one served ($n jobs)"
ID=$(sqlite3 "$DB" 'SELECT min(id) FROM jobs')
get "$URL/job/$ID" >"$TMP/job.html"
is "$(cat "$TMP/code")" 200 "a job page reads its log beneath the site's serve.logs"
kill "$pid"

printf 'serve.listen = 0.0.0.0:0\n' >"$TMP/open"
IOLENS_CONFIG=$TMP/open $IOLENS serve --db "$DB" >/dev/null 2>"$TMP/err"
rc=$?
is "$rc" 2 "a site address that is not loopback, without a token: refused"
grep -q 'refusing to listen on 0.0.0.0' "$TMP/err"
ok $? "and said ($(head -1 "$TMP/err"))"

IOLENS_CONFIG=/dev/null $IOLENS serve >/dev/null 2>"$TMP/err"
is "$?:$(head -1 "$TMP/err")" "2:iolens serve: --db is required" "no store anywhere: a usage error"
done_testing
