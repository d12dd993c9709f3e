#!/bin/sh
# Trace real programs here (strace -f -tt -T of dd, cp, tar and sqlite3),
# turn each trace into a replay script and replay it: bytes and calls
# equal per file, and each file the program wrote has, in the kept run
# directory, the size it has on disk after the real run (ground truth
# from the file system, not from iolens).  Timing is not tested here:
# fidelity is measured by bench/replay.sh.
. "$(dirname "$0")/lib.sh"

command -v strace > /dev/null || skip_all "strace is not installed (apt-get install strace)"
W=$TMP/work
mkdir -p "$W/dir/sub" "$TMP/sb"
strace -f -tt -T -o "$TMP/probe.trace" true 2> /dev/null || skip_all "strace cannot trace here (ptrace not permitted)"

head -c 1048576 /dev/urandom > "$W/in.bin"
for i in 1 2 3 4 5; do head -c $((i * 10000)) /dev/urandom > "$W/dir/f$i"; done
head -c 70000 /dev/urandom > "$W/dir/sub/g"

# per_file JSON: "path orig_r orig_w orig_ops rep_r rep_w rep_ops" lines
per_file() {
	perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
		for my $f (@{$j->{files}}) { my ($o, $r) = ($f->{original}, $f->{replay});
			print join(" ", $f->{path}, @$o{qw(bytes_read bytes_written ops)},
				@$r{qw(bytes_read bytes_written ops)}), "\n" }' < "$1"
}

# check NAME OUTPUT...: trace done in $TMP/NAME.trace; each OUTPUT is a
# path under $W the program wrote
check() {
	name=$1
	shift
	$RUN replay-script --overhead 0 -o "$TMP/$name.script" "$TMP/$name.trace" > "$TMP/$name.rs" 2> "$TMP/err"
	ok $? "$name: replay-script ($(head -1 "$TMP/$name.rs" | sed 's/^[^:]*: //'))"
	$RUN replay --allow-root --as-fast-as-possible --keep --format=json --dir "$TMP/sb" "$TMP/$name.script" > "$TMP/$name.json" 2> "$TMP/err"
	ok $? "$name: replay exits 0 (bytes and calls equal in total)"
	rd=$(sed -n "s/^iolens replay: run directory kept: //p" "$TMP/err")
	per_file "$TMP/$name.json" > "$TMP/$name.files"
	bad=$(awk '$2 != $5 || $3 != $6 || $4 != $7' "$TMP/$name.files")
	is "$bad" "" "$name: bytes read, written and calls equal for each of $(wc -l < "$TMP/$name.files") files"
	for out in "$@"; do
		rel=$(awk -v p="$out" '$1 == "rewrite" { o = $2; n = $3; gsub(/"/, "", o); gsub(/"/, "", n); if (o == p) print n }' "$TMP/$name.script")
		[ -n "$rel" ] || rel=$out
		is "$(stat -c %s "$rd/$rel" 2>&1)" "$(stat -c %s "$out")" "$name: replayed ${out#$W/} has the real file's size"
	done
	grep -q '^system "/etc/ld.so.cache"' "$TMP/$name.script"
	ok $? "$name: the loader's /etc/ld.so.cache dropped and listed"
	rm -rf "$rd"
}

