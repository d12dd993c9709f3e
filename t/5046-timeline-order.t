#!/bin/sh
# timeline's phases follow time order whatever order a record holds its
# segments in: the records' runs of segments are merged, and a run ends
# where a start goes back in time.  A trace whose lines are out of time
# order within one file (and as the Darshan log convert makes of it)
# gives the phases of the same trace in time order; the text chart,
# binned from the segments the phases gathered, is what --bins makes in
# a pass of its own; a trace without reads or writes has no phases; one
# segment makes one phase.
. "$(dirname "$0")/lib.sh"

# two processes, two files; each file's writes and reads out of time
# order; the last write phase is a second pass over /d/f's offset 0
cat > "$TMP/shuf.txt" << 'END'
100 10:00:00.000000 openat(AT_FDCWD, "/d/f", O_RDWR|O_CREAT, 0644) = 3 <0.000010>
101 10:00:00.000100 openat(AT_FDCWD, "/d/g", O_RDWR|O_CREAT, 0644) = 3 <0.000010>
100 10:00:00.100000 pwrite64(3, "..."..., 1024, 0) = 1024 <0.001000>
100 10:00:00.300000 pwrite64(3, "..."..., 1024, 2048) = 1024 <0.001000>
100 10:00:00.200000 pwrite64(3, "..."..., 1024, 1024) = 1024 <0.001000>
101 10:00:00.250000 pwrite64(3, "..."..., 1024, 4096) = 1024 <0.001000>
101 10:00:00.150000 pwrite64(3, "..."..., 1024, 3072) = 1024 <0.001000>
100 10:00:00.400000 pwrite64(3, "..."..., 1024, 5120) = 1024 <0.001000>
101 10:00:00.350000 pwrite64(3, "..."..., 1024, 6144) = 1024 <0.001000>
100 10:00:02.600000 pread64(3, "..."..., 1024, 1024) = 1024 <0.001000>
100 10:00:02.500000 pread64(3, "..."..., 1024, 0) = 1024 <0.001000>
101 10:00:02.550000 pread64(3, "..."..., 1024, 3072) = 1024 <0.001000>
100 10:00:02.700000 pread64(3, "..."..., 1024, 2048) = 1024 <0.001000>
101 10:00:02.520000 pread64(3, "..."..., 1024, 4096) = 1024 <0.001000>
100 10:00:05.700000 pwrite64(3, "..."..., 1024, 0) = 1024 <0.001000>
100 10:00:05.000000 pwrite64(3, "..."..., 1024, 0) = 1024 <0.001000>
100 10:00:05.100000 pwrite64(3, "..."..., 1024, 1024) = 1024 <0.001000>
100 10:00:06.300000 pwrite64(3, "..."..., 1024, 8192) = 1024 <0.001000>
101 10:00:05.050000 pwrite64(3, "..."..., 4096, 0) = 4096 <0.002000>
100 10:00:07.000000 close(3) = 0 <0.000010>
101 10:00:07.000000 close(3) = 0 <0.000010>
END
# the same lines in time order
sort -s -k2,2 "$TMP/shuf.txt" > "$TMP/sorted.txt"

# scope, phase, op, start and end to 4 places, bytes, ops, file
phases() {
	$RUN timeline --phases --format tsv "$1" |
		awk -F'\t' 'NR > 1 { printf "%s %s %s %.4f %.4f %s %s %s\n", $3, $4, $6, $7, $8, $9, $10, $16 }'
}

