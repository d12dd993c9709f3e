#!/bin/sh
# The same verdict for reruns of one config (issue 34's goal), over
# round 26's programs: each labelled log of t/data/triage-round26 and its
# reruns (reruns/r26-abN-NAME, the same program and arguments; README.md
# there), verdict = the warn and high codes.  deck-all (8 ranks each
# fgets a 7.4 MB deck once) flipped on REDUNDANT: the labelled run info
# (3.3 % of the run), its reruns warn at 13.8 % and 6.9 % as the
# structural true re-read, though each rank read the deck once (t/7440).
# Now REDUNDANT agrees within every config.  The configs whose whole
# verdict agrees are held as a floor (17 of 21 at the first count); the
# rest are told: their structural findings' shares cross min_stake_pct
# from run to run (ckpt-gather 1.7-6.9 %, ckpt-stridi 4.996-8.1 %,
# deck-all's STDIO-SHARE 0.5-7.6 %, dump-perstep 3.9-6.4 %, all under
# 1 s), the load alone moving them (docs/metrics.md, "Rerun spread").
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round26
verdict() { # log [code]: its warn/high codes, or that code's severity
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v c="${2:-}" 'c == "" && ($3 == "warn" || $3 == "high") { print $2 }
			c != "" && $2 == c { print $3 }' | sort | tr '\n' ' '
}
: >"$TMP/v"
for f in "$D"/reruns/r26-ab*-*.darshan; do
	b=$(basename "$f" .darshan)
	echo "${b#r26-ab?-}"
done | sort -u >"$TMP/cfgs"
while read -r cfg; do
	for f in "$D/r26-$cfg.darshan" "$D"/reruns/r26-ab*-"$cfg".darshan; do
		[ -f "$f" ] || continue
		printf '%s\t%s\t%s\t%s\n' "$cfg" "$(verdict "$f")" "$(verdict "$f" IOL-REDUNDANT)" "$(basename "$f" .darshan)" >>"$TMP/v"
	done
done <"$TMP/cfgs"
ncfg=$(wc -l <"$TMP/cfgs")
ok "$([ "$ncfg" -ge 21 ] && echo 0 || echo 1)" "$ncfg configs with reruns"
# every run judged: a triage that failed on every log (no row, empty
# verdicts) would pass both agreement checks below
is "$(awk -F'\t' '$3 == "" { print $4 }' "$TMP/v" | tr '\n' ' ')" "" \
	"every run has a REDUNDANT severity ($(wc -l <"$TMP/v" | tr -d ' ') runs)"
red=$(awk -F'\t' '{ k[$1 SUBSEP $3] = 1 } END { for (x in k) { split(x, a, SUBSEP); n[a[1]]++ } for (c in n) if (n[c] > 1) printf "%s ", c }' "$TMP/v")
is "$red" "" "REDUNDANT's severity agrees within every config (main: deck-all info, warn, warn)"
diag "deck-all: REDUNDANT $(awk -F'\t' '$1 == "deck-all" { printf "%s=%s", $4, $3 }' "$TMP/v")"
agree=$(awk -F'\t' '{ k[$1 SUBSEP $2] = 1 } END { for (x in k) { split(x, a, SUBSEP); n[a[1]]++ } for (c in n) if (n[c] == 1) m++; print m + 0 }' "$TMP/v")
ok "$([ "$agree" -ge 17 ] && echo 0 || echo 1)" "$agree of $ncfg configs: every run the same warn/high codes (floor 17)"
awk -F'\t' '{ k[$1 SUBSEP $2] = 1 } END { for (x in k) { split(x, a, SUBSEP); n[a[1]]++ } for (c in n) if (n[c] > 1) print c }' "$TMP/v" |
	sort | while read -r c; do
		diag "$c flips: $(awk -F'\t' -v c="$c" '$1 == c { printf "%s=[%s] ", $4, $2 }' "$TMP/v")"
	done
done_testing
