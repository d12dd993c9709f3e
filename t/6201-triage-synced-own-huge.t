#!/bin/sh
# A hostile log's sync counts where triage reads DXT's write times of a
# rank's own synced record (trismall.c's synced_own(), issue 34, round
# 111): r111-resfsync's rank-0 residuals record (400 writes, 400 fsyncs,
# DXT holding every write) with POSIX_FSYNCS and POSIX_FDSYNCS both
# INT64_MAX (t/darshan-raw.py: the record at 704 of the POSIX region, its
# two sync counters at 784).  Summed as integers they overflowed, which
# `make check SANITIZE=1` reports as a runtime error (it did, before the
# sum became a double's); a plain build must still run to the end.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"
L=$TOP/t/data/triage-round111/r111-resfsync.darshan
python3 "$TOP/t/darshan-raw.py" "$L" "$TMP/h.darshan" 1 784 \
	ffffffffffffff7fffffffffffffff7f
ok $? "the log patched"
$RUN triage --all --format tsv "$TMP/h.darshan" >"$TMP/t.tsv" 2>"$TMP/err"
ok $? "triage runs to the end"
grep -q "runtime error" "$TMP/err"
ok $((!$?)) "no undefined behaviour reported"
s=$(tsv_col "$TMP/t.tsv" IOL-FSYNC 3)
case $s in warn | high) r=0 ;; *) r=1 ;; esac
ok $r "FSYNC still told on the absurd count ($s)"
done_testing
