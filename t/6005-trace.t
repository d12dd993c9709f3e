#!/bin/sh
# iolens trace: a program run with the tracer preloaded.  The trace says
# what the program did (t/data/trace/calls.c moves known bytes; dd, cp
# and tar are checked against strace's view of the same run where strace
# is installed), in time order, with every thread and process, and
# replays with equal bytes and calls.  Usage errors and the command's
# exit status as the tools of this kind have them.
. "$(dirname "$0")/lib.sh"

LIB=$(dirname "$IOLENS")/iolens-trace.so
[ -f "$LIB" ] || skip_all "no tracer library beside $IOLENS (make builds bin/iolens-trace.so)"
command -v cc > /dev/null || skip_all "no C compiler for the test programs"
W=$TMP/work
mkdir -p "$W/dir" "$TMP/sb"
cd "$W" || exit 1

# ---- usage and failures ----
$RUN trace true > /dev/null 2> "$TMP/err"
is "$?:$(head -1 "$TMP/err")" "2:iolens trace: no output: give -o trace" "no -o: usage error"
$RUN trace -o "$TMP/x.trace" > /dev/null 2> "$TMP/err"
is "$?:$(head -1 "$TMP/err")" "2:iolens trace: no command to trace" "no command: usage error"
$RUN trace --bogus -o "$TMP/x.trace" true > /dev/null 2> "$TMP/err"
is "$?" 2 "an unknown option: usage error"
$RUN trace -o "$TMP/x.trace" no-such-program-here > /dev/null 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "127:iolens trace: cannot run 'no-such-program-here': No such file or directory" \
	"a command not found: exit 127 as a shell's, one line"
is "$(ls "$TMP" | grep -c 'x\.trace')" 0 "... and neither a trace nor its parts are left"
IOLENS_TRACE_LIB=$TMP/none.so $RUN trace -o "$TMP/x.trace" true > /dev/null 2> "$TMP/err"
is "$?:$(sed 's/: .*(/: (/' "$TMP/err")" "1:iolens trace: (IOLENS_TRACE_LIB): No such file or directory" \
	"IOLENS_TRACE_LIB naming no file: exit 1"
$RUN trace -o "$TMP/st.trace" sh -c 'echo x > st.txt; exit 3' 2> "$TMP/err"
is "$?" 3 "the command's exit status is trace's"
grep -q '^[0-9]* [0-9:.]* openat(AT_FDCWD, "st.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = [0-9]* <' "$TMP/st.trace"
ok $? "... and its trace is written: the shell's redirection open"
$RUN trace -o "$TMP/kill.trace" sh -c 'echo x > k.txt; kill -9 $$' 2> /dev/null
is "$?" 137 "a command killed by SIGKILL: 128 + 9"
grep -q 'execve("sh"' "$TMP/kill.trace"
ok $? "... its trace is written with what the killed process had made"
is "$(ls "$TMP" | grep -c '\.parts\.\|tmp')" 0 "no parts directory or temporary file left"

# ---- a program of known calls ----
cc -O2 -pthread -o "$TMP/calls" "$TOP/t/data/trace/calls.c" 2> "$TMP/err" ||
	skip_all "cannot build t/data/trace/calls.c: $(head -1 "$TMP/err")"
$RUN trace -o "$TMP/calls.trace" "$TMP/calls" > "$TMP/out" 2> "$TMP/err"
ok $? "calls.c traced ($(cat "$TMP/err"))"
is "$(head -1 "$TMP/calls.trace" | cut -c1-16)" "# iolens-trace 1" "the header names the tracer"
is "$(sed -n 's/^# started [0-9-]* \([0-9:]*\) UTC$/\1/p' "$TMP/calls.trace")" \
	"$(grep -m1 '^[0-9]' "$TMP/calls.trace" | cut -d' ' -f2 | cut -c1-8)" "the header's start is its first call's time"
