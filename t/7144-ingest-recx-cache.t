#!/bin/sh
# Ingest extracts each record of a log once into the job (iol_recx_cache,
# analysis/recx.c) and its row's analyses read those copies; every other
# command extracts as it goes.  Both paths give every job-row field, to
# the last bit (%.17g), on the population samples and, when ../shared is
# there, every log of the Darshan corpus (formats 3.00-3.41, big-endian,
# partial, DXT, HDF5, PnetCDF, Lustre, DAOS): t/unit/jobrow-dump with and
# without --cached.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/unit/jobrow-dump
[ -x "$D" ] || skip_all "t/unit/jobrow-dump is not built"
"$D" --cached "$SAMPLES/population/logs/$(ls "$SAMPLES/population/logs" | head -1)" >/dev/null 2>&1 ||
	skip_all "this jobrow-dump has no --cached"

n=0 same=0 both=0 diffs=
for f in "$SAMPLES"/population/logs/*.darshan "$SHARED"/corpus/darshan-logs/*/*.darshan; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	"$D" "$f" >"$TMP/a" 2>"$TMP/ea"
	ra=$?
	"$D" --cached "$f" >"$TMP/b" 2>"$TMP/eb"
	rb=$?
	[ $ra -eq 0 ] && both=$((both + 1))
	if [ $ra -eq $rb ] && cmp -s "$TMP/a" "$TMP/b" && cmp -s "$TMP/ea" "$TMP/eb"; then
		same=$((same + 1))
	else
		diffs="$diffs $(basename "$f")"
	fi
done
ok "$([ "$both" -ge 30 ]; echo $?)" "$both of $n logs have a job row (the 30 samples at least)"
is "$same" "$n" "every field the same with the records extracted once ($n logs)"
[ -n "$diffs" ] && diag "differ:$diffs"
done_testing
