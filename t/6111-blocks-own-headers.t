#!/bin/sh
# blocks --source follows the functions a project header defines (an
# inline writer: its 25 writes were counted 0), and a call of the
# program's own function whose body is in none of the given files is
# unknown, with a warning naming it, never no I/O (main() was "2 calls,
# differs" for 29); given the file with its body, every block is exact
# A constructor or destructor declared without its body is unknown too,
# not those the compiler makes (t/data/blocks/own-app.c, own-header.h, own-meta.c,
# own-ctor.cpp; issue 33 D6).
. "$(dirname "$0")/lib.sh"
need_code
D=$TOP/t/data/blocks
cd "$TMP" || exit 1
col() { block_col "$@"; }
cp "$D/own-app.c" "$D/own-header.h" "$D/own-meta.c" . || exit 1

$RUN blocks --source --format=csv own-app.c > s.csv 2> err
is "$?" 0 "blocks --source runs"
is "$(cat err)" "iolens blocks: warning: save_meta() is called but defined in none of the given files: its I/O is unknown (give the file that defines it)" \
	"a warning names the function without a body"
is "$(col s.csv main:14 calls):$(col s.csv main:14 writes)" "25:25" "put_rows() of the header: its 25 writes"
is "$(col s.csv put_rows file)" "own-header.h" "put_rows() is a block of the header"
is "$(col s.csv main:15 calls)" "" "save_meta(): unknown, not 0"
is "$(col s.csv main calls)" "" "main(): unknown, not 27"
$RUN blocks --source own-app.c > s.txt 2> /dev/null
grep -q '^    save_meta() (no body in these sources: its I/O unknown)$' s.txt
ok $? "text: the call without a body says so"
$RUN blocks --source --format=csv own-app.c own-meta.c > s2.csv 2> err
is "$?:$(cat err)" "0:" "given its file: no warning"
is "$(col s2.csv main calls)" 29 "... main(): 1 + 25 + 2 + 1"
$RUN blocks --source --format=csv "$D/own-ctor.cpp" > c.csv 2> err
is "$(cat err)" "iolens blocks: warning: Ext::Ext() is called but defined in none of the given files: its I/O is unknown (give the file that defines it)
iolens blocks: warning: Far::~Far() is called but defined in none of the given files: its I/O is unknown (give the file that defines it)" \
	"a constructor and a destructor declared without their bodies: named; implicit and = default ones are not"
is "$(col c.csv main:28 calls):$(col c.csv main:29 calls):$(col c.csv main:38 calls):$(col c.csv main calls)" ":1::" \
	"... their lines (the destructor's at its scope's brace) and main() unknown"

if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o prog own-app.c own-meta.c 2> /dev/null; then
	$RUN trace --stacks -o prog.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv own-app.c prog.it > j.csv 2> /dev/null
	is "$(col j.csv put_rows:9:10 status)" exact "the trace's header lines are the header's blocks"
	is "$(col j.csv main status)" unknown "main() unknown, not differs"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] != "exact" && $c["status"] != "unknown" { print $1 ":" $c["status"] }' j.csv |
		tr '\n' ' ')" "" "no block differs or is not predicted"
	$RUN blocks --source --format=csv own-app.c own-meta.c prog.it > j2.csv 2> /dev/null
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] != "exact" { print $1 ":" $c["status"] }' j2.csv | tr '\n' ' ')" "" \
		"given every file: every block exact"
else
	skip "no iolens-trace.so or no C compiler" 4
fi
done_testing
