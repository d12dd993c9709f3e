#!/bin/sh
# GPFS operation counts: mmperfmon's GPFSFilesystem sensor reports each
# file system's read and write requests per bucket (gpfs_fs_read_ops,
# gpfs_fs_write_ops), its GPFSFilesystemAPI sensor the calls (opens,
# closes, reads, writes, readdirs, inodes written); fsload read only the
# bytes.  Now they are the operations by kind, the table Lustre's MDS
# operations fill: counts summed over the nodes and file systems that
# report them, the peak rate that of a bucket's sum (not one node's),
# from a file and from a store alike.  Truths from the report by awk.
. "$(dirname "$0")/lib.sh"

F=$SHARED/corpus/tokio/mmperfmon-gpfsNumberOperations.txt.gz
if [ -f "$F" ]; then
	want=$(gzip -dc "$F" | awk '/^ *[0-9]+ [0-9]+-[0-9]+-[0-9]+-/ {
		r += $3 + $4; w += $5 + $6; b = $3 + $4; if (b > p) p = b }
		END { printf "read %d %.1f;write %d;", r, p / 600, w }')
	got=$($RUN fsload --ops --format=csv "$F" | awk -F, 'NR > 1 {
		printf "%s %s", $1, $2; if ($1 == "read") printf " %.1f", $4; printf ";" }')
	is "$got" "$want" "the shared report: read and write requests of both file systems, the peak a bucket's"
	$RUN fsload "$F" >"$TMP/out" 2>&1
	is "$(sed -n '/^metadata operations/,/^$/p' "$TMP/out" | awk 'NR > 2 && NF { print $1, $2 }' | tr '\n' ';')" \
		"read 833494;write 10549;" "the text shows them as Lustre's MDS operations"
else
	skip "../shared is not present" 2
fi

# two nodes of one file system, one bucket each: the peak is their sum;
# the API sensor's calls by kind; a null is no count
cat >"$TMP/ops.txt" <<'X'
Legend:
 1:	n1|GPFSFilesystem|c|fs1|gpfs_fs_read_ops
 2:	n2|GPFSFilesystem|c|fs1|gpfs_fs_read_ops
 3:	n1|GPFSFilesystemAPI|c|fs1|gpfs_fis_open_calls
 4:	n1|GPFSFilesystemAPI|c|fs1|gpfs_fis_close_calls
 5:	n1|GPFSFilesystemAPI|c|fs1|gpfs_fis_readdir_calls
 6:	n1|GPFSFilesystemAPI|c|fs1|gpfs_fis_inodes_written
 7:	n1|GPFSFilesystem|c|fs1|gpfs_fs_bytes_read

Row           Timestamp gpfs_fs_read_ops gpfs_fs_read_ops gpfs_fis_open_calls gpfs_fis_close_calls gpfs_fis_readdir_calls gpfs_fis_inodes_written gpfs_fs_bytes_read
  1 2020-01-01-10:00:00 60 120 30 30 null 6 1000
  2 2020-01-01-10:01:00 6 0 null 3 6 null 1000
X
is "$($RUN fsload --ops --format=csv "$TMP/ops.txt" | tr '\n' ';')" \
	"operation,count,mean_per_s,peak_per_s;read,186,1.55,3;close,33,0.275,0.5;open,30,0.25,0.5;inode_update,6,0.05,0.1;readdir,6,0.05,0.1;" \
	"by kind, the most first; read's peak 180 in the first minute (60 + 120 of two nodes)"

# a copy of the report: refused, as a copy of its bytes is
cp "$TMP/ops.txt" "$TMP/copy.txt"
$RUN fsload --ops "$TMP/ops.txt" "$TMP/copy.txt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: cannot read '$TMP/copy.txt': line 2: n1|fs1|gpfs_fs_read_ops at 2020-01-01T10:00:00Z: given before (a copy of a report read already?)" \
	"its copy: refused, naming the first column given twice"
printf 'Legend:\n 1:\tn1|GPFSFilesystem|c|fs1|gpfs_fs_write_ops\n\nRow Timestamp gpfs_fs_write_ops\n  1 2020-01-01-10:00:00 -5\n' >"$TMP/neg.txt"
$RUN fsload --ops "$TMP/neg.txt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: cannot read '$TMP/neg.txt': line 5: n1|fs1|gpfs_fs_write_ops: -5 is no count of operations" \
	"a negative count: refused with its line"

# a store keeps them (its second series) and gives them back
command -v sqlite3 >/dev/null && {
	$RUN ingest --db "$TMP/s.db" --fsload "$TMP/ops.txt" >/dev/null 2>"$TMP/err"
	ok $? "ingested ($(cat "$TMP/err"))"
	is "$($RUN fsload --ops --format=csv --db "$TMP/s.db")" \
		"$($RUN fsload --ops --format=csv "$TMP/ops.txt")" "fsload --db: the same operations"
}

done_testing
