#!/bin/sh
# iolens blocks is never silently wrong (issue 33): iolens trace --stacks
# records each module its stacks name (build id, size, mtime, path) and
# the stacks it cut; blocks refuses (exit 1, one line) a trace whose
# binary was rebuilt since, warns when it is gone, says when it has no
# DWARF (stripped); the program's own shared library built -g keeps its
# frames (ckpt.c in a libckpt.so); a stack deeper than --stacks hangs
# under "[stack cut]", counted, instead of making extra roots; the
# default depth is 64.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1

LIB=$(dirname "$IOLENS")/iolens-trace.so
[ -f "$LIB" ] || skip_all "no tracer library"
command -v cc > /dev/null || skip_all "no C compiler"
W=$TMP/w
mkdir -p "$W"
cp t/data/blocks/known.c "$W/"
cc -g -O0 -o "$W/known" "$W/known.c" 2> "$TMP/ccerr" || skip_all "cannot build known.c: $(head -1 "$TMP/ccerr")"

# ---- the modules, as traced ----
(cd "$W" && $RUN trace --stacks -o "$TMP/k.it" ./known out.dat 2> /dev/null)
grep -q '^# stacks: depth 64, 0 cut$' "$TMP/k.it"
ok $? "the header: the depth (64 by default) and the stacks cut"
grep -q "^# module [0-9a-f]\{40\} $(stat -c %s "$W/known") [0-9]* $W/known\$" "$TMP/k.it"
ok $? "... and the program as traced: build id, size, mtime, path"
$RUN blocks "$TMP/k.it" > /dev/null 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the same binary: no word"

# ---- rebuilt: refused ----
cp "$W/known" "$W/known.orig"
(echo '/* two lines more: every line moves */'; echo; cat t/data/blocks/known.c) > "$W/known2.c"
cc -g -O0 -o "$W/known" "$W/known2.c"
$RUN blocks "$TMP/k.it" > "$TMP/out" 2> "$TMP/err"
is "$?:$(wc -l < "$TMP/err"):$(wc -c < "$TMP/out")" "1:1:0" "a binary rebuilt since: exit 1, one line, no blocks"
grep -q "'$W/known' changed since it was traced" "$TMP/err"
ok $? "... naming the binary ($(cat "$TMP/err"))"
cc -g -O0 -o "$W/known" "$W/known.c"
$RUN blocks "$TMP/k.it" > /dev/null 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "rebuilt from the same source (the same build id): accepted"
# strace -k writes no modules: a binary newer than the trace is refused
sed '/^#/d' "$TMP/k.it" > "$TMP/s.trace"
touch -d "@$(($(date +%s) + 3600))" "$W/known"
$RUN blocks "$TMP/s.trace" > /dev/null 2> "$TMP/err"
is "$?:$(wc -l < "$TMP/err")" "1:1" "a trace without modules and a binary newer than it: refused"
cp -p "$W/known.orig" "$W/known"

# ---- gone: a warning ----
mv "$W/known" "$W/known.away"
$RUN blocks "$TMP/k.it" > /dev/null 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" \
	"0:iolens blocks: warning: '$W/known' is gone: its frames keep the trace's names, without files or lines" \
	"a binary gone: a warning"
mv "$W/known.away" "$W/known"

# ---- stripped: said ----
strip -o "$W/knowns" "$W/known"
(cd "$W" && $RUN trace --stacks -o "$TMP/s.it" ./knowns out.dat 2> /dev/null)
$RUN blocks "$TMP/s.it" > /dev/null 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" \
	"0:iolens blocks: note: '$W/knowns' has no debugging information (stripped, or built without -g): functions by symbol or address, no lines" \
	"a stripped binary: said"

# ---- the program's own shared library ----
cat > "$W/ckpt.c" << 'END'
#include <fcntl.h>
#include <unistd.h>
void ckpt_write(const char *p)
{
	static char b[4096];
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644), i;

	for (i = 0; i < 4; i++)
		write(fd, b, sizeof(b));
	close(fd);
}
END
printf 'void ckpt_write(const char *p);\nint main(int c, char **v)\n{\n\t(void)c;\n\tckpt_write(v[1]);\n\treturn 0;\n}\n' > "$W/app.c"
(cd "$W" && cc -g -O0 -shared -fPIC -o libckpt.so ckpt.c && cc -g -O0 -o app app.c -L. -lckpt "-Wl,-rpath,$W" &&
	$RUN trace --stacks -o "$TMP/a.it" ./app c.out 2> /dev/null)
