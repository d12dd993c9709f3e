#!/bin/sh
# IOL-STDIO-SHARE judges STDIO by what its calls cost (issue 34, round
# 4): calls of at least a stdio buffer (stdio_call_bytes, 4096 B) on
# average go straight to read and write, so STDIO costs nothing over
# POSIX; many small calls and flushes are the cost.  main warned on
# r4-stdio-bulk (256 fwrite and 512 fread of 1 MiB, labelled trivial)
# by its bytes alone.  The truth is computed by awk from `iolens parse`:
# STDIO's bytes over its reads, writes and flushes.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round4
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
calls() { # log: STDIO calls and their mean size in bytes
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "STDIO" {
		if ($4 == "STDIO_READS" || $4 == "STDIO_WRITES" || $4 == "STDIO_FLUSHES") c += $5
		if ($4 == "STDIO_BYTES_READ" || $4 == "STDIO_BYTES_WRITTEN") b += $5 }
		END { printf "%d %.0f\n", c, (c > 0 ? b / c : 0) }'
}
sev() { # log [args]: STDIO-SHARE's severity
	l=$1
	shift
	$RUN triage "$@" --all --format tsv "$l" >"$TMP/t.tsv" 2>/dev/null
	col "$TMP/t.tsv" IOL-STDIO-SHARE 3
}

B=$D/r4-stdio-bulk.darshan
set -- $(calls "$B")
is "$1 $2" "768 1048576" "r4-stdio-bulk: awk: 768 calls of 1 MiB"
is "$(sev "$B")" info "r4-stdio-bulk: STDIO-SHARE info (main: warn)"
col "$TMP/t.tsv" IOL-STDIO-SHARE 8 | grep -q "in $1 calls of $2 B on average, 1.299 s STDIO a rank: calls of at least stdio_call_bytes go straight to read and write"
ok $? "r4-stdio-bulk: the detail says why"
printf 'stdio_call_bytes = 0\n' >"$TMP/zero.conf"
is "$(sev "$B" --config "$TMP/zero.conf")" warn "stdio_call_bytes 0: every call a cost, r4-stdio-bulk warns"
# the small calls are the cost: both labelled material
for c in stdio-log stdio-fgets; do
	set -- $(calls "$D/r4-$c.darshan")
	ok "$([ "$2" -lt 4096 ] && echo 0 || echo 1)" "r4-$c: awk: $1 calls of $2 B on average"
	is "$(sev "$D/r4-$c.darshan")" warn "r4-$c: STDIO-SHARE warns"
done
if command -v sqlite3 >/dev/null; then
	$RUN ingest --db "$TMP/p.db" "$B" "$D/r4-stdio-log.darshan" >/dev/null 2>&1
	set -- $(calls "$B")
	is "$(sqlite3 "$TMP/p.db" "SELECT stdio_ops FROM jobs WHERE log LIKE '%stdio-bulk%'")" "$1" "the store: stdio_ops is awk's $1"
	$RUN triage --db "$TMP/p.db" --top all --format tsv >"$TMP/d.tsv" 2>/dev/null
	is "$(awk -F'\t' '$7 ~ /stdio-bulk/ { print $12 }' "$TMP/d.tsv")" IOL-REDUNDANT "triage --db: r4-stdio-bulk is flagged for its re-read alone"
	cp "$TMP/p.db" "$TMP/old.db"
	if sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN stdio_ops' 2>/dev/null; then
		$RUN triage --db "$TMP/old.db" 2>&1 | tr '\n' ' ' | grep -q "the store lacks stdio_ops: rules reading them judge without them, or are not evaluated where they need them (iolens ingest --refresh)"
		ok $? "a store without stdio_ops says so, and the command"
	else
		skip "sqlite3 cannot drop a column"
	fi
else
	skip "sqlite3 is not installed" 3
fi

# cases of our own: imbalanced-io's 44 KB log file (956 writes, 176
# flushes, 113 s) stays a finding; partial_data_stdio's 1022 files of
# one 16 MiB fwrite each cost nothing over write (round 1 labelled it
# material as bulk STDIO data: docs/metrics.md)
if [ -d "$SHARED/corpus" ]; then
	I=$SHARED/corpus/darshan-logs/imbalanced-io/imbalanced-io.darshan
	set -- $(calls "$I")
	ok "$([ "$2" -lt 4096 ] && echo 0 || echo 1)" "imbalanced-io: awk: $1 calls of $2 B on average"
	is "$(sev "$I")" warn "imbalanced-io: STDIO-SHARE warns"
	P=$SHARED/corpus/darshan-logs/partial_data_stdio/partial_data_stdio.darshan
	set -- $(calls "$P")
	ok "$([ "$2" -ge 4096 ] && echo 0 || echo 1)" "partial_data_stdio: awk: $1 calls of $2 B on average"
	is "$(sev "$P")" info "partial_data_stdio: STDIO-SHARE info"
else
	skip "../shared is not present" 4
fi
done_testing
