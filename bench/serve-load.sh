#!/bin/sh
# bench/serve-load.sh: `iolens serve` under load on loopback: CLIENTS
# (50) clients at once, each asking page after page for DURATION (30)
# seconds over kept-alive connections: the job list (pages of 50, in
# several orders, some filtered by a user), the job pages and the
# dashboard, six, three and one in ten (KINDS: the kinds asked, default
# "list job dashboard"); prints the errors and p50, p99 and max latency
# of each kind, with the 1-minute load average at the run's start and
# end beside them, and the server's CPU time a request (its threads, its
# children and workers: what a loaded machine inflates less than the
# latency).  A job page answered before its tables were made (its
# first visit: Server-Timing "partial") is counted apart as "job-part",
# as a dashboard is as "dash-part".  Run by `make bench` on the 406-job
# population store, with bench/serve-cpu.sh (the CPU a request of each
# kind costs).
# Environment: IOLENS (default bin/iolens), SHARED (../shared), CLIENTS,
# DURATION, KINDS, STORE (a store to serve instead of one ingested from
# the 406 logs, opened read-only, e.g. the 1M-job one of
# bench/popstore.sh; its job pages are those of ids 1 to 406), BIG (a
# second store, e.g. of a million jobs, run after the first each time:
# both stores' figures side by side; by default BENCH_POP_STORE, the
# existing store `make bench` gives bench/popstore.sh), RUNS (1: runs of each store and
# build; with more, the medians are printed at the end), IOLENS_OLD
# (another build, run alternately with IOLENS: A B A B ..., A the old),
# CLIENT
# (curl: a curl process for every ten pages, the default; threads: the
# same pages asked by the threads of one process, bench/httpload.c, so
# that the clients' own processes load the cores less), CACHE (the
# server's --cache: by default a new empty directory, so that every run
# starts from nothing; "user" for the user's cache directory, where a
# run finds what an earlier one of the same binary kept).
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
IOLENS_OLD=${IOLENS_OLD:-}
SHARED=${SHARED:-$TOP/../shared}
CLIENTS=${CLIENTS:-50}
DURATION=${DURATION:-30}
KINDS=${KINDS:-list job dashboard}
STORE=${STORE:-}
BIG=${BIG:-${BENCH_POP_STORE:-}}
RUNS=${RUNS:-1}
CLIENT=${CLIENT:-curl}
CACHE=${CACHE:-}
POP=$SHARED/corpus/population/logs
[ -d "$POP" ] || { echo "serve-load: no $POP"; exit 0; }
command -v curl >/dev/null || { echo "serve-load: no curl"; exit 0; }
T=$(mktemp -d "${TMPDIR:-/tmp}/iolens-load.XXXXXX")
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
if [ -z "$STORE" ]; then
	STORE=$T/s.db
	"$IOLENS" ingest --db "$STORE" "$POP" >/dev/null 2>&1 || { echo "serve-load: ingest failed"; exit 1; }
fi
if [ "$CLIENT" = threads ]; then
	cc -O2 -pthread -o "$T/httpload" "$TOP/bench/httpload.c" ||
		{ echo "serve-load: cannot build bench/httpload.c"; exit 1; }
fi
load() { cut -d' ' -f1 /proc/loadavg; }

# each client's pages: 200 of the mix, from its own place in it
urls() {	# urls BASE-URL STORE
	base=$1
	n=$(sqlite3 -readonly "$2" 'SELECT count(*) FROM jobs')
	user=$(sqlite3 -readonly "$2" 'SELECT "user" FROM jobs WHERE id = 1')
	[ "$n" -gt 406 ] && nj=406 || nj=$n
	c=0
	while [ "$c" -lt "$CLIENTS" ]; do
		i=0
		while [ "$i" -lt 200 ]; do
			k=$((c * 37 + i))
			case $((k % 10)) in
			0) kind=dashboard ;;
			1 | 2 | 3) kind=job ;;
			*) kind=list ;;
			esac
			case " $KINDS " in *" $kind "*) ;; *) i=$((i + 1)); continue ;; esac
			case $kind in
			dashboard) echo "$base/" ;;
			job) echo "$base/job/$((k % nj + 1))" ;;
			*)
				set -- -mib_s -start_time -io_time_by_slowest bytes_read
				shift $((k % 4))
				f=
				[ $((k % 5)) -eq 0 ] && f="user=$user&"
				echo "$base/jobs?${f}sort=$1&limit=50&offset=$((k % 1000))" ;;
			esac
			i=$((i + 1))
		done >"$T/urls.$c"
		c=$((c + 1))
	done
}

