#!/bin/sh
# Everyday jobs on directory trees, traced (iolens trace, and strace -f
# where it runs), turned into scripts and replayed: replace a copy
# (rm -rf d2 && cp -r s2 d2), move it aside (mv d2 d2.old && cp -r s2 d2),
# and remove it after (&& rm -rf d2.old: its files were d2's before the
# job), move a part of a moved tree and read it, copy over it (cp -r s2/.
# d2), update it file by file as rsync does (a temporary name, then mv
# over), and rm -rf of a tree of nested directories (under a shell and
# alone).  For each: the replay stages the
# inputs as they were before the job (a tree the job removed, with its
# files, each directory before what it holds), makes every call as the
# original did (bytes and calls equal, none failed in one run only),
# stages no directory as a file, and leaves out the shell's look at
# $OLDPWD, a directory the job never used (a stat that follows links of
# a directory with nothing beneath; a walk's lstat, as ls -l's, stays).
# rsync itself is not installed here (.ci/deps): its way, a temporary
# name and a rename over the file, is made with cp and mv.  A tree
# unpacked aside and moved over the one removed (rm -rf d2, tar xf, mv)
# waits in the replay for the removal by the other process.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/sb"
tracers=iolens
if command -v strace > /dev/null && strace -f -o "$TMP/probe" true 2> /dev/null; then
	tracers="iolens strace"
fi

# setup DIR SHAPE: the tree before the job, in DIR/w
setup() {
	rm -rf "$1"
	mkdir -p "$1/w/s2/a" "$1/w/s2/b" "$1/old"
	echo hello > "$1/w/s2/a/f"
	echo world > "$1/w/s2/b/g"
	cp -r "$1/w/s2" "$1/w/d2"
	echo old > "$1/w/d2/a/f"
	mkdir -p "$1/w/d3/x/y/z" "$1/w/d3/v"
	echo 1 > "$1/w/d3/x/y/z/f"
	echo 22 > "$1/w/d3/x/f2"
	echo 333 > "$1/w/d3/v/f3"
	echo 4444 > "$1/w/d3/top"
	tar cf "$1/s2.tar" -C "$1/w" s2 2> /dev/null
}

# job SHAPE W: the command line of the job
job() {
	case $1 in
	replace) echo "bash -c 'rm -rf $2/d2 && cp -r $2/s2 $2/d2'" ;;
	aside) echo "bash -c 'mv $2/d2 $2/d2.old && cp -r $2/s2 $2/d2'" ;;
	over) echo "bash -c 'cp -r $2/s2/. $2/d2'" ;;
	rsync) echo "bash -c 'for f in a/f b/g; do t=$2/d2/\${f%/*}/.\${f#*/}.tmp; cp $2/s2/\$f \$t && mv \$t $2/d2/\$f; done'" ;;
	rmtree) echo "bash -c 'rm -rf $2/d3'" ;;
	rmalone) echo "rm -rf $2/d3" ;;
	swap) echo "bash -c 'mv $2/d2 $2/d2.old && cp -r $2/s2 $2/d2 && rm -rf $2/d2.old'" ;;
	nested) echo "bash -c 'mv $2/d2 $2/x && mv $2/x/a $2/y && cat $2/y/f $2/x/b/g > /dev/null && rm -rf $2/y'" ;;
	untar) echo "bash -c 'rm -rf $2/d2 && mkdir $2/n && tar xf $2/../s2.tar -C $2/n && mv $2/n/s2 $2/d2'" ;;
	esac
}

# sbname SCRIPT PATH: PATH's name in the sandbox (its rewrite)
sbname() {
	awk -v p="$2" '$1 == "rewrite" { o = $2; n = $3; gsub(/"/, "", o); gsub(/"/, "", n); if (o == p) print n }' "$1"
}

