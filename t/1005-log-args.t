#!/bin/sh
# The log arguments of every command that reads several logs: a directory
# stands for the Darshan logs under it (recursively, in name order) and for
# each directory of traces under it (one job); several trace files of one
# directory given together are one job, a rank per file, named after the
# first and "+N";
# a trace without timestamps and a Darshan log given to convert say what
# they are; report writes a report per log into a directory.
. "$(dirname "$0")/lib.sh"
POP=$SAMPLES/population/logs
ST=$SAMPLES/ior/strace_ior_posix_n1_t4m

# a directory of Darshan logs: one row per log, in name order
$RUN summary --format=csv "$POP" > "$TMP/s.csv" 2> "$TMP/err"
is $? 0 "summary of a directory of Darshan logs"
is "$(cat "$TMP/err")" "" "with nothing on stderr"
ls "$POP"/*.darshan | sort > "$TMP/want"
tail -n +2 "$TMP/s.csv" | cut -d, -f1 > "$TMP/got"
is "$(wc -l < "$TMP/got")" "$(wc -l < "$TMP/want")" "a row per log ($(wc -l < "$TMP/want"))"
cmp -s "$TMP/got" "$TMP/want"
ok $? "in name order, each named by its path"

# recursively: the IOR runs, each in its own directory, and the directory
# of strace traces as one job
$RUN summary --format=csv "$SAMPLES/ior" > "$TMP/r.csv"
is $? 0 "summary of a tree of runs"
{ find "$SAMPLES/ior" -name '*.darshan' | sort; echo "$ST"; } | sort > "$TMP/want"
tail -n +2 "$TMP/r.csv" | cut -d, -f1 | sort > "$TMP/got"
cmp -s "$TMP/got" "$TMP/want"
ok $? "every Darshan log under it and the trace directory ($(wc -l < "$TMP/got") jobs)"
grep -q "^$ST,strace,.*,4," "$TMP/r.csv"
ok $? "the trace directory is one job of 4 ranks"

# every command that takes several logs
for c in summary files hist meta timeline triage; do
	$RUN $c --format=csv "$POP" > "$TMP/o" 2> "$TMP/err"
	r=$?
	n=$(tail -n +2 "$TMP/o" | cut -d, -f1 | sort -u | grep -c '\.darshan$')
	is "$r $n $(wc -c < "$TMP/err")" "0 30 0" "$c reads the directory's 30 logs"
done
$RUN export -o "$TMP/p.xlsx" "$POP"
is $? 0 "export reads it too"
rows=$(unzip -p "$TMP/p.xlsx" xl/worksheets/sheet1.xml 2> /dev/null | grep -o '<row r="[0-9]*"' | wc -l)
is "$rows" 31 "a Jobs row per log"
mkdir "$TMP/empty"
$RUN summary "$TMP/empty" 2> "$TMP/err"
is $? 1 "an empty directory: exit 1"
is "$(cat "$TMP/err")" "iolens summary: cannot read '$TMP/empty': no Darshan logs or traces in it" \
	"saying so in one line"

# several per-rank traces of one directory given together: one job, as
# the help says
$RUN summary --format=csv "$ST"/trace.rank*.txt.xz > "$TMP/t.csv"
is $? 0 "summary of four per-rank traces"
is "$(tail -n +2 "$TMP/t.csv" | wc -l)" 1 "one job"
is "$(tail -n +2 "$TMP/t.csv" | cut -d, -f1,6)" "$ST/trace.rank0.txt.xz +3,4" \
	"of 4 ranks, named by the first trace and +3"
# IOR wrote and read 4 x 64 MiB through the test file (command.txt: -b 64m)
$RUN files --format=csv --include testfile "$ST"/trace.rank*.txt.xz > "$TMP/f.csv"
is "$(tail -n +2 "$TMP/f.csv" | cut -d, -f1,4,6,7)" \
	"$ST/trace.rank0.txt.xz +3,4,268435456,268435456" \
	"files: the test file's 4 ranks and IOR's 256 MiB each way, under the same name"
$RUN files --merge-traces "$ST"/trace.rank*.txt.xz | head -n 1 > "$TMP/h"
is "$(cat "$TMP/h")" "$ST/trace.rank0.txt.xz +3" "--merge-traces: the same name, not the last file's"
$RUN summary --format=csv "$SAMPLES"/nonmpi/strace/*/trace.txt.xz > "$TMP/sep.csv"
is "$(tail -n +2 "$TMP/sep.csv" | cut -d, -f6 | tr '\n' ' ')" "1 1 1 1 " \
	"traces of different directories stay separate jobs"
