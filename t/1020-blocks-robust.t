#!/bin/sh
# iolens blocks --source on shapes of programs it has not seen, alone and
# joined to a run (t/data/blocks-join/robust.c and tmpl.cpp, whose
# comments state their I/O): while and do loops with a counter (counted)
# and to a bound known at run time (unknown, not guessed: the run gives
# the count), a function called in nested loops (3 writes x 10 x 2 = 60),
# an I/O call made by a macro and a loop made by a macro, a C++ method and
# a function template called in loops; a missing header (a warning, the
# rest used), a file that does not parse, an empty file, a directory.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/blocks.sh"
cd "$TOP" || exit 1
D=t/data/blocks-join

[ -f bin/iolens-code.so ] ||
	skip_all "bin/iolens-code.so is not built (libclang-dev is missing)"

# one column of a block of a CSV: col <file> <block> <column>
col() {
	awk -F, -v b="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) n[$i] = i; next }
		$1 == b { print $(n[c]) }' "$1"
}

# ---- the source alone ----
$RUN blocks --source $D/robust.c --format=csv > "$TMP/r.csv" 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "robust.c parses"
is "$(col "$TMP/r.csv" three calls) $(col "$TMP/r.csv" caller:33 trip_count) $(col "$TMP/r.csv" caller calls) $(col "$TMP/r.csv" outer calls) $(col "$TMP/r.csv" outer bytes_written)" \
	"3 10 30 60 480" "a function of 3 writes called in a loop of 10 (a macro bound): 30; that in a loop of 2: 60"
is "[$(col "$TMP/r.csv" whiles:49 trip_count)] [$(col "$TMP/r.csv" whiles:54 trip_count)] [$(col "$TMP/r.csv" whiles:58 trip_count)] [$(col "$TMP/r.csv" bounds:67 trip_count)] [$(col "$TMP/r.csv" whiles calls)]" \
	"[4] [3] [] [] []" "while and do with a counter set before and stepped last: 4 and 3; a do to a parameter, a for to n * 2: unknown, and so the totals"
is "$(col "$TMP/r.csv" macros:75 calls) $(col "$TMP/r.csv" macros:75 bytes_written) $(col "$TMP/r.csv" macros:76 kind) $(col "$TMP/r.csv" macros:76:77 bytes_written)" \
	"1 16 loop 16" "a write made by a macro, at the line of the macro; a loop made by one"
# while loops the source does not fix: a continue that skips the step,
# a step also in the middle, a counter not set just before, a step not last
cat > "$TMP/w.c" <<'EOC'
#include <unistd.h>
static char b[4];
void w(int fd, int x)
{
	int i = 0;

	while (i < 4) {
		if (x)
			continue;
		write(fd, b, 1);
		i++;
	}
	i = 0;
	while (i < 4) {
		write(fd, b, 1);
		i += x;
		i++;
	}
	i = 0;
	x = 1;
	while (i < 4) {
		write(fd, b, 1);
		i++;
	}
	i = 0;
	while (i < 4) {
		i++;
		write(fd, b, 1);
	}
	i = 8;
	while (i > 0) {
		write(fd, b, 1);
		i -= 2;
	}
}
EOC
$RUN blocks --source "$TMP/w.c" --format=csv > "$TMP/w.csv"
is "$(for l in 7 14 21 26 31; do printf '[%s]' "$(col "$TMP/w.csv" "w:$l" trip_count)"; done)" "[][][4][4][4]" \
	"while loops left unknown: a continue, a second step; counted: a statement between that leaves i alone, the step first, i = 8 down by 2"
$RUN blocks --source $D/tmpl.cpp --format=csv > "$TMP/c.csv" 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "tmpl.cpp parses"
is "$(col "$TMP/c.csv" io::put calls) [$(col "$TMP/c.csv" io::put bytes_written)] $(col "$TMP/c.csv" io::Log::line calls) $(col "$TMP/c.csv" main calls)" \
	"1 [] 5 30" "C++: a function template's write (of sizeof(T): unknown), a method calling it, main 5 x 5 + 3 + 2"

