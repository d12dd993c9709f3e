#!/bin/sh
# IOL-RANK-IMBALANCE where one rank alone has I/O follows IOL-RANK0-IO's
# reading of the storage's pace (issue 34, round 57).  r57-stage-shm:
# rank 0 stages 256 MiB in and out for 3 ranks whose I/O is on /dev/shm
# (unrecorded); 1.80 s of its 2.25 s of synced writes waited for the
# device, which more writers share.  RANK0-IO stakes the time beyond
# that, 0.898 s (info); RANK-IMBALANCE claimed rank 0's time beyond the
# mean rank's, 2.03 s (warn), for the same bytes; every rank staging its
# own slice saved ~0 s (labelled trivial).  Now one time is told once:
# RANK-IMBALANCE's stake is RANK0-IO's.  Where several ranks have I/O
# nothing moves (stage-slow's twin).  No timing is measured here.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round57
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
# a b: 0 when the stakes agree to 1e-6 s
same() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b
		exit !(a != "" && b != "" && d < 1e-6 && -d < 1e-6) }' &&
		echo 0 || echo 1
}

f=$D/r57-stage-shm.darshan
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is $? 0 "r57-stage-shm: triage"
is "$(col IOL-RANK-IMBALANCE 3)" info "r57-stage-shm: RANK-IMBALANCE below the impact floor (labelled trivial; main: warn)"
is "$(col IOL-RANK0-IO 3)" info "r57-stage-shm: RANK0-IO as before"
ok "$(same "$(col IOL-RANK-IMBALANCE 10)" "$(col IOL-RANK0-IO 10)")" \
	"r57-stage-shm: RANK-IMBALANCE's stake $(col IOL-RANK-IMBALANCE 10) is RANK0-IO's"
col IOL-RANK-IMBALANCE 8 | grep -q "the only rank with I/O, at the storage's pace"
ok $? "r57-stage-shm: the detail says why"

# a b: 0 when a is at most b (1e-6 s)
atmost() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a - b < 1e-6) }' &&
		echo 0 || echo 1
}

# the reruns and twins: RANK-IMBALANCE stakes no more than RANK0-IO (its
# own time beyond the mean rank's may be less: twin ab1's 1.243 s of
# 1.244 s), and so their verdicts agree
for r in "$D"/reruns/r57-*-stage-shm.darshan; do
	$RUN triage --all --format tsv "$r" >"$TMP/t.tsv" 2>/dev/null
	ok "$(atmost "$(col IOL-RANK-IMBALANCE 10)" "$(col IOL-RANK0-IO 10)")" \
		"$(basename "$r"): RANK-IMBALANCE's stake at most RANK0-IO's"
	is "$(col IOL-RANK-IMBALANCE 3)" "$(col IOL-RANK0-IO 3)" \
		"$(basename "$r"): one verdict for one time"
done

# several ranks with I/O: RANK0-IO's pace is no reading of it
$RUN triage --all --format tsv "$D/reruns/r57-twin-ab1-stage-slow.darshan" >"$TMP/t.tsv" 2>/dev/null
col IOL-RANK-IMBALANCE 8 | grep -q "the only rank with I/O"
is $? 1 "r57-twin-ab1-stage-slow: 4 ranks with I/O: stake not paced"
is "$(col IOL-RANK-IMBALANCE 3)" warn "r57-twin-ab1-stage-slow: warn as before"
done_testing
