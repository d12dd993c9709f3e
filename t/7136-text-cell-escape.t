#!/bin/sh
# A text table's cells escaped as before once plain ASCII takes a short
# path (issue 38: three strlen() a character of every cell were a
# quarter of `jobs` over every row): a tab, CR and LF, DEL, a control
# byte, a byte that is no UTF-8, and '~' (0x7e, the last plain byte)
# beside plain cells and a UTF-8 letter, in `jobs` text.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/esc.db
popstore_build "$DB" "$POP"/logs/*.darshan
sqlite3 "$DB" "UPDATE jobs SET user = 'a' || char(9) || 'b' WHERE id = 1;
	UPDATE jobs SET app = 'caf' || char(233) WHERE id = 2;
	UPDATE jobs SET user = 'x' || char(127) WHERE id = 3;
	UPDATE jobs SET user = '~ok' WHERE id = 5;
	UPDATE jobs SET app = char(31) || 'q' WHERE id = 6;
	UPDATE jobs SET user = 'n' || char(10) || char(13) WHERE id = 7;
	UPDATE jobs SET app = 'bad' || CAST(x'ff' AS TEXT) WHERE id = 8"
"$IOLENS" jobs --db "$DB" --where 'id <= 8' --wide >"$TMP/out" 2>&1
ok $? "jobs text of 8 rows"
is "$(wc -l <"$TMP/out" | tr -d ' ')" 9 "a header and 8 lines: no raw newline"
# cell ID TEXT: row ID's line has TEXT between spaces
cell() {
	grep "^ *$1 " "$TMP/out" | grep -qF -- " $2 "
}
cell 1 'a\tb'
ok $? "a tab as \\t"
cell 2 "$(printf 'caf\303\251')"
ok $? "UTF-8 as it is"
cell 3 'x\x7f'
ok $? "DEL as \\x7f"
cell 5 '~ok'
ok $? "'~' as it is"
cell 6 '\x1fq'
ok $? "a control byte as \\x1f"
cell 7 'n\n\r'
ok $? "LF and CR as \\n \\r"
cell 8 'bad\xff'
ok $? "a byte that is no UTF-8 as \\xff"
cell 4 alice
ok $? "a plain cell as it is"
done_testing
