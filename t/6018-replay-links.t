#!/bin/sh
# Links judged as the kernel follows them: a '..' of a link's target
# that comes after a name the script makes a link goes up from where
# that link leads, not from where its text says ("s" -> "." and
# "b" -> "s/..": b is the run directory's parent, though each target
# alone stays inside).  replay refuses such a script at the line of the
# link; replay-script points such a link nowhere, and its replay leaves
# no link leading out of the run directory.
. "$(dirname "$0")/lib.sh"

mkdir "$TMP/sb"
H='iolens-replay-script 1'

# refused <name> <line> <via> <description>
refused() {
	$RUN replay --allow-root --dir "$TMP/sb" "$TMP/$1.script" > /dev/null 2> "$TMP/$1.err"
	is $? 1 "$4: refused"
	grep -q "^iolens replay: '$TMP/$1.script': line $2: link target '.*' has a '\.\.' after '$3', a name the script makes a link: it may lead outside the sandbox\$" "$TMP/$1.err"
	ok $? "... at line $2, naming the link '$3' the '..' follows"
	is "$(ls -A "$TMP/sb")" "" "... before anything is staged"
}

printf '%s\ninput "s" link "."\ninput "b" link "s/.."\nrank 0 pid 1\nstat "b" = 0 0.00001\n' \
	"$H" > "$TMP/inputs.script"
refused inputs 3 s "an input link whose '..' follows another input link"

printf '%s\nrank 0 pid 1\nmkdir "d" 0755 = 0 0.00001\nsymlink "d/b" "../s/../x" = 0 0.00001\nsymlink "s" "d" = 0 0.00001\n' \
	"$H" > "$TMP/later.script"
refused later 4 s "a symlink whose '..' follows a link the script makes later"

printf '%s\ninput "s" link "."\nrank 0 pid 1\nmkdir "x" 0755 = 0 0.00001\nsymlink "s/x/b" "../.." = 0 0.00001\n' \
	"$H" > "$TMP/dir.script"
refused dir 5 s "a link made beneath a link, its '..' counted from the link's text"

printf '%s\nrank 0 pid 1\nsymlink "m" "." = 0 0.00001\nrename "m" "n" = 0 0.00001\nsymlink "n/b" "../f" = 0 0.00001\n' \
	"$H" > "$TMP/renamed.script"
refused renamed 5 n "a link beneath the new name of a link renamed"

printf '%s\nrank 0 pid 1\nmkdir "m" 0755 = 0 0.00001\nsymlink "m/s" "." = 0 0.00001\nrename "m" "n" = 0 0.00001\nrename "n" "o" = 0 0.00001\nsymlink "b" "o/s/../.." = 0 0.00001\n' \
	"$H" > "$TMP/holds.script"
refused holds 7 o "a link through a directory that holds a link, renamed twice"

# links whose '..' follow directories only stay as they were (a
# directory renamed among them)
printf '%s\ninput "f" 3\ninput "e" link "d/../f"\nrank 0 pid 1\nmkdir "d" 0755 = 0 0.00001\nsymlink "d/l" "../f" = 0 0.00001\nsymlink "d/k" "../d/../f" = 0 0.00001\nmkdir "m" 0755 = 0 0.00001\nrename "m" "n" = 0 0.00001\nsymlink "n/b" "../f" = 0 0.00001\n' \
	"$H" > "$TMP/fine.script"
$RUN replay --allow-root --as-fast-as-possible --dir "$TMP/sb" "$TMP/fine.script" > /dev/null 2> "$TMP/fine.err"
is $? 0 "links whose '..' follow directories only are taken and replayed"

L='7 10:00:00.000'
cat > "$TMP/l.trace" <<EOF
${L}100 openat(AT_FDCWD, "/w/f", O_WRONLY|O_CREAT, 0644) = 3 <0.000010>
${L}200 write(3, "abc", 3) = 3 <0.000010>
${L}300 close(3) = 0 <0.000010>
${L}400 symlink(".", "/w/s") = 0 <0.000010>
${L}500 symlink("s/..", "/w/b") = 0 <0.000010>
${L}600 mkdir("/w/d", 0755) = 0 <0.000010>
${L}700 symlink("../f", "/w/d/l") = 0 <0.000010>
EOF
$RUN replay-script -o "$TMP/l.sc" "$TMP/l.trace" > /dev/null 2>&1
is $? 0 "replay-script writes the script of a trace that made such a link"
grep -q '^symlink "b" ".iolens-outside-the-sandbox" = 0' "$TMP/l.sc"
ok $? "... the link pointed nowhere, as one leading out is"
grep -q '^symlink "d/l" "../f" = 0' "$TMP/l.sc"
ok $? "... a link whose '..' follows a directory kept as it was"
$RUN replay --allow-root --as-fast-as-possible --keep --dir "$TMP/sb" "$TMP/l.sc" > /dev/null 2> "$TMP/l.err"
is $? 0 "... replay takes the script"
RD=$(sed -n 's/^iolens replay: run directory kept: //p' "$TMP/l.err")
RD=$(cd "$RD" && pwd -P)
out=
for l in $(cd "$RD" && find . -type l); do
	case $(readlink -f "$RD/$l") in
	"$RD"/* | "$RD") ;;
	*) out="$out $l" ;;
	esac
done
is "$out" "" "... and no link in its run directory leads out of it"

done_testing
