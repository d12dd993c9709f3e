#!/bin/sh
# bench/serve-load.sh: `iolens serve` under load on loopback: CLIENTS
# (50) clients at once sending REQUESTS (1000) requests over the job list
# (pages of 50, sorted), the job pages and the dashboard of the 406-job
# population store; prints the errors and p50, p99 and max latency of
# each kind.  Run by `make bench`.
# Environment: IOLENS (default bin/iolens), SHARED (../shared), CLIENTS,
# REQUESTS.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
SHARED=${SHARED:-$TOP/../shared}
CLIENTS=${CLIENTS:-50}
REQUESTS=${REQUESTS:-1000}
POP=$SHARED/corpus/population/logs
[ -d "$POP" ] || { echo "serve-load: no $POP"; exit 0; }
command -v curl >/dev/null || { echo "serve-load: no curl"; exit 0; }
T=$(mktemp -d "${TMPDIR:-/tmp}/iolens-load.XXXXXX")
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$T"' EXIT
"$IOLENS" ingest --db "$T/s.db" "$POP" >/dev/null 2>&1 || { echo "serve-load: ingest failed"; exit 1; }
"$IOLENS" serve --db "$T/s.db" --logs "$POP" --listen 127.0.0.1:0 \
	--max-conn 256 --port-file "$T/port" 2>/dev/null &
PID=$!
while [ ! -s "$T/port" ] && kill -0 "$PID" 2>/dev/null; do sleep 0.1; done
U=http://127.0.0.1:$(cat "$T/port")
n=$("$IOLENS" jobs --db "$T/s.db" --format csv | sed 1d | wc -l)
i=0
while [ "$i" -lt "$REQUESTS" ]; do
	case $((i % 10)) in
	0) echo "dashboard $U/" ;;
	1 | 2 | 3) echo "job $U/job/$((i % n + 1))" ;;
	*) echo "list $U/jobs?sort=-mib_s&limit=50&offset=$((i % n))" ;;
	esac
	i=$((i + 1))
done >"$T/urls"
start=$(date +%s.%N)
xargs -P "$CLIENTS" -L 1 sh -c 'curl -s -o /dev/null -w "$0 %{http_code} %{time_total}\n" "$1"' \
	<"$T/urls" >"$T/lat"
end=$(date +%s.%N)
echo "serve-load: $REQUESTS requests, $CLIENTS at once, 406-job store: $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f s", b - a }')"
for kind in list job dashboard; do
	awk -v k="$kind" '$1 == k { print $2, $3 }' "$T/lat" | sort -k2 -n |
		awk -v k="$kind" '{ n++; t[n] = $2; if ($1 != 200) e++ }
		END { if (!n) exit; printf "  %-9s %4d requests, %d errors: p50 %.0f ms, p99 %.0f ms, max %.0f ms\n",
			k, n, e, 1000 * t[int(n * 0.5 + 0.5)], 1000 * t[int(n * 0.99 + 0.5)], 1000 * t[n] }'
done