strace -f -tt -T -o "$TMP/dd.trace" dd if="$W/in.bin" of="$W/dd.out" bs=65536 conv=fsync 2> /dev/null
check dd "$W/dd.out"
grep -q "^input \"in.bin\" 1048576$" "$TMP/dd.script"
ok $? "dd: the input is listed relative with its 1 MiB"
# an overhead larger than the gaps takes them all, and says so
$RUN replay-script --overhead 0.5 -o "$TMP/dd1.script" "$TMP/dd.trace" > "$TMP/dd1.rs"
n=$(grep -c '^rank ' "$TMP/dd1.script")
grep -q "^$n of $n sections had less time between calls than that overhead: their compute gaps are all 0$" "$TMP/dd1.rs"
ok $? "dd: an overhead of 0.5 s a call: the $n sections' gaps all taken, said"
is "$(awk '$1 == "compute" && $2 > 0' "$TMP/dd1.script")" "" "... and no compute gap left in the script"
strace -f -tt -T -o "$TMP/cp.trace" cp "$W/in.bin" "$W/cp.out"
check cp "$W/cp.out"
# cp copies in the kernel where it can: each copy_file_range is one copy
# in the script (not a read and a write), its last one, which moved
# nothing at the file's end, too (it was left out); its duration counted
# once in the original's totals
n=$(grep -c 'copy_file_range(.*= [0-9][0-9]* <' "$TMP/cp.trace")
if [ "$n" -gt 0 ]; then
	is "$(grep -c '^copy ' "$TMP/cp.script")" "$n" "cp: $n copy_file_range calls, as many copies in the script"
	d=$(grep 'copy_file_range(.*= [0-9][0-9]* <' "$TMP/cp.trace" | sed 's/.*<\([0-9.]*\)>$/\1/' | awk '{ s += $1 } END { printf "%.6f", s }')
	rw=$(perl -MJSON::PP -e 'local $/; my $o = decode_json(<STDIN>)->{original}; printf "%.6f", $o->{read_s} + $o->{write_s}' < "$TMP/cp.json")
	is "$rw" "$d" "cp: the original's read + write time is the copies' traced time once ($d s)"
	# ... and the replay makes each, the one at the end too (the
	# engine's own count of calls would hold if it made none)
	strace -f -e trace=copy_file_range -o "$TMP/cprep.trace" "$IOLENS" replay --allow-root \
		--as-fast-as-possible --dir "$TMP/sb" "$TMP/cp.script" > /dev/null 2>&1
	is "$(grep -c 'copy_file_range(.*) = [0-9]' "$TMP/cprep.trace")" "$n" "cp: the replay makes its $n copy_file_range calls"
else
	ok 0 "# skip this cp does not use copy_file_range"
	ok 0 "# skip this cp does not use copy_file_range"
	ok 0 "# skip this cp does not use copy_file_range"
fi
if command -v tar > /dev/null; then
	strace -f -tt -T -o "$TMP/tar.trace" tar cf "$W/a.tar" -C "$W" dir
	check tar "$W/a.tar"
	# -y names each descriptor's file and -r times each line from the
	# one before: tar's *at() calls on the directory of -C resolve
	# through it, and the relative times add up
	strace -f -r -T -y -o "$TMP/tary.trace" tar cf "$W/ay.tar" -C "$W" dir
	check tary "$W/ay.tar"
	grep -q '^input "dir/f1" 10000$' "$TMP/tary.script"
	ok $? "-y: a path opened at a directory descriptor is joined to it (dir/f1)"
	is "$(grep -c '^read ' "$TMP/tary.script")" "$(grep -c '^read ' "$TMP/tar.script")" \
		"-r: as many reads as with -tt"
else
	ok 0 "# skip tar is not installed"
fi
# threads share their process's descriptors: the reads of a thread on
# a descriptor the main thread opened replay in the process's section
if cc -O2 -pthread -o "$TMP/threads" "$TOP/t/data/strace/threads.c" 2> /dev/null; then
	mkdir -p "$W/th"
	head -c 50000 /dev/urandom > "$W/th/in.bin"
	(cd "$W/th" && strace -f -tt -T -o "$TMP/threads.trace" "$TMP/threads")
	check threads
	is "$(awk '$1 == "rank" && $5 == "thread-of" { print $6 }' "$TMP/threads.script" | sort | uniq -c | awk '{ print $1 }')" "3" \
		"threads: a section for each of the process's 3 threads, all of one process"
	# each reading thread waits for the main thread's open of the
	# descriptor; the main thread's close waits for both threads' reads
	is "$(awk '$1 == "rank" { r++ } $1 == "after" { n[r]++ } END { print n[1] + 0, n[2] + 0, n[3] + 0 }' "$TMP/threads.script")" "2 1 1" \
		"threads: the reads wait for the open, the close for the reads"
	is "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); print "$j->{waits} $j->{waits_given_up} $j->{mismatched}"' < "$TMP/threads.json")" "4 0 0" \
		"threads: 4 waits kept, none given up, no call failed"
	is "$(awk '$1 == "read" { n += $5 } END { print n + 0 }' "$TMP/threads.script")" "50000" \
		"threads: a thread's reads of the file the main thread opened are kept"
