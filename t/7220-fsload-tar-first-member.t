#!/bin/sh
# An archive of mmperfmon reports is known by its tar header, whatever
# its first member is: not read as text first, where a first member of
# 5 MB without a newline was "line 1 is longer than 4194304 bytes" and
# a member named "srv IN rack1.txt" made the archive an `lctl dl -t`
# recording (" IN " is a device's state there) with no target in it.
. "$(dirname "$0")/lib.sh"
command -v tar >/dev/null || skip_all "tar is not installed"

mkdir "$TMP/a"
printf 'Legend:\n 1:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read\n\nRow           Timestamp gpfs_nsdds_bytes_read\n  1 2020-01-01-10:00:00 100\n  2 2020-01-01-10:01:00 200\n' >"$TMP/a/r1.txt"
head -c 5000000 /dev/zero >"$TMP/a/zeros.bin"
cp "$TMP/a/r1.txt" "$TMP/a/srv IN rack1.txt"
rows() { awk -F, '$2 == "nsd" { printf "%s %s %s;", $1, $3, $4 }'; }

(cd "$TMP/a" && tar cf ../zeros.tar zeros.bin r1.txt && gzip -c ../zeros.tar >../zeros.tgz)
for a in zeros.tar zeros.tgz; do
	out=$($RUN fsload --format=csv "$TMP/$a" 2>"$TMP/err")
	is "$? $(echo "$out" | rows) $(cat "$TMP/err")" "0 d0 300 0; " \
		"$a: a first member of 5 MB without a newline is passed over, the report read"
done

(cd "$TMP/a" && tar cf ../in.tar "srv IN rack1.txt")
out=$($RUN fsload --format=csv "$TMP/in.tar" 2>"$TMP/err")
is "$? $(echo "$out" | rows) $(cat "$TMP/err")" "0 d0 300 0; " \
	"a first member named 'srv IN rack1.txt': an archive, not lctl dl -t"

done_testing
