#!/bin/sh
# A call on no known file (rename(2) from a name strace could not read,
# printed as an address) counted a file in every block under the root:
# blocks took the process's "first seen here" of the block above for a
# file of its own (files 1 for main.c:16, mv() and mv.c:7; 0 for main()),
# and a gcc SANITIZE=1 build stopped on that read of r.  Now a call on
# no file counts none (t/data/blocks/mv-unread.c).
. "$(dirname "$0")/lib.sh"
command -v cc > /dev/null || skip_all "no C compiler"
have_strace_k ||
	skip_all "no strace with -k"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/mv-unread.c" . && cc -g -O0 -o mv mv-unread.c || exit 1
strace -f -k -tt -T -y -e trace=rename -o mv.strace ./mv || exit 1
sed 's/rename("a.txt", /rename(0x5581aa10, /' mv.strace > un.strace
is "$(grep -c 'rename(0x5581aa10, "b.txt") = 0' un.strace)" 1 "the first name unread"
$RUN blocks --format=csv un.strace > un.csv 2> err
is "$?" 0 "blocks of the trace"
col() { awk -F, -v k="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["function"] "," $c["kind"] "," $c[k] }' un.csv; }
is "$(col calls | tr '\n' ' ')" "main,function,1 main,line,1 mv,function,1 mv,line,1 " \
	"the rename under main() and mv()"
is "$(col files | tr '\n' ' ')" "main,function,0 main,line,0 mv,function,0 mv,line,0 " \
	"on no file: no block counts one"
done_testing
