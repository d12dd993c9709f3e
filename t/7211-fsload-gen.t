#!/bin/sh
# iolens fsload on recordings written here with known restarts and gaps:
# an LMT database whose OST counter resets and misses two readings, and
# mmperfmon output with a null sample.  Bytes are counted once (a reset
# is a restart: the new count is new traffic, never negative), a gap is
# no zeros (no covered bin), resampling keeps every byte.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 > /dev/null || skip_all "no sqlite3"

# OST0000 written: 1000 2000 3000 [10:15, 10:20 missing] 4500, then the
# server restarts: 100 600.  Intervals: 1000 1000 1500 (across the gap)
# 100 (the restart) 500 = 4100; read stays 0 then restarts at 7.
# OST0001: 10 bytes each step, never missing: 60.
sqlite3 "$TMP/lmt.db" <<'SQL'
CREATE TABLE TIMESTAMP_INFO (TS_ID, TIMESTAMP);
CREATE TABLE OST_INFO (OST_ID, OSS_ID, OST_NAME, HOSTNAME, OFFLINE, DEVICE_NAME);
CREATE TABLE OST_DATA (OST_ID, TS_ID, READ_BYTES, WRITE_BYTES, PCT_CPU, KBYTES_FREE, KBYTES_USED, INODES_FREE, INODES_USED);
CREATE TABLE OSS_INFO (OSS_ID, FILESYSTEM_ID, HOSTNAME, FAILOVERHOST);
CREATE TABLE OSS_DATA (OSS_ID, TS_ID, PCT_CPU, PCT_MEMORY);
CREATE TABLE MDS_INFO (MDS_ID, FILESYSTEM_ID, MDS_NAME, HOSTNAME, DEVICE_NAME);
CREATE TABLE MDS_DATA (MDS_ID, TS_ID, PCT_CPU, KBYTES_FREE, KBYTES_USED, INODES_FREE, INODES_USED);
CREATE TABLE MDS_OPS_DATA (MDS_ID, TS_ID, OPERATION_ID, SAMPLES, SUM, SUMSQUARES);
CREATE TABLE OPERATION_INFO (OPERATION_ID, OPERATION_NAME, UNITS);
CREATE TABLE FILESYSTEM_INFO (FILESYSTEM_ID, FILESYSTEM_NAME, FILESYSTEM_MOUNT_NAME, SCHEMA_VERSION);
INSERT INTO FILESYSTEM_INFO VALUES (1, 'genfs', '', '1.1');
INSERT INTO TIMESTAMP_INFO VALUES (1, '2020-01-01 10:00:00'), (2, '2020-01-01 10:00:05'),
  (3, '2020-01-01 10:00:10'), (4, '2020-01-01 10:00:15'), (5, '2020-01-01 10:00:20'),
  (6, '2020-01-01 10:00:25'), (7, '2020-01-01 10:00:30'), (8, '2020-01-01 10:00:35');
INSERT INTO OST_INFO VALUES (1, 1, 'genfs-OST0000', 'oss1', 0, ''), (2, 1, 'genfs-OST0001', 'oss1', 0, '');
INSERT INTO OSS_INFO VALUES (1, 1, 'oss1', '');
INSERT INTO OST_DATA VALUES
  (1, 1, 0, 1000, 0, 900, 100, 0, 0), (1, 2, 0, 2000, 0, 900, 100, 0, 0),
  (1, 3, 0, 3000, 0, 900, 100, 0, 0), (1, 6, 0, 4500, 0, 900, 100, 0, 0),
  (1, 7, 7, 100, 0, 900, 100, 0, 0), (1, 8, 7, 600, 0, 800, 200, 0, 0);
INSERT INTO OST_DATA SELECT 2, TS_ID, 0, 10 * TS_ID, 0, 500, 500, 0, 0 FROM TIMESTAMP_INFO;
INSERT INTO OSS_DATA SELECT 1, TS_ID, 10 * TS_ID, 50 FROM TIMESTAMP_INFO;
INSERT INTO OPERATION_INFO VALUES (1, 'open', 'reqs');
INSERT INTO MDS_INFO VALUES (1, 1, 'genfs-MDT0000', 'mds1', '');
INSERT INTO MDS_OPS_DATA SELECT 1, TS_ID, 1, 1000 + 3 * TS_ID, 0, 0 FROM TIMESTAMP_INFO;
SQL
ok $? "an LMT database written with sqlite3"

