#!/bin/sh
# C unit tests of the population analyses (t/unit/test-popan.c):
# percentiles, within 1%, size classes, Table IV chaining, context rules.
. "$(dirname "$0")/lib.sh"
exec "$TOP/t/unit/test-popan"
