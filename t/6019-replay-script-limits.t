#!/bin/sh
# replay-script writes only scripts replay takes: a call of the trace
# past what a script holds (a pwrite of 4 GiB, a rename to an empty
# path; strace shows what the traced program
# asked, and a trace can be made by hand) is dropped and counted, in
# the report and in the script's header, and the script replays.
. "$(dirname "$0")/lib.sh"

mkdir "$TMP/sb"
L='7 10:00:00.000'

# limits <name> <why> <description>: the trace $TMP/<name>.trace makes a
# script with one call dropped for <why>, and replay takes it
limits() {
	$RUN replay-script -o "$TMP/$1.sc" "$TMP/$1.trace" > "$TMP/$1.out" 2> "$TMP/$1.err"
	is $? 0 "$3: replay-script writes the script"
	grep -q "^1 calls dropped: a script cannot hold them (the first: $2)\$" "$TMP/$1.out"
	ok $? "... its report counts the call dropped, and says why"
	grep -q "^# 1 calls dropped: a script cannot hold them (the first: $2)\$" "$TMP/$1.sc"
	ok $? "... so does the script's header"
	$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" \
		"$TMP/$1.sc" > "$TMP/$1.rep" 2> "$TMP/$1.rerr"
	is $? 0 "... and replay takes the script, bytes and calls equal"
	grep -q '^bytes and calls: equal;' "$TMP/$1.rep"
	ok $? "... as its report says"
}

cat > "$TMP/big.trace" <<EOF
${L}100 openat(AT_FDCWD, "/tmp/o", O_WRONLY|O_CREAT, 0644) = 3 <0.000010>
${L}200 pwrite64(3, "abc"..., 4294967296, 0) = 4294967296 <0.000010>
${L}300 write(3, "abc", 3) = 3 <0.000010>
${L}400 close(3) = 0 <0.000010>
EOF
limits big "a length over 2\\^31 bytes" "a pwrite of 4 GiB"
is "$(grep -c '^pwrite\|^write' "$TMP/big.sc")" 1 "... the write after it kept"

cat > "$TMP/empty.trace" <<EOF
${L}100 openat(AT_FDCWD, "/tmp/o", O_WRONLY|O_CREAT, 0644) = 3 <0.000010>
${L}200 write(3, "abc", 3) = 3 <0.000010>
${L}300 close(3) = 0 <0.000010>
${L}400 rename("/tmp/o", "") = 0 <0.000010>
${L}500 unlink("/tmp/o") = 0 <0.000010>
EOF
limits empty "an empty path or one outside the sandbox" "a rename to an empty path"

done_testing
