#!/bin/sh
# IOL-IO-TIME's stake is what could be saved (issue 34, round 4): the
# expert counts the slowest rank's whole I/O time except when the I/O
# already runs at the file system's rate, then only what its causes cost.
# main staked the whole I/O time always, so I/O programs with nothing to
# save warned: r4-mpiio-large (4 MiB requests, 1.21 s of a 1.22 s run)
# and r4-stdio-bulk (1 MiB calls, 1.30 s of 1.30 s), both labelled
# trivial.  The truth is computed by awk from `iolens parse`: the rate
# (POSIX + STDIO bytes over the I/O time), what the causes cost, and
# the rate against full_rate_mibs where a site sets it (default 0: a
# log does not say how fast its file system is).
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round4
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: triage --all as tsv into $TMP/t.tsv
	l=$1
	shift
	$RUN triage "$@" --all --format tsv "$l" >"$TMP/t.tsv" 2>/dev/null
}
# a single process's rate, MiB/s: bytes over its read + write + metadata
# time, POSIX and STDIO (each byte reaches one of them once)
rate1() {
	$RUN parse "$1" | awk '
	$1 == "POSIX" || $1 == "STDIO" {
		if ($4 ~ /_BYTES_(READ|WRITTEN)$/) b += $5
		if ($4 ~ /_F_(READ|WRITE|META)_TIME$/) t += $5
	}
	END { printf "%.0f\n", (t > 0 ? b / 1048576 / t : 0) }'
}

# r4-stdio-bulk: 591 MiB/s; its one cause is the re-read (REDUNDANT):
# the read time's re-read share, awk's as t/7317's
B=$D/r4-stdio-bulk.darshan
r=$(rate1 "$B")
ok "$([ "$r" -ge 256 ] && echo 0 || echo 1)" "r4-stdio-bulk: awk's rate $r MiB/s is at least full_rate_mibs"
rr=$($RUN parse "$B" | awk '$4 == "STDIO_F_READ_TIME" { t += $5 } $4 == "STDIO_BYTES_READ" { b += $5 } $4 == "STDIO_MAX_BYTE_READ" { m = $5 }
	END { printf "%.3f\n", t * (b - m - 1) / b }')
tri "$B"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" info "r4-stdio-bulk: IO-TIME info (main: warn, 1.3 s at stake)"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 10 | xargs printf '%.3f')" "$rr" "r4-stdio-bulk: the stake is the re-read's $rr s"
col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "; $r MiB/s, at the file system's rate (full_rate_mibs): at stake what its causes cost"
ok $? "r4-stdio-bulk: the detail gives the rate and the stake's kind"

# r4-mpiio-large: 4 ranks, one shared file, MPI-IO 1.212 s by the
# slowest rank over POSIX 1.095 s: only MPI-IO's 0.117 s above POSIX
M=$D/r4-mpiio-large.darshan
want=$($RUN parse "$M" | awk '
	$1 == "MPI-IO" && $4 == "MPIIO_F_SLOWEST_RANK_TIME" { m = $5 }
	($1 == "POSIX" || $1 == "STDIO") && $4 ~ /_BYTES_(READ|WRITTEN)$/ { b += $5 }
	END { printf "%d %.3f\n", b / 1048576 / m, m }')
set -- $want
ok "$([ "$1" -ge 256 ] && echo 0 || echo 1)" "r4-mpiio-large: $1 MiB/s over MPI-IO's slowest rank ($2 s)"
tri "$M"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" info "r4-mpiio-large: IO-TIME info (main: warn, 1.21 s at stake)"
st=$(col "$TMP/t.tsv" IOL-IO-TIME 10)
ok "$(awk -v s="$st" 'BEGIN { exit !(s > 0.1 && s < 0.13) }'; echo $?)" "r4-mpiio-large: the stake is MPI-IO above POSIX ($st s)"
# a site whose file system is faster: the whole time again
printf 'full_rate_mibs = 256\n' >"$TMP/disk.conf"
printf 'full_rate_mibs = 100000\n' >"$TMP/fast.conf"
tri "$M" --config "$TMP/fast.conf"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "full_rate_mibs 100000: r4-mpiio-large's whole I/O time is at stake"
col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "MiB/s, under full_rate_mibs: the whole I/O time is at stake"
ok $? "the detail says so"

# causes that fired keep IO-TIME: each labelled material in round 4
for c in dd-dsync fsync-journal rand-read py-small-files mpiio-coll-small h5-small-chunks; do
	tri "$D/r4-$c.darshan"
	is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "r4-$c: IO-TIME warns"
done

# a case of our own: dd of 1 MiB blocks, 0.501 s of a 0.503 s run; with
# a floor of 0.1 s main warned, 0.501 s at stake.  awk: at the rate, no
# sync but the file's closing one, no re-read, every common access 1 MiB
# or more: nothing to save
if [ -d "$SHARED/corpus" ]; then
	DD=$(ls "$SHARED"/corpus/runs/nonmpi/darshan/dd_bigfile/*.darshan)
	r=$(rate1 "$DD")
	causes=$($RUN parse "$DD" | awk '$1 == "POSIX" {
		if ($4 ~ /_FSYNCS$|_FDSYNCS$/) sy[$3] += $5
		if ($4 == "POSIX_BYTES_READ") br[$3] += $5
		if ($4 == "POSIX_MAX_BYTE_READ") mr[$3] = $5
		if ($4 ~ /^POSIX_ACCESS[1-4]_ACCESS$/ && $5 > 0 && $5 < 1048576) small++ }
		END { for (k in sy) if (sy[k] > 1) s++ # the first sync of a file is no cause
			for (k in br) if (br[k] > mr[k] + 1) re++; print s + re + small }')
	ok "$([ "$r" -ge 256 ] && [ "$causes" -eq 0 ] && echo 0 || echo 1)" "dd_bigfile: awk: $r MiB/s, no sync, re-read or small access"
	printf 'min_stake_s = 0.1\n' >"$TMP/low.conf"
	tri "$DD" --config "$TMP/low.conf"
	is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" info "dd_bigfile, min_stake_s 0.1: IO-TIME info"
	is "$(col "$TMP/t.tsv" IOL-IO-TIME 10)" 0 "dd_bigfile: nothing at stake"
	col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "no cause fired: the requests look well formed, nothing to save"
	ok $? "dd_bigfile: the detail says the requests look well formed"
	# slower than the rate: the whole time (4 ranks, a 1-stripe Lustre
	# file, labelled material in round 1)
	T=$SHARED/corpus/darshan-logs/mpi-io-test/mpi-io-test.darshan
	set -- $($RUN parse "$T" | awk '
		$1 == "MPI-IO" && $4 == "MPIIO_F_SLOWEST_RANK_TIME" { m = $5 }
		($1 == "POSIX" || $1 == "STDIO") && $4 ~ /_BYTES_(READ|WRITTEN)$/ { b += $5 }
		END { printf "%d %.3f\n", b / 1048576 / m, m }')
	ok "$([ "$1" -lt 256 ] && echo 0 || echo 1)" "mpi-io-test: awk: $1 MiB/s, under 256 MiB/s"
	tri "$T" --config "$TMP/disk.conf"
	is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "mpi-io-test, full_rate_mibs 256: IO-TIME warns"
	is "$(col "$TMP/t.tsv" IOL-IO-TIME 10 | xargs printf '%.3f')" "$2" "mpi-io-test, full_rate_mibs 256: the whole $2 s at stake"
	# by default no rate gate: no cause fired, nothing at stake
	tri "$T"
	is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" info "mpi-io-test, default: IO-TIME info"
else
	skip "../shared is not present" 8
fi
done_testing
