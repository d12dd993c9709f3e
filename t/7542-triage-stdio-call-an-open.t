#!/bin/sh
# IOL-STDIO-SHARE leaves a writer whose every STDIO open is one data call
# of a buffer's worth or more at info (issue 34, round 59).  numpy's
# np.save hands each save's data to one fwrite on a fresh fdopen:
# r59-steps-files (600 files) and r59-steps-one (600 saves to one file)
# have STDIO OPENS = WRITES = 600 of 10240 B on slow sync storage.  glibc
# passes such a call straight to write(2): the request is all the data
# the open had, and only fewer saves make it larger; that cost is told by
# IOL-SMALL-FILES and IOL-SMALL-REQ (STDIO-SHARE labelled trivial in
# both; main warned at 6.35 and 5.57 s).  steps-one's IO-TIME keeps its
# warning: the saves' STDIO time joins SMALL-REQ's among its causes.
# Many calls an open stay judged: r42-ckpt-stdio's 1024 fwrites of 4 KiB
# a file and r59-rankfiles-flush's fflush a line warn as before.  Truths
# by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: STDIO data calls, opens, bytes written a data call
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "STDIO_WRITES" || $4 == "STDIO_READS" { c += $5 }
		$4 == "STDIO_OPENS" { o += $5 }
		$4 == "STDIO_BYTES_WRITTEN" { b += $5 }
		END { printf "%d %d %d\n", c, o, c ? b / c : 0 }'
}
code() { # log code: the code's state
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 }'
}

is "$(truth "$D/triage-round59/r59-steps-files.darshan")" "601 601 10222" \
	"steps-files: awk: one data call an open (600 fwrites of 10 KiB, one read)"
is "$(truth "$D/triage-round59/r59-steps-one.darshan")" "601 601 10222" \
	"steps-one: awk: one data call an open"
for p in steps-files steps-one; do
	for r in "$D/triage-round59/r59-$p.darshan" \
		"$D"/triage-round59/reruns/r59-labels59-ab*-$p.darshan; do
		is "$(code "$r" IOL-STDIO-SHARE)" info "$(basename "$r"): STDIO-SHARE info (main: warn)"
		$RUN triage --all --format tsv "$r" 2>/dev/null | grep IOL-STDIO-SHARE |
			grep -q "each open one call of at least stdio_call_bytes"
		ok $? "$(basename "$r"): the detail says why"
		is "$(code "$r" IOL-IO-TIME)" warn "$(basename "$r"): IO-TIME still warns (labelled material)"
	done
done
f=$D/triage-round42/r42-ckpt-stdio.darshan
set -- $(truth "$f")
test "$1" -gt "$2"
ok $? "r42-ckpt-stdio: awk: more data calls ($1) than opens ($2)"
is "$(code "$f" IOL-STDIO-SHARE)" warn "r42-ckpt-stdio: STDIO-SHARE warns (labelled material)"
f=$D/triage-round59/r59-rankfiles-flush.darshan
is "$(code "$f" IOL-STDIO-SHARE)" warn "rankfiles-flush: STDIO-SHARE warns (labelled material)"
done_testing
