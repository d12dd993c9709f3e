#!/bin/sh
# Whole passes over a file set drawn across ranks are no re-reads and no
# shared small I/O (issue 34, round 188).  r188-samplefiles: 4 ranks
# read 2048 sample files of 16 KiB, each whole in one read, once an
# epoch for two epochs, the reading rank drawn by the shuffle.  Most
# files are read by two ranks once each; 500 by one rank twice.  Those
# 500 were counted as 8192000 B re-read (REDUNDANT warned, 0.6 s), and
# the files two ranks read as shared files' small requests
# (SHARED-SMALL warned, 1.48 s); the labeller: false, the packed twin
# reads as much, and collective I/O merges no whole-file read.  The
# storm stays SMALL-FILES' finding.  A file one rank re-reads with no
# such set beside it keeps its re-reads (r190-climpost: a 24 MiB
# history read whole 8 times, labelled material).  Truths by awk over
# `iolens parse`: per file, the ranks' records, opens and whole passes.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
sev() { # log code: the code's severity
	$RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v c="$2" '$2 == c { print $3 }'
}
# files: "SPREAD ONE WHOLE": files whose 2+ ranks each read them once
# whole, files one rank read in 2+ whole passes, and whether every
# record's reads are whole files (bytes = reads x (highest byte + 1))
files() {
	$RUN parse "$1" 2>/dev/null | awk '
		$1 != "POSIX" { next }
		$4 == "POSIX_BYTES_READ" { br[$2 " " $3] = $5; id[$3] = 1 }
		$4 == "POSIX_MAX_BYTE_READ" { mr[$2 " " $3] = $5 }
		$4 == "POSIX_READS" { rd[$2 " " $3] = $5 }
		END {
			whole = 1
			for (k in br) {
				if (br[k] <= 0) continue
				split(k, a, " "); n[a[2]]++
				p = br[k] / (mr[k] + 1)
				if (p != int(p) || rd[k] != p) whole = 0
				pass[a[2]] = p
			}
			for (f in n) {
				if (n[f] >= 2 && pass[f] == 1) spread++
				if (n[f] == 1 && pass[f] >= 2) one++
			}
			printf "%d %d %d\n", spread, one, whole }'
}
f=$D/triage-round188/r188-samplefiles.darshan
set -- $(files "$f")
ok "$([ "$1" -ge 1000 ] && [ "$2" -ge 100 ] && [ "$1" -ge "$2" ] && echo 0 || echo 1)" \
	"r188-samplefiles: awk: $1 files read once by each of 2+ ranks, $2 by one rank twice"
is "$3" 1 "r188-samplefiles: awk: every read is a whole file"
is "$(sev "$f" IOL-REDUNDANT)" ok "r188-samplefiles: one rank's drawn passes are no re-reads"
is "$(sev "$f" IOL-SHARED-SMALL)" ok "r188-samplefiles: whole-file reads share no small request"
is "$(sev "$f" IOL-SMALL-FILES)" warn "r188-samplefiles: the storm is SMALL-FILES' finding"
$RUN triage --all --format tsv "$f" 2>/dev/null |
	awk -F'\t' '$2 == "IOL-REDUNDANT" { print $8 }' | grep -q "about 0 B of data re-read (0.000 s, DXT's"
ok $? "r188-samplefiles: DXT's re-reads leave the drawn files out too"
f=$D/triage-round190/r190-climpost.darshan
set -- $(files "$f")
is "$1 $2" "0 1" "r190-climpost: awk: one file, one rank, whole passes, nothing spread"
is "$(sev "$f" IOL-REDUNDANT)" warn "r190-climpost: a history read 8 times is re-read"
done_testing
