#!/bin/sh
# A storm of small files read whole is IOL-SMALL-FILES's (issue 34, round
# 6): many files the job did not create (storm_files, 1000, and
# creates_per_proc a process), under small_file_bytes read each, at most
# two POSIX reads for each of the job's files (the file and its EOF).  Its stake is the slowest
# rank's metadata and read time, less the bytes read at read_rate_mibs
# (256), which packing would read too (round 16, t/7399).  main counted created files only:
# r6-py-many (python reading 15000 files of ~230 B, 0.65 s of 1.15 s,
# labelled material) had no finding and IO-TIME said "no cause fired".
# The truth is computed by awk over `iolens parse --show-incomplete`.
. "$(dirname "$0")/lib.sh"
R6=$TOP/t/data/triage-round6
OWN=$TOP/t/data/triage10
# storm: "files mean_bytes reads stake storm": the read-only files, their
# mean size, the job's POSIX reads (at most two for each of its files)
storm() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk -F'\t' '
	$1 == "POSIX" || $1 == "STDIO" { all[$3] = 1 }
	$1 == "POSIX" && $4 == "POSIX_READS" { rd[$3] += $5 }
	$1 == "POSIX" && $4 == "POSIX_BYTES_READ" { br[$3] += $5 }
	$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { bw[$3] += $5 }
	($1 == "POSIX" || $1 == "STDIO") && ($4 ~ /_F_META_TIME$/ || $4 ~ /_F_READ_TIME$/) { t += $5 }
	($1 == "POSIX" || $1 == "STDIO") && $4 ~ /_F_READ_TIME$/ { tr += $5 }
	($1 == "POSIX" || $1 == "STDIO") && $4 ~ /_BYTES_READ$/ { ball += $5 }
	END {
		# the bytes at 256 MiB/s, at most the read time, are kept
		k = ball / 1048576 / 256
		t -= k < tr ? k : tr
		for (k in all) nf++
		for (k in rd) r += rd[k]
		for (k in br) if (br[k] > 0 && bw[k] == 0) { n++; b += br[k] }
		m = n ? b / n : 0
		printf "%d %.0f %d %.3f %d\n", n, m, r, t, (n >= 1000 && m <= 65536 && r <= 2 * nf)
	}'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }
near() { # a b: within 0.002 s (awk sums parse's 6-decimal values)
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 0.002 && d > -0.002) }'
}
finding() { case $(col "$1" 3) in high | warn) return 0 ;; esac; return 1; }

check() { # name log want(1 storm, 0 not)
	set -- "$1" "$2" "$3" $(storm "$2")
	is "$8" "$3" "$1: awk: $4 read-only files of about $5 B in $6 reads, storm $8"
	tri "$2"
	if [ "$3" = 1 ]; then
		finding IOL-SMALL-FILES
		ok $? "$1: SMALL-FILES is a finding (main: ok, files created only)"
		near "$(col IOL-SMALL-FILES 10)" "$7"
		ok $? "$1: its stake $(col IOL-SMALL-FILES 10) s is the opens and reads less the bytes at 256 MiB/s (awk $7 s)"
		col IOL-IO-TIME 8 | grep -q "no cause fired"
		ok $((!$?)) "$1: IO-TIME has a cause (main: no cause fired)"
	else
		! finding IOL-SMALL-FILES
		ok $? "$1: SMALL-FILES is no finding (not a storm)"
	fi
}

check r6-py-many "$R6/r6-py-many.darshan" 1
check r6-py-few "$R6/r6-py-few.darshan" 0
check cat-3000-small "$OWN/cat-3000-small.darshan" 1
check cat-600-small "$OWN/cat-600-small.darshan" 0
done_testing
