#!/bin/sh
# The mechanical rules of STYLE.md for lib/ and cmd/: no // comments, every
# .c file opens with a /* comment, no banned function is called outside
# lib/base/banned.h, and every .c file includes "base/banned.h" last.
#
# A small awk scanner (cscan) reads C the way the compiler does, so that
# "http://" in a string or "ctime(3)" in a comment is not taken for code.
#
# Files listed in TODO_BANNED_LAST are known not to include "banned.h" last
# yet; their tests carry a TAP "# TODO" directive so they report without
# failing.  When prove says a TODO test passed, take the file off the list.
. "$(dirname "$0")/lib.sh"

TODO_BANNED_LAST=""
BANNED="strcpy strcat sprintf vsprintf strtok gets localtime gmtime ctime"

todo_ok() {	# todo_ok <status> <description> <reason>
	_n=$((_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $_n - $2 # TODO $3"
	else
		echo "not ok $_n - $2 # TODO $3"
	fi
}

# cscan <mode> <file>...: mode "slash" prints file:line of every //
# comment; mode "code" prints file:line:text with comments removed and the
# contents of string and character literals blanked; mode "text" is "code"
# with the literals kept.
cscan() {
	mode=$1
	shift
	awk -v mode="$mode" '
	FNR == 1 { st = "code" }	# each file starts outside any comment
	{
		out = ""
		n = length($0)
		for (i = 1; i <= n; i++) {
			c = substr($0, i, 1)
			c2 = substr($0, i, 2)
			if (st == "block") {
				if (c2 == "*/") { st = "code"; i++; out = out "  " }
				continue
			}
			if (st == "str" || st == "chr") {
				if (mode == "text")
					out = out (c == "\\" ? c2 : c)
				if (c == "\\") { i++; continue }
				if ((st == "str" && c == "\"") ||
				    (st == "chr" && c == "\047")) {
					st = "code"
					if (mode != "text")
						out = out c
				}
				continue
			}
			if (c2 == "/*") { st = "block"; i++; out = out "  "; continue }
			if (c2 == "//") {
				if (mode == "slash")
					print FILENAME ":" FNR
				break
			}
			if (c == "\"") st = "str"
			else if (c == "\047") st = "chr"
			out = out c
		}
		if (st == "str" || st == "chr")
			st = "code"	# literals do not span lines
		if (mode != "slash")
			print FILENAME ":" FNR ":" out
	}' "$@"
}

cd "$TOP" || exit 1
srcs=$(ls lib/*.h lib/*/*.c lib/*/*.h render/*.c render/*.h cmd/*.c cmd/*.h serve/*.c serve/*.h)
csrcs=$(ls lib/*/*.c render/*.c cmd/*.c serve/*.c)

# the scanner itself, on a file with every trap it must step around
cat > "$TMP/trap.c" <<'EOF'
/* ctime(3) in a comment, and a // in a comment */
static const char *u = "http://x \" // ctime(t)";
static char q = '"', s = '\'';
int f(void) { return g(q); } // a real one
/* a block
   strcpy(a, b) across lines */ int h; /* x */ int k; // another
EOF
is "$(cscan slash "$TMP/trap.c" | sed 's/.*://' | tr '\n' ' ')" "4 6 " \
	"cscan finds // comments only outside strings and comments"
got=$(cscan code "$TMP/trap.c" | grep -c -E 'ctime|strcpy|http')
is "$got" 0 "cscan blanks comments and literals"
is "$(cscan text "$TMP/trap.c" | sed -n 2,3p | sed 's/^[^:]*:[0-9]*://')" \
	"$(sed -n 2,3p "$TMP/trap.c")" "cscan keeps literals in text mode"

# 1. no // comments
out=$(cscan slash $srcs)
is "$out" "" "no // comments in lib/, render/ and cmd/"

# 2. every .c file opens with a /* comment
bad=
for f in $csrcs; do
	head -n 1 "$f" | grep -q '^/\*' || bad="$bad $f"
done
is "${bad# }" "" "every .c file in lib/, render/ and cmd/ begins with a /* comment"

# 3. no banned function called outside lib/base/banned.h
re=$(echo $BANNED | sed 's/ /|/g')
out=$(cscan code $(echo "$srcs" | grep -v '^lib/base/banned\.h$') |
	grep -E "^[^:]*:[0-9]+:(.*[^A-Za-z0-9_])?($re)[[:space:]]*\(")
[ -z "$out" ] || echo "$out" | sed 's/^/# /'
is "$(echo "$out" | sed -n 's/^\([^:]*:[0-9]*\):.*/\1/p' | tr '\n' ' ' |
	sed 's/ $//')" "" \
	"no banned function ($BANNED) in lib/, render/ and cmd/"
missing=
for fn in $BANNED; do
	grep -q "^#define $fn(" lib/base/banned.h || missing="$missing $fn"
done
is "${missing# }" "" "lib/base/banned.h bans each of them"

# 4. every .c file includes "banned.h" as its last include (X-macro
# definition files, *.def, are table rows, not headers: they may follow)
for f in $csrcs; do
	last=$(cscan text "$f" | sed 's/^[^:]*:[0-9]*://' |
		grep -E '^[[:space:]]*#[[:space:]]*include' |
		grep -v '\.def"' | tail -n 1 |
		sed 's/[[:space:]]//g')
	[ "$last" = '#include"base/banned.h"' ]
	st=$?
	case " $TODO_BANNED_LAST " in
	*" $f "*) todo_ok $st "$f includes \"banned.h\" last" \
		"banned.h not yet included" ;;
	*) ok $st "$f includes \"banned.h\" last" ;;
	esac
done

done_testing
