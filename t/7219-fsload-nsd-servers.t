#!/bin/sh
# GPFS: an NSD is served by several NSD servers, and each server's
# mmperfmon reports the bytes it moved to and from the disk; a centre
# queries reads and writes separately (pytokio's archives: read/, write/
# and servers/ per server).  fsload sums one bucket's reports of an NSD
# (not "samples overlap") and gives each server the bytes it reported,
# from the files and from a store alike, and still refuses a recording
# named twice.  Truths are summed here by awk
# from the files' own columns.
. "$(dirname "$0")/lib.sh"

# one table: srv1 and srv2 both serve d0, srv1 alone d1
mm() { # host metric v0 v1 v2 [disk2 w0 w1 w2]
	printf 'Legend:\n 1:\t%s|GPFSNSDDisk|d0|gpfs_nsdds_bytes_%s\n' "$1" "$2"
	[ $# -gt 5 ] && printf ' 2:\t%s|GPFSNSDDisk|%s|gpfs_nsdds_bytes_%s\n' "$1" "$6" "$2"
	printf '\nRow           Timestamp gpfs_nsdds_bytes_%s%s\n' "$2" \
		"$([ $# -gt 5 ] && echo " gpfs_nsdds_bytes_$2")"
	printf '  1 2020-01-01-10:00:00 %s %s\n' "$3" "$([ $# -gt 5 ] && echo "$7")"
	printf '  2 2020-01-01-10:01:00 %s %s\n' "$4" "$([ $# -gt 5 ] && echo "$8")"
	printf '  3 2020-01-01-10:02:00 %s %s\n' "$5" "$([ $# -gt 5 ] && echo "$9")"
}
mm srv1 read 100 200 300 d1 5 5 5 >"$TMP/r1.txt"
mm srv1 written 10 20 30 >"$TMP/w1.txt"
mm srv2 read 1000 2000 null >"$TMP/r2.txt"
mm srv2 written 1 2 3 >"$TMP/w2.txt"
csv() { $RUN fsload --format=csv "$@"; }
rows() { awk -F, '$2 == "nsd" || $2 == "fs" { printf "%s %s %s;", $1, $3, $4 }' "$1"; }

csv "$TMP/r1.txt" "$TMP/w1.txt" "$TMP/r2.txt" "$TMP/w2.txt" >"$TMP/a.csv" 2>"$TMP/err"
ok $? "two servers' reads and writes of one NSD read together ($(cat "$TMP/err"))"
is "$(rows "$TMP/a.csv")" "d0 3600 66;d1 15 0;all 3615 66;" \
	"d0: 100+200+300 + 1000+2000 read, 10+20+30 + 1+2+3 written; d1 15"
is "$(awk -F, '$2 == "nsdserver" { printf "%s %s %s %s;", $1, $3, $4, $18 }' "$TMP/a.csv")" \
	"srv1 615 60 0;srv2 3000 6 0;" \
	"each server its own: srv1 600 + 15 read, 60 written; srv2 3000 and 6"
csv "$TMP/w2.txt" "$TMP/r2.txt" "$TMP/w1.txt" "$TMP/r1.txt" >"$TMP/b.csv"
is "$(rows "$TMP/b.csv")" "d0 3600 66;d1 15 0;all 3615 66;" "in any order"
for iv in 30s 2m 1h; do
	is "$(csv --interval "$iv" "$TMP/r1.txt" "$TMP/w1.txt" "$TMP/r2.txt" "$TMP/w2.txt" | awk -F, '$2 == "nsd" { printf "%s %s;", $3, $4 }')" \
		"3600 66;15 0;" "--interval $iv: every byte kept"
done
is "$($RUN fsload --format=csv --intervals "$TMP/r1.txt" "$TMP/w1.txt" "$TMP/r2.txt" "$TMP/w2.txt" |
	awk -F, '$1 == "d0" { printf "%s %s %s;", substr($2, 12, 5), $4, $5 }')" \
	"10:00 1100 11;10:01 2200 22;10:02 300 33;" \
	"d0's buckets: each the sum of its servers' (srv2's null read is no bytes)"

# the store: each file its own recording, summed the same
command -v sqlite3 >/dev/null && {
	for f in r1 w1 r2 w2; do
		$RUN ingest --db "$TMP/s.db" --fsload "$TMP/$f.txt" >/dev/null 2>>"$TMP/err"
	done
	csv --db "$TMP/s.db" >"$TMP/d.csv" 2>>"$TMP/err"
	cmp -s "$TMP/a.csv" "$TMP/d.csv" && [ -s "$TMP/a.csv" ]
	ok $? "fsload --db of the four ingested gives the files' CSV ($(cat "$TMP/err"))"
}

# an archive of the reports (as pytokio keeps them), gzip or plain, read
# without unpacking: the reports' CSV
(cd "$TMP" && tar cf mm.tar r1.txt w1.txt r2.txt w2.txt && gzip -c mm.tar >mm.tgz)
for a in mm.tgz mm.tar; do
	csv "$TMP/$a" >"$TMP/t.csv" 2>"$TMP/err"
	cmp -s "$TMP/a.csv" "$TMP/t.csv"
	ok $? "$a: the CSV of its four reports ($(cat "$TMP/err"))"
done
head -c 700 "$TMP/mm.tar" >"$TMP/cut.tar"
csv "$TMP/cut.tar" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "1 iolens fsload: cannot read '$TMP/cut.tar': r1.txt: the archive ends inside it" \
	"an archive cut inside a member: one line naming it, exit 1"
for n in 1200 1024; do
	head -c $n "$TMP/mm.tar" >"$TMP/cut.tar"
	csv "$TMP/cut.tar" >/dev/null 2>"$TMP/err"
	is "$? $(cat "$TMP/err")" "1 iolens fsload: cannot read '$TMP/cut.tar': the archive ends after 'r1.txt'" \
		"an archive cut after a member ($n bytes): exit 1, not its first member alone"
done
(cd "$TMP" && tar cf none.tar err)
csv "$TMP/none.tar" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "1 iolens fsload: cannot read '$TMP/none.tar': an archive without mmperfmon output" \
	"an archive of no report: exit 1"

# named twice: refused, not counted twice
csv "$TMP/r1.txt" "$TMP/w1.txt" "$TMP/r1.txt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "1 iolens fsload: cannot read '$TMP/r1.txt': given twice" \
	"a recording named twice: one line, exit 1"
# a copy of a server's report is the same period given twice, unless its
# buckets are the same: then it would count twice; an LMT database
# copied still is refused (OST samples never sum)
command -v sqlite3 >/dev/null && . "$TOP/t/fs/lmtgen.sh" && {
	lmt_gen | sqlite3 "$TMP/l1.db"
	cp "$TMP/l1.db" "$TMP/l2.db"
	csv "$TMP/l1.db" "$TMP/l2.db" >/dev/null 2>"$TMP/err"
	is "$? $(sed 's/ at [0-9]*//' "$TMP/err")" \
		"1 iolens fsload: target 'gen-OST0000': samples overlap (the same period given twice?)" \
		"an LMT database and its copy: OST samples overlap"
}

# the centre's own: pytokio's archive of one hour's read/, write/ and
# servers/ queries of six NSD servers
if [ -f "$SHARED/corpus/tokio/mmperfmon.2019-05-15-micro.tgz" ]; then
	mkdir "$TMP/mm" && tar xzf "$SHARED/corpus/tokio/mmperfmon.2019-05-15-micro.tgz" -C "$TMP/mm"
	D=$TMP/mm/mmperfmon.2019-05-15-micro
	csv "$D"/read/* "$D"/write/* "$D"/servers/* >"$TMP/m.csv" 2>"$TMP/err"
	ok $? "the archive's 14 reports read together ($(cat "$TMP/err"))"
	# per NSD: the sum over every server's columns of it, by metric
	awk '
	/^Legend:/ { n = 0; base = 0; width = 0; leg = 1; next }
	leg && /\|/ { split($0, f, "|"); name[++n] = f[3] "|" f[4]; next }
	/^Row/ { base += leg ? 0 : width; width = NF - 2; leg = 0; next }
	!leg && $1 ~ /^[0-9]+$/ {
		for (i = 1; i <= width; i++)
			if ($(i + 2) != "null") sum[name[base + i]] += $(i + 2)
	}
	END {
		for (k in sum) {
			split(k, p, "|")
			if (p[2] == "gpfs_nsdds_bytes_read") rd[p[1]] += sum[k]
			else if (p[2] == "gpfs_nsdds_bytes_written") wr[p[1]] += sum[k]
		}
		for (d in rd) printf "%s %.0f %.0f\n", d, rd[d], wr[d]
		for (d in wr) if (!(d in rd)) printf "%s 0 %.0f\n", d, wr[d]
	}' "$D"/read/* "$D"/write/* | sort >"$TMP/truth"
	awk -F, '$2 == "nsd" { print $1, $3, $4 }' "$TMP/m.csv" | sort >"$TMP/got"
	diff -u "$TMP/truth" "$TMP/got" >"$TMP/diff"
	ok $? "every NSD's bytes read and written: the sum of its servers' reports ($(wc -l <"$TMP/truth") NSDs)"
	sed 's/^/# /' "$TMP/diff" | head -20
	is "$(awk '{ r += $2; w += $3 } END { printf "%.0f %.0f", r, w }' "$TMP/truth")" \
		"$(awk -F, '$2 == "fs" { print $3, $4 }' "$TMP/m.csv")" "the file system's: their sum"
	# per server: all of its own read/ and write/ report
	for h in 448 449 492 493; do
		rd=$(awk '/^Row/ { f = 1; next } f && $1 ~ /^[0-9]+$/ {
			for (i = 3; i <= NF; i++) if ($i != "null") s += $i
		} END { printf "%.0f", s }' "$D"/read/ngfsv$h.*)
		wr=$(awk '/^Row/ { f = 1; next } f && $1 ~ /^[0-9]+$/ {
			for (i = 3; i <= NF; i++) if ($i != "null") s += $i
		} END { printf "%.0f", s }' "$D"/write/ngfsv$h.*)
		is "$(awk -F, -v h="ngfsv$h.nersc.gov" '$1 == h { print $3, $4 }' "$TMP/m.csv")" \
			"$rd $wr" "server ngfsv$h: the bytes of its own reports, not its partner's"
	done
	# the archive itself: the same rows, an NSD's servers too (all of
	# them, whatever the order of its members)
	csv "$SHARED/corpus/tokio/mmperfmon.2019-05-15-micro.tgz" >"$TMP/z.csv" 2>"$TMP/err"
	sort "$TMP/m.csv" >"$TMP/m.rows"
	sort "$TMP/z.csv" >"$TMP/z.rows"
	cmp -s "$TMP/m.rows" "$TMP/z.rows" && [ -s "$TMP/z.rows" ]
	ok $? "the .tgz read as it is gives its reports' rows ($(cat "$TMP/err"))"
else
	skip "../shared is not present" 8
fi

done_testing