# ---- joined to runs ----
if command -v cc > /dev/null && [ -f "$(dirname "$IOLENS")/iolens-trace.so" ]; then
	W=$TMP/w
	mkdir -p "$W"
	cp $D/robust.c "$W/"
	(cd "$W" && cc -g -O0 -o robust robust.c && $RUN trace --stacks -o "$TMP/r.it" ./robust r.out 2> /dev/null)
	$RUN blocks --source $D/robust.c "$TMP/r.it" --format=csv > "$TMP/rj.csv"
	rows "$TMP/rj.csv" > "$TMP/rj.rows"
	# outer's loop: 1 measured, as the trace cannot tell caller's 2
	# entries apart (all its calls are in its own loop); the source says 2
	cat > "$TMP/rj.want" <<'EOW'
main ? ? ? 82 ? 575 unknown
outer ? ? 60 60 480 480 exact
outer:41 1 2 60 60 480 480 exact
main:84 ? ? 60 60 480 480 exact
caller ? ? 60 60 480 480 exact
caller:33 20 20 60 60 480 480 exact
outer:41:42 ? ? 60 60 480 480 exact
macros ? ? ? 4 ? 64 unknown
main:87 ? ? ? 4 ? 64 unknown
three ? ? 60 60 480 480 exact
caller:33:34 ? ? 60 60 480 480 exact
whiles ? ? ? 10 ? 25 unknown
main:85 ? ? ? 10 ? 25 unknown
whiles:49 4 4 4 4 16 16 exact
macros:76 ? ? ? 3 ? 48 unknown
macros:75 ? ? 1 1 16 16 exact
macros:76:77 ? ? ? 3 ? 48 unknown
three:24 ? ? 20 20 160 160 exact
three:25 ? ? 20 20 160 160 exact
three:26 ? ? 20 20 160 160 exact
whiles:49:50 ? ? 4 4 16 16 exact
whiles:54 3 3 3 3 3 3 exact
whiles:58 3 ? ? 3 ? 6 unknown
whiles:58:59 ? ? ? 3 ? 6 unknown
bounds ? ? ? 6 ? 6 unknown
bounds:67 6 ? ? 6 ? 6 unknown
whiles:54:55 ? ? 3 3 3 3 exact
bounds:67:68 ? ? ? 6 ? 6 unknown
main:86 ? ? ? 6 ? 6 unknown
main:82 ? ? 1 1 0 0 exact
main:88 ? ? 1 1 0 0 exact
EOW
	diff -u "$TMP/rj.want" "$TMP/rj.rows" > "$TMP/diff"
	ok $? "robust.c run: every block, predicted and measured"
	[ -s "$TMP/diff" ] && sed 's/^/# /' "$TMP/diff" | head -30
	$RUN blocks --source $D/robust.c "$TMP/r.it" > "$TMP/rj.txt"
	grep -q '^  loop robust.c:67 x?  .*unknown: 6 iterations ran$' "$TMP/rj.txt" &&
		grep -q '^  loop robust.c:76 x?  .*unknown: 3 iterations ran$' "$TMP/rj.txt" &&
		grep -q '^  loop robust.c:58 x?  .*unknown: 3 iterations ran$' "$TMP/rj.txt"
	ok $? "loops of unknown trip count (for to n * 2, a macro's, do to n): the iterations the run implies"
	# built -O2 (gcc, and clang when there, whose binaries have no
	# .debug_aranges): caller and outer are inlined into main, and three
	# into them; DWARF's inline chain (the call site of each) gives the
	# same tree, so the same blocks join
	for c in cc clang; do
		if ! command -v $c > /dev/null; then
			skip "no $c" 1
			continue
		fi
		(cd "$W" && $c -g -O2 -o robust2 robust.c 2> /dev/null &&
			$RUN trace --stacks -o "$TMP/r2.it" ./robust2 r.out 2> /dev/null)
		$RUN blocks --format=csv "$TMP/r2.it" | cut -d, -f2,3,5,7 | grep -c '^function,\(main\|outer\|caller\|three\),,60$' > "$TMP/n"
		$RUN blocks --source $D/robust.c "$TMP/r2.it" > "$TMP/r2.txt"
		is "$(cat "$TMP/n"):$(sed -n '/^predicted against/,/in calls;/p' "$TMP/r2.txt" | tr '\n' ' ')" \
			"3:predicted against measured: 18 blocks compared, 18 exact in calls and bytes, 18 in calls; error weighted by calls 0.0 %, by bytes 0.0 % (accuracy 100.0 %); " \
			"$c -O2, inlined: outer, caller and three from the inline chain (60 calls each), every block exact as at -O0"
	done
	# the same trace against another program's source: nothing joins
	$RUN blocks --source t/data/blocks/known.c "$TMP/r.it" --format=csv > "$TMP/x.csv"
	is "$?:$(awk -F, 'NR > 1 && $7 != 0' "$TMP/x.csv" | wc -l)" "0:0" \
		"a trace of another program: every predicted block measured 0, nothing else"
