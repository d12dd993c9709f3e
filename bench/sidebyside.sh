#!/usr/bin/env bash
# bench/sidebyside.sh: two iolens binaries on the same commands in one run,
# alternated A B A B, the medians of BENCH_RUNS (default 3) of wall time,
# CPU time (user + sys: the stable figure on a shared machine) and peak
# RSS, the ratios A / B, and the outputs compared byte for byte (cmp).
# The load average is printed with every row.  Run by `make bench` when
# BENCH_BASE names the binary to compare with (a copy of main's, beside
# its .so modules); this checkout's bin/iolens (IOLENS) is B.
#
#   BENCH_BASE=/tmp/main/iolens sh bench/sidebyside.sh [ROW ...]
#
# Rows: timeline (dxt-8m, the text chart and phases), timeline-phases
# and timeline-json (its --phases as CSV, JSON), report-svg (its report's
# first page: the phases drawn), timeline-1m,
# pop-report (BENCH_POPDB, a million-job store bench/popstore.sh makes;
# skipped when unset), and on the same store triage-db (text),
# triage-db-csv (every flagged job: --top all) and triage-db-json.
# Default: every row whose input exists.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/env.sh"

BASE=${BENCH_BASE:-}
RUNS=${BENCH_RUNS:-3}
BENCH_DIR=${BENCH_DIR:-$SHARED/bench}
POPDB=${BENCH_POPDB:-}
TIME=${BENCH_TIME:-/usr/bin/time}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
if [ -z "$BASE" ] || [ ! -x "$BASE" ]; then
	echo "sidebyside: BENCH_BASE names no binary: skipped"
	exit 0
fi
if [ ! -x "$TIME" ]; then
	echo "sidebyside: no GNU time at $TIME: skipped"
	exit 0
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/sidebyside.XXXXXX")
trap 'rm -rf "$W"' EXIT

log_of() { ls "$BENCH_DIR/$1"/*.darshan 2>/dev/null | head -1; }

# row NAME OUT ARGS...: the output compared is stdout for OUT '-', else
# the file {out}OUT that ARGS name ({out}: a path per side)
row() {
	name=$1 out=$2
	shift 2
	: > "$W/a.t"
	: > "$W/b.t"
	for i in $(seq "$RUNS"); do
		for side in a b; do
			bin=$BASE
			[ $side = b ] && bin=$IOLENS
			args=()
			for x in "$@"; do args+=("${x//\{out\}/$W/$side.out}"); done
			if [ "$out" = - ]; then
				"$TIME" -o "$W/t" -f '%e %U %S %M' "$bin" "${args[@]}" > "$W/$side.out" 2> "$W/$side.err"
			else
				"$TIME" -o "$W/t" -f '%e %U %S %M' "$bin" "${args[@]}" > /dev/null 2> "$W/$side.err"
			fi
			echo "$? $(tail -1 "$W/t")" >> "$W/$side.t"
		done
	done
	same=differ
	sfx=
	[ "$out" = - ] || sfx=$out
	[ -s "$W/a.out$sfx" ] && cmp -s "$W/a.out$sfx" "$W/b.out$sfx" && same=identical
	load=$(cut -d' ' -f1-3 /proc/loadavg)
	# the medians (bench/medians.awk), then this row
	awk -v name="$name" -v same="$same" -v ld="$load" -f "$MEDIANS" -f <(printf '%s\n' '
		function report() {
			printf "%-14s A %6.2f s wall %6.2f s cpu %7.1f MB | B %6.2f s wall %6.2f s cpu %7.1f MB | A/B cpu %.2fx rss %.2fx | %s%s | load %s\n",
				name, W[1], C[1], R[1], W[2], C[2], R[2],
				(C[2] > 0 ? C[1] / C[2] : 0), (R[2] > 0 ? R[1] / R[2] : 0),
				same, (bad[1] || bad[2]) ? " (a run failed)" : "", ld
		}') "$W/a.t" "$W/b.t"
}

want() { [ $# -eq 0 ] || [[ " $* " == *" $ROW "* ]]; }

ROW=timeline
L=$(log_of dxt-8m)
if want "$@" && [ -n "$L" ]; then row timeline - timeline "$L"; fi
ROW=timeline-phases
if want "$@" && [ -n "$L" ]; then
	row timeline-phases - timeline --phases --format csv "$L"
fi
ROW=timeline-json
if want "$@" && [ -n "$L" ]; then
	row timeline-json - timeline --phases --format json "$L"
fi
ROW=report-svg
if want "$@" && [ -n "$L" ]; then
	row report-svg -1.svg report --format svg -o "{out}" "$L"
fi
ROW=timeline-1m
L=$(log_of dxt-1m)
if want "$@" && [ -n "$L" ]; then row timeline-1m - timeline "$L"; fi
ROW=pop-report
if want "$@" && [ -n "$POPDB" ] && [ -f "$POPDB" ]; then
	row pop-report .pdf population-report --db "$POPDB" -o "{out}.pdf"
fi
for f in text csv json; do
	ROW=triage-db
	[ $f = text ] || ROW=triage-db-$f
	top=5
	[ $f = csv ] && top=all
	if want "$@" && [ -n "$POPDB" ] && [ -f "$POPDB" ]; then
		row $ROW - triage --db "$POPDB" --top $top --format $f
	fi
done
