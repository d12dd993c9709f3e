#!/bin/sh
# Hostile replay scripts: each tries to reach out of the sandbox in its
# own way (a link renamed or linked again, a link reached through
# another, a directory swapped for a link by another rank, a hard link
# to an outside file, the sandbox itself renamed, an outside directory
# moved in for the cleanup to delete, a copy of outside data, set-ID
# files), or to exhaust the machine (processes, memory, disk, time), or
# to pass one script's compiled form for another's.  Every one asserts
# that nothing outside the sandbox changed: a fingerprint of the
# directory around it (names, sizes, modes, links, times, contents).
. "$(dirname "$0")/lib.sh"

W=$TMP/w
mkdir -p "$W/outside/victim" "$W/sb"
echo canary > "$W/outside/canary"
echo inner > "$W/outside/victim/file"
chmod 644 "$W/outside/canary"

# what must not change: everything in $W but the sandbox (made by the
# test; that it stays, empty, is checked on its own)
fingerprint() {
	(cd "$W" && find . -path ./sb -prune -o \
		-printf '%p %y %s %m %n %U %T@\n' | sort
	 cat outside/canary outside/victim/file) | cksum
}
BEFORE=$(fingerprint)

# hostile <name> <description>: replay $TMP/<name>.script; the sandbox
# must hold after it, whatever the exit status
hostile() {
	$RUN replay --allow-root --as-fast-as-possible --format=json --keep \
		--dir "$W/sb" "$TMP/$1.script" > "$TMP/$1.json" 2> "$TMP/$1.err"
	echo $? > "$TMP/$1.rc"
	is "$(fingerprint)" "$BEFORE" "$2: nothing outside the sandbox changed"
	RD=$(sed -n 's/^iolens replay: run directory kept: //p' "$TMP/$1.err")
}

head_=$(printf 'iolens-replay-script 1\nsource "hand"\ninferred no\noverhead 0 none\n')
# a link made whose target stays inside where it is made (the parser
# takes it), then moved to where the same target leads two levels above
# the run directory: to $W
escape='mkdir "d1" 0755 = 0 0.00001
mkdir "d1/d2" 0755 = 0 0.00001'

printf '%s\nrank 0 pid 1\n%s\n%s\n' "$head_" "$escape" \
'symlink "d1/d2/l" "../../outside/canary" = 0 0.00001
rename "d1/d2/l" "l" = 0 0.00001
open "l" wronly|trunc 0 = 3 0.00001
write 3 5 = 5 0.00001
close 3 = 0 0.00001
truncate "l" 0 = 0 0.00001' > "$TMP/trunc.script"
hostile trunc "a link renamed to lead out, then opened with O_TRUNC and truncated"
grep -q '"errno":"EXDEV"' "$TMP/trunc.json"
ok $? "... the kernel refused the open through it (EXDEV)"
grep -q '"line":10,"section":0,"op":"open","errno":"EXDEV"' "$TMP/trunc.json"
ok $? "... and the failed call is named with its script line"
is "$(cat "$TMP/trunc.rc")" 1 "... the run goes to its end, exit 1 as its calls differ from the original's"
rm -rf "$RD"

printf '%s\nrank 0 pid 1\n%s\n%s\n' "$head_" "$escape" \
'symlink "d1/d2/o" "../../outside" = 0 0.00001
rename "d1/d2/o" "o" = 0 0.00001
open "o/suid" wronly|creat 04755 = 3 0.00001
close 3 = 0 0.00001
mkdir "o/newdir" 0755 = 0 0.00001
unlink "o/canary" = 0 0.00001
rename "o/victim" "stolen" = 0 0.00001
link "o/canary" "h" = 0 0.00001
open "h" wronly|append 0 = 3 0.00001
write 3 5 = 5 0.00001
close 3 = 0 0.00001' > "$TMP/dirlink.script"
hostile dirlink "a directory link led out: set-user-ID file, new directory, unlink, hard link appended to"
ok $([ ! -e "$W/outside/suid" ] && [ ! -e "$W/outside/newdir" ]; echo $?) "... no set-user-ID file and no directory made outside"
ok $([ -d "$W/outside/victim" ] && [ ! -e "$RD/stolen" ]; echo $?) "... the outside directory was not moved in (the cleanup cannot delete it)"
rm -rf "$RD"

printf '%s\nrank 0 pid 1\n%s\n%s\n' "$head_" "$escape" \
'symlink "d1/d2/o" "../../outside" = 0 0.00001
symlink "d1/d2/p" "o" = 0 0.00001
rename "d1/d2/o" "o" = 0 0.00001
rename "d1/d2/p" "p" = 0 0.00001
open "p/canary" rdonly 0 = 3 0.00001
open "copy" wronly|creat 0644 = 4 0.00001
copy 3 0 4 0 7 = 7 0.00001
close 4 = 0 0.00001' > "$TMP/copy.script"
hostile copy "a link reached through another link, its data copied in"
is "$(stat -c %s "$RD/copy" 2> /dev/null)" 0 "... nothing of the outside file reached the sandbox"
rm -rf "$RD"

printf '%s\nrank 0 pid 1\n%s\n%s\n' "$head_" "$escape" \
'symlink "d1/d2/s" "../.." = 0 0.00001
rename "d1/d2/s" "s" = 0 0.00001
rename "s/sb" "s/moved" = 0 0.00001
rename "s/outside" "s/sb/outside" = 0 0.00001
rmdir "s/outside/victim" = 0 0.00001' > "$TMP/self.script"
hostile self "the sandbox itself renamed, an outside directory moved into it"
ok $([ -d "$W/sb" ] && [ ! -e "$W/moved" ]; echo $?) "... the sandbox is where it was"
rm -rf "$RD"

# two ranks: one swaps a directory for a link that leads out while the
# other waits to open a file through it
printf '%s\nrank 0 pid 1\n%s\n%s\nrank 1 pid 2\n%s\n' "$head_" "$escape" \
'symlink "d1/d2/x" "../../outside" = 0 0.00001
mkdir "dir" 0755 = 0 0.00001
rmdir "dir" = 0 0.00001
rename "d1/d2/x" "dir" = 0 0.00001' \
'after 0 6
open "dir/canary" wronly|trunc 0 = 3 0.00001
write 3 5 = 5 0.00001
close 3 = 0 0.00001' > "$TMP/swap.script"
hostile swap "two ranks: a directory swapped for a link before the other opens through it"
grep -q '"section":1,"op":"open","errno":"EXDEV"' "$TMP/swap.json"
ok $? "... rank 1's open was refused by the kernel"
rm -rf "$RD"

# the parent-directory cache: rank 1 swaps d1 for a link that leads out
# (and back) 500 times while rank 0, holding d1 as a cached parent,
# truncates and unlinks through it
awk -v h="$head_" 'BEGIN { print h; print "rank 0 pid 1"; print "mkdir \"d1\" 0755 = 0 0.00001"; print "mkdir \"z\" 0755 = 0 0.00001"; print "mkdir \"z/y\" 0755 = 0 0.00001"; print "symlink \"z/y/o\" \"../../outside\" = 0 0.00001"
	for (i = 0; i < 500; i++) { print "open \"d1/canary\" wronly|trunc 0 = 3 0.00001"; print "write 3 5 = 5 0.00001"; print "close 3 = 0 0.00001"; print "stat \"d1/victim/file\" = 0 0.00001"; print "unlink \"d1/victim/file\" = 0 0.00001" }
	print "rank 1 pid 2"; print "after 0 4"
	for (i = 0; i < 500; i++) { print "rename \"d1\" \"tmp\" = 0 0.00001"; print "rename \"z/y/o\" \"d1\" = 0 0.00001"; print "stat \"d1/canary\" = 0 0.00001"; print "rename \"d1\" \"z/y/o\" = 0 0.00001"; print "rename \"tmp\" \"d1\" = 0 0.00001" } }' > "$TMP/race.script"