$RUN summary "$TMP/calls.trace" > "$TMP/sum" 2>&1
grep -q 'source iolens-trace' "$TMP/sum"
ok $? "summary reads it: source iolens-trace"
# per file: bytes read, written, reads, writes (CSV of iolens files)
# (absolute: iolens trace says where the program started)
$RUN files --format=csv "$TMP/calls.trace" | awk -F, -v w="$W/" 'NR > 1 { sub(w, "", $2); print $2, $6, $7, $8, $9 }' | sort > "$TMP/files"
is "$(cat "$TMP/files")" "kid.bin 0 777 0 1
moved.bin 0 0 0 0
out.txt 3000 3000 1 1
pos.bin 8192 16384 2 4
thr.bin 0 1000 0 10
tmp.bin 0 10 0 1" "each file's bytes and calls as calls.c made them (stdio, pread/pwrite, a thread, a fork)"
grep -q '^[0-9]* [0-9:.]* clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD' "$TMP/calls.trace"
ok $? "the thread's creation is a clone3 with CLONE_THREAD"
grep -q 'execve("true", \["true"\], \[\]) = 0' "$TMP/calls.trace"
ok $? "the child's execlp is an execve line"
grep -q 'getdents64(3, \[\], 32768) = 0 <' "$TMP/calls.trace"
ok $? "readdir's end is a getdents64 returning 0"
# time order: the merged lines never go back
bad=$(awk 'NR > 2 { split($2, a, ":"); t = a[1] * 3600 + a[2] * 60 + a[3]; if (t < p) n++; p = t } END { print n + 0 }' "$TMP/calls.trace")
is "$bad" 0 "the merged lines are in time order"
$RUN replay-script -o "$TMP/calls.script" "$TMP/calls.trace" > "$TMP/rs" 2>&1
ok $? "replay-script reads it"
c=$(sed -n 's/^# tracer cost: \([0-9]*\) calls, \([0-9]*\) ns$/\1 \2/p' "$TMP/calls.trace")
n=$(grep '^[0-9]' "$TMP/calls.trace" | grep -v -c 'clone3(\|execve("/\|chdir(')
[ "${c%% *}" -gt $((n / 2)) ] && [ "${c%% *}" -le "$n" ]
ok $? "the header counts the tracer's lines measured (${c%% *} of its $n; one that took over 20 us, its thread preempted, is left out)"
is "$(grep -c "^[0-9]* [0-9:.]* chdir(\"$W\") = 0 <" "$TMP/calls.trace")" 1 \
	"iolens trace says where the program started (a chdir line)"
o=$(awk '/^tracer overhead taken off:/ { print $5 }' "$TMP/rs")
want=$(echo "$c" | awk '{ printf "%.9f", $2 / $1 * 1e-9 }')
is "$o" "$want" "... and replay-script takes their mean cost off the gaps ($o s a call)"
grep -q '(tracer)$' "$TMP/rs"
ok $? "... and says it was the tracer's own measure"
is "$(grep -c '^rank ' "$TMP/calls.script")" 3 "three sections: main, its thread, the child"
$RUN replay --allow-root --as-fast-as-possible --keep --dir "$TMP/sb" "$TMP/calls.script" > "$TMP/rp" 2> "$TMP/err"
ok $? "replay exits 0"
grep -q '^bytes and calls: equal; 0 calls failed' "$TMP/rp"
ok $? "... bytes and calls equal, none failed"
rd=$(sed -n "s/^iolens replay: run directory kept: //p" "$TMP/err")
is "$(cd "$rd" 2> /dev/null && stat -c '%n %s' kid.bin out.txt pos.bin thr.bin | tr '\n' ' ')" \
	"kid.bin 777 out.txt 3000 pos.bin 16384 thr.bin 1000 " "the replayed files have the program's sizes"
rm -rf "$rd"

# ---- stdio's own reads and writes, from the stream's buffer ----
if cc -O2 -o "$TMP/stdio" "$TOP/t/data/trace/stdio.c" 2> /dev/null; then
	$RUN trace -o "$TMP/stdio.trace" "$TMP/stdio" > "$TMP/out" 2> /dev/null
	ok $? "stdio.c traced"
	# glibc's buffer is the file's st_blksize
	bs=$(stat -c %o sio.txt)
	nw=$(((111894 + bs - 1) / bs))
	# each pass reads to the end: a buffer a read, and the read() = 0
	# that finds the end, as strace shows (t/6087)
	is "$($RUN files --format=csv "$TMP/stdio.trace" | awk -F, '$2 ~ /\/sio\.txt$/ { print $6, $7, $8, $9 }')" \
		"223788 111894 $((2 * nw + 2)) $nw" "fprintf, fputs, putc, fgets, getc_unlocked: every byte, a call per $bs-byte buffer and one at each end"
	is "$(cat "$TMP/out")" "$("$TMP/stdio")" "... and the program's own output is that of an untraced run"
	# fflush writes what waits, no more; fclose then has nothing left
	printf '#include <stdio.h>\nint main(void) { printf("abc"); fflush(stdout); printf("defg"); fflush(stdout); fflush(NULL); return 0; }\n' > "$TMP/fl.c"
	cc -o "$TMP/fl" "$TMP/fl.c" && $RUN trace -o "$TMP/fl.trace" sh -c "$TMP/fl > fl.out" 2> /dev/null
	is "$(grep -o 'write(1, "", [0-9]*) = [0-9]*' "$TMP/fl.trace" | tr '\n' ' ')" 'write(1, "", 3) = 3 write(1, "", 4) = 4 ' \
		"fflush: the bytes waiting, a write each (fflush(NULL): nothing waits)"
