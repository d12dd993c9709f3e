#!/bin/sh
# bench/serve-zoom.sh: the latency of a timeline zoom of `iolens serve` on
# the 8M-segment bench log (../shared/bench/dxt-8m): the first request
# builds the level-of-detail index (once per log), then each zoom is a
# window of the cached index (or of the segments, finer than it) drawn as
# SVG.  Prints the index build time and p50, p90, max over the zooms;
# the target is a zoom under 300 ms.  Run by `make bench`.
#
#   sh bench/serve-zoom.sh [LOG]     (default: the dxt-8m log)
# Environment: IOLENS (default bin/iolens), BENCH_DIR (../shared/bench),
# ZOOMS (zooms per scale, default 10).
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
BENCH_DIR=${BENCH_DIR:-$TOP/../shared/bench}
LOG=${1:-$(ls "$BENCH_DIR"/dxt-8m/*.darshan 2>/dev/null | head -1)}
ZOOMS=${ZOOMS:-10}
[ -f "$LOG" ] || { echo "serve-zoom: no log (BENCH_DIR=$BENCH_DIR)"; exit 0; }
command -v curl >/dev/null || { echo "serve-zoom: no curl"; exit 0; }
T=$(mktemp -d "${TMPDIR:-/tmp}/iolens-zoom.XXXXXX")
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$T"' EXIT
"$IOLENS" ingest --db "$T/s.db" "$LOG" >/dev/null 2>&1 || { echo "serve-zoom: ingest failed"; exit 1; }
"$IOLENS" serve --db "$T/s.db" --logs "$(dirname "$LOG")" --listen 127.0.0.1:0 \
	--port-file "$T/port" 2>"$T/err" &
PID=$!
while [ ! -s "$T/port" ] && kill -0 "$PID" 2>/dev/null; do sleep 0.1; done
[ -s "$T/port" ] || { echo "serve-zoom: the server did not start: $(cat "$T/err")"; exit 1; }
U=http://127.0.0.1:$(cat "$T/port")/job/1/timeline.svg
ms() { curl -s -o /dev/null -w '%{time_total}\n' "$1" | awk '{ printf "%.1f\n", $1 * 1000 }'; }
echo "serve-zoom: $(basename "$LOG")"
echo "  index build (first request, whole job): $(ms "$U?bins=1000") ms"
END=$(curl -s "http://127.0.0.1:$(cat "$T/port")/api/job/1/timeline?bins=1" |
	sed -n 's/.*"end": \([0-9.e+-]*\),.*/\1/p')
# windows from the whole job down to a millionth of it, at bins 1000 and
# 4096, their start moved along the job
for scale in 1 0.1 0.01 0.001 0.0001 0.000001; do
	i=0
	while [ "$i" -lt "$ZOOMS" ]; do
		set -- $(awk -v e="$END" -v s="$scale" -v i="$i" -v n="$ZOOMS" \
			'BEGIN { w = e * s; t0 = (e - w) * i / n; printf "%.9f %.9f", t0, t0 + w }')
		b=$([ $((i % 2)) = 0 ] && echo 1000 || echo 4096)
		echo "$scale $(ms "$U?t0=$1&t1=$2&bins=$b")"
		i=$((i + 1))
	done
done >"$T/lat"
awk '{ print $2 }' "$T/lat" | sort -n >"$T/all"
n=$(wc -l <"$T/all")
pct() { sed -n "$(awk -v n="$n" -v p="$1" 'BEGIN { k = int(n * p / 100 + 0.999); print k < 1 ? 1 : k }')p" "$T/all"; }
for scale in 1 0.1 0.01 0.001 0.0001 0.000001; do
	awk -v s="$scale" '$1 == s { print $2 }' "$T/lat" | sort -n |
		awk -v s="$scale" '{ a[NR] = $1 } END { printf "  window %-9s of the job: median %6.1f ms, max %6.1f ms (%d zooms)\n", s, a[int((NR + 1) / 2)], a[NR], NR }'
done
echo "  all $n zooms: p50 $(pct 50) ms, p90 $(pct 90) ms, max $(pct 100) ms (target < 300 ms)"
