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
#   read/true, write/true  the replay's read and write time / the
#          untraced program's, measured by bench/iotime.c (an LD_PRELOAD
#          timer, some 40 ns a call, built here with cc): the ground
#          truth strace cannot give, as it adds its own cost to each call
# median of the runs [min-max].  Target within 10 % (Pianola), aim 5 %.
# A second table compares the script's own read and write times (the
# traced durations less the calibrated overhead) with that truth.
# Two scripts per trace: overhead "calibrated" (iolens replay --calibrate,
# off gaps and durations; "floor" when the trace's own 1st-percentile gap
# was higher, the machine busier than at calibration: that floor off the
# gaps, the in-call overhead scaled by the same ratio) and
# "fitted" (replay-script --run-time with the untraced median: the gap
# overhead fitted to it, durations as calibrated).
#
# Environment: IOLENS (binary), REPLAY_RUNS (default 5), REPLAY_ROUNDS
# (rounds of the iolens trace table, default 10; the tree copy, whose
# runs of 0.2 s spread most, twice as many), REPLAY_MB (size
# of the dd and cp file, default 64), TMPDIR, REPLAY_KEEP (a directory
# to keep each program's trace, untraced run times and truth in),
# REPLAY_PROGS (names of the programs to run, default all).
# bench/resolve.c (built here) times the sandbox's path resolution
# against the plain calls first.
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
RUNS=${REPLAY_RUNS:-5}
ROUNDS=${REPLAY_ROUNDS:-10}
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
# Its files go at the end, hundreds of thousands of inodes whose
# removal slows every create on ext4 without a journal for minutes
# (recently_deleted(), see the tree copy below).  Two bench runs back to
# back: the second's tree copy measured the first's removal (its
# untraced runs spread by 5.0 and 5.6, against 0.9 in a run started 20
# minutes after a removal); so it says how many it removes.
trap 'n=$(du -s --inodes "$T" 2> /dev/null | cut -f1); rm -rf "$T"
	echo "replay bench: its $n files removed; on ext4 without a journal, wait some 10 minutes before another run"' EXIT
trap 'exit 130' INT TERM
W=$T/work
mkdir -p "$W/dir" "$T/sb" "$T/cache"
IOTIME=
if cc -std=gnu11 -O2 -shared -fPIC -o "$T/iotime.so" "$TOP/bench/iotime.c" -ldl 2> "$T/cc.err"; then
	IOTIME=$T/iotime.so
else
	echo "replay bench: no ground truth (cannot build bench/iotime.c: $(head -1 "$T/cc.err"))"
fi
WALL=
if cc -std=gnu11 -O2 -o "$T/wall" "$TOP/bench/wall.c" 2> "$T/cc.err"; then
	WALL=$T/wall
else
	echo "replay bench: runs timed with date(1), some 3 ms long (cannot build bench/wall.c: $(head -1 "$T/cc.err"))"
fi
export XDG_CACHE_HOME=$T/cache
ALLOW=
[ "$(id -u)" = 0 ] && ALLOW=--allow-root

now() { date +%s.%N; }
# timed OUT [NAME=VALUE]... COMMAND: one run of sh -c COMMAND, its
# wall time appended to OUT; by bench/wall.c (fork to exit) where it
# builds: date(1) before and after counts two processes' start and exit
# in each run (3 ms here, 7 % of cp's 40 ms)
timed() {
	if [ -n "$WALL" ]; then
		"$WALL" "$@" > /dev/null 2>&1 < /dev/null
		return
	fi
	o=$1 e=
	shift
	while [ $# -gt 1 ]; do e="$e $1" && shift; done
	t0=$(now)
	# shellcheck disable=SC2086
	env $e sh -c "$1" > /dev/null 2>&1 < /dev/null
	t1=$(now)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }' >> "$o"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
range() { sort -g | awk 'NR == 1 { a = $1 } { b = $1 } END { printf "%.3f-%.3f", a, b }'; }

"$IOLENS" replay --calibrate --dir "$T" > "$T/cal" 2>&1 || { cat "$T/cal"; exit 1; }
echo "replay bench: $(head -1 "$T/cal")"
# what the sandbox's resolution costs a call (README: openat2 beneath)
if cc -std=gnu11 -O2 -o "$T/resolve" "$TOP/bench/resolve.c" 2> "$T/cc.err"; then
	echo "replay bench: path resolution in the sandbox, median of 7 rounds of 20000 calls, A B A B:"
	"$T/resolve" "$T/resolve.d" 20000 7
	rm -rf "$T/resolve.d"
fi

# The inputs are written as the replay stages its own: 64 KiB writes,
# then synced.  How a file was written is part of how fast it is read
# back from the page cache: on Linux 6.18 (ext4, large folios) dd read
# a 64 MiB file written in 64 KiB writes in 8.0 ms, one written by
# head -c in 8 KiB writes in 14.7 ms.
mkin() { head -c "$1" /dev/urandom | dd of="$2" bs=65536 iflag=fullblock 2> /dev/null && sync "$2"; }
mkin $((MB * 1048576)) "$W/in.bin"
i=0
while [ $i -lt 200 ]; do mkin $((i * 1000 + 100)) "$W/dir/f$i"; i=$((i + 1)); done
# issue 21's programs: gzip of 40 MB, an external sort (a 2 MiB buffer,
# so it spills to temporary files), a copy of a tree of 6,500 files
mkin $((40 * 1048576)) "$W/gz.in"
perl -e 'srand(7); for (1 .. 300000) { printf "%08d %s\n", int(rand(1e8)), "x" x 40 }' > "$W/lines.txt"
mkdir -p "$W/tree"
perl -e 'srand(11); for my $d (0 .. 64) { mkdir "$ARGV[0]/tree/d$d" or die;
	for my $f (0 .. 99) { open my $h, ">", "$ARGV[0]/tree/d$d/f$f" or die;
	print $h "y" x int(rand(8192)); close $h } }' "$W"