else
	skip "cannot build t/data/trace/stdio.c" 4
fi

# ---- real programs, against strace's view of the same work ----
head -c 1048576 /dev/urandom > "$W/in.bin"
for i in 1 2 3 4 5; do head -c $((i * 10000)) /dev/urandom > "$W/dir/f$i"; done
# files FILE: "path bytes_read bytes_written" of the files under W (tar
# names them relative to its -C) that moved bytes
files() { $RUN files --format=csv "$1" | awk -F, -v w="$W/" 'NR > 1 && (index($2, w) == 1 || $2 !~ /^\//) && ($6 + $7) > 0 { sub(w, "", $2); print $2, $6, $7 }' | sort; }
for p in dd cp tar sqlite3; do
	case $p in
	dd) cmd="dd if=$W/in.bin of=$W/dd.out bs=65536 conv=fsync" ;;
	cp) cmd="cp $W/in.bin $W/cp.out" ;;
	tar) cmd="tar cf $W/a.tar -C $W dir" ;;
	sqlite3) cmd="rm -f $W/db; sqlite3 $W/db 'create table t(a, b); insert into t values(1, 2); insert into t values(3, 4);'" ;;
	esac
	if ! command -v $p > /dev/null; then
		skip "$p is not installed" 4
		continue
	fi
	$RUN trace -o "$TMP/$p.trace" sh -c "$cmd" > /dev/null 2>&1
	ok $? "$p traced"
	if command -v strace > /dev/null && strace -f -o "$TMP/probe" true 2> /dev/null; then
		strace -f -tt -T -o "$TMP/$p.strace" sh -c "$cmd" > /dev/null 2>&1
		files "$TMP/$p.strace" > "$TMP/$p.want"
		files "$TMP/$p.trace" > "$TMP/$p.got"
		is "$(cat "$TMP/$p.got")" "$(cat "$TMP/$p.want")" \
			"$p: each file's bytes read and written as strace saw them ($(wc -l < "$TMP/$p.want") files)"
	else
		skip "strace is not installed or cannot trace here"
	fi
	$RUN replay-script -o "$TMP/$p.script" "$TMP/$p.trace" > /dev/null 2>&1 &&
		$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" "$TMP/$p.script" > "$TMP/$p.rp" 2>&1
	ok $? "$p: replayed"
	grep -q '^bytes and calls: equal; 0 calls failed' "$TMP/$p.rp"
	ok $? "$p: bytes and calls equal, none failed"
done

# ---- links: replayed, their targets kept inside the sandbox ----
mkdir -p "$W/lk"
cat > "$TMP/links.sh" << EOF
cd "$W/lk" || exit 1
mkdir -p d
echo hi > d/f
ln -s f d/l
ln -s "$W/lk/d/f" d/la
ln -s /usr/share/iolens-nothing d/sys
ln d/f d/h
cat d/l d/la d/h > out.txt
rm d/l d/la d/h d/sys
EOF
$RUN trace -o "$TMP/links.trace" sh "$TMP/links.sh" 2> /dev/null
ok $? "a shell making symbolic and hard links traced"
$RUN replay-script -o "$TMP/links.script" "$TMP/links.trace" > /dev/null 2>&1
is "$(grep -E '^(symlink|link) ' "$TMP/links.script" | cut -d' ' -f1-3 | tr '\n' ';')" \
	'symlink "work/lk/d/l" "f";symlink "work/lk/d/la" "../../../work/lk/d/f";symlink "work/lk/d/sys" "../../../abs/usr/share/iolens-nothing";link "work/lk/d/f" "work/lk/d/h";' \
	"the script's links: a relative target kept, an absolute one as named in the sandbox, one outside left pointing nowhere"
