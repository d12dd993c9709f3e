#!/bin/sh
# iolens triage, issue 34: the two false findings of the held-out second
# round of independent labels (t/data/triage-expert2.md), general
# defects rather than thresholds:
# - darshan-merge sets the NULL module's partial bit on every log it
#   writes (FORMAT.md section 8): a merged log is not incomplete, and no
#   summary says "NULL ran out of memory";
# - mdtest's 100,000 files of 4 KiB read and written in one request each:
#   no request can grow, so IOL-SMALL-REQ is at most info and says why,
#   while the file storm (SMALL-FILES, META-BOUND) stays a finding.
. "$(dirname "$0")/lib.sh"
need_shared
O=$SHARED/corpus/darshan-logs/_other_tools
MF=$(ls "$SHARED"/bench/many-files/*.darshan 2>/dev/null | head -1)
[ -f "$O/merged_dlio4.darshan" ] && [ -n "$MF" ] ||
	skip_all "no merged_dlio4 or many-files log in ../shared"
sev() { # log code: its severity
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v c="$2" '$2 == c { print $3 }'
}
for L in "$O/merged_dlio4.darshan" "$O/merged_dlio4_redux.darshan"; do
	b=$(basename "$L")
	is "$(sev "$L" IOL-INCOMPLETE)" ok "$b: a merged log is not incomplete"
	$RUN summary "$L" >/dev/null 2>"$TMP/err"
	is "$(cat "$TMP/err")" "" "$b: summary warns of nothing"
done
$RUN summary --format csv "$O/merged_dlio4.darshan" >"$TMP/s.csv" 2>/dev/null
col=$(head -1 "$TMP/s.csv" | tr ',' '\n' | grep -n '^incomplete_modules$' | cut -d: -f1)
is "$(sed -n 2p "$TMP/s.csv" | cut -d, -f"$col")" "" "merged: incomplete_modules empty"
is "$(sev "$MF" IOL-SMALL-REQ)" info "many-files: whole-file 4 KiB requests are info"
$RUN triage --all --format tsv "$MF" 2>/dev/null | grep 'IOL-SMALL-REQ' |
	grep -q 'whole-file requests (200000 reads and writes on 100001 files)'
ok $? "many-files: SMALL-REQ says the requests are whole files"
v=$($RUN triage --format tsv "$MF" 2>/dev/null |
	awk -F'\t' '$3 == "high" || $3 == "warn" { printf "%s ", $2 }')
is "$v" "IOL-META-BOUND IOL-SMALL-FILES " "many-files: the storm is the finding"
done_testing
