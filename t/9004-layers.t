#!/bin/sh
# The layers of the tree (README.md, "How it is built"): each directory
# may include only its own layer and the layers below it, objects of
# libiolens depend on each other without a cycle, and libiolens neither
# links nor calls the renderers.
#
#   0 lib/base  1 lib/counters  2 lib/model  3 lib/sources
#   4 lib/analysis  5 lib/storage, lib/replay (peers: neither includes
#   the other)  6 lib/population (the store joins jobs to device series)
#   7 render  8 serve, cli (peers)  9 cmd  10 fuzz (the harnesses)
#   11 t/unit
#   serve (8): the server module (bin/iolens-serve.so), on the renderers'
#   table writers; cmd/serve.c loads it
#   cli (8): the command line's machinery (cli/libcli.a: option tables,
#   usage errors, --help, completion, the LOG arguments as jobs, the site
#   configuration, the output's choice): handed the commands' tables,
#   never calls a command
#   lib/code (5): the source extractor, a module of its own on libclang
#   (bin/iolens-code.so), includes lib/base only; no part of libiolens
#
# Includes name their layer ("base/error.h", "render/chart.h"), so the
# rule can be read off each line.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1

# Known breaches being mended (each makes its test a TAP TODO until it is
# gone; prove then says the TODO passed: take it off the list).
TODO_INCLUDES=""
TODO_CYCLE=""

todo_is() {	# todo_is <got> <expected> <description> <todo-if-got>
	if [ -n "$4" ] && [ "$1" = "$4" ]; then
		_n=$((_n + 1))
		echo "not ok $_n - $3 # TODO known: $4"
	else
		is "$1" "$2" "$3"
	fi
}

layer_of() {	# layer_of <dir>: LAYER, a number, or "?" for a directory not listed
	case $1 in
	lib/base) LAYER=0 ;;
	lib/counters) LAYER=1 ;;
	lib/model) LAYER=2 ;;
	lib/sources) LAYER=3 ;;
	lib/analysis) LAYER=4 ;;
	lib/storage | lib/replay) LAYER=5 ;;
	lib/population) LAYER=6 ;;
	lib/code) LAYER=5 ;; # peer of storage and replay, not in libiolens
	lib) LAYER=6 ;; # the umbrella header: every library layer
	render) LAYER=7 ;;
	serve) LAYER=8 ;; # the server module, below the commands
	cli) LAYER=8 ;;   # the command line's machinery, below the commands
	cmd) LAYER=9 ;;
	fuzz) LAYER=10 ;;   # the fuzz harnesses
	t/unit) LAYER=11 ;; # may run the harnesses (fuzz-run.c)
	*) LAYER='?' ;;
	esac
}

# where an include names a directory (TD): "base/x.h" -> lib/base,
# "render/x.h" -> render.  Both set a variable: a $(...) a call was 8000
# subshells, 25 CPU s of this test.
target_dir() {
	case $1 in
	render/* | cmd/* | cli/* | fuzz/* | serve/*) TD=${1%%/*} ;;
	t/unit/*) TD=t/unit ;; # the unit tests' own header (tap.h)
	*/*) TD=lib/${1%%/*} ;;
	*) TD= ;;
	esac
}

files=$(ls lib/*.h lib/*/*.c lib/*/*.h render/*.c render/*.h cmd/*.c cmd/*.h t/unit/*.c \
	fuzz/*.c fuzz/*.h serve/*.c serve/*.h cli/*.c cli/*.h)
bad=
for f in $files; do
	d=${f%/*}
	layer_of "$d"
	l=$LAYER
	[ "$l" = '?' ] && { bad="$bad $f:unknown-layer"; continue; }
	for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
		target_dir "$inc"
		td=$TD
		if [ -z "$td" ]; then
			bad="$bad $f:$inc(no-layer-named)"
			continue
		fi
		[ -f "$td/${inc#*/}" ] || [ -f "$inc" ] ||
			{ bad="$bad $f:$inc(missing)"; continue; }
		layer_of "$td"
		tl=$LAYER
		if [ "$tl" = '?' ] || [ "$tl" -gt "$l" ]; then
			bad="$bad $f:$inc"
		elif [ "$tl" = "$l" ] && [ "$td" != "$d" ] && [ "$d" != lib ]; then
			bad="$bad $f:$inc(peer)"
		fi
	done
done
[ -n "$bad" ] && echo "$bad" | tr ' ' '\n' | sed '/^$/d; s/^/# /'
todo_is "${bad# }" "" "every include names its own or a lower layer" "$TODO_INCLUDES"

