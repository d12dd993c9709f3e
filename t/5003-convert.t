#!/bin/sh
# iolens convert: traces into Darshan 3.41 logs that our decoder (and so
# darshan-parser, whose output parse reproduces) reads back with the same
# files, bytes and operations as the trace.
. "$(dirname "$0")/lib.sh"

DD=$SAMPLES/nonmpi/strace/dd_bigfile/trace.txt.xz
$RUN convert -o "$TMP/dd.darshan" "$DD"
is $? 0 "convert the dd trace"
$RUN parse --all "$TMP/dd.darshan" > "$TMP/p" 2> "$TMP/err"
is $? 0 "parse --all reads the log it wrote"
grep -q '^# darshan log version: 3.41$' "$TMP/p"
ok $? "a 3.41 log"
grep -q "^# exe: dd if=/tmp/gen/data/inputs/big.bin" "$TMP/p"
ok $? "with the traced command line as its exe"
# the same files and figures, from the log and from the trace
cols='path bytes_read bytes_written reads writes opens seeks syncs max_offset common_access_size'
pick() {
	awk -F'\t' -v want="$cols" 'NR == 1 { n = split(want, w, " "); for (i = 1; i <= NF; i++) h[$i] = i; next }
		{ line = ""; for (k = 1; k <= n; k++) line = line $h[w[k]] "\t"; print line }' | sort
}
$RUN files --format tsv "$TMP/dd.darshan" | pick > "$TMP/a"
$RUN files --format tsv "$DD" | pick > "$TMP/b"
cmp -s "$TMP/a" "$TMP/b"
ok $? "every file's bytes, operations, offsets and access size survive the round trip"
n=$($RUN parse --dxt "$TMP/dd.darshan" | grep -c '^ X_POSIX')
m=$($RUN timeline --format tsv "$DD" | awk 'NR > 1' | wc -l)
is "$n" "$m" "every data call is a DXT segment ($m)"

# four ranks of IOR
$RUN convert -o "$TMP/ior.darshan" "$SAMPLES"/ior/strace_ior_posix_n1_t4m
is $? 0 "convert the 4-rank IOR traces (a directory)"
$RUN summary --format tsv "$TMP/ior.darshan" |
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } { print $h["nprocs"] }' > "$TMP/np"
is "$(cat "$TMP/np")" 4 "4 processes"
$RUN files --format tsv --include '/testfile$' "$TMP/ior.darshan" |
	awk -F'\t' 'NR > 1 { r += $6; w += $7 } END { print r, w }' > "$TMP/rw"
is "$(cat "$TMP/rw")" "268435456 268435456" "the test file's 268435456 bytes each way"

# usage and safety
$RUN convert "$DD" 2> /dev/null
is $? 2 "--output is required"
printf 'keep' > "$TMP/keep.darshan"
printf 'junk line\n' > "$TMP/junk.txt"
$RUN convert -o "$TMP/keep.darshan" "$TMP/junk.txt" 2> /dev/null
is $? 1 "a bad trace: exit 1"
is "$(cat "$TMP/keep.darshan")" keep "and the existing output is left alone"
done_testing
