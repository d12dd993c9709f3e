#!/bin/sh
# blocks --source on C++ file streams closed by their destructors (issue
# 33: "destructors/RAII"): a std::ofstream or std::ifstream opened in a
# scope and not closed there is closed at the scope's closing brace (the
# line a trace gives its destructor's calls), the last declared first;
# a stream written since its last flush sends what is left then, one
# write(2), while its writes count their full buffers only (rounded
# down).  Joined to a trace, the predicted write(2) equal the measured
# writes on every block of t/data/blocks/raii.cpp.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/raii.cpp
cd "$TMP" || exit 1
# block id -> calls, syncs, sys_writes (by the header's names)
col() { block_col "$@"; }
row() { echo "$(col "$1" "$2" calls),$(col "$1" "$2" sys_writes)"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(row s.csv save:14)" "1,1" "save(): its ofstream closed at its closing brace, flushing what is left"
is "$(row s.csv save:12)" "10,0" "... its 10 writes of 100 B fill no 8 KiB buffer: no write(2) there"
is "$(row s.csv save)" "12,1" "save(): open, 10 writes, the destructor's close; one write(2)"
is "$(row s.csv main:19:23)" "1,1" "a stream in a loop's body: closed at the body's brace"
is "$(row s.csv main:19)" "9,3" "... each iteration: open, write, close, 3 times; 3 write(2)"
is "$(row s.csv main:28)" "1,1" "close() of a written stream flushes it"
is "$(row s.csv main:30)" "1,0" "end of main: the ifstream's destructor closes it; the closed ofstream's does nothing"
$RUN blocks --source "$SRC" > s.txt
grep -q '^    std::ofstream::~ofstream (stdio)$' s.txt
ok $? "text: the destructor's call"

LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v c++ > /dev/null && cp "$SRC" . &&
	c++ -g -O0 -o raii raii.cpp 2> /dev/null; then
	$RUN trace --stacks -o raii.it ./raii 2> /dev/null
	$RUN blocks --source --format=csv raii.cpp raii.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to the program's trace"
	is "$(col j.csv save:14 calls)" 2 "the trace: a write(2) and the close at save()'s brace"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["predicted_sys_writes"] != $c["writes"] { print $1 }' j.csv)" "" \
		"predicted write(2) equal the measured writes on every block"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["status"] == "not predicted" { print $1 }' j.csv)" "" \
		"no measured block left unpredicted"
else
	skip "no iolens-trace.so or no C++ compiler" 4
fi
done_testing
