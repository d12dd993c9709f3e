#!/bin/sh
# Stakes of processes whose threads do I/O at once (issue 34, round 73).
# Darshan adds a process's records' times, so where each thread has its
# own file a rank's summed I/O time exceeds its run: r73-stepfile said
# "29 s at stake, 247 % of the run" (35.1 s of I/O a rank in an 11.7 s
# run; its twin saved 7.0 s).  Its DXT shows the threads' calls overlap:
# the stakes are scaled to the rank's wall time in I/O (never past the
# run) and the detail says so; META-BOUND stays high.  r23-fio-randread-
# 4k-4j (4 threads, 1.46 s summed in a 0.89 s run, labelled material
# for SMALL-REQ and IO-TIME) keeps both warnings.  Threads on one shared
# file are counted once by Darshan already (r73-pread: no scaling), and
# a shared record's time added over ranks is no overlap (r62-couple4k's
# SMALL-REQ keeps its 5.43 s).  No finding of rounds 23, 62 and 73 is
# over 100 % of its run.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
tsv() { $RUN triage --all --format tsv "$@" 2>/dev/null; }
field() { # log code column: one finding's column
	tsv "$1" | awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }'
}
SF=$D/triage-round73/r73-stepfile.darshan
is "$(field "$SF" IOL-META-BOUND 3)" high "stepfile: META-BOUND stays high"
is "$(field "$SF" IOL-META-BOUND 10 | awk '{ printf "%.3f", $1 }')" 9.701 \
	"stepfile: META-BOUND's stake is the run's share of the summed time"
field "$SF" IOL-META-BOUND 8 | grep -q 'overlap: wall 11.737 of 35.140 s summed'
ok $? "stepfile: the detail says the threads' calls overlap"
is "$(field "$SF" IOL-IO-TIME 5 | awk '{ print ($1 <= 100) }')" 1 \
	"stepfile: IO-TIME's share of the run in I/O is at most 100 %"
FIO=$D/triage-round23/r23-fio-randread-4k-4j.darshan
is "$(field "$FIO" IOL-SMALL-REQ 3) $(field "$FIO" IOL-IO-TIME 3)" "warn warn" \
	"fio 4 threads: SMALL-REQ and IO-TIME still warn"
is "$(field "$FIO" IOL-IO-TIME 10 | awk '{ print ($1 < 0.89) }')" 1 \
	"fio 4 threads: IO-TIME's stake under the 0.89 s run"
PR=$D/triage-round73/r73-pread.darshan
tsv "$PR" | grep -q 'stakes scaled'
is "$?" 1 "pread: threads on one file are not scaled"
C4=$D/triage-round62/r62-couple4k.darshan
is "$(field "$C4" IOL-SMALL-REQ 10 | awk '{ printf "%.2f", $1 }')" 5.43 \
	"couple4k: a shared record's summed time is no overlap"
over=$(tsv "$D"/triage-round73/*.darshan "$D"/triage-round73/reruns/*.darshan \
	"$FIO" "$D"/triage-round62/*.darshan |
	awk -F'\t' '$11 != "" && $11 + 0 > 100 { n++ } END { print n + 0 }')
is "$over" 0 "no stake over 100 % of its run in rounds 23, 62 and 73"
done_testing
