#!/bin/sh
# iolens blocks --source-map OLD=NEW (issue 33: "--source-map OLD=NEW for
# sources that moved (gdb's substitute-path)"): a program built in one
# directory and traced, its sources then moved: the loops, which come
# from reading the source files the binary names, are found again where
# the rule says (the blocks keep the names the binary gives), also when
# the measured blocks are joined to the predicted ones; a rule that
# matches only part of a directory's name is no match; a malformed rule
# is a usage error.  Sources not found are a warning that names the
# first and the option.
. "$(dirname "$0")/lib.sh"
LIB=$(dirname "$IOLENS")/iolens-trace.so
[ -f "$LIB" ] || skip_all "bin/iolens-trace.so is not built"
command -v cc > /dev/null || skip_all "no C compiler"
mkdir -p "$TMP/old" "$TMP/bin"
cp "$TOP/t/data/blocks/known.c" "$TMP/old/"
(cd "$TMP/old" && cc -g -O0 -fno-omit-frame-pointer -o "$TMP/bin/known" known.c) 2> "$TMP/err" ||
	skip_all "cannot build known.c: $(head -1 "$TMP/err")"
(cd "$TMP" && $RUN trace --stacks -o "$TMP/k.it" "$TMP/bin/known" "$TMP/out.dat" 2> "$TMP/err")
ok $? "known.c traced with stacks"
mv "$TMP/old" "$TMP/new"
cd "$TMP" || exit 1
# the loops: function line trips calls
loops() { awk -F, '$2 == "loop" { print $3, $5, $6, $7 }' "$1"; }

$RUN blocks --sort line --format=csv "$TMP/k.it" > moved.csv 2> "$TMP/err"
ok $? "blocks of the trace after its sources moved"
is "$(loops moved.csv)" "" "... finds no loop: the sources are not where the binary says"
grep -q "warning: 1 source file the binaries name is not found (the first: '$TMP/old/known.c'): no loops from it; --source-map OLD=NEW reads sources that moved" "$TMP/err"
ok $? "... and says so"
$RUN blocks --sort line --format=csv --source-map "$TMP/old=$TMP/new" "$TMP/k.it" > mapped.csv 2> "$TMP/err"
ok $? "blocks --source-map OLD=NEW"
is "$(loops mapped.csv)" "write_loop 22 16 16
main 51 2 8" "... finds the loops where the sources are now: 16 and 2 trips"
is "$(cat "$TMP/err")" "" "... and warns of nothing"
is "$(awk -F, '$2 == "loop" { print $4 }' mapped.csv | sort -u)" "$TMP/old/known.c" \
	"... the blocks keep the file name the binary gives"
$RUN blocks --sort line --format=csv --source-map "$TMP/ol=$TMP/new" "$TMP/k.it" > part.csv 2> /dev/null
is "$(loops part.csv)" "" "a rule matching part of a directory name is no match"
$RUN blocks --source-map "$TMP/old" "$TMP/k.it" > /dev/null 2> "$TMP/err"
is "$?" "2" "--source-map without =NEW is a usage error"
if [ -f "$(dirname "$IOLENS")/iolens-code.so" ]; then
	$RUN blocks --source --format=csv --source-map "$TMP/old=$TMP/new" "$TMP/new/known.c" "$TMP/k.it" > join.csv 2> "$TMP/err"
	ok $? "blocks --source with a trace and --source-map"
	is "$(awk -F, '$2 == "loop" && $5 == 22 { print $6 }' join.csv)" "16" \
		"... the measured loop joins the predicted one: 16 iterations"
else
	skip "bin/iolens-code.so is not built" 2
fi
done_testing
