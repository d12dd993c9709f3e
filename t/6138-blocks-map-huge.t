#!/bin/sh
# blocks' mapping note sums the mappings' lengths as the trace gives
# them, saturating: two mmaps of INT64_MAX bytes (a hostile or damaged
# trace: t/data/blocks/map-data.c's one map of 4 KiB, its length
# rewritten and the call repeated) overflowed the sum (undefined; under
# SANITIZE=1 UBSan stopped blocks, else the note was left out on a
# negative size).  strace here runs the test's own program, not iolens,
# so the test runs under SANITIZE too.
. "$(dirname "$0")/lib.sh"
have_strace_k || skip_all "no strace with -k"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/map-data.c" . && cc -g -O0 -o p map-data.c || exit 1
strace -f -k -tt -T -o p.st ./p || exit 1
# the map's call and its stack lines, twice, with the length INT64_MAX
awk '/mmap\(NULL, 4096, PROT_READ\|PROT_WRITE, MAP_SHARED/ {
	sub(/mmap\(NULL, 4096,/, "mmap(NULL, 9223372036854775807,")
	m = $0; inmap = 1; next
}
inmap && /^ > / { m = m "\n" $0; next }
inmap { print m; print m; inmap = 0 }
{ print }' p.st > huge.st
is "$(grep -c 'mmap(NULL, 9223372036854775807' huge.st)" 2 "two maps of INT64_MAX bytes"
$RUN blocks huge.st > b.txt 2> err
is "$?:$(grep -c 'runtime error' err)" "0:0" "blocks runs clean"
is "$(grep 'mapp' b.txt)" \
	"2 file mappings (mmap): what is read or written through a mapping is in no block
8192.0 PiB mapped, 8192.0 PiB of it shared and writable: up to 8192.0 PiB written through a mapping, not counted as writes" \
	"the size saturates at INT64_MAX"
done_testing
