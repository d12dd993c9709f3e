#!/bin/sh
# triage's round-7 inputs from a hostile store (or the wrapped sums of a
# hostile log's counters, which the job row keeps as darshan-util does):
# a negative posix_opens counts no first request of an open, so RANDOM
# stays a share of the requests (r4-rand-read: 50.05 %, was 2.3e16 %
# with opens of -2^63 + 1); a negative redundant_reopen_time adds no
# time to REDUNDANT's stake (r7-config-rewrite: 0.0111 s, was -1e+300 s).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
D=$TOP/t/data
cd "$TMP" || exit 1
findings() { # db: the last job's findings
	$RUN triage --format tsv --severity info --db "$1" 2>err | tail -n 1 | cut -f15
}
code() { # findings code: its value and stake
	tr ';' '\n' | sed -n "s/^ *$1=\\([^/]*\\)\\/.*(\\(.*\\) s at stake).*/\\1 \\2/p"
}

$RUN ingest --db r.db "$D/triage-round4/r4-rand-read.darshan" >/dev/null 2>&1
sqlite3 r.db "UPDATE jobs SET posix_opens = -9223372036854775807"
is "$(findings r.db | code IOL-RANDOM | cut -d' ' -f1):$(cat err)" "50.05:" \
	"posix_opens -2^63 + 1: RANDOM 50.05 %, as with no opens"

$RUN ingest --db c.db "$D/triage-round7/r7-config-rewrite.darshan" >/dev/null 2>&1
sqlite3 c.db "UPDATE jobs SET redundant_reopen_time = 0"
want=$(findings c.db | code IOL-REDUNDANT)
sqlite3 c.db "UPDATE jobs SET redundant_reopen_time = -1e300"
is "$(findings c.db | code IOL-REDUNDANT):$(cat err)" "$want:" \
	"redundant_reopen_time -1e300: REDUNDANT as with none ($want)"
is "$want" "99.9 0.0111" "... 99.9 % and 0.0111 s at stake"
done_testing
