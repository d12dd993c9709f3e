#!/bin/sh
# iolens fsstats on a tree built here with known sizes (truncate -s makes
# sparse files), times (touch -d), hard links, symlinks pointing out of
# the tree and hostile names; expected numbers come from find(1) and from
# the construction, not from iolens.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
mkdir -p "$T/d1/sub" "$T/d2" "$T/-dash dir"
: > "$T/d1/empty1"
: > "$T/d1/empty2"
head -c 1000 /dev/zero > "$T/d1/k1000"
truncate -s 5000 "$T/d1/sub/s5000"
# the largest file (1 GiB, sparse) has the most hostile name: a newline,
# a comma, a double quote, a byte that is not UTF-8, a leading dash
big=$(printf '%s/d2/-big\n,"\377 x' "$T")
truncate -s 1G "$big"
printf 'abc' > "$T/-dash dir/with space"
ln "$T/d1/k1000" "$T/d2/hardlink"
ln -s / "$T/d2/to-root"
ln -s ../.. "$T/d2/up"
# times: every file 10 days old by mtime (bin 8-16 days) except two
# 100 days old (bin 64-128); atime 1 year old (bin 256-512 days)
NOW=2026-11-21
find "$T" -type f -exec touch -m -d 2026-11-11T00:00:00Z {} +
touch -m -d 2026-08-13T00:00:00Z "$T/d1/empty1" "$T/d1/sub/s5000"
find "$T" -type f -exec touch -a -d 2025-11-21T00:00:00Z {} +

files=$(find "$T" -type f -printf x | wc -c)
dirs=$(find "$T" -type d -printf x | wc -c)
bytes=$(find "$T" -type f -printf '%i %s\n' | sort -u | awk '{ s += $2 } END { print s }')
is "$files,$dirs" "7,5" "the tree has 7 file entries and 5 directories (find)"

$RUN fsstats --now $NOW --format=csv "$T" > "$TMP/s.csv"
ok $? "fsstats --format=csv exits 0"
col() { # col <name> <csv>: the value of a column in the one-row CSV
	awk -F, -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		NR == 2 { print $c[n] }' "$2"
}
is "$(col files "$TMP/s.csv"),$(col dirs "$TMP/s.csv"),$(col bytes "$TMP/s.csv")" \
	"$files,$dirs,$bytes" "files, dirs and bytes (each inode once) as find counts them"
is "$(col symlinks "$TMP/s.csv")" 2 "two symlinks, not followed"
is "$(col linked_files "$TMP/s.csv"),$(col linked_inodes "$TMP/s.csv")" "2,1" \
	"the hard link: 2 entries of 1 inode"
is "$(col max_size "$TMP/s.csv")" 1073741824 "the sparse 1 GiB file is the largest"
is "$(col alloc_bytes "$TMP/s.csv")" \
	"$(find "$T" -type f -printf '%i %b\n' | sort -u | awk '{ s += $2 * 512 } END { print s }')" \
	"allocated bytes as find's %b (sparse files allocate little)"

# hostile names in machine formats: CSV quotes the field and doubles the
# quote; JSON escapes the newline and the quote; the non-UTF-8 byte is
# written \xff in both
want_csv=$(printf '"%s/d2/-big\n,""\\xff x"' "$T")
W=$want_csv awk -v RS='\001' '{ exit index($0, ENVIRON["W"]) ? 0 : 1 }' "$TMP/s.csv"
ok $? "CSV: the largest file's hostile name is quoted per RFC 4180"
$RUN fsstats --now $NOW --format=json "$T" > "$TMP/s.json"
grep -qF "\"largest_file\":\"$T/d2/-big\\u000a,\\\"\\\\xff x\"" "$TMP/s.json"
ok $? "JSON: the name is escaped (newline, quote, backslash of \\\\xff)"
if command -v python3 > /dev/null; then
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/s.json"
	ok $? "the JSON parses"
fi
$RUN fsstats --now $NOW --format=tsv "$T" | awk -F'\t' 'END { exit !(NR == 2 && NF == 23) }'
ok $? "TSV: one header and one row of 23 fields despite the newline"

