#!/bin/sh
# Output files are written beside the target and renamed over it, so
# nothing is half written; but a target that exists and is no regular
# file is written in place: renamed over, /dev/null became a regular file
# (root may write /dev), and a FIFO a reader waits on got nothing.  Each
# command here writes its output into a FIFO whose reader counts the
# bytes: the FIFO must still be a FIFO, the bytes must have arrived, and
# no temporary may be left beside it.
. "$(dirname "$0")/lib.sh"

command -v mkfifo > /dev/null || skip_all "mkfifo is not installed"
N1=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
printf '%s\n' '300 10:00:00.000000 openat(AT_FDCWD, "/d/a", O_RDONLY) = 3 <0.000010>' \
	'300 10:00:00.000100 read(3, "abcdefghij", 10) = 10 <0.000005>' \
	'300 10:00:00.000200 close(3) = 0 <0.000001>' > "$TMP/a.trace"
D=$TMP/d
mkdir "$D"

# into NAME COMMAND ARGS...: iolens COMMAND -o the FIFO $D/NAME ARGS
into() {
	name=$1 sub=$2
	shift 2
	rm -f "$D/$name"
	mkfifo "$D/$name"
	wc -c < "$D/$name" > "$TMP/$name.n" &
	reader=$!
	$RUN "$sub" -o "$D/$name" "$@" > /dev/null 2> "$TMP/$name.err"
	st=$?
	# the reader ends at the writer's close; one still waiting after 5 s
	# had no writer (the command failed first, or renamed a file over
	# the FIFO it waits on)
	k=0
	while kill -0 $reader 2> /dev/null && [ $k -lt 50 ]; do
		sleep 0.1
		k=$((k + 1))
	done
	kill $reader 2> /dev/null
	wait $reader 2> /dev/null
	n=$(tr -d ' ' < "$TMP/$name.n")
	is "$st $([ -p "$D/$name" ] && echo fifo) $([ "${n:-0}" -gt 0 ] && echo bytes)" "0 fifo bytes" \
		"$name: written into the FIFO in place ($n bytes; $(head -c 100 "$TMP/$name.err"))"
}

into files files --format csv "$N1"
into script replay-script --overhead 0 "$TMP/a.trace"
into trace trace true
into report report "$N1"
into darshan convert "$TMP/a.trace"
is "$(ls -A "$D" | grep -c tmp)" 0 "no temporary left beside the FIFOs"

# a FIFO is opened once: opened, closed and opened again by name, its
# reader took the close for the end and the second open waited for a
# reader forever (report's PDF, under load)
# once NAME COMMAND ARGS...: iolens COMMAND -o the FIFO $D/NAME ARGS under
# strace; the count of its opens for writing (a timeout: the second
# open of the defect never returns; a writer left waiting gets a
# reader and ends)
once() {
	name=$1
	shift
	rm -f "$D/$name"
	mkfifo "$D/$name"
	cat "$D/$name" > /dev/null &
	reader=$!
	timeout 120 strace -f -e trace=openat,open -o "$TMP/$name.st" $RUN "$@" -o "$D/$name" > /dev/null 2>&1
	kill $reader 2> /dev/null
	wait $reader 2> /dev/null
	timeout 10 cat "$D/$name" > /dev/null 2>&1
	grep -c "\"$D/$name\", O_WRONLY" "$TMP/$name.st"
}
if command -v strace > /dev/null && strace -f -o /dev/null true 2> /dev/null; then
	is "$(once once report "$N1")" 1 "report: its FIFO output opened once"
	is "$(once flame.pdf blocks "$TOP/t/data/strace/stack-k.trace")" 1 "blocks: its FIFO output (.pdf) opened once"
else
	skip "strace cannot run here" 2
fi

# a regular file is still replaced whole, through a temporary
echo old > "$D/plain.csv"
$RUN files --format csv -o "$D/plain.csv" "$N1" > /dev/null
is "$(head -c 4 "$D/plain.csv" | grep -c old) $(ls -A "$D" | grep -c tmp)" "0 0" "a regular file is replaced, no temporary left"

# a symbolic link to a regular file: the file it names is replaced, the
# link stays a link (renamed over, the link became a file of its own;
# /dev/stdout so, while stdout went to a file, for every later program)
# link NAME COMMAND ARGS...: iolens COMMAND -o a link to $D/NAME.real
link() {
	name=$1
	shift
	echo old > "$D/$name.real"
	ln -sf "$name.real" "$D/$name"
	$RUN "$@" -o "$D/$name" > /dev/null 2>&1
	is "$([ -L "$D/$name" ] && echo link) $(head -c 4 "$D/$name.real" | grep -c old) $([ -s "$D/$name.real" ] && echo full) $(ls -A "$D" | grep -c tmp)" \
		"link 0 full 0" "$name: a link's file replaced, the link kept, no temporary left"
}
link link.csv files --format csv "$N1"
link link.pdf report "$N1"
link link.darshan convert "$TMP/a.trace"
# /dev/stdout as a link (as /proc/self/fd/1 is) while stdout is a file:
# written through standard output where it stands, the lines before and
# after kept, in a shell's > and >> alike (renamed over that file, they
# were lost, and what came after went to a removed file)
ln -s /proc/self/fd/1 "$D/stdout"
$RUN files --format csv "$N1" > "$D/ref.csv" 2> /dev/null
{
	echo before
	$RUN files --format csv -o "$D/stdout" "$N1"
	echo after
} > "$D/out.csv" 2> "$TMP/stdout.err"
{ echo before; cat "$D/ref.csv"; echo after; } > "$D/want.csv"
is "$([ -L "$D/stdout" ] && echo link) $(cmp -s "$D/out.csv" "$D/want.csv" && echo same)" "link same" \
	"-o a link to /proc/self/fd/1: in the file stdout goes to, between the lines around it"
echo job > "$D/app.csv"
$RUN files --format csv -o "$D/stdout" "$N1" >> "$D/app.csv" 2> /dev/null
{ echo job; cat "$D/ref.csv"; } > "$D/want.csv"
cmp -s "$D/app.csv" "$D/want.csv"
ok $? "-o the link appended by >>: the line before kept"
is "$(ls -A "$D" | grep -c tmp)" 0 "no temporary left"

done_testing
