#!/bin/sh
# An archive member's size is what its header claims, up to 1 GiB: the
# reader grows its buffer as the data comes instead of reserving the
# claimed size first, so that a cut or hostile header of 1 GiB before
# 100 bytes of data costs what the archive holds (here under a 200 MB
# address-space limit: before, "out of memory"), and a member larger
# than the first reservation still reads whole.
. "$(dirname "$0")/lib.sh"
command -v tar >/dev/null || skip_all "tar is not installed"
command -v perl >/dev/null || skip_all "perl is not installed"

mkdir "$TMP/a"
printf 'Legend:\n 1:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read\n\nRow           Timestamp gpfs_nsdds_bytes_read\n  1 2020-01-01-10:00:00 100\n  2 2020-01-01-10:01:00 200\n' >"$TMP/a/r1.txt"
(cd "$TMP/a" && tar cf ../big.tar r1.txt)
# the header now claims 1 GiB (its checksum made again)
perl -e '
	open(F, "+<", $ARGV[0]) or die; binmode F;
	read(F, $h, 512) == 512 or die;
	substr($h, 124, 12) = sprintf("%011o\0", 1 << 30);
	substr($h, 148, 8) = " " x 8;
	$s = 0; $s += ord($_) for split //, $h;
	substr($h, 148, 8) = sprintf("%06o\0 ", $s);
	seek(F, 0, 0); print F $h; close F' "$TMP/big.tar"
out=$(vm_limit 200000 && $IOLENS fsload --format=csv "$TMP/big.tar" 2>&1)
is "$? $out" "1 iolens fsload: cannot read '$TMP/big.tar': r1.txt: the archive ends inside it" \
	"a member claiming 1 GiB with 100 bytes after it: cut, not out of memory under 200 MB"
gzip -c "$TMP/big.tar" >"$TMP/big.tgz"
out=$(vm_limit 200000 && $IOLENS fsload --format=csv "$TMP/big.tgz" 2>&1)
is "$? $out" "1 iolens fsload: cannot read '$TMP/big.tgz': r1.txt: the archive ends inside it" \
	"the same gzip-compressed"

# a report of 600 kB (many times the first reservation) reads whole
awk 'BEGIN {
	printf "Legend:\n 1:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_read\n"
	printf " 2:\tsrv1|GPFSNSDDisk|d0|gpfs_nsdds_bytes_written\n\n"
	printf "Row           Timestamp gpfs_nsdds_bytes_read gpfs_nsdds_bytes_written\n"
	for (i = 0; i < 8000; i++)
		printf "%5d %s %20d %20d\n", i + 1,
			strftime("%Y-%m-%d-%H:%M:%S", 1577872800 + 60 * i, 1), i, 2 * i
}' >"$TMP/a/long.txt" 2>/dev/null || skip_all "awk without strftime"
[ "$(wc -c <"$TMP/a/long.txt")" -gt 500000 ]
ok $? "a report of $(wc -c <"$TMP/a/long.txt") bytes written"
(cd "$TMP/a" && tar cf ../long.tar long.txt)
$RUN fsload --format=csv "$TMP/a/long.txt" >"$TMP/f.csv" 2>"$TMP/err"
$RUN fsload --format=csv "$TMP/long.tar" >"$TMP/t.csv" 2>>"$TMP/err"
cmp -s "$TMP/f.csv" "$TMP/t.csv" && [ -s "$TMP/t.csv" ]
ok $? "the archive's member gives the file's CSV ($(cat "$TMP/err"))"
is "$(awk -F, '$2 == "nsd" { print $3, $4 }' "$TMP/t.csv")" "31996000 63992000" \
	"every row's bytes: 0 + ... + 7999 read, twice that written"

done_testing
