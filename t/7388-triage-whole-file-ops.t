#!/bin/sh
# IOL-SMALL-REQ does not count requests that are each a whole file when
# only some are (issue 34, round 16): a process's record of at most one
# read and one write under 1 MiB, each ending at the file's highest
# byte.  main let whole-file requests pass only when every request was
# one, so r16-git-clone (2000 checkout writes of one a file beside a
# pack copied in 8 KiB pieces; labelled trivial) warned at 0.495 s,
# 5.36 % of the run.  The count is checked against awk over `iolens
# parse`, per record; the storm stays SMALL-FILES' finding, and a stream
# of 4 KiB writes to one file (r16-write4k) has no whole-file request.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round16
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
whole() { # log: awk's whole-file requests under 1 MiB
	$RUN parse "$1" 2>/dev/null | awk '$1 == "POSIX" && $2 >= 0 {
		k = $2 " " $3
		if ($4 == "POSIX_OPENS") o[k] = $5
		if ($4 == "POSIX_READS") r[k] = $5
		if ($4 == "POSIX_WRITES") w[k] = $5
		if ($4 == "POSIX_BYTES_READ") br[k] = $5
		if ($4 == "POSIX_BYTES_WRITTEN") bw[k] = $5
		if ($4 == "POSIX_MAX_BYTE_READ") mr[k] = $5
		if ($4 == "POSIX_MAX_BYTE_WRITTEN") mw[k] = $5 }
	END {
		for (k in o) {
			if (r[k] > 1 || w[k] > 1) continue
			# a read alone in its open is a lone read, counted there
			if (r[k] == 1 && o[k] < 1 && br[k] > 0 && br[k] < 1048576 && mr[k] + 1 == br[k]) n++
			if (w[k] == 1 && bw[k] > 0 && bw[k] < 1048576 && mw[k] + 1 == bw[k]) n++
		}
		printf "%d\n", n
	}'
}
tri() { # log: the tsv of every rule in $TMP/t.tsv
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
}

f=$D/r16-git-clone.darshan
n=$(whole "$f")
ok "$([ "$n" -ge 2000 ] && echo 0 || echo 1)" "r16-git-clone: awk: $n whole-file requests (the checkout's 2000 and more)"
tri "$f"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" info "r16-git-clone: SMALL-REQ info (main: warn at 0.495 s)"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "^4522 of 6544 POSIX operations under 1 MiB.*; $n whole-file requests not counted"
ok $? "r16-git-clone: the detail counts them, 4522 of 6544 left"
s=$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)
ok "$(awk -v s="$s" 'BEGIN { exit !(s > 0.3 && s < 0.4) }' && echo 0 || echo 1)" "r16-git-clone: stake $s s, the pack's share (0.3-0.4 s)"
is "$(col "$TMP/t.tsv" IOL-SMALL-FILES 3)" warn "r16-git-clone: the storm stays SMALL-FILES' finding"

f=$D/r16-write4k.darshan
is "$(whole "$f")" 0 "r16-write4k: awk: no whole-file request"
tri "$f"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "whole-file requests not counted"
is $? 1 "r16-write4k: no whole-file clause"
# (its severity is the writeback pace's since, t/7398)
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "^65536 of 65536 POSIX operations under 1 MiB"
ok $? "r16-write4k: SMALL-REQ's count unchanged by this rule (65536 of 65536)"
done_testing
