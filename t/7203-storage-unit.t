#!/bin/sh
# C unit tests of lib/storage (t/unit/test-storage.c): byte conservation
# of the binning, diskstats wrap/reset/gaps, vanishing entries and
# permission errors in the tree walk.
. "$(dirname "$0")/lib.sh"
exec "$TOP/t/unit/test-storage" "$TMP"