sync
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

# The tree copy's setup removes nothing: on ext4 without a journal (this
# VM's) a new inode skips every free one deleted in the last 60 s (360 s
# while its inode table block is dirty), scanning them one by one
# (fs/ext4/ialloc.c, recently_deleted()), so cp -r right after rm -rf of
# its previous copy spent 0.5 ms a file there (perf: 62 % of its time):
# 2.4 s against 0.2 s.  The replay stages its inputs in a fresh directory
# first, which took those inodes, and copied fast: ratio 0.115.  So the
# copy of each run is moved aside, the input tree written anew before
# each run as the replay stages its own, the replays keep their run
# directories (--keep), and all of it is removed after the program's
# rows.  (No '|' in a setup: it splits the fields below.)  The same
# holds for every other tree the bench would remove: the replays keep
# their run directories (--keep) and nothing with many files is removed
# before the end (tidy() below removes only the large files, a few
# inodes, between programs).
mkdir -p "$W/trash"
# tidy: between two programs' rows, the large files of the replays'
# run directories and the trash go (dd's and cp's 64 MiB each), the
# trees stay until the end
tidy() { find "$T/sb" "$W/trash" -type f -size +1M -exec rm -f {} + 2> /dev/null; sync; }
FRESHTREE="if [ -e $W/tree2 ]; then mv $W/tree2 $W/trash/c\$\$; fi; cp -r $W/tree $W/tree.new && mv $W/tree $W/trash/t\$\$ && mv $W/tree.new $W/tree"

# programs: name|setup before each run|command (run by sh -c, traced with
# it)|rounds of the iolens trace table, in REPLAY_ROUNDS (1 if empty).  Every timed run starts after a sync: the 64 MiB files of the runs
# before must not be written back during it (one replay of cp's trace in
# five had run 8x long, throttled on their dirty pages).
PROGS="dd|rm -f $W/dd.out|dd if=$W/in.bin of=$W/dd.out bs=65536 conv=fsync
cp|rm -f $W/cp.out|cp $W/in.bin $W/cp.out
tar|rm -f $W/a.tar|tar cf $W/a.tar -C $W dir
sqlite3|rm -f $W/db.sqlite $W/db.sqlite-journal|sqlite3 $W/db.sqlite < $SQL
gzip|rm -f $W/gz.out|gzip -c $W/gz.in > $W/gz.out
sort|rm -rf $W/sorted $W/st; mkdir $W/st|sort -S 2M -T $W/st -o $W/sorted $W/lines.txt
cptree|$FRESHTREE|cp -r $W/tree $W/tree2|2"

