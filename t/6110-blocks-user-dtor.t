#!/bin/sh
# blocks --source follows a user class's destructor (RAII) as it follows
# its constructor: a local object's destructor runs at its scope's
# closing brace (where gcc puts the call), a delete's at its line, and
# their calls (the Log's fsync and close) count there; joined to a trace,
# every block is exact and none "not predicted" (the fsync's line was
# "not predicted", main's calls "differs": 17 for 27;
# t/data/blocks/user-dtor.cpp; issue 33 D4).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/user-dtor.cpp
cd "$TMP" || exit 1
col() { block_col "$@"; }
row() { echo "$(col "$1" "$2" calls),$(col "$1" "$2" syncs)"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(row s.csv fill:29)" "2,1" "fill(): ~Log at its closing brace, its fsync and close"
is "$(row s.csv main:34:38)" "2,1" "a loop body's object: destroyed at the body's brace"
is "$(row s.csv main:34)" "12,3" "... each of the 3 iterations: open, write, fsync, close"
is "$(row s.csv main:41)" "2,1" "delete: the destructor at the delete's line"
is "$(row s.csv main)" "27,5" "main(): 11 + 12 + 4"
$RUN blocks --source "$SRC" > s.txt
grep -q '^    Log::~Log()$' s.txt
ok $? "text: the destructor's call under its line"

LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v c++ > /dev/null && cp "$SRC" . &&
	c++ -g -O0 -o prog user-dtor.cpp 2> /dev/null; then
	$RUN trace --stacks -o prog.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv user-dtor.cpp prog.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	is "$(col j.csv fill:29 status)" exact "the destructor's line in the trace: predicted, exact"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] != "exact" { print $1 ":" $c["status"] }' j.csv | tr '\n' ' ')" "" \
		"every block exact"
else
	skip "no iolens-trace.so or no C++ compiler" 3
fi
done_testing
