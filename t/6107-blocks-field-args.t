#!/bin/sh
# Constants through struct fields and two levels of helpers: main sets
# s.bs = 4096 and s.n = 10, helper(&s) (a pointer to a struct that is
# not const) loops s->n times calling put(s, s->bs): the field passed on
# as an argument is the caller's caller's value, and s passed to a
# function that only reads its members keeps its fields (10 writes of
# 4 KiB; was unknown, and a later call's 3 x 512 B too).  A helper whose
# callee changes the field (bump: s->bs++) keeps its size unknown, never
# 0 (issue 33 gap 2; t/data/blocks/field-args.c).
. "$(dirname "$0")/lib.sh"
col() { block_col "$@"; }
source_csv field-args.c
is "$(col s.csv main:73 calls):$(col s.csv main:73 bytes_written)" "10:40960" \
	"helper(&s): put(s, s->bs) 10 times, 4096 B each"
is "$(col s.csv main:74 calls):$(col s.csv main:74 bytes_written)" "3:1536" \
	"chelper(&s) after it: s kept its fields, s->in.rec 512 B"
is "$(col s.csv main:78 calls):$(col s.csv main:78 bytes_written)" "2:" \
	"bhelper(&b): its callee changes b->bs, the bytes unknown"
is "$(col s.csv helper:31:32 bytes_written)" "" "helper's own line alone: unknown, not 0"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v cc > /dev/null &&
	cc -g -O0 -o prog field-args.c 2> /dev/null; then
	$RUN trace --stacks -o a.it ./prog 2> /dev/null
	$RUN blocks --source --format=csv field-args.c a.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its iolens trace"
	is "$(col j.csv main:73 status):$(col j.csv main:73 bytes_written)" "exact:40960" \
		"helper(&s)'s line: exact"
	is "$(col j.csv put:24 predicted_calls):$(col j.csv put:24 status)" "10:exact" \
		"put()'s write: its 10 calls and 40 KiB over the run exact"
	is "$(grep -c ',differs,' j.csv)" 0 "no row differs"
else
	skip "no iolens-trace.so or no C compiler" 4
fi
done_testing
