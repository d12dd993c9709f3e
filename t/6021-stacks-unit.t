#!/bin/sh
# The interned call stacks (lib/model/stack.c) and the stacks the
# strace reader gives events, in C: t/unit/test-stacks.c.
. "$(dirname "$0")/lib.sh"
[ -x "$TOP/t/unit/test-stacks" ] || skip_all "t/unit/test-stacks not built (make)"
exec "$TOP/t/unit/test-stacks" "$TOP/t/data/strace/stack-k.trace"