# histograms: sizes and ages fall into the bins the construction says
hist() { $RUN fsstats --now $NOW --format=csv --hist "$1" "$T"; }
hist size > "$TMP/h"
is "$(awk -F, '$3 == 0 && $4 == 1 { print $5 }' "$TMP/h")" 2 "size bin [0,1): the 2 empty files"
is "$(awk -F, '$3 == 512 && $4 == 1024 { print $5 }' "$TMP/h")" 1 "size bin [512,1024): 1000 B once, though hard-linked twice"
is "$(awk -F, 'NR > 1 { s += $8 } END { print s }' "$TMP/h")" "$bytes" "the size histogram's bytes are the total's: each inode once"
is "$(awk -F, '$3 == 1073741824 { print $5 "," $8 }' "$TMP/h")" "1,1073741824" \
	"size bin from 1 GiB: one file, 1 GiB"
is "$(tail -1 "$TMP/h" | cut -d, -f7,10)" "100,100" "the CDFs by count and bytes end at 100 %"
hist mtime > "$TMP/h"
is "$(awk -F, '$3 == 8 && $4 == 16 { print $5 }' "$TMP/h"),$(awk -F, '$3 == 64 && $4 == 128 { print $5 }' "$TMP/h")" \
	"4,2" "mtime ages: 4 files (the hard-linked one once) 8-16 days old, 2 files 64-128 days old"
hist atime > "$TMP/h"
is "$(awk -F, '$3 == 256 && $4 == 512 { print $5 }' "$TMP/h")" 6 "atime ages: all 6 files (7 entries, one inode twice) 256-512 days old"
hist dirfiles > "$TMP/h"
is "$(awk -F, '{ s += $5 } END { print s - 0 }' "$TMP/h")" "$dirs" "every directory is in the files-per-directory histogram"
hist names > "$TMP/h"
is "$(awk -F, 'NR > 1 { s += $5 } END { print s }' "$TMP/h")" \
	"$(find "$T" -mindepth 1 -printf x | wc -c)" "every entry's name is in the name-length histogram"

# snapshots: save, change the tree, save, compare
$RUN fsstats --now $NOW --save "$TMP/old.snap" --format=csv "$T" > /dev/null
ok $? "--save writes a snapshot"
head -c 4096 /dev/zero > "$T/d1/new"
$RUN fsstats --now $NOW --save "$TMP/new.snap" --format=csv "$T" > /dev/null
$RUN fsstats --compare --format=csv "$TMP/old.snap" "$TMP/new.snap" > "$TMP/cmp"
ok $? "--compare exits 0"
is "$(awk -F, '$1 == "files" { print $2, $3, $4 }' "$TMP/cmp")" "7 8 1" "compare: one file more"
is "$(awk -F, '$1 == "bytes" { print $4 }' "$TMP/cmp")" 4096 "compare: 4096 bytes more"
head -c 100 "$TMP/old.snap" > "$TMP/cut.snap"
$RUN fsstats --compare "$TMP/cut.snap" "$TMP/new.snap" > /dev/null 2> "$TMP/err"
is "$?" 1 "a truncated snapshot is an error"
is "$(cat "$TMP/err")" "iolens fsstats: cannot read '$TMP/cut.snap': snapshot ends before its 'end' line" \
	"one line saying why"

# errors
$RUN fsstats "$TMP/nonexistent" > /dev/null 2> "$TMP/err"
is "$?" 1 "a missing root exits 1"
$RUN fsstats --threads 0 "$T" > /dev/null 2>&1
is "$?" 2 "--threads 0 is a usage error"
# the same tree with 1 and 4 threads: the same numbers
a=$($RUN fsstats --now $NOW --threads 1 --format=csv "$T")
b=$($RUN fsstats --now $NOW --threads 4 --format=csv "$T")
is "$a" "$b" "1 and 4 threads give the same output"

# progress: a line on a terminal, nothing when stderr is not one
$RUN fsstats --now $NOW "$T" 2>"$TMP/err" >/dev/null
is "$(wc -c <"$TMP/err" | tr -d ' ')" 0 "no progress when stderr is not a terminal"
if command -v script >/dev/null; then
	script -qec "$IOLENS fsstats --now $NOW --format=csv '$T' >/dev/null" /dev/null >"$TMP/tty" 2>&1
	grep -q "walking: [0-9]* directories, [0-9]* files" "$TMP/tty"
	ok $? "on a terminal the walk shows its progress"
else
	skip "script (util-linux) is not installed"
fi

done_testing
