# t/fs/lmtgen.sh: LMT databases for the tests (t/7214, t/7215).
#   lmt_ddl         LMT's tables, in types both SQLite and MySQL take
#   lmt_gen [N]     lmt_ddl and generated rows: file system "gen", two
#                   OSTs every 5 s from 2018-01-28 00:00:00 (N steps more
#                   than the 9 of the comment below appended: a longer
#                   series of the same recording, the counters going on)
#   lmt_long        lmt_ddl, LMT's indexes on the time stamps and a day
#                   every 60 s (a window of a long recording)
lmt_ddl() {
	cat <<'SQL'
CREATE TABLE FILESYSTEM_INFO (FILESYSTEM_ID INT PRIMARY KEY,
  FILESYSTEM_NAME VARCHAR(128), FILESYSTEM_MOUNT_NAME VARCHAR(128),
  SCHEMA_VERSION VARCHAR(32));
CREATE TABLE TIMESTAMP_INFO (TS_ID BIGINT PRIMARY KEY, TIMESTAMP DATETIME);
CREATE TABLE OST_INFO (OST_ID INT PRIMARY KEY, OSS_ID INT,
  OST_NAME VARCHAR(128), HOSTNAME VARCHAR(128), OFFLINE INT,
  DEVICE_NAME VARCHAR(128));
CREATE TABLE OST_DATA (OST_ID INT, TS_ID BIGINT, READ_BYTES BIGINT,
  WRITE_BYTES BIGINT, PCT_CPU DOUBLE, KBYTES_FREE BIGINT, KBYTES_USED BIGINT,
  INODES_FREE BIGINT, INODES_USED BIGINT, PRIMARY KEY (OST_ID, TS_ID));
CREATE TABLE OSS_INFO (OSS_ID INT, FILESYSTEM_ID INT, HOSTNAME VARCHAR(128),
  FAILOVERHOST VARCHAR(128), PRIMARY KEY (OSS_ID, HOSTNAME));
CREATE TABLE OSS_DATA (OSS_ID INT, TS_ID BIGINT, PCT_CPU DOUBLE,
  PCT_MEMORY DOUBLE, PRIMARY KEY (OSS_ID, TS_ID));
CREATE TABLE MDS_INFO (MDS_ID INT PRIMARY KEY, FILESYSTEM_ID INT,
  MDS_NAME VARCHAR(128), HOSTNAME VARCHAR(128), DEVICE_NAME VARCHAR(128));
CREATE TABLE MDS_DATA (MDS_ID INT, TS_ID BIGINT, PCT_CPU DOUBLE,
  KBYTES_FREE BIGINT, KBYTES_USED BIGINT, INODES_FREE BIGINT,
  INODES_USED BIGINT, PRIMARY KEY (MDS_ID, TS_ID));
CREATE TABLE OPERATION_INFO (OPERATION_ID INT PRIMARY KEY,
  OPERATION_NAME VARCHAR(128), UNITS VARCHAR(32));
CREATE TABLE MDS_OPS_DATA (MDS_ID INT, TS_ID BIGINT, OPERATION_ID INT,
  SAMPLES BIGINT, SUM DOUBLE, SUMSQUARES DOUBLE,
  PRIMARY KEY (MDS_ID, TS_ID, OPERATION_ID));
SQL
}

# lmt_gen: two OSTs every 5 s from 00:00:00; OST0000's counters reset
# after 00:00:25 (the server restarted) and 00:00:35 is missing (a gap).
# read: 1000 a step to 4000 at :20, 5500 at :25, 200 at :30 (a reset:
# 200 new), 900 at :40 across the gap = 1000 + 1000 + 1000 + 1000 + 1500
# + 200 + 700 = 6400.  written: 10 x read.  OST0001 reads 7 a step.
lmt_gen() {
	lmt_ddl
	echo "INSERT INTO FILESYSTEM_INFO VALUES (1, 'gen', '/gen', '1.1');"
	echo "INSERT INTO OST_INFO VALUES (1, 1, 'gen-OST0000', 'oss0', 0, 'md0');"
	echo "INSERT INTO OST_INFO VALUES (2, 2, 'gen-OST0001', 'oss1', 0, 'md1');"
	echo "INSERT INTO OSS_INFO VALUES (1, 1, 'oss0', ''), (2, 1, 'oss1', '');"
	echo "INSERT INTO MDS_INFO VALUES (1, 1, 'gen-MDT0000', 'mds0', 'md9');"
	echo "INSERT INTO OPERATION_INFO VALUES (1, 'open', 'reqs'), (2, 'close', 'reqs');"
	_i=0
	for _r in 0 1000 2000 3000 4000 5500 200 - 900 $(seq -s ' ' 1000 100 $((900 + 100 * ${1:-0}))); do
		_i=$((_i + 1))
		_ts=$(printf '2018-01-28 00:%02d:%02d' $(((_i - 1) * 5 / 60)) $(((_i - 1) * 5 % 60)))
		echo "INSERT INTO TIMESTAMP_INFO VALUES ($_i, '$_ts');"
		[ "$_r" = - ] && continue
		echo "INSERT INTO OST_DATA VALUES (1, $_i, $_r, $((_r * 10)), 0.0, 900, 100, 5, 5);"
		echo "INSERT INTO OST_DATA VALUES (2, $_i, $((_i * 7)), 0, 0.0, 800, 200, 5, 5);"
		echo "INSERT INTO OSS_DATA VALUES (1, $_i, $((_i * 10)).5, 1.0), (2, $_i, 3.25, 1.0);"
		echo "INSERT INTO MDS_DATA VALUES (1, $_i, 12.5, 1000, $((_i * 3)), 10, 10);"
		echo "INSERT INTO MDS_OPS_DATA VALUES (1, $_i, 1, $((_i * 4)), 0, 0), (1, $_i, 2, $((_i * 2)), 0, 0);"
	done
}

