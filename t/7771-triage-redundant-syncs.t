#!/bin/sh
# IOL-REDUNDANT does not stake again the syncs IOL-FSYNC stakes (issue
# 34, rounds 172 and 179): Darshan counts an fsync's time as write time,
# so a file rewritten record by record, each record synced, held the
# syncs' seconds in its rewrites'.  r179-ckpt: an agent checkpoint
# rewritten each iteration, an fsync after each 256-B record (1800
# writes, 1800 fsyncs), 3.19 s of rewrites beside FSYNC's 4.77 s;
# r172-rst: restart records flushed and fsynced each, 2.71 s.  Both
# labelled trivial or false ("the rewrite is the checkpoint, its cost
# the syncs"): REDUNDANT is info, its detail saying whose time it is.
# A checkpoint rewritten without syncs (r29-ckpt-every-step, labelled
# material) keeps REDUNDANT.  Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: POSIX writes, fsyncs, bytes written over the highest byte + 1
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $4 == "POSIX_WRITES" { w += $5 }
		$1 == "POSIX" && ($4 == "POSIX_FSYNCS" || $4 == "POSIX_FDSYNCS") { s += $5 }
		$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { b += $5 }
		$1 == "POSIX" && $4 == "POSIX_MAX_BYTE_WRITTEN" { m += $5 + 1 }
		END { printf "%d %d %d\n", w, s, (m > 0 ? b / m : 0) }'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
sev() { tsv_col "$TMP/t.tsv" "$1" 3; }
for x in "179/r179-ckpt 1800 1800 3" "172/r172-rst 769 768 5"; do
	set -- $x
	f=$D/triage-round${1%%/*}/${1#*/}.darshan
	b=$(basename "$f")
	is "$(truth "$f")" "$2 $3 $4" "$b: awk: $2 writes, $3 syncs, the bytes written $4 times"
	tri "$f"
	is "$(sev IOL-FSYNC)" warn "$b: FSYNC is the finding"
	is "$(sev IOL-REDUNDANT)" info "$b: REDUNDANT info"
	tsv_col "$TMP/t.tsv" IOL-REDUNDANT 8 |
		grep -q "s of the rewrites' .* s is their syncs' time, IOL-FSYNC's: not counted again"
	ok $? "$b: REDUNDANT says the rewrites' time is the syncs'"
done
f=$D/triage-round29/r29-ckpt-every-step.darshan
is "$(truth "$f" | cut -d' ' -f2)" 0 "r29-ckpt-every-step: awk: no sync"
tri "$f"
is "$(sev IOL-REDUNDANT)" warn "r29-ckpt-every-step: rewrites without syncs stay REDUNDANT's"
done_testing
