#!/bin/sh
# Rank-0-only I/O is, by definition, a rank imbalance (issue 34): the
# independent labellers name IOL-RANK-IMBALANCE material beside a
# material IOL-RANK0-IO 12 of 12 times (rounds 2-10).  main told the
# cause once: RANK-IMBALANCE, judged alone by its time, was info under
# the absolute floor in carol's short esm-rank0 jobs (13 labels missed),
# and where it warned its detail did not say it was RANK0-IO's cause.
# Now it is RANK0-IO's companion: RANK0-IO's severity, its own rule's
# stake (the busiest rank's time beyond the mean rank's), a detail that
# says it is the same cause.  Only where RANK0-IO is a finding: beside a
# RANK0-IO under the floor it stays what its own rule makes it.  The
# truth is awk's over `iolens parse`: the processes, the ranks with
# POSIX or STDIO records, the busiest rank's bytes against the mean.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
funnel() { # log: processes, ranks with records, busiest rank's bytes over the mean rank's (x100)
	$RUN parse "$1" 2>/dev/null | awk '/^# nprocs:/ { n = $3 }
		($1 == "POSIX" || $1 == "STDIO") && $2 >= 0 { r[$2] = 1
			if ($4 ~ /_BYTES_(READ|WRITTEN)$/) { b[$2] += $5; s += $5 } }
		END { for (k in r) m++; for (k in b) if (b[k] > x) x = b[k]
		      printf "%d %d %d\n", n, m, (s > 0 ? 100 * x * n / s : 0) }'
}
# the companion's stake is its own rule's: the same with RANK0-IO off
printf 'companions = 1\n' >"$TMP/on.conf"
printf 'companions = 1\nrank0_share_pct = 100\n' >"$TMP/off.conf"
companion() { # log name: both warn, named, own stake
	$RUN triage --all --config "$TMP/on.conf" --format tsv "$1" >"$TMP/c.tsv" 2>/dev/null
	$RUN triage --all --config "$TMP/off.conf" --format tsv "$1" >"$TMP/o.tsv" 2>/dev/null
	is "$(col "$TMP/c.tsv" IOL-RANK0-IO 3) $(col "$TMP/c.tsv" IOL-RANK-IMBALANCE 3)" "warn warn" \
		"$2: RANK0-IO and RANK-IMBALANCE warn"
	col "$TMP/c.tsv" IOL-RANK-IMBALANCE 8 | grep -q '^same cause as IOL-RANK0-IO: .*; its own stake '
	ok $? "$2: RANK-IMBALANCE says it is RANK0-IO's cause"
	is "$(col "$TMP/c.tsv" IOL-RANK-IMBALANCE 10)" "$(col "$TMP/o.tsv" IOL-RANK-IMBALANCE 10)" \
		"$2: RANK-IMBALANCE's stake is its own rule's"
}
# a round's log: r4-rank0-io, rank 0 of 8 writes 256 MiB (round 4
# labelled RANK0-IO, IDLE-RANKS and RANK-IMBALANCE material)
L=$TOP/t/data/triage-round4/r4-rank0-io.darshan
set -- $(funnel "$L")
is "$1 $2 $3" "8 1 800" "r4-rank0-io: awk: 8 processes, 1 with records, busiest rank 8 x the mean"
companion "$L" r4-rank0-io
# r4-long-rank0: rank 0 of 4, RANK0-IO under the floor (labelled
# trivial): no companion
L=$TOP/t/data/triage-round4/r4-long-rank0.darshan
set -- $(funnel "$L")
is "$1 $2" "4 1" "r4-long-rank0: awk: 4 processes, 1 with records"
$RUN triage --all --config "$TMP/on.conf" --format tsv "$L" >"$TMP/l.tsv" 2>/dev/null
is "$(col "$TMP/l.tsv" IOL-RANK0-IO 3)" info "r4-long-rank0: RANK0-IO info (below the floor)"
col "$TMP/l.tsv" IOL-RANK-IMBALANCE 8 | grep -q 'same cause'
ok "$((! $?))" "r4-long-rank0: RANK-IMBALANCE is no companion of a RANK0-IO that is no finding"
if [ -d "$SHARED/corpus/population/logs" ]; then
	# our own case: c17, IOR -N 1 on 4 ranks, rank 0 writes 64 MiB
	POP=$SHARED/corpus/population
	for B in $(awk -F'\t' '$8 == "c17" { print $2 }' "$POP/manifest.tsv" | head -3); do
		set -- $(funnel "$POP/logs/$B")
		id=${B#carol_esm-rank0_id}
		id=${id%%-*}
		is "$1 $2 $3" "4 1 400" "c17 $id: awk: 4 processes, 1 with records, busiest rank 4 x the mean"
		companion "$POP/logs/$B" "c17 $id"
	done
else
	skip "../shared is not present" 12
fi
done_testing
