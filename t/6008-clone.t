#!/bin/sh
# Reflink clones (ioctl FICLONE, FICLONERANGE: what cp --reflink=auto
# tries first) end to end: the script's 'clone' replays, as a clone
# where the sandbox's file system shares extents and as a copy where it
# refuses them (ext4), the destination holding the source's bytes either
# way; the strace reader takes strace's forms of both requests, with
# the source's size from its stat; iolens trace records a clone and its
# failure with the errno, and passes other ioctls through; on an XFS or
# btrfs loop mount (root, mkfs.xfs or mkfs.btrfs) a traced cp's clone
# succeeds and replays as one.
. "$(dirname "$0")/lib.sh"

SB=$TMP/sandbox
mkdir "$SB"
jv() { perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); my $v = $j; $v = $v->{$_} for @ARGV; print $v // 0' "$@"; }
kept() { sed -n "s/^iolens replay: run directory kept: //p" "$1"; }

# ---- a script with clones ----
cat > "$TMP/clone.script" << 'EOF'
iolens-replay-script 1
input "src" 300000
rank 0 pid 7
open "src" rdonly 0 = 3 0.000010
open "dst" wronly|creat|excl 0644 = 4 0.000020
clone 4 3 0 0 0 = 0 0.000100
open "part" wronly|creat|excl 0644 = 5 0.000020
clone 5 3 4096 8192 65536 = 0 0.000050
open "fell" wronly|creat|excl 0644 = 6 0.000020
clone 6 3 0 0 0 = -1 EOPNOTSUPP 0.000003
copy 3 0 6 0 1000 = 1000 0.000010
close 6 = 0 0.000004
close 5 = 0 0.000004
close 4 = 0 0.000004
close 3 = 0 0.000004
EOF
$RUN replay --allow-root --as-fast-as-possible --keep --format=json --dir "$SB" "$TMP/clone.script" > "$TMP/j" 2> "$TMP/e"
ok $? "a script with clones replays ($(head -1 "$TMP/e"))"
rd=$(kept "$TMP/e")
is "$(stat -c %s "$rd/dst" 2>&1)" "300000" "the whole-file clone's destination holds the source's 300000 bytes"
is "$(cmp "$rd/src" "$rd/dst" 2>&1)" "" "... the same bytes"
is "$(stat -c %s "$rd/part" 2>&1)" "73728" "a range clone at 65536 of 8192 bytes ends at 73728"
is "$(cmp -n 8192 -i 4096:65536 "$rd/src" "$rd/part" 2>&1)" "" "... with the source's bytes 4096 to 12287"
is "$(stat -c %s "$rd/fell" 2>&1)" "1000" "a clone that failed in the original is not made: only the copy after it (1000 bytes)"
c=$(jv clones < "$TMP/j"); k=$(jv clones_as_copies < "$TMP/j"); b=$(jv clone_bytes_copied < "$TMP/j")
fs=$(stat -f -c %T "$rd")
is "$((c + k))" "2" "two clones made, as clones ($c) or as copies ($k) on $fs"
if [ "$k" = 2 ]; then
	is "$b" "308192" "... copied: 300000 + 8192 bytes counted in clone_bytes_copied"
	grep -q '^reflink clones' "$TMP/e" "$TMP/j"
	$RUN replay --allow-root --as-fast-as-possible --dir "$SB" "$TMP/clone.script" > "$TMP/t" 2>&1
	grep -q '^reflink clones: 0 made, 2 copied instead (308192 bytes: this file system refused them)$' "$TMP/t"
	ok $? "the text says the clones were copied"
else
	is "$b" "0" "... cloned: nothing copied"
	skip "$fs clones: no copies to report"
fi
is "$(jv mismatched < "$TMP/j")" "0" "no call failed in one run only (the failed clone fails again, not issued)"
is "$(jv original ops < "$TMP/j") $(jv replay ops < "$TMP/j")" "12 12" "calls: 12 both runs, each clone one"
is "$(jv original bytes_read < "$TMP/j") $(jv replay bytes_written < "$TMP/j")" "1000 1000" \
	"a clone moves no bytes through the program: only the copy's 1000 count"
rm -rf "$rd"

