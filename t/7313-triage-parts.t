#!/bin/sh
# One structural pattern under two codes (issue 34): rank-0-only I/O
# leaves the other ranks idle, a file storm makes the I/O metadata-bound.
# Three rounds of independent labels judged the second code material in
# every log where the first was (t/data/triage-expert*.tsv), so a part
# that crossed its threshold takes its lead's severity and stake and
# says whose pattern it is; without a material lead it is judged alone.
# On the population's c17-c18 (IOR -N 1: one of 4 or 8 ranks writes) and
# c16 (mdtest's storm, partial logs).  The logs live in ../shared.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -d "$POP/logs" ] || skip_all "no population logs"
logs_of() { # configs
	awk -F'\t' -v c="$1" 'index(" " c " ", " " $8 " ") { print "'"$POP"'/logs/" $2 }' "$POP/manifest.tsv"
}
# rows of CODE: severity, stake_s and whether the detail names LEAD
rows() { # tsv code lead
	awk -F'\t' -v c="$2" -v l="$3" '$2 == c {
		print $3, ($10 == "" ? "-" : $10), (index($8, "the pattern of " l ":") ? "named" : "alone") }' "$1"
}
stake_of() { # tsv code: one stake per log, in order
	awk -F'\t' -v c="$2" '$2 == c { print $10 }' "$1"
}
R0=$(logs_of "c17 c18")
n=$(echo "$R0" | wc -l)
$RUN triage --all --format tsv $R0 >"$TMP/r0.tsv" 2>/dev/null
ok $? "triage of the $n rank-0 jobs"
is "$(rows "$TMP/r0.tsv" IOL-RANK0-IO x | awk '$1 == "warn"' | wc -l)" "$n" \
	"RANK0-IO warns on all $n"
is "$(rows "$TMP/r0.tsv" IOL-IDLE-RANKS IOL-RANK0-IO | awk '$1 == "warn" && $3 == "named"' | wc -l)" "$n" \
	"IDLE-RANKS warns as RANK0-IO's pattern on all $n"
stake_of "$TMP/r0.tsv" IOL-RANK0-IO >"$TMP/lead"
stake_of "$TMP/r0.tsv" IOL-IDLE-RANKS >"$TMP/part"
cmp -s "$TMP/lead" "$TMP/part"
ok $? "IDLE-RANKS' stake is RANK0-IO's, log by log"
# RANK0-IO off: the idle ranks are info again, as their rule has it
printf 'rank0_share_pct = 100\n' >"$TMP/off"
$RUN triage --all --config "$TMP/off" --format tsv $R0 >"$TMP/off.tsv" 2>/dev/null
is "$(rows "$TMP/off.tsv" IOL-IDLE-RANKS x | awk '$1 == "info" && $3 == "alone"' | wc -l)" "$n" \
	"without RANK0-IO, IDLE-RANKS is info on all $n"
# c16's storm is material; its metadata-bound I/O is its pattern
ST=$(logs_of c16)
m=$(echo "$ST" | wc -l)
$RUN triage --all --format tsv $ST >"$TMP/st.tsv" 2>/dev/null
is "$(rows "$TMP/st.tsv" IOL-SMALL-FILES x | awk '$1 == "warn"' | wc -l)" "$m" \
	"SMALL-FILES warns on all $m c16 jobs"
is "$(rows "$TMP/st.tsv" IOL-META-BOUND IOL-SMALL-FILES | awk '$1 == "warn" && $3 == "named"' | wc -l)" "$m" \
	"META-BOUND warns as SMALL-FILES' pattern on all $m"
# c13-c15, the storms below the floor: META-BOUND judged alone
S3=$(logs_of "c13 c14 c15")
$RUN triage --all --format tsv $S3 >"$TMP/s3.tsv" 2>/dev/null
is "$(rows "$TMP/s3.tsv" IOL-META-BOUND IOL-SMALL-FILES | awk '$3 == "named"' | wc -l)" 0 \
	"no storm below the floor lends META-BOUND its severity"
# the store's verdict is the log's
DB=$TMP/p.db
$RUN ingest --db "$DB" $R0 >/dev/null 2>&1
$RUN triage --db "$DB" --top all --format tsv >"$TMP/db.tsv" 2>/dev/null
ok $? "triage --db of the rank-0 jobs"
is "$(awk -F'\t' 'NR > 1 && $12 ~ /IOL-IDLE-RANKS/' "$TMP/db.tsv" | wc -l)" "$n" \
	"triage --db lists IDLE-RANKS for all $n"
done_testing
