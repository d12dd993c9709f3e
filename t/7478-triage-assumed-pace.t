#!/bin/sh
# Small requests that really cost stay found when IOL-SMALL-REQ keeps
# half of a one-size job's time as assumed (issue 34, round 39, t/7477).
# Our own jobs, strace traces written here and `iolens convert
# --rank-from pid`: NP processes each write N requests of SZ bytes into
# one file, interleaved by rank, each taking 10 ms (no timing: the
# seconds are the trace's).  The half is kept only where the log shows
# nothing else (every request one size of 10 KiB or more, several
# ranks at once, no pace a site set):
#   4 ranks x 512 writes of 16 KiB: half of 5.12 s kept, 2.56 s staked,
#     IO-TIME's cause under two thirds (the conservative case);
#   the same writes by one process, one after another (one rank,
#     20.48 s): each waits its whole latency, which larger writes save:
#     all staked, IO-TIME warns;
#   4 ranks x 512 writes of 4 KiB: the structural 4 KiB pattern, staked
#     whole;
#   a site's full_rate_mibs: no assumption, staked whole.
# Real logs whose small requests cost (r8-osync's O_SYNC 64 KiB writes,
# r43-vec8-indep's 8-byte writes through MPI-IO, r44-shared-indep,
# r36-h5-chunk-indep's 32 KiB chunks, round 4's collective 4 KiB calls)
# stay findings.  Expected stakes are computed by awk from `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: the tsv of every rule
	g=$1
	shift
	$RUN triage "$@" --all --format tsv "$g" >"$TMP/t.tsv" 2>/dev/null
}
gen() { # np n sz: the trace of np processes writing one file
	awk -v np="$1" -v n="$2" -v sz="$3" -v dur=0.01 '
	function ts(t, h, m, s) {
		h = int(t / 3600); m = int((t - h * 3600) / 60); s = t - h * 3600 - m * 60
		return sprintf("%02d:%02d:%09.6f", h, m, s) }
	BEGIN { t = 36000
		for (p = 0; p < np; p++)
			printf "%d %s openat(AT_FDCWD, \"/data/shared.dat\", O_WRONLY|O_CREAT) = 3 <0.000010>\n", 5000 + p, ts(t + p * 0.00001)
		t += 0.001
		for (i = 0; i < n; i++) {
			for (p = 0; p < np; p++)
				printf "%d %s pwrite64(3, \"\"..., %d, %d) = %d <%.6f>\n", 5000 + p, ts(t + p * 0.000001), sz, (i * np + p) * sz, sz, dur
			t += dur + 0.000002 }
		for (p = 0; p < np; p++)
			printf "%d %s close(3) = 0 <0.000005>\n", 5000 + p, ts(t + p * 0.00001)
		t += 0.01
		for (p = 0; p < np; p++)
			printf "%d %s +++ exited with 0 +++\n", 5000 + p, ts(t + p * 0.00001) }'
}
slowest() { # log: the slowest rank's POSIX write seconds, by awk
	$RUN parse "$1" | awk '$4 == "POSIX_F_WRITE_TIME" && $5 > m { m = $5 } END { print m }'
}
near() { # x want: within 0.05 s
	awk -v x="$1" -v w="$2" 'BEGIN { exit !(x >= w - 0.05 && x <= w + 0.05) }'
	echo $?
}
quiet() { # severity: no finding
	case $1 in ok | info | floor | "below the impact floor") echo 0 ;; *) echo 1 ;; esac
}

gen 4 512 16384 >"$TMP/s4.trace"
$RUN convert --rank-from pid -o "$TMP/s4.darshan" "$TMP/s4.trace" 2>/dev/null
ok $? "4 ranks of 16 KiB writes converted"
t=$(slowest "$TMP/s4.darshan")
tri "$TMP/s4.darshan"
s=$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "4 ranks, 16 KiB: SMALL-REQ warns"
ok "$(near "$s" "$(awk -v t="$t" 'BEGIN { print t / 2 }')")" "4 ranks, 16 KiB: $s s staked, half of $t s"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "(half) assumed the bytes' transfer"
ok $? "4 ranks, 16 KiB: the detail says the half kept is assumed"
ok "$(quiet "$(col "$TMP/t.tsv" IOL-IO-TIME 3)")" "4 ranks, 16 KiB: IO-TIME no finding (cause under two thirds)"

# one pid writing them one after another: the four pids' trace read as
# one process would overlap four calls at a time, which the stakes now
# scale to the calls' wall time (t/7576)
gen 1 2048 16384 >"$TMP/s1.trace"
$RUN convert -o "$TMP/s1.darshan" "$TMP/s1.trace" 2>/dev/null
t=$(slowest "$TMP/s1.darshan")
tri "$TMP/s1.darshan"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "one process, 16 KiB: SMALL-REQ warns"
ok "$(near "$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)" "$t")" "one process, 16 KiB: all of its $t s staked"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "one process, 16 KiB: IO-TIME warns, its cause all of it"

gen 4 512 4096 >"$TMP/t4.trace"
$RUN convert --rank-from pid -o "$TMP/t4.darshan" "$TMP/t4.trace" 2>/dev/null
t=$(slowest "$TMP/t4.darshan")
tri "$TMP/t4.darshan"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "4 ranks, 4 KiB: SMALL-REQ warns"
ok "$(near "$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)" "$t")" "4 ranks, 4 KiB: all of its $t s staked (structural)"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "4 ranks, 4 KiB: IO-TIME warns"

printf 'full_rate_mibs = 32\n' >"$TMP/site.conf"
t=$(slowest "$TMP/s4.darshan")
tri "$TMP/s4.darshan" --config "$TMP/site.conf"
ok "$(near "$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)" "$t")" "full_rate_mibs set: no pace assumed, all $t s staked"

# real small requests that cost
for l in round8/r8-osync round43/r43-vec8-indep round44/r44-shared-indep \
	round36/r36-h5-chunk-indep round4/r4-mpiio-coll-small round13/r13-coll-il4k; do
	tri "$TOP/t/data/triage-$l.darshan"
	is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "${l#*/}: SMALL-REQ warns (labelled material)"
done
tri "$TOP/t/data/triage-round8/r8-osync.darshan"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "r8-osync: IO-TIME warns (one process: all its time the cause)"
done_testing
