#!/bin/sh
# A tree read through directory descriptors (tar, cp -r, rm -r, Python's
# os.fwalk with dir_fd), traced by iolens trace and by strace -f with and
# without -y: each of two files sub/a/f and sub/b/f (1000 and 3000 bytes)
# appears under its own absolute path with its size as bytes read, and
# replay-script stages each with its size.  The tracer stays out of the
# program's way: its descriptor is not the lowest free number (a
# threaded program doing close(1) then open() gets 1 every time), a
# program that takes its number gets no line of the trace, and a program
# it cannot enter (static), run or exec'd by one it could, is said to
# have run without it.
. "$(dirname "$0")/lib.sh"

LIB=$(dirname "$IOLENS")/iolens-trace.so
[ -f "$LIB" ] || skip_all "no tracer library beside $IOLENS (make builds bin/iolens-trace.so)"
mkdir -p "$TMP/tree/sub/a" "$TMP/tree/sub/b" || exit 1
head -c 1000 /dev/zero > "$TMP/tree/sub/a/f"
head -c 3000 /dev/zero > "$TMP/tree/sub/b/f"
# the physical path: iolens trace names files from getcwd()
TREE=$(cd "$TMP/tree" && pwd -P)
cd "$TREE" || exit 1

# rows "path bytes_read" of a trace's files under the tree
rows() {
	$RUN files --format=tsv "$1" | awk -F'\t' -v t="$TREE/" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		index($c["path"], t) == 1 && $c["bytes_read"] > 0 {
			print substr($c["path"], length(t) + 1), $c["bytes_read"] }' | sort
}

# the inputs replay-script stages under the tree's sub/
inputs() {
	$RUN replay-script -o "$TMP/s.rs" "$1" > /dev/null 2>&1 || return 1
	sed -n 's/^input "\(.*\)" \([0-9]*\)$/\1 \2/p' "$TMP/s.rs" | grep 'sub/./f ' | sed 's/.*\(sub\/\)/\1/' | sort
}

tree_ok() {	# tree_ok <trace> <what>
	is "$(rows "$1")" "sub/a/f 1000
sub/b/f 3000" "$2: each f under its own absolute path, its size read"
	is "$(inputs "$1")" "sub/a/f 1000
sub/b/f 3000" "$2: replay-script stages each f with its size"
}

# ---- iolens trace ----
$RUN trace -o "$TMP/tar.trace" tar cf "$TMP/x.tar" sub 2> "$TMP/err"
ok $? "iolens trace tar ($(tail -1 "$TMP/err"))"
tree_ok "$TMP/tar.trace" "iolens trace tar"
grep -q "openat([0-9]*<$TREE/sub>, \"a\"" "$TMP/tar.trace"
ok $? "... the trace names a directory descriptor as strace -y does"
grep -q 'without the tracer' "$TMP/err" "$TMP/tar.trace"
is "$?" 1 "... and says nothing of a missing tracer"

rm -rf "$TMP/c1"
$RUN trace -o "$TMP/cp.trace" cp -r sub "$TMP/c1" 2> "$TMP/err"
ok $? "iolens trace cp -r"
tree_ok "$TMP/cp.trace" "iolens trace cp -r"

PY=$(command -v python3)
if [ -n "$PY" ] && "$PY" -c 'import os; os.fwalk' 2> /dev/null; then
	cat > "$TMP/fw.py" <<'PYEOF'
import os, sys
n = 0
for root, dirs, files, rootfd in os.fwalk(sys.argv[1]):
    for f in files:
        fd = os.open(f, os.O_RDONLY, dir_fd=rootfd)
        n += len(os.read(fd, 1 << 20))
        os.close(fd)
print(n)
PYEOF
	$RUN trace -o "$TMP/py.trace" "$PY" "$TMP/fw.py" sub > "$TMP/out" 2> "$TMP/err"
	is "$?:$(cat "$TMP/out")" "0:4000" "iolens trace python os.fwalk with dir_fd"
	is "$(rows "$TMP/py.trace")" "sub/a/f 1000
sub/b/f 3000" "python dir_fd: each f under its own absolute path, its size read"
else
	skip "no python3 with os.fwalk" 2
fi

# ---- strace ----
if command -v strace > /dev/null && strace -o /dev/null true 2> /dev/null; then
	strace -f -tt -T -o "$TMP/s.trace" tar cf "$TMP/y.tar" "$TREE/sub" 2> /dev/null
	tree_ok "$TMP/s.trace" "strace -f -tt -T tar"
	strace -f -tt -T -y -o "$TMP/sy.trace" tar cf "$TMP/z.tar" sub
	tree_ok "$TMP/sy.trace" "strace -f -tt -T -y tar (relative names)"
	rm -rf "$TMP/c2"
	cp -r sub "$TMP/c2"
	C2=$(cd "$TMP/c2" && pwd -P)
	strace -f -tt -T -o "$TMP/rm.trace" rm -r "$C2"
	$RUN replay-script -o "$TMP/rm.rs" "$TMP/rm.trace" > /dev/null 2>&1
	# the names as the script has them (the directory all share taken
	# off), the unlinked ones among them
	sed -n "s|^rewrite \"$C2/\\([ab]/f\\)\" \"\\(.*\\)\"\$|\\1 \\2|p" "$TMP/rm.rs" > "$TMP/names"
	is "$(while read -r orig new; do grep -c "^unlink \"$new\" = 0" "$TMP/rm.rs"; done < "$TMP/names" | tr '\n' ' ')" "1 1 " \
		"strace rm -r: unlinkat of each f under its own directory"
