#!/bin/sh
# The man pages in man/ agree with the binary: each is mandoc -Tlint clean,
# each command listed by 'iolens --help' has man/iolens-<cmd>.1 and an entry
# in iolens(1), each page's SYNOPSIS has the options of its usage lines,
# each option of the --help text is described, and every example runs.
#
# Conventions the pages keep, so that plain sed and awk can read them:
#   - man/iolens.1 goes with 'iolens --help', man/iolens-<cmd>.1 with
#     'iolens <cmd> --help'.
#   - SYNOPSIS names one option per Fl macro: ".Op Fl \-base",
#     ".Fl \-help | Fl \-version".  Its set of options must equal the set
#     shown in the usage lines of --help (from "usage:" to the first blank
#     line); -h/--help, which the usage lines leave out, is checked by the
#     next rule instead.
#   - Options are described in list items ".It Fl h , Fl \-help"; every
#     option in the usage lines or the option table of --help needs one.
#   - Commands are ".It Cm <name>" items of the COMMANDS section of
#     iolens.1.
#   - In EXAMPLES, each line ".Dl $ <command>" is a shell command line.  It
#     is run with sh -c from the top of the tree, with the directory of
#     $IOLENS (bin/) first on PATH and stdin, stdout and stderr redirected,
#     and must exit 0, or N when the line before it is the roff comment
#     '.\" exit: N'.  The roff escapes \- \& \(aq \(dq \e are undone first,
#     and /tmp/ is the test's own temporary directory.
. "$(dirname "$0")/lib.sh"

skip() {	# skip <reason>: one skipped test
	_n=$((_n + 1))
	echo "ok $_n # skip $*"
}

# section <page> <name>: the lines of one .Sh section, without the .Sh
section() {
	awk -v name="$2" '
		/^\.Sh / { on = (substr($0, 5) == name); next }
		on' "$1"
}

# fl_opts: the options named by Fl macros in the mdoc text on stdin, one a
# line, sorted; "Fl \-base" gives --base, "Fl h" gives -h
fl_opts() {
	awk '/^\./ {
		sub(/^\./, "")
		for (i = 1; i < NF; i++) {
			if ($i != "Fl")
				continue
			t = $(i + 1)
			if (t ~ /^[A-Z][a-z][a-z]?$/ || t ~ /^[][|,.;:()]$/)
				continue	# a macro or a delimiter: bare "-"
			gsub(/\\-/, "-", t)
			sub(/\\&$/, "", t)
			print "-" t
		}
	}' | sort -u
}

# usage_opts: the options in the usage lines of the --help text on stdin
usage_opts() {
	sed -n '/^usage:/,/^$/p' | tr '[]|' '   ' | tr ' \t' '\n\n' |
		sed -n 's/=.*//; /^--*[A-Za-z]/p' | sort -u
}

# table_opts: the options in the option table of the --help text on stdin,
# the lines after the usage lines that start with blanks and a dash
table_opts() {
	awk '/^usage:/ { u = 1 }
	     u && /^$/ { u = 0; next }
	     u { next }
	     /^[ \t]+-/ {
		sub(/^[ \t]+/, "")
		sub(/(  |\t).*/, "")
		n = split($0, a, /, */)
		for (i = 1; i <= n; i++) {
			sub(/[= ].*/, "", a[i])
			print a[i]
		}
	     }' | sort -u
}

# examples <page>: "status<TAB>command" for each EXAMPLES line ".Dl $ ..."
examples() {
	section "$1" EXAMPLES | awk '
		/^\.Dl \$ / {
			st = 0
			if (prev ~ /^\.\\" exit: [0-9]+$/) {
				st = prev
				sub(/.* /, "", st)
			}
			print st "\t" substr($0, 7)
		}
		{ prev = $0 }' |
		sed -e 's/\\-/-/g' -e 's/\\&//g' -e "s/\\\\(aq/'/g" \
		    -e 's/\\(dq/"/g' -e 's/\\e/\\/g'
}

words() { tr '\n' ' ' | sed 's/ $//'; }

bindir=$(dirname "$IOLENS")
have_mandoc=0
command -v mandoc > /dev/null 2>&1 && have_mandoc=1