# the server's own CPU seconds (and its children's: those that ended,
# and its workers, alive)
server_cpu() {
	{
		awk '{ s = $0; sub(/.*\) /, "", s); split(s, a, " "); print a[12] + a[13] + a[14] + a[15] }' "/proc/$PID/stat"
		for c in $(cat /proc/"$PID"/task/*/children 2>/dev/null); do
			awk '{ s = $0; sub(/.*\) /, "", s); split(s, a, " "); print a[12] + a[13] }' "/proc/$c/stat"
		done
	} 2>/dev/null | awk -v hz="$(getconf CLK_TCK)" '{ t += $1 } END { printf "%.2f", t / hz }'
}

pct() { sort -n | awk '{ t[++n] = $1 } END { if (n) printf "p50 %.0f ms, p99 %.0f ms", t[int(n * 0.5 + 0.5)], t[int(n * 0.99 + 0.5)] }'; }

# one run: build $1 (A or B) of binary $2 serving store $3; its figures
# printed, and a line per kind added to $T/sum for the medians
one_run() {
	rm -f "$T"/lat* "$T"/cfg.* "$T"/urls.* "$T/port"
	case $CACHE in
	user) set -- "$1" "$2" "$3" ;;
	"") rm -rf "$T/cache"; mkdir -p "$T/cache" && set -- "$1" "$2" "$3" --cache "$T/cache" ;;
	*) set -- "$1" "$2" "$3" --cache "$CACHE" ;;
	esac
	build=$1 bin=$2 store=$3
	shift 3
	"$bin" serve --db "$store" --logs "$POP" --listen 127.0.0.1:0 \
		--max-conn 256 --port-file "$T/port" "$@" 2>/dev/null &
	PID=$!
	while [ ! -s "$T/port" ] && kill -0 "$PID" 2>/dev/null; do sleep 0.1; done
	U=http://127.0.0.1:$(cat "$T/port")
	urls "$U" "$store"
	cpu0=$(server_cpu)
	load0=$(load)
	pids=
	end=$(($(date +%s) + DURATION))
	c=0
	if [ "$CLIENT" = threads ]; then
		"$T/httpload" "$(cat "$T/port")" "$DURATION" "$T"/urls.* >"$T/lat.0"
		c=$CLIENTS
	fi
	while [ "$c" -lt "$CLIENTS" ]; do
		# ten pages a connection, the next ten on a new one
		sed 's|.*|url = "&"\noutput = "/dev/null"|' "$T/urls.$c" |
			split -l 20 - "$T/cfg.$c."
		(while [ "$(date +%s)" -lt "$end" ]; do
			for p in "$T/cfg.$c".*; do
				[ "$(date +%s)" -lt "$end" ] || break
				curl -s -K "$p" \
					-w '%{url_effective} %{http_code} %{time_total} %header{server-timing}\n'
			done
		done) >"$T/lat.$c" &
		pids="$pids $!"
		c=$((c + 1))
	done
	[ -z "$pids" ] || wait $pids
	cat "$T"/lat.* >"$T/lat"
	load1=$(load)
	# what the server did: children started, outputs found kept, pages
	# made, the list's totals counted (counts_made: once a filter)
	stats=$(curl -s "$U/api/stats")
	cpu=$(server_cpu)
	kill "$PID" 2>/dev/null
	wait "$PID" 2>/dev/null
	PID=
	nreq=$(wc -l <"$T/lat")
	cpureq=$(awk -v a="$cpu0" -v b="$cpu" -v n="$nreq" 'BEGIN { if (n) printf "%.2f", 1000 * (b - a) / n }')
	nstore=$(sqlite3 -readonly "$store" 'SELECT count(*) FROM jobs')
	echo "serve-load: $build $bin, $CLIENTS clients ($CLIENT) for $DURATION s, $nstore-job store: $nreq requests, server CPU $cpu s of $(($(nproc) * DURATION)) s ($cpureq ms a request), load $load0 to $load1"
	echo "  server: $stats"
	# per kind: the latency the clients saw, then the part of it inside the
	# server's handler (Server-Timing "page": from the request read to its
	# page made) and the CPU time of the server's thread ("cpu"); what the
	# clients saw beyond "page" went outside the handler (accept, queued for
	# the cores, the clients' own processes).  A page saying its tables
	# are being made (Server-Timing "partial") is counted apart: a
	# dashboard's as "dash-part" (its tables take minutes at a million
	# jobs), a job page's first visits as "job-part"; "job-all" is
	# every job page answered, either way
	for kind in list job job-part job-all dashboard dash-part; do
		awk -v k="$kind" '{ u = $1; sub(/^http:\/\/[^\/]*/, "", u)
			t = u ~ /^\/jobs/ ? "list" : u ~ /^\/job\// ? "job" : "dashboard"
			if (t == "job" && k == "job-all") { print; next }
			if (t == "dashboard" && / partial/) t = "dash-part"
			if (t == "job" && / partial/) t = "job-part"
			if (t == k) print }' "$T/lat" >"$T/lat.k"
		[ -s "$T/lat.k" ] || continue
		awk '{ print $2, $3 }' "$T/lat.k" | sort -k2 -n |
			awk -v k="$kind" -v b="$build" -v s="$nstore" -v l="$load0-$load1" -v c="$cpureq" -v f="$T/sum" '
			{ n++; t[n] = $2; if ($1 != 200) e++ }
			END { if (!n) exit; p50 = 1000 * t[int(n * 0.5 + 0.5)]; p99 = 1000 * t[int(n * 0.99 + 0.5)]
				printf "  %-9s %5d requests, %d errors: p50 %.0f ms, p99 %.0f ms, max %.0f ms (load %s)\n",
					k, n, e, p50, p99, 1000 * t[n], l
				printf "%s %s %s %d %d %.1f %.1f %s %s\n", s, k, b, n, e, p50, p99, l, c >>f }'
		srv=$(sed -n 's/.*page;dur=\([0-9.]*\).*/\1/p' "$T/lat.k" | pct)
		tcpu=$(sed -n 's/.*cpu;dur=\([0-9.]*\).*/\1/p' "$T/lat.k" |
			awk '{ s += $1; n++ } END { if (n) printf "%.2f", s / n }')
		[ -z "$srv" ] || echo "            in the server's handler: $srv; its thread's CPU $tcpu ms a page"
		# the handler's time by part, a page's mean (Server-Timing: the
		# waits for the slow lane's thread, a store handle, the children,
		# and the children's CPU); first visits (lane slow) apart
		for lane in slow other; do
			awk -v l="$lane" '{ s = $0; sub(/.*lane;desc=/, "", s); sub(/[ ,].*/, "", s)
				if ((l == "slow") != (s == "slow")) next
				n++
				for (i = split("queue pool child worker ccpu", P, " "); i > 0; i--) {
					v = $0; if (sub(".*[ ,]" P[i] ";dur=", "", v)) { sub(/[;, ].*/, "", v); t[P[i]] += v } }
				} END { if (n && ("queue" in t)) printf "            %s: %d, waits: queue %.1f, pool %.1f, children %.1f (for a free worker %.1f; their CPU %.2f) ms a page\n",
					l == "slow" ? "made (lane slow)" : "others", n, t["queue"] / n, t["pool"] / n, t["child"] / n, t["worker"] / n, t["ccpu"] / n }' "$T/lat.k"
		done
	done
}

