#!/bin/sh
# Two of ingest's per-log steps: the row's values as the writer decodes
# them (each 8-byte integer or real and each text's 4-byte length read
# in one load), and the log's name table added with one probe of its
# index a name (room made first; the slot found is the name's or where
# it goes).  t/unit/row-names: an error row with int64's extremes and
# empty texts, and the row cut short at every length; the names of a log
# of 5,005 names (the index grown five times over), and of a copy whose
# second name has the first's id (t/darshan-raw.py): the first wins, the
# table one entry shorter.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/row-names
[ -x "$U" ] || skip_all "t/unit/row-names is not built"
command -v python3 >/dev/null || skip_all "python3 is not installed"

"$U" row >"$TMP/row" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the error rows decode"
cat >"$TMP/want" <<'END'
kind	1
text	16	/a/b_id1.darshan
int	9223372036854775807
int	-9223372036854775807
text	14	corrupt log: x
text	5	0.1.0
end	0
cut	63 of 68 refused
text	0	
null
int	-1
text	0	
text	5	0.1.0
end	0
END
sed "s/0\.1\.0\$/$($IOLENS --version | sed 's/^iolens //')/" "$TMP/want" >"$TMP/want2"
cmp -s "$TMP/want2" "$TMP/row"
ok $? "each value as put, INT64_MIN as NULL; a row cut inside a value refused"
diff "$TMP/want2" "$TMP/row" | head -5 | while read -r l; do diag "$l"; done

LOG=$TOP/t/data/triage-round22/r22-mdtest-shared.darshan
"$U" names "$LOG" >"$TMP/names" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the name table reads"
is "$(wc -l <"$TMP/names" | tr -d ' ')" 5005 "5,005 names"
is "$(awk -F'\t' '$2 != $3' "$TMP/names" | wc -l | tr -d ' ')" 0 \
	"each id finds its own name"

# the second entry (after <STDIN>'s id and name, 16 bytes) given the
# first's id, 14734109647742566553
python3 "$TOP/t/darshan-raw.py" "$LOG" "$TMP/dup.darshan" -1 16 99005af3a8127acc
"$U" names "$TMP/dup.darshan" >"$TMP/dup" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the copy with a repeated id reads"
is "$(wc -l <"$TMP/dup" | tr -d ' ') $(sed -n 1p "$TMP/dup")" \
	"5004 14734109647742566553	<STDIN>	<STDIN>" \
	"the repeated id keeps the first name, one entry"
is "$(grep -c '<STDOUT>' "$TMP/dup")" 0 "... the second name is dropped"
is "$(awk -F'\t' '$2 != $3' "$TMP/dup" | wc -l | tr -d ' ')" 0 \
	"... and every other id finds its own"
$IOLENS parse "$TMP/dup.darshan" >"$TMP/parse" 2>&1
is "$?" 0 "parse prints it"
done_testing