"$IOLENS" --help > "$TMP/help" 2>&1
is $? 0 "iolens --help exits 0"
sed -n '/^commands:/,/^$/p' "$TMP/help" | awk 'NR > 1 && /^  [^ ]/ { print $1 }' |
	sort > "$TMP/cmds"
test -s "$TMP/cmds"
ok $? "iolens --help lists commands"

# every command has a page and an entry in iolens(1), every page a command
section "$TOP/man/iolens.1" COMMANDS | sed -n 's/^\.It Cm \([^ ]*\).*/\1/p' |
	sort > "$TMP/listed"
is "$(words < "$TMP/listed")" "$(words < "$TMP/cmds")" \
	"COMMANDS of iolens.1 are the commands of iolens --help"
for cmd in $(cat "$TMP/cmds"); do
	test -f "$TOP/man/iolens-$cmd.1"
	ok $? "man/iolens-$cmd.1 exists"
done
for page in "$TOP"/man/iolens-*.1; do
	[ -e "$page" ] || continue
	cmd=${page##*/iolens-}
	cmd=${cmd%.1}
	grep -qx "$cmd" "$TMP/cmds"
	ok $? "man/iolens-$cmd.1 documents a command of iolens --help"
done

# lines of rendered text where a quote opens before the last one closed
nested_quotes() {
	perl -ne 'my ($d, $bad) = (0, 0);
		for my $c (split //) {
			if ($c eq "`") { $bad = 1 if ++$d > 1 }
			elsif ($c eq "\x27" && $d) { $d-- }
		}
		print if $bad || /\x27\x27\x27/'
}

for page in "$TOP"/man/*.1; do
	name=man/${page##*/}
	case $page in
	*/iolens.1) set -- ;;
	*/iolens-*.1) c=${page##*/iolens-}; set -- "${c%.1}" ;;
	*) set -- ;;
	esac

	if [ $have_mandoc = 1 ]; then
		out=$(mandoc -Tlint -Wwarning "$page" 2>&1)
		is "$out" "" "$name: mandoc -Tlint -Wwarning is silent"
		# a quote opened inside another (".Pq Ql a , Ql b" nests:
		# `a, `b'') is no lint warning but reads wrong
		out=$(mandoc -Tascii "$page" 2>&1 | col -b | nested_quotes)
		is "$out" "" "$name: no quote opens inside another"
	else
		skip "$name: mandoc is not installed" 2
	fi

	"$IOLENS" "$@" --help > "$TMP/h" 2>&1
	is $? 0 "$name: iolens ${*:+$* }--help exits 0"
	usage_opts < "$TMP/h" > "$TMP/usage"
	section "$page" SYNOPSIS | fl_opts > "$TMP/syn"
	test -s "$TMP/syn"
	ok $? "$name: SYNOPSIS names options"
	is "$(words < "$TMP/syn")" "$(words < "$TMP/usage")" \
		"$name: SYNOPSIS options are those of the usage lines"

	table_opts < "$TMP/h" | sort -u - "$TMP/usage" > "$TMP/all"
	grep '^\.It' "$page" | fl_opts > "$TMP/described"
	is "$(comm -23 "$TMP/all" "$TMP/described" | words)" "" \
		"$name: every option of --help is described in an .It Fl item"

	examples "$page" > "$TMP/ex"
	test -s "$TMP/ex"
	ok $? "$name: has EXAMPLES lines"
	while IFS='	' read -r st ex; do
		# an example's /tmp is this test's own: runs of the suite at
		# once wrote the same /tmp/ior.pdf (t/9001 failed under load)
		mkdir -p "$TMP/extmp"
		ex=$(printf '%s\n' "$ex" | sed "s|/tmp/|$TMP/extmp/|g")
		(cd "$TOP" && PATH="$bindir:$PATH" sh -c "$ex") \
			< /dev/null > /dev/null 2> "$TMP/err"
		rc=$?
		[ "$rc" = "$st" ] || sed 's/^/# /' "$TMP/err" | head -5
		is "$rc" "$st" "$name example: $(echo "$ex" | tr '#' _)"
	done < "$TMP/ex"
done

done_testing
