#!/bin/sh
# An MPI job's trace replayed: IOR (POSIX, one shared file, write then
# read, 4 ranks) traced with strace -f per rank (sample-logs, our run).
# The barriers between IOR's phases are not in the trace, so the script
# carries waits ("after S N"): a read waits for the other ranks' writes
# of the file, an open for its making.  Without them a replay on slower
# storage, or as fast as possible, reads what is not written yet.  Then
# the MPI build (make MPI=1, built here into a copy of the sources):
# mpirun -np 4 iolens replay, one MPI process per traced rank, and -np 2.
. "$(dirname "$0")/lib.sh"

D=$SAMPLES/ior/strace_ior_posix_n1_t4m
[ -r "$D/trace.rank0.txt.xz" ] || skip_all "no per-rank IOR strace sample"

$RUN replay-script -o "$TMP/ior.script" "$D"/trace.rank0.txt.xz "$D"/trace.rank1.txt.xz \
	"$D"/trace.rank2.txt.xz "$D"/trace.rank3.txt.xz > "$TMP/out" 2> "$TMP/err"
ok $? "replay-script of the 4 per-rank traces"
is "$(awk '$1 == "rank" { print $2 }' "$TMP/ior.script" | sort -u | tr '\n' ' ')" "0 1 2 3 " \
	"the script's sections are the 4 ranks (and their threads)"
nw=$(grep -c '^after ' "$TMP/ior.script")
awk -v n="$nw" 'BEGIN { exit !(n >= 4) }'
ok $? "the script carries waits between ranks ($nw)"
# each rank waits for the others at least once (IOR's barriers: the
# write phase's end before the file is checked and read back)
is "$(awk '$1 == "rank" { r = $2 } $1 == "after" { print r }' "$TMP/ior.script" | sort -u | tr '\n' ' ')" \
	"0 1 2 3 " "every rank waits for the others at least once"
# fields: bytes read and written and calls, original and replay; then
# calls failed in one run only, waits, waits given up
sums() {
	perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
		my ($o, $r) = ($j->{original}, $j->{replay});
		print join(" ", @$o{qw(bytes_read bytes_written ops)}, @$r{qw(bytes_read bytes_written ops)},
			$j->{mismatched}, $j->{waits}, $j->{waits_given_up}), "\n"' < "$1"
}
perfile() {
	perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
		for my $f (@{$j->{files}}) { my ($o, $r) = ($f->{original}, $f->{replay});
			print "$f->{path}\n" if join(" ", @$o{qw(bytes_read bytes_written ops)}) ne
				join(" ", @$r{qw(bytes_read bytes_written ops)}) }' < "$1"
}
for mode in --as-fast-as-possible --as-fast-as-possible ""; do
	# shellcheck disable=SC2086
	$RUN replay --allow-root $mode --format=json --dir "$TMP/sb" "$TMP/ior.script" > "$TMP/j" 2> "$TMP/err"
	ok $? "replay ${mode:-on the schedule} exits 0"
	set -- $(sums "$TMP/j")
	is "$4 $5 $6 $7 $8 $9" "$1 $2 $3 0 $nw 0" \
		"... bytes and calls as traced ($1 read, $2 written), no call failed, $nw waits, none given up"
	is "$(perfile "$TMP/j")" "" "... per file too"
done
is "$(ls -A "$TMP/sb" 2> /dev/null)" "" "the sandbox is left as it was"

# a wait that can never be met is refused at its line
printf 'iolens-replay-script 1\nrank 0 pid 1\nstat "a" = 0 0\nrank 1 pid 2\nafter 1 1\n' > "$TMP/self.script"
$RUN replay --allow-root --dir "$TMP/sb" "$TMP/self.script" > /dev/null 2> "$TMP/err"
is "$?" "1" "a wait on its own section is refused"
grep -q "line 5: this wait can never be met" "$TMP/err"
ok $? "... at its line: $(cat "$TMP/err")"

if ! command -v mpicc > /dev/null || ! command -v mpirun > /dev/null; then
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do ok 0 "# skip mpicc or mpirun is not installed (Debian: libopenmpi-dev, openmpi-bin)"; done
	done_testing
	exit 0
