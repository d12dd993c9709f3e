#!/bin/sh
# The population analyses read a store's rows on two SQLite connections
# (issue 38: one core decoding ten million rows was most of triage --db,
# trend, population-report and jobs): a helper thread with its own
# connection decodes chunks of ids ahead of the reader, the rows still
# taken in id order.  Counted, not timed: the store file opened twice,
# and, with the chunks given by turns (IOLENS_TEST_POP_TURNS, whatever
# the schedule), each of two threads reading a fifth of the pages or
# more (pread64 under strace); the outputs of one connection
# (IOLENS_POP_SPLIT=0) and of two equal byte for byte, for every row, a
# --where of one half, and small stores; a store under the threshold
# (65,536 ids) opened once.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
eval "$(sed -n '/^grow_jobs()/,/^}/p' "$TOP/bench/env.sh")"
DB=$TMP/g.db
popstore_build "$DB" "$POP"/logs/*.darshan
grow_jobs "$DB" 4000
is "$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')" 4000 "a store of 4,000 jobs"

# run NAME SPLIT ARGS...: the command's output into $TMP/NAME.SPLIT
# (population-report's into that file), its exit code into ...rc
run() {
	_rn=$1 _rs=$2
	shift 2
	case $1 in
	population-report)
		IOLENS_POP_SPLIT=$_rs "$IOLENS" "$@" -o "$TMP/$_rn.$_rs" \
			--format html >/dev/null 2>"$TMP/$_rn.$_rs.err"
		;;
	*) IOLENS_POP_SPLIT=$_rs "$IOLENS" "$@" >"$TMP/$_rn.$_rs" 2>"$TMP/$_rn.$_rs.err" ;;
	esac
	echo $? >"$TMP/$_rn.$_rs.rc"
}

# same NAME ARGS...: one connection and two (by turns and not) agree
same() {
	_sn=$1
	shift
	run "$_sn" 0 "$@"
	run "$_sn" 1 "$@"
	IOLENS_TEST_POP_TURNS=1 run "$_sn.t" 1 "$@"
	cmp -s "$TMP/$_sn.0" "$TMP/$_sn.1" && cmp -s "$TMP/$_sn.0" "$TMP/$_sn.t.1" &&
		cmp -s "$TMP/$_sn.0.rc" "$TMP/$_sn.1.rc" &&
		cmp -s "$TMP/$_sn.0.rc" "$TMP/$_sn.t.1.rc" &&
		cmp -s "$TMP/$_sn.0.err" "$TMP/$_sn.1.err"
	ok $? "$_sn: one connection and two give the same output ($(wc -c <"$TMP/$_sn.0") bytes, exit $(cat "$TMP/$_sn.0.rc"))"
}

for w in "" "id <= 2000" "id > 3000" "nprocs > 1 AND id % 7 = 3"; do
	set -- --db "$DB"
	[ -n "$w" ] && set -- "$@" --where "$w"
	same "triage${w:+ where $w}" triage "$@" --format csv
	same "trend${w:+ where $w}" trend "$@" --format csv
	same "jobs${w:+ where $w}" jobs "$@" --format csv
	same "jobs text${w:+ where $w}" jobs "$@"
	same "report${w:+ where $w}" population-report "$@"
done
same "groups" groups --by app --db "$DB" --format csv
same "variance" variance --db "$DB" --format csv
# a --where matching nothing: the same message and exit code
run none 0 jobs --db "$DB" --where "id > 9000"
run none 1 jobs --db "$DB" --where "id > 9000"
cmp -s "$TMP/none.0.err" "$TMP/none.1.err" && cmp -s "$TMP/none.0.rc" "$TMP/none.1.rc"
ok $? "no row matching: the same message and exit code ($(cat "$TMP/none.1.rc"))"

# small stores: one row, two rows (fewer ids than chunks), none
for n in 1 2 0; do
	S=$TMP/s$n.db
	cp "$DB" "$S"
	sqlite3 "$S" "DELETE FROM jobs WHERE id > $n"
	same "store of $n" jobs --db "$S" --format csv
	[ "$n" = 0 ] || same "trend on a store of $n" trend --db "$S" --format csv
done

if ! command -v strace >/dev/null || [ -n "${SANITIZE:-}${VALGRIND:-}" ]; then
	skip "no strace, or under the sanitizer or valgrind" 8
	done_testing
	exit 0
fi
# reads NAME: the store's opens, and the threads reading a fifth of the
# store's page reads or more, in $TMP/st.NAME (strace -f)
reads() {
	_o=$(grep -c "openat(.*g\.db\", O_RDONLY" "$TMP/st.$1")
	_t=$(awk '/pread64\(/ { n[$1]++; all++ }
		END { for (t in n) if (n[t] * 5 >= all) k++; print k + 0 }' "$TMP/st.$1")
	echo "$_o $_t"
}
for c in "triage --format csv" "trend --format csv" "jobs --format csv" jobs; do
	# shellcheck disable=SC2086
	IOLENS_POP_SPLIT=1 IOLENS_TEST_POP_TURNS=1 strace -f -e trace=openat,pread64 \
		-o "$TMP/st.x" "$IOLENS" $c --db "$DB" >/dev/null 2>&1
	# jobs in text reads its rows twice (widths, then rows: t/7145),
	# each pass with its own second reader
	want="2 2" k=twice
	[ "$c" = jobs ] && want="3 3" k="three times"
	is "$(reads x)" "$want" "$c: the store opened $k, ${want#* } threads read a fifth of its pages or more"
done
# under the threshold, and where the order is not the ids': one
strace -f -e trace=openat,pread64 -o "$TMP/st.x" "$IOLENS" trend --db "$DB" >/dev/null 2>&1
is "$(reads x)" "1 1" "4,000 ids, under the threshold: one connection"
IOLENS_POP_SPLIT=1 strace -f -e trace=openat,pread64 -o "$TMP/st.x" \
	"$IOLENS" jobs --db "$DB" --sort nprocs --format csv >/dev/null 2>&1
is "$(reads x)" "1 1" "jobs --sort nprocs: one connection"
IOLENS_POP_SPLIT=1 strace -f -e trace=openat,pread64 -o "$TMP/st.x" \
	"$IOLENS" jobs --db "$DB" --top 5 --format csv >/dev/null 2>&1
is "$(reads x)" "1 1" "jobs --top 5: one connection"
IOLENS_POP_SPLIT=1 IOLENS_TEST_POP_TURNS=1 strace -f -e trace=openat,pread64 \
	-o "$TMP/st.x" "$IOLENS" groups --db "$DB" --by user >/dev/null 2>&1
is "$(reads x)" "2 2" "groups: the store opened twice, two threads read"
done_testing