# object dependencies inside libiolens: an edge A -> B when A uses a symbol
# B defines; tsort reports a loop
# objects of sources that still exist (a stale object of a removed file
# is not part of the library)
objs=$(for o in lib/*/*.o; do
	case $o in lib/code/*) continue ;; esac # the module, not libiolens
	[ -f "${o%.o}.c" ] && echo "$o"
done 2>/dev/null)
if [ -z "$objs" ]; then
	ok 1 "libiolens objects are built (run make first)"
else
	# shellcheck disable=SC2086
	obj_loops $objs
	loop=$(sed -n 's/^tsort: \(lib\/.*\.o\)$/\1/p' "$TMP/loops" | sort | tr '\n' ' ')
	todo_is "${loop% }" "" "no cycle between libiolens objects" "$TODO_CYCLE"
	# nothing in the library calls into the renderers or the commands
	nm_defs $(ls render/*.o cmd/*.o serve/*.o cli/*.o 2>/dev/null) |
		cut -d' ' -f2 | sort -u > "$TMP/above"
	up=$(cut -d' ' -f1 "$TMP/uses" | sort -u | comm -12 - "$TMP/above" | tr '\n' ' ')
	is "${up% }" "" "libiolens uses no symbol of render/ or cmd/"
fi

# the command line's machinery (cli/) is below the commands: it is handed
# the command table (cli/complete.h) and calls no command, and nothing
# under it (the renderers, the server module) calls it
defs_of() {	# defs_of <objects...>: the symbols they define, sorted
	nm_defs $(for o in "$@"; do [ -f "$o" ] && echo "$o"; done) | cut -d' ' -f2 | sort -u
}
uses_of() {	# uses_of <objects...>: the symbols they use, sorted
	nm_uses $(for o in "$@"; do [ -f "$o" ] && echo "$o"; done) | cut -d' ' -f2 | sort -u
}
if ls cli/*.o > /dev/null 2>&1; then
	defs_of cmd/*.o > "$TMP/cmddefs"
	up=$(uses_of cli/*.o | comm -12 - "$TMP/cmddefs" | tr '\n' ' ')
	is "${up% }" "" "cli/ uses no symbol of cmd/"
	defs_of cli/*.o > "$TMP/clidefs"
	up=$(uses_of render/*.o serve/*.o lib/code/*.o | comm -12 - "$TMP/clidefs" | tr '\n' ' ')
	is "${up% }" "" "render/, serve/ and lib/code/ use no symbol of cli/"
else
	ok 1 "cli/ objects are built (run make first)"
	skip "no cli/ objects" 1
fi

if [ -f lib/libiolens.so ] && command -v readelf > /dev/null; then
	needed=$(readelf -d lib/libiolens.so | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' |
		grep -E 'cairo|pango|xlsx|fontconfig|glib' | tr '\n' ' ')
	is "${needed% }" "" "libiolens.so links no renderer library"
else
	skip=1
	ok 0 "libiolens.so links no renderer library # SKIP no readelf or no library"
fi

# libclang is the source extractor module's alone (lib/code, loaded by
# dlopen for `iolens blocks --source`)
if command -v readelf > /dev/null && [ -f lib/libiolens.so ] && [ -f bin/iolens ]; then
	needed=$( (readelf -d lib/libiolens.so; readelf -d bin/iolens) |
		sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | grep -E 'clang|LLVM' | tr '\n' ' ')
	is "${needed% }" "" "neither libiolens.so nor bin/iolens links libclang"
	if [ -f bin/iolens-code.so ]; then
		readelf -d bin/iolens-code.so | grep -q 'Shared library: \[libclang'
		ok $? "bin/iolens-code.so links libclang"
	else
		skip "bin/iolens-code.so is not built (no libclang-dev)"
	fi
else
	skip "no readelf or nothing built" 2
fi

# libpq is loaded by dlopen when a PostgreSQL store is opened
# (lib/population/pq.c): linked, it brought Kerberos, LDAP and GnuTLS into
# every command's start (30 libraries, 4.5 ms) and had to be installed
if command -v ldd > /dev/null && [ -f lib/libiolens.so ] && [ -f bin/iolens ]; then
	needed=$( (ldd lib/libiolens.so; ldd bin/iolens) | awk '{ print $1 }' |
		grep -E '^lib(pq|krb5|gssapi|ldap|gnutls|microhttpd)' | sort -u | tr '\n' ' ')
	is "${needed% }" "" "neither libiolens.so nor bin/iolens loads libpq or libmicrohttpd (or Kerberos, LDAP, GnuTLS) at start"
else
	skip "no ldd or nothing built" 1
fi

done_testing
