#!/bin/sh
# Names relative to a directory descriptor (openat(dirfd, "f"), fstatat,
# unlinkat, renameat, linkat, mkdirat, readlinkat, fchdir) are taken from the directory the
# descriptor names: the open that made it (with or without O_DIRECTORY),
# dup, dup2, fcntl F_DUPFD_CLOEXEC, a fork's copy of the table, a
# thread's shared one, strace -y's "3</dir>" (escaped, with commas and
# parentheses); close-on-exec drops it at execve.  A descriptor the trace
# never showed keeps its files apart under "<fd N>/".  The trace is
# t/data/strace/dirfd.trace, written by hand: each file read has its own
# size, so a file merged with another or misnamed shows.
. "$(dirname "$0")/lib.sh"

T=$TOP/t/data/strace/dirfd.trace
$RUN files --format=tsv "$T" > "$TMP/f" 2> "$TMP/err"
ok $? "iolens files reads dirfd.trace ($(head -1 "$TMP/err"))"
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $c["path"] "|" $c["bytes_read"] "|" $c["bytes_written"] }' "$TMP/f" | sort > "$TMP/rows"
want() {	# want <path|read|written> <description>
	grep -qxF "$1" "$TMP/rows"
	ok $? "$2: $1"
}
want "/d/src/a/f|100|0" "openat on a descriptor that an open without O_DIRECTORY made"
want "/d/src/b/f|200|0" "... on a dup of an O_DIRECTORY descriptor"
want "/d/src/c|300|0" "... on an fcntl F_DUPFD_CLOEXEC copy"
want "/d/src/a/g|400|0" "... on a dup2 copy whose original was closed"
want "/d/src/h|500|0" "... in a forked child, on the parent's descriptor"
want "/d/src/a/k|600|0" "fchdir moves the child's working directory there"
want "/d/src/l|650|0" "... and '..' is taken from it"
want "/d/src/m|700|0" "the child's close leaves the parent's descriptor"
want "/d/src/n|800|0" "a thread uses its process's descriptor"
want "/y/dir/p|900|0" "strace -y names a descriptor the trace never opened"
want "/d/a>b,c (1)/t|1300|0" "-y's escapes, commas and parentheses"
want "<fd 21>/q|1000|0" "a descriptor never seen: its files stay apart"
want "q|1100|0" "... from the working directory's file of the same name"
want "rel/r|1200|0" "a relative directory stays relative ('./r' taken out)"
want "rel/u|0|1400" "fchdir to a relative directory"
want "<fd 23>/v|1500|0" "fchdir to a descriptor never seen"
want "<fd 10>/w|1600|0" "close-on-exec drops the descriptor's directory at execve"
is "$(cut -d'|' -f1 "$TMP/rows" | tr '\n' ' ')" \
	"/d/a>b,c (1)/t /d/src/a/f /d/src/a/g /d/src/a/k /d/src/a/lnk /d/src/a /d/src/b/f /d/src/c /d/src/h /d/src/l /d/src/m /d/src/n /y/dir/p <fd 10>/w <fd 21>/q <fd 23>/v q rel/m2 rel/r rel/u " \
	"those names and no other: none merged, none left bare"

# the metadata calls relative to a descriptor, as replay-script keeps them
$RUN replay-script -o "$TMP/d.rs" "$T" > /dev/null 2> "$TMP/err"
ok $? "replay-script takes it ($(head -1 "$TMP/err"))"
grep -qx 'stat "d/src/c" = 0 0.000010' "$TMP/d.rs"
ok $? "newfstatat on a descriptor"
grep -qx 'unlink "d/src/c" = 0 0.000010' "$TMP/d.rs"
ok $? "unlinkat on a descriptor"
grep -qx 'rename "d/src/m" "rel/m2" = 0 0.000010' "$TMP/d.rs"
ok $? "renameat between two descriptors' directories"
grep -qx 'link "d/src/b/f" "d/src/b/f2" = 0 0.000010' "$TMP/d.rs"
ok $? "linkat between two descriptors' directories"
grep -qx 'mkdir "d/src/a/nd" 0755 = 0 0.000010' "$TMP/d.rs"
ok $? "mkdirat on a descriptor (a dup2 copy, kept across execve)"
grep -qx 'readlink "d/src/a/lnk" = 1 0.000010' "$TMP/d.rs" && grep -qx 'input "d/src/a/lnk" link "f"' "$TMP/d.rs"
ok $? "readlinkat on a descriptor: the link in the descriptor's directory, staged as a link"
grep -qx 'input "d/src/b/f" 200' "$TMP/d.rs" && grep -qx 'input "d/src/a/f" 100' "$TMP/d.rs"
ok $? "the inputs staged are the two files f with their own sizes"
grep -q '^input "d/src/a" dir$' "$TMP/d.rs"
ok $? "a directory opened without O_DIRECTORY is staged as a directory"

done_testing