$RUN fsload --format=csv "$TMP/lmt.db" > "$TMP/a.csv"
ok $? "fsload reads it"
is "$(awk -F, 'NR > 1 && $2 != "oss" && $2 != "mds" && $2 != "mdt" { print $1, $3, $4, $16, $17, $18 }' "$TMP/a.csv" | tr '\n' ';')" \
	"genfs-OST0000 7 4100 1 10 1;genfs-OST0001 0 70 0 0 0;genfs 7 4170 1 10 1;" \
	"per OST: a restart is new traffic (4100, not -4400), the gap counted (10 s), the reset counted"
is "$(awk -F, '$1 == "oss1" { print $3, $4, $10, $11 }' "$TMP/a.csv")" "7 4170 45 80" \
	"the OSS: its OSTs' bytes, its CPU mean and peak"
is "$(awk -F, '$1 == "genfs-OST0000" { print $12, $13 }' "$TMP/a.csv")" "200 1000" \
	"fullness: the latest reading (used, used + free kB)"

# the gap: bins inside it hold the bytes the counter says moved, but are
# not covered: no zeros
$RUN fsload --format=csv --intervals "$TMP/lmt.db" > "$TMP/i.csv"
is "$(awk -F, '$1 == "genfs-OST0000" { print substr($2, 15, 5), $4, $5, $6 }' "$TMP/i.csv" | tr '\n' ';')" \
	"00:00 0 1000 5;00:05 0 1000 5;00:10 0 500 0;00:15 0 500 0;00:20 0 500 0;00:25 7 100 5;00:30 0 500 5;" \
	"bins: the gap's 1500 bytes spread over it, uncovered (0 s); the restart's 100"
for iv in 3s 7s 1m; do
	is "$($RUN fsload --format=csv --interval "$iv" "$TMP/lmt.db" | awk -F, '$2 == "ost" { print $3, $4 }' | tr '\n' ';')" \
		"7 4100;0 70;" "--interval $iv: every byte kept"
done
is "$($RUN fsload --format=csv --from 2020-01-01T10:00:05Z --to 2020-01-01T10:00:30Z "$TMP/lmt.db" | awk -F, '$2 == "ost" { print $3, $4 }' | tr '\n' ';')" \
	"7 2600;0 50;" "--from/--to: what moved inside the window (1000, the gap's 1500, the restart's 100)"
is "$($RUN fsload --format=csv --ops "$TMP/lmt.db" | awk -F, '$1 == "open" { print $2 }')" 21 \
	"metadata operations: 7 intervals of 3 opens"

# mmperfmon: a null is a missing sample
cat > "$TMP/mm.txt" <<'T'
Legend:
 1:	srv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read
 2:	srv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_written
 3:	srv1|CPU|cpu_user

Row           Timestamp gpfs_nsdds_bytes_read gpfs_nsdds_bytes_written
  1 2020-01-01-10:00:00                   100                      10
  2 2020-01-01-10:01:00                  null                    null
  3 2020-01-01-10:02:00                   300                      30

Row           Timestamp cpu_user
  1 2020-01-01-10:00:00      1.5
  2 2020-01-01-10:01:00      2.5
  3 2020-01-01-10:02:00      3.5
T
$RUN fsload --format=csv "$TMP/mm.txt" > "$TMP/m.csv"
ok $? "mmperfmon text reads"
is "$(awk -F, '$1 == "d0" || $1 == "srv1" { print $1, $2, $3, $4, $10, $11 }' "$TMP/m.csv" | tr '\n' ';')" \
	"d0 nsd 400 40  ;srv1 nsdserver 400 40 2.5 3.5;" \
	"mmperfmon: NSD bytes of its tables, its server's, CPU of the second table"
is "$($RUN fsload --format=csv --intervals "$TMP/mm.txt" | awk -F, '$1 == "d0" { print substr($2, 12, 5) }' | tr '\n' ' ')" \
	"10:00 10:02 " "mmperfmon: the null sample is no bin"

# errors: one line, exit 1; usage exit 2
printf 'not telemetry\n' > "$TMP/x.txt"
$RUN fsload "$TMP/x.txt" > /dev/null 2> "$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: cannot read '$TMP/x.txt': not an LMT database, h5lmt, TOKIO HDF5, lfs df, lctl dl -t or mmperfmon recording" \
	"not telemetry: one line, exit 1"
$RUN fsload --interval 0 "$TMP/lmt.db" > /dev/null 2>&1
is $? 2 "--interval 0 is a usage error"
$RUN fsload --from 2020-01-01T10:00:30Z --to 2020-01-01T10:00:00Z "$TMP/lmt.db" > /dev/null 2> "$TMP/err"
is "$? $(cat "$TMP/err")" "1 iolens fsload: the window is empty: --from is not before --to" \
	"an empty window: one line, exit 1"

done_testing