else
	skip "no C compiler or tracer" 5
fi
if command -v c++ > /dev/null && [ -f "$(dirname "$IOLENS")/iolens-trace.so" ]; then
	cp $D/tmpl.cpp "$TMP/w/" 2> /dev/null || { mkdir -p "$TMP/w" && cp $D/tmpl.cpp "$TMP/w/"; }
	(cd "$TMP/w" && c++ -g -O0 -o tmpl tmpl.cpp && $RUN trace --stacks -o "$TMP/c.it" ./tmpl 2> /dev/null)
	$RUN blocks --source $D/tmpl.cpp "$TMP/c.it" --format=csv > "$TMP/cj.csv"
	rows "$TMP/cj.csv" > "$TMP/cj.rows"
	cat > "$TMP/cj.want" <<'EOW'
main ? ? 30 30 244 244 exact
main:34 5 5 25 25 220 220 exact
io::Log::line ? ? 25 25 220 220 exact
main:34:35 ? ? 25 25 220 220 exact
io::Log::line:19 20 20 20 20 200 200 exact
main:36 3 3 3 3 24 24 exact
io::Log::line:19:20 ? ? 20 20 200 200 exact
main:36:37 ? ? 3 3 24 24 exact
io::Log::line:21 ? ? 5 5 20 20 exact
io::put ? ? 8 8 44 44 exact
io::put:11 ? ? 8 8 44 44 exact
main:31 ? ? 1 1 0 0 exact
main:38 ? ? 1 1 0 0 exact
EOW
	diff -u "$TMP/cj.want" "$TMP/cj.rows" > "$TMP/diff"
	ok $? "C++ run: the method and the template (put<int>, put<double> in DWARF) join the source's blocks, bytes too (sizeof(T) per instance)"
	[ -s "$TMP/diff" ] && sed 's/^/# /' "$TMP/diff" | head -30
else
	skip "no C++ compiler or tracer" 1
fi

# ---- sources that do not parse ----
printf '#include "nothere.h"\n#include <unistd.h>\nstatic char b[8];\nvoid f(int fd)\n{\n\tint i;\n\tfor (i = 0; i < 3; i++)\n\t\twrite(fd, b, 8);\n}\nvoid g(struct thing *t) { thing_write(t); write(0, b, 1); }\n' > "$TMP/miss.c"
$RUN blocks --source "$TMP/miss.c" --format=csv > "$TMP/m.csv" 2> "$TMP/err"
is "$?:$(sed 's/the first: .*/.../' "$TMP/err")" \
	"0:iolens blocks: warning: '$TMP/miss.c': 1 error while parsing, what parsed is used; ...
iolens blocks: warning: thing_write() is called but defined in none of the given files: its I/O is unknown (give the file that defines it)" \
	"a missing header: a warning, and one for the function it declared; exit 0"
is "$(col "$TMP/m.csv" f calls) $(col "$TMP/m.csv" f:7 trip_count) $(col "$TMP/m.csv" g calls)" "3 3 " \
	"... and the functions are there (g() unknown: thing_write()'s I/O is not 0)"
printf 'int main( { for (;;) write(1, "x", 1)' > "$TMP/junk.c"
$RUN blocks --source "$TMP/junk.c" > "$TMP/out" 2> "$TMP/err"
is "$?:$(grep -c warning "$TMP/err"):$(cat "$TMP/out")" "1:1:no I/O calls in the functions of these sources" \
	"a file that does not parse: a warning, nothing predicted, exit 1"
: > "$TMP/empty.c"
$RUN blocks --source "$TMP/empty.c" > "$TMP/out" 2> "$TMP/err"
is "$?:$(cat "$TMP/err"):$(cat "$TMP/out")" "0::no I/O calls in the functions of these sources" "an empty file"
mkdir -p "$TMP/dir.c"
$RUN blocks --source "$TMP/dir.c" > /dev/null 2> "$TMP/err"
is "$?" 1 "a directory: exit 1 ($(cat "$TMP/err"))"
$RUN blocks --source "$TMP/junk.c" $D/robust.c --format=csv > "$TMP/two.csv" 2> /dev/null
is "$?:$(col "$TMP/two.csv" outer calls)" "0:60" "a file that does not parse beside one that does: the other's blocks"
done_testing
