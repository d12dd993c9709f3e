#!/bin/sh
# iolens blocks --source: the I/O of code blocks predicted from C and C++
# sources (t/data/blocks-src/*, whose comments state the I/O each block
# does): the whole table of each program, trip counts of loop headers it
# must read or refuse, propagation (nested loops multiply, calls carry a
# function's I/O, an if counts its larger arm), the formats, errors; and
# the prediction against a run of posix.c under strace.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
D=t/data/blocks-src

[ -f bin/iolens-code.so ] ||
	skip_all "bin/iolens-code.so is not built (libclang-dev is missing)"

# the table of every program, as checked by hand against its comments
for p in posix.c stdio.c hpc.c edge.c io.cpp; do
	$RUN blocks --source "$D/$p" --format=csv > "$TMP/got.csv" 2> "$TMP/err"
	is "$?:$(cat "$TMP/err")" "0:" "$p parses, nothing on stderr"
	diff -u "$D/${p%.*}.csv" "$TMP/got.csv" > "$TMP/diff"
	ok $? "$p: every block's predicted calls and bytes as expected"
	[ -s "$TMP/diff" ] && sed 's/^/# /' "$TMP/diff" | head -20
done

# one column of a block of a CSV: col <file> <block> <column>
col() {
	awk -F, -v b="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) n[$i] = i; next }
		$1 == b { print $(n[c]) }' "$1"
}
$RUN blocks --source "$D/posix.c" --format=csv > "$TMP/p.csv"
is "$(col "$TMP/p.csv" write_blocks:24 trip_count) $(col "$TMP/p.csv" write_blocks:24 calls) $(col "$TMP/p.csv" write_blocks:24 bytes_written)" \
	"256 256 16777216" "a loop of 256 writes of 64 KiB: 256 calls, 16 MiB"
is "$(col "$TMP/p.csv" write_grid:36 trip_count)x$(col "$TMP/p.csv" write_grid:36:37 trip_count) $(col "$TMP/p.csv" write_grid calls) $(col "$TMP/p.csv" write_grid bytes_written)" \
	"4x8 32 131072" "nested loops multiply (a const local bound is read)"
is "[$(col "$TMP/p.csv" write_records:46 trip_count)] [$(col "$TMP/p.csv" write_records calls)] $(col "$TMP/p.csv" write_records:46:47 bytes_written)" \
	"[] [] 100" "a bound known at run time: trip count and totals unknown, the line's size known"
is "$(col "$TMP/p.csv" read_back:72 trip_count) $(col "$TMP/p.csv" read_back bytes_read)" \
	"16 8192" "a loop counting down from a local set once, reads of sizeof"
is "$(col "$TMP/p.csv" main:88 calls) $(col "$TMP/p.csv" main:88 syncs)" "514 2" \
	"a call carries its function's I/O, multiplied by the loop around it"
is "$(col "$TMP/p.csv" write_sync:55:58 kind) $(col "$TMP/p.csv" write_sync syncs)" \
	"branch 16" "a sync under if (i % 4 == 3) is a branch block, counted for the 16 of 64 iterations it holds"
is "$(col "$TMP/p.csv" main bytes_read) [$(col "$TMP/p.csv" main bytes_written)] $(col "$TMP/p.csv" main opens)" \
	"8192 [] 2" "main: what is known and what depends on the unknown loop"
is "$(sed -n 2p "$TMP/p.csv" | cut -d, -f1)" "main" "blocks ranked by predicted bytes"

# trip counts of the loop headers of edge.c, in source order
$RUN blocks --source "$D/edge.c" --format=csv > "$TMP/e.csv"
got=$(for l in 15 17 19 21 23 25 29 31; do printf '%s;' "$(col "$TMP/e.csv" "loops:$l" trip_count)"; done)
is "$got" "6;10;7;;6;;4;;" \
	"trip counts: <= += 2, != --, reversed, global (unknown), const, body steps i (unknown), -= 30, do (unknown)"
is "$(col "$TMP/e.csv" branches calls) $(col "$TMP/e.csv" branches bytes_written)" "3 101" \
	"if/else counts the larger arm; switch and ?: arms count"
is "[$(col "$TMP/e.csv" recurse calls)]" "[]" "a recursive call leaves the totals unknown"

# MPI-IO sizes from the datatype, HDF5 and PnetCDF sizes unknown
$RUN blocks --source "$D/hpc.c" --format=csv > "$TMP/h.csv"
is "$(col "$TMP/h.csv" checkpoint bytes_written) $(col "$TMP/h.csv" checkpoint files)" "81920 1" \
	"MPI-IO: 10 x 1024 MPI_DOUBLE, one file of a constant name"
