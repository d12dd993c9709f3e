#!/bin/sh
# IOL-SMALL-REQ does not count reads alone in their open (issue 34,
# round 4): a record's reads under 1 MiB when it has no more reads than
# opens and its highest byte read lies within the mean read.  Buffering
# merges a request with the next one and such a read has none.  main
# exempted whole files read once only, so the open storms r4-stat-storm
# and r4-stat-storm-big (64 B read once an open of each of 1500 files of
# 104-152 B, 20 and 100 passes; unlabelled) warned.  The truth is
# computed by awk from `iolens parse`, per record; 4 KiB requests in a
# stream (dd oflag=dsync, random reads, HDF5 1 KiB chunks, population
# configs c08 and c09) stay findings.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round4
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
lone() { # log: awk's lone reads
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "POSIX" {
		k = $2 " " $3
		if ($4 == "POSIX_OPENS") o[k] = $5
		if ($4 == "POSIX_READS") r[k] = $5
		if ($4 == "POSIX_BYTES_READ") b[k] = $5
		if ($4 == "POSIX_MAX_BYTE_READ") m[k] = $5 }
	END {
		for (k in r) if (r[k] > 0 && r[k] <= o[k] && b[k] > 0) {
			mean = int(b[k] / r[k])
			if (mean < 1048576 && m[k] >= 0 && m[k] < mean) n += r[k]
		}
		printf "%d\n", n
	}'
}
small() { # log: SMALL-REQ's severity, the tsv in $TMP/t.tsv
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
	col "$TMP/t.tsv" IOL-SMALL-REQ 3
}

for c in stat-storm:20480 stat-storm-big:150000; do
	f=$D/r4-${c%%:*}.darshan
	n=$(lone "$f")
	is "$n" "${c#*:}" "r4-${c%%:*}: awk: ${c#*:} reads alone in their open"
	is "$(small "$f")" ok "r4-${c%%:*}: SMALL-REQ ok (main: warn)"
	col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "; $n reads not counted: each alone in its open, within the file's first request"
	ok $? "r4-${c%%:*}: the detail counts them"
	is "$(col "$TMP/t.tsv" IOL-REDUNDANT 3)" warn "r4-${c%%:*}: the passes are REDUNDANT's"
done
for c in dd-dsync rand-read h5-small-chunks; do
	is "$(lone "$D/r4-$c.darshan")" 0 "r4-$c: awk: no read alone in its open"
	is "$(small "$D/r4-$c.darshan")" warn "r4-$c: SMALL-REQ warns"
done

# a case of our own (t/data/triage-lone/README.md): python reading 64 B
# of 30 files of 100-129 B once an open, 40 passes, traced and written
# as a log by iolens convert; main warned (0.059 s, 5.27 % of the run)
S=$TOP/t/data/triage-lone/storm-64b.darshan
n=$(lone "$S")
all=$($RUN parse "$S" | awk '$1 == "POSIX" && $4 ~ /^POSIX_SIZE_(READ|WRITE)_/ { s += $5 } END { print s }')
ok "$([ "$n" -ge 1200 ] && echo 0 || echo 1)" "storm-64b: awk: $n reads alone in their open (1200 of the storm)"
is "$(small "$S")" ok "storm-64b: SMALL-REQ ok"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "^$((all - n)) of $all POSIX operations under 1 MiB"
ok $? "storm-64b: $((all - n)) of $all small operations left"
if command -v sqlite3 >/dev/null; then
	$RUN ingest --db "$TMP/p.db" "$S" "$D/r4-stat-storm-big.darshan" >/dev/null 2>&1
	is "$(sqlite3 "$TMP/p.db" "SELECT lone_reads FROM jobs ORDER BY lone_reads" | tr '\n' ' ')" "$n 150000 " "the store: lone_reads are awk's"
	cp "$TMP/p.db" "$TMP/old.db"
	if sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN lone_reads' 2>/dev/null; then
		$RUN triage --db "$TMP/old.db" 2>&1 | tr '\n' ' ' | grep -q "the store lacks lone_reads: rules reading them judge without them, or are not evaluated where they need them (iolens ingest --refresh)"
		ok $? "a store without lone_reads says so, and the command"
	else
		skip "sqlite3 cannot drop a column"
	fi
else
	skip "sqlite3 is not installed" 2
fi

# the 4 KiB cases of rounds 2 and 3, and mdtest's whole files (info)
if [ -d "$SHARED/corpus" ]; then
	for p in bob_turb-small_id591-591 bob_turb-small_id1769-1769; do
		f=$(ls "$SHARED"/corpus/population/logs/"$p"_*.darshan)
		is "$(lone "$f")" 0 "$p: awk: no read alone in its open"
		is "$(small "$f")" warn "$p: SMALL-REQ warns"
	done
	f=$(ls "$SHARED"/corpus/population/logs/carol_esm-meta_id2028-2028_*.darshan)
	is "$(lone "$f")" 2048 "c16 storm: awk: 2048 whole-file reads"
	is "$(small "$f")" info "c16 storm: SMALL-REQ info, whole files"
else
	skip "../shared is not present" 6
fi
done_testing
