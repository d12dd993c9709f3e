#!/bin/sh
# The generated counter tables (lib/counters/*.def): enums index the names
# they say, and every module's names, in order, are those darshan-parser
# prints for a record of it (the reference outputs in ../shared, written
# by darshan-util 3.5.0), not a copy of our own tables.  MDHIM is in no
# corpus log: its list is taken from FORMAT.md section 7.13.
. "$(dirname "$0")/lib.sh"
T=$TOP/t/unit/test-counters
[ -x "$T" ] || skip_all "t/unit/test-counters is not built"
need_shared
LOGS=$SHARED/corpus/darshan-logs

"$T" --check > "$TMP/check" 2>&1
st=$?
sed 's/^/# /' "$TMP/check" | grep -v '^# # [0-9]* spot' | head -20
ok $st "enums index the names they say (FORMAT.md indices, lookup by name)"

# the counter names of the first record of module $1 in parser_all output
first_record() {
	awk -F '\t' -v m="$1" '
		$1 == m && key == "" { key = $2 FS $3 }
		$1 == m && $2 FS $3 == key && $4 !~ /_FILE_REC_ID$/ { print $4 }
		$1 == m && key != "" && $2 FS $3 != key { exit }'
}

for m in POSIX MPI-IO STDIO H5F H5D PNETCDF_FILE PNETCDF_VAR BG/Q DFS DAOS; do
	found=
	for d in "$LOGS"/*/; do
		f=$d/parser_all.out.xz
		[ -f "$f" ] || f=$d/parser_all.out
		[ -f "$f" ] || continue
		xz -dcf "$f" | first_record "$m" > "$TMP/want"
		[ -s "$TMP/want" ] && { found=$d; break; }
	done
	if [ -z "$found" ]; then
		ok 1 "$m: no reference output holds a $m record"
		continue
	fi
	"$T" --names "$m" > "$TMP/got"
	diff "$TMP/want" "$TMP/got" > "$TMP/diff"
	st=$?
	head -5 "$TMP/diff" | sed 's/^/# /'
	ok $st "$m: $(wc -l < "$TMP/got") names in darshan-parser's order ($(basename "$found"))"
done

sed -n '/^### 7.13 MDHIM/,/^### /p' "$SHARED/FORMAT.md" |
	grep 'counters, index order:' | sed 's/^[^:]*: //; s/\.$//' |
	tr ',' '\n' | awk '{ print $2 }' > "$TMP/want"
"$T" --names MDHIM > "$TMP/got"
cmp -s "$TMP/want" "$TMP/got"
ok $? "MDHIM: $(wc -l < "$TMP/want") names as FORMAT.md 7.13 lists them"
done_testing
