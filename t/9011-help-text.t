#!/bin/sh
# The --help texts (man/help/<name>.txt, made into the binary's table by
# man/help.pl) agree with the binary and the man pages:
#   - the commands `iolens --help` lists are those of the command table
#     (cmd/commands.c); each has its text, and each text is a command's
#     (or a sub-help: blocks--source, blocks--calibrate, help--columns);
#   - no placeholder (@NAME@) is left unfilled in a printed help;
#   - every long option of its usage lines is described in its option
#     table;
#   - every long option a help names is one the command takes: given
#     before --help, it is not answered "unknown option";
#   - every long option of the command's man page (SYNOPSIS and .It Fl
#     items) is in its help (t/9001 checks the other way round);
#   - the options of the shared option tables (cmd/common.c,
#     cmd/popcommon.c), which a command takes whether or not its help
#     names them, are in its help when it
#     takes them (the commands that read no traces refuse the traces'
#     --lenient, --merge-traces and --rank-from);
#   - an unknown option is said in the house style, "iolens CMD: unknown
#     option '--x'", not by getopt as well or instead.
# The probes run $IOLENS itself, not under valgrind: they ask getopt only.
. "$(dirname "$0")/lib.sh"
cd "$TMP" || exit 1

# Known gaps being mended (each makes its test a TAP TODO until it is
# gone; prove then says the TODO passed: take it off the list).  Shared
# options a command takes that its help does not name, because the help
# texts had to stay byte for byte when they left the C code (issue 36).
known_gaps() {
	case $1 in
	summary | files | hist | meta | triage | timeline | blocks)
		echo "--wide" ;;
	esac
}
# Named by the man page, taken by getopt, refused after: not in the help.
#   coverage --where: the man page says it is refused (t/8016)
refused() {
	case "$1 $2" in
	"coverage --where") return 0 ;;
	esac
	return 1
}

todo_is() {	# todo_is <got> <expected> <description> <todo-if-got>
	if [ -n "$4" ] && [ "$1" = "$4" ]; then
		_n=$((_n + 1))
		echo "not ok $_n - $3 # TODO known: $4"
	else
		is "$1" "$2" "$3"
	fi
}

words() { tr '\n' ' ' | sed 's/ $//'; }

# usage_opts, table_opts: the long options of the --help text on stdin,
# in its usage lines (up to the first blank line), in its option table
# (the lines after them that start with blanks and a dash)
usage_opts() {
	awk '/^usage:/ { u = 1 } u && /^$/ { exit } u' | tr '[]|' '   ' |
		tr ' \t' '\n\n' | sed -n 's/=.*//; s/[.,]*$//; /^--[A-Za-z]/p' | sort -u
}
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
	     }' | grep '^--' | sort -u
}

# fl_opts, section: as t/9001-man.t reads the man pages
fl_opts() {
	awk '/^\./ {
		sub(/^\./, "")
		for (i = 1; i < NF; i++) {
			if ($i != "Fl")
				continue
			t = $(i + 1)
			if (t ~ /^[A-Z][a-z][a-z]?$/ || t ~ /^[][|,.;:()]$/)
				continue
			gsub(/\\-/, "-", t)
			sub(/\\&$/, "", t)
			print "-" t
		}
	}' | sort -u
}
section() {
	awk -v name="$2" '/^\.Sh / { on = (substr($0, 5) == name); next } on' "$1"
}

# unknown OPT TOPIC...: 0 when the command answers OPT, given before
# --help, as it answers an option it has not: $bogus, its message for
# --zz-bogus, with the name put in
unknown() {
	_o=$1
	shift
	_e=$("$IOLENS" "$@" "$_o" --help --help 2>&1 >/dev/null </dev/null | head -1)
	[ "$_e" = "$(printf '%s\n' "$bogus" | sed "s/--zz-bogus/$_o/")" ]
}

