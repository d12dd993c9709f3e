#!/bin/sh
# A shared record's time is split by what its counters say of time and
# bytes, not by the count of calls (issue 34, round 21): sample-2's
# 2048 ranks each read 31 HDF5 metadata pieces of ~14 KB in all and six
# 128 MiB pieces (the slowest 14.1 s); by count SMALL-REQ gave the small
# reads 46.6 s a rank and LUSTRE-MISALIGNED took 68 s from 67584 of
# 75776 misaligned operations, though a 128 MiB request over 1 MiB
# stripes shares only its first and last stripe (~1.6 % of the bytes;
# both labelled trivial, and IO-TIME's 76 s made of them).  The job is
# built in memory (t/unit/large-share: 64 ranks of that shape, on a
# Lustre mount).
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
"$TOP/t/unit/large-share" >"$TMP/t.tsv"
ok $? "large-share: the sample-2-shaped job triaged"
s=$(col IOL-SMALL-REQ 3)
ok "$(awk -v s="$s" 'BEGIN { exit !(s < 1) }' && echo 0 || echo 1)" \
	"SMALL-REQ: the large reads' bytes at their pace hold the time ($s s; main: 44.3 s)"
is "$(col IOL-SMALL-REQ 2)" info "SMALL-REQ not warned"
s=$(col IOL-LUSTRE-MISALIGNED 3)
ok "$(awk -v s="$s" 'BEGIN { exit !(s > 1 && s < 2) }' && echo 0 || echo 1)" \
	"LUSTRE-MISALIGNED: ~2 % of 76 s by bytes ($s s; main: 76 s by count)"
is "$(col IOL-LUSTRE-MISALIGNED 2)" info "LUSTRE-MISALIGNED not warned"
col IOL-LUSTRE-MISALIGNED 4 | grep -q "share only their first and last stripe"
ok $? "the detail says why"
is "$(col IOL-IO-TIME 2)" info "IO-TIME, whose causes hold nothing: not warned"
done_testing