hostile race "a cached parent directory swapped for a link by another rank, 500 times"
rm -rf "$RD"

# a hard link of a link leading out (linkat follows nothing: it links
# the link), then used; descriptors never opened (0, 1, 2: the replay's
# own) written, duplicated, copied to and closed
printf '%s\nrank 0 pid 1\n%s\n%s\n' "$head_" "$escape" \
'symlink "d1/d2/l" "../../outside/canary" = 0 0.00001
link "d1/d2/l" "h" = 0 0.00001
open "h" wronly|trunc 0 = 3 0.00001
truncate "h" 0 = 0 0.00001
open "f" rdwr|creat 0644 = 4 0.00001
write 1 5 = 5 0.00001
write 2 5 = 5 0.00001
dup 0 = 5 0.00001
copy 4 0 1 -1 5 = 5 0.00001
copy 0 -1 4 0 5 = 5 0.00001
close 1 = 0 0.00001
close 2 = 0 0.00001
write 4 5 = 5 0.00001' > "$TMP/hardfd.script"
hostile hardfd "a hard link of a link leading out; writes and copies on descriptors 0 to 2, never opened"
ok $(grep -q '"op":"open","errno":"EXDEV"' "$TMP/hardfd.json" && grep -q '"replay":{[^}]*"bytes_written":5,' "$TMP/hardfd.json"; echo $?) "... the open through it refused (EXDEV), only the 5 bytes to the script's own file written, the report intact"
rm -rf "$RD"

# a tree nested 3000 deep by renames of short paths (its path is 6000
# bytes, past PATH_MAX): the cleanup walks it by descriptors
awk -v h="$head_" 'BEGIN { print h; print "rank 0 pid 1"; print "mkdir \"x\" 0755 = 0 0.00001"; for (i = 0; i < 3000; i++) { print "mkdir \"y\" 0755 = 0 0.00001"; print "rename \"x\" \"y/x\" = 0 0.00001"; print "rename \"y\" \"x\" = 0 0.00001" } }' > "$TMP/deep.script"
$RUN replay --allow-root --as-fast-as-possible --dir "$W/sb" "$TMP/deep.script" > /dev/null 2> "$TMP/deep.err"
is "$?:$(ls -A "$W/sb")" "0:" "a tree 3000 deep, past PATH_MAX: replayed, then removed ($(head -c 160 "$TMP/deep.err"))"

# names too long for the kernel (a path past 4096 bytes, a component
# past 255): their calls fail ENAMETOOLONG, the rest is replayed (the
# run was refused: "cannot make directories: File exists")
long=$(awk 'BEGIN { for (i = 0; i < 25; i++) printf "%s%s", i ? "/" : "", sprintf("%200s", "") }' | tr ' ' a)
printf '%s\nrank 0 pid 1\n%s\n' "$head_" "stat \"$long/x\" = -1 ENAMETOOLONG 0.00001
stat \"a/$(printf '%300s' '' | tr ' ' c)/x\" = -1 ENAMETOOLONG 0.00001
open \"f\" wronly|creat 0644 = 3 0.00001
write 3 5 = 5 0.00001" > "$TMP/toolong.script"
hostile toolong "names too long for the kernel"
ok $([ "$(cat "$TMP/toolong.rc")" = 0 ] && grep -q '"replay":{[^}]*"bytes_written":5,' "$TMP/toolong.json"; echo $?) "... replayed, their calls failed as in the original (exit $(cat "$TMP/toolong.rc"): $(head -c 120 "$TMP/toolong.err"))"
rm -rf "$RD"

# set-ID and sticky bits never made, even inside
printf '%s\nrank 0 pid 1\n%s\n' "$head_" \
'open "s" wronly|creat 06777 = 3 0.00001
close 3 = 0 0.00001
mkdir "t" 07777 = 0 0.00001' > "$TMP/modes.script"
hostile modes "set-ID modes asked inside the sandbox"
is "$(stat -c %a "$RD/s") $(stat -c %a "$RD/t")" "755 755" "... made without set-ID or sticky bits (umask 022)"
rm -rf "$RD"

# a link's directory counted from its path as the kernel makes it: a
# trailing slash, "." and empty components are no level ("a/" is the
# link "a" in the run directory; each passed a target one level above
# it, into the sandbox, before the run, which the kernel then held)
n=0
for l in '"a/" "../x"' '"./l" "../x"' '"a/./l" "../../x"' '"a//b//" "../../x"'; do
	n=$((n + 1))
	printf '%s\nrank 0 pid 1\nrmdir "a" = 0 0.00001\nsymlink %s = 0 0.00001\n' "$head_" "$l" > "$TMP/lk$n.script"
	$RUN replay --allow-root --dir "$W/sb" "$TMP/lk$n.script" > /dev/null 2> "$TMP/lk$n.err"
	st=$?
	ok $([ $st -eq 1 ] && grep -q "line 7: link target .* leads outside the sandbox" "$TMP/lk$n.err"; echo $?) "symlink $l: refused before the run (exit $st: $(head -c 160 "$TMP/lk$n.err"))"
done
is "$(ls -A "$W/sb")" "" "the sandbox holds nothing after the runs kept were removed"