fi
# four threads passing descriptor numbers to each other (fdrace.c):
# every call kept, each on its thread's file, and replayed as fast as
# possible none fails.  Whatever the schedule and however strace cuts
# and resumes the lines (t/5030 walks every way; t/5031 and
# bench/fdrace.sh trace it under load): the program makes these calls
if cc -O2 -pthread -o "$TMP/fdrace" "$TOP/t/data/strace/fdrace.c" 2> /dev/null; then
	mkdir -p "$W/fr"
	(cd "$W/fr" && strace -f -tt -T -o "$TMP/fdrace.trace" "$TMP/fdrace")
	check fdrace
	is "$(sed -n 's/.*, \([0-9]*\) calls kept.*/\1/p' "$TMP/fdrace.rs")" "2000" \
		"fdrace: the 4 threads' 2000 calls kept"
	is "$($RUN files --format csv "$TMP/fdrace.trace" | awk -F, '$2 ~ /^f[0-3]$/ { print $2, $10, $9, $11, $8 }' | sort | tr '\n' ' ')" \
		"f0 100 100 100 100 f1 100 100 100 100 f2 100 100 100 100 f3 100 100 100 100 " \
		"fdrace: 100 opens, writes, seeks and reads on each thread's file"
	is "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); print "$j->{mismatched} $j->{waits_given_up}"' < "$TMP/fdrace.json")" "0 0" \
		"fdrace: none failed, no wait given up ($(grep -c '^after' "$TMP/fdrace.script") waits)"
else
	ok 0 "# skip no C compiler"
fi
# a shell's redirection: the child (vfork, then exec) writes on the
# descriptor its parent opened, which the replayed child opens where it
# first uses it
mkdir -p "$W/sh"
cp "$W/in.bin" "$W/sh/in.bin"
(cd "$W/sh" && strace -f -tt -T -o "$TMP/redir.trace" sh -c 'cat in.bin > out.bin; cp in.bin cp.bin')
here=$(pwd)
cd "$W/sh" || exit 1 # the paths are relative: sizes compared from here
check redir out.bin cp.bin
cd "$here" || exit 1
grep -q "^descriptors a process had from its parent, opened where it first used them: [1-9]" "$TMP/redir.rs"
ok $? "redir: the child's inherited descriptor is opened where it is first used"
is "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); print "$j->{replay}{bytes_written} $j->{mismatched}"' < "$TMP/redir.json")" \
	"2097152 0" "redir: cat's and cp's 1 MiB written each, no call failed"
# cd: the shell's chdir moves where relative paths point; out is the
# file cat wrote, not an input of the same name
mkdir -p "$W/sh/d"
cp "$W/dir/f1" "$W/sh/d/f1"
(cd "$W/sh" && strace -f -tt -T -o "$TMP/cd.trace" sh -c 'cd d && cat f1 > ../out && cd .. && cp out out2')
here=$(pwd)
cd "$W/sh" || exit 1
check cd out out2
cd "$here" || exit 1
is "$(grep -c '^input ".*out' "$TMP/cd.script")" 0 "cd: out is made by the job, not staged"
# bash reads its script a buffer at a time and seeks back to the end of
# each command (lseek(255, -N, SEEK_CUR)): the replay reads as much
if command -v bash > /dev/null; then
	printf '%s\n' 'a=1' 'cat in.bin > b.out' 'b=2' 'cat b.out > c.out' 'echo $a $b > d.out' > "$W/sh/s.sh"
	(cd "$W/sh" && strace -f -tt -T -o "$TMP/bash.trace" bash s.sh)
	here=$(pwd)
	cd "$W/sh" || exit 1
	check bash c.out d.out
	cd "$here" || exit 1
	grep -q '^lseek 255 -[0-9]* cur ' "$TMP/bash.script"
	ok $? "bash: its seeks back keep their negative offset"
