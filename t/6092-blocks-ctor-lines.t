#!/bin/sh
# A C++ file stream constructed over two lines (`std::ofstream
# out(name,\n mode);`) was predicted on its first line, but gcc puts the
# constructor's call on the line of its closing parenthesis, where both
# tracers have the open: the join said ":15 differs" and ":16 not
# predicted".  Now a constructor's call is on that line (issue 33 D6;
# t/data/blocks/ctor-lines.cpp).
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v c++ > /dev/null || skip_all "no C++ compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/ctor-lines.cpp" . && c++ -g -O0 -o p ctor-lines.cpp || exit 1
$RUN blocks --source --format=csv ctor-lines.cpp > s.csv 2> err
is "$?:$(cat err)" "0:" "predicted"
is "$(block_col s.csv Dumper::dump:16 opens):$(block_col s.csv Dumper::dump:15 opens)" "1:" \
	"ofstream's open on its closing parenthesis' line"
is "$(block_col s.csv Dumper::load:25 opens):$(block_col s.csv Dumper::load:24 opens)" "1:" \
	"ifstream's open on its closing parenthesis' line"

$RUN trace --stacks -o p.it ./p 2> /dev/null
$RUN blocks --source --format=csv ctor-lines.cpp p.it > j.csv 2> err
is "$?:$(cat err)" "0:" "joined to its iolens trace"
is "$(grep -c 'differs\|not predicted' j.csv)" 0 "... no row differs, none not predicted"
is "$(block_col j.csv Dumper::dump:16 status) $(block_col j.csv Dumper::load:25 status)" "exact exact" \
	"... both opens exact"
if have_strace_k && [ -z "${SANITIZE:-}" ]; then
	strace -f -k -tt -T -y -o p.strace ./p
	$RUN blocks --source --format=csv ctor-lines.cpp p.strace > k.csv 2> /dev/null
	is "$(block_col k.csv Dumper::dump:16 opens):$(block_col k.csv Dumper::load:25 opens)" "1:1" \
		"joined to its strace -k trace: both opens on the predicted lines"
	is "$(grep -c '^[A-Za-z:]*:\(15\|24\),' k.csv)" 0 "... nothing on the first lines"
else
	skip "no strace with -k" 2
fi
done_testing
