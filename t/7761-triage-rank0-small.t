#!/bin/sh
# A rank-0 funnel whose time is its own small requests is IOL-SMALL-REQ's
# cause, told once (issue 34, round 172): r172-rhofmt gathers a density
# on rank 0, which writes it as formatted text through gfortran's ~4 KiB
# buffer, 1674 writes on a sync mount, 11.1 s of a 13.4 s run.  RANK0-IO
# staked 8.38 s for spreading it, IDLE-RANKS and RANK-IMBALANCE the same
# time; labelled trivial: the 1 MiB-buffer twin, still rank 0 alone,
# writes the 7 MB in 0.24-0.69 s.  They are info, "same cause as
# IOL-SMALL-REQ", which stays the finding.  A funnel of large requests
# (r15-rank0-gather) keeps RANK0-IO.  Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: ranks with POSIX bytes written, writes under 10 KiB, all writes
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" && $5 > 0 { r[$2] = 1 }
		$1 == "POSIX" && $4 == "POSIX_WRITES" { w += $5 }
		$1 == "POSIX" && ($4 == "POSIX_SIZE_WRITE_0_100" ||
		    $4 == "POSIX_SIZE_WRITE_100_1K" ||
		    $4 == "POSIX_SIZE_WRITE_1K_10K") { s += $5 }
		END { n = 0; for (k in r) n++; printf "%d %d %d\n", n, s, w }'
}
tri() { # log: its triage as TSV in $TMP/t.tsv
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
}
sev() { tsv_col "$TMP/t.tsv" "$1" 3; }
R=$D/triage-round172/r172-rhofmt.darshan
is "$(truth "$R")" "1 1675 1675" \
	"rhofmt: awk: one rank writes, all its 1675 writes under 10 KiB"
tri "$R"
is "$(sev IOL-SMALL-REQ)" warn "rhofmt: SMALL-REQ is the finding"
for k in IOL-RANK0-IO IOL-IDLE-RANKS IOL-RANK-IMBALANCE; do
	is "$(sev $k)" info "rhofmt: $k info"
	tsv_col "$TMP/t.tsv" $k 8 | grep -q '^same cause as IOL-SMALL-REQ: .*small requests'
	ok $? "rhofmt: $k says whose cause it is"
done
# the funnel's stake is within SMALL-REQ's: told once, not lost
awk -F'\t' '$2 == "IOL-SMALL-REQ" { s = $10 } $2 == "IOL-RANK0-IO" { r = $10 }
	END { exit !(s + 0 >= r + 0 && r + 0 > 1) }' "$TMP/t.tsv"
ok $? "rhofmt: SMALL-REQ's stake holds RANK0-IO's"
G=$D/triage-round15/r15-rank0-gather.darshan
tri "$G"
is "$(sev IOL-RANK0-IO)" warn "rank0-gather: a funnel of large requests stays a finding"
is "$(sev IOL-IDLE-RANKS)" warn "rank0-gather: its idle ranks too"
done_testing