# the command table and the list of iolens --help
"$IOLENS" --help | sed -n '/^commands:/,/^$/p' |
	awk 'NR > 1 && /^  [^ ]/ { print $1 }' > cmds
grep -o '{"[a-z-]*", *cmd_' "$TOP/cmd/commands.c" | sed 's/{"//; s/".*//' > table
test -s cmds
ok $? "iolens --help lists commands"
is "$(words < cmds)" "$(words < table)" \
	"iolens --help lists the commands of cmd/commands.c, in order"
for f in "$TOP"/man/help/*.txt; do
	name=${f##*/}
	name=${name%.txt}
	case $name in
	_*) continue ;;	# a fragment, included by others
	iolens) continue ;;
	help--*) grep -qx help table; is "$?" 1 "$name.txt: help is no command" ;;
	*--*) grep -qx "${name%%--*}" cmds; ok $? "$name.txt: a sub-help of a command" ;;
	*) grep -qx "$name" cmds; ok $? "$name.txt: a command of iolens --help" ;;
	esac
done

# the commands, and blocks --source (its own options and parser)
cp cmds topics
echo "blocks --source" >> topics
"$IOLENS" --help > h
is "$(grep -c '@[A-Z][A-Z_]*@' h)" 0 "iolens --help: no placeholder left"
# the shared options: the tables of cmd/common.c (copts_table) and
# cmd/popcommon.c (--db, --where), entries {"name", CO_KIND, ...}
shared=$(perl -0ne 'print "--$1\n" while /\{"([a-z][a-z-]*)",\s*CO_/g' \
	"$TOP"/cmd/common.c "$TOP"/cmd/popcommon.c | sort -u)
test -n "$shared"
ok $? "the shared option tables of cmd/common.c and cmd/popcommon.c name options"
while read -r topic; do
	# shellcheck disable=SC2086
	"$IOLENS" $topic --help > h 2>&1 </dev/null
	is "$?:$(grep -c '@[A-Z][A-Z_]*@' h)" "0:0" "$topic --help: exit 0, no placeholder left"
	usage_opts < h > usage
	table_opts < h > table
	sort -u usage table > opts
	test -s opts
	ok $? "$topic --help names options"
	is "$(comm -23 usage table | words)" "" \
		"$topic: every option of its usage lines is in its option table"
	# shellcheck disable=SC2086
	bogus=$("$IOLENS" $topic --zz-bogus --help --help 2>&1 >/dev/null </dev/null)
	st=$?
	printf '%s\n' "$bogus" | grep -qE -- "(unknown|unrecognized) option '--zz-bogus'"
	is "$st:$?" "2:0" "$topic: --zz-bogus is a usage error that names it (the probe works)"
	bogus=$(printf '%s\n' "$bogus" | head -1)
	is "$bogus" "iolens ${topic%% *}: unknown option '--zz-bogus'" \
		"$topic: an unknown option is one line in the house style, not getopt's"
	bad=""
	for o in $(cat opts); do
		# shellcheck disable=SC2086
		unknown "$o" $topic && bad="$bad $o"
	done
	is "$bad" "" "$topic: every option of its help is taken"

	[ "$topic" = "blocks --source" ] && continue
	page=$TOP/man/iolens-$topic.1
	{ section "$page" SYNOPSIS | fl_opts; grep '^\.It' "$page" | fl_opts; } |
		grep '^--' | sort -u > man
	missing=""
	for o in $(comm -23 man opts); do
		refused "$topic" "$o" || missing="$missing $o"
	done
	is "$missing" "" "$topic: every option of man/iolens-$topic.1 is in its help"

	taken=""
	for o in $shared; do
		grep -qx -- "$o" opts && continue
		refused "$topic" "$o" && continue
		# a prefix of an option of its own is taken as that option
		grep -q -- "^$o" opts && continue
		unknown "$o" "$topic" || taken="$taken $o"
	done
	todo_is "${taken# }" "" "$topic: the shared options it takes are in its help" \
		"$(known_gaps "$topic")"
done < topics

done_testing