$RUN blocks --sort line --format=csv "$TMP/a.it" > "$TMP/a.csv"
is "$(awk -F, 'NR > 1 { n = split($4, p, "/"); print $2, $3, p[n], $5, $7, $10, $13 }' "$TMP/a.csv")" \
"function main app.c  6 4 16384
line main app.c 5 6 4 16384
function ckpt_write ckpt.c  6 4 16384
line ckpt_write ckpt.c 6 1 0 0
loop ckpt_write ckpt.c 8 4 4 16384
line ckpt_write ckpt.c 9 4 4 16384
line ckpt_write ckpt.c 10 1 0 0" \
	"a -g libckpt.so keeps its frames: its function, loop and lines"

# ---- a deep recursion cut at its depth ----
cat > "$W/deep.c" << 'END'
#include <fcntl.h>
#include <unistd.h>
static int fd;
static void rec(int n)
{
	if (n == 0) {
		write(fd, "x", 1);
		return;
	}
	rec(n - 1);
	__asm__ volatile("");
}
int main(void)
{
	int i;

	fd = open("deep.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < 3; i++)
		rec(30);
	close(fd);
	return 0;
}
END
(cd "$W" && cc -g -O0 -o deep deep.c && $RUN trace --stacks=16 -o "$TMP/d16.it" ./deep 2> /dev/null &&
	$RUN trace --stacks -o "$TMP/d64.it" ./deep 2> /dev/null)
grep -q '^# stacks: depth 16, 3 cut$' "$TMP/d16.it"
ok $? "--stacks=16: the 3 writes 33 frames deep counted as cut"
is "$(grep -c '^ > \[stack cut\]$' "$TMP/d16.it")" 3 "... each marked in the trace"
$RUN blocks "$TMP/d16.it" > "$TMP/d16.txt"
is "$(sed -n 2p "$TMP/d16.txt")" "3 stacks cut at 16 frames, under [stack cut]: use --stacks=64" \
	"blocks: counted in the header, with the depth to use"
is "$($RUN blocks --format=csv "$TMP/d16.it" | awk -F, 'NR > 1 && $1 !~ /[.#]/ { print $3, $7 }' | sort | tr '\n' ' ')" \
	"[stack cut] 3 main 2 " "... the cut stacks under one root \"[stack cut]\", not a root rec()"
$RUN blocks --format=csv "$TMP/d16.it" > /dev/null 2> "$TMP/err"
is "$(cat "$TMP/err")" "iolens blocks: note: 3 stacks cut at 16 frames, under [stack cut]: use --stacks=64" \
	"... and in a note with a machine format"
is "$($RUN blocks --format=csv "$TMP/d64.it" | awk -F, 'NR > 1 && $1 !~ /[.#]/ { print $3, $7 }' | tr '\n' ' ')" \
	"main 5 " "the default depth: one root, nothing cut"

# a library linked in statically without DWARF (h5cc's libhdf5.a) into
# a program built -g: its frames fold into the program's line that
# called it, as a shared library's do (it kept them: 45 blocks of HDF5's
# internals for 8 calls; issue 33 D7)
mkdir "$TMP/st" && cd "$TMP/st" || exit 1
cat > lib.c << 'END'
#include <fcntl.h>
#include <unistd.h>
static char b[512];
__attribute__((noinline)) static void lib_flush(int fd) { write(fd, b, sizeof b); }
__attribute__((noinline)) void lib_save(const char *p)
{
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	lib_flush(fd);
	lib_flush(fd);
	close(fd);
}
END
cat > app.c << 'END'
void lib_save(const char *p);
int main(void)
{
	lib_save("st.dat");
	return 0;
}
END
cc -O0 -c lib.c && ar rc libst.a lib.o && cc -g -O0 -o app app.c libst.a || exit 1
$RUN trace --stacks -o st.it ./app 2> /dev/null
is "$($RUN blocks --format=csv st.it 2> /dev/null | awk -F, 'NR > 1 { print $1 ":" $3 ":" $7 }' | tr '\n' ' ')" \
	"1:main:4 1.1:main:4 " "a static library without DWARF: under the line that called it"
cd "$TOP" || exit 1
done_testing
