#!/bin/sh
# IOL-SMALL-REQ judges small POSIX writes that went at a disk's
# streaming pace by their time (issue 34, round 16): r16-write4k writes
# 256 MiB in 65536 writes of 4 KiB at 148 MiB/s, a pace between
# writeback_pace_pct (50 %) of write_rate_mibs (256) and all of it: the
# kernel's writeback, not the calls; 1 MiB writes were not faster in 6
# of 7 pairs (SMALL-REQ and IO-TIME labelled trivial; main: both warn,
# 1.73 s at stake).  The bytes at the write pace (1 s) are kept.  The
# population's IOR 4 KiB jobs (page-cache pace) and small writes under
# MPI-IO or HDF5 (r5-strided-indep, r4-h5-small-chunks) stay findings.
# The pace is computed by awk from `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: the tsv of every rule
	g=$1
	shift
	$RUN triage "$@" --all --format tsv "$g" >"$TMP/t.tsv" 2>/dev/null
}
pace() { # log: POSIX MiB/s of the writes, large writes, by awk
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { b += $5 }
		$1 == "POSIX" && $4 == "POSIX_F_WRITE_TIME" { t += $5 }
		$1 == "POSIX" && $4 ~ /^POSIX_SIZE_WRITE_(1M_4M|4M_10M|10M_100M|100M_1G|1G_PLUS)$/ { g += $5 }
		END { printf "%d %d\n", b / 1048576 / t, g }'
}
quiet() { # severity: no finding
	[ "$1" = ok ] || [ "$1" = info ] || [ "$1" = floor ] && echo 0 || echo 1
}

F=$TOP/t/data/triage-round16/r16-write4k.darshan
set -- $(pace "$F")
ok "$([ "$1" -ge 128 ] && [ "$1" -le 256 ] && [ "$2" -eq 0 ] && echo 0 || echo 1)" "r16-write4k: awk: $1 MiB/s, $2 writes of 1 MiB or more"
tri "$F"
s=$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)
ok "$(quiet "$s")" "r16-write4k: SMALL-REQ no finding ($s; main: warn, 1.73 s)"
s=$(col "$TMP/t.tsv" IOL-IO-TIME 3)
ok "$(quiet "$s")" "r16-write4k: IO-TIME no finding ($s; main: warn, 1.73 s)"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "writes at a disk's pace (writeback_pace_pct): 1.000 s, their bytes at 256 MiB/s, not saved"
ok $? "r16-write4k: the detail says why"
printf 'writeback_pace_pct = 0\n' >"$TMP/zero.conf"
tri "$F" --config "$TMP/zero.conf"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "writeback_pace_pct 0: none exempt, r16-write4k warns"
printf 'write_rate_mibs = 100\n' >"$TMP/slow.conf"
tri "$F" --config "$TMP/slow.conf"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "write_rate_mibs 100: 148 MiB/s is faster than the disk, the page cache's: warns"
# the material ones stay: small writes under MPI-IO or HDF5
for l in round5/r5-strided-indep round4/r4-h5-small-chunks; do
	tri "$TOP/t/data/triage-$l.darshan"
	is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "${l#*/}: SMALL-REQ warns"
done
B=$SHARED/corpus/population/logs/bob_turb-small_id591-591_11-21-81863-11830764527989132938_1.darshan
if [ -f "$B" ]; then
	tri "$B"
	is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "IOR 4 KiB c08 (page-cache pace): SMALL-REQ warns"
else
	skip "../shared absent: no population IOR 4 KiB job" 1
fi
done_testing