# ---- limits: refused before anything is started or written ----
limit() {	# limit <name> <expected message part> <description> [options]
	name=$1 want=$2 desc=$3
	shift 3
	t0=$(date +%s)
	$RUN replay --allow-root "$@" --dir "$W/sb" "$TMP/$name.script" > /dev/null 2> "$TMP/$name.err"
	st=$?
	t1=$(date +%s)
	ok $([ $st -eq 1 ] && grep -q -e "$want" "$TMP/$name.err"; echo $?) "$desc (exit $st: $(head -c 160 "$TMP/$name.err"))"
	is "$(ls -A "$W/sb") $(fingerprint)" " $BEFORE" "... in $((t1 - t0)) s, nothing left in the sandbox or changed outside"
}
awk -v h="$head_" 'BEGIN { print h; for (i = 0; i < 1100; i++) { print "rank " i " pid " i + 1; print "stat \".\" = 0 0.00001" } }' > "$TMP/procs.script"
limit procs "--max-procs" "1100 sections: over the 1024 processes and threads of the default"
printf '%s\nrank 0 pid 1\ncompute 1000000000\ncompute 1000000000\nstat "." = 0 0.00001\n' "$head_" > "$TMP/gap.script"
limit gap "longer than 3600 s (--max-gap)" "a compute gap of 2e9 s"
printf '%s\nrank 0 pid 1\ncompute 1e300\n' "$head_" > "$TMP/huge.script"
limit huge "not a duration" "a gap of 1e300 s is no duration"
printf '%s\ninput "big" 107374182400\nrank 0 pid 1\nstat "big" = 0 0.00001\n' "$head_" > "$TMP/stage.script"
limit stage "--max-stage" "a 100 GB input"
awk -v h="$head_" 'BEGIN { print h; for (i = 0; i < 11; i++) print "input \"f" i "\" 1"; print "rank 0 pid 1"; print "stat \"f0\" = 0 0.00001" }' > "$TMP/inputs.script"
limit inputs "line 15: more than 10 inputs (--max-inputs)" "11 inputs with --max-inputs 10" --max-inputs 10
# ... also when a run without the limit has cached its compiled form
$RUN replay --allow-root --dir "$W/sb" "$TMP/inputs.script" > /dev/null 2>&1
limit inputs "line 15: more than 10 inputs (--max-inputs)" "... and its compiled form cached by a run without the limit" --max-inputs 10
awk -v h="$head_" 'BEGIN { print h; print "input \"f\" 10"; for (r = 0; r < 3; r++) { print "rank " r " pid " r + 1; print "open \"f\" rdonly 0 = 3 0.00001"; print "read 3 1073741824 = 10 0.00001" } }' > "$TMP/mem.script"
limit mem "--max-memory" "three buffers of 1 GiB"
awk -v h="$head_" 'BEGIN { print h; print "rank 0 pid 1"; for (i = 0; i < 30000; i++) print "stat \"a" i "\" = -1 ENOENT 0.00001"; for (r = 1; r < 200; r++) { print "rank " r " pid " r + 1; print "stat \".\" = 0 0.00001" } }' > "$TMP/wide.script"
limit wide "buffers and tables need 14" "200 sections, 30000 paths: a table of 144 MB with --max-memory 64M" --max-memory 64M
# the kernel's files of the descriptors held at once count (1.5 KiB
# each): 40 sections holding 1000 descriptors each ran under
# --max-memory 32M, 61 MB of kernel memory not counted; 40 sections
# opening and closing 1000 times hold one each and run
awk -v h="$head_" 'BEGIN { print h; print "input \"f\" 1"; for (r = 0; r < 40; r++) { print "rank " r " pid " r + 1; for (i = 0; i < 1000; i++) print "open \"f\" rdonly 0 = " i + 3 " 0.00001" } }' > "$TMP/kfiles.script"
limit kfiles "buffers and tables need 6[0-9]\{7\} bytes" "40 sections holding 1000 descriptors each with --max-memory 32M: their kernel files counted" --max-memory 32M
awk -v h="$head_" 'BEGIN { print h; print "input \"f\" 1"; for (r = 0; r < 40; r++) { print "rank " r " pid " r + 1; for (i = 0; i < 1000; i++) { print "open \"f\" rdonly 0 = 3 0.00001"; print "close 3 = 0 0.00001" } } }' > "$TMP/kfiles2.script"
$RUN replay --allow-root --as-fast-as-possible --max-memory 32M --dir "$W/sb" "$TMP/kfiles2.script" > /dev/null 2> "$TMP/kfiles2.err"
ok $? "... 40 sections opening and closing 1000 times run under the same limit ($(head -c 160 "$TMP/kfiles2.err"))"
# a read or write past the 2 GiB a call moves (a section's buffer is
# made as large): refused with its line, not "bad compiled form"
printf '%s\nrank 0 pid 1\n%s\n' "$head_" 'open "f" wronly|creat 0644 = 3 0.00001
write 3 5 = 4611686018427387904 0.00001' > "$TMP/bigret.script"
limit bigret "line 7: a write of 4611686018427387904 bytes, more than the 2 GiB" "a write that says it wrote 2^62 bytes"
# the chunks each section inflates (two of up to 4096 events, and one
# compressed) count too: 16 sections of 4000 events with buffers of
# 4 MB ran under --max-memory 64M, 10 MB of chunks not counted
awk -v h="$head_" 'BEGIN { print h; print "input \"f\" 10"; for (r = 0; r < 16; r++) { print "rank " r " pid " r + 1; print "open \"f\" rdonly 0 = 3 0.00001"; print "read 3 4000000 = 10 0.00001"; for (i = 0; i < 4000; i++) print "fstat 3 = 0 0.00001" } }' > "$TMP/chunks.script"
limit chunks "buffers and tables need 74" "16 sections of 4000 events and 4 MB buffers with --max-memory 64M: the inflated chunks counted" --max-memory 64M
# --profile's curves count too (64 bytes a call): 100,000 calls and a
# 10 MB buffer ran under --max-memory 16M, 6.4 MB of them not counted
awk -v h="$head_" 'BEGIN { print h; print "input \"f\" 10"; print "rank 0 pid 1"; print "open \"f\" rdonly 0 = 3 0.00001"; print "read 3 10000000 = 10 0.00001"; for (i = 0; i < 100000; i++) print "fstat 3 = 0 0.00001" }' > "$TMP/prof.script"
limit prof "buffers and tables need 170" "--profile of 100,000 calls with a 10 MB buffer under --max-memory 16M: the curves counted" --max-memory 16M --as-fast-as-possible --profile "$TMP/prof.pdf"
# a line longer than any before is counted before it is copied: a
# script of one line of 6 MB under --max-memory 8M took three times its
# size (the text, the line's copy, its string) before it was refused;
# shown with the address space held to the replay's own while it reads
# a script plus 14 MiB (not under ASan or valgrind)
{ printf '%s\nrank 0 pid 1\nstat "' "$head_"; head -c 6000000 /dev/zero | tr '\0' a; printf '" = 0 0.00001\n'; } > "$TMP/longline.script"
if [ -z "${VALGRIND:-}" ] && ! grep -q __asan_init "$IOLENS"; then
	sleep 2 | $IOLENS replay --allow-root --max-memory 8M --dir "$W/sb" /dev/stdin > /dev/null 2>&1 &
	pid=$!
	sleep 0.5
	vsz=$(ps -o vsz= -p $pid)
	wait
	(ulimit -v $((vsz + 14336)); $IOLENS replay --allow-root --max-memory 8M --dir "$W/sb" "$TMP/longline.script" > /dev/null 2> "$TMP/longline.err")
	ok $(grep -q "line 6: the script's text and events take [0-9]* bytes, more than 8388608 (--max-memory)" "$TMP/longline.err"; echo $?) "a line of 6 MB under --max-memory 8M, in $vsz KiB + 14 MiB of address space: refused with its line ($(head -c 160 "$TMP/longline.err"))"
else
	skip "ASan or valgrind: no address-space limit" 1
fi
# ... also when a run without the limit has cached its compiled form
# (its strings were not held to the limit: it was reused)
$RUN replay --allow-root --dir "$W/sb" "$TMP/longline.script" > /dev/null 2>&1
limit longline "line 6: the script's text and events take [0-9]* bytes, more than 8388608 (--max-memory)" "... and its compiled form cached by a run without the limit" --max-memory 8M
rm -f "$TMP/longline.script"
# a script file larger than --max-memory is not read whole (a sparse
# file of 20 GB took 8.7 GB with --max-memory 64M, then failed)
truncate -s 200M "$TMP/sparse.script"
limit sparse "larger than 67108864 bytes (--max-memory)" "a sparse script of 200 MB with --max-memory 64M" --max-memory 64M
rm -f "$TMP/sparse.script"
rm -f "$TMP/sparse.script"
# compiling and loading count too: a script of 1.4 M strings took 160 MB
# under --max-memory 64M (its text held while its form was loaded, the
# form's tables inflated whole and then copied, the per-file totals not
# counted); the peak is now within the limit and the program's own
# 16 MiB, or the run is refused; also when a run under a larger limit
# (stopped by --max-stage once loaded) has cached the form
awk -v h="$head_" 'BEGIN { print h; print "input \"big\" 1000"; print "rank 0 pid 1"; for (i = 0; i < 1400000; i++) print "system \"/s/" i "\""; print "stat \".\" = 0 0.00001" }' > "$TMP/strs.script"
if [ -z "${VALGRIND:-}" ] && ! grep -q __asan_init "$IOLENS" && [ -x /usr/bin/time ]; then
	for how in compiled reused; do
		[ $how = reused ] && $IOLENS replay --allow-root --max-memory 512M --max-stage 1 --dir "$W/sb" "$TMP/strs.script" > /dev/null 2>&1
		/usr/bin/time -f %M -o "$TMP/strs.rss" $IOLENS replay --allow-root --as-fast-as-possible --max-memory 64M --dir "$W/sb" "$TMP/strs.script" > /dev/null 2> "$TMP/strs.err"
		st=$?
		rss=$(tail -n 1 "$TMP/strs.rss")
		ok $([ "$rss" -le $((65536 + 16384)) ] && { [ $st -eq 0 ] || grep -q "more than 67108864 (--max-memory)" "$TMP/strs.err"; }; echo $?) "1.4 M strings under --max-memory 64M, form $how: a peak of $rss KiB (exit $st: $(head -c 160 "$TMP/strs.err"))"
	done
