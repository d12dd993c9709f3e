#!/bin/sh
# IOL-SMALL-REQ's structural clause is 4 KiB requests (issue 34), but
# Darshan's 1-10 KiB bin also holds requests of up to 10 KiB.  When
# every POSIX request is under 10 KiB, most not under 1 KiB, and their
# mean is above a page, they are judged by their time (round 22):
# r22-tar-cf writes 1720 of tar's 10240-B records, 0.043 s in a 0.17 s
# run (labelled trivial; main: warn, 26 % of the run).  dd's 512-B and
# IOR's 4 KiB requests stay the pattern.  Sizes by awk from `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log: the tsv of every rule
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
}
mean() { # log: bytes a POSIX request, requests of 10 KiB or more
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $4 ~ /^POSIX_BYTES_(READ|WRITTEN)$/ { b += $5 }
		$1 == "POSIX" && $4 ~ /^POSIX_(READS|WRITES)$/ { n += $5 }
		$1 == "POSIX" && $4 ~ /^POSIX_SIZE_(READ|WRITE)_/ && $4 !~ /_(0_100|100_1K|1K_10K)$/ { g += $5 }
		END { if (n > 0) printf "%d %d\n", b / n, g }'
}
quiet() { # severity: no finding
	[ "$1" = ok ] || [ "$1" = info ] || [ "$1" = floor ] && echo 0 || echo 1
}

F=$TOP/t/data/triage-round22/r22-tar-cf.darshan
set -- $(mean "$F")
ok "$([ "${1:-0}" -eq 10240 ] && [ "${2:-1}" -eq 0 ] && echo 0 || echo 1)" "r22-tar-cf: awk: ${1:-?} B a request, ${2:-?} of 10 KiB or more"
tri "$F"
s=$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)
ok "$(quiet "$s")" "r22-tar-cf: SMALL-REQ no finding ($s; main: warn, 0.043 s)"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "requests above a page on average: no 4 KiB pattern, judged by time"
ok $? "r22-tar-cf: the detail says why"
for l in dd-512 ior-ssf-posix-4k; do
	tri "$TOP/t/data/triage-round22/r22-$l.darshan"
	is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "r22-$l: SMALL-REQ warns (the pattern)"
done
done_testing
