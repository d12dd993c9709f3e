#!/bin/sh
# mmperfmon's GPFSFilesystem sensor (host|GPFSFilesystem|cluster|fs|
# metric: gpfs_fs_bytes_read and _written, what each node read from and
# wrote to a file system) is read: a row of kind gpfsfs per file system,
# its nodes' buckets summed, its server column the nodes.  Before, such
# a report had "no target has a sample".  Truths are summed by awk from
# the reports' own columns.
. "$(dirname "$0")/lib.sh"

fsrows() { awk -F, '$2 == "gpfsfs" || $2 == "fs" { printf "%s %s %s %s;", $1, $3, $4, $15 }' "$1"; }

# two nodes of fs1 (n1 with a null bucket), n2 also writing to fs2
cat >"$TMP/n1.txt" <<'T'
Legend:
 1:	n1|GPFSFilesystem|cl.example|fs1|gpfs_fs_bytes_read
 2:	n1|GPFSFilesystem|cl.example|fs1|gpfs_fs_bytes_written
 3:	n1|GPFSFilesystem|cl.example|fs1|gpfs_fs_read_ops

Row           Timestamp gpfs_fs_bytes_read gpfs_fs_bytes_written gpfs_fs_read_ops
  1 2020-01-01-10:00:00    100    10   1
  2 2020-01-01-10:01:00   null  null   1
  3 2020-01-01-10:02:00    300    30   3
T
cat >"$TMP/n2.txt" <<'T'
Legend:
 1:	n2|GPFSFilesystem|cl.example|fs1|gpfs_fs_bytes_read
 2:	n2|GPFSFilesystem|cl.example|fs2|gpfs_fs_bytes_written

Row           Timestamp gpfs_fs_bytes_read gpfs_fs_bytes_written
  1 2020-01-01-10:00:00   1000     5
  2 2020-01-01-10:01:00   2000     6
  3 2020-01-01-10:02:00   3000     7
T
$RUN fsload --format=csv "$TMP/n1.txt" "$TMP/n2.txt" >"$TMP/a.csv" 2>"$TMP/err"
is "$? $(fsrows "$TMP/a.csv")" "0 fs1 6400 40 n1 n2;fs2 0 18 n2;all 6400 58 ;" \
	"a row per file system, its nodes' bytes summed, the nodes named ($(cat "$TMP/err"))"
is "$(awk -F, '$1 == "fs1" { print $16, $17 }' "$TMP/a.csv")" "1 60" "n1's null bucket is a gap of fs1"
$RUN fsload --format=csv "$TMP/n2.txt" "$TMP/n1.txt" >"$TMP/b.csv"
is "$(fsrows "$TMP/b.csv" | tr ';' '\n' | sort | tr '\n' ';')" "all 6400 58 ;fs1 6400 40 n1 n2;fs2 0 18 n2;" \
	"in any order the same rows"
cp "$TMP/n1.txt" "$TMP/copy.txt"
$RUN fsload --format=csv "$TMP/n1.txt" "$TMP/copy.txt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: cannot read '$TMP/copy.txt': line 2: n1|fs1|gpfs_fs_bytes_read at 2020-01-01T10:00:00Z: given before (a copy of a report read already?)" \
	"a copy of a node's report: refused"
printf 'Legend:\n 1:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read\n\nRow           Timestamp gpfs_nsdds_bytes_read\n  1 2020-01-01-10:00:00 100\n' >"$TMP/nsd.txt"
$RUN fsload --format=csv "$TMP/n1.txt" "$TMP/nsd.txt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: GPFS file systems' bytes (GPFSFilesystem) and NSDs' (GPFSNSDDisk) given together: the same traffic seen from both sides would count twice; give one or the other" \
	"with NSDs' bytes: refused, one line, exit 1"
command -v sqlite3 >/dev/null && {
	: >"$TMP/err"
	for f in n1 n2; do
		$RUN ingest --db "$TMP/s.db" --fsload "$TMP/$f.txt" >/dev/null 2>>"$TMP/err"
	done
	$RUN fsload --format=csv --db "$TMP/s.db" >"$TMP/d.csv" 2>>"$TMP/err"
	cmp -s "$TMP/a.csv" "$TMP/d.csv" && [ -s "$TMP/d.csv" ]
	ok $? "a store of the two reports gives the files' CSV ($(cat "$TMP/err"))"
}

# the centre's: one node's report of two file systems (NERSC, 2019)
F=$SHARED/corpus/tokio/mmperfmon-gpfsNumberOperations.txt.gz
if [ -f "$F" ]; then
	want=$(gzip -dc "$F" | awk '
	/\|/ { split($0, f, "|"); fs[++n] = f[4]; m[n] = f[5]; next }
	/^Row/ { t = 1; next }
	t && $1 ~ /^[0-9]+$/ {
		for (i = 1; i <= n; i++)
			if ($(i + 2) != "null") {
				if (m[i] == "gpfs_fs_bytes_read") r[fs[i]] += $(i + 2)
				if (m[i] == "gpfs_fs_bytes_written") w[fs[i]] += $(i + 2)
			}
	}
	END { for (k in r) printf "%s %.0f %.0f ngfsv492.nersc.gov\n", k, r[k], w[k] }' | sort | tr '\n' ';')
	$RUN fsload --format=csv "$F" >"$TMP/c.csv" 2>"$TMP/err"
	is "$(awk -F, '$2 == "gpfsfs" { print $1, $3, $4, $15 }' "$TMP/c.csv" | sort | tr '\n' ';')" "$want" \
		"NERSC's report: each file system's bytes, the sums of its columns ($(cat "$TMP/err"))"
else
	skip "../shared is not present" 1
fi

done_testing
