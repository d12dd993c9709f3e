#!/bin/sh
# Files opened with O_CREAT and never read or written count as created
# (issue 34, round 5).  Darshan keeps POSIX_MODE, the mode argument, only
# for an open with O_CREAT; cp -r moves its bytes with copy_file_range,
# which Darshan does not wrap, so its copies hold opens and the mode
# alone.  main estimated creates from written records only: r5-cp-tree
# (2000 copies) said "0 files created" and missed the storm that the
# labeller marked material (SMALL-FILES, META-BOUND).  The truth is
# computed by awk from `iolens parse`: files with a record whose mode is
# set and that no record reads.  iolens convert now writes POSIX_MODE as
# Darshan's runtime does (main: -1, unknown), so a trace's copies count.
. "$(dirname "$0")/lib.sh"
R5=$TOP/t/data/triage-round5
C=$TOP/t/data/triage-commit
creat() { # log: awk's files opened with O_CREAT and never read
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "POSIX" {
		if ($4 == "POSIX_MODE" && $5 > 0) m[$3] = 1
		if ($4 == "POSIX_READS" && $5 > 0) r[$3] = 1 }
	END { for (k in m) if (!(k in r)) n++; print n + 0 }'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }

for c in r5-cp-tree:$R5:2000 cp-tree-1200:$C:1200; do
	n=${c##*:} d=${c#*:} d=${d%:*} f=${c%%:*}
	is "$(creat "$d/$f.darshan")" "$n" "$f: awk: $n files opened with O_CREAT, never read"
	tri "$d/$f.darshan"
	col IOL-SMALL-FILES 8 | grep -q "^$n files created (estimated)"
	ok $? "$f: triage counts $n created (main: 0)"
	is "$(col IOL-SMALL-FILES 3)" warn "$f: SMALL-FILES warns (main: ok)"
done
tri "$R5/r5-cp-tree.darshan"
is "$(col IOL-META-BOUND 3)" warn "r5-cp-tree: META-BOUND warns, the storm's pattern (main: info)"
$RUN summary "$R5/r5-cp-tree.darshan" 2>/dev/null | grep -Eq "created[^0-9]*2000|2000[^0-9]*created"
ok $? "r5-cp-tree: summary says 2000 created"

# files opened with O_CREAT and read are not counted by the mode (sqlite
# opens its database and journal with O_CREAT whatever exists, and reads
# both): r5-sqlite-one keeps main's estimate, its written records
is "$(creat "$R5/r5-sqlite-one.darshan")" 0 "r5-sqlite-one: awk: every file opened with O_CREAT is read"
$RUN summary "$R5/r5-sqlite-one.darshan" 2>/dev/null | grep -q "(1 file created / 1 process, estimated)"
ok $? "r5-sqlite-one: 1 created, as on main"

# iolens convert writes the mode of an open with O_CREAT, else 0
printf '%s\n' \
	'100 12:00:00.000001 openat(AT_FDCWD, "out/a.txt", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3 <0.000010>' \
	'100 12:00:00.000020 close(3) = 0 <0.000002>' \
	'100 12:00:00.000030 openat(AT_FDCWD, "src/b.txt", O_RDONLY) = 3 <0.000010>' \
	'100 12:00:00.000040 close(3) = 0 <0.000002>' \
	'100 12:00:00.000050 +++ exited with 0 +++' >"$TMP/tiny.txt"
$RUN convert -o "$TMP/tiny.darshan" "$TMP/tiny.txt" >/dev/null 2>&1
is "$($RUN parse "$TMP/tiny.darshan" 2>/dev/null | awk '$4 == "POSIX_MODE" { printf "%s=%s ", $6, $5 }')" \
	"out/a.txt=420 src/b.txt=0 " "convert: POSIX_MODE 0644 with O_CREAT, 0 without (main: -1)"
done_testing
