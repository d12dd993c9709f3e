#!/bin/sh
# blocks --source: a C++ file stream whose scope a return leaves before
# its closing brace (issue 33, destructors/RAII).  gcc and clang (-O0 and
# -O2) give the destructor's close and the write(2) of what is left the
# line of the variable's scope's closing brace, whichever return or fall
# through left it, so that is where they are predicted: each stream at
# its own scope's brace, never at the return's line (which a trace never
# shows).  Joined to a trace, every block's predicted write(2) are the
# measured writes.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/raii-return.cpp
cd "$TMP" || exit 1
col() { block_col "$@"; }
row() { echo "$(col "$1" "$2" calls),$(col "$1" "$2" sys_writes)"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(row s.csv nest:19)" "1,1" "the inner stream: closed at its scope's brace (line 19)"
is "$(row s.csv nest:21)" "1,1" "the outer stream: at the function's brace (line 21)"
is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["line"] == 18 { print $1 }' s.csv)" "" \
	"nothing at the return's line"
is "$(row s.csv once:29)" "1,1" "return; as the last statement: the close at the brace"

n=0
for cxx in c++ clang++; do
	command -v $cxx > /dev/null && [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || continue
	rm -f rr rr.it
	cp "$SRC" . && $cxx -g -O0 -o rr raii-return.cpp 2> /dev/null || continue
	$RUN trace --stacks -o rr.it ./rr 2> /dev/null
	$RUN blocks --source --format=csv raii-return.cpp rr.it > j.csv 2> err
	is "$(col j.csv nest:19 writes),$(col j.csv nest:21 writes),$(col j.csv once:29 writes)" 1,1,1 \
		"$cxx: the trace has the destructors' write(2) at the braces"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["predicted_sys_writes"] != $c["writes"] || $c["status"] == "not predicted" { print $1 }' j.csv)" "" \
		"$cxx: predicted write(2) equal the measured writes on every block"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || skip "no iolens-trace.so or no C++ compiler" 2
done_testing