for tr in $tracers; do
	for shape in replace aside swap nested over rsync rmtree rmalone untar; do
		name="$shape ($tr)"
		if [ "$shape" = untar ] && ! command -v tar > /dev/null; then
			skip "tar is not installed" 9
			continue
		fi
		D=$TMP/$shape-$tr
		setup "$D" "$shape"
		W=$D/w
		# what was a directory before the job, and the tree it removes
		find "$D" -type d > "$D.dirs"
		(cd "$W" && find d2 d3 -print | sort) > "$D.before"
		cmd=$(job "$shape" "$W")
		if [ "$tr" = iolens ]; then
			(cd "$W" && OLDPWD=$D/old eval "\"\$RUN\" trace -o \"\$D.trace\" -- $cmd") > /dev/null 2>&1
		else
			(cd "$W" && OLDPWD=$D/old eval "strace -f -tt -T -o \"\$D.trace\" $cmd") > /dev/null 2>&1
		fi
		ok $? "$name: traced"
		$RUN replay-script -o "$D.script" "$D.trace" > "$D.rs" 2> "$TMP/err"
		ok $? "$name: replay-script"
		$RUN replay --allow-root --as-fast-as-possible --keep --dir "$TMP/sb" "$D.script" > "$D.rp" 2> "$TMP/err"
		is "$?:$(grep -v '^iolens replay: run directory kept' "$TMP/err")" "0:" "$name: replayed"
		is "$(grep '^bytes and calls: ' "$D.rp" | cut -d';' -f1-2)" \
			"bytes and calls: equal; 0 calls failed in one run only" \
			"$name: bytes and calls equal, no call failed that succeeded in the original"
		rd=$(sed -n "s/^iolens replay: run directory kept: //p" "$TMP/err")
		# no directory of before the job staged as a file
		bad=$(awk '$1 == "input" && $3 ~ /^[0-9]+$/ { n = $2; gsub(/"/, "", n); print n }' "$D.script" | while read -r n; do
			o=$(awk -v s="$n" '$1 == "rewrite" { o = $2; r = $3; gsub(/"/, "", o); gsub(/"/, "", r); if (r == s) print o }' "$D.script")
			for p in $o; do grep -qx "$p" "$D.dirs" && echo "$p"; done
		done)
		is "$bad" "" "$name: no directory staged as a file"
		is "$(grep -c "$D/old" "$D.script")" 0 "$name: the shell's stat of \$OLDPWD, a directory it never used, left out"
		# each input after the directory that holds it
		bad=$(awk 'FNR == NR { if ($1 == "input") { a = $2; gsub(/"/, "", a); all[a] = 1 } next }
			$1 == "input" { n = $2; gsub(/"/, "", n); p = n; sub(/\/[^\/]*$/, "", p); if (p != n && (p in all) && !(p in seen)) print n; seen[n] = 1 }' "$D.script" "$D.script")
		is "$bad" "" "$name: each input after the directory holding it"
		case $shape in
		aside)
			# moved whole by one rename: its contents named by no call
			grep -qx "input \"$(sbname "$D.script" "$W/d2")\" dir" "$D.script"
			ok $? "$name: the directory moved aside staged as a directory"
			;;
		replace | swap | untar | rmtree | rmalone)
			# the tree the job removed, staged whole: its
			# directories as directories, its files as files
			t=d2
			case $shape in rm*) t=d3 ;; esac
			bad=$(grep "^$t" "$D.before" | while read -r p; do
				s=$(sbname "$D.script" "$W/$p")
				if grep -qx "$W/$p" "$D.dirs"; then
					grep -qx "input \"$s\" dir" "$D.script" || echo "$p"
				else
					grep -q "^input \"$s\" [0-9]" "$D.script" || echo "$p"
				fi
			done)
			is "$bad" "" "$name: the tree the job removed staged whole ($(grep -c "^$t" "$D.before") paths)"
			;;
		esac
		# the replay's tree is the real one after the job
		bad=$(cd "$W" && find d2 d2.old d3 x -type f 2> /dev/null | while read -r p; do
			s=$(sbname "$D.script" "$W/$p")
			[ -n "$s" ] || continue
			[ "$(stat -c %s "$rd/$s" 2>&1)" = "$(stat -c %s "$p")" ] || echo "$p"
		done)
		is "$bad" "" "$name: each file the job left has its size in the replay's run directory"
		if [ "$shape" = rmtree ] || [ "$shape" = rmalone ]; then
			s=$(sbname "$D.script" "$W/d3")
			[ -n "$s" ] && [ ! -e "$rd/$s" ]
			ok $? "$name: the removed tree is gone from the run directory ('$s')"
		fi
		rm -rf "$rd"
	done
done

# ---- a stat's type as strace shows it, its other forms too ----
# (strace -v: st_mode after other members; statx: stx_mode; a name that
# holds "st_mode=S_IFDIR|" is no directory)
printf '%s\n' \
	'100 10:00:00.000000 newfstatat(AT_FDCWD, "/j/old", {st_dev=makedev(0x8, 0x1), st_ino=2, st_mode=S_IFDIR|0755, st_nlink=2, st_size=4096, ...}, 0) = 0 <0.000002>' \
	'100 10:00:00.000010 statx(AT_FDCWD, "/j/o2", AT_STATX_SYNC_AS_STAT, STATX_ALL, {stx_mask=STATX_ALL, stx_attributes=0, stx_mode=S_IFDIR|0755, stx_size=4096, ...}) = 0 <0.000002>' \
	'100 10:00:00.000020 newfstatat(AT_FDCWD, "/j/w/out", {st_mode=S_IFDIR|0755, st_size=4096, ...}, 0) = 0 <0.000002>' \
	'100 10:00:00.000030 openat(AT_FDCWD, "/j/w/out/x", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3 <0.000010>' \
	'100 10:00:00.000040 write(3, "abc", 3) = 3 <0.000005>' \
	'100 10:00:00.000050 close(3) = 0 <0.000002>' \
	'100 10:00:00.000060 newfstatat(AT_FDCWD, "/j/w/in", {st_mode=S_IFREG|0644, st_size=0, ...}, 0) = 0 <0.000002>' \
	'100 10:00:00.000070 newfstatat(AT_FDCWD, "/j/w/st_mode=S_IFDIR|", {st_mode=S_IFREG|0644, st_size=0, ...}, 0) = 0 <0.000002>' \
	'100 10:00:00.000080 statx(AT_FDCWD, "/j/w/d/sub", AT_SYMLINK_NOFOLLOW|AT_NO_AUTOMOUNT, STATX_ALL, {stx_mask=STATX_ALL, stx_attributes=0, stx_mode=S_IFDIR|0755, stx_size=4096, ...}) = 0 <0.000002>' \
	> "$TMP/st.trace"
$RUN replay-script -o "$TMP/st.script" "$TMP/st.trace" > /dev/null 2>&1
is "$?:$(grep -E '^(input|stat|lstat|dropped) ' "$TMP/st.script")" '0:dropped 2
input "d/sub" dir
input "in" 0
input "out" dir
input "st_mode=S_IFDIR|" 0
stat "out" = 0 0.000002
stat "in" = 0 0.000002
stat "st_mode=S_IFDIR|" = 0 0.000002
lstat "d/sub" = 0 0.000002' \
	"directories only stat'ed, nothing beneath (strace -v's st_mode, statx's stx_mode): stats dropped, no inputs; one with a file made in it, one a walk lstat'ed (ls -l): directories"

done_testing
