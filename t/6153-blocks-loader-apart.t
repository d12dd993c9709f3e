#!/bin/sh
# Under strace -k the dynamic loader's own calls (its opens, reads and
# maps of the libraries, in ld.so with nothing of the program's above)
# were in the root "[loader]" with exit()'s stdio flushes, and the join
# paired them all with the source's exit-flush prediction ("[loader]()
# 1 vs 10 +9 differs", issue 33 D2).  They are a root of their own,
# "[loader: ld.so]", said once in the text's head and the join's summary
# and never compared; "[loader]" keeps exit()'s calls.
. "$(dirname "$0")/lib.sh"
cd "$TMP" || exit 1
LD=/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
LC=/usr/lib/x86_64-linux-gnu/libc.so.6
fr() { for f in "$@"; do printf ' > %s\n' "$f"; done; }
{
	echo '100   10:00:00.000100 openat(AT_FDCWD</d>, "/etc/ld.so.cache", O_RDONLY|O_CLOEXEC) = 3</etc/ld.so.cache> <0.000010>'
	fr "$LD(_dl_catch_error+0x84aa) [0x2092a]" "$LD(_dl_start_user+0x0) [0x1]"
	echo '100   10:00:00.000200 read(3</usr/lib/libc.so.6>, "x"..., 832) = 832 <0.000010>'
	fr "$LD(_dl_catch_error+0x84aa) [0x2092a]" "$LD(_dl_start_user+0x0) [0x1]"
	echo '100   10:00:00.000300 openat(AT_FDCWD</d>, "/d/o.log", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 4</d/o.log> <0.000010>'
	fr "$LC(__open64+0x5b) [0x1148fb]" "/opt/app/bin/app(main+0x40) [0x1b40]" \
		"$LC(__libc_start_call_main+0x7a) [0x2724a]" "/opt/app/bin/app(_start+0x25) [0x10d5]"
	echo '100   10:00:00.000400 write(4</d/o.log>, "x"..., 3000) = 3000 <0.000010>'
	fr "$LC(__write+0x17) [0x114a37]" "$LC(_IO_file_write+0x2c) [0x8233c]" "$LC(_IO_cleanup+0x1c) [0x8439c]" \
		"$LC(exit+0x10) [0x3c130]" "$LC(__libc_start_call_main+0x81) [0x27251]" "/opt/app/bin/app(_start+0x25) [0x10d5]"
} > k.trace
$RUN blocks --format=csv k.trace > k.csv 2> err
is "$?" 0 "blocks reads the trace"
is "$(awk -F, '$1 !~ /\./ && NR > 1 { print $3 ":" $7 ":" $13 }' k.csv | sort | tr '\n' ' ')" \
	"[loader: ld.so]:2:0 [loader]:1:3000 main:1:0 " \
	"the loader's own calls a root apart, exit()'s flush under [loader]"
$RUN blocks k.trace 2> /dev/null > k.txt
is "$(grep -c '^folded: .*\[loader: ld.so\]' k.txt)" 1 "the head says it, once"
# joined to a program's source (strace -k, libclang's module, a compiler)
if [ -f "$(dirname "$IOLENS")/iolens-code.so" ] && have_strace_k && command -v cc > /dev/null; then
	cat > lf.c << 'END'
#include <stdio.h>
static FILE *lg;
int main(void)
{
	char r[300] = {0};
	lg = fopen("lf.log", "w");
	for (int i = 0; i < 10; i++)
		fwrite(r, 300, 1, lg);
	return 0;
}
END
	cc -g -O0 -o lf lf.c && strace -f -k -tt -T -y -o lf.st ./lf
	$RUN blocks --source lf.c lf.st > j.txt 2> /dev/null
	is "$?" 0 "joined to the program's strace -k trace"
	is "$(grep '^\[loader\]()' j.txt | awk '{ print $2, $3, $4 }')" "1 1 0" \
		"[loader]: exit()'s one flush against the one predicted"
	is "$(grep -c '^(\[loader: ld.so\]: the dynamic loader.s [0-9]* calls loading libraries, not the program.s: not compared)$' j.txt)" 1 \
		"the loader's own calls said once, not compared"
	$RUN blocks --source --format=csv lf.c lf.st > j.csv 2> /dev/null
	is "$(grep -c 'ld.so' j.csv)" 0 "... and not in the joined CSV"
else
	skip "no libclang module, strace -k or C compiler" 4
fi
done_testing
