#!/bin/sh
# The blocks commands' decisions in the library (t/unit/test-blocks-sort.c):
# how strace's durations let blocks rank, calibrated or not, and the saved
# I/O cost model missing or bad.
. "$(dirname "$0")/lib.sh"
mkdir "$TMP/home"
exec "$TOP/t/unit/test-blocks-sort" "$TMP/home"