$RUN summary --format=csv "$ST" > "$TMP/d.csv"
is "$(tail -n +2 "$TMP/d.csv" | cut -d, -f7-)" "$(tail -n +2 "$TMP/t.csv" | cut -d, -f7-)" \
	"the same figures as the directory"

# strace without timestamps
printf '%s\n' 'execve("/bin/true", ["true"], 0x7ffd6c79ee08 /* 37 vars */) = 0' \
	'brk(NULL)                               = 0x55cd5055a000' > "$TMP/nots.txt"
printf '%s\n' '17180 execve("/bin/true", ["true"], 0x7ffd6c79ee08 /* 37 vars */) = 0' \
	'17180 brk(NULL)                         = 0x55cd5055a000' > "$TMP/notsf.txt"
for f in nots notsf; do
	$RUN summary "$TMP/$f.txt" 2> "$TMP/err"
	is $? 1 "strace without -tt ($f): exit 1"
	is "$(cat "$TMP/err")" "iolens summary: cannot read '$TMP/$f.txt': syntax error: $TMP/$f.txt: strace trace without timestamps: record with strace -tt (or -ttt) -T" \
		"saying how to record it"
done

# convert on a Darshan log
L1=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
$RUN convert -o "$TMP/c.darshan" "$L1" 2> "$TMP/err"
is $? 1 "convert of a Darshan log: exit 1"
is "$(cat "$TMP/err")" "iolens convert: '$L1' is already a Darshan log: convert reads strace or Iota traces" \
	"saying it already is one"
[ ! -e "$TMP/c.darshan" ]
ok $? "and writing nothing"

# report: several logs, a report each in a directory
mkdir "$TMP/rep"
L2=$(ls "$SAMPLES"/nonmpi/darshan/dd_bigfile/*.darshan)
$RUN report -o "$TMP/rep" "$L1" "$L2"
is $? 0 "report of two logs into a directory"
b1=$(basename "$L1" .darshan)
b2=$(basename "$L2" .darshan)
is "$(ls "$TMP/rep" | tr '\n' ' ')" "$(printf '%s\n' "$b1.pdf" "$b2.pdf" | sort | tr '\n' ' ')" \
	"one PDF per log, named after it"
$RUN report -o "$TMP/one.pdf" "$L1"
cmp -s "$TMP/one.pdf" "$TMP/rep/$b1.pdf"
ok $? "each the same bytes as the report of that log alone"
$RUN report -o "$TMP/x.pdf" "$L1" "$L2" 2> "$TMP/err"
is $? 2 "several logs and a file: exit 2"
is "$(head -n 1 "$TMP/err")" "iolens report: several logs: --output names an existing directory to write a report each in" \
	"saying why in one usage line"
$RUN report -o "$TMP/st.pdf" "$ST"/trace.rank*.txt.xz
is $? 0 "one job's traces make one report"

# one rule for every command (sources/inputs.h): a directory above a job's
# traces stands for that job in the one-job commands too (replay-script,
# blocks), as in summary, and an empty one is said the same way
mkdir -p "$TMP/run/ior/traces" "$TMP/none"
cp "$ST"/trace.rank*.txt.xz "$TMP/run/ior/traces/"
$RUN replay-script -o "$TMP/r1.sh" "$TMP/run/ior/traces" > /dev/null 2>&1
$RUN replay-script -o "$TMP/r2.sh" "$TMP/run" > /dev/null 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "replay-script of a directory above a trace directory"
cmp -s "$TMP/r1.sh" "$TMP/r2.sh"
ok $? "the same script as of the trace directory itself"
$RUN blocks "$TMP/none" 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens blocks: cannot read '$TMP/none': no Darshan logs or traces in it" \
	"blocks of an empty directory: the words of summary"
$RUN blocks "$SAMPLES/ior" 2> "$TMP/err"
is "$?:$(head -n 1 "$TMP/err")" "2:iolens blocks: one trace at a time (give a trace's files together, or --merge-traces)" \
	"a directory of several jobs: one at a time"
done_testing