# bad clones: one line naming the line
bad() { replay_refused "$@"; } # text, message part, description
bad 'iolens-replay-script 1\nrank 0 pid 1\nclone 4 3 -1 0 0 = 0 0.1\n' "line 3: 'clone' wants offsets from 0 to 2^62" "a clone from offset -1"
bad 'iolens-replay-script 1\nrank 0 pid 1\nclone 4 3 0 0 -5 = 0 0.1\n' "line 3: 'clone' wants offsets from 0 to 2^62" "a clone to offset -5"
bad 'iolens-replay-script 1\nrank 0 pid 1\nclone 4 3 0 -1 0 = 0 0.1\n' "line 3: bad length '-1'" "a clone of length -1"
bad 'iolens-replay-script 1\nrank 0 pid 1\nclone 4 3 0 0 = 0 0.1\n' "line 3: 'clone' wants its arguments" "a clone without its destination offset"
bad 'iolens-replay-script 1\nrank 0 pid 1\nclone 4 2000000 0 0 0 = 0 0.1\n' "line 3: bad descriptor '2000000'" "a clone from descriptor 2000000"

# ---- strace's forms ----
# strace 6 prints FICLONE's name as "BTRFS_IOC_CLONE or FICLONE" and its
# source as a plain number; newer ones "FICLONE"; -X verbose and -X raw
# the number; FICLONERANGE's struct by its fields, -y paths in it
cat > "$TMP/cp.trace" << 'EOF'
100 10:00:00.000000 openat(AT_FDCWD, "/data/in.bin", O_RDONLY) = 3 <0.000010>
100 10:00:00.000100 newfstatat(3, "", {st_mode=S_IFREG|0644, st_size=300000, ...}, AT_EMPTY_PATH) = 0 <0.000005>
100 10:00:00.000200 openat(AT_FDCWD, "/data/out.bin", O_WRONLY|O_CREAT|O_EXCL, 0644) = 4 <0.000020>
100 10:00:00.000300 ioctl(4</data/out.bin>, BTRFS_IOC_CLONE or FICLONE, 3) = 0 <0.000050>
100 10:00:00.000400 openat(AT_FDCWD, "/data/o2.bin", O_WRONLY|O_CREAT|O_EXCL, 0644) = 5 <0.000020>
100 10:00:00.000500 ioctl(5, FICLONE, 3) = -1 EXDEV (Invalid cross-device link) <0.000003>
100 10:00:00.000600 ioctl(5</data/o2.bin>, BTRFS_IOC_CLONE_RANGE or FICLONERANGE, {src_fd=3</data/in.bin>, src_offset=4096, src_length=8192, dest_offset=0}) = -1 EOPNOTSUPP (Operation not supported) <0.000003>
100 10:00:00.000700 copy_file_range(3, [4096], 5, [0], 8192, 0) = 8192 <0.000030>
100 10:00:00.000800 openat(AT_FDCWD, "/data/o3.bin", O_WRONLY|O_CREAT|O_EXCL, 0644) = 6 <0.000020>
100 10:00:00.000900 ioctl(6, 0x4020940d /* BTRFS_IOC_CLONE_RANGE or FICLONERANGE */, {src_fd=3, src_offset=0, src_length=65536, dest_offset=4096}) = 0 <0.000010>
100 10:00:00.001000 ioctl(6, 0x40049409, 3) = 0 <0.000010>
100 10:00:00.001100 ioctl(6, FICLONERANGE, 0x7ffd8732e3c0) = -1 EFAULT (Bad address) <0.000001>
100 10:00:00.001200 ioctl(1, TCGETS, {c_iflag=ICRNL}) = 0 <0.000001>
100 10:00:00.001300 ioctl(3, TCGETS, 0x7ffd8732e3c0) = -1 ENOTTY (Inappropriate ioctl for device) <0.000001>
100 10:00:00.001400 close(6) = 0 <0.000005>
100 10:00:00.001500 close(5) = 0 <0.000005>
100 10:00:00.001600 close(4) = 0 <0.000005>
100 10:00:00.001700 close(3) = 0 <0.000005>
EOF
$RUN replay-script --overhead 0 -o "$TMP/cp.script" "$TMP/cp.trace" > "$TMP/rs" 2> "$TMP/err"
is "$?:$(grep '^clone' "$TMP/cp.script")" '0:clone 4 3 0 0 0 = 0 0.000050
clone 5 3 0 0 0 = -1 EXDEV 0.000003
clone 5 3 4096 8192 0 = -1 EOPNOTSUPP 0.000003
clone 6 3 0 65536 4096 = 0 0.000010
clone 6 3 0 0 0 = 0 0.000010' \
	"every clone a 'clone' line, failures with their errno; an unread range and other ioctls none"