# iolens trace (the tracer preloaded, bench/../bin/iolens-trace.so):
# REPLAY_ROUNDS rounds, each of the program traced by iolens trace and
# its script made, then the program untraced (A), the script replayed
# (C) and the program run with the tracer (B: its cost), as A C B or
# B C A in turns, so that all three see the machine in the same state
# and the replay sits next to the run it is divided by.  The rounds:
# the untraced runs of one program spread by 14 to 155 % here, and the
# median of 10 paired ratios strays less than one of 5; an even number,
# so that each order comes as often (a run finds the file system as the
# runs before it left it: on this VM's ext4 a create took 9.4 us at the
# start of a session and 16 to 20 us after 2.8 million inodes more).  A
# row of $T/irows:
#   cost   B / A of the same round (median over the rounds)
#   run    C's replay run time / A of the same round: a round's runs
#          are a minute apart at most, so the machine's speed, which
#          drifts over minutes on a shared VM (gzip's untraced run took
#          1.64 s in one bench and 1.93 s in the next), is about the
#          same in both (a ratio to the median A of all rounds moved
#          with that drift)
#   sched  C's replay run time / its trace's run time
#   read/true, write/true   C's replayed read and write time / the
#          untraced program's (bench/iotime.c)
TRACELIB=$(dirname "$IOLENS")/iolens-trace.so
[ -f "$TRACELIB" ] || TRACELIB=
: > "$T/irows"
iolens_row() {
	: > "$T/ia"
	: > "$T/ib"
	: > "$T/ic"
	k=0
	n=$((ROUNDS * ${6:-1}))
	while [ $k -lt "$n" ]; do
		sh -c "$2"; sync
		"$IOLENS" trace -o "$T/$1.itrace" sh -c "$3" > /dev/null 2> "$T/err" < /dev/null
		"$IOLENS" replay-script -o "$T/$1.iscript" "$T/$1.itrace" > /dev/null 2>> "$T/err" ||
			{ echo "$1: iolens trace and replay, run $k: $(cat "$T/err")"; return; }
		# A C B in even rounds, B C A in odd ones: the replay next to
		# the untraced run it is divided by, before it or after
		for x in $(if [ $((k % 2)) = 0 ]; then echo a c b; else echo b c a; fi); do
			case $x in
			a) sh -c "$2"; sync; timed "$T/ia" "$3" ;;
			b)
				sh -c "$2"; sync
				rm -rf "$T/parts" && mkdir "$T/parts"
				timed "$T/ib" "IOLENS_TRACE_DIR=$T/parts" "LD_PRELOAD=$TRACELIB" "$3"
				;;
			c) sync && "$IOLENS" replay $ALLOW --keep --format=json --dir "$T/sb" "$T/$1.iscript" > "$T/$1.ijson" 2>> "$T/err" ||
				{ echo "$1: iolens replay, run $k: $(cat "$T/err")"; return; } ;;
			esac
		done
		perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
			my ($o, $r) = ($j->{original}, $j->{replay});
			my $same = $r->{bytes_read} == $o->{bytes_read} && $r->{bytes_written} == $o->{bytes_written} &&
				$r->{ops} == $o->{ops} && !@{$j->{failed}} ? 1 : 0;
			printf "%.6f %.6f %.9f %.9f %d %d\n", $r->{run_s}, $o->{run_s}, $r->{read_s}, $r->{write_s}, $o->{ops}, $same' \
			< "$T/$1.ijson" >> "$T/ic" ||
			{ echo "$1: run $k: cannot read the replay's JSON (the rounds would pair wrongly)"; return; }
		k=$((k + 1))
	done
	[ -n "${REPLAY_KEEP:-}" ] && cp "$T/$1.itrace" "$REPLAY_KEEP/"
	tidy
	a=$(median < "$T/ia")
	paste -d' ' "$T/ib" "$T/ia" | awk '{ print $1 / $2 }' > "$T/q1"
	paste -d' ' "$T/ic" "$T/ia" | awk '{ print $1 / $7 }' > "$T/q2"
	awk '{ print $1 / $2 }' "$T/ic" > "$T/q3"
	q4=- q5=-
	if [ -s "$T/true" ]; then
		awk -v t="$4" '{ print (t > 0 ? $3 / t : 0) }' "$T/ic" > "$T/q4"
		awk -v t="$5" '{ print (t > 0 ? $4 / t : 0) }' "$T/ic" > "$T/q5"
		q4=$(cell "$T/q4") q5=$(cell "$T/q5")
	fi
	# the machine's own noise: the untraced runs' spread, (max - min) /
	# median; and whether the run ratio's median is within 10 %
	noise=$(awk -v a="$a" 'NR == 1 || $1 < lo { lo = $1 } NR == 1 || $1 > hi { hi = $1 } END { printf "%.3f", (a > 0 ? (hi - lo) / a : 0) }' "$T/ia")
	in10=$(median < "$T/q2" | awk '{ print ($1 >= 0.9 && $1 <= 1.1) ? "yes" : "no" }')
	printf '%-8s %6s %6s %7.3f %6s %22s %22s %13s %22s %22s %22s %6s %6s\n' "$1" "$n" "$(col "$T/ic" 5 | head -1)" "$a" "$noise" \
		"$(cell "$T/q1")" "$(cell "$T/q2")" "$(ci95 < "$T/q2")" "$(cell "$T/q3")" "$q4" "$q5" "$(same "$T/ic" 6)" "$in10" >> "$T/irows"
}

