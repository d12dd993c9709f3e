#!/bin/sh
# The machine formats' reals (fmt_double: the shortest of %.15g..%.17g
# that reads back) by 128-bit digits instead of printf and strtod
# (t/unit/test-fmtshort.c): the same bytes as the C library's on
# millions of doubles, ties and powers of ten among them.
. "$(dirname "$0")/lib.sh"
exec "$TOP/t/unit/test-fmtshort"
