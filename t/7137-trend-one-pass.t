#!/bin/sh
# trend reads the store once (issue 38: its rows and the triage's flagged
# share were two passes over every row, twice ten million rows decoded):
# the pages SQLite reads (pread64 under strace: counted, not timed, the
# same under any load) on 8,120 jobs, a table larger than SQLite's page
# cache, are fewer than 1.5 times the jobs table's pages, where two
# passes read it twice.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
command -v strace >/dev/null || skip_all "strace is not installed"
# LeakSanitizer stops the world with ptrace, which strace holds
[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "system calls counted under the sanitizer or valgrind"
. "$TOP/t/pop/store.sh"
eval "$(sed -n '/^grow_jobs()/,/^}/p' "$TOP/bench/env.sh")"
DB=$TMP/g.db
popstore_build "$DB" "$POP"/logs/*.darshan
grow_jobs "$DB" 8120
pages=$(sqlite3 "$DB" "SELECT sum(pgsize) / 4096 FROM dbstat WHERE name = 'jobs'" 2>/dev/null)
[ -n "$pages" ] || skip_all "sqlite3 has no dbstat"
for args in "" "--by user --every week" "--where nprocs>1 --format csv"; do
	# shellcheck disable=SC2086
	strace -f -e trace=pread64 -o "$TMP/st" "$IOLENS" trend --db "$DB" $args \
		>"$TMP/out" 2>"$TMP/err"
	ok $? "trend $args: runs"
	n=$(grep -c 'pread64(' "$TMP/st")
	[ "$n" -lt $((pages * 3 / 2)) ]
	ok $? "trend $args: $n pages read for a table of $pages"
done
[ "$(grep -c . "$TMP/out")" -gt 1 ]
ok $? "trend rows printed"
done_testing