is "$(col "$TMP/h.csv" save_h5:33 trip_count) $(col "$TMP/h.csv" save_h5 writes) [$(col "$TMP/h.csv" save_h5 bytes_written)]" \
	"3 3 []" "HDF5: 3 writes, size unknown"
is "$(col "$TMP/h.csv" save_nc:48 trip_count) $(col "$TMP/h.csv" save_nc calls)" "5 9" \
	"PnetCDF: 5 record writes (t <= 4), 9 calls"

# C++: a method called in a loop, a range for over a constant array
$RUN blocks --source "$D/io.cpp" --format=csv > "$TMP/c.csv"
is "$(col "$TMP/c.csv" "app::Logger::flush_all:18" trip_count) $(col "$TMP/c.csv" main calls) $(col "$TMP/c.csv" main bytes_written)" \
	"4 17 6144" "C++: range for, a method's I/O at its call site"

# compiler arguments after --
$RUN blocks --source "$D/posix.c" --format=csv -- -DNBLOCKS=8 > "$TMP/d.csv"
is "$(col "$TMP/d.csv" write_blocks:24 trip_count) $(col "$TMP/d.csv" write_blocks bytes_written)" \
	"8 524288" "-D after -- reaches the parser"
# several files at once, --source=FILE and the flag alone
$RUN blocks --source="$D/edge.c" "$D/posix.c" --format=tsv > "$TMP/two.tsv"
is "$(cut -f1 "$TMP/two.tsv" | grep -c -E '^(loops|main)$')" 2 \
	"two files, one named by --source=FILE"
$RUN blocks "$D/edge.c" --format=csv > "$TMP/nos.csv" 2> /dev/null
is $? 1 "without --source a C file is taken for a trace, and refused"

# JSON: the same rows and keys
$RUN blocks --source "$D/posix.c" --format=json > "$TMP/p.json"
is "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
	my ($b) = grep { $_->{block} eq "write_grid" } @$j;
	print scalar(@$j), " ", join(",", sort keys %$b), " ", $b->{bytes_written}' < "$TMP/p.json")" \
	"$(($(wc -l < "$TMP/p.csv") - 1)) block,bytes_read,bytes_read_once,bytes_read_per_iter,bytes_written,bytes_written_once,bytes_written_per_iter,calls,calls_once,calls_per_iter,conditional,file,files,function,intensity,io_time_s,kind,line,not_counted,opens,opens_once,opens_per_iter,path,predicted_io_time_s,procs,random,reads,reads_once,reads_per_iter,small,syncs,syncs_once,syncs_per_iter,sys_reads,sys_writes,trip_count,unsized_reads,unsized_writes,writes,writes_once,writes_per_iter 131072" \
	"JSON: a row per block, the columns as keys"

# the tree for people
$RUN blocks --source "$D/posix.c" > "$TMP/p.txt"
grep -q '^function write_blocks .*posix.c:20: calls 257, writes 256, syncs 1, written 16.0 MiB$' "$TMP/p.txt" &&
	grep -q '^  loop .*posix.c:24 x256: calls 256' "$TMP/p.txt" &&
	grep -q '^      write (POSIX, 64.0 KiB)$' "$TMP/p.txt" &&
	grep -q '^  loop .*posix.c:46 x?: calls 1/iter' "$TMP/p.txt"
ok $? "text: an indented tree with trip counts, sizes and per-iteration counts"
$RUN blocks --source "$D/posix.c" -o "$TMP/out.txt" > "$TMP/stdout"
cmp -s "$TMP/out.txt" "$TMP/p.txt" && [ ! -s "$TMP/stdout" ]
ok $? "-o writes the file, nothing to stdout"

$RUN blocks --source "$D/posix.c" -o "$TMP/out.csv" && cmp -s "$TMP/out.csv" "$TMP/p.csv"
ok $? "-o out.csv writes CSV (the extension chooses)"
$RUN blocks --source "$D/posix.c" -o "$TMP/out.pdf" > /dev/null 2>&1
is "$?:$([ -e "$TMP/out.pdf" ] && echo made)" "2:" "-o out.pdf: no flame graph from a prediction, a usage error"

# errors
$RUN blocks --source "$TMP/nope.c" > /dev/null 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens blocks: cannot open '$TMP/nope.c': No such file or directory" \
	"a missing file"