else
	skip "ASan or valgrind, or no /usr/bin/time: no peak to measure" 2
fi
rm -f "$TMP/strs.script"
printf '%s\nrank 0 pid 1\ncompute 30\nstat "." = 0 0.00001\n' "$head_" > "$TMP/slow.script"
limit slow "timed out (--timeout)" "a 30 s gap with --timeout 1" --timeout 1
# the default timeout follows the script's own run time up to a day: 25
# gaps of an hour (each within --max-gap) are refused without --timeout
# (they slept 25 hours before; timeout(1) ends that here)
awk -v h="$head_" 'BEGIN { print h; print "rank 0 pid 1"; for (i = 0; i < 25; i++) { print "compute 3600"; print "stat \".\" = 0 0.00001" } }' > "$TMP/day.script"
timeout 30 $RUN replay --allow-root --dir "$W/sb" "$TMP/day.script" > /dev/null 2> "$TMP/day.err"
st=$?
ok $([ $st -eq 1 ] && grep -q "past the default timeout of a day; give --timeout" "$TMP/day.err"; echo $?) \
	"a script of 25 hour-long gaps is refused without --timeout (exit $st: $(head -c 160 "$TMP/day.err"))"
is "$(ls -A "$W/sb") $(fingerprint)" " $BEFORE" "... nothing left in the sandbox or changed outside"

awk -v h="$head_" 'BEGIN { print h; print "input \"f\" 1"; print "rank 0 pid 1"; for (i = 0; i < 1100; i++) print "open \"f\" rdonly 0 = " i + 3 " 0.00001" }' > "$TMP/fds.script"
hostile fds "1100 descriptors opened and never closed"
ok $(grep -q '"op":"open","errno":"EMFILE"' "$TMP/fds.json"; echo $?) "... past 1024 descriptors a process's opens fail (EMFILE), whatever the caller's limit ($(ulimit -n))"
rm -rf "$RD"

# a descriptor numbered 2^20 (the largest a script may name) costs a
# process no more memory than descriptor 3: an array indexed by it took
# 8 MiB in each process, 8 GiB over 1024, outside --max-memory.  Shown
# with the address space of the replay held to what its parent maps
# plus 4 MiB (not under ASan, which reserves terabytes, nor valgrind)
printf '%s\nrank 0 pid 1\n%s\n' "$head_" 'open "f" wronly|creat 0644 = 1048576 0.00001
compute 1
write 1048576 5 = 5 0.00001
close 1048576 = 0 0.00001' > "$TMP/fdbig.script"
if [ -z "${VALGRIND:-}" ] && ! grep -q __asan_init "$IOLENS"; then
	$IOLENS replay --allow-root --dir "$W/sb" "$TMP/fdbig.script" > /dev/null 2>&1 &
	pid=$!
	n=0
	while [ -z "$(ps -o pid= --ppid $pid)" ] && [ $n -lt 100 ]; do sleep 0.02; n=$((n + 1)); done
	vsz=$(ps -o vsz= -p $pid)
	wait $pid
	(ulimit -v $((vsz + 4096)); $IOLENS replay --allow-root --as-fast-as-possible --format=json --dir "$W/sb" "$TMP/fdbig.script" > "$TMP/fdbig.json" 2> "$TMP/fdbig.err")
	ok $(grep -q '"replay":{[^}]*"bytes_written":5,' "$TMP/fdbig.json"; echo $?) "descriptor 2^20 written in a process of $vsz KiB + 4 MiB of address space ($(head -c 160 "$TMP/fdbig.err"))"
else
	skip "ASan or valgrind: no address-space limit" 1
fi

# inodes: empty files take no blocks, so only a guard on inodes stops a
# script that makes millions of them; shown on a small tmpfs (root only)
M=$TMP/mnt
mkdir -p "$M"
if mount -t tmpfs -o nr_inodes=400,size=20m iolens-t "$M" 2> /dev/null; then
	trap 'umount "$M" 2> /dev/null; rm -rf "$TMP"' EXIT
	awk -v h="$head_" 'BEGIN { print h; print "rank 0 pid 1"; for (i = 0; i < 2000; i++) { print "open \"f" i "\" wronly|creat 0644 = 3 0.00001"; print "close 3 = 0 0.00001"; print "compute 0.0005" } }' > "$TMP/inodes.script"
	$RUN replay --allow-root --dir "$M/sb" "$TMP/inodes.script" > /dev/null 2> "$TMP/inodes.err"
	st=$?
	ok $([ $st -eq 1 ] && grep -q "margin of free space or inodes" "$TMP/inodes.err"; echo $?) "2000 empty files on a file system of 400 inodes: stopped at the margin (exit $st: $(head -c 160 "$TMP/inodes.err"))"
	is "$(ls -A "$M")" "" "... and the run directory removed"
	# staging: the directories above the paths the script names are
	# made before the run; 2000 of them stop at the margin too (every
	# inode was taken, and a signal waited for the last)
	# staged NAME WHAT: $TMP/NAME.script stops while staging, at the
	# margin, with inodes left
	staged() {
		$RUN replay --allow-root --keep --dir "$M/sb" "$TMP/$1.script" > /dev/null 2> "$TMP/$1.err"
		st=$?
		free=$(df -Pi "$M" | awk 'NR == 2 { print $4 }')
		ok $([ $st -eq 1 ] && grep -q "stopped while staging: .*margin of free space or inodes" "$TMP/$1.err" && [ "$free" -gt 0 ]; echo $?) "$2 on 400 inodes: stopped at the margin, $free inodes left (exit $st: $(head -c 160 "$TMP/$1.err"))"
		rm -rf "$M/sb"
	}
	# inputs within the free space but past it less the margin (5 %):
	# refused before anything is staged (far under --max-stage)
	printf '%s\ninput "big" 20500000\nrank 0 pid 1\nstat "big" = 0 0.00001\n' "$head_" > "$TMP/pastfree.script"
	$RUN replay --allow-root --dir "$M/sb" "$TMP/pastfree.script" > /dev/null 2> "$TMP/pastfree.err"
	st=$?
	ok $([ $st -eq 1 ] && grep -q "the script stages 20500000 bytes of inputs; '$M/sb' has [0-9]* free, less a margin of [0-9]*" "$TMP/pastfree.err" && [ -z "$(ls -A "$M")" ]; echo $?) "20.5 MB of inputs on 20 MiB free: within the free space, past it less the margin: refused before staging, nothing left (exit $st: $(head -c 160 "$TMP/pastfree.err"))"
	awk -v h="$head_" 'BEGIN { print h; print "rank 0 pid 1"; for (i = 0; i < 2000; i++) print "stat \"d" i "/x\" = -1 ENOENT 0.00001" }' > "$TMP/stagedirs.script"
	staged stagedirs "2000 directories to stage"
	# ... and 2000 empty input files
	awk -v h="$head_" 'BEGIN { print h; for (i = 0; i < 2000; i++) print "input \"f" i "\" 0"; print "rank 0 pid 1"; print "stat \".\" = 0 0.00001" }' > "$TMP/stagefiles.script"
	staged stagefiles "2000 empty inputs"
	# one call, or calls faster than the watcher's look every 0.1 s,
	# must not take the file system past its margin either: a copy of
	# 1 GiB out of a sparse file, and 2000 directories made as fast as
	# possible, filled it to its last block and its last inode
	fast() {
		$RUN replay --allow-root --as-fast-as-possible --keep --dir "$M/sb" "$TMP/$1.script" > /dev/null 2> "$TMP/$1.err"
		st=$?
		set -- "$1" "$2" "$(df -Pk "$M" | awk 'NR == 2 { print $4 }')" "$(df -Pi "$M" | awk 'NR == 2 { print $4 }')"
		ok $([ $st -eq 1 ] && grep -q "stopped: the sandbox's file system fell below its margin" "$TMP/$1.err" && [ "$3" -gt 512 ] && [ "$4" -gt 0 ]; echo $?) "$2: stopped at the margin, $3 KiB and $4 inodes left (exit $st: $(head -c 160 "$TMP/$1.err"))"
		rm -rf "$M/sb"
	}
	printf '%s\nrank 0 pid 1\n%s\n' "$head_" 'open "a" rdwr|creat 0644 = 3 0.00001
