#!/bin/sh
# IOL-FSYNC's stake is the syncs' cost beyond flushing the same bytes
# once, which one sync at close or the page cache's writeback pays as
# well (issue 34, rounds 39 and 41; triage-expert39.md, -41.md):
# - r39-fsync-each: 512 writes of 64 KiB to one shared 32 MiB file by 2
#   ranks, an fsync after each, 2.587 s; its twin syncing once at close
#   (tw-fsync-end) took 1.021 s, 32 MiB at the storage's 32 MiB/s:
#   labelled 1.57 s (FSYNC material), and IO-TIME trivial (61 %, under
#   two thirds).  main staked all the write time, 2.58 s, and IO-TIME
#   warned.  Now, told the storage's 32 MiB/s (fsync_flush_mibs = 32:
#   nothing in the log shows it): the write time less the synced bytes
#   at 32 MiB/s;
# - r41-ckpt-fsync-each: 192 MiB of checkpoints in 256 KiB writes with
#   an fsync each (768 for 768 writes), 3.84 s a rank of an 8.17 s run;
#   the one-fsync twin spent 0.48-0.99 s less: labelled trivial (0.53 s).
#   main staked 3.78 s (46 %).  The bytes at 32 MiB/s outlast the write
#   time, so only fsync_call_us a sync beyond the first is at stake
#   (189 a process): under 5 % of the run, no finding, in every rerun.
# - r48-p-fsync-each (round 48, held out): 64 MiB in 64 KiB writes, an
#   fsync each, on a local disk: labelled 1.9 s; at the default assumed
#   256 MiB/s the stake is the write time less 0.25 s, a finding (at
#   32 MiB/s, the default for a day, it fell to 0.25 s).
# The truth is awk's over `iolens parse`: the bytes of records synced
# more than once a process, the slowest rank's time, the syncs.  The
# twins (one sync at close) have no FSYNC finding.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
printf 'fsync_flush_mibs = 32\n' >"$TMP/slow.conf"
tsv() { $RUN triage --all --format tsv ${2:-} "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }
# log: synced MiB, slowest shared-record time, syncs beyond one a
# process per process (its own records: their write time summed by rank)
facts() {
	$RUN parse "$1" 2>/dev/null | awk '
		/^# nprocs:/ { np = $3 }
		$1 == "POSIX" { k = $2 " " $3 }
		$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { b[k] = $5 }
		$1 == "POSIX" && ($4 == "POSIX_FSYNCS" || $4 == "POSIX_FDSYNCS") { s[k] += $5 }
		$1 == "POSIX" && $4 == "POSIX_F_SLOWEST_RANK_TIME" && $2 == -1 { sl = $5 }
		$1 == "POSIX" && $4 == "POSIX_F_WRITE_TIME" && $2 >= 0 { t[$2] += $5 }
		END { for (k in b) { split(k, a, " "); p = a[1] < 0 ? np : 1
			if (s[k] > p) { mb += b[k] / 1048576; x += s[k] - p } }
		      for (r in t) if (t[r] > sl) sl = t[r]
		      printf "%.3f %.4f %.1f\n", mb, sl, x / np }'
}
near() { awk -v v="$1" -v w="$2" -v t="$3" 'BEGIN { d = v - w; print !(d <= t && -d <= t) }'; }
sev_not_finding() { case $1 in warn | high) echo 1 ;; *) echo 0 ;; esac; }

L=$D/triage-round39/r39-fsync-each.darshan
set -- $(facts "$L")
want=$(awk -v mb="$1" -v t="$2" 'BEGIN { printf "%.4f", t - mb / 32 }')
tsv "$L" "--config $TMP/slow.conf"
is "$(col IOL-FSYNC 3)" warn "r39-fsync-each: a sync a write is still a finding"
ok "$(near "$(col IOL-FSYNC 10)" "$want" 0.01)" \
	"r39-fsync-each: stake $(col IOL-FSYNC 10) s = $2 s less $1 MiB at 32 MiB/s ($want; label 1.57, main 2.58)"
ok "$(sev_not_finding "$(col IOL-IO-TIME 3)")" \
	"r39-fsync-each: IO-TIME $(col IOL-IO-TIME 3): its cause holds under two thirds (labelled trivial)"
col IOL-FSYNC 8 | grep -q "flush at 32 MiB/s, assumed, which one sync pays too"
ok $? "r39-fsync-each: the detail says the flush's pace was assumed"

for L in "$D/triage-round41/r41-ckpt-fsync-each.darshan" \
	"$D"/triage-round41/reruns/r41-labels41-ab*-ckpt-fsync-each.darshan; do
	b=$(basename "$L" .darshan)
	set -- $(facts "$L")
	want=$(awk -v mb="$1" -v t="$2" -v x="$3" 'BEGIN {
		f = t - mb / 32; c = x * 0.001; printf "%.4f", (f > c ? f : c) }')
	tsv "$L" "--config $TMP/slow.conf"
	ok "$(near "$(col IOL-FSYNC 10)" "$want" 0.002)" \
		"$b: stake $(col IOL-FSYNC 10) s = $3 syncs a process at 1 ms ($1 MiB outlast $2 s at 32 MiB/s; main 3.78)"
	ok "$(sev_not_finding "$(col IOL-FSYNC 3)")" \
		"$b: FSYNC $(col IOL-FSYNC 3), no finding (labelled trivial)"
done

L=$D/triage-round48/r48-p-fsync-each.darshan
set -- $(facts "$L")
want=$(awk -v mb="$1" -v t="$2" 'BEGIN { printf "%.4f", t - mb / 256 }')
tsv "$L"
is "$(col IOL-FSYNC 3)" warn "r48-p-fsync-each: a sync a write on a local disk is a finding"
ok "$(near "$(col IOL-FSYNC 10)" "$want" 0.01)" \
	"r48-p-fsync-each: stake $(col IOL-FSYNC 10) s = $2 s less $1 MiB at the assumed 256 MiB/s ($want; label 1.9)"

for L in "$D/triage-round39/reruns/r39-labels39-tw-fsync-end.darshan" \
	"$D/triage-round41/reruns/r41-labels41-tw-ckpt-fsync-end.darshan"; do
	tsv "$L"
	ok "$(sev_not_finding "$(col IOL-FSYNC 3)")" "$(basename "$L" .darshan): one sync at close, no FSYNC finding"
done
done_testing