cell() { printf '%.3f [%s]' "$(median < "$1")" "$(range < "$1")"; }
# ci95: a 95 % confidence interval of the median of the values read,
# from their order statistics alone (no distribution assumed): the k-th
# smallest and largest, k the largest with P(Binomial(n, 1/2) < k) at
# most 0.025 (n = 10: the 2nd and 9th, 97.9 %; n = 20: the 6th and 15th,
# 95.9 %); "-" under 6 values, where no such k exists
ci95() {
	sort -g | awk '{ v[NR] = $1 } END {
		n = NR; p = 0.5 ^ n; c = p; k = 0
		for (i = 0; i < n && c <= 0.025; i++) { k = i + 1; p = p * (n - i) / (i + 1); c += p }
		if (k < 1) { print "-"; exit }
		printf "%.3f-%.3f", v[k], v[n - k + 1] }'
}
# same FILE N: "k/n": of n replays, k moved the original's bytes read and
# written in its number of calls, none failing (column N is 1 for those)
same() { awk -v n="$2" '{ k += $n } END { printf "%d/%d", k, NR }' "$1"; }
# col FILE N: column N of FILE's lines
col() { awk -v n="$2" '{ print $n }' "$1"; }
printf '%-8s %-10s %6s %7s %22s %22s %22s %22s %22s %22s %6s\n' program overhead calls "orig s" "run ratio" "sched ratio" "read ratio" "write ratio" "read/true" "write/true" same
: > "$T/truth"
echo "$PROGS" | while IFS='|' read -r name setup cmd rounds; do
	case " ${REPLAY_PROGS:-$name} " in *" $name "*) ;; *) continue ;; esac
	prog=${cmd%% *}
	if ! command -v "$prog" > /dev/null 2>&1; then
		echo "$name: skipped ($prog is not installed)"
		continue
	fi
	: > "$T/plain"
	k=0
	while [ $k -lt "$RUNS" ]; do
		sh -c "$setup"; sync
		timed "$T/plain" "$cmd"
		k=$((k + 1))
	done
	# the untraced program's own read, write and metadata time
	: > "$T/true"
	k=0
	while [ -n "$IOTIME" ] && [ $k -lt "$RUNS" ]; do
		sh -c "$setup"; sync
		: > "$T/it"
		IOTIME_DIR=$W IOTIME_OUT=$T/it LD_PRELOAD=$IOTIME sh -c "$cmd" > /dev/null 2>&1 < /dev/null || true
		awk '{ r += $1; w += $2; m += $3 } END { printf "%.9f %.9f %.9f\n", r, w, m }' "$T/it" >> "$T/true"
		k=$((k + 1))
	done
	tr_read=$(col "$T/true" 1 | median) tr_write=$(col "$T/true" 2 | median)
	sh -c "$setup"; sync
	strace -f -tt -T -o "$T/$name.trace" sh -c "$cmd" > /dev/null 2>&1 < /dev/null
	if [ -n "${REPLAY_KEEP:-}" ]; then
		mkdir -p "$REPLAY_KEEP"
		cp "$T/$name.trace" "$REPLAY_KEEP/" && cp "$T/plain" "$REPLAY_KEEP/$name.plain" &&
			cp "$T/true" "$REPLAY_KEEP/$name.true"
	fi
	sh -c "$setup"; sync
	plain=$(median < "$T/plain")
	[ -n "$TRACELIB" ] && iolens_row "$name" "$setup" "$cmd" "$tr_read" "$tr_write" "$rounds"
	for mode in calibrated fitted; do
		opt=
		[ $mode = fitted ] && opt="--run-time $plain"
		# shellcheck disable=SC2086
		"$IOLENS" replay-script $opt -o "$T/$name.script" "$T/$name.trace" > "$T/$name.rs" 2>&1 ||
			{ echo "$name: replay-script failed: $(cat "$T/$name.rs")"; continue; }
		: > "$T/$name.ratios"
		k=0
		while [ $k -lt "$RUNS" ]; do
			sync
			"$IOLENS" replay $ALLOW --keep --format=json --dir "$T/sb" "$T/$name.script" > "$T/$name.json" 2> "$T/err" ||
				echo "$name: replay run $k: exit $? $(cat "$T/err")"
			perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
				my ($o, $r) = ($j->{original}, $j->{replay});
				my $q = sub { $_[1] > 0 ? $_[0] / $_[1] : 0 };
				my $same = $r->{bytes_read} == $o->{bytes_read} && $r->{bytes_written} == $o->{bytes_written} &&
					$r->{ops} == $o->{ops} && !@{$j->{failed}} ? 1 : 0;
				printf "%.6f %.6f %.6f %.6f %d %.6f %.9f %.9f %.9f %.9f %d\n", $r->{run_s}, $q->($r->{run_s}, $o->{run_s}),
					$q->($r->{read_s}, $o->{read_s}), $q->($r->{write_s}, $o->{write_s}), $o->{ops}, $o->{run_s},
					$r->{read_s}, $r->{write_s}, $o->{read_s}, $o->{write_s}, $same' \
				< "$T/$name.json" >> "$T/$name.ratios"
			k=$((k + 1))
		done
		awk -v p="$plain" '{ print $1 / p }' "$T/$name.ratios" > "$T/r1"
		cut -d' ' -f2 "$T/$name.ratios" > "$T/r2"
		cut -d' ' -f3 "$T/$name.ratios" > "$T/r3"
		cut -d' ' -f4 "$T/$name.ratios" > "$T/r4"
		t5=- t6=-
		if [ -s "$T/true" ]; then
			awk -v t="$tr_read" '{ print (t > 0 ? $7 / t : 0) }' "$T/$name.ratios" > "$T/r5"
			awk -v t="$tr_write" '{ print (t > 0 ? $8 / t : 0) }' "$T/$name.ratios" > "$T/r6"
			t5=$(cell "$T/r5") t6=$(cell "$T/r6")
			[ $mode = calibrated ] && head -1 "$T/$name.ratios" |
				awk -v n="$name" -v r="$tr_read" -v w="$tr_write" '{ printf "%-8s %12.6f %12.6f %12.6f %12.6f %9.3f %9.3f\n", n, r, $9, w, $10, (r > 0 ? $9 / r : 0), (w > 0 ? $10 / w : 0) }' >> "$T/truth"
		fi
		# what the script says it took off: calibrated, floor (the
		# trace's own floor was higher), fitted
		from=$(awk '$1 == "overhead" { print $3; exit }' "$T/$name.script")
		printf '%-8s %-10s %6s %7.3f %22s %22s %22s %22s %22s %22s %6s\n' "$name" "$from" "$(cut -d' ' -f5 "$T/$name.ratios" | head -1)" "$plain" \
			"$(cell "$T/r1")" "$(cell "$T/r2")" "$(cell "$T/r3")" "$(cell "$T/r4")" "$t5" "$t6" "$(same "$T/$name.ratios" 11)"
	done
	tidy
