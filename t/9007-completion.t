#!/bin/sh
# Shell completion made from the commands' option tables: `iolens help
# --complete` lists each command's options from the tables its parse
# uses (cli/complete.c), etc/completions.pl makes bash's and zsh's from
# the list.  Every listed option completes in bash and is handed to
# zsh's _arguments, with its value's words; every listed option is one
# the command takes; a change of the list changes both scripts.
. "$(dirname "$0")/lib.sh"
L=$TMP/list B=$TMP/iolens.bash Z=$TMP/_iolens

$IOLENS help --complete >"$L"
ok $? "help --complete lists the options"
n=$(grep -c '	' "$L")
ok $(test "$n" -ge 300; echo $?) "$n options of $(grep -vc '	' "$L") commands"
perl "$TOP/etc/completions.pl" "$IOLENS" "$TOP/man" "$B" "$Z"
ok $? "etc/completions.pl makes the scripts from the list"
if [ "$IOLENS" = "$TOP/bin/iolens" ] && [ -f "$TOP/bin/iolens.bash" ]; then
	cmp -s "$B" "$TOP/bin/iolens.bash" && cmp -s "$Z" "$TOP/bin/_iolens"
	ok $? "the built scripts are the binary's tables'"
fi

# every option completes, its words after it, a file or nothing
mkdir "$TMP/cwd" && : >"$TMP/cwd/zzfile"
bad=$(cd "$TMP/cwd" && bash -c '. "$1"
	comp() { COMP_CWORD=$1; shift; COMP_WORDS=("$@"); COMPREPLY=()
		_iolens; echo "${COMPREPLY[*]}"; }
	while IFS="	" read -r c o a w ws; do
		[ -n "$o" ] || continue
		case " $(comp 2 iolens "$c" "$o") " in
		*" $o "*) ;; *) echo "$c $o: not completed" ;; esac
		[ "$a" = = ] || continue
		case $w in words) want=$ws ;; file) want=zzfile ;; *) want= ;; esac
		got=$(comp 3 iolens "$c" "$o" "${want:+${want%% *}}")
		[ "$w" = words ] && got=$(comp 3 iolens "$c" "$o" "")
		[ "$got" = "$want" ] || echo "$c $o: value $got, not $want"
	done <"$2"' sh "$B" "$L")
is "$bad" "" "bash: every option of the list completes, and its value"
is "$(bash -c '. "$1"; COMP_CWORD=1; COMP_WORDS=(iolens su); _iolens
	echo "${COMPREPLY[*]}"' sh "$B")" "summary" "bash: a command by its start"
is "$(bash -c '. "$1"; COMP_CWORD=3; COMP_WORDS=(iolens summary --format =)
	_iolens; echo "${COMPREPLY[*]}"' sh "$B")" "text csv tsv json" \
	"bash: --format='s values"
is "$(bash -c '. "$1"; COMP_CWORD=2; COMP_WORDS=(iolens help tri); _iolens
	echo "${COMPREPLY[*]}"' sh "$B")" "triage" "bash: help's command"

