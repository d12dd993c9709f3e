#!/bin/sh
# Where a page's time went, in its Server-Timing: besides the time in
# the handler ("page"), the wait for the slow lane's thread ("queue"),
# for a handle of the store ("pool"), for the children it started
# ("child", desc: how many) and their CPU ("ccpu"), then its thread's
# CPU ("cpu") and lane.  A job page's first visit starts one child; a
# second visit copies the page kept whole and starts none; the job
# list starts none.  Counts only: no duration is compared.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 2
serve_start S --db "$DB" --logs "$TMP/logs" --cache ""
num='[0-9]+\.[0-9]'
parts() {
	hdr Server-Timing | sed -E "s/dur=$num+/dur=D/g"
}
get "$S_URL/job/1" >/dev/null
is "$(cat "$TMP/code")" 200 "a job page"
is "$(parts)" "page;dur=D, queue;dur=D, pool;dur=D, child;dur=D;desc=1, worker;dur=D, ccpu;dur=D, cpu;dur=D, lane;desc=slow" \
	"its first visit: one child, in the slow lane ($(hdr Server-Timing))"
get "$S_URL/job/1" >/dev/null
is "$(parts)" "page;dur=D, queue;dur=D, pool;dur=D, child;dur=D;desc=0, worker;dur=D, ccpu;dur=D, cpu;dur=D, lane;desc=kept" \
	"a second visit: no child, the page kept ($(hdr Server-Timing))"
case $(hdr Server-Timing) in *"child;dur=0.0;desc=0, worker;dur=0.0, ccpu;dur=0.00"*) r=0 ;; *) r=1 ;; esac
ok $r "... and no child's time"
get "$S_URL/jobs?sort=-mib_s" >/dev/null
is "$(parts)" "page;dur=D, queue;dur=D, pool;dur=D, child;dur=D;desc=0, worker;dur=D, ccpu;dur=D, cpu;dur=D, lane;desc=fast" \
	"the job list: no child, the fast lane ($(hdr Server-Timing))"
case $(hdr Server-Timing) in *"queue;dur=0.0,"*) r=0 ;; *) r=1 ;; esac
ok $r "... made by the connection's thread: no queue"
st=$(get "$S_URL/api/stats")
case $st in *'"children": 1,'*'"disk_hits": 0, "pages_made": 1,'*) r=0 ;; *) r=1 ;; esac
ok $r "/api/stats: one child, one page made, none read from disk ($st)"
done_testing