fi
# >>: the children's inherited descriptors append, as the shell's open
(cd "$W/sh" && strace -f -tt -T -o "$TMP/app.trace" sh -c 'cat in.bin >> app.log; cat in.bin >> app.log')
$RUN replay-script -o "$TMP/app.script" "$TMP/app.trace" > /dev/null
is "$(grep -c '^open "app.log" rdwr|append 0 = 1 ' "$TMP/app.script")" 2 ">>: both cats' descriptors opened appending"
$RUN replay --allow-root --as-fast-as-possible --keep --dir "$TMP/sb" "$TMP/app.script" > /dev/null 2> "$TMP/err"
rd=$(sed -n "s/^iolens replay: run directory kept: //p" "$TMP/err")
is "$(stat -c %s "$rd/app.log" 2>&1)" "$(stat -c %s "$W/sh/app.log")" ">>: the replayed log has the real one's size"
rm -rf "$rd"
# strace -ff -o PREFIX: a file per process (PREFIX.PID, lines without a
# pid), read as one trace of one job
rm -f "$W/sh/out.bin" "$W/sh/cp.bin"
mkdir -p "$TMP/ff"
(cd "$W/sh" && strace -ff -tt -T -o "$TMP/ff/t" sh -c 'cat in.bin > out.bin; cp in.bin cp.bin')
$RUN replay-script -o "$TMP/ff.script" "$TMP"/ff/t.* > "$TMP/ff.rs" 2> "$TMP/err"
ok $? "-ff: replay-script of $(ls "$TMP"/ff | wc -l | tr -d ' ') per-process files"
is "$(awk '$1 == "rank" { print $2 }' "$TMP/ff.script" | sort -u | tr '\n' ' ')" "0 " "-ff: one job, its processes in rank 0"
is "$(awk '$1 == "rank" { print $4 }' "$TMP/ff.script" | sort | tr '\n' ' ')" \
	"$(ls "$TMP"/ff | sed 's/^t\.//' | sort | tr '\n' ' ')" "-ff: each section's pid is its file's"
$RUN replay --allow-root --as-fast-as-possible --format=json --dir "$TMP/sb" "$TMP/ff.script" > "$TMP/ff.json" 2> "$TMP/err"
ok $? "-ff: replay exits 0 (bytes and calls equal)"
is "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); print "$j->{replay}{bytes_written} $j->{mismatched}"' < "$TMP/ff.json")" \
	"2097152 0" "-ff: the same 2 MiB written as with -f, no call failed"
if command -v sqlite3 > /dev/null; then
	strace -f -tt -T -o "$TMP/sqlite.trace" sqlite3 "$W/db.sqlite" \
		"create table t(a, b); begin; $(i=0; while [ $i -lt 200 ]; do printf "insert into t values($i, '%s');" "row $i payload payload"; i=$((i + 1)); done) commit; select count(*) from t;" > /dev/null
	check sqlite "$W/db.sqlite"
else
	ok 0 "# skip sqlite3 is not installed (apt-get install sqlite3)"
fi
is "$(ls -A "$TMP/sb")" "" "the sandbox is empty after the replays"

# the tracer's overhead: measured, stored, then taken off by default
# (LeakSanitizer cannot run under ptrace: no leak check for the traced loop)
XDG_CACHE_HOME=$TMP/cache ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	$RUN replay --calibrate --dir "$TMP" > "$TMP/cal"
ok $? "calibrate: $(head -1 "$TMP/cal")"
v=-1 d=-1
[ -r "$TMP/cache/iolens/strace-overhead" ] && read -r v d < "$TMP/cache/iolens/strace-overhead"
awk -v v="$v" -v d="$d" 'BEGIN { exit !(v + d > 0 && v + d < 0.01 && v >= 0 && d >= 0) }'
ok $? "calibrate stores a per-call overhead between 0 and 10 ms ($v s between calls, $d s in each)"
# dd's own calls are reads and writes; a trace of those, the opens and
# dup2 (strace -e, as users filter) has too few cheap calls for the
# trace to tell its own cost, and the calibration is used
strace -f -tt -T -e trace=openat,read,write,dup2 -o "$TMP/ddrw.trace" \
	dd if="$W/in.bin" of="$W/ddrw.out" bs=65536 2> /dev/null
XDG_CACHE_HOME=$TMP/cache $RUN replay-script -o "$TMP/cal.script" "$TMP/ddrw.trace" > "$TMP/cal.rs"
grep -q "^overhead $v calibrated $d$" "$TMP/cal.script"
ok $? "replay-script takes the calibrated overhead by default and says so"
XDG_CACHE_HOME=$TMP/cache $RUN replay-script -o "$TMP/cal.script" "$TMP/dd.trace" > "$TMP/cal.rs"
g0=$(awk '$1 == "compute" { s += $2 } END { printf "%.6f", s }' "$TMP/dd.script")
g1=$(awk '$1 == "compute" { s += $2 } END { printf "%.6f", s }' "$TMP/cal.script")
awk -v a="$g0" -v b="$g1" 'BEGIN { exit !(b < a) }'
ok $? "compute gaps shrink with the overhead taken off ($g0 s -> $g1 s)"

