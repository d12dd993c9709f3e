#!/bin/sh
# bench/replay.sh: fidelity of iolens replay (METRICS.md section 11), run
# by `make bench` through bench/run.sh.  For each program (dd, cp, tar,
# sqlite3; each skipped when missing): the real run untraced
# (REPLAY_RUNS times), one run under strace -f -tt -T, the trace into a
# script (tracer overhead calibrated first and taken off the gaps), then
# REPLAY_RUNS replays on the schedule.  Ratios replay / original:
#   run    the replay's run time / the untraced program's wall time
#   sched  the replay's run time / the script's run time (the schedule)
#   read   cumulative read time / the traced calls' read time
#   write  cumulative write time (fsync included) / the traced one
# median of the runs [min-max].  Target within 10 % (Pianola), aim 5 %.
# Two scripts per trace: overhead "calibrated" (iolens replay --calibrate,
# off gaps and durations) and "fitted" (replay-script --run-time with the
# untraced median: the gap overhead fitted to it, durations as calibrated).
#
# Environment: IOLENS (binary), REPLAY_RUNS (default 5), REPLAY_MB (size
# of the dd and cp file, default 64), TMPDIR.
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
RUNS=${REPLAY_RUNS:-5}
MB=${REPLAY_MB:-64}

if ! command -v strace > /dev/null 2>&1; then
	echo "replay bench: skipped: strace is not installed (apt-get install strace)"
	exit 0
fi
if ! "$IOLENS" replay-script --help > /dev/null 2>&1; then
	echo "replay bench: skipped: $IOLENS has no replay-script command"
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/iolens-rbench.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM
W=$T/work
mkdir -p "$W/dir" "$T/sb" "$T/cache"
export XDG_CACHE_HOME=$T/cache
ALLOW=
[ "$(id -u)" = 0 ] && ALLOW=--allow-root

now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
range() { sort -g | awk 'NR == 1 { a = $1 } { b = $1 } END { printf "%.3f-%.3f", a, b }'; }

"$IOLENS" replay --calibrate --dir "$T" > "$T/cal" 2>&1 || { cat "$T/cal"; exit 1; }
echo "replay bench: $(head -1 "$T/cal")"

head -c $((MB * 1048576)) /dev/urandom > "$W/in.bin"
i=0
while [ $i -lt 200 ]; do head -c $((i * 1000 + 100)) /dev/urandom > "$W/dir/f$i"; i=$((i + 1)); done
SQL=$T/ins.sql
{
	echo "create table if not exists t(a, b);"
	i=0
	while [ $i -lt 40 ]; do
		echo "begin;"
		j=0
		while [ $j -lt 50 ]; do echo "insert into t values($i, '$(printf '%0200d' $j)');"; j=$((j + 1)); done
		echo "commit;"
		i=$((i + 1))
	done
} > "$SQL"

# programs: name|setup before each run|command (run by sh -c, traced with it)
PROGS="dd|rm -f $W/dd.out|dd if=$W/in.bin of=$W/dd.out bs=65536 conv=fsync
cp|rm -f $W/cp.out|cp $W/in.bin $W/cp.out
tar|rm -f $W/a.tar|tar cf $W/a.tar -C $W dir
sqlite3|rm -f $W/db.sqlite $W/db.sqlite-journal|sqlite3 $W/db.sqlite < $SQL"

cell() { printf '%.3f [%s]' "$(median < "$1")" "$(range < "$1")"; }
printf '%-8s %-10s %6s %7s %22s %22s %22s %22s\n' program overhead calls "orig s" "run ratio" "sched ratio" "read ratio" "write ratio"
echo "$PROGS" | while IFS='|' read -r name setup cmd; do
	prog=${cmd%% *}
	if ! command -v "$prog" > /dev/null 2>&1; then
		echo "$name: skipped ($prog is not installed)"
		continue
	fi
	: > "$T/plain"
	k=0
	while [ $k -lt "$RUNS" ]; do
		sh -c "$setup"
		t0=$(now)
		sh -c "$cmd" > /dev/null 2>&1 < /dev/null || true
		t1=$(now)
		awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }' >> "$T/plain"
		k=$((k + 1))
	done
	sh -c "$setup"
	strace -f -tt -T -o "$T/$name.trace" sh -c "$cmd" > /dev/null 2>&1 < /dev/null
	sh -c "$setup"
	plain=$(median < "$T/plain")
	for mode in calibrated fitted; do
		opt=
		[ $mode = fitted ] && opt="--run-time $plain"
		# shellcheck disable=SC2086
		"$IOLENS" replay-script $opt -o "$T/$name.script" "$T/$name.trace" > "$T/$name.rs" 2>&1 ||
			{ echo "$name: replay-script failed: $(cat "$T/$name.rs")"; continue; }
		: > "$T/$name.ratios"
		k=0
		while [ $k -lt "$RUNS" ]; do
			"$IOLENS" replay $ALLOW --format=json --dir "$T/sb" "$T/$name.script" > "$T/$name.json" 2> "$T/err" ||
				echo "$name: replay run $k: exit $? $(cat "$T/err")"
			perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
				my ($o, $r) = ($j->{original}, $j->{replay});
				my $q = sub { $_[1] > 0 ? $_[0] / $_[1] : 0 };
				printf "%.6f %.6f %.6f %.6f %d %.6f\n", $r->{run_s}, $q->($r->{run_s}, $o->{run_s}),
					$q->($r->{read_s}, $o->{read_s}), $q->($r->{write_s}, $o->{write_s}), $o->{ops}, $o->{run_s}' \
				< "$T/$name.json" >> "$T/$name.ratios"
			k=$((k + 1))
		done
		awk -v p="$plain" '{ print $1 / p }' "$T/$name.ratios" > "$T/r1"
		cut -d' ' -f2 "$T/$name.ratios" > "$T/r2"
		cut -d' ' -f3 "$T/$name.ratios" > "$T/r3"
		cut -d' ' -f4 "$T/$name.ratios" > "$T/r4"
		printf '%-8s %-10s %6s %7.3f %22s %22s %22s %22s\n' "$name" "$mode" "$(cut -d' ' -f5 "$T/$name.ratios" | head -1)" "$plain" \
			"$(cell "$T/r1")" "$(cell "$T/r2")" "$(cell "$T/r3")" "$(cell "$T/r4")"
	done
done
echo "ratios: median of $RUNS runs [min-max]; orig s: the untraced program's median wall time"
