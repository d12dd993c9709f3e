#!/bin/sh
# The analysis commands on our own sample logs: real values, formats,
# several logs at once, -o written atomically, exit statuses.
. "$(dirname "$0")/lib.sh"

tsvcol() {
	awk -F'\t' -v want="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i; next } { print $c }'
}
N1=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
T4K=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan)
DD=$(ls "$SAMPLES"/nonmpi/darshan/dd_bigfile/*.darshan)
ZIP=$(ls "$SAMPLES"/nonmpi/darshan/zip_r_manyfiles/*.darshan)

# summary: the N-1 IOR run, numbers as darshan-parser --perf prints them
$RUN summary --format tsv "$N1" > "$TMP/s"
is "$(tsvcol posix_bytes_read < "$TMP/s")" 268435456 "summary: POSIX bytes read"
is "$(tsvcol posix_time_by_slowest < "$TMP/s" | xargs printf '%.6f')" 0.207446 \
	"summary: POSIX time by slowest equals --perf's agg_time_by_slowest"
is "$(tsvcol nprocs < "$TMP/s")" 4 "summary: 4 processes"
is "$(tsvcol files < "$TMP/s")" 2 "summary: the test file and stdout"
# both files are shared, so the job's time by slowest is their sum
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	{ t = $h["posix_time_by_slowest"] + $h["stdio_time_by_slowest"]
	  printf "%.6f %.6f %.4f %.4f\n", t, $h["io_time_by_slowest"],
		($h["bytes_read"] + $h["bytes_written"]) / 1048576 / t, $h["mib_s"] }' "$TMP/s" > "$TMP/t"
read -r a b c d < "$TMP/t"
is "$b $d" "$a $c" "summary: job time and MiB/s from POSIX+STDIO (both shared files)"
is "$(tsvcol mib_s_per_node < "$TMP/s")" "$(tsvcol mib_s < "$TMP/s")" "summary: one node, so MiB/s/CN = MiB/s"
$RUN summary --format tsv --nodes 4 "$N1" > "$TMP/s4"
is "$(tsvcol nodes_source < "$TMP/s4")" "--nodes" "summary: --nodes is named as the source"
awk -F'\t' 'NR == 2' "$TMP/s" > /dev/null
$RUN summary --format tsv --procs-per-node 2 "$N1" | tsvcol nodes > "$TMP/n"
is "$(cat "$TMP/n")" 2 "summary: 4 processes at 2 per node are 2 nodes"
$RUN summary "$N1" > "$TMP/text"
grep -q 'I/O strategy *N:1' "$TMP/text"
ok $? "summary text names the strategy"
$RUN summary "$ZIP" | grep -q 'INCOMPLETE'
ok $? "summary flags an incomplete log prominently"
$RUN summary --format tsv "$ZIP" | tsvcol incomplete_modules | grep -q POSIX
ok $? "and lists the incomplete module in machine formats"
n=$($RUN summary --format csv "$SAMPLES"/nonmpi/darshan/*/*.darshan | wc -l)
is "$n" 10 "summary of 9 logs: a header and one row per log"

# files
$RUN files --format tsv "$DD" > "$TMP/f"
is "$(tsvcol path < "$TMP/f" | head -1)" "/tmp/gen/data/inputs/big.bin" "files: sorted by bytes, ties by path"
is "$(tsvcol common_access_size < "$TMP/f" | sort -u)" 1048576 "files: dd's 1 MiB blocks are the common access size"
is "$(tsvcol writes < "$TMP/f" | awk '{ s += $1 } END { print s }')" 512 "files: 512 writes of 1 MiB"
is "$($RUN files --format tsv --top 1 "$DD" | wc -l)" 2 "files --top 1"
is "$($RUN files --format tsv --exclude big.bin "$DD" | tsvcol path)" "/tmp/gen/data/work/big.dd" "files --exclude"
is "$($RUN files --format tsv --sort bytes_written --top 1 "$DD" | tsvcol path)" "/tmp/gen/data/work/big.dd" "files --sort"
$RUN files --format csv --merge "$N1" | grep -q 'POSIX,-1,'
ok $? "files --merge lists the modules of a file"

# hist: 16384 reads and writes of 4 KiB in the 1K-10K bin
$RUN hist --format tsv "$T4K" | awk -F'\t' '$2 == "job" && $4 == "1K-10K" { print $3, $7 }' > "$TMP/h"
is "$(cat "$TMP/h" | tr '\n' ' ')" "read 16384 write 16384 " "hist: 4 KiB transfers land in 1K-10K"
$RUN hist --format tsv "$T4K" | awk -F'\t' '$2 == "job" && $3 == "common" { print $5, $7 }' > "$TMP/c"
is "$(head -1 "$TMP/c")" "4096 32768" "hist: 4096 bytes is the most common size, 32768 times"

# meta
$RUN meta --format tsv "$T4K" | awk -F'\t' '$3 == "POSIX" && $4 == "fsyncs" { print $5 }' > "$TMP/m"
is "$(cat "$TMP/m")" 4 "meta: one fsync per rank (ior -e)"

# timeline: DXT intervals, one row per segment
is "$($RUN timeline --format csv "$N1" | wc -l)" 129 "timeline: 128 DXT segments and a header"
$RUN timeline "$N1" | grep -q 'timeline from DXT'
ok $? "timeline names its source"
$RUN timeline --format tsv "$SAMPLES"/nonmpi/darshan/cp_bigfile/*.darshan | tsvcol source | sort -u > "$TMP/src"
is "$(cat "$TMP/src")" "Darshan timestamps" "timeline without DXT falls back to timestamps"
$RUN timeline --bins 4 --format tsv "$N1" | awk -F'\t' 'NR > 1 { r += $7; w += $8 } END { printf "%.0f %.0f\n", r, w }' > "$TMP/mx"
is "$(cat "$TMP/mx")" "268435456 268435456" "timeline --bins: the matrix holds every byte"

# machine formats: RFC 4180 quoting and JSON
printf 'x' > "$TMP/notalog"
$RUN summary --format csv "$N1" | head -1 | grep -q '^log,source,jobid,uid,exe,nprocs,nodes,'
ok $? "summary CSV header starts with the stable column names"

# -o: written atomically, never half a file
$RUN files --format csv -o "$TMP/out.csv" "$N1"
is $? 0 "files -o file"
head -1 "$TMP/out.csv" | grep -q '^log,path,module'
ok $? "the file holds the table"
ls "$TMP" | grep -q 'tmp' && st=1 || st=0
ok $st "no temporary file is left behind"
$RUN files -o "$TMP/out.csv" "$TMP/notalog" 2> /dev/null
is $? 1 "a bad log exits 1"
head -1 "$TMP/out.csv" | grep -q '^log,path,module'
ok $? "and leaves the previous output file untouched"

# exit statuses and messages
$RUN summary /nonexistent.darshan 2> "$TMP/err"
is $? 1 "missing log: exit 1"
is "$(cat "$TMP/err")" "iolens summary: cannot open '/nonexistent.darshan': No such file or directory" \
	"missing log: one-line message"
$RUN summary --bogus "$N1" 2> /dev/null
is $? 2 "unknown option: exit 2"
$RUN summary --format xml "$N1" 2> /dev/null
is $? 2 "unknown format: exit 2"
$RUN summary 2> /dev/null
is $? 2 "no log: exit 2"
$RUN summary "$N1" /nonexistent.darshan > /dev/null 2>&1
is $? 1 "one bad log among several: exit 1"
for c in summary files hist meta timeline; do
	$RUN $c --help | grep -q "^usage: iolens $c"
	ok $? "$c --help"
done

done_testing