$RUN files --format=csv "$TMP/cp.trace" | awk -F, 'NR > 1 { print $2, $6, $7 }' | sort > "$TMP/files"
is "$(grep '^input' "$TMP/cp.script"; cat "$TMP/files")" 'input "in.bin" 300000
/data/in.bin 8192 0
/data/o2.bin 0 8192
/data/o3.bin 0 0
/data/out.bin 0 0' \
	"the source is staged with the size its stat said, though its bytes read are the copy's alone: clones count none"
$RUN replay --allow-root --as-fast-as-possible --keep --format=json --dir "$SB" "$TMP/cp.script" > "$TMP/j" 2> "$TMP/e"
st=$?
rd=$(kept "$TMP/e")
is "$st:$(stat -c %s "$rd/out.bin" "$rd/o2.bin" "$rd/o3.bin" 2>&1 | tr '\n' ' ')" "0:300000 8192 300000 " \
	"destinations: the whole clone 300000 bytes, the copy 8192, a range then the whole 300000"
is "$(jv mismatched < "$TMP/j") $(($(jv clones < "$TMP/j") + $(jv clones_as_copies < "$TMP/j")))" "0 3" \
	"no mismatch; 3 clones made (as clones or copies)"
rm -rf "$rd"

# a clone out of range is no clone: the call counts, nothing replays it
printf '%s\n' '100 09:59:59.000000 statx(AT_FDCWD, "/d/st_size=7", AT_STATX_SYNC_AS_STAT, STATX_ALL, {stx_mask=STATX_ALL, stx_attributes=0, stx_mode=S_IFREG|0644, stx_size=8192, ...}) = 0 <0.000010>' \
	'100 10:00:00.000000 openat(AT_FDCWD, "/d/st_size=7", O_RDONLY) = 3 <0.000010>' \
	'100 10:00:00.000100 openat(AT_FDCWD, "/d/b", O_WRONLY|O_CREAT, 0644) = 4 <0.000010>' \
	'100 10:00:00.000200 ioctl(4, FICLONERANGE, {src_fd=3, src_offset=-1, src_length=18446744073709551615, dest_offset=0}) = -1 EINVAL (Invalid argument) <0.000001>' \
	'100 10:00:00.000300 ioctl(4, FICLONERANGE, {src_fd=99999999999, src_offset=0, src_length=0, dest_offset=0}) = -1 EBADF (Bad file descriptor) <0.000001>' \
	'100 10:00:00.000400 ioctl(-5, FICLONE, 3) = -1 EBADF (Bad file descriptor) <0.000001>' \
	'100 10:00:00.000500 ioctl(4, FICLONE, 3) = 0 <0.000001>' > "$TMP/odd.trace"
$RUN replay-script -o "$TMP/odd.script" "$TMP/odd.trace" > /dev/null 2> "$TMP/err"
is "$?:$(grep -E '^(clone|input)' "$TMP/odd.script")" '0:input "st_size=7" 8192
clone 4 3 0 0 0 = 0 0.000001' \
	"clones with ranges or descriptors out of range: read, not replayed; the good one after them is, its source sized by statx's stx_size, not its name"

# ---- iolens trace ----
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ ! -f "$LIB" ] || ! command -v cc > /dev/null ||
	! cc -O2 -o "$TMP/clonep" "$TOP/t/data/trace/clone.c" 2> "$TMP/err"; then
	skip "no tracer library, compiler or t/data/trace/clone.c ($(head -1 "$TMP/err" 2>/dev/null))" 5
else
	W=$TMP/w
	mkdir -p "$W"
	(cd "$W" && "$TMP/clonep") > "$TMP/plain.out"
	(cd "$W" && $RUN trace -o "$TMP/clonep.trace" "$TMP/clonep") > "$TMP/traced.out" 2> "$TMP/err"
	st=$?
	fc=$(sed -n 's/^FICLONE //p' "$TMP/traced.out")
	fr=$(sed -n 's/^FICLONERANGE //p' "$TMP/traced.out")
	[ "$fc" = 0 ] || fc="-1 $fc"
	[ "$fr" = 0 ] || fr="-1 $fr"
	is "$st:$(cat "$TMP/traced.out"):$(grep -c "^[0-9]* [0-9:.]* ioctl(4, FICLONE, 3) = $fc <" "$TMP/clonep.trace")" \
		"0:$(cat "$TMP/plain.out"):1" \
		"clone.c traced: it got what it gets untraced ($(tr '\n' ' ' < "$TMP/plain.out")), its FICLONE in the trace as strace prints it"
	grep -q "^[0-9]* [0-9:.]* ioctl(5, FICLONERANGE, {src_fd=3, src_offset=4096, src_length=8192, dest_offset=65536}) = $fr <" "$TMP/clonep.trace"
	ok $? "the FICLONERANGE with its range, its result $fr"
	is "$(grep -c 'ioctl(' "$TMP/clonep.trace")" "3" "the TCGETS, no clone, is not recorded"
	grep -q "^[0-9]* [0-9:.]* ioctl(-1, FICLONERANGE, {}) = -1 EBADF <" "$TMP/clonep.trace"
	ok $? "an FICLONERANGE on no descriptor with an address the kernel did not read: its range not read either (the program died SIGSEGV)"
	$RUN replay-script -o "$TMP/clonep.script" "$TMP/clonep.trace" > /dev/null 2>&1
	is "$(grep '^clone' "$TMP/clonep.script" | sed 's/ [0-9.]*$//')" "clone 4 3 0 0 0 = $fc
