#!/bin/sh
# C unit tests of the one read of a store population-report makes
# (t/unit/test-poppass.c): the load's pass over the same rows, the
# triage fed by it, a column's number by its type.
. "$(dirname "$0")/lib.sh"
exec "$TOP/t/unit/test-poppass"
