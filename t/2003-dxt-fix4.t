#!/bin/sh
# The fixed-point formatting of parse --dxt's times against printf itself
# (t/unit/test-fix4.c): the same digits on millions of doubles.
. "$(dirname "$0")/lib.sh"
exec "$TOP/t/unit/test-fix4"
