#!/bin/sh
# iolens trace dropped the read(2) = 0 by which glibc finds a file's end
# under fgets: a loop of fgets over 7 lines makes read() = 84 and read()
# = 0, strace shows both, the trace had one.  The stream's end seen in a
# call is that read now (issue 33 D1; t/data/blocks/logloop.c,
# read_config()).
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/logloop.c" . && cc -g -O0 -o logloop logloop.c || exit 1
$RUN trace --stacks -o l.it ./logloop 2> err
is "$?" 0 "traced"
is "$(grep -c 'read([0-9]*, "", [0-9]*) = 0 ' l.it)" 1 "the read at the file's end, = 0"
$RUN blocks --format=csv l.it > l.csv 2> /dev/null
reads() { awk -F, -v f="$1" -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["function"] == f && $c["kind"] == k { print $c["reads"]; exit }' l.csv; }
is "$(reads read_config loop)" 2 "read_config()'s fgets loop: 2 reads"
is "$(awk -F, 'NR > 1 && $3 == "read_config" && $2 == "loop" { print $12 }' l.csv)" 84 "... of 84 B"
if command -v strace > /dev/null && [ -z "${SANITIZE:-}" ] &&
	strace -f -y -e trace=read -o st.txt ./logloop 2> /dev/null; then
	is "$(grep -c 'read([0-9]*</.*cfg.txt>' st.txt)" "$(reads read_config function)" "strace counts as many reads of cfg.txt"
else
	skip "no strace" 1
fi
done_testing