ftruncate 3 1073741824 = 0 0.00001
open "b" wronly|creat 0644 = 4 0.00001
copy 3 0 4 0 1073741824 = 1073741824 0.00001
close 4 = 0 0.00001' > "$TMP/sparsecopy.script"
	fast sparsecopy "a copy of 1 GiB out of a sparse file on 20 MB"
	awk -v h="$head_" 'BEGIN { print h; print "input \"f\" 1"; print "rank 0 pid 1"; print "open \"f\" rdonly 0 = 3 0.00001"; print "read 3 67108864 = 1 0.00001"; print "open \"g\" wronly|creat 0644 = 4 0.00001"; print "write 4 67108864 = 67108864 0.00001" }' > "$TMP/bigwrite.script"
	fast bigwrite "one write of 64 MiB on 20 MB"
	awk -v h="$head_" 'BEGIN { print h; print "rank 0 pid 1"; for (i = 0; i < 2000; i++) print "mkdir \"d" i "\" 0755 = 0 0.00001" }' > "$TMP/fastdirs.script"
	fast fastdirs "2000 directories made as fast as possible on 400 inodes"
	# ... and the other sections stop with it (one in a 20 s gap held
	# the run, and the report, until its end)
	printf '%s\nrank 0 pid 1\n%s\nrank 1 pid 2\ncompute 20\nstat "." = 0 0.00001\n' "$head_" 'open "a" rdwr|creat 0644 = 3 0.00001
ftruncate 3 1073741824 = 0 0.00001
open "b" wronly|creat 0644 = 4 0.00001
copy 3 0 4 0 1073741824 = 1073741824 0.00001' > "$TMP/twosec.script"
	t0=$(date +%s)
	$RUN replay --allow-root --dir "$M/sb" "$TMP/twosec.script" > /dev/null 2> "$TMP/twosec.err"
	st=$?
	t1=$(date +%s)
	ok $([ $st -eq 1 ] && grep -q "fell below its margin" "$TMP/twosec.err" && [ $((t1 - t0)) -lt 10 ] && [ -z "$(ls -A "$M/sb")" ]; echo $?) "a section stopped at the margin stops the run: $((t1 - t0)) s, not the other section's 20 s gap (exit $st)"
	# ... yet a call past its section's share that fits beside what
	# the others may take is made: one section of two fallocates, then
	# writes, 12 MB of the 19 MB over the margin (the fallocate failed
	# ENOSPC, the write stopped the run, each section held to half)
	printf '%s\nrank 0 pid 1\n%s\nrank 1 pid 2\nstat "." = 0 0.00001\n' "$head_" 'open "a" wronly|creat 0644 = 3 0.00001
fallocate 3 0 0 12582912 = 0 0.00001
close 3 = 0 0.00001
unlink "a" = 0 0.00001
open "b" wronly|creat 0644 = 4 0.00001
write 4 12582912 = 12582912 0.00001
close 4 = 0 0.00001' > "$TMP/share.script"
	$RUN replay --allow-root --format=json --dir "$M/sb" "$TMP/share.script" > "$TMP/share.json" 2> "$TMP/share.err"
	st=$?
	ok $([ $st -eq 0 ] && grep -q '"replay":{[^}]*"bytes_written":12582912,' "$TMP/share.json" && grep -q '"mismatched":0,' "$TMP/share.json"; echo $?) "one section of two: a fallocate and a write of 12 MB, over the margin with 19 MB free, are made (exit $st: $(head -c 160 "$TMP/share.err"))"
	umount "$M"
else
	skip "no tmpfs can be mounted here (root only)" 9
fi
# the removal of the run directory reads each directory in large steps:
# one pass over it for each subdirectory took 2.9 s for 20,000 empty
# directories on a tmpfs (0.4 ms each on ext4, 10 times rm -rf), and a
# script may make millions; on a tmpfs of its own (root only)
if mount -t tmpfs -o nr_inodes=40000,size=64m iolens-t "$M" 2> /dev/null; then
	trap 'umount "$M" 2> /dev/null; rm -rf "$TMP"' EXIT
	awk -v h="$head_" 'BEGIN { print h; print "rank 0 pid 1"; for (i = 0; i < 20000; i++) print "mkdir \"d" i "\" 0755 = 0 0.00001" }' > "$TMP/manydirs.script"
	# the kernel time of its reads of directories against that of its
	# removals, both in the same run (a ratio, not a time, so that it
	# holds on a loaded machine): 31 before (2.27 s of getdents64 for
	# 0.07 s of unlinkat), 1 after
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		strace -f -c --seccomp-bpf -e trace=getdents64,unlinkat -o "$TMP/manydirs.sc" \
		$RUN replay --allow-root --as-fast-as-possible --format=json --dir "$M/sb" "$TMP/manydirs.script" > "$TMP/manydirs.json" 2> "$TMP/manydirs.err"
	st=$?
	rest=$(awk '$NF == "getdents64" { g = $2 } $NF == "unlinkat" { u = $2 } END { if (u > 0) printf "%.1f", g / u; else print "none" }' "$TMP/manydirs.sc")
	ok $([ $st -eq 0 ] && [ -z "$(ls -A "$M/sb")" ] && awk -v r="$rest" 'BEGIN { exit !(r != "none" && r + 0 < 5) }'; echo $?) "20,000 directories made by a script: removed reading each directory once, the kernel's time in getdents64 $rest times that in unlinkat (< 5) (exit $st: $(head -c 120 "$TMP/manydirs.err"))"
	umount "$M"
else
	skip "no tmpfs can be mounted here (root only)" 1
fi