# zsh: _arguments gets a spec for every option, its words in it
specs() {	# specs <script>: "cmd spec" for every command
	zsh -fc '_describe() { :; }; _arguments() { print -l -- "$@"; }
		words=(iolens); CURRENT=2; . "$1"
		for c in $(sed -n "s/^	\([a-z-]*\)) _arguments.*/\1/p" "$1"); do
			words=(iolens $c ""); CURRENT=3
			_iolens | sed "s/^/$c /"
		done' zsh "$1"
}
if command -v zsh >/dev/null 2>&1; then
	zsh -n "$Z"
	ok $? "zsh: the file parses"
	specs "$Z" >"$TMP/specs"
	bad=$(while IFS='	' read -r c o a w ws; do
		[ -n "$o" ] || continue
		s=$(grep -E -- "^$c $o([=+:]|$)" "$TMP/specs" | head -1)
		[ -n "$s" ] || echo "$c $o: no spec"
		[ "$w" != words ] || case $s in *"($ws)") ;;
			*) echo "$c $o: $s without ($ws)" ;; esac
	done <"$L")
	is "$bad" "" "zsh: every option of the list is in _arguments"
	mkdir "$TMP/zf" && cp "$Z" "$TMP/zf/"
	out=$(HOME=$TMP zsh -fc 'fpath=("$1" $fpath); autoload -Uz compinit;
		compinit -u -d "$2/zcd"; print -r -- ${_comps[iolens]}' zsh "$TMP/zf" "$TMP")
	is "$out" "_iolens" "zsh: compinit registers _iolens for iolens"
	out=$(zsh -fc '_describe() { print -l -- ${(P)2} }; _arguments() { :; }
		words=(iolens su); CURRENT=2; . "$1"' zsh "$Z" | grep -c '^summary:the I/O')
	is "$out" 1 "zsh: the commands are described by their man pages"
else
	skip "zsh is not installed" 4
fi

# a change of the tables' list is a change of the completion
grep -v '^summary	--wide	' "$L" >"$TMP/l2"
printf 'summary\t--zz-new\t=\twords\tred green\n' >>"$TMP/l2"
perl "$TOP/etc/completions.pl" - "$TOP/man" "$TMP/c.bash" "$TMP/_c" <"$TMP/l2"
is "$(bash -c '. "$1"; COMP_CWORD=2; COMP_WORDS=(iolens summary --zz); _iolens
	echo "${COMPREPLY[*]}"; COMP_CWORD=3; COMP_WORDS=(iolens summary --zz-new "")
	_iolens; echo "${COMPREPLY[*]}"; COMP_CWORD=2; COMP_WORDS=(iolens summary --wi)
	_iolens; echo "[${COMPREPLY[*]}]"' sh "$TMP/c.bash")" "--zz-new
red green
[]" "bash: an option added to the list completes, one removed does not"
if command -v zsh >/dev/null 2>&1; then
	specs "$TMP/_c" | grep -c "^summary --zz-new=:zz-new:(red green)$\|^summary --wide$" |
		grep -qx 1
	ok $? "zsh: the same"
else
	skip "zsh is not installed" 1
fi

# every option listed is one its command takes: not an unknown option
# (a value "x" given, then an unknown option ends the parse unrun; a
# mode's options with the mode, cli/complete.c)
bad=$(cd "$TMP/cwd" && while IFS='	' read -r c o a w ws; do
	[ -n "$o" ] || continue
	case $a:$o in -:*) arg=$o ;; *:--*) arg="$o=x" ;; *) arg="${o}x" ;; esac
	for m in "" --calibrate --db; do
		[ -z "$m" ] || [ "$c $m" = "blocks --calibrate" ] ||
			[ "$c $m" = "triage --db" ] || continue
		e=$($IOLENS "$c" $m "$arg" --zz-unknown-zz 2>&1 >/dev/null </dev/null)
		case $e in *"unknown option '$o'"* | *"unknown option '$o="*) ;;
		*) continue 2 ;; esac
	done
	echo "$c $o: unknown"
done <"$L")
is "$bad" "" "every option listed is its command's"

# and every option a command's --help names is listed (blocks --source's
# too, its table run as a mode of blocks)
bad=$(for c in $(grep -v '	' "$L"); do
	$IOLENS "$c" --help | perl -ne '$u = 1, next if !$u && /^$/;
		next unless $u && /^\s+(-\S.*?)(?:\s{2,}|\t|$)/;
		/^(-[-\w]+)/ and print "$1\n" for split /,\s*/, $1' |
		sort -u | while read -r o; do
		grep -q "^$c	$o	" "$L" || echo "$c $o"
	done
done)
is "$bad" "" "every option of every command's --help is listed"

# the site's configuration is no part of the tables: a bad file, a file
# IOLENS_CONFIG names that is not there, or a bad IOLENS_* value, kept
# config (which reads it before its options) from stating them, and the
# build's scripts from being made
mkdir -p "$TMP/badxdg/iolens" && echo 'bogus line' >"$TMP/badxdg/iolens/config"
for how in "XDG_CONFIG_HOME=$TMP/badxdg" "IOLENS_CONFIG=$TMP/nosuch" "IOLENS_PROCS_PER_NODE=abc"; do
	env "$how" "$IOLENS" help --complete >"$TMP/l2" 2>"$TMP/err"
	is "$? $(cat "$TMP/err")" "0 " "help --complete with $how: no message, exit 0"
	cmp -s "$L" "$TMP/l2"
	ok $? "with $how: the same list"
done
done_testing
