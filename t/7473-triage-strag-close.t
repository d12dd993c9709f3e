#!/bin/sh
# IOL-STRAGGLER and the syncs DXT does not show (issue 34).  Crafted
# jobs, converted from strace text: 4 ranks each write 8 x 64 KiB to a
# file of their own, fsync it and close it.
#   sync-late: the writes end together; rank 3's fsync takes 2 s, the
#     others' 0.05 s.  The rank is late by its sync at close alone: found,
#     rank 3, the detail saying its sync or close ended it after its last
#     segment, the stake the lag of the fsyncs' ends (awk, from the trace).
#   write-late: rank 3's writes take 0.3 s each, every fsync 0.05 s: a
#     straggler whose last write ends late, found, its 0.05 s sync named
#     but the lag its writes', the stake again the fsyncs' lag.
#   sync-even: the writes end in turn (0.1 ... 2.5 s, one device serving
#     the ranks in turn, as round 39's wonly-16m), each fsync ending at
#     3 s: no rank is late of its own, quiet (by the segments alone rank
#     3 lagged 1.6 s and warned).
. "$(dirname "$0")/lib.sh"

# job DIR KIND: rank0.txt .. rank3.txt in DIR
job() {
	for r in 0 1 2 3; do
		awk -v r="$r" -v kind="$2" '
		function ts(t) { return sprintf("12:00:%02d.%06d", int(t), (t - int(t)) * 1e6 + 0.5) }
		BEGIN {
			pid = 5000 + r
			printf "%d %s openat(AT_FDCWD, \"/data/f%d\", O_WRONLY|O_CREAT, 0644) = 3 <0.000010>\n", pid, ts(0), r
			d = 0.01
			if (kind == "write-late" && r == 3) d = 0.3
			if (kind == "sync-even") d = 0.0125 * (1 + 8 * r)
			for (i = 0; i < 8; i++)
				printf "%d %s pwrite64(3, \"x\"..., 65536, %d) = 65536 <%.6f>\n", pid, ts(0.001 + (d + 0.0025) * i), i * 65536, d
			s = 0.001 + (d + 0.0025) * 8
			f = kind == "sync-late" && r == 3 ? 2.0 : 0.05
			if (kind == "sync-even") f = 3.0 - s
			printf "%d %s fsync(3) = 0 <%.6f>\n", pid, ts(s), f
			printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(s + f + 0.001)
		}' >"$1/rank$r.txt"
	done
}

# fsync_lag DIR: the last rank's fsync end less the median rank's
fsync_lag() {
	for r in 0 1 2 3; do
		awk '/ fsync\(/ { split($2, t, ":"); d = $NF; gsub(/[<>]/, "", d)
			printf "%.6f\n", t[3] + d }' "$1/rank$r.txt"
	done | sort -n | awk '{ e[NR] = $1 } END { printf "%.3f\n", e[4] - e[2] }'
}

for kind in sync-late write-late sync-even; do
	mkdir -p "$TMP/$kind"
	job "$TMP/$kind" "$kind"
	$RUN convert -o "$TMP/$kind.darshan" "$TMP/$kind"/rank*.txt 2>"$TMP/err"
	is $? 0 "$kind: convert the 4 ranks' trace"
	$RUN triage --all --format tsv "$TMP/$kind.darshan" >"$TMP/$kind.tsv" 2>"$TMP/err"
	is $? 0 "$kind: triage"
	awk -F'\t' '$2 == "IOL-STRAGGLER" { print $3 "\t" $8 "\t" $10 }' \
		"$TMP/$kind.tsv" >"$TMP/$kind.s"
	diag "$kind: $(cat "$TMP/$kind.s")"
done

is "$(cut -f1 "$TMP/sync-late.s")" warn "sync-late: STRAGGLER warns"
grep -q 'rank 3 ended .*(its sync or close ended it 2.000 s after its last DXT segment)' \
	"$TMP/sync-late.s"
ok $? "sync-late: rank 3, late by its sync at close"
want=$(fsync_lag "$TMP/sync-late")
is "$(awk -F'\t' '{ printf "%.3f", $3 }' "$TMP/sync-late.s")" "$want" \
	"sync-late: the stake is the fsyncs' lag ($want s, awk)"

is "$(cut -f1 "$TMP/write-late.s")" warn "write-late: STRAGGLER warns"
grep -q 'rank 3 ended 2.320 s .*(its sync or close ended it 0.050 s after' \
	"$TMP/write-late.s"
ok $? "write-late: rank 3, 2.32 s late by its writes, 0.05 s of it its sync"
want=$(fsync_lag "$TMP/write-late")
is "$(awk -F'\t' '{ printf "%.3f", $3 }' "$TMP/write-late.s")" "$want" \
	"write-late: the stake is the fsyncs' lag ($want s, awk)"

case $(cut -f1 "$TMP/sync-even.s") in
warn | high) ok 1 "sync-even: STRAGGLER quiet" ;;
*) ok 0 "sync-even: STRAGGLER quiet" ;;
esac
done_testing