# the margin held by many sections at once: a room of free space (or
# inodes) granted to one section and spent after the others had filled
# the disk took 16 sections on a 256 MiB tmpfs to its last block; the
# rooms are now counted in a sum every section grants against.  Each
# section here only adds to files of its own, and the run directory is
# kept: what is free after the run is the least that was free during
# it, whatever the schedule (root only)
if mount -t tmpfs -o nr_inodes=4000,size=64m iolens-t "$M" 2> /dev/null; then
	trap 'umount "$M" 2> /dev/null; rm -rf "$TMP"' EXIT
	# margin NAME WHAT: $TMP/NAME.script stops at the margin, 5 % of
	# the blocks and of the inodes still free after it
	margin() {
		$RUN replay --allow-root --as-fast-as-possible --keep --dir "$M/sb" "$TMP/$1.script" > /dev/null 2> "$TMP/$1.err"
		st=$?
		set -- "$1" "$2" $(stat -f -c '%a %b %d %c' "$M")
		ok $([ $st -eq 1 ] && grep -q "margin of free space or inodes" "$TMP/$1.err" && [ $(($3 * 20)) -ge "$4" ] && [ "$5" -ge $(($6 / 20)) ]; echo $?) "$2: $3 of $4 blocks and $5 of $6 inodes free at the least, 5 % kept (exit $st: $(head -c 120 "$TMP/$1.err"))"
		rm -rf "$M/sb"
	}
	awk -v h="$head_" 'BEGIN { print h; for (r = 0; r < 16; r++) { print "rank " r " pid " (r + 1); print "open \"f" r "\" wronly|creat 0644 = 3 0.00001"; for (i = 0; i < 200; i++) print "write 3 65536 = 65536 0.00001" } }' > "$TMP/rooms.script"
	margin rooms "16 sections writing 200 MiB on 64 MiB"
	awk -v h="$head_" 'BEGIN { print h; for (r = 0; r < 16; r++) { print "rank " r " pid " (r + 1); for (i = 0; i < 400; i++) { print "open \"f" r "-" i "\" wronly|creat 0644 = 3 0.00001"; print "close 3 = 0 0.00001" } } }' > "$TMP/roomsi.script"
	margin roomsi "16 sections making 6400 files on 4000 inodes"
	umount "$M"
else
	skip "no tmpfs can be mounted here (root only)" 2
fi

