#!/bin/sh
# The PDF writer when cairo cannot take its output state (set_user_data
# out of memory, made to fail by a preloaded stand-in,
# t/data/report/nouserdata.c): the surface wrote into that state as it
# was destroyed after the state was freed (a use after free).  Now the
# report says it cannot write, exits 1, and leaves no temporary file.
. "$(dirname "$0")/lib.sh"
command -v cc > /dev/null || skip_all "no C compiler for the stand-in library"
command -v pkg-config > /dev/null || skip_all "no pkg-config"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "a preloaded library under the sanitizer"
# shellcheck disable=SC2046
cc -O2 -shared -fPIC $(pkg-config --cflags cairo 2>/dev/null) -o "$TMP/nud.so" \
	"$TOP/t/data/report/nouserdata.c" 2> "$TMP/err" ||
	skip_all "cannot build the stand-in library: $(head -1 "$TMP/err")"
L=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
mkdir "$TMP/out"
LD_PRELOAD=$TMP/nud.so $RUN report -o "$TMP/out/r.pdf" "$L" > /dev/null 2> "$TMP/err"
st=$?
if [ $st -ne 0 ] && grep -q "drawing" "$TMP/err"; then
	skip_all "no drawing libraries: $(head -1 "$TMP/err")"
fi
is "$st" 1 "report exits 1"
is "$(cat "$TMP/err")" "iolens report: cannot write '$TMP/out/r.pdf': Cannot allocate memory" \
	"... saying it cannot write, in one line"
is "$(ls -A "$TMP/out")" "" "... and leaves no file, temporary or not"
$RUN report -o "$TMP/out/r.pdf" "$L" > /dev/null 2> "$TMP/err"
is "$?:$(ls -A "$TMP/out")" "0:r.pdf" "without the stand-in the report is written"
done_testing
