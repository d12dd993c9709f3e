#!/bin/sh
# A worker (`iolens --serve-worker`) starts no process: a seccomp filter
# makes fork, vfork, clone of a process and execve fail, so that a
# hostile log meeting a decoder's defect can neither run a program nor
# leave one behind; threads still start (the timeline's reader and
# packer are two).  A test hook (IOLENS_TEST_FORK) makes each command of
# a batch try both and say what came of it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
case $(uname -m) in
x86_64 | aarch64 | i?86) ;;
*) skip_all "the process filter knows no $(uname -m) system calls" ;;
esac

serve_store 2
IOLENS_TEST_FORK=1 serve_start A --db "$DB" --logs "$TMP/logs" --cache ""
get "$A_URL/job/1" >"$TMP/a"
grep -q 'test fork: Operation not permitted' "$TMP/a"
ok $? "a worker cannot start a process"
grep -q 'test thread: started' "$TMP/a"
ok $? "... but starts a thread"
get "$A_URL/api/stats" >"$TMP/s"
grep -q '"confined": "limits.*, no new process"' "$TMP/s"
ok $? "/api/stats says so"
# the page of an unconfined worker (no hook) is still made
serve_start B --db "$DB" --logs "$TMP/logs" --cache ""
get "$B_URL/job/1" >"$TMP/b"
grep -q 'test fork' "$TMP/b"
ok $((!$?)) "without the hook the job page is the report's"
# a worker the filter killed leaves every section empty
grep -q 'nothing to show\|Operation not permitted\|cannot' "$TMP/b"
ok $((!$?)) "... and every section of it was made under the filter"
grep -q '>source</th><td>darshan' "$TMP/b"
ok $? "... its summary among them"
done_testing
