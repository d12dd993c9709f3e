# bench/env.sh: what the bench scripts start from, sourced after their
# re-exec under bash: the C locale and UTC, TOP (this checkout), IOLENS
# (default bin/iolens), SHARED (BENCH_SHARED, default ../shared) and POP
# (its population corpus).
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
SHARED=${BENCH_SHARED:-$TOP/../shared}
POP=$SHARED/corpus/population/logs