clone 5 3 4096 8192 65536 = $fr" "replay-script keeps both, with their results"
fi

# ---- a file system that clones: XFS or btrfs on a loop device ----
IMG=$TMP/fs.img
MNT=$TMP/mnt
umnt() { mountpoint -q "$MNT" 2> /dev/null && umount "$MNT"; rm -rf "$TMP"; }
trap umnt EXIT
why=""
if [ "$(id -u)" != 0 ]; then
	why="not root"
elif command -v mkfs.xfs > /dev/null; then
	truncate -s 300M "$IMG" && mkfs.xfs -q -m reflink=1 "$IMG" > "$TMP/err" 2>&1 || why="mkfs.xfs: $(head -1 "$TMP/err")"
elif command -v mkfs.btrfs > /dev/null; then
	truncate -s 300M "$IMG" && mkfs.btrfs -q "$IMG" > "$TMP/err" 2>&1 || why="mkfs.btrfs: $(head -1 "$TMP/err")"
else
	why="neither mkfs.xfs nor mkfs.btrfs (apt-get install xfsprogs)"
fi
if [ -z "$why" ]; then
	mkdir -p "$MNT"
	mount -o loop "$IMG" "$MNT" 2> "$TMP/err" || why="no loop mount here: $(head -1 "$TMP/err")"
fi
if [ -n "$why" ] || [ ! -f "$LIB" ]; then
	skip "${why:-no tracer library}" 4
else
	head -c 1000000 /dev/urandom > "$MNT/a.bin"
	(cd "$MNT" && $RUN trace -o "$TMP/xcp.trace" cp --reflink=always a.bin b.bin) 2> "$TMP/err"
	is "$?:$(grep -c 'ioctl(4, FICLONE, 3) = 0 <' "$TMP/xcp.trace")" "0:1" \
		"cp --reflink=always traced on $(stat -f -c %T "$MNT"): its clone succeeded, in the trace"
	$RUN replay-script -o "$TMP/xcp.script" "$TMP/xcp.trace" > /dev/null 2>&1
	is "$(grep -E '^(input|clone)' "$TMP/xcp.script" | sed '/^clone/s/ [0-9.]*$//')" 'input "a.bin" 1000000
clone 4 3 0 0 0 = 0' "the script stages the 1000000 bytes its fstat said and clones them"
	mkdir "$MNT/sb"
	$RUN replay --allow-root --as-fast-as-possible --keep --format=json --dir "$MNT/sb" "$TMP/xcp.script" > "$TMP/j" 2> "$TMP/e"
	rd=$(kept "$TMP/e")
	is "$(jv clones < "$TMP/j") $(jv clones_as_copies < "$TMP/j") $(stat -c %s "$rd/b.bin" 2>&1)" "1 0 1000000" \
		"replayed there: one clone made as a clone, 1000000 bytes"
	$RUN replay --allow-root --as-fast-as-possible --keep --format=json --dir "$SB" "$TMP/xcp.script" > "$TMP/j" 2> "$TMP/e"
	rd2=$(kept "$TMP/e")
	fs=$(stat -f -c %T "$SB")
	c=$(jv clones < "$TMP/j"); k=$(jv clones_as_copies < "$TMP/j")
	is "$((c + k)) $(stat -c %s "$rd2/b.bin" 2>&1) $(jv mismatched < "$TMP/j") $(cmp "$rd2/a.bin" "$rd2/b.bin" 2>&1)" "1 1000000 0 " \
		"replayed on $fs: the destination holds the staged source's 1000000 bytes ($c clones, $k copies), no call failed"
	rm -rf "$rd" "$rd2"
fi
done_testing
