#!/bin/sh
# IOL-IO-TIME on collective MPI-IO whose POSIX work under it is tiny
# (issue 34, round 120): the exchange moves the bytes POSIX moved and
# costs their order of time; the layer's time beyond iotime_sync_pct
# (10) of it is ranks waiting in the collective calls for late ones, no
# cause of IO-TIME.  main staked r120-run's 5.32 s and r120-restart's
# 4.3 s (labelled false: 4 ranks on 2 loaded cores, the same job ran in
# 3.35 s).  The truth is awk's over `iolens parse`: the collective and
# independent MPI-IO data calls, the slowest rank's POSIX + STDIO
# seconds and the MPI-IO slowest rank's.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
io() { # log: the slowest rank's POSIX + STDIO seconds (a shared file's: its slowest rank's)
	$RUN parse "$1" 2>/dev/null | awk '($1 == "POSIX" || $1 == "STDIO") &&
		$2 != -1 && $4 ~ /_F_(READ|WRITE|META)_TIME$/ { t[$2] += $5 }
		($1 == "POSIX" || $1 == "STDIO") && $2 == -1 &&
			$4 ~ /_F_SLOWEST_RANK_TIME$/ { sh += $5 }
		END { for (r in t) if (t[r] > m) m = t[r]; printf "%.3f\n", m + sh }'
}
mp() { # log: MPI-IO's slowest rank seconds (shared records' slowest ranks summed)
	$RUN parse "$1" 2>/dev/null | awk '$1 == "MPI-IO" && $2 == -1 &&
		$4 == "MPIIO_F_SLOWEST_RANK_TIME" { s += $5 }
		END { printf "%.3f\n", s }'
}
ops() { # log: collective and independent MPI-IO data calls
	$RUN parse "$1" 2>/dev/null | awk '$1 == "MPI-IO" && $4 ~ /^MPIIO_COLL_(READS|WRITES)$/ { c += $5 }
		$1 == "MPI-IO" && $4 ~ /^MPIIO_INDEP_(READS|WRITES)$/ { i += $5 }
		END { print c + 0, i + 0 }'
}
lt() { # a b: 0 when a < b
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'
}
D=$TOP/t/data/triage-round120

for n in run restart; do
	R=$D/r120-$n.darshan
	set -- $(ops "$R")
	i=$(io "$R")
	m=$(mp "$R")
	lt $(($2 * 10)) "$1" && lt "$(awk -v i="$i" 'BEGIN { print 100 * i }')" "$(awk -v m="$m" 'BEGIN { print 10 * m }')"
	ok $? "r120-$n: awk: $1 collective, $2 independent calls; POSIX+STDIO $i s under 10 % of MPI-IO's $m s"
	$RUN triage --all --format tsv "$R" >"$TMP/$n.tsv" 2>/dev/null
	is "$(col "$TMP/$n.tsv" IOL-IO-TIME 3)" info "r120-$n: IO-TIME info (main: warn)"
	is "$(col "$TMP/$n.tsv" IOL-IO-TIME 10 | xargs printf '%.2f')" 0.00 "r120-$n: nothing at stake (main: the layer's time)"
	col "$TMP/$n.tsv" IOL-IO-TIME 8 | grep -q "collective calls over $i s of POSIX+STDIO (under iotime_sync_pct): ranks waiting for late ones"
	ok $? "r120-$n: the detail gives awk's $i s and names iotime_sync_pct"
	# the boundary: at 0 (off) or under POSIX's share the layer's time counts again
	p=$(awk -v i="$i" -v m="$m" 'BEGIN { printf "%.2f", 100 * i / m - 0.05 }')
	for v in 0 "$p"; do
		printf 'iotime_sync_pct = %s\n' "$v" >"$TMP/s.conf"
		$RUN triage --config "$TMP/s.conf" --all --format tsv "$R" >"$TMP/s.tsv" 2>/dev/null
		is "$(col "$TMP/s.tsv" IOL-IO-TIME 3)" warn "r120-$n: iotime_sync_pct = $v: IO-TIME warn"
	done
done

# independent small writes on the same file (r120-diagtiny, IO-TIME
# labelled false but SMALL-REQ material): not collective, untouched
R=$D/r120-diagtiny.darshan
set -- $(ops "$R")
lt "$1" "$(($2 / 10 + 1))"
ok $? "r120-diagtiny: awk: $1 collective of $2 independent calls"
$RUN triage --all --format tsv "$R" >"$TMP/d.tsv" 2>/dev/null
col "$TMP/d.tsv" IOL-IO-TIME 8 | grep -q iotime_sync_pct
ok $((!$?)) "r120-diagtiny: no iotime_sync_pct clause"
is "$(col "$TMP/d.tsv" IOL-SMALL-REQ 3)" warn "r120-diagtiny: SMALL-REQ still warns"
# small collective calls found (IOL-SMALL-REQ warn): each round's fixed
# cost is their pattern's, the layer's time stays a cause (r14-cread-
# 1k-16's rerun, 8000 collective 1 KiB reads, IO-TIME labelled material
# on its first run; without this guard it fell to info)
R=$TOP/t/data/triage-round14/reruns/r14-cread-1k-16-ab1.darshan
$RUN triage --all --format tsv "$R" >"$TMP/c.tsv" 2>/dev/null
is "$(col "$TMP/c.tsv" IOL-SMALL-REQ 3) $(col "$TMP/c.tsv" IOL-IO-TIME 3)" "warn warn" "r14-cread-1k-16-ab1: SMALL-REQ and IO-TIME warn"
col "$TMP/c.tsv" IOL-IO-TIME 8 | grep -q iotime_sync_pct
ok $((!$?)) "r14-cread-1k-16-ab1: no iotime_sync_pct clause"
done_testing