else
	skip "strace cannot run here" 5
fi

# ---- the tracer's descriptor ----
if cc -O2 -pthread -o "$TMP/lowfd" "$TOP/t/data/trace/lowfd.c" 2> "$TMP/err"; then
	$RUN trace -o "$TMP/low.trace" "$TMP/lowfd" 20000 > /dev/null 2> "$TMP/err"
	is "$?:$(head -1 "$TMP/err")" "0:0 of 20000 opens did not get 1" \
		"a threaded close(1), open() gets 1 every time under the tracer"
	$RUN trace -o "$TMP/take.trace" "$TMP/lowfd" --take "$TMP/mine" 2> "$TMP/err"
	ok $? "a program that closes every descriptor and fills 3 to 1023 with its file"
	is "$(wc -c < "$TMP/mine")" 0 "... gets no line of the trace in its file"
	tail -1 "$TMP/take.trace" | grep -q 'newfstatat(AT_FDCWD, "/", {st_mode=S_IFDIR|0[0-7]*, st_size=[0-9]*, \.\.\.}, 0) = 0'
	ok $? "... and its calls after are still traced"
else
	skip "cannot build t/data/trace/lowfd.c" 4
fi

# ---- a program the tracer cannot enter ----
# without_tracer PROG TRACE WHAT: PROG traced into TRACE is said to have
# run without the tracer, on stderr and in the trace's header
without_tracer() {
	$RUN trace -o "$2" "$1" 2> "$TMP/err"
	is "$?:$(head -1 "$TMP/err")" \
		"0:iolens trace: '$1' ran without the tracer (static or set-user-ID program?): the trace has no calls" \
		"$3: said on stderr"
	grep -qx '# the command ran without the tracer (static or set-user-ID program?): the trace has no calls' "$2"
	ok $? "... and in the trace's header"
}
printf '#include <stdio.h>\nint main(void) { FILE *f = fopen("st.txt", "w"); fputs("x\\n", f); return fclose(f); }\n' > "$TMP/st.c"
if cc -static -o "$TMP/static" "$TMP/st.c" 2> /dev/null; then
	without_tracer "$TMP/static" "$TMP/st.trace" "a static program"
	$RUN replay-script -o "$TMP/st.rs" "$TMP/st.trace" > "$TMP/out" 2> "$TMP/err"
	is "$?:$(cat "$TMP/err")" "1:iolens replay-script: '$TMP/st.trace' has no I/O calls to replay: no script written" \
		"replay-script of a trace without calls: exit 1, one line"
	[ ! -e "$TMP/st.rs" ]
	ok $? "... and no script"
	# a program exec'd without it, among others exec'd with it, once
	# for two runs; a failed exec is not one
	$RUN trace -o "$TMP/sh.trace" sh -c "'$TMP/static'; '$TMP/static'; cat /dev/null; '$TMP/none' 2> /dev/null; true" 2> "$TMP/err"
	is "$(grep -v ' calls of ' "$TMP/err")" \
		"iolens trace: '$TMP/static' ran without the tracer (static or set-user-ID program?): its calls are not in the trace" \
		"a static program run by a shell: named once on stderr, not cat nor a failed exec"
	is "$(grep -c "^# '$TMP/static' ran without the tracer" "$TMP/sh.trace")" 1 "... and in the trace's header"
else
	skip "no static C library to link a static program" 6
fi
# a set-user-ID program: the loader runs it in secure mode and takes
# no preload by path (root runs one of another user's: its real and
# effective ids differ)
printf '#include <stdio.h>\nint main(void) { FILE *f = fopen("/dev/null", "w"); if (f) { fputs("x\\n", f); fclose(f); } return 0; }\n' > "$TMP/su.c"
if [ "$(id -u)" = 0 ] && cc -o "$TMP/suid" "$TMP/su.c" 2> /dev/null &&
	chmod 755 "$TMP" && chown 65534 "$TMP/suid" && chmod 4755 "$TMP/suid" &&
	[ "$(stat -c %a "$TMP/suid")" = 4755 ] && ! findmnt -nT "$TMP" -o OPTIONS | grep -q nosuid; then
	without_tracer "$TMP/suid" "$TMP/su.trace" "a set-user-ID program"
else
	skip "not root, no C compiler, or a nosuid mount: no set-user-ID program" 2
fi
$RUN trace -o "$TMP/true.trace" true 2> "$TMP/err"
grep -q 'without the tracer' "$TMP/err" "$TMP/true.trace"
is "$?" 1 "a program with no I/O of its own is not said to run without the tracer"

done_testing