# the trace's own floor: a calibration made on a quieter machine (here a
# stored 1 us between calls, 0.5 us inside) is less than the tracer cost
# the trace itself shows; its 1st-percentile gap is taken off instead
# ("floor"), lying between the trace's smallest and median gap, and the
# cost inside each call is scaled by the same ratio (here half the gap's)
strace -f -tt -T -e trace=openat,read,write,dup2 -o "$TMP/dd4k.trace" \
	dd if="$W/in.bin" of="$W/dd4k.out" bs=4096 2> /dev/null
mkdir -p "$TMP/c2/iolens" "$TMP/c3/iolens"
echo "0.000001 0.0000005" > "$TMP/c2/iolens/strace-overhead"
echo "0.001 0.001" > "$TMP/c3/iolens/strace-overhead"
XDG_CACHE_HOME=$TMP/c2 $RUN replay-script -o "$TMP/floor.script" "$TMP/dd4k.trace" > /dev/null
# shellcheck disable=SC2046
set -- $(grep '^overhead ' "$TMP/floor.script")
fg=$2 from=$3 fd=$4
is "$from" "floor" "a calibration below the trace's own floor gives way to it"
# gaps (start to start less the duration) of dd's 4 KiB reads and
# writes, from the trace's own text
awk '$3 ~ /^(read|write)\(/ { split($2, t, ":"); s = t[1] * 3600 + t[2] * 60 + t[3]
	d = substr($NF, 2, length($NF) - 2) + 0; if (n++) print s - e; e = s + d }' "$TMP/dd4k.trace" | sort -g > "$TMP/gd"
lo_g=$(head -1 "$TMP/gd") mid_g=$(awk '{ v[NR] = $1 } END { print v[int(NR / 2) + 1] }' "$TMP/gd")
awk -v g="$fg" -v a="$lo_g" -v b="$mid_g" 'BEGIN { exit !(g + 1e-7 >= a && g <= b + 1e-7 && g > 0) }'
ok $? "floor gap $fg s between the trace's smallest ($lo_g) and median ($mid_g) gap"
awk -v g="$fg" -v d="$fd" 'BEGIN { r = d / g; exit !(r > 0.4999 && r < 0.5001) }'
ok $? "the cost inside each call scaled with it: $fd s, half the gap's as calibrated"
XDG_CACHE_HOME=$TMP/c3 $RUN replay-script -o "$TMP/big.script" "$TMP/dd4k.trace" > /dev/null
grep -q '^overhead 0.001000000 calibrated 0.001000000$' "$TMP/big.script"
ok $? "a calibration above the floor is kept"

# the trace's own cost: without a calibration, a trace with cheap calls
# (close, fstat, lseek, dup, fcntl; here tar's 200 closes) gives the
# tracer's cost inside a call as their mean: it lies between the least
# and the most such a call took
i=0
while [ $i -lt 200 ]; do echo "$i" > "$W/dir/sub/s$i"; i=$((i + 1)); done
if command -v tar > /dev/null; then
	strace -f -tt -T -o "$TMP/tar2.trace" tar cf "$W/b.tar" -C "$W" dir
	mkdir -p "$TMP/c4"
	XDG_CACHE_HOME=$TMP/c4 $RUN replay-script -o "$TMP/own.script" "$TMP/tar2.trace" > "$TMP/own.rs"
	# shellcheck disable=SC2046
	set -- $(grep '^overhead ' "$TMP/own.script")
	is "$3" "trace" "no calibration: the trace's own cheap calls tell the overhead"
	grep -E '^[0-9]+ +[0-9:.]+ (close|fstat|lseek|dup2?|fcntl)\(' "$TMP/tar2.trace" |
		sed 's/.*<\([0-9.]*\)>$/\1/' | sort -g > "$TMP/cheap"
	lo=$(head -1 "$TMP/cheap") hi=$(tail -1 "$TMP/cheap")
	awk -v d="$4" -v a="$lo" -v b="$hi" -v n="$(wc -l < "$TMP/cheap")" \
		'BEGIN { exit !(n >= 200 && d >= a && d <= b) }'
	ok $? "the cost inside a call, $4 s, lies between the cheap calls' least ($lo) and most ($hi)"
else
	ok 0 "# skip tar is not installed"
	ok 0 "# skip tar is not installed"
fi
done_testing