fi
if [ -n "${SANITIZE:-}${VALGRIND:-}" ]; then
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do ok 0 "# skip the MPI build is not made under SANITIZE or VALGRIND"; done
	done_testing
	exit 0
fi
mpi_build
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_mpi_warn_on_fork=0
for np in 4 2; do
	prof=
	# the drawing module of the plain build (this one makes the binary)
	[ $np = 2 ] && prof="--profile $TMP/p.pdf" && export IOLENS_GFX="$TOP/bin/iolens-gfx.so"
	# shellcheck disable=SC2086
	timeout 300 mpirun -np $np --oversubscribe --allow-run-as-root "$MPI_BIN" replay \
		--allow-root --as-fast-as-possible $prof --format=json --dir "$TMP/sbm" "$TMP/ior.script" > "$TMP/j" 2> "$TMP/err"
	ok $? "mpirun -np $np iolens replay ${prof:+--profile }exits 0"
	sed 's/^/# /' "$TMP/err" | tail -3
	set -- $(sums "$TMP/j")
	is "$4 $5 $6 $7 $8 $9" "$1 $2 $3 0 $nw 0" \
		"... one report (member 0's): bytes and calls as traced, $nw waits kept across processes"
done
# the profile: every member's calls summed onto member 0, which draws it
if command -v pdftotext > /dev/null; then
	pdftotext "$TMP/p.pdf" - 2> /dev/null | grep -q "Replay profile"
	ok $? "mpirun -np 2 --profile: member 0 wrote the profile"
else
	ok 0 "# skip pdftotext is not installed"
fi
# a rank of two threads in one MPI process (its threads there), the
# other rank in the other
cat > "$TMP/thr.script" << 'EOF'
iolens-replay-script 1
input "src" 8192
rank 0 pid 7 thread-of 7
open "src" rdonly 0 = 3 0.000010
pread 3 4096 0 = 4096 0.000010
after 1 1
close 3 = 0 0.000004
rank 0 pid 8 thread-of 7
after 0 1
pread 3 4096 4096 = 4096 0.000010
rank 1 pid 9
open "src" rdonly 0 = 3 0.000010
read 3 8192 = 8192 0.000010
close 3 = 0 0.000004
EOF
timeout 120 mpirun -np 2 --oversubscribe --allow-run-as-root "$MPI_BIN" replay \
	--allow-root --format=json --dir "$TMP/sbm" "$TMP/thr.script" > "$TMP/j" 2> "$TMP/err"
ok $? "mpirun -np 2: a rank of two threads replays"
set -- $(sums "$TMP/j")
is "$4 $5 $6 $7 $8 $9" "16384 0 7 0 2 0" "... 16384 bytes read in 7 calls, none failed, 2 waits kept"
# hostile: the members share their progress through a mapped file; in
# the run directory a script could truncate it, and every member died
# of SIGBUS, the run directory left behind.  It is beside it now.
cat > "$TMP/prog.script" << 'EOF'
iolens-replay-script 1
rank 0 pid 1
stat "." = 0 0.00001
truncate ".iolens-progress" 0 = 0 0.00001
stat "." = 0 0.00001
rank 1 pid 2
stat "." = 0 0.00001
compute 0.2
stat "." = 0 0.00001
EOF
timeout 120 mpirun -np 2 --oversubscribe --allow-run-as-root "$MPI_BIN" replay \
	--allow-root --format=json --dir "$TMP/sbm" "$TMP/prog.script" > "$TMP/j" 2> "$TMP/err"
st=$?
is "$st:$(ls -A "$TMP/sbm" 2> /dev/null)" "0:" "a script truncating the members' progress file: no member killed, nothing left (exit $st; $(grep -m1 -i 'signal\|truncate' "$TMP/err"))"
# hostile, with a co-user who may write in the sandbox (uid 65534 when
# root, else the test's own user): the members other than 0 opened the
# run directory by the name member 0 sent, following links.  Swapped
# for a link between member 0's staging and their open, member 1
# replayed as root beneath the link's target: the canary overwritten,
# exit 0.  The progress file beside it swapped for the co-user's own
# file: member 1 wrote its progress there, exit 0.  Both are refused
# now.  The swap is made at the build's pause (TEST_HOOKS=1: member 1
# writes the run directory's name to the FIFO $IOLENS_TEST_PAUSE, then
# reads it to its end), so it lands there under any schedule.
co=
[ "$(id -u)" = 0 ] && command -v setpriv > /dev/null &&
	co="setpriv --reuid 65534 --regid 65534 --clear-groups"