# LMT's own indexes (its schema's INDEX(TIMESTAMP), INDEX(TS_ID)): what
# lets a server read a window of a long recording only
lmt_index() {
	cat <<'SQL'
CREATE INDEX ts_time ON TIMESTAMP_INFO (TIMESTAMP);
CREATE INDEX ost_ts ON OST_DATA (TS_ID);
CREATE INDEX oss_ts ON OSS_DATA (TS_ID);
CREATE INDEX mds_ts ON MDS_DATA (TS_ID);
CREATE INDEX ops_ts ON MDS_OPS_DATA (TS_ID);
SQL
}

# lmt_long: file system "long", two OSTs every 60 s from 2018-01-28
# 00:00 to 23:59: OST0000 reads 1000 bytes a step and writes 10 x as
# much, OST0001 reads 7; OST0000 misses 06:10 (a gap) and its server
# restarts before 06:15 (a reset: 500 new bytes); 1440 steps in one
# transaction.
lmt_long() {
	lmt_ddl
	lmt_index
	echo "BEGIN;"
	echo "INSERT INTO FILESYSTEM_INFO VALUES (1, 'long', '/long', '1.1');"
	echo "INSERT INTO OST_INFO VALUES (1, 1, 'long-OST0000', 'oss0', 0, 'md0');"
	echo "INSERT INTO OST_INFO VALUES (2, 2, 'long-OST0001', 'oss1', 0, 'md1');"
	echo "INSERT INTO OSS_INFO VALUES (1, 1, 'oss0', ''), (2, 1, 'oss1', '');"
	echo "INSERT INTO MDS_INFO VALUES (1, 1, 'long-MDT0000', 'mds0', 'md9');"
	echo "INSERT INTO OPERATION_INFO VALUES (1, 'open', 'reqs'), (2, 'close', 'reqs');"
	awk 'BEGIN {
		for (i = 1; i <= 1440; i++) {
			r = i == 376 ? 500 : r + 1000
			printf "INSERT INTO TIMESTAMP_INFO VALUES (%d, \x272018-01-28 %02d:%02d:00\x27);\n",
				i, int((i - 1) / 60), (i - 1) % 60
			if (i != 371)
				printf "INSERT INTO OST_DATA VALUES (1, %d, %d, %d, 0.0, 900, 100, 5, 5);\n", i, r, 10 * r
			printf "INSERT INTO OST_DATA VALUES (2, %d, %d, 0, 0.0, 800, 200, 5, 5);\n", i, 7 * i
			printf "INSERT INTO OSS_DATA VALUES (1, %d, %d.5, 1.0), (2, %d, 3.25, 1.0);\n", i, i % 50, i
			printf "INSERT INTO MDS_DATA VALUES (1, %d, 12.5, 1000, %d, 10, 10);\n", i, 3 * i
			printf "INSERT INTO MDS_OPS_DATA VALUES (1, %d, 1, %d, 0, 0), (1, %d, 2, %d, 0, 0);\n", i, 4 * i, i, 2 * i
		}
	}'
	echo "COMMIT;"
}

# lmt_degraded: file system "deg", eight OSTs every 5 s from 2018-01-28
# 00:00:00 for ten minutes (121 readings), each writing 100 MB a step,
# until OST0005's rate collapses at 00:02:00: from then on it writes 2 MB
# a step, and the others, dragged down by the jobs striped over it, 40 MB.
lmt_degraded() {
	lmt_ddl
	echo "BEGIN;"
	echo "INSERT INTO FILESYSTEM_INFO VALUES (1, 'deg', '/deg', '1.1');"
	echo "INSERT INTO MDS_INFO VALUES (1, 1, 'deg-MDT0000', 'mds0', 'md9');"
	awk 'BEGIN {
		for (o = 0; o < 8; o++) {
			printf "INSERT INTO OST_INFO VALUES (%d, %d, \x27deg-OST%04d\x27, \x27oss%d\x27, 0, \x27md%d\x27);\n",
				o + 1, o / 4 + 1, o, int(o / 4), o
		}
		print "INSERT INTO OSS_INFO VALUES (1, 1, \x27oss0\x27, \x27\x27), (2, 1, \x27oss1\x27, \x27\x27);"
		for (i = 0; i <= 120; i++) {
			printf "INSERT INTO TIMESTAMP_INFO VALUES (%d, \x272018-01-28 00:%02d:%02d\x27);\n",
				i + 1, int(i * 5 / 60), i * 5 % 60
			for (o = 0; o < 8; o++) {
				if (i > 0)
					w[o] += i <= 24 ? 100000000 : o == 5 ? 2000000 : 40000000
				printf "INSERT INTO OST_DATA VALUES (%d, %d, 0, %.0f, 0.0, 900, 100, 5, 5);\n",
					o + 1, i + 1, w[o]
			}
		}
	}'
	echo "COMMIT;"
}
