#!/usr/bin/env bash
# bench/pydarshan.sh: iolens beside PyDarshan, in the same run (issue 38's
# two targets against it).  Run by `make bench`, or alone:
#
#   PYDARSHAN=/src/darshan/darshan-util/pydarshan sh bench/pydarshan.sh [ingest] [report]
#
#  ingest  `iolens ingest` (a fresh store each run, its default threads)
#          beside PyDarshan's `job_stats -c` (its default process pool) on
#          BENCH_PYD_N logs (default 4,910: the population corpus's 406
#          hard-linked under distinct names in a YYYY/M/D tree, as
#          bench/population.sh makes its facility-year); target 30x.
#  report  `iolens report` of the e3sm heatmap log (as PDF, and as HTML)
#          beside PyDarshan's `summary` (HTML) of it; target 100x.
#
# Each side runs once untimed (outputs kept and compared: numbers that
# both print must agree, bench/pydarshan.py says which), then the
# sides alternate A B A B, BENCH_PYD_RUNS times each (default 3), timed by
# bench/pydarshan.py (wait4: CPU to the microsecond): medians of wall
# time, CPU time (user + sys, child processes included) and peak RSS (the
# largest process), the ratios, and the 1-minute load average as each run
# started.  On a shared machine the CPU
# ratio is the steadier figure; both are printed.
#
# Environment: PYDARSHAN (PyDarshan's source: the directory holding
# darshan/; unset or absent: skipped), PYDARSHAN_PYTHON (default python3;
# it needs cffi, numpy, pandas, matplotlib, seaborn, mako, humanize, rich),
# PYDARSHAN_LIB (the directory of libdarshan-util.so; default: beside
# DARSHAN_PARSER, ../lib, when that is set), BENCH_PYD_N, BENCH_PYD_RUNS,
# BENCH_E3SM (the log; default the corpus's e3sm_io_heatmap_only),
# IOLENS, BENCH_SHARED, TMPDIR.  Exit 1 when a
# run failed or the numbers disagree.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/env.sh"

PYD=${PYDARSHAN:-}
PY=${PYDARSHAN_PYTHON:-python3}
RUNS=${BENCH_PYD_RUNS:-3}
N=${BENCH_PYD_N:-4910}
E3SM=${BENCH_E3SM:-$SHARED/corpus/darshan-logs/e3sm_io_heatmap_only/e3sm_io_heatmap_only.darshan}
LIBDIR=${PYDARSHAN_LIB:-}
if [ -z "$LIBDIR" ] && [ -n "${DARSHAN_PARSER:-}" ]; then
	LIBDIR=$(dirname "$DARSHAN_PARSER")/../lib
fi

skip() {
	echo "pydarshan: skipped: $*"
	exit 0
}
[ -n "$PYD" ] || skip "PYDARSHAN is unset (set it to darshan-util/pydarshan of Darshan's source)"
[ -f "$PYD/darshan/__init__.py" ] || skip "no PyDarshan at PYDARSHAN=$PYD (no darshan/__init__.py)"
export PYTHONPATH=$PYD${PYTHONPATH:+:$PYTHONPATH}
[ -n "$LIBDIR" ] && export LD_LIBRARY_PATH=$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# importing the backend loads libdarshan-util
why=$("$PY" -c 'import darshan.cli.job_stats, darshan.cli.summary' 2>&1) ||
	skip "PyDarshan does not run under $PY: $(printf '%s\n' "$why" | tail -1)"
ver=$("$PY" -c 'import darshan; print(darshan.__version__)' 2>/dev/null)

