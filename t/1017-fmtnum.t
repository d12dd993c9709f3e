#!/bin/sh
# parse's number formatting (render/obuf.c: fmt_fixed, obuf_i64/u64,
# obuf_fixed) is printf's byte for byte over edge values (t/unit/
# test-fmtnum.c), written through a buffer in memory that grows, as the
# formatting threads of parse --all use it.
. "$(dirname "$0")/lib.sh"
exec "$TOP/t/unit/test-fmtnum"
