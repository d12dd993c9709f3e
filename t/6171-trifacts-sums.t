#!/bin/sh
# The triage facts' and size bins' sums ingest computes another way since
# speed37 (docs/bench-issue38.md), on an in-memory job whose answers are
# known by hand (t/unit/trifacts-sums): a record's operations under 1 MiB
# from its ten lowest size bins (the five lowest each way, 100K_1M
# among them, less its requests of exactly 1 MiB), summed as they are
# when all are under 2^58 and capped at INT64_MAX one at a time
# otherwise; the small seconds of a rank's own record and of a shared one
# (a rank's share of the shared record: its 8 s over 4 ranks, at most its
# slowest rank's 3 s); the size bins wrapping as they always did; each
# the same with the records extracted as they go and cached.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/trifacts-sums
[ -x "$U" ] || skip_all "t/unit/trifacts-sums is not built"

"$U" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the cached records give the facts the uncached do"
v() { sed -n "s/^$1\t//p" "$TMP/out"; }
# 2^58 + 2^62 + 4 (100K_1M) - 3 (of exactly 1 MiB)
is "$(v 'slow shared_small')" 4899916394579099649 \
	"a bin of 2^58: summed one at a time, exactly"
is "$(v 'slow one_mib_ops') $(v 'slow shared_ops')" "3 8" \
	"its requests of 1 MiB and its operations"
is "$(v 'slow small_time') $(v 'slow shared_small_time')" "4 2" \
	"small seconds: rank 0's own 2 s, plus the shared record's 2 s a rank (not its 8 s)"
is "$(v 'capped shared_small') $(v 'capped shared_ops')" "9223372036854775807 9" \
	"bins of INT64_MAX: the sum capped, a negative bin as 0"
is "$(v 'fast shared_small')" 2882303761517117430 \
	"ten bins of 2^58 - 1 summed as they are"
is "$(v 'slow bins_read') / $(v 'slow bins_written')" \
	"288230376151711747 2 0 / 4611686018427387904" "the read and write bins summed"
is "$(v 'capped bins_read')" "-8935141660703064065 9223372036854775807 0" \
	"... wrapping past INT64_MAX as before, a negative bin as 0"
is "$(v 'fast bins_read') / $(v 'fast bins_written')" \
	"288230376151711743 288230376151711743 288230376151711743 / 288230376151711743" \
	"... each bin its own"

done_testing