want() { [ $# -eq 0 ] || [[ " $* " == *" $ROW "* ]]; }
W=$(mktemp -d "${TMPDIR:-/tmp}/pydarshan.XXXXXX") || exit 2
trap 'rm -rf "$W"' EXIT
trap 'exit 130' INT TERM
fail=0
echo "pydarshan: PyDarshan ${ver:-?} from $PYD under $("$PY" -V 2>&1)," \
	"$RUNS runs a side alternated; load $(cut -d' ' -f1-3 /proc/loadavg)"

# timed FILE CMD...: one run, stdout to /dev/null; "status wall user sys
# maxrss_kb" appended to FILE, the 1-minute load as it started to FILE.load
timed() { "$PY" "$TOP/bench/pydarshan.py" time "$@"; }

# line NAME FILE-A FILE-B LABEL-A LABEL-B TARGET: the medians of both sides
line() {
	awk -v name="$1" -v la="$4" -v lb="$5" -v target="$6" \
		-v ld="$(cat "$2.load" "$3.load" | tr '\n' ' ')" -f "$MEDIANS" -f <(printf '%s\n' '
		function report() {
			printf "%-12s %s %7.3f s wall %7.3f s cpu %6.1f MB | %s %7.2f s wall %6.2f s cpu %6.1f MB | %.1fx wall %.1fx cpu (target %sx)%s | load %s\n",
				name, la, W[1], C[1], R[1], lb, W[2], C[2], R[2],
				(W[1] > 0 ? W[2] / W[1] : 0), (C[1] > 0 ? C[2] / C[1] : 0), target,
				(bad[1] || bad[2]) ? " (a run failed)" : "", ld
		}') "$2" "$3"
	grep -qv '^0 ' "$2" "$3" && fail=1
}

ROW=ingest
if want "$@"; then
	if [ ! -d "$POP" ]; then
		echo "ingest: skipped: no population corpus at $POP"
	else
		mkdir "$W/src" "$W/logs"
		cp "$POP"/*.darshan "$W/src/"
		# the logs made N by hard links under distinct names (job ids in
		# the names, as bench/population.sh's facility-year)
		perl -MFile::Path=make_path -e '
			my ($src, $dst, $n) = @ARGV;
			opendir(my $d, $src) or die "$src: $!";
			my @logs = sort grep { /\.darshan$/ } readdir($d);
			for my $i (0 .. $n - 1) {
				my $l = $logs[$i % @logs];
				my ($pre) = $l =~ /^(.*?)_id/;
				my @g = gmtime(1735689600 + int($i * 365 * 86400 / $n));
				my $dir = sprintf("%s/%d/%d/%d", $dst, $g[5] + 1900, $g[4] + 1, $g[3]);
				make_path($dir);
				link("$src/$l", "$dir/${pre}_id$i-${i}_1.darshan") or die "link: $!";
			}' "$W/src" "$W/logs" "$N" || exit 1
		find "$W/logs" -name '*.darshan' | sort >"$W/list"
		echo "ingest: $(wc -l <"$W/list") logs ($(ls "$W/src" | head -n "$N" | wc -l) distinct), $(nproc) cores"
		JS=("$PY" -m darshan job_stats --log_paths_file "$W/list" -c)
		# untimed: the outputs compared (and the page cache warmed)
		"$IOLENS" ingest --db "$W/agree.db" "$W/logs" >/dev/null 2>&1
		"${JS[@]}" >"$W/js.csv" 2>"$W/js.err"
		for _ in $(seq "$RUNS"); do
			rm -f "$W/run.db"
			timed "$W/ia" "$IOLENS" ingest --db "$W/run.db" "$W/logs"
			timed "$W/ib" "${JS[@]}"
		done
		line ingest "$W/ia" "$W/ib" iolens job_stats 30
		"$PY" "$TOP/bench/pydarshan.py" ingest "$W/agree.db" "$W/js.csv" || fail=1
		echo "  (not compared: total_files; job_stats counts the POSIX module's files, iolens' files column every module's less the default exclusions)"
		rm -rf "$W/src" "$W/logs" "$W"/*.db
	fi
fi

ROW=report
if want "$@"; then
	if [ ! -f "$E3SM" ]; then
		echo "report: skipped: no log at $E3SM"
	else
		SUM=("$PY" -m darshan summary "$E3SM" --output "$W/s.html")
		"$IOLENS" summary --format csv "$E3SM" >"$W/sum.csv" 2>"$W/sum.err"
		"$IOLENS" report -o "$W/r.pdf" "$E3SM" >/dev/null 2>&1
		"${SUM[@]}" >/dev/null 2>"$W/s.err"
		for _ in $(seq "$RUNS"); do
			timed "$W/ra" "$IOLENS" report -o "$W/r.pdf" "$E3SM"
			timed "$W/rh" "$IOLENS" report -o "$W/r.html" "$E3SM"
			timed "$W/rb" "${SUM[@]}"
		done
		echo "report: $E3SM ($(($(stat -c %s "$E3SM") / 1024)) KiB), A B C alternated"
		line "report" "$W/ra" "$W/rb" "iolens PDF " summary 100
		line "report html" "$W/rh" "$W/rb" "iolens HTML" summary 100
		"$PY" "$TOP/bench/pydarshan.py" report "$W/sum.csv" "$W/s.html" || fail=1
	fi
fi
exit $fail
