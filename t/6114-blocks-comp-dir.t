#!/bin/sh
# A source compiled by a relative name (cd proj && cc -g src/comp-dir.c)
# is read under the unit's DW_AT_comp_dir, wherever blocks runs (it was
# looked for from the current directory: "not found", no loop), else
# from the current directory; --source-map matches the comp_dir-joined
# path, and a relative OLD still matches (t/data/blocks/comp-dir.c;
# issue 33 D8).
. "$(dirname "$0")/lib.sh"
command -v cc > /dev/null || skip_all "no C compiler"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
cd "$TMP" || exit 1
mkdir -p proj/src && cp "$TOP/t/data/blocks/comp-dir.c" proj/src/ || exit 1
(cd proj && cc -g -O0 -o ../prog src/comp-dir.c) || exit 1
$RUN trace --stacks -o "$TMP/p.it" ./prog 2> /dev/null
ok $? "traced"
loop() { awk -F, '$2 == "loop" { print $4 ":" $5 ":" $6 }' "$1"; }
(cd / && $RUN blocks --format=csv "$TMP/p.it" > "$TMP/b.csv" 2> "$TMP/err")
is "$?:$(cat err)" "0:" "from /: no warning"
is "$(loop b.csv)" "$TMP/proj/src/comp-dir.c:9:4" "... the loop, under the compiler's directory"
mv proj moved
(cd / && $RUN blocks --format=csv --source-map "$TMP/proj/src=$TMP/moved/src" "$TMP/p.it" > "$TMP/m.csv" 2> "$TMP/err")
is "$?:$(cat err)" "0:" "moved, --source-map of the absolute directory: no warning"
is "$(loop m.csv)" "$TMP/proj/src/comp-dir.c:9:4" "... the loop"
(cd / && $RUN blocks --format=csv --source-map "src=$TMP/moved/src" "$TMP/p.it" > "$TMP/r.csv" 2> "$TMP/err")
is "$?:$(cat err):$(loop r.csv)" "0::$TMP/proj/src/comp-dir.c:9:4" "--source-map of the relative name: the loop"
(cd moved && $RUN blocks --format=csv "$TMP/p.it" > "$TMP/c.csv" 2> "$TMP/err")
is "$?:$(cat err):$(loop c.csv)" "0::src/comp-dir.c:9:4" "the compiler's directory gone: from the current directory"
done_testing
