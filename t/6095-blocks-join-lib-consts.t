#!/bin/sh
# A project shared library's function called with constants from its one
# call site (chunks_write(fd, data, NCHUNKS, CHUNK) in the application):
# its loop on the count parameter, the line in that loop and the helper
# it calls with the size stayed "unknown" in the join over the run,
# although the site fixes them.  Now a loop on a parameter counts with
# each site's value, through the sources given (issue 33 D7;
# t/data/blocks/lib-app.c, lib-chunks.c).
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP"/t/data/blocks/lib-app.c "$TOP"/t/data/blocks/lib-chunks.[ch] . || exit 1
cc -g -O0 -shared -fPIC -o libchunks.so lib-chunks.c &&
	cc -g -O0 -o app lib-app.c -L. -lchunks -Wl,-rpath,"$TMP" || exit 1
$RUN trace --stacks -o a.it ./app 2> /dev/null
$RUN blocks --source --format=csv lib-app.c lib-chunks.c a.it > j.csv 2> err
is "$?:$(cat err)" "0:" "joined to its iolens trace"
is "$(grep -c 'differs\|unknown\|not predicted' j.csv)" 0 "... no row differs, is unknown or not predicted"
for b in chunks_write:14:15 write_chunk write_chunk:9; do
	is "$(block_col j.csv $b predicted_calls):$(block_col j.csv $b predicted_bytes_written):$(block_col j.csv $b status)" \
		"8:32768:exact" "... $b: 8 calls, 32768 B predicted, exact"
done
if have_strace_k && [ -z "${SANITIZE:-}" ]; then
	strace -f -k -tt -T -y -o a.strace ./app
	$RUN blocks --source --format=csv lib-app.c lib-chunks.c a.strace > k.csv 2> /dev/null
	is "$(block_col k.csv write_chunk:9 status):$(block_col k.csv chunks_write:14:15 status)" "exact:exact" \
		"joined to its strace -k trace: the library's rows exact"
else
	skip "no strace with -k" 1
fi
done_testing