: >"$T/sum"
r=0
while [ "$r" -lt "$RUNS" ]; do
	for s in "$STORE" $BIG; do
		[ -z "$IOLENS_OLD" ] || one_run A "$IOLENS_OLD" "$s"
		one_run B "$IOLENS" "$s"
	done
	r=$((r + 1))
done
# the medians of the runs of each store, kind and build (A the old),
# with the loads they were taken at and the server's CPU a request
[ "$RUNS" -gt 1 ] || exit 0
echo "serve-load: medians of $RUNS runs, $CLIENTS clients for $DURATION s (A $IOLENS_OLD, B $IOLENS)"
sort -s -k1,1n -k2,2 -k3,3 "$T/sum" | awk '
function med(v, n,   i, j, t) {
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
	return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
function flush() {
	if (!m) return
	printf "  %7s jobs %-9s %s: %d requests, p50 %.0f ms, p99 %.0f ms, %d errors, %.2f ms of CPU a request (loads %s)\n",
		key1, key2, key3, med(q, m), med(a, m), med(b, m), e, med(c, m), loads
	m = 0; e = 0; loads = ""
}
{ if ($1 != key1 || $2 != key2 || $3 != key3) { flush(); key1 = $1; key2 = $2; key3 = $3 }
	m++; q[m] = $4; a[m] = $6; b[m] = $7; c[m] = $9; e += $5; loads = loads (loads == "" ? "" : ", ") $8 }
END { flush() }'
