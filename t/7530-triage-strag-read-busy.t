#!/bin/sh
# IOL-STRAGGLER in a read phase costs no more than the straggler's own
# reads there (issue 34, round 51; lib/analysis/triage.c
# strag_read_busy()): DXT traces every read, so the seconds of its
# segments are all its I/O in the phase, the rest of its span compute.
# r51-sharedout's rerun ab1 warned "rank 1 ended 1.287 s after the
# median" for a farm worker that read two tasks' inputs from the page
# cache in 2 ms, 2.2 s apart (first run and ab2 quiet); r54-pread4k's
# reruns warned at 1.56 and 1.10 s on phases holding two of a drifting
# rank's iterations (first run info).  Every run of both is now quiet.
# Crafted jobs, converted from strace text, 4 ranks each pread 100 MiB
# of a file of their own in 1 MiB requests, the others 10 ms each:
#   slow:    rank 0's reads take 40 ms each (a slow node): 3 s late,
#            all of it reading: a straggler, 3 s at stake.
#   compute: rank 0's reads take 2 ms, one every 40 ms (it computes
#            between them): 3 s late, 0.2 s of reads: info; since round
#            68 (t/7566) staked 0, as its reads took less time than the
#            others' 1 s (the stake is its I/O beyond the median rank's).
# Writes count the syncs between them, which DXT does not trace, from
# the write time: r38-strag-fsync still warns.
. "$(dirname "$0")/lib.sh"

D=$TOP/t/data
# strag LOG: severity, stake and detail of IOL-STRAGGLER
strag() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-STRAGGLER" { printf "%s\t%.3f\t%s\n", $3, $10, $8 }'
}

for f in "$D"/triage-round51/r51-sharedout.darshan \
	"$D"/triage-round51/reruns/r51-labels51-ab[12]-sharedout.darshan \
	"$D"/triage-round54/r54-pread4k.darshan \
	"$D"/triage-round54/reruns/r54-labels54-ab[12]-pread4k.darshan; do
	b=$(basename "$f" .darshan)
	s=$(strag "$f")
	diag "$b: $s"
	case $(echo "$s" | cut -f1) in
	warn | high) ok 1 "$b: STRAGGLER quiet" ;;
	*) ok 0 "$b: STRAGGLER quiet" ;;
	esac
done
strag "$D/triage-round54/reruns/r54-labels54-ab1-pread4k.darshan" |
	grep -q 'its reads there took 1\.09[0-9] s'
ok $? "pread4k ab1: the detail tells the rank's own reads"

# job DIR KIND: rank0.txt .. rank3.txt in DIR
job() {
	for r in 0 1 2 3; do
		awk -v r="$r" -v kind="$2" '
		function ts(t) { return sprintf("12:00:%02d.%06d", int(t), (t - int(t)) * 1e6 + 0.5) }
		BEGIN {
			pid = 7100 + r
			n = 100; b = 1048576; d = 0.01; step = 0.01; t0 = 0.001
			if (kind == "slow" && r == 0) d = step = 0.04
			if (kind == "compute" && r == 0) { d = 0.002; step = 0.04 }
			printf "%d %s openat(AT_FDCWD, \"/data/f%d\", O_RDONLY) = 3 <0.000010>\n", pid, ts(t0 - 0.0005), r
			for (i = 0; i < n; i++)
				printf "%d %s pread64(3, \"x\"..., %d, %d) = %d <%.6f>\n", pid, ts(t0 + step * i), b, i * b, b, d
			printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(t0 + step * (n - 1) + d + 0.0005)
		}' >"$1/rank$r.txt"
	done
}

for kind in slow compute; do
	mkdir -p "$TMP/$kind"
	job "$TMP/$kind" "$kind"
	$RUN convert -o "$TMP/$kind.darshan" "$TMP/$kind"/rank*.txt 2>"$TMP/err"
	is $? 0 "$kind: convert the 4 ranks' trace"
	strag "$TMP/$kind.darshan" >"$TMP/$kind.s"
	diag "$kind: $(cat "$TMP/$kind.s")"
done
is "$(cut -f1 "$TMP/slow.s")" warn "slow: rank 0 reading slowly is a straggler"
awk -F'\t' '{ exit !($2 > 2.9 && $2 < 3.1) }' "$TMP/slow.s"
ok $? "slow: its 3 s lag at stake"
is "$(cut -f1 "$TMP/compute.s")" info "compute: rank 0 late by its compute is info"
is "$(cut -f2 "$TMP/compute.s")" 0.000 "compute: 0.2 s of reads, under the others' 1 s: 0 at stake"
grep -q "its I/O there 0.200 s, the median rank's 1.000 s" "$TMP/compute.s"
ok $? "compute: its reads' time told beside the median rank's"

is "$(strag "$D/triage-round38/r38-strag-fsync.darshan" | cut -f1)" warn \
	"r38-strag-fsync (writes, syncs between): still warns"
done_testing
