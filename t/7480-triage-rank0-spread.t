#!/bin/sh
# IOL-RANK0-IO on in-memory rank-0-only jobs (t/unit/rank0-spread; issue
# 34, rounds 31, 39 and 44): 4 ranks, a 10 s run, rank 0 alone writes.
# A funnel the log gives no pace for keeps (1 - 1/N) of rank 0's time at
# stake, structural; small STDIO calls are judged by their time (a cost
# a call); where two files show the storage's pace, or the site sets
# full_rate_mibs, the stake is rank 0's time beyond its bytes at that
# pace, judged by its time.  Checks severity and stake, never timing.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/rank0-spread
row() { # mode [conf]: the RANK0-IO and IDLE-RANKS rows in $TMP/t.tsv
	"$U" "$@" >"$TMP/t.tsv"
}
col() { # code column
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
stake_in() { # lo hi: 0 when RANK0-IO's stake is within [lo, hi]
	col IOL-RANK0-IO 3 | awk -v lo="$1" -v hi="$2" '{ print !($1 >= lo && $1 <= hi) }'
}

row write
ok $? "write: 1 GiB in 1 MiB writes, 8 s, one file"
is "$(col IOL-RANK0-IO 2) $(col IOL-IDLE-RANKS 2)" "warn warn" "write: a funnel spreading would speed up is found, IDLE-RANKS its part"
ok "$(stake_in 5.9 6.1)" "write: 6 s at stake, (1 - 1/4) of 8 s"
row unpaced
is "$(col IOL-RANK0-IO 2)" warn "unpaced: two files, the best at 1 GiB/s: found"
ok "$(stake_in 5.9 6.1)" "unpaced: 1 GiB in 1 s at that pace: the (1 - 1/N) 6 s stands"
row paced
is "$(col IOL-RANK0-IO 2) $(col IOL-IDLE-RANKS 2)" "info info" "paced: two files at 128 MiB/s, the storage's pace: below the floor"
ok "$(stake_in 0 0.01)" "paced: 8 s at 128 MiB/s is rank 0's own time: nothing at stake"
col IOL-RANK0-IO 4 | grep -q "storage's pace (128 MiB/s, its best file's)"
ok $? "paced: the detail names the pace"
row write "full_rate_mibs = 128"
is "$(col IOL-RANK0-IO 2)" info "write, full_rate_mibs 128: the site's rate is rank 0's: below the floor"
row write "full_rate_mibs = 1024"
is "$(col IOL-RANK0-IO 2)" warn "write, full_rate_mibs 1024: 7 s beyond 1 s at that rate: found"
ok "$(stake_in 5.9 6.1)" "write, full_rate_mibs 1024: at most (1 - 1/N), 6 s"
row fmt
is "$(col IOL-RANK0-IO 2) $(col IOL-IDLE-RANKS 2)" "info info" "fmt: 2 M fprintf's in 0.8 s: 0.6 s at stake, 6 %, judged by its time"
col IOL-RANK0-IO 4 | grep -q "IOL-STDIO-SHARE's cause"
ok $? "fmt: the detail tells STDIO-SHARE's cause"
row fmtbig
is "$(col IOL-RANK0-IO 2) $(col IOL-IDLE-RANKS 2)" "warn warn" "fmtbig: the same calls in 8 s: 6 s at stake, found"
"$U" nosuch >/dev/null 2>&1
is $? 2 "an unknown mode is refused"
done_testing
