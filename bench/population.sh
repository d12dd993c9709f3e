#!/usr/bin/env bash
# bench/population.sh: speed and memory of iolens ingest (run by `make bench`
# after bench/run.sh, or alone: sh bench/population.sh).
#
#  1. The population corpus (../shared/corpus/population, 406 logs): ingest
#     into a fresh store, median of BENCH_RUNS runs: time, peak RSS, logs/s.
#     With PYDARSHAN set to PyDarshan's source (darshan-util/pydarshan, as
#     bench/pydarshan.sh takes it; PYDARSHAN_PYTHON, PYDARSHAN_LIB likewise)
#     or to a command running it (e.g. 'python3 -m darshan'), its
#     `job_stats` on the same logs, runs interleaved A B A B, medians side
#     by side and the ratio.
#  2. A synthetic facility-year: BENCH_FACILITY_N (default 1000000) hard
#     links to the population logs under distinct Darshan-like names in a
#     YYYY/M/D tree in a temporary directory (outside the repo), ingested
#     with -j 2: time and peak RSS (targets: < 10 min, < 200 MB); then the
#     re-run that finds nothing new (target: < 60 s).  BENCH_FACILITY=0
#     skips it.  It needs room for N directory entries (about 100 MB for 1M).
#  3. Population triage: the store of (1) copied with SQL to BENCH_TRIAGE_N
#     rows (default 1000000; about 1 GB of disk), then `triage --db`: time
#     and peak RSS (target: < 60 s).  BENCH_TRIAGE=0 skips it.
#
# Environment: IOLENS (default bin/iolens), BENCH_SHARED (default ../shared),
# BENCH_RUNS (default 3), PYDARSHAN, BENCH_FACILITY, BENCH_FACILITY_N,
# BENCH_TRIAGE, BENCH_TRIAGE_N, TMPDIR.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/env.sh"
RUNS=${BENCH_RUNS:-3}
FY=${BENCH_FACILITY:-1}
FYN=${BENCH_FACILITY_N:-1000000}
TR=${BENCH_TRIAGE:-1}
TRN=${BENCH_TRIAGE_N:-1000000}

# PYDARSHAN a source directory: the command that runs it from there
if [ -n "${PYDARSHAN:-}" ] && [ -d "$PYDARSHAN" ]; then
	export PYTHONPATH=$PYDARSHAN${PYTHONPATH:+:$PYTHONPATH}
	if [ -n "${PYDARSHAN_LIB:-}" ]; then
		export LD_LIBRARY_PATH=$PYDARSHAN_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	fi
	PYDARSHAN="${PYDARSHAN_PYTHON:-python3} -m darshan"
fi

if [ ! -d "$POP" ]; then
	echo "population bench: skipped: no population corpus at $POP"
	exit 0
fi
TIME_BIN=/usr/bin/time
"$TIME_BIN" -f '%e %M' true >/dev/null 2>&1 || TIME_BIN=
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-popbench.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

