#!/bin/sh
# IOL-NO-COLLECTIVE's stake is what collective buffering would save
# (issue 34, round 44): small independent requests on shared files, at
# the slowest rank, less the same bytes at a large request's pace.
# r44-shared-indep (4 ranks, 12288 interleaved 4 KiB MPI_File_write_at,
# 30.687 s in MPI-IO of 35.063 s) was staked 0.059 s (the time beyond
# POSIX only) where its collective twin saved 28.78 s.  Every log whose
# NO-COLLECTIVE an independent labeller called material with a measured
# twin (rounds 31, 36, 40, 43, 44) is staked within 10 % of the label;
# r44-shared-indep's two reruns within 10 % of theirs (28.9 s).  The
# cause is IOL-SMALL-REQ's: by default NO-COLLECTIVE is info, saying so;
# with companions = 1 it is a warn companion, and IOL-IO-TIME counts the
# cost once (its stake stays SMALL-REQ's).  Every log is in t/data.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
# field $2 (3 severity, 8 detail, 10 stake) of code $1 in $TMP/t.tsv
field() { awk -F'\t' -v c="$1" -v f="$2" '$2 == c { print $f }' "$TMP/t.tsv"; }
# stake of NO-COLLECTIVE in log $1 within 10 % of $2
near() {
	"$IOLENS" triage --all --format tsv "$1" >"$TMP/t.tsv"
	s=$(field IOL-NO-COLLECTIVE 10)
	awk -v s="$s" -v l="$2" 'BEGIN { exit !(s >= 0.9 * l && s <= 1.1 * l) }'
	ok $? "$(basename "$1"): NO-COLLECTIVE stakes $s s, labelled $2 s"
}
for l in round31/r31-ckpt-stridi:11.0 round36/r36-colread-elem:7.0 \
	round40/r40-btio-simple:17.3 round43/r43-vec4k-indep:6.58 \
	round44/r44-shared-indep:28.78 \
	round44/reruns/r44-labels44-ab1-shared-indep:28.9 \
	round44/reruns/r44-labels44-ab2-shared-indep:28.9; do
	near "$D/triage-${l%%:*}.darshan" "${l##*:}"
done
L=$D/triage-round44/r44-shared-indep.darshan
"$IOLENS" triage --all --format tsv "$L" >"$TMP/t.tsv"
is "$(field IOL-NO-COLLECTIVE 3)" info "r44-shared-indep: NO-COLLECTIVE told once, info by default"
field IOL-NO-COLLECTIVE 8 | grep -q "IOL-SMALL-REQ's cause: told there"
ok $? "the detail names the cause's finding"
field IOL-NO-COLLECTIVE 8 | grep -q "the bytes at 256 MiB/s, assumed, not saved"
ok $? "the pace it assumes is said to be assumed"
is "$(field IOL-SMALL-REQ 3)" warn "IOL-SMALL-REQ tells the cause"
printf 'companions = 1\n' >"$TMP/c.conf"
"$IOLENS" triage --all --config "$TMP/c.conf" --format tsv "$L" >"$TMP/t.tsv"
is "$(field IOL-NO-COLLECTIVE 3)" warn "companions = 1: NO-COLLECTIVE a warn companion"
field IOL-NO-COLLECTIVE 8 | grep -q "^same cause as IOL-SMALL-REQ: "
ok $? "companions = 1: said to be the same cause"
is "$(field IOL-IO-TIME 10)" "$(field IOL-SMALL-REQ 10)" \
	"companions = 1: IO-TIME counts the small requests once"
done_testing
