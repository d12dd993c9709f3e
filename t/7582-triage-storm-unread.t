#!/bin/sh
# Files no POSIX read touched are no read storm (issue 34, round 75):
# r75-everystep writes a field file a step through STDIO alone, 2001
# files with no POSIX record, so none is counted created; IOL-SMALL-FILES
# told them "2001 files read and not created, about 0 B read a file in 0
# POSIX reads: a storm of small files read whole".  It now reads them as
# the files they are (none read) and says nothing of reading; the reruns
# keep the first run's verdict.  Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round75
truth() { # log: STDIO files written, STDIO bytes read, POSIX records
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "STDIO" && $4 == "STDIO_BYTES_WRITTEN" && $5 > 0 { w++ }
		$1 == "STDIO" && $4 == "STDIO_BYTES_READ" { r += $5 }
		$1 == "POSIX" && $4 == "POSIX_OPENS" { p++ }
		END { printf "%d %d %d\n", w, r, p }'
}
detail() { # log code: the code's detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $8 }'
}
codes() { # log: its warn and high codes
	$RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$3 == "warn" || $3 == "high" { printf "%s ", $2 }'
}
L=$D/r75-everystep.darshan
set -- $(truth "$L")
ok $([ "$1" -ge 2000 ] && [ "$2" = 0 ] && [ "$3" = 0 ]; echo $?) \
	"everystep: awk: $1 files written through STDIO, $2 B read, $3 POSIX records"
r=$(detail "$L" IOL-SMALL-FILES)
case $r in
*"read and not created"* | *"read whole"*) ok 1 "everystep: SMALL-FILES tells no read storm ($r)" ;;
*) ok 0 "everystep: SMALL-FILES tells no read storm" ;;
esac
first=$(codes "$L")
is "$first" "IOL-STDIO-SHARE " "everystep: STDIO-SHARE its one finding"
for f in "$D"/reruns/r75-labels75-ab[12]-everystep.darshan; do
	is "$(codes "$f")" "$first" "$(basename "$f"): the first run's verdict"
done
done_testing
