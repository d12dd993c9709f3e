#!/bin/sh
# A stream's refills over a results file re-read before each task, with
# the task's line appended after (issue 34, round 80): r80-jl-reread
# re-reads its results.jsonl 3000 times through Python's buffered reader
# (122937 POSIX reads, 119558 of 1-10 KiB) and appends one line a task
# (3000 writes of 100 B-1 KiB); its one STDIO open is the script's.
# SMALL-REQ (labelled trivial) is told by IOL-REDUNDANT (material), as
# r66-cxx-getline's filebuf refills are since triage67: the appended
# lines no longer hide the stream, nor does the script's FILE stand for
# the stream's opens.  Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: POSIX reads, small writes, STDIO opens, POSIX opens
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "POSIX_READS" { r += $5 }
		$4 ~ /^POSIX_SIZE_WRITE_(0_100|100_1K|1K_10K|10K_100K|100K_1M)$/ { w += $5 }
		$4 == "STDIO_OPENS" { s += $5 }
		$4 == "POSIX_OPENS" { o += $5 }
		END { printf "%d %d %d %d\n", r, w, s, o }'
}
sev() { # log code: its severity
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 }'
}
L=$D/triage-round80/r80-jl-reread.darshan
set -- $(truth "$L")
ok $([ $(($2 * 20)) -le "$1" ] && [ "$3" = 1 ] && [ $(($4 * 2)) -lt "$1" ]; echo $?) \
	"jl-reread: awk: $1 reads, $2 small writes (under 1 in 20), $3 STDIO open, $4 POSIX opens"
is "$(sev "$L" IOL-REDUNDANT)" warn "jl-reread: REDUNDANT warns (labelled material)"
is "$(sev "$L" IOL-SMALL-REQ)" info "jl-reread: SMALL-REQ info, told by REDUNDANT (labelled trivial)"
case $($RUN triage --all --format tsv "$L" 2>/dev/null | awk -F'\t' '$2 == "IOL-SMALL-REQ" { print $8 }') in
*"told by IOL-REDUNDANT"*) ok 0 "jl-reread: SMALL-REQ's detail names REDUNDANT" ;;
*) ok 1 "jl-reread: SMALL-REQ's detail names REDUNDANT" ;;
esac
G=$D/triage-round66/r66-cxx-getline.darshan
is "$(sev "$G" IOL-SMALL-REQ)" info "cxx-getline: SMALL-REQ still told by REDUNDANT"
is "$(sev "$G" IOL-REDUNDANT)" warn "cxx-getline: REDUNDANT still warns"
done_testing
