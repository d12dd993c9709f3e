#!/bin/sh
# Files created through STDIO alone (fopen "w", fwrite, fclose: no POSIX
# record, so no POSIX_MODE) count as created, estimated: a STDIO stream
# written and not read before its first write (issue 34, round 93).
# r93-solver: 4 ranks make 800 snapshot files of 2022 B that way, the
# storm labelled SMALL-FILES material; before the fix "0 files created
# (estimated), 808 files", SMALL-FILES ok.  Files STDIO only reads
# (r93-post's table, r11-fscanf-50m's numbers) and the standard streams
# (<STDOUT> of r13-append-100b) stay uncounted.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
row() {	# row <log> <code> <column>
	$RUN triage --all --format tsv "$1" |
		awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }'
}
created() {	# the detail's "N files created" count
	row "$1" IOL-SMALL-FILES 8 | sed -n 's/^\([0-9]*\) files created.*/\1/p'
}
f=$D/triage-round93/r93-solver.darshan
s=$(row "$f" IOL-SMALL-FILES 3)
n=$(created "$f")
diag "r93-solver SMALL-FILES: $s: $(row "$f" IOL-SMALL-FILES 8)"
[ "${n:-0}" -ge 800 ] && [ "${n:-0}" -le 808 ]
ok $? "r93-solver: the 800 STDIO snapshot files counted created ($n)"
case $s in warn|high) ok 0 "r93-solver: the storm found" ;;
*) ok 1 "r93-solver: the storm found" ;; esac
# log:created (the POSIX estimate's alone)
for e in triage-round93/r93-post:1 triage-round11/r11-fscanf-50m:0 \
	triage-round13/r13-append-100b:1; do
	l=${e%:*}
	n=$(created "$D/$l.darshan")
	diag "$l: $(row "$D/$l.darshan" IOL-SMALL-FILES 8)"
	is "$n" "${e##*:}" "$l: files STDIO reads, standard streams not created"
done
done_testing