# measure OUT CMD...: "seconds peak_kib" of one run into OUT
measure() {
	local out=$1 s e
	shift
	if [ -n "$TIME_BIN" ]; then
		"$TIME_BIN" -f '%e %M' -o "$out" "$@" >/dev/null 2>"$TMP/stderr"
	else
		s=$(date +%s.%N)
		"$@" >/dev/null 2>"$TMP/stderr"
		e=$(date +%s.%N)
		echo "$(echo "$e - $s" | bc) 0" >"$out"
	fi
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

nlogs=$(ls "$POP"/*.darshan | wc -l)
ls "$POP"/*.darshan >"$TMP/list"
echo "== population corpus: $nlogs logs, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$TMP/a"
: >"$TMP/b"
for i in $(seq 1 "$RUNS"); do
	rm -f "$TMP/p.db"
	measure "$TMP/t" "$IOLENS" ingest --db "$TMP/p.db" "$POP"
	cat "$TMP/t" >>"$TMP/a"
	if [ -n "${PYDARSHAN:-}" ]; then
		# shellcheck disable=SC2086
		measure "$TMP/t" $PYDARSHAN job_stats --log_paths_file "$TMP/list" -c
		cat "$TMP/t" >>"$TMP/b"
	fi
done
ta=$(cut -d' ' -f1 "$TMP/a" | median)
ra=$(cut -d' ' -f2 "$TMP/a" | median)
printf '%-28s %8.3f s %8d KiB %10.0f logs/s\n' "iolens ingest" "$ta" "$ra" \
	"$(echo "$nlogs / ($ta + 0.0005)" | bc -l)"
if [ -n "${PYDARSHAN:-}" ]; then
	tb=$(cut -d' ' -f1 "$TMP/b" | median)
	rb=$(cut -d' ' -f2 "$TMP/b" | median)
	printf '%-28s %8.3f s %8d KiB %10.0f logs/s\n' "PyDarshan job_stats" "$tb" "$rb" \
		"$(echo "$nlogs / ($tb + 0.0005)" | bc -l)"
	printf 'iolens ingest is %.1fx faster (medians of %d runs, A B A B)\n' \
		"$(echo "$tb / ($ta + 0.0005)" | bc -l)" "$RUNS"
else
	echo "(PyDarshan: set PYDARSHAN to its source, darshan-util/pydarshan, to run job_stats side by side)"
fi

triage_bench() {
	local db=$TMP/tri.db cols k
	command -v sqlite3 >/dev/null 2>&1 || {
		echo "population triage: skipped: no sqlite3"
		return 0
	}
	"$IOLENS" ingest --db "$db" "$POP" >/dev/null 2>&1
	cols=$(sqlite3 "$db" "SELECT group_concat('\"' || name || '\"', ',')
		FROM pragma_table_info('jobs') WHERE name NOT IN ('id', 'path')")
	n=$(sqlite3 "$db" 'SELECT count(*) FROM jobs')
	k=$(((TRN + n - 1) / n - 1))
	sqlite3 "$db" "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1
		FROM k WHERE i < $k) INSERT INTO jobs (path, $cols)
		SELECT path || '#' || i, $cols FROM jobs, k WHERE id <= $n" || return 1
	rows=$(sqlite3 "$db" 'SELECT count(*) FROM jobs')
	measure "$TMP/t" "$IOLENS" triage --db "$db"
	read -r t1 r1 <"$TMP/t"
	printf '%-28s %8.1f s %8d KiB  %d rows (target < 60 s)\n' \
		"triage --db" "$t1" "$r1" "$rows"
	rm -f "$db"
}
if [ "$TR" != 0 ]; then
	echo "== population triage: the population copied to $TRN rows"
	triage_bench
fi

[ "$FY" = 0 ] && exit 0

echo "== facility-year: $FYN logs (hard links) in YYYY/M/D, ingest -j 2"
mkdir "$TMP/src" "$TMP/fy"
cp "$POP"/*.darshan "$TMP/src/"
s=$(date +%s)
perl -MPOSIX -MFile::Path=make_path -e '
	my ($src, $dst, $n) = @ARGV;
	opendir(my $d, $src) or die "$src: $!";
	my @logs = sort grep { /\.darshan$/ } readdir($d);
	my %made;
	for my $i (0 .. $n - 1) {
		my $l = $logs[$i % @logs];
		my ($pre) = $l =~ /^(.*?)_id/;
		my @g = gmtime(1735689600 + int($i * 365 * 86400 / $n));
		my ($y, $m, $dd) = ($g[5] + 1900, $g[4] + 1, $g[3]);
		my $dir = "$dst/$y/$m/$dd";
		make_path($dir) unless $made{$dir}++;
		link("$src/$l", "$dir/${pre}_id$i-${i}_$m-$dd-${i}_1.darshan")
			or die "link: $!";
	}' "$TMP/src" "$TMP/fy" "$FYN" || exit 1
echo "tree made in $(($(date +%s) - s)) s"
measure "$TMP/t" "$IOLENS" ingest --db "$TMP/fy.db" -j 2 "$TMP/fy"
read -r t1 r1 <"$TMP/t"
measure "$TMP/t" "$IOLENS" ingest --db "$TMP/fy.db" -j 2 "$TMP/fy"
read -r t2 r2 <"$TMP/t"
rows=$(sqlite3 "$TMP/fy.db" 'SELECT count(*) FROM jobs' 2>/dev/null || echo '?')
printf '%-28s %8.1f s %8d KiB %10.0f logs/s  (target < 600 s, < 200 MB)\n' \
	"ingest, first run" "$t1" "$r1" "$(echo "$FYN / ($t1 + 0.0005)" | bc -l)"
printf '%-28s %8.1f s %8d KiB  (target < 60 s)\n' "ingest, nothing new" "$t2" "$r2"
echo "rows in the store: $rows; store size: $(du -k "$TMP/fy.db" | cut -f1) KiB"
echo "removing the tree..."