# ---- signals: the run directory is removed, the status is the signal's
# (SIGQUIT too, without a core dump)
for sig in 15 2 3; do
	$RUN replay --allow-root --dir "$W/sb" "$TMP/slow.script" > /dev/null 2> "$TMP/sig.err" &
	pid=$!
	n=0
	while [ -z "$(ls -A "$W/sb" 2> /dev/null)" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
	kill -$sig $pid
	wait $pid
	st=$?
	want=$((128 + sig))
	is "$st:$(ls -A "$W/sb")" "$want:" "signal $sig during the run: exit $want, the run directory removed ($(cat "$TMP/sig.err"))"
done
# ... unless --keep: then it stays, and is named
$RUN replay --allow-root --keep --dir "$W/sb" "$TMP/slow.script" > /dev/null 2> "$TMP/sigk.err" &
pid=$!
n=0
while [ -z "$(ls -A "$W/sb" 2> /dev/null)" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
kill -15 $pid
wait $pid
st=$?
RD=$(sed -n 's/^iolens replay: run directory kept: //p' "$TMP/sigk.err")
ok $([ $st -eq 143 ] && [ -n "$RD" ] && [ -d "$RD" ]; echo $?) "signal 15 during a run with --keep: exit $st, the run directory kept and named ($(tr '\n' ' ' < "$TMP/sigk.err"))"
rm -rf "$RD"

# the parent killed outright (no cleanup is possible): its ranks die
# with it, rather than go on making calls that nothing watches (no
# deadline, no free-space guard) for the script's whole time
printf '%s\nrank 0 pid 1\ncompute 2\nopen "late" wronly|creat 0644 = 3 0.00001\nclose 3 = 0 0.00001\n' "$head_" > "$TMP/orphan.script"
$RUN replay --allow-root --dir "$W/sb" "$TMP/orphan.script" > /dev/null 2>&1 &
pid=$!
n=0
while [ -z "$(ls -A "$W/sb" 2> /dev/null)" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
sleep 0.5
kill -9 $pid
wait $pid
sleep 3
is "$(ls -A "$W/sb"/*/ 2> /dev/null)" "" "the replaying process killed (SIGKILL): its ranks were killed with it, no call made after"
rm -rf "$W/sb"/*

# a script's totals are its own numbers: three copies of 2^62 bytes
# are held at the largest count, not overflowed (undefined behaviour)
printf '%s\nrank 0 pid 1\nopen "f" rdwr|creat 0644 = 3 0.00001\n%s\n%s\n%s\n' "$head_" \
	'copy 3 0 3 0 4611686018427387904 = 4611686018427387904 0.00001' \
	'copy 3 0 3 0 4611686018427387904 = 4611686018427387904 0.00001' \
	'copy 3 0 3 0 4611686018427387904 = 4611686018427387904 0.00001' > "$TMP/ovf.script"
hostile ovf "copies whose lengths sum past 2^63"
ok $(grep -q '"original":{[^}]*"bytes_read":9223372036854775807,"bytes_written":9223372036854775807' "$TMP/ovf.json"; echo $?) "... the original's bytes held at 2^63-1 (exit $(cat "$TMP/ovf.rc"), $(head -c 120 "$TMP/ovf.err"))"
rm -rf "$RD"

# ... and on descriptors never opened: not issued, so not held against
# the free space (the run went on, not stopped at the margin)
printf '%s\nrank 0 pid 1\n%s\n' "$head_" 'copy 3 0 4 0 4611686018427387904 = -1 EBADF 0.00001
write 5 100 = -1 EBADF 0.00001
open "f" wronly|creat 0644 = 3 0.00001
write 3 5 = 5 0.00001' > "$TMP/unopened.script"
hostile unopened "a copy of 2^62 bytes and a write on descriptors never opened"
ok $([ "$(cat "$TMP/unopened.rc")" = 0 ] && grep -q '"replay":{[^}]*"bytes_written":5,' "$TMP/unopened.json"; echo $?) "... not issued, the run not stopped (exit $(cat "$TMP/unopened.rc"): $(head -c 120 "$TMP/unopened.err"))"
rm -rf "$RD"

# a signal while a 6 GiB input is staged: staging stops at once (it
# went on to the last byte and its fsync, about 1.3 s a GiB here).  Not
# timed, so that it holds on a loaded machine: with --keep the input is
# left as the signal found it, short of its 6 GiB
if [ "$(df -Pk "$W" | awk 'NR == 2 { print $4 }')" -gt 20000000 ]; then
	printf '%s\ninput "big" 6442450944\nrank 0 pid 1\nstat "big" = 0 0.00001\n' "$head_" > "$TMP/stg.script"
	for keep in "" --keep; do
		$RUN replay --allow-root $keep --dir "$W/sb" "$TMP/stg.script" > /dev/null 2> "$TMP/stg.err" &
		pid=$!
		n=0
		while [ -z "$(find "$W/sb" -name big 2> /dev/null)" ] && [ $n -lt 600 ]; do sleep 0.05; n=$((n + 1)); done
		kill -15 $pid
		wait $pid
		st=$?
		if [ -z "$keep" ]; then
			ok $([ $st -eq 143 ] && [ -z "$(ls -A "$W/sb")" ]; echo $?) "SIGTERM while staging 6 GiB: exit $st, the run directory removed ($(cat "$TMP/stg.err"))"
		else
			size=$(find "$W/sb" -name big -printf '%s' 2> /dev/null)
			ok $([ $st -eq 143 ] && [ -n "$size" ] && [ "$size" -lt 6442450944 ]; echo $?) "... with --keep: staging stopped at the signal, the input left at ${size:-no} bytes of 6442450944 (exit $st)"
			rm -rf "$W"/sb/iolens-replay.*
		fi
	done
else
	skip "less than 20 GB free for a 6 GiB input" 2
fi

# ---- the compiled form: the user's own cache, keyed and sealed ----
C=$XDG_CACHE_HOME/iolens/replay
printf '%s\nrank 0 pid 1\nopen "a" wronly|creat 0644 = 3 0.00001\nwrite 3 100 = 100 0.00001\nclose 3 = 0 0.00001\n' "$head_" > "$TMP/A.script"
printf '%s\nrank 0 pid 1\nopen "b" wronly|creat 0644 = 3 0.00001\nwrite 3 7 = 7 0.00001\nwrite 3 7 = 7 0.00001\nclose 3 = 0 0.00001\n' "$head_" > "$TMP/B.script"
key() { sha256sum < "$1" | cut -c1-64; }
run_json() { $RUN replay --allow-root --as-fast-as-possible --format=json --dir "$W/sb" "$1" 2> /dev/null; }
run_json "$TMP/A.script" > /dev/null
run_json "$TMP/B.script" > /dev/null
A=$C/$(key "$TMP/A.script").iolr
B=$C/$(key "$TMP/B.script").iolr
cp "$A" "$B"
run_json "$TMP/B.script" > "$TMP/swapped.json"
ok $(grep -q '"compiled":"written".*"bytes_written":14,"ops":4}' "$TMP/swapped.json"; echo $?) "one script's compiled form put under another's key: refused, compiled again, B's calls replayed"
# the key inside the file patched too (32 bytes at offset 16): the seal
# covers the header
cp "$A" "$B"
printf '%s' "$(key "$TMP/B.script")" | xxd -r -p | dd of="$B" bs=1 seek=16 conv=notrunc 2> /dev/null
run_json "$TMP/B.script" > "$TMP/patched.json"
ok $(grep -q '"compiled":"written".*"bytes_written":14,"ops":4}' "$TMP/patched.json"; echo $?) "... with the key in its header patched as well: the seal does not match, B's calls replayed"
chown 65534 "$B"
run_json "$TMP/B.script" > "$TMP/other.json"
is "$(grep -o '"compiled":"[a-z]*"' "$TMP/other.json") $(stat -c %u "$B")" '"compiled":"written" 0' "a cache file of another user is not trusted: compiled again, the file now the user's"
chmod 777 "$C"
rm -f "$B"
run_json "$TMP/B.script" > "$TMP/ww.json"
is "$(grep -o '"compiled":"[a-z]*"' "$TMP/ww.json"):$(ls "$C" | grep -c "$(key "$TMP/B.script")")" '"compiled":"written":0' "a cache directory others may write is not used (compiled in a private temporary directory)"
chmod 700 "$C"
# a FIFO in a compiled form's place: not opened for good (its open
# waited for a writer, for ever)
rm -f "$B"
mkfifo -m 600 "$B"
timeout 20 $RUN replay --allow-root --as-fast-as-possible --format=json --dir "$W/sb" "$TMP/B.script" > "$TMP/fifo.json" 2> "$TMP/fifo.err"
st=$?
is "$st $(grep -o '"compiled":"[a-z]*"' "$TMP/fifo.json") $(stat -c %F "$B")" '0 "compiled":"written" regular file' "a FIFO in the cache under the script's key: compiled again, no hang"
# the cache under a base others may write (not sticky), or in an
# "iolens" of another user's: another user could swap a part for a link
# between the check and the write, so it is not used
mkdir -m 777 "$TMP/ww" "$TMP/st"
chmod 1777 "$TMP/st"
mkdir -m 777 "$TMP/st/iolens"
chown 65534 "$TMP/st/iolens"
for base in ww st; do
	XDG_CACHE_HOME=$TMP/$base run_json "$TMP/B.script" > "$TMP/$base.json"
	is "$(grep -o '"compiled":"[a-z]*"' "$TMP/$base.json"):$(find "$TMP/$base" -name '*.iolr' | wc -l)" '"compiled":"written":0' "XDG_CACHE_HOME $base (mode $(stat -c %a "$TMP/$base"), iolens in it $(stat -c %U "$TMP/$base/iolens" 2> /dev/null)): no cache made or used there"
done
chown 0 "$TMP/st/iolens"
chmod 700 "$TMP/st/iolens"
XDG_CACHE_HOME=$TMP/st run_json "$TMP/B.script" > /dev/null
is "$(find "$TMP/st" -name '*.iolr' | wc -l)" 1 "... a sticky base (as /tmp) with the user's own iolens in it is used"

# every count against what the chunks hold, in a form sealed again as
# iolens seals it (so that only the count check stands): a section that
# says one event fewer than its chunks hold made --profile write past
# its buffer (scan_rank); one that says it holds more descriptors at
# once than it has events would be counted short against --max-memory.
# patch.pl FILE WHAT: rank 0 of a compiled form (lib/replay/compile.c,
# IOLRPL8) patched (n: one event fewer; maxfds: its events and one;
# old: the magic of the form before, 7; none), then sealed: the tables are the last stream (at tabs_off, byte
# 288 of the header: raw length, compressed length, zlib bytes), a
# section 8 words (rank pid maxlen thread_of n first nchunk maxfds), the
# seal (bytes 48 to 79) the SHA-256 of the file with the seal zeroed
cat > "$TMP/patch.pl" << 'EOF'
use strict;
use Compress::Zlib;
use Digest::SHA qw(sha256);
my ($f, $what) = @ARGV;
open(my $fh, '<', $f) or die; binmode $fh; local $/; my $d = <$fh>; close $fh;
die "not IOLRPL8\n" unless substr($d, 0, 7) eq 'IOLRPL8';
my $tabs = unpack('Q', substr($d, 288, 8));
my ($n, $zl) = unpack('QQ', substr($d, $tabs, 16));
my $raw = uncompress(substr($d, $tabs + 16, $zl)) // die "tables\n";
my @b = unpack('q4Q4', substr($raw, 0, 64));
if ($what eq 'n') { $b[4]-- } elsif ($what eq 'maxfds') { $b[7] = $b[4] + 1 }
substr($raw, 0, 64) = pack('q4Q4', @b);
# size: the first input's (after the one section: path, target, size)
substr($raw, 72, 8) = pack('q', 1 << 43) if $what eq 'size';
substr($d, 0, 7) = 'IOLRPL7' if $what eq 'old';
my $z = compress($raw);
$d = substr($d, 0, $tabs) . pack('QQ', length $raw, length $z) . $z;
substr($d, 48, 32) = "\0" x 32;
substr($d, 48, 32) = sha256($d);
open($fh, '>', $f) or die; binmode $fh; print $fh $d; close $fh;
EOF
run_json "$TMP/A.script" > /dev/null
cp "$A" "$TMP/A.iolr"
for w in none n maxfds old; do
	cp "$TMP/A.iolr" "$A"
	perl "$TMP/patch.pl" "$A" $w
	$RUN replay --allow-root --as-fast-as-possible --format=json --profile "$TMP/cnt.pdf" --dir "$W/sb" "$TMP/A.script" > "$TMP/cnt-$w.json" 2> "$TMP/cnt-$w.err"
	echo "$? $(grep -o '"compiled":"[a-z]*"' "$TMP/cnt-$w.json") $(grep -o '"replay":{[^}]*}' "$TMP/cnt-$w.json" | head -1 | grep -o '"ops":[0-9]*')" > "$TMP/cnt-$w"
done
is "$(cat "$TMP/cnt-none")" '0 "compiled":"reused" "ops":3' "a compiled form sealed again unchanged is reused (the patch's own check)"
is "$(cat "$TMP/cnt-n")" '0 "compiled":"written" "ops":3' "... one whose section says an event fewer than its chunks hold: refused, compiled again, --profile of its 3 calls ($(head -c 100 "$TMP/cnt-n.err"))"
is "$(cat "$TMP/cnt-maxfds")" '0 "compiled":"written" "ops":3' "... one whose section holds more descriptors than it has events: refused, compiled again"
# a form of the version before (IOLRPL7), made by a parser that judged
# links by their text and checked no descriptor but a clone's
is "$(cat "$TMP/cnt-old")" '0 "compiled":"written" "ops":3' "... one of the version before, 7: not reused, compiled again"
# an input's size past what the parser takes (2^42): refused, compiled
# again (sizes so patched, 2^62 twice, wrapped the sum checked against
# --max-stage below it, and the staging wrote until the disk was full)
printf '%s\ninput "i" 10\nrank 0 pid 1\nopen "i" rdonly 0 = 3 0.00001\nread 3 10 = 10 0.00001\nclose 3 = 0 0.00001\n' "$head_" > "$TMP/I.script"
run_json "$TMP/I.script" > /dev/null
perl "$TMP/patch.pl" "$C/$(key "$TMP/I.script").iolr" size
$RUN replay --allow-root --as-fast-as-possible --format=json --dir "$W/sb" "$TMP/I.script" > "$TMP/cnt-size.json" 2> "$TMP/cnt-size.err"
is "$? $(grep -o '"compiled":"[a-z]*"' "$TMP/cnt-size.json")" '0 "compiled":"written"' "... one whose input is 2^43 bytes: refused, compiled again ($(head -c 100 "$TMP/cnt-size.err"))"

# every descriptor of every call as the parser holds it (from 0 to 2^20
# where the call takes one, else none): a write's descriptor patched to
# -1 made the engine's map give an empty slot's value, 0, and standard
# input was written and truncated; a copy's second descriptor likewise
# (only a clone's were checked).  evpatch.pl FILE LINE:FIELD:VALUE...:
# in rank 0's one chunk (its offset, zlib length and events the last 16
# bytes of the tables), the events of script line LINE (bytes 28-31 of
# an event) get fd (bytes 4-7) or fd2 (24-27) set; the chunk and the
# tables are written again and the form sealed
cat > "$TMP/evpatch.pl" << 'EOF'
use strict;
use Compress::Zlib;
use Digest::SHA qw(sha256);
my ($f, @set) = @ARGV;
open(my $fh, '<', $f) or die; binmode $fh; local $/; my $d = <$fh>; close $fh;
die "not IOLRPL8\n" unless substr($d, 0, 7) eq 'IOLRPL8';
my $rs = unpack('L', substr($d, 12, 4));
my $tabs = unpack('Q', substr($d, 288, 8));
my ($n, $zl) = unpack('QQ', substr($d, $tabs, 16));
my $raw = uncompress(substr($d, $tabs + 16, $zl)) // die "tables\n";
my ($off, $czl, $nrec) = unpack('QLL', substr($raw, -16));
my $ev = uncompress(substr($d, $off, $czl)) // die "chunk\n";
for my $s (@set) {
	my ($line, $field, $v) = split /:/, $s;
	my $hit = 0;
	for my $i (0 .. $nrec - 1) {
		next unless unpack('L', substr($ev, $i * $rs + 28, 4)) == $line;
		substr($ev, $i * $rs + ($field eq 'fd' ? 4 : 24), 4) = pack('l', $v);
		$hit++;
	}
	die "no event of line $line\n" unless $hit;
}
my $z = compress($ev);
substr($raw, -16) = pack('QLL', $off, length $z, $nrec);
my $zt = compress($raw);
$d = substr($d, 0, $off) . $z . pack('QQ', length $raw, length $zt) . $zt;
substr($d, 288, 8) = pack('Q', $off + length $z);
substr($d, 48, 32) = "\0" x 32;
substr($d, 48, 32) = sha256($d);
open($fh, '>', $f) or die; binmode $fh; print $fh $d; close $fh;
EOF
printf '%s\ninput "src" 100\nrank 0 pid 1\nopen "a" wronly|creat 0644 = 3 0.00001\nwrite 3 100 = 100 0.00001\nftruncate 3 10 = 0 0.00001\nopen "src" rdonly 0 = 4 0.00001\ncopy 4 -1 3 -1 50 = 50 0.00001\nclose 3 = 0 0.00001\nclose 4 = 0 0.00001\n' "$head_" > "$TMP/F.script"
run_json "$TMP/F.script" > /dev/null
F=$C/$(key "$TMP/F.script").iolr
cp "$F" "$TMP/F.iolr"
n=0
for p in none "8:fd:-1 9:fd:-1" 11:fd2:-1 11:fd:-1 12:fd:-1 7:fd:3 8:fd:1048577; do
	n=$((n + 1))
	cp "$TMP/F.iolr" "$F"
	# shellcheck disable=SC2086
	[ "$p" = none ] || perl "$TMP/evpatch.pl" "$F" $p
	printf 'standard input, not to be written\n' > "$TMP/stdin"
	$RUN replay --allow-root --as-fast-as-possible --format=json --dir "$W/sb" "$TMP/F.script" > "$TMP/fd.json" 2> "$TMP/fd.err" 0<> "$TMP/stdin"
	echo "$? $(grep -o '"compiled":"[a-z]*"' "$TMP/fd.json") $(grep -o '"replay":{[^}]*}' "$TMP/fd.json" | head -1 | grep -o '"ops":[0-9]*') $(cat "$TMP/stdin")" > "$TMP/fd-$n"
	[ "$p" = none ] && continue
	is "$(cat "$TMP/fd-$n")" '0 "compiled":"written" "ops":7 standard input, not to be written' \
		"a compiled form with descriptors patched (line:field:value $p): refused, compiled again, standard input untouched ($(head -c 80 "$TMP/fd.err"))"
done
is "$(cat "$TMP/fd-1")" '0 "compiled":"reused" "ops":7 standard input, not to be written' "... (the patch's own check: a form sealed again unpatched is reused)"

# the fuzz target on the compiled form (fuzz/replay-bin.c) with its
# invariant, nothing outside its sandbox changed, in make check: the
# forms of two hostile scripts above (their links lead to the
# harness's own canary as to this test's), and 40 of each with bytes
# changed (the harness seals each again, so the changes reach the
# counts, the chunks and the engine); it aborts on a leak
for s in trunc dirlink; do
	cp "$C/$(key "$TMP/$s.script").iolr" "$TMP/fz-$s"
	perl -e 'srand(6007); local $/; my $d = <STDIN>; for my $i (1 .. 40) {
		my $m = $d; for (1 .. 1 + $i % 4) { my $at = $i % 2 ? 80 + int(rand(216)) : 296 + int(rand(length($d) - 296));
			substr($m, $at, 1) = chr(ord(substr($m, $at, 1)) ^ (1 << int(rand(8)))) }
		open(my $o, ">", "$ARGV[0]-$i") or die; print $o $m; close $o }' "$TMP/fz-$s" < "$TMP/fz-$s"
done
ls -d /tmp/iolens-fuzz-rb.* > "$TMP/fz-before" 2> /dev/null
timeout 300 "$TOP/t/unit/fuzz-run" replay-bin "$TMP"/fz-* > "$TMP/fz.out" 2>&1
st=$?
ls -d /tmp/iolens-fuzz-rb.* 2> /dev/null | grep -vxF -f "$TMP/fz-before" | while read -r d; do rm -rf "$d"; done
ok $st "the compiled-form fuzz target on 2 hostile forms and 80 changed: nothing outside its sandbox changed (exit $st $(grep -v '^$' "$TMP/fz.out" | head -c 100))"
is "$(ls -A "$W/sb") $(fingerprint)" " $BEFORE" "after every run: the sandbox empty, nothing outside changed"

done_testing
