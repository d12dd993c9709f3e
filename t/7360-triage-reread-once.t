#!/bin/sh
# IOL-REDUNDANT: a rank's first pass over a file in one open is no
# re-read (issue 34, round 11's all-read: 4 ranks each read one 256 MiB
# input once, one open each, 0.407 s, labelled trivial: the read-and-
# broadcast twin was no faster; main warned of 768 MiB "re-read").  N
# ranks each reading one input once is the question whether to read it
# once and broadcast; a rank reading its own bytes again is a re-read,
# and a rank that opens the file again and reads it again is one
# (readmostly: 5 opens a rank, every byte read 4 times, labelled material
# in rounds 1-3, 9 and 10).  The truth is computed by awk from `iolens
# parse`: for each POSIX record its opens, bytes read and highest byte
# read, the ranks it holds (nprocs for a shared record); a record of at
# most one open a rank has one pass a rank free, else one pass; a file's
# re-reads are its records', at most the bytes beyond its highest byte,
# and STDIO's beyond those (a byte both layers saw counts once).
# Cases: round 11's all-read and verify-512m (one read-back pass); our
# own r4-stat-storm (one process, 20 passes over 1024 files, labelled
# material) and the population's readmostly (c23, labelled material).
. "$(dirname "$0")/lib.sh"
rereads() { # log: bytes re-read by awk
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		/^# nprocs:/ { np = $3 }
		$1 == "POSIX" { k = $3 SUBSEP $2; rec[k] = 1; file[$3] = 1 }
		$1 == "POSIX" && $4 == "POSIX_OPENS" { o[k] = $5 }
		$1 == "POSIX" && $4 == "POSIX_BYTES_READ" { b[k] = $5; fb[$3] += $5 }
		$1 == "POSIX" && $4 == "POSIX_MAX_BYTE_READ" { m[k] = $5; if ($5 > fm[$3]) fm[$3] = $5 }
		$1 == "STDIO" { file[$3] = 1 }
		$1 == "STDIO" && $4 == "STDIO_BYTES_READ" { sb[$3] += $5 }
		$1 == "STDIO" && $4 == "STDIO_MAX_BYTE_READ" { if (!($3 in sm) || $5 > sm[$3]) sm[$3] = $5 }
		END { for (k in rec) { split(k, p, SUBSEP); r = p[2] < 0 && np > 1 ? np : 1
			if (o[k] > r) r = 1
			x = b[k] - (m[k] + 1) * r; if (b[k] > 0 && x > 0) own[p[1]] += x }
		      for (f in file) { y = fb[f] - fm[f] - 1; if (y < 0) y = 0
			t += own[f] < y ? own[f] : y
			z = sb[f] > 0 ? sb[f] - sm[f] - 1 - y : 0; if (z > 0) t += z }
		      printf "%.0f\n", t }'
}
check() { # log name: REDUNDANT's data re-read is awk's; a finding iff any
	n=$(rereads "$1")
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
	det=$(awk -F'\t' '$2 == "IOL-REDUNDANT" { print $8 }' "$TMP/t.tsv")
	sev=$(awk -F'\t' '$2 == "IOL-REDUNDANT" { print $3 }' "$TMP/t.tsv")
	case "$det" in *"about $n B of data re-read"*) r=0 ;; *) r=1 ;; esac
	ok $r "$2: $n B of data re-read, as awk counts ($sev)"
	[ $r = 0 ] || diag "$det"
	if [ "$3" = finding ]; then
		case "$sev" in warn | high) r=0 ;; *) r=1 ;; esac
	else
		case "$sev" in warn | high) r=1 ;; *) r=0 ;; esac
	fi
	ok $r "$2: REDUNDANT $sev, $3 expected"
}
D=$TOP/t/data
check "$D/triage-round11/r11-all-read.darshan" r11-all-read none
check "$D/triage-round11/r11-verify-512m.darshan" r11-verify-512m none
check "$D/triage-round4/r4-stat-storm.darshan" r4-stat-storm finding
P=$SHARED/corpus/population/logs
if [ -d "$P" ]; then
	check "$P/dave_readmostly_id3743-3743_11-21-82114-6594190080657619466_1.darshan" readmostly-c23 finding
else
	skip "../shared is not present: readmostly" 2
fi
done_testing
