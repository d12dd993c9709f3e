#!/bin/sh
# iolens fsload on real Lustre and GPFS server telemetry
# (../shared/corpus/tokio): the snx11025 window in its three forms (LMT
# in SQLite, h5lmt, TOKIO HDF5) gives the per-OST bytes that sqlite3
# computes from the LMT tables, in the whole window, in a --from/--to
# window and resampled; the counters that reset are restarts; lfs df,
# lctl dl -t and mmperfmon read against sums made here.
. "$(dirname "$0")/lib.sh"
need_shared
T=$SHARED/corpus/tokio
[ -f "$T/snx11025_2018-01-28.sqlite3" ] || skip_all "no corpus/tokio"
command -v sqlite3 > /dev/null || skip_all "no sqlite3"
DB=$T/snx11025_2018-01-28.sqlite3
# the HDF5 forms need libhdf5 (.ci/deps), loaded when such a file is read
if $RUN fsload "$T/snx11025_2018-01-28.h5lmt" 2>&1 >/dev/null | grep -q 'cannot load libhdf5'; then
	skip_all "libhdf5 is not installed (Debian libhdf5-103-1)"
fi
# LMT keeps the servers' local time: NERSC's
LA=America/Los_Angeles

# truth: per OST, the cumulative counters' last minus first reading
# (this window has no reset), between two local times
truth() {	# truth FROM TO -> "name read written" lines
	sqlite3 -separator ' ' "$DB" "
	  SELECT i.OST_NAME, b.READ_BYTES - a.READ_BYTES,
	         b.WRITE_BYTES - a.WRITE_BYTES
	  FROM OST_INFO i
	  JOIN OST_DATA a ON a.OST_ID = i.OST_ID
	  JOIN TIMESTAMP_INFO ta ON ta.TS_ID = a.TS_ID AND ta.TIMESTAMP = '$1'
	  JOIN OST_DATA b ON b.OST_ID = i.OST_ID
	  JOIN TIMESTAMP_INFO tb ON tb.TS_ID = b.TS_ID AND tb.TIMESTAMP = '$2'
	  ORDER BY i.OST_NAME"
}
osts() {	# osts CSV -> "name read written" lines of the OSTs
	awk -F, '$2 == "ost" { print $1, $3, $4 }' "$1" | sort
}
# within a few kB: h5lmt keeps rates, rounded per sample
near() {	# near A B -> 0 when every line agrees within 4096 bytes
	paste -d' ' "$1" "$2" | awk '
	  $1 != $4 || ($2 - $5) ^ 2 > 4096 ^ 2 || ($3 - $6) ^ 2 > 4096 ^ 2 { bad++ }
	  END { exit bad || NR != 24 }'
}

truth "2018-01-28 00:00:00" "2018-01-28 00:05:00" > "$TMP/truth"
is "$(wc -l < "$TMP/truth" | tr -d ' ')" 24 "sqlite3: 24 OSTs in the LMT tables"
is "$(awk '{ w += $3 } END { printf "%.0f", w }' "$TMP/truth")" 119037925429 \
	"sqlite3: 119,037,925,429 bytes written in the window"

for f in sqlite3 h5lmt hdf5; do
	TZ=$LA $RUN fsload --format=csv "$T/snx11025_2018-01-28.$f" > "$TMP/$f.csv"
	ok $? "fsload reads the $f form"
	osts "$TMP/$f.csv" > "$TMP/$f.osts"
	near "$TMP/$f.osts" "$TMP/truth"
	ok $? "$f: per-OST bytes read and written are the LMT tables'"
done
cmp -s "$TMP/sqlite3.osts" "$TMP/truth"
ok $? "LMT in SQLite: per-OST bytes exactly the tables'"
is "$(head -1 "$TMP/sqlite3.csv" | cut -d, -f1-4)" "target,kind,bytes_read,bytes_written" \
	"CSV columns start target,kind,bytes_read,bytes_written"
is "$(awk -F, '$2 == "fs" { print $1, $3, $4 }' "$TMP/sqlite3.csv")" \
	"snx11025 6347173888 119037925429" "one row for the whole file system"
is "$(awk -F, '$2 == "oss" { n++ } END { print n }' "$TMP/sqlite3.csv")" 24 \
	"a row per OSS"
is "$(awk -F, '$1 == "snx11025-OST0000" { printf "%.2f", $9 }' "$TMP/sqlite3.csv")" \
	"5.38" "OST0000 moved 5.38 x the median OST's bytes"

# resampled: no byte lost, whatever the bin
for iv in 7s 60s 1h; do
	TZ=$LA $RUN fsload --format=csv --interval "$iv" "$DB" | \
		awk -F, '$2 == "ost" { print $1, $3, $4 }' | sort > "$TMP/iv.osts"
	cmp -s "$TMP/iv.osts" "$TMP/truth"
	ok $? "--interval $iv keeps every OST's bytes"
done

