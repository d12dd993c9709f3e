#!/bin/sh
# IOL-READ-AFTER-WRITE counts each record that read a file after it was
# first written (issue 34, round 20): jlbez_8a's 64 aggregators read back
# 25.9 GB from 6.49 s of a file first written at 0.248 s, but a rank's
# header read at open, before any write, made the file's earliest read
# precede its first write: "0 B read from files written first".
# t/unit/triage-r20 raw: rank 0 reads a 4 KiB header at 0.1 s, ranks 1-2
# write 64 MiB from 0.25 s, rank 2 reads 32 MiB back from 6.5 s.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/triage-r20
if [ ! -x "$U" ]; then
	skip "t/unit/triage-r20 is not built" 1
	done_testing
	exit 0
fi
is "$("$U" raw | awk '$1 == "raw_bytes" { print $2 }')" 33554432 "the 32 MiB read back after the writes, not the header read before (main: 0)"
done_testing
