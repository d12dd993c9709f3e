#!/bin/sh
# META-BOUND's clause that makes it info, "but IOL-FSYNC's cause: ...
# (truncate, create, rename)" (issue 34, round 62), survives the 400-byte
# detail: it came last, after the open storm's and STDIO's clauses, and
# detail_fit() cuts a long detail's end (r62-manifest with its
# manifest.tmp record's POSIX_OPENS, POSIX_WRITES and POSIX_FSYNCS set
# to 10^12, stored raw by t/darshan-raw.py: "... the opens do to synced
# data [...]").
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"
cat >"$TMP/bump.py" <<'PY'
# bump.py RAW OUT ID VALUE IDX...: POSIX integer counters IDX of record ID
import struct, sys
data = bytearray(open(sys.argv[1], 'rb').read())
rid, val = int(sys.argv[3]), int(sys.argv[4])
off, size = struct.unpack_from('<QQ', data, 32 + 16 * 2)
rec, hit = 16 + 8 * (69 + 17), 0
for p in range(off, off + size, rec):
    if struct.unpack_from('<Q', data, p)[0] == rid:
        for k in sys.argv[5:]:
            struct.pack_into('<q', data, p + 16 + 8 * int(k), val)
        hit += 1
open(sys.argv[2], 'wb').write(data)
sys.exit(0 if hit else 1)
PY
python3 "$TOP/t/darshan-raw.py" "$TOP/t/data/triage-round62/r62-manifest.darshan" "$TMP/raw.darshan" &&
	python3 "$TMP/bump.py" "$TMP/raw.darshan" "$TMP/m.darshan" 18133812046886114427 1000000000000 0 4 8
ok $? "manifest.tmp's opens, writes and syncs set to 10^12"
$RUN triage --all --format tsv "$TMP/m.darshan" >"$TMP/out" 2>"$TMP/err"; r=$?; head -2 "$TMP/err" >&2
ok $r "triage runs"
d=$(awk -F'\t' '$0 ~ /IOL-META-BOUND/' "$TMP/out")
case $d in
*info*"but IOL-FSYNC's cause: 1000000000000 syncs"*"(truncate, create, rename)"*) r=0 ;;
*) r=1 ;;
esac
ok $r "META-BOUND info, its FSYNC clause whole: $d"
done_testing