$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" "$TMP/links.script" > "$TMP/links.rp" 2>&1
grep -q '^bytes and calls: equal; 0 calls failed' "$TMP/links.rp"
ok $? "... replayed with no call failed (rm's lstat of the dangling link included)"

# ---- links the program found: staged as links, readlink replayed ----
mkdir -p "$W/fl/src/d"
echo hello > "$W/fl/src/d/f"
ln -s d/f "$W/fl/src/rel"
ln -s "$W/fl/src/d/f" "$W/fl/src/abs"
ln -s ../../nowhere "$W/fl/src/d/dangle"
ln -s d "$W/fl/src/dl"
(cd "$W/fl" && $RUN trace -o "$TMP/fl.trace" cp -r src dst 2> /dev/null)
ok $? "cp -r of a tree with links traced"
grep -q 'readlink("src/rel", "d/f", [0-9]*) = 3 <' "$TMP/fl.trace"
ok $? "... the trace shows the text readlink returned"
$RUN replay-script -o "$TMP/fl.script" "$TMP/fl.trace" > /dev/null 2>&1
is "$(grep '^input .* link ' "$TMP/fl.script" | sed 's/^input "[^"]*src/src/' | sort | tr '\n' ';')" \
	'src/abs" link "../src/d/f";src/d/dangle" link "../../nowhere";src/dl" link "d";src/rel" link "d/f";' \
	"the links cp read are inputs staged as links (an absolute target as named in the sandbox)"
is "$(grep -c '^readlink ' "$TMP/fl.script")" 4 "... and its four readlinks are in the script"
is "$(grep -c '^copy [0-9]* -1 [0-9]* -1 0 = 0 ' "$TMP/fl.script") $(grep -c 'copy_file_range(.*) = 0 <' "$TMP/fl.trace")" "1 1" \
	"... and cp's copy_file_range at the file's end, which moved nothing (left out before)"
$RUN replay --allow-root --keep --dir "$TMP/sb" "$TMP/fl.script" > "$TMP/fl.rp" 2>&1
grep -q '^bytes and calls: equal; 0 calls failed' "$TMP/fl.rp"
ok $? "... replayed with no call failed (the old form: four readlinks not replayed, the links staged as empty files)"
rd=$(sed -n "s/^iolens replay: run directory kept: //p" "$TMP/fl.rp")
is "$(find "$rd" -path '*src*' -type l | wc -l | tr -d ' ')" 4 "... the run directory holds the four links cp read"
rm -rf "$rd"
# a link read and also followed: staged as what it led to, its readlink left out
cat > "$TMP/follow.sh" << EOF
cd "$W/fl" || exit 1
readlink src/rel > /dev/null
cat src/rel > /dev/null
readlink src/dl > /dev/null
cat src/dl/f > /dev/null
EOF
$RUN trace -o "$TMP/follow.trace" sh "$TMP/follow.sh" 2> /dev/null
$RUN replay-script -o "$TMP/follow.script" "$TMP/follow.trace" > /dev/null 2>&1
is "$(grep -c '^readlink \|^input .* link ' "$TMP/follow.script")" 0 \
	"links followed as a file and as a directory: staged as such, their readlinks left out"
$RUN replay --allow-root --dir "$TMP/sb" "$TMP/follow.script" > "$TMP/follow.rp" 2>&1
grep -q '^bytes and calls: equal; 0 calls failed' "$TMP/follow.rp"
ok $? "... replayed with no call failed"
# a trace that did not show the text (strace -s 0, the tracer before it
# did): a link of the length readlink returned
printf '1 00:00:01.000000 readlink("/w/l", "", 64) = 7 <0.000010>\n' > "$TMP/blind.trace"
$RUN replay-script -o "$TMP/blind.script" "$TMP/blind.trace" > /dev/null 2>&1
is "$(grep '^input\|^readlink' "$TMP/blind.script" | tr '\n' ';')" \
	'input "l" link "xxxxxxx";readlink "l" = 7 0.000010;' "a link whose text the trace did not show: one of the length read"
# strace's default -s 32 cut a link's text ("..." after the quote): not
# the link's text (a link of 32 bytes was staged for one of 40), one of
# the length readlink returned
printf '1 00:00:01.000000 readlink("/w/l", "abcdefghijklmnopqrstuvwxyz012345"..., 64) = 40 <0.000010>\n' > "$TMP/cut.trace"
$RUN replay-script -o "$TMP/cut.script" "$TMP/cut.trace" > /dev/null 2>&1
is "$(sed -n 's/^input "l" link "\(.*\)"$/\1/p' "$TMP/cut.script" | tr -d '\n' | wc -c | tr -d ' ')" 40 "a link's text strace cut short: a link of the length readlink returned"
# a link read, renamed, and followed by its new name: it was followed, so
# it is not staged as a link (a link to a file the script never stages:
# the open of the new name failed ENOENT, and its read and close EBADF)
printf '1 00:00:01.000000 readlink("/w/l", "/data/f", 64) = 7 <0.000010>\n1 00:00:01.000050 rename("/w/l", "/w/m") = 0 <0.000010>\n1 00:00:01.000100 openat(AT_FDCWD, "/w/m", O_RDONLY) = 3 <0.000010>\n1 00:00:01.000200 read(3, "", 4096) = 100 <0.000010>\n1 00:00:01.000300 close(3) = 0 <0.000010>\n' > "$TMP/mvlink.trace"
$RUN replay-script -o "$TMP/mvlink.script" "$TMP/mvlink.trace" > /dev/null 2>&1
is "$(grep -c '^input .* link \|^readlink ' "$TMP/mvlink.script")" 0 "a link renamed and followed by its new name: not staged as a link, its readlink left out"
$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" "$TMP/mvlink.script" > "$TMP/mvlink.rp" 2>&1
grep -q '; 0 calls failed' "$TMP/mvlink.rp"
ok $? "... replayed with no call failed"
# not followed after its rename: read as a link under both names, staged
# as one under the first (the rename makes the second: staged there too,
# it was a link the rename replaced)
printf '1 00:00:01.000000 readlink("/w/l", "/data/f", 64) = 7 <0.000010>\n1 00:00:01.000050 rename("/w/l", "/w/m") = 0 <0.000010>\n1 00:00:01.000100 readlink("/w/m", "/data/f", 64) = 7 <0.000010>\n' > "$TMP/mvlink2.trace"
$RUN replay-script -o "$TMP/mvlink2.script" "$TMP/mvlink2.trace" > /dev/null 2>&1
is "$(grep '^input .* link \|^readlink ' "$TMP/mvlink2.script")" 'input "l" link "abs/data/f"
readlink "l" = 7 0.000010
readlink "m" = 7 0.000010' "a link renamed and read again, never followed: staged as a link under its first name, both readlinks kept"
# a link's text under a system directory names no path of the job: no
# "system" line, none counted left out (it said "system paths left out:
# 1" for a job that touched none)
printf '1 00:00:01.000000 readlink("/w/l", "/etc/alternatives/x", 64) = 19 <0.000010>\n1 00:00:01.000100 openat(AT_FDCWD, "/etc/passwd", O_RDONLY) = 3 <0.000010>\n' > "$TMP/syslink.trace"
$RUN replay-script -o "$TMP/syslink.script" "$TMP/syslink.trace" > "$TMP/syslink.out" 2>&1
is "$(grep '^system \|^input ' "$TMP/syslink.script" | tr '\n' ';') $(grep -o 'system paths left out: [0-9]*' "$TMP/syslink.out")" \
	'input "l" link "abs/etc/alternatives/x";system "/etc/passwd"; system paths left out: 1' \
	"a link's text under /etc is no system path left out; the job's own open of one is"
if command -v strace > /dev/null 2>&1; then
	rm -rf "$W/fl/dst"
	(cd "$W/fl" && strace -f -tt -T -o "$TMP/fl.strace" cp -r src dst)
	$RUN replay-script -o "$TMP/fls.script" "$TMP/fl.strace" > /dev/null 2>&1
	is "$(grep -c '^input .* link \|^readlink ' "$TMP/fls.script")" 8 "strace's trace of the same copy: four links staged, four readlinks"
else
	skip "strace is not installed" 1
fi

# ---- many threads: the files are merged in rounds ----
cat > "$TMP/many.c" << 'EOF'
#include <pthread.h>
#include <unistd.h>
static int fd;
static void *one(void *a) { (void)a; if (write(fd, "x", 1) != 1) return a; return NULL; }
int main(void)
{
	pthread_t t;
	int i;
	fd = 1;
	for (i = 0; i < 300; i++) {
		if (pthread_create(&t, NULL, one, NULL) != 0)
			return 1;
		pthread_join(t, NULL);
	}
	return 0;
}
EOF
if cc -O2 -pthread -o "$TMP/many" "$TMP/many.c" 2> /dev/null; then
	$RUN trace -o "$TMP/many.trace" "$TMP/many" > "$TMP/many.out" 2> "$TMP/err"
	is "$(cat "$TMP/err")" "iolens trace: 600 calls of 1 process and 300 threads into $TMP/many.trace" \
		"300 threads: 300 clones and 300 writes (not the chdir and execve iolens wrote), 301 files merged"
	is "$(grep -c 'clone3(' "$TMP/many.trace"):$(grep -c 'write(1, "", 1) = 1' "$TMP/many.trace")" "300:300" \
		"... every clone and every write in the trace"
	bad=$(awk 'NR > 2 { split($2, a, ":"); t = a[1] * 3600 + a[2] * 60 + a[3]; if (t < p) n++; p = t } END { print n + 0 }' "$TMP/many.trace")
	is "$bad" 0 "... in time order after two rounds of merging"
else
	skip "cannot build the many-threads program" 3
fi
# The tracer's buffer written out between two calls is its own cost, in
# the gap to the next call: counted in the sum the header gives (not in
# its count of lines).  Its trace is a FIFO here whose reader waits 0.5 s
# once the tracer is writing its buffer out: 40,000 calls' lines fill
# the 1 MiB buffer, and writing it out waits that long (left out of the
# sum before).  The reader takes one byte more than the pipe holds first,
# so that the wait begins inside the write-out whatever the schedule (a
# reader that slept from its start lost the race to a slow tracer on a
# loaded machine).
mkdir "$TMP/fifo" && mkfifo "$TMP/fifo/trace"
(exec 3< "$TMP/fifo/trace"; dd bs=65537 count=1 iflag=fullblock <&3 > "$TMP/fifo.out" 2> /dev/null
 sleep 0.5; cat <&3 >> "$TMP/fifo.out") &
IOLENS_TRACE_DIR=$TMP/fifo LD_PRELOAD=$LIB dd if=/dev/zero of=/dev/null bs=1 count=20000 2> /dev/null
wait
ns=$(awk '$3 == "#cost" { s += $5 } END { print s + 0 }' "$TMP/fifo.out")
[ "$ns" -ge 400000000 ]
ok $? "a buffer written out between calls counts in the tracer's cost ($ns ns in all; the reader waited 0.5 s)"
# fallocate, posix_fallocate and posix_fadvise: lines as strace's
# (the posix_ forms return the error; their lines the system call's)
cat > "$TMP/fa.c" <<'EOF'
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
int main(void)
{
	int fd = open("fa.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (posix_fallocate(fd, 0, 1 << 20) || fallocate(fd, FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE, 4096, 8192))
		return 1;
	if (posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) || posix_fadvise(fd, 0, 0, 99) != EINVAL)
		return 2;
	return close(fd);
}
EOF
if cc -O2 -o "$TMP/fa" "$TMP/fa.c" 2> /dev/null; then
	$RUN trace -o "$TMP/fa.trace" "$TMP/fa" > /dev/null 2> "$TMP/err"
	is "$?:$(grep -oE '(fallocate|fadvise64)\(.*\) = [-0-9]+( E[A-Z]+)?' "$TMP/fa.trace" | tr '\n' '|')" \
		"0:fallocate(3, 0, 0, 1048576) = 0|fallocate(3, 3, 4096, 8192) = 0|fadvise64(3, 0, 0, POSIX_FADV_DONTNEED) = 0|fadvise64(3, 0, 0, POSIX_FADV_UNKNOWN) = -1 EINVAL|" \
		"fallocate, posix_fallocate, posix_fadvise traced (the program saw their results)"
	$RUN replay-script -o "$TMP/fa.script" "$TMP/fa.trace" > /dev/null 2>&1
	is "$(grep -cE '^(fallocate|fadvise) ' "$TMP/fa.script")" 3 "... and in its script (not the advice it cannot name)"
else
	skip "cannot build the fallocate program" 2
fi
done_testing
