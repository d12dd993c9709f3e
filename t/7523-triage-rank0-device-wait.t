#!/bin/sh
# IOL-RANK0-IO (and IOL-IDLE-RANKS, its part): a lone writer whose
# writes waited for the device is no funnel (issue 34, round 39).
# r39-n1-32m (IOR -N 1 on 4 ranks, throttled storage): rank 0 wrote
# 32 MiB, synced once, in 1.009 s and read it back in 0.0017 s; the same
# 32 MiB from 4 writers took 1.026 s (labelled trivial).  The write's
# time beyond its copy at the job's large-read pace is the device's,
# which more writers share: 1.007 s of rank 0's 1.069 s; a spread saves
# the rest, judged by its time (main staked 1.069 x 3/4 = 0.802 s as a
# structural funnel, warn).  Its two reruns get the same verdict; the
# 4-writer twin is no funnel.  The truth is awk's over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round39
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
# log: the device's share of rank 0's write time, as the rule reckons
# it: bytes written at their write pace less the same at the read pace
flush() {
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { w += $5 }
		$1 == "POSIX" && $4 == "POSIX_BYTES_READ" { r += $5 }
		$1 == "POSIX" && $4 == "POSIX_F_WRITE_TIME" { tw += $5 }
		$1 == "POSIX" && $4 == "POSIX_F_READ_TIME" { tr += $5 }
		END { printf "%d %d %.3f\n", w, r, tw - tr * w / r }'
}

f=$D/r39-n1-32m.darshan
read -r w r secs <<EOT
$(flush "$f")
EOT
is "$w $r" "33554432 33554432" "n1-32m: awk: 32 MiB written and read back"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-RANK0-IO 3)" info "n1-32m: RANK0-IO below the floor (main: warn, 0.802 s)"
is "$(col IOL-IDLE-RANKS 3)" info "n1-32m: IDLE-RANKS info, its lead no finding"
col IOL-RANK0-IO 8 | grep -q "its writes waited $secs s for the device (32 MiB/s written, the job's large reads 18759 MiB/s)"
ok $? "n1-32m: the detail says the device's $secs s (awk) and both paces"
awk -v s="$(col IOL-RANK0-IO 10)" 'BEGIN { exit !(s > 0 && s < 0.1) }'
ok $? "n1-32m: under 0.1 s at stake ($(col IOL-RANK0-IO 10) s; 4 writers: 1.026 s against 1.068 s)"
for f in "$D"/reruns/r39-labels39-ab*-n1-32m.darshan; do
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-RANK0-IO 3) $(col IOL-IDLE-RANKS 3)" "info info" \
		"$(basename "$f"): RANK0-IO and IDLE-RANKS info"
done
$RUN triage --all --format tsv "$D/reruns/r39-labels39-tw-n4-8m.darshan" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-RANK0-IO 3)" ok "tw-n4-8m: four writers, no funnel"
done_testing