done
echo "ratios: median of $RUNS runs [min-max]; orig s: the untraced program's median wall time;"
echo "same: replays whose bytes read, bytes written and calls equal the script's, no call failing"
if [ -s "$T/irows" ]; then
	echo
	echo "traced by iolens trace (the tracer preloaded; its own cost, measured a line at a time, taken off); rounds of the program traced, then run untraced, replayed and run with the tracer (run ratio: the replay / the untraced run of the same round):"
	echo "noise: the untraced runs' (max - min) / median; run 95 % CI: of the run ratio's median (order statistics); in 10 %: the run ratio's median within 0.9 to 1.1"
	printf '%-8s %6s %6s %7s %6s %22s %22s %13s %22s %22s %22s %6s %6s\n' program rounds calls "orig s" noise "tracer cost" "run ratio" "run 95 % CI" "sched ratio" "read/true" "write/true" same "in 10 %"
	cat "$T/irows"
	# the issue's target: gzip, the external sort and the tree copy
	# within 10 % of the untraced program, bytes and calls equal
	awk '$1 == "gzip" || $1 == "sort" || $1 == "cptree" { n++; split($(NF - 1), s, "/"); if ($NF == "yes" && s[1] == s[2]) k++; else miss = miss " " $1 }
		END { if (n) printf "target (gzip, sort, tree copy within 10 %%, bytes and calls equal): %d of %d%s\n", k, n, (k == n ? "" : "; not:" miss) }' "$T/irows"
fi
if [ -s "$T/truth" ]; then
	echo "the script's read and write time (traced durations less the calibrated overhead) against the untraced program's (bench/iotime.c, median of $RUNS):"
	printf '%-8s %12s %12s %12s %12s %9s %9s\n' program "true read s" "script read" "true write s" "script write" "read" "write"
	cat "$T/truth"
fi
