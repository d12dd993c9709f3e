#!/bin/sh
# IOL-IO-TIME when I/O at the device's pace is most of a long run (issue
# 34, rounds 57, 95 and 105): no request pattern has anything to save,
# but the volume or the frequency is the lever, so the slowest rank's
# whole I/O time is at stake once it holds iotime_paced_s (8 s) and
# iotime_paced_pct (67) of the run.  main put the labelled-material
# r105-rtmevery (a snapshot every step) and r57-ckptslow (every
# checkpoint to the slow tier) below the impact floor ("nothing
# material to save", 0 s at stake).  Not r95-every (labelled material
# too, but 51.5 % of its run, and its reruns under half: the share
# flips), nor with nonblocking MPI-IO (r61-iw-overlap, labelled false:
# POSIX drained behind the computation), nor under iotime_paced_s
# (r19-few-250m, a writer at the disk's pace, labelled trivial).  The
# truth is awk's over `iolens parse`: a rank's POSIX + STDIO read, write
# and metadata seconds, the run time, and the nonblocking MPI-IO
# operations.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
io() { # log: the slowest rank's POSIX + STDIO seconds (a shared file's: its slowest rank's)
	$RUN parse "$1" 2>/dev/null | awk '($1 == "POSIX" || $1 == "STDIO") &&
		$2 != -1 && $4 ~ /_F_(READ|WRITE|META)_TIME$/ { t[$2] += $5 }
		$2 == -1 && $4 ~ /_F_SLOWEST_RANK_TIME$/ { sh += $5 }
		END { for (r in t) if (t[r] > m) m = t[r]; printf "%.3f\n", m + sh }'
}
run() { # log: the run time
	$RUN parse "$1" 2>/dev/null | awk '/^# run time:/ { printf "%.3f\n", $4 }'
}
nb() { # log: nonblocking MPI-IO operations
	$RUN parse "$1" 2>/dev/null | awk '$4 == "MPIIO_NB_READS" ||
		$4 == "MPIIO_NB_WRITES" { s += $5 } END { print s + 0 }'
}
ge() { # a b: 0 when a >= b
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 >= b + 0) }'
}
D=$TOP/t/data

R=$D/triage-round105/r105-rtmevery.darshan
i=$(io "$R")
r=$(run "$R")
ge "$i" 8 && ge "$(awk -v i="$i" -v r="$r" 'BEGIN { print 2 * i - r }')" 0
ok $? "r105-rtmevery: awk: $i s of I/O of a $r s run, 8 s and half the run or more"
$RUN triage --all --format tsv "$R" >"$TMP/r.tsv" 2>/dev/null
is "$(col "$TMP/r.tsv" IOL-IO-TIME 3)" warn "r105-rtmevery: IO-TIME warn (main: info, 0 s at stake)"
is "$(col "$TMP/r.tsv" IOL-IO-TIME 10 | xargs printf '%.3f')" "$i" "r105-rtmevery: the whole I/O time, awk's $i s, at stake"
sh=$(awk -v i="$i" -v r="$r" 'BEGIN { printf "%.0f", 100 * i / r }')
col "$TMP/r.tsv" IOL-IO-TIME 8 | grep -q "but $sh % of the run and over iotime_paced_s/_pct: the volume or frequency is the lever (write less often"
ok $? "r105-rtmevery: the detail gives awk's $sh % and names the lever"

# the boundary is awk's seconds: just under them IO-TIME warns, just over
# them, or 0 (off), it is below the floor again
lo=$(awk -v i="$i" 'BEGIN { printf "%.3f", i - 0.01 }')
hi=$(awk -v i="$i" 'BEGIN { printf "%.3f", i + 0.01 }')
plo=$(awk -v i="$i" -v r="$r" 'BEGIN { printf "%.2f", 100 * i / r - 0.1 }')
phi=$(awk -v i="$i" -v r="$r" 'BEGIN { printf "%.2f", 100 * i / r + 0.1 }')
for v in "s $lo warn" "s $hi info" "s 0 info" "pct $plo warn" "pct $phi info"; do
	set -- $v
	printf 'iotime_paced_%s = %s\n' "$1" "$2" >"$TMP/p.conf"
	$RUN triage --config "$TMP/p.conf" --all --format tsv "$R" >"$TMP/p.tsv" 2>/dev/null
	is "$(col "$TMP/p.tsv" IOL-IO-TIME 3)" "$3" "r105-rtmevery: iotime_paced_$1 = $2: IO-TIME $3"
done

K=$D/triage-round57/r57-ckptslow.darshan
i=$(io "$K")
$RUN triage --all --format tsv "$K" >"$TMP/k.tsv" 2>/dev/null
is "$(col "$TMP/k.tsv" IOL-IO-TIME 3)" warn "r57-ckptslow: IO-TIME warn (main: info, 0 s at stake)"
is "$(col "$TMP/k.tsv" IOL-IO-TIME 10 | xargs printf '%.3f')" "$i" "r57-ckptslow: awk's $i s at stake"

# its 20 shared files' slowest ranks differ, so the share is IO-TIME's
# own value here; the labels say 11.44 s of 22.22 s
E=$D/triage-round95/r95-every.darshan
$RUN triage --all --format tsv "$E" >"$TMP/e.tsv" 2>/dev/null
sh=$(col "$TMP/e.tsv" IOL-IO-TIME 5)
ge "$sh" 50 && ge 67 "$sh"
ok $? "r95-every: IO-TIME's share $sh %: over io_time_pct, under 67 %"
is "$(col "$TMP/e.tsv" IOL-IO-TIME 3)" info "r95-every: under iotime_paced_pct, IO-TIME stays info"
printf 'iotime_paced_pct = 50\n' >"$TMP/h.conf"
$RUN triage --config "$TMP/h.conf" --all --format tsv "$E" >"$TMP/h.tsv" 2>/dev/null
is "$(col "$TMP/h.tsv" IOL-IO-TIME 3)" warn "r95-every: iotime_paced_pct = 50: IO-TIME warn"

W=$D/triage-round61/r61-iw-overlap.darshan
i=$(io "$W")
n=$(nb "$W")
ge "$i" 8 && ge "$n" 1
ok $? "r61-iw-overlap: awk: $i s of POSIX, $n nonblocking MPI-IO operations"
$RUN triage --all --format tsv "$W" >"$TMP/w.tsv" 2>/dev/null
is "$(col "$TMP/w.tsv" IOL-IO-TIME 3)" info "r61-iw-overlap: nonblocking MPI-IO, IO-TIME stays info"

F=$D/triage-round19/r19-few-250m.darshan
i=$(io "$F")
ge "$i" 8
ok "$([ $? -ne 0 ] && echo 0 || echo 1)" "r19-few-250m: awk: $i s of I/O, under 8 s"
$RUN triage --all --format tsv "$F" >"$TMP/f.tsv" 2>/dev/null
is "$(col "$TMP/f.tsv" IOL-IO-TIME 3)" info "r19-few-250m: under iotime_paced_s, IO-TIME stays info"
done_testing
