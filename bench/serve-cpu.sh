#!/bin/sh
# bench/serve-cpu.sh: the CPU `iolens serve` spends a request, by kind of
# page: one client asks N pages of a kind one after the other (new ones:
# first visits, made; "job-again": job pages already made), and the
# server's CPU time (its threads, its children ended and its workers
# alive, from /proc) over them is divided by N.  Unlike latency under
# load, the number a loaded machine does not spoil (the clock tick is
# 10 ms: N 40 gives 0.25 ms steps).  Prints a line per kind and build,
# with the Server-Timing means (the thread's "cpu", the children's
# "ccpu").  Pages made ahead are off (IOLENS_SERVE_WARM=0), and a job
# page's first visit waits for its tables (IOLENS_SERVE_JOB_WAIT=3600,
# unless set): a page answered before them would leave their CPU to be
# spent after the count.
#   IOLENS_A=main/bin/iolens sh bench/serve-cpu.sh
# Environment: IOLENS_A, IOLENS_B (default bin/iolens), STORE (default:
# the 406 population logs ingested; opened read-only), N (40), KINDS.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS_B=${IOLENS_B:-$TOP/bin/iolens}
IOLENS_A=${IOLENS_A:-}
SHARED=${SHARED:-$TOP/../shared}
STORE=${STORE:-}
N=${N:-40}
KINDS=${KINDS:-dashboard list list-user list-bytes api-list job job-again api-job timeline}
POP=$SHARED/corpus/population/logs
[ -d "$POP" ] || { echo "serve-cpu: no $POP"; exit 0; }
command -v curl >/dev/null || { echo "serve-cpu: no curl"; exit 0; }
T=$(mktemp -d "${TMPDIR:-/tmp}/iolens-cpu.XXXXXX")
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$T"' EXIT
if [ -z "$STORE" ]; then
	STORE=$T/s.db
	"$IOLENS_B" ingest --db "$STORE" "$POP" >/dev/null 2>&1 || { echo "serve-cpu: ingest failed"; exit 1; }
fi
user=$(sqlite3 -readonly "$STORE" 'SELECT "user" FROM jobs WHERE id = 1')
hz=$(getconf CLK_TCK)
# the server's CPU ticks: its own and its ended children's, and those of
# its children alive (the workers)
ticks() {
	{
		awk '{ s = $0; sub(/.*\) /, "", s); split(s, a, " "); print a[12] + a[13] + a[14] + a[15] }' "/proc/$PID/stat"
		for c in $(cat /proc/"$PID"/task/*/children 2>/dev/null); do
			awk '{ s = $0; sub(/.*\) /, "", s); split(s, a, " "); print a[12] + a[13] }' "/proc/$c/stat" 2>/dev/null
		done
	} | awk '{ t += $1 } END { print t + 0 }'
}
urls() { # kind base
	i=1
	while [ $i -le "$N" ]; do
		case $1 in
		dashboard) echo "$2/" ;;
		list) echo "$2/jobs?sort=-mib_s&limit=50&offset=$((i * 20))" ;;
		list-user) echo "$2/jobs?user=$user&sort=-start_time&limit=50&offset=$((i * 3))" ;;
		list-bytes) echo "$2/jobs?sort=bytes_read&limit=50&offset=$((i * 20))" ;;
		api-list) echo "$2/api/jobs?sort=-mib_s&limit=50&offset=$((i * 20))" ;;
		job | job-again) echo "$2/job/$i" ;;
		api-job) echo "$2/api/job/$i" ;;
		timeline) echo "$2/job/$i/timeline.svg" ;;
		esac
		i=$((i + 1))
	done | sed 's|.*|url = "&"\noutput = "/dev/null"|'
}
one() { # build kind
	rm -f "$T/port"
	IOLENS_SERVE_WARM=0 IOLENS_SERVE_JOB_WAIT=${IOLENS_SERVE_JOB_WAIT:-3600} \
		"$1" serve --db "$STORE" --logs "$POP" --listen 127.0.0.1:0 \
		--port-file "$T/port" --cache "$T/cache.$$" 2>/dev/null &
	PID=$!
	while [ ! -s "$T/port" ] && kill -0 "$PID" 2>/dev/null; do sleep 0.1; done
	U=http://127.0.0.1:$(cat "$T/port")
	urls "$2" "$U" >"$T/cfg"
	# made once before: a repeat; the dashboard's tables made first
	case $2 in job-again | dashboard) curl -s -K "$T/cfg" >/dev/null ;; esac
	[ "$2" = dashboard ] && while curl -s "$U/" | grep -q 'being made'; do sleep 0.2; done
	c0=$(ticks)
	curl -s -K "$T/cfg" -w '%{http_code} %header{server-timing}\n' >"$T/lat"
	c1=$(ticks)
	kill "$PID"
	wait "$PID" 2>/dev/null
	PID=
	rm -rf "$T/cache.$$"
	awk -v k="$2" -v b="$3" -v n="$N" -v c="$((c1 - c0))" -v hz="$hz" '
		{ if ($1 != 200) e++
		  for (i = split("cpu ccpu", P, " "); i > 0; i--) {
			v = $0; if (sub(".*[ ,]" P[i] ";dur=", "", v)) { sub(/[;, ].*/, "", v); t[P[i]] += v } } }
		END { printf "  %-10s %s: %6.2f ms CPU a request (thread %.2f, children %.2f; %d errors)\n",
			k, b, 1000 * c / hz / n, t["cpu"] / NR, t["ccpu"] / NR, e }' "$T/lat"
}
echo "serve-cpu: $N requests a kind, $(sqlite3 -readonly "$STORE" 'SELECT count(*) FROM jobs')-job store, load $(cut -d' ' -f1 /proc/loadavg)"
for k in $KINDS; do
	[ -z "$IOLENS_A" ] || one "$IOLENS_A" "$k" A
	one "$IOLENS_B" "$k" B
done
