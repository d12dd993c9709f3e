#!/bin/sh
# Names from scripts and traces are printed escaped: a path or a word of
# a hostile script, or a path in a trace, holding a screen clear, a
# carriage return and a newline with a fake "bytes and calls: equal"
# line after it, reaches the terminal as \x1b, \r and \n, never raw; in
# the messages on stderr and in the reports on stdout, of replay and of
# replay-script alike.
. "$(dirname "$0")/lib.sh"

mkdir "$TMP/sb"
FAKE='\x1b[2J\x0d\nbytes and calls: equal; FAKE'
ESC=$(printf '\033')
CR=$(printf '\r')

# clean <file> <description>: no escape byte, no carriage return and no
# line of the fake report in the file
clean() {
	n=$(LC_ALL=C grep -c "[$ESC$CR]" "$1")
	is "$n" 0 "$2: no raw escape or carriage return"
	n=$(grep -c '^bytes and calls: equal; FAKE' "$1")
	is "$n" 0 "$2: the fake report line starts no line"
}

head_='iolens-replay-script 1
source "hand"
inferred no'

# a word of the header the report prints: the tracer overhead's origin
# (15 bytes at most)
printf '%s\noverhead 0 "%s" 0\nrank 0 pid 1\nmkdir "d" 0755 = 0 0.00001\n' \
	"$head_" '\x1b[2J\x0d\nFAKE!' > "$TMP/word.script"
$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" \
	"$TMP/word.script" > "$TMP/word.out" 2> "$TMP/word.err"
is $? 0 "a script whose overhead origin holds control characters replays"
clean "$TMP/word.out" "its report"
is "$(grep -c '^bytes and calls: ' "$TMP/word.out")" 1 "... one line of bytes and calls, the report's own"
grep -q 'each call (\\x1b\[2J\\r\\nFAKE!)$' "$TMP/word.out"
ok $? "... the origin printed escaped, as \\x1b, \\r and \\n"

# a path the parser refuses: its message names it
printf '%s\noverhead 0 none 0\nrank 0 pid 1\nopen "/%s" rdonly 0 = 3 0.00001\n' \
	"$head_" "$FAKE" > "$TMP/path.script"
$RUN replay --allow-root --dir "$TMP/sb" "$TMP/path.script" \
	> "$TMP/path.out" 2> "$TMP/path.err"
is $? 1 "a script with an absolute path is refused"
clean "$TMP/path.err" "the refusal"
grep -q "line 6: path '/\\\\x1b\\[2J\\\\r\\\\nbytes and calls: equal; FAKE' is outside" "$TMP/path.err"
ok $? "... names the path escaped"

# the script's own name, from the command line, in the report
NAME="$TMP/$(printf 'n\033[2J\rbytes and calls: equal; FAKE')"
cp "$TMP/word.script" "$NAME"
$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" "$NAME" \
	> "$TMP/name.out" 2> "$TMP/name.err"
is $? 0 "a script named with control characters replays"
clean "$TMP/name.out" "the report naming it"

# UTF-8 stays as it is; a C1 control and a right-to-left override do not
printf '%s\noverhead 0 "caf\xc3\xa9\xc2\x9b\xe2\x80\xae" 0\nrank 0 pid 1\nmkdir "d" 0755 = 0 0.00001\n' \
	"$head_" > "$TMP/utf8.script"
$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" \
	"$TMP/utf8.script" > "$TMP/utf8.out" 2>&1
grep -q 'each call (café\\u009b\\u202e)$' "$TMP/utf8.out"
ok $? "printable UTF-8 kept, a C1 control and U+202E escaped"
# every bidirectional control (Bidi_Control), the Arabic letter mark too
printf '%s\noverhead 0 "\xd8\x9c\xe2\x80\x8f\xe2\x81\xa6" 0\nrank 0 pid 1\nmkdir "d" 0755 = 0 0.00001\n' \
	"$head_" > "$TMP/bidi.script"
$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" \
	"$TMP/bidi.script" > "$TMP/bidi.out" 2>&1
grep -q 'each call (\\u061c\\u200f\\u2066)$' "$TMP/bidi.out"
ok $? "U+061C, U+200F and U+2066 escaped ($(grep -a 'each call' "$TMP/bidi.out"))"

# a trace whose path holds them: replay-script's report of rewrites
printf '%s\n' \
	"5 10:00:00.000100 openat(AT_FDCWD, \"/tmp/in\\33[2J\\r\\nbytes and calls: equal; FAKE\", O_RDONLY) = 3 <0.000010>" \
	'5 10:00:00.000200 read(3, "0123456789", 10) = 10 <0.000010>' \
	'5 10:00:00.000300 close(3) = 0 <0.000010>' \
	'5 10:00:00.000400 openat(AT_FDCWD, "/tmp/out", O_WRONLY|O_CREAT, 0644) = 3 <0.000010>' \
	'5 10:00:00.000500 write(3, "0123456789", 10) = 10 <0.000010>' \
	'5 10:00:00.000600 close(3) = 0 <0.000010>' > "$TMP/esc.trace"
$RUN replay-script -o "$TMP/esc.sc" "$TMP/esc.trace" > "$TMP/rs.out" 2> "$TMP/rs.err"
is $? 0 "replay-script writes the script of a trace with such a path"
clean "$TMP/rs.out" "replay-script's report"
grep -q '^  /tmp/in\\x1b\[2J\\r\\nbytes and calls: equal; FAKE -> in\\x1b' "$TMP/rs.out"
ok $? "... its rewrite of the path printed escaped"
$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" \
	"$TMP/esc.sc" > "$TMP/rp.out" 2> "$TMP/rp.err"
is $? 0 "... and the script replays"
clean "$TMP/rp.out" "the replay's report"
clean "$TMP/rp.err" "the replay's messages"

# the commands that read the trace: their text reports and tables
for c in files summary timeline; do
	$RUN $c "$TMP/esc.trace" > "$TMP/$c.out" 2>&1
	is $? 0 "iolens $c reads the trace"
	clean "$TMP/$c.out" "... its report"
done
# (--wide: the path whole, not shortened to the terminal's width)
$RUN files --wide "$TMP/esc.trace" > "$TMP/files.out" 2>&1
grep -q '^/tmp/in\\x1b\[2J\\r\\nbytes and calls: equal; FAKE ' "$TMP/files.out"
ok $? "... the path in the table of files escaped"

# names from the command line in the messages that were printed past
# msg(): iolens trace's last line, triage's unopened --config
BAD="$TMP/$(printf 't\033[2J\rbytes and calls: equal; FAKE')"
$RUN trace -o "$BAD" -- true > /dev/null 2> "$TMP/trace.err"
is $? 0 "iolens trace writes a trace whose name holds control characters"
clean "$TMP/trace.err" "... its message naming it"
LOG=$(ls "$TOP"/sample-logs/ior/ior_posix_n1_t4m/*.darshan)
$RUN triage --config "$BAD.conf" "$LOG" > /dev/null 2> "$TMP/triage.err"
is $? 1 "iolens triage with a --config it cannot open fails"
clean "$TMP/triage.err" "... its message naming it"

done_testing