# a window: 00:01:00 to 00:03:30 local is 08:01:00Z to 08:03:30Z
truth "2018-01-28 00:01:00" "2018-01-28 00:03:30" > "$TMP/wtruth"
for f in sqlite3 h5lmt hdf5; do
	TZ=$LA $RUN fsload --format=csv --from 2018-01-28T08:01:00Z \
		--to 2018-01-28T08:03:30Z "$T/snx11025_2018-01-28.$f" > "$TMP/w.csv"
	osts "$TMP/w.csv" > "$TMP/w.osts"
	near "$TMP/w.osts" "$TMP/wtruth"
	ok $? "$f: --from/--to window gives the tables' bytes of the window"
done

# metadata operations: LMT's cumulative count of opens, and the others
open_truth=$(sqlite3 "$DB" "SELECT max(SAMPLES) - min(SAMPLES) FROM MDS_OPS_DATA d
	JOIN OPERATION_INFO o ON o.OPERATION_ID = d.OPERATION_ID WHERE o.OPERATION_NAME = 'open'")
for f in sqlite3 h5lmt hdf5; do
	is "$($RUN fsload --ops --format=csv "$T/snx11025_2018-01-28.$f" | awk -F, '$1 == "open" { printf "%.0f", $2 }')" \
		"$open_truth" "$f: opens in the window are LMT's"
done

# counters that reset: the new count is traffic since the restart
R=$T/lmtdb-reset.sqlite3
wtruth=$(sqlite3 -separator ' ' "$R" "SELECT d.WRITE_BYTES FROM OST_DATA d JOIN TIMESTAMP_INFO t
	ON t.TS_ID = d.TS_ID ORDER BY t.TIMESTAMP" | awk '
	NR > 1 { s += $1 >= p ? $1 - p : $1 } { p = $1 } END { print s }')
$RUN fsload --format=csv "$R" > "$TMP/r.csv"
ok $? "fsload reads the database whose counters reset"
is "$(awk -F, '$2 == "ost" { print $4, $16, $17, $18 }' "$TMP/r.csv")" \
	"$wtruth 1 195 1" "reset: bytes written with the restart read as traffic, 1 gap of 195 s, 1 reset"
$RUN fsload --format=csv --intervals "$R" > "$TMP/ri.csv"
# 25 readings give 24 intervals, the one across the gap uncovered
is "$(grep -c '^snx11168-OST00ad,' "$TMP/ri.csv") $(grep -c '07:3[78]:' "$TMP/ri.csv")" \
	"24 0" "24 bins of 5 s, none inside the gap: missing, not zeros"
$RUN fsload --format=csv --periods "$R" > "$TMP/rp.csv"
is "$(grep -c '^idle,' "$TMP/rp.csv") $(awk -F, '$1 == "idle" && $2 < "2018-04-18T07:39:05Z" && $3 > "2018-04-18T07:35:45Z"' "$TMP/rp.csv" | wc -l | tr -d ' ')" \
	"2 0" "idle periods after the restart, none across the gap"

# lfs df, lctl dl -t
$RUN fsload --format=csv "$T/lfs-df.txt.gz" "$T/lctl-dl-t.txt.gz" > "$TMP/df.csv"
ok $? "lfs df and lctl dl -t read together"
want=$(zcat "$T/lfs-df.txt.gz" | awk '$1 == "snx11035-OST0000_UUID" { print $3, $2 }')
is "$(awk -F, '$1 == "snx11035-OST0000" { print $12, $13 }' "$TMP/df.csv")" "$want" \
	"lfs df: OST0000's used and size in kB"
want=$(zcat "$T/lctl-dl-t.txt.gz" | awk '$4 ~ /^snx11035-OST0014-osc/ { print $NF }')
is "$(awk -F, '$1 == "snx11035-OST0014" { print $15 }' "$TMP/df.csv")" "$want" \
	"lctl dl -t: the server of OST0014"

# mmperfmon: a wide query in several tables; the bytes are every number
sum=$(zcat "$T/mmperfmon-nsdds.txt.gz" | awk '
	$2 ~ /^[0-9-]+:[0-9:]+$/ { for (i = 3; i <= NF; i++) s += $i } END { printf "%.0f", s }')
is "$($RUN fsload --format=csv "$T/mmperfmon-nsdds.txt.gz" | awk -F, '$2 == "fs" { print $3 }')" \
	"$sum" "mmperfmon: NSD bytes read are the sum of its tables"
is "$($RUN fsload --format=csv "$T/mmperfmon-nsdds.txt.gz" | awk -F, '$2 == "nsd" { n++ } END { print n }')" \
	42 "mmperfmon: a row per NSD of the legend"

# the page
if command -v pdftotext > /dev/null; then
	SOURCE_DATE_EPOCH=0 $RUN fsload -o "$TMP/fs.pdf" "$T/snx11025_2018-01-28.hdf5"
	ok $? "-o fs.pdf draws the page"
	pdftotext "$TMP/fs.pdf" - | grep -q "snx11025, TOKIO HDF5, 24 data targets"
	ok $? "the page names the file system, the form and its 24 OSTs"
else
	skip "no pdftotext" 2
fi

done_testing
