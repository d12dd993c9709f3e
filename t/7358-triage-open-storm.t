#!/bin/sh
# IOL-META-BOUND: an open storm is a structural pattern (issue 34, round
# 11's open-close-20k: 20000 opens and closes of one file, no I/O,
# 0.258 s, 74 % of the run, labelled material by the definition's "a
# real file storm"; main had it at info, under min_stake_s).  A storm is
# storm_files (1000) POSIX opens a process and storm_reopens (10) opens
# a file, a shared file counted once a rank; it is material on its share
# of the run (min_stake_pct, 5 %) alone.  The truth is computed by awk
# from `iolens parse`: nprocs, run time, POSIX opens,
# files (POSIX and STDIO records), metadata time summed over ranks (its mean a rank bounds the slowest
# rank's share from below).  Cases: round 11's log; our own r6-open-storm
# (4 ranks, 20001 opens of one file) and r4-stat-storm-big (100 opens a
# file of 1500), labelled material; r5-sqlite-many (3 files, 1001 opens
# each, 0.2 % of a 45 s run: a storm under the share floor); python's
# imports and data files (r6-py-few, r6-py-many: one open a file, no
# storm) and r5-cp-tree (4002 files, one open each) stay as they were.
. "$(dirname "$0")/lib.sh"
storm() { # log: nprocs opens files opens-a-file meta-pct storm(0/1)
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		/^# nprocs:/ { np = $3 }
		/^# run time:/ { rt = $4 }
		$1 == "POSIX" || $1 == "STDIO" { f[$3] = 1 }
		$1 == "POSIX" && $4 == "POSIX_OPENS" { o += $5 }
		$1 == "POSIX" && $4 == "POSIX_F_META_TIME" { m += $5 }
		END { nf = 0; for (k in f) nf++; d = nf > np ? nf : np
		      s = np > 0 && o / np >= 1000 && o / d >= 10
		      printf "%d %d %d %.0f %.1f %d\n", np, o, nf, o / d, 100 * m / np / rt, s }'
}
D=$TOP/t/data
for c in round11/r11-open-close-20k round6/r6-open-storm round4/r4-stat-storm-big \
	round5/r5-sqlite-many round6/r6-py-few round6/r6-py-many round5/r5-cp-tree; do
	L=$D/triage-$c.darshan
	b=$(basename "$L" .darshan)
	set -- $(storm "$L")
	$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
	sev=$(awk -F'\t' '$2 == "IOL-META-BOUND" { print $3 }' "$TMP/t.tsv")
	det=$(awk -F'\t' '$2 == "IOL-META-BOUND" { print $8 }' "$TMP/t.tsv")
	why="awk: $1 ranks, $2 opens, $3 files, $4 a file, metadata $5 % of the run"
	if [ "$6" = 1 ]; then
		case "$det" in *"an open storm: $2 POSIX opens, $4 a file"*) r=0 ;; *) r=1 ;; esac
		ok $r "$b: the detail tells the open storm ($why)"
		if awk -v p="$5" 'BEGIN { exit !(p >= 5) }'; then
			case "$sev" in high | warn) r=0 ;; *) r=1 ;; esac
			ok $r "$b: a storm at $5 % of the run is a finding ($sev; $why)"
		else
			case "$sev" in high | warn) r=1 ;; *) r=0 ;; esac
			ok $r "$b: a storm under 5 % of the run is no finding ($sev; $why)"
		fi
	else
		case "$det" in *"open storm"*) r=1 ;; *) r=0 ;; esac
		ok $r "$b: no open storm ($why)"
	fi
done
# the threshold is the configuration's: at 30000 opens a file there is none
printf 'storm_reopens = 30000\n' >"$TMP/c"
$RUN triage --all --format tsv --config "$TMP/c" "$D/triage-round11/r11-open-close-20k.darshan" 2>/dev/null |
	awk -F'\t' '$2 == "IOL-META-BOUND" { print $3 }' >"$TMP/sev"
is "$(cat "$TMP/sev")" info "storm_reopens = 30000: 20000 opens of one file judged by time again"
done_testing
