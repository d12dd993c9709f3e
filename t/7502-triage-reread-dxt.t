#!/bin/sh
# IOL-REDUNDANT stakes the re-reads' own seconds where the log's DXT
# shows them (issue 34, round 51).  The counters split the read time by
# bytes, so re-reads from the page cache took the pace of cold first
# reads: r51-ledger (16 inputs of 4 MiB feeding 300 tasks, 1.06 GB "re-
# read", labelled trivial) claimed 0.995 s; its DXT splits each worker's
# reads into first reads of each input by that rank and re-reads of
# bytes it had read, 0.22-0.31 s a worker.  The truth here is awk's over
# `iolens parse --dxt`: a read of a range its rank read or wrote before
# in the same file is a re-read (the requests here repeat whole), its
# seconds summed a rank, the most of any rank.  A material re-read stays found (r51-reread: every task re-reads
# the 32 MiB input, labelled 2.0 s; r47-ftn-reread 8.3 s; round 45's
# part-sorted and part-rmw, without DXT), and a store, which keeps no
# segments, keeps the counters' estimate.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round51
dxt_rr() { # log: the most seconds a rank spent re-reading, from DXT
	$RUN parse --dxt "$1" 2>/dev/null | awk '
		/^# DXT, file_id:/ { f = $4 }
		# a record lists its writes first: a range written before
		$1 == "X_POSIX" && $3 == "write" {
			k = f " " $2 " " $5 " " $6
			if (!(k in w) || $7 < w[k]) w[k] = $7 }
		$1 == "X_POSIX" && $3 == "read" {
			k = f " " $2 " " $5 " " $6
			if ((k in seen) || ((k in w) && w[k] < $7)) t[$2] += $8 - $7
			seen[k] = 1 }
		END { m = 0; for (r in t) if (t[r] > m) m = t[r]; printf "%.3f\n", m }'
}
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
# the re-reads' seconds the detail prints, DXT's
said() {
	col IOL-REDUNDANT 8 | sed -n 's/.*data re-read (\([0-9.]*\) s, DXT.s.*/\1/p'
}
near() { # a b tol: 0 when |a - b| <= tol
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(a != "" && b != "" && d <= t && -d <= t) }' &&
		echo 0 || echo 1
}

f=$D/r51-ledger.darshan
want=$(dxt_rr "$f")
ok "$(near "$want" 0.305 0.001)" "r51-ledger: awk over DXT: $want s, the most a worker re-read"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
got=$(said)
ok "$(near "$got" "$want" 0.002)" "r51-ledger: the re-reads' seconds are DXT's ($got s; main: 0.995 s)"
s=$(col IOL-REDUNDANT 10)
ok "$(awk -v s="$s" 'BEGIN { exit !(s > 0 && s < 0.5) }' && echo 0 || echo 1)" \
	"r51-ledger: REDUNDANT's stake $s s, under 1 s (main: 1.01 s)"
for r in "$D"/reruns/r51-labels51-ab*-ledger.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	ok "$(near "$(said)" "$(dxt_rr "$r")" 0.002)" "$(basename "$r"): the re-reads' seconds are DXT's"
done

for r in "$D"/r51-reread.darshan "$D"/reruns/r51-labels51-ab*-reread.darshan \
	"$TOP"/t/data/triage-round47/r47-ftn-reread.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-REDUNDANT 3)" warn "$(basename "$r"): a material re-read stays found"
	ok "$(near "$(said)" "$(dxt_rr "$r")" 0.002)" "$(basename "$r"): its seconds DXT's, $(said) s"
done
for r in part-sorted part-rmw; do
	$RUN triage --all --format tsv "$TOP/t/data/triage-round45/r45-$r.darshan" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-REDUNDANT 3)" warn "r45-$r (no DXT): REDUNDANT stays found"
done

# a store keeps no segments: the counters' estimate, as before
mkdir "$TMP/logs"
cp "$f" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r51-ledger"
$RUN triage --db "$TMP/s.db" --top all --format tsv >"$TMP/db.tsv" 2>/dev/null
# 1.01 s: the re-reads at the counters' pace; the 1350000 B rewritten in
# files nothing read (rewrites since round 131, t/7708: 1.1 s) are each
# synced, their time IOL-FSYNC's since red_sync_writes() (round 179)
grep -q "IOL-REDUNDANT=79.0795/10 % (1.01 s at stake)" "$TMP/db.tsv"
ok $? "the store: REDUNDANT's counters' estimate, 1.01 s"
done_testing
