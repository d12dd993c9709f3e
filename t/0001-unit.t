#!/bin/sh
# C unit tests (t/unit/*.c): decoder, accumulator and number formatting.
. "$(dirname "$0")/lib.sh"
exec "$TOP/t/unit/test-decoder" "$SAMPLES"
