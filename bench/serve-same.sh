#!/bin/sh
# bench/serve-same.sh: two builds of `iolens serve` give the same pages:
# each serves the same store (read-only) and logs, the same 50 URLs are
# asked of both (the dashboard, job pages and their twins, list pages
# in several orders, filters and offsets, a list's twin, a timeline),
# each twice (the second from what the first kept) and after a restart
# on the cache of the first start (what was kept on disk); the bodies
# and statuses must be byte for byte the same.  Prints a line per
# difference and a count.
#   IOLENS_A=main/bin/iolens IOLENS_B=bin/iolens sh bench/serve-same.sh
# Environment: STORE (default: the 406 population logs ingested), SHARED.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS_A=${IOLENS_A:?the first build\'s iolens}
IOLENS_B=${IOLENS_B:-$TOP/bin/iolens}
SHARED=${SHARED:-$TOP/../shared}
STORE=${STORE:-}
POP=$SHARED/corpus/population/logs
[ -d "$POP" ] || { echo "serve-same: no $POP"; exit 0; }
command -v curl >/dev/null || { echo "serve-same: no curl"; exit 0; }
T=$(mktemp -d "${TMPDIR:-/tmp}/iolens-same.XXXXXX")
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$T"' EXIT
if [ -z "$STORE" ]; then
	STORE=$T/s.db
	"$IOLENS_A" ingest --db "$STORE" "$POP" >/dev/null 2>&1 || { echo "serve-same: ingest failed"; exit 1; }
fi
user=$(sqlite3 -readonly "$STORE" 'SELECT "user" FROM jobs WHERE id = 1')
{
	echo /
	echo /api/
	for id in 1 2 3 5 8 13 21 34 55 89 144 233 377 406; do
		echo "/job/$id"
	done
	for id in 1 7 100 406; do echo "/api/job/$id"; done
	echo /job/3/timeline
	echo /job/3/timeline.svg
	echo /api/job/3/timeline
	echo /api/job/233
	echo /static/iolens.css
	for s in id -mib_s -start_time -io_time_by_slowest bytes_read; do
		for off in 0 50 350; do echo "/jobs?sort=$s&limit=50&offset=$off"; done
		echo "/jobs?user=$user&sort=$s&limit=50&offset=0"
	done
	echo "/api/jobs?sort=-mib_s&limit=50&offset=100"
	echo "/api/jobs?user=$user&sort=bytes_read&limit=20"
	echo "/jobs?limit=1000"
	echo "/jobs?sort=nosuch"
	echo "/job/999999999"
} >"$T/urls"
start() { # build cache: the port in $T/port
	rm -f "$T/port"
	IOLENS_SERVE_WARM=0 "$1" serve --db "$STORE" --logs "$POP" --listen 127.0.0.1:0 \
		--port-file "$T/port" --cache "$2" 2>>"$T/err" &
	PID=$!
	while [ ! -s "$T/port" ] && kill -0 "$PID" 2>/dev/null; do sleep 0.1; done
	[ -s "$T/port" ] || { echo "serve-same: $1 did not start: $(cat "$T/err")"; exit 1; }
}
fetch() { # build pass
	start "$1" "$T/cache.$2"
	for pass in 1 2; do
		i=0
		while read -r u; do
			i=$((i + 1))
			# the dashboard says its tables are being made until they are
			n=0
			while :; do
				code=$(curl -s -o "$T/$2.$pass.$i" -w '%{http_code}' "http://127.0.0.1:$(cat "$T/port")$u")
				grep -q 'being made' "$T/$2.$pass.$i" || break
				n=$((n + 1))
				[ $n -lt 600 ] || break
				sleep 0.2
			done
			echo "$code" >>"$T/$2.$pass.$i"
		done <"$T/urls"
	done
	kill "$PID"
	wait "$PID" 2>/dev/null
	# started again on what the first start kept
	start "$1" "$T/cache.$2"
	i=0
	while read -r u; do
		i=$((i + 1))
		code=$(curl -s -o "$T/$2.3.$i" -w '%{http_code}' "http://127.0.0.1:$(cat "$T/port")$u")
		echo "$code" >>"$T/$2.3.$i"
	done <"$T/urls"
	kill "$PID"
	wait "$PID" 2>/dev/null
	PID=
}
fetch "$IOLENS_A" a
fetch "$IOLENS_B" b
nu=$(wc -l <"$T/urls" | tr -d ' ')
bad=0
for pass in 1 2 3; do
	i=0
	while read -r u; do
		i=$((i + 1))
		cmp -s "$T/a.$pass.$i" "$T/b.$pass.$i" || { echo "serve-same: differs: $u (visit $pass)"; bad=$((bad + 1)); }
	done <"$T/urls"
done
echo "serve-same: $nu URLs, 3 visits each (the third after a restart): $bad differ"
[ "$bad" -eq 0 ]