$RUN blocks --source > /dev/null 2> "$TMP/err"
is "$?:$(head -1 "$TMP/err")" "2:iolens blocks: no source files" "no file: usage"
$RUN blocks --source --format=xml "$D/edge.c" > /dev/null 2> "$TMP/err"
is "$?:$(head -1 "$TMP/err")" "2:iolens blocks: unknown format 'xml'" "a bad format: usage"
printf 'int f(int fd) { for (int i = 0; i < 4; i++) write(fd, "ab", 2) return 0; }\n' > "$TMP/bad.c"
$RUN blocks --source "$TMP/bad.c" --format=csv > "$TMP/bad.csv" 2> "$TMP/err"
rc=$?
grep -q "^iolens blocks: warning: '$TMP/bad.c': [0-9]* errors\{0,1\} while parsing, what parsed is used; the first: .*bad.c:1:.*error" "$TMP/err"
ok $? "a file with errors: one warning naming the first"
is "$rc:$(cut -d, -f1,7 "$TMP/bad.csv" | tr '\n' ' ')" "0:block,calls f,4 f:1,4 f:1:1,1 " \
	"... exit 0 with what parsed: the loop of 4 writes"
head -c 3000 /bin/sh > "$TMP/binary.c"
$RUN blocks --source "$TMP/binary.c" > /dev/null 2>&1
[ $? -eq 1 ]
ok $? "a binary file: exit 1, no crash"
IOLENS_CODE=$TMP/none.so $RUN blocks --source "$D/edge.c" > /dev/null 2> "$TMP/err"
is "$?:$(sed 's/extractor: .*/extractor: .../' "$TMP/err")" "1:iolens blocks: cannot load the source extractor: ..." \
	"the module missing: a clear message"
# the binary itself does not load libclang for other commands
if [ -r /proc/self/maps ]; then
	$RUN --version > /dev/null
	IOLENS_CODE= LD_DEBUG=libs $RUN --version 2>&1 | grep -q 'libclang'
	[ $? -ne 0 ]
	ok $? "other commands never load libclang"
fi

# the prediction against a run: posix.c built and run under strace, each
# function's I/O told apart by its sizes
if command -v cc > /dev/null && command -v strace > /dev/null; then
	cc -O0 -o "$TMP/posix" "$D/posix.c" 2> "$TMP/ccerr"
	strace -f -qq -P "$TMP/posix.out" -o "$TMP/st" "$TMP/posix" "$TMP/posix.out" 10
	is $? 0 "posix.c ran under strace"
	# name size count: calls of name with return value size
	cnt() { awk -v n="$1" -v s="${2:-}" '{ c = $2; sub(/\(.*/, "", c); r = $NF }
		c == n && (s == "" || r == s) { k++ } END { print k + 0 }' "$TMP/st"; }
	is "$(cnt write 65536) $(cnt fsync)" \
		"$((2 * $(col "$TMP/p.csv" write_blocks writes))) $((2 * $(col "$TMP/p.csv" write_blocks syncs)))" \
		"write_blocks, called twice: writes and syncs as predicted"
	is "$(cnt pwrite64 4096)" "$(col "$TMP/p.csv" write_grid writes)" "write_grid: pwrites as predicted"
	is "$(cnt write 1024)" "$(col "$TMP/p.csv" write_sync writes)" "write_sync: writes as predicted"
	is "$(cnt fdatasync)" "$(col "$TMP/p.csv" write_sync syncs)" \
		"write_sync: the syncs under if (i % 4 == 3) as predicted"
	is "$(cnt read 512) $(cnt openat)" "$(col "$TMP/p.csv" read_back reads) $(col "$TMP/p.csv" main opens)" \
		"read_back and main: reads and opens as predicted"
	is "$(cnt write 100)" 10 "write_records: the run-time bound, 10"
	bytes=$(awk '{ c = $2; sub(/\(.*/, "", c) } c ~ /^(write|pwrite64)$/ { b += $NF } END { print b }' "$TMP/st")
	pred=$((2 * $(col "$TMP/p.csv" write_blocks bytes_written) + \
		$(col "$TMP/p.csv" write_grid bytes_written) + \
		$(col "$TMP/p.csv" write_sync bytes_written) + \
		10 * $(col "$TMP/p.csv" write_records:46:47 bytes_written)))
	is "$bytes" "$pred" "bytes written: measured = predicted with the run's bound ($bytes)"
else
	skip "no cc or strace" 8
fi

done_testing
