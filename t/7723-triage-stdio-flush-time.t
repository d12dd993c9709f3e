#!/bin/sh
# IOL-STDIO-SHARE stakes what a stream's extra flushes cost, not their
# share of its calls (issue 34, round 141).  r141-gridcost fprintf's
# 52026 times and fflush'es each of 2000 CSV rows (~127 B) on a sync
# mount: 27.18 s of STDIO; its twin without the per-row flush took
# 0.94 s (labelled material, 26.1 s).  The calls at stdio_libcall_us
# cost 0.05 s; the rest is the flushes' writes.  Before the fix the
# time was spread over every call: 0.975 s, below the impact floor.
# Flushes into the page cache or of a block keep their calls' share.
# Buffered streams whose flushes are no more than their buffers' worth
# (r7-applog-batch) and flushes that cost nothing (r132-deplete: 150
# lines in 0.005 s) stay quiet.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
col() {	# col <log> <code> <field>: a field of the rule's tsv row
	$RUN triage --all --format tsv "$1" |
		awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }'
}
f=$D/triage-round141/r141-gridcost.darshan
s=$(col "$f" IOL-STDIO-SHARE 3)
k=$(col "$f" IOL-STDIO-SHARE 10)
d=$(col "$f" IOL-STDIO-SHARE 8)
diag "r141-gridcost STDIO-SHARE: $s, $k s at stake: $d"
case $s in warn|high) ok 0 "r141-gridcost: the per-row flushes found" ;;
*) ok 1 "r141-gridcost: the per-row flushes found" ;; esac
awk -v k="$k" 'BEGIN { exit !(k >= 20 && k <= 27.2) }'
ok $? "r141-gridcost: the flushes' time at stake (20-27.2 s, labelled 26.1)"
case $d in *"the stream's system calls"*)
	ok 0 "r141-gridcost: the detail says the time is the system calls'" ;;
*) ok 1 "r141-gridcost: the detail says the time is the system calls'" ;; esac
for x in triage-round7/r7-applog-batch triage-round132/r132-deplete; do
	f=$D/$x.darshan
	[ -f "$f" ] || { ok 1 "$x missing"; continue; }
	s=$(col "$f" IOL-STDIO-SHARE 3)
	diag "$x STDIO-SHARE: $s, $(col "$f" IOL-STDIO-SHARE 10) s at stake"
	case $s in warn|high) ok 1 "$(basename $x): stays quiet" ;;
	*) ok 0 "$(basename $x): stays quiet" ;; esac
done
# flushes into the page cache (10 us each) and flushes of a block (768 B,
# the buffer's writes wait longer) keep their share of the calls: staked
# by their time they made IO-TIME a finding, labelled trivial in both
for x in triage-round7/r7-applog-line triage-round36/r36-halodiag-flush; do
	f=$D/$x.darshan
	s=$(col "$f" IOL-IO-TIME 3)
	diag "$x IO-TIME: $s; STDIO-SHARE $(col "$f" IOL-STDIO-SHARE 3)"
	case $s in warn|high) ok 1 "$(basename $x): IO-TIME stays quiet" ;;
	*) ok 0 "$(basename $x): IO-TIME stays quiet" ;; esac
	s=$(col "$f" IOL-STDIO-SHARE 3)
	case $s in warn|high) ok 0 "$(basename $x): STDIO-SHARE still found" ;;
	*) ok 1 "$(basename $x): STDIO-SHARE still found" ;; esac
done
done_testing
