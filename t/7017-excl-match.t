#!/bin/sh
# The default exclusions (.pyc, .so, system directories, site-packages)
# matched without regexec give exactly regexec's answers (t/unit/test-excl.c).
. "$(dirname "$0")/lib.sh"
exec "$TOP/t/unit/test-excl"
