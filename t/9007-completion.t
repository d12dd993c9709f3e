#!/bin/sh
# Shell completion made from the commands' --help (etc/completions.pl):
# bash's completes commands, options and --format's values; zsh's loads
# through compinit and hands each command's options to _arguments.
. "$(dirname "$0")/lib.sh"
B=$TOP/bin/iolens.bash
Z=$TOP/bin/_iolens
[ -f "$B" ] && [ -f "$Z" ] || skip_all "bin/iolens.bash and bin/_iolens are not built"

comp() {	# comp <cword> <words...>: bash's completions, one line
	bash -c '. "$1"; shift; COMP_CWORD=$1; shift; COMP_WORDS=("$@");
		_iolens; echo "${COMPREPLY[*]}"' sh "$B" "$@"
}
is "$(comp 1 iolens su)" "summary" "bash: a command by its start"
is "$(comp 1 iolens var)" "variance" "bash: another"
is "$(comp 2 iolens summary --fo)" "--format" "bash: an option of the command"
is "$(comp 3 iolens summary --format '')" "text csv tsv json" "bash: --format's values"
is "$(comp 2 iolens variance --wi)" "--wide" "bash: a population command's --wide"
is "$(comp 2 iolens help tri)" "triage" "bash: help's command"
n=$(grep -c '^	[a-z-]*:-' "$B")
ok $(test "$n" -ge 100; echo $?) "bash: options with values of every command ($n)"
n=$(sed -n '/^_iolens/,/^}/p' "$B" | sed -n 's/^	\([a-z-]*\)) opts="\(.*\)" ;;$/\2/p' | wc -w)
ok $(test "$n" -ge 150; echo $?) "bash: $n options in all"

if command -v zsh >/dev/null 2>&1; then
	zsh -n "$Z"
	ok $? "zsh: the file parses"
	mkdir "$TMP/zf" && cp "$Z" "$TMP/zf/"
	out=$(HOME=$TMP zsh -fc 'fpath=("$1" $fpath); autoload -Uz compinit;
		compinit -u -d "$2/zcd"; print -r -- ${_comps[iolens]}' zsh "$TMP/zf" "$TMP")
	is "$out" "_iolens" "zsh: compinit registers _iolens for iolens"
	out=$(zsh -fc '_describe() { print -l -- ${(P)2} }; _arguments() { print -l -- "$@" }
		words=(iolens su); CURRENT=2; . "$1"' zsh "$Z" | grep -c '^summary:')
	is "$out" 1 "zsh: the commands are described"
	out=$(zsh -fc '_describe() { :; }; _arguments() { print -l -- "$@" }
		words=(iolens summary ""); CURRENT=3; . "$1"' zsh "$Z")
	echo "$out" | grep -q "^--format\[.*\]:fmt:(text csv tsv json)$"
	ok $? "zsh: summary's --format with its values"
else
	skip "zsh is not installed" 4
fi
done_testing