X=$TMP/sbx
mkdir -p "$X" "$TMP/outside"
chmod 711 "$TMP"
chmod 777 "$X"
mkfifo "$TMP/pause"
printf 'iolens-replay-script 1\nrank 0 pid 1\nstat "." = 0 0.00001\nrank 1 pid 2\nopen "canary" wronly|creat|trunc 0644 = 3 0.00001\nwrite 3 5 = 5 0.00001\nclose 3 = 0 0.00001\n' > "$TMP/swap.script"
for what in "run directory" "progress file"; do
	echo canary > "$TMP/outside/canary"
	# shellcheck disable=SC2016
	$co sh -c 'head -c 4096 /dev/zero > "$1/mine" && ln "$1/mine" "$1/mine.kept"' sh "$X"
	IOLENS_TEST_PAUSE=$TMP/pause timeout 120 mpirun -x IOLENS_TEST_PAUSE -np 2 --oversubscribe --allow-run-as-root \
		"$MPI_BIN" replay --allow-root --format=json --dir "$X" "$TMP/swap.script" > "$TMP/j" 2> "$TMP/err" &
	pid=$!
	# shellcheck disable=SC2016
	rd=$(timeout 120 sh -c 'read -r l < "$1" && echo "$l"' sh "$TMP/pause")
	# shellcheck disable=SC2016
	case $what:$rd in
	*:) ;; # no pause: the member ended before it (the test fails below)
	run*) $co sh -c 'mv "$1" "$1.moved" && ln -s "$2" "$1"' sh "$rd" "$TMP/outside" ;;
	*) $co mv "$X/mine" "$rd.progress" ;;
	esac
	# shellcheck disable=SC2016
	timeout 60 sh -c 'echo go > "$1"' sh "$TMP/pause"
	wait $pid
	st=$?
	mine=$(head -c 4096 /dev/zero | cmp -s - "$X/mine.kept" && echo "untouched")
	ok $([ -n "$rd" ] && [ $st -ne 0 ] && [ "$(cat "$TMP/outside/canary")" = canary ] && [ "$mine" = untouched ]; echo $?) \
		"the $what swapped for a ${co:+co-user's }$([ "$what" = "run directory" ] && echo "link" || echo "file") before member 1 opens it: refused (exit $st; $(grep -m1 'cannot open' "$TMP/err")), the canary and the co-user's file untouched"
	rm -rf "${X:?}"/*
done
chmod 700 "$TMP"
# a call failed in another member's rank is named as it failed there
# (member 0 said "line 0: end succeeded here")
printf 'iolens-replay-script 1\nrank 0 pid 1\nstat "nope0" = 0 0.00001\nrank 1 pid 2\nstat "." = 0 0.00001\nstat "nope1" = 0 0.00001\n' > "$TMP/fail.script"
timeout 120 mpirun -np 2 --oversubscribe --allow-run-as-root "$MPI_BIN" replay \
	--allow-root --dir "$TMP/sbm" "$TMP/fail.script" > "$TMP/fail.out" 2> "$TMP/err"
is "$(grep -o 'script:[0-9]*: section [0-9]: [a-z]* [a-z]* here' "$TMP/err" | tr '\n' ' ')" \
	"script:3: section 0: stat failed here script:6: section 1: stat failed here " \
	"the calls failed in either member's rank are named with their lines"
# a member replaying its rank in place is confined by Landlock as a
# forked replay of the same script is, in a thread of its own (it was
# not: "not applied (MPI processes replaying their rank in place)")
want=$($RUN replay --allow-root --dir "$TMP/sbm" "$TMP/fail.script" 2> /dev/null | sed -n 's/^sandbox: .*; Landlock //p')
got=$(sed -n 's/^sandbox: .*; Landlock //p' "$TMP/fail.out")
ok $([ -n "$want" ] && [ "$got" = "$want" ]; echo $?) \
	"members replaying in place: Landlock as in a forked replay (${got:-no sandbox line}; forked: ${want:-no sandbox line})"
# ... and holds 1024 descriptors at most, as a forked rank does (it
# kept its own limit, $(ulimit -n) here)
awk 'BEGIN { print "iolens-replay-script 1"; print "input \"f\" 1"; print "rank 0 pid 1"; for (i = 0; i < 1100; i++) print "open \"f\" rdonly 0 = " i + 3 " 0.00001"; print "rank 1 pid 2"; print "stat \".\" = 0 0.00001" }' > "$TMP/fds.script"
timeout 120 mpirun -np 2 --oversubscribe --allow-run-as-root "$MPI_BIN" replay \
	--allow-root --format=json --dir "$TMP/sbm" "$TMP/fds.script" > "$TMP/j" 2> /dev/null
ok $(grep -q '"op":"open","errno":"EMFILE"' "$TMP/j"; echo $?) "1100 descriptors opened in an MPI process replaying in place: past 1024 the opens fail (EMFILE)"
# an MPI process replaying its rank in place has no parent watching
# it: it looks itself at a signal (mpirun passes SIGTERM on, then kills
# after 2 s: the run directory was left) ...
printf 'iolens-replay-script 1\nrank 0 pid 1\ncompute 30\nstat "." = 0 0.00001\nrank 1 pid 2\ncompute 30\nstat "." = 0 0.00001\n' > "$TMP/slow.script"
printf 'iolens-replay-script 1\nrank 0 pid 1\nafter 1 1\nstat "." = 0 0.00001\nrank 1 pid 2\ncompute 40\nstat "." = 0 0.00001\n' > "$TMP/slowwait.script"
for s in slow slowwait; do
	mpirun -np 2 --oversubscribe --allow-run-as-root "$MPI_BIN" replay \
		--allow-root --dir "$TMP/sbm" "$TMP/$s.script" > /dev/null 2> "$TMP/err" &
	pid=$!
	n=0
	while [ -z "$(ls -A "$TMP/sbm" 2> /dev/null)" ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
	sleep 1
	kill -TERM $pid
	wait $pid
	is "$(ls -A "$TMP/sbm" 2> /dev/null)" "" "SIGTERM to mpirun in a $([ $s = slow ] && echo "compute gap" || echo "wait for the other member"): the run directory removed ($(grep -m1 SIGTERM "$TMP/err"))"
done
# ... and at the free space (a script filled the file system to its
# last block); on a tmpfs of 2 GiB (root only), 3 GiB written
M=$TMP/mnt
mkdir -p "$M"
if mount -t tmpfs -o size=2g iolens-t "$M" 2> /dev/null; then
	trap 'umount "$M" 2> /dev/null; rm -rf "$TMP"' EXIT
	awk 'BEGIN { print "iolens-replay-script 1"; for (r = 0; r < 2; r++) { print "rank " r " pid " r + 1; print "open \"f" r "\" wronly|creat 0644 = 3 0.00001"; for (i = 0; i < 1500; i++) print "write 3 1048576 = 1048576 0.00001"; print "close 3 = 0 0.00001" } }' > "$TMP/fill.script"
	timeout 120 mpirun -np 2 --oversubscribe --allow-run-as-root "$MPI_BIN" replay \
		--allow-root --keep --as-fast-as-possible --dir "$M/sb" "$TMP/fill.script" > /dev/null 2> "$TMP/err"
	free=$(df -Pk "$M" | awk 'NR == 2 { print $4 }')
	ok $(grep -q "fell below its margin" "$TMP/err" && [ "$free" -gt 50000 ]; echo $?) "3 GiB written by two MPI processes on 2 GiB: stopped at the margin, $free KiB left"
	rm -rf "$M/sb"
	umount "$M"
else
	skip "no tmpfs can be mounted here (root only)" 1
fi
is "$(ls -A "$TMP/sbm" 2> /dev/null)" "" "the MPI run leaves no sandbox behind"
done_testing
