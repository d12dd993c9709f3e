#!/bin/sh
# Bulk STDIO data needs bytes (issue 34, round 14): IOL-STDIO-SHARE's
# structural pass (material on its share of the run alone) took any
# share of STDIO bytes as bulk, and main at 68f5098 warned keep-log in
# 3 of 3 reruns (t/data/triage-round14/reruns: one fopen, 20000 lines
# of 47 B, 940022 B in 0.017-0.085 s, "61.9 % of the run" of a 0.048 s
# run; the good twin of r14-reopen-log, a well-formed log writer).  Now
# under stdio_bulk_bytes (4 MiB) it is judged by the time floors, unless
# its time is bulk (little data, much time: imbalanced-io's 113 s).
# The truth is awk's over `iolens parse`: STDIO bytes and opens.  Bulk
# streams keep the structural pass (r6-stdio-unbuf: 20 MB unbuffered,
# r4-stdio-log: 7.4 MB, a flush a line: labelled material), and
# stdio_bulk_bytes = 0 gives the old verdict.
. "$(dirname "$0")/lib.sh"
# log: STDIO bytes, STDIO opens
bytes() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		$4 == "STDIO_BYTES_READ" || $4 == "STDIO_BYTES_WRITTEN" { b += $5 }
		$4 == "STDIO_OPENS" { o += $5 }
		END { printf "%d %d\n", b, o }'
}
sev() { # log code [args]: its severity
	_l=$1 _c=$2
	shift 2
	$RUN triage --all --format tsv "$@" "$_l" 2>/dev/null |
		awk -F'\t' -v c="$_c" '$2 == c { print $3 }'
}
D=$TOP/t/data/triage-round14/reruns
for L in "$D"/r14-keep-log-ab*.darshan; do
	set -- $(bytes "$L")
	small=$([ "$1" -lt 4194304 ] && echo 1 || echo 0)
	case $(sev "$L" IOL-STDIO-SHARE) in warn | high) got=finding ;; *) got=none ;; esac
	is "$small $got" "1 none" "$(basename "$L" .darshan): $1 B through STDIO in $2 opens: no bulk data, STDIO-SHARE no finding"
done
L=$D/r14-keep-log-ab1.darshan
$RUN triage --all --format tsv "$L" 2>/dev/null |
	awk -F'\t' '$2 == "IOL-STDIO-SHARE" { print $8 }' | grep -q "under stdio_bulk_bytes: no bulk data"
ok $? "... the detail says why"
sed 's/^stdio_bulk_bytes = .*/stdio_bulk_bytes = 0/' "$TOP/etc/triage.conf" >"$TMP/b0.conf"
is "$(sev "$L" IOL-STDIO-SHARE --config "$TMP/b0.conf")" warn "... stdio_bulk_bytes = 0: warn, as main"
for c in round6/r6-stdio-unbuf round4/r4-stdio-log; do
	L=$TOP/t/data/triage-$c.darshan
	set -- $(bytes "$L")
	is "$(sev "$L" IOL-STDIO-SHARE)" warn "$(basename "$L" .darshan): $1 B through STDIO: bulk, still warn"
done
done_testing