want='job 1 write 0.1000 0.4010 7168 7 
job 2 read 2.5000 2.7010 5120 5 
job 3 write 5.0000 5.1010 6144 3 
job 4 write 5.7000 6.3010 2048 2 
rank 1 write 0.1000 0.4010 7168 7 
rank 2 read 2.5000 2.7010 5120 5 
rank 3 write 5.0000 5.1010 6144 3 
rank 4 write 5.7000 6.3010 2048 2 
file 1 write 0.1000 0.4010 4096 4 /d/f
file 1 write 0.1500 0.3510 3072 3 /d/g
file 2 read 2.5000 2.7010 3072 3 /d/f
file 2 read 2.5200 2.5510 2048 2 /d/g
file 3 write 5.0000 5.1010 2048 2 /d/f
file 3 write 5.0500 5.0520 4096 1 /d/g
file 4 write 5.7000 6.3010 2048 2 /d/f'

is "$(phases "$TMP/sorted.txt")" "$want" "a trace in time order: four phases, the last a second pass over /d/f"
is "$(phases "$TMP/shuf.txt")" "$want" "the same trace out of time order within each file: the same phases"
$RUN timeline "$TMP/shuf.txt" > "$TMP/shuf.out"
$RUN timeline "$TMP/sorted.txt" > "$TMP/sorted.out"
is "$(sed 1d "$TMP/shuf.out")" "$(sed 1d "$TMP/sorted.out")" "text: the same chart and phase table either way"
grep -q '^Phases: 4,' "$TMP/shuf.out"
ok $? "text: four phases"

$RUN convert -o "$TMP/shuf.darshan" "$TMP/shuf.txt"
is $? 0 "convert writes the out-of-order trace as a Darshan log"
$RUN timeline --format tsv "$TMP/shuf.darshan" | awk -F'\t' 'NR > 1 { print $5 }' > "$TMP/starts"
sort -c -n "$TMP/starts" 2> /dev/null
ok $((!$?)) "its DXT segments are out of time order"
is "$(phases "$TMP/shuf.darshan")" "$want" "the Darshan log: the same phases"

# the text chart is binned from the segments the phases hold: each of
# its characters says what --bins (a pass of its own) has in that rank
# and bin
chart_vs_bins() {
	$RUN timeline --width 24 "$1" |
		awk '/^ +[0-9]+ \|/ { s = $0; sub(/^ +/, "", s); r = s; sub(/ .*/, "", r);
			sub(/^[0-9]+ \|/, "", s); sub(/\|.*/, "", s); print r, s }' > "$TMP/chart"
	$RUN timeline --bins 24 --format tsv "$1" |
		awk -F'\t' 'NR > 1 && $3 >= 0 { c = ($7 > 0 && $8 > 0) ? "x" : $8 > 0 ? "w" : $7 > 0 ? "r" : ".";
			row[$3] = row[$3] c } END { for (r in row) print r, row[r] }' | sort -n > "$TMP/bins"
	[ -s "$TMP/chart" ] && cmp -s "$TMP/chart" "$TMP/bins"
}
chart_vs_bins "$TMP/shuf.darshan"
ok $? "the Darshan log: the chart is what --bins has"
for log in "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan "$SAMPLES"/ior/ior_mpiio_n1_coll_t1m/*.darshan; do
	chart_vs_bins "$log"
	ok $? "$(basename "$(dirname "$log")"): the chart is what --bins has, rank by rank"
done

# no reads or writes: no segments, no phases (the timestamps' chart)
cat > "$TMP/none.txt" << 'END'
100 10:00:00.000000 openat(AT_FDCWD, "/d/f", O_RDWR|O_CREAT, 0644) = 3 <0.000010>
100 10:00:01.000000 close(3) = 0 <0.000010>
END
$RUN timeline --phases --format tsv "$TMP/none.txt" > "$TMP/out"
is "$?:$(wc -l < "$TMP/out")" "0:1" "no segments: exit 0, the header alone"

# one segment: one phase
sed -n '1p;3p;20p' "$TMP/shuf.txt" > "$TMP/one.txt"
is "$(phases "$TMP/one.txt")" "job 1 write 0.1000 0.1010 1024 1 
rank 1 write 0.1000 0.1010 1024 1 
file 1 write 0.1000 0.1010 1024 1 /d/f" "one segment: one phase"

done_testing
