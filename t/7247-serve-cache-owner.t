#!/bin/sh
# The pages kept on disk are served as they are read (their checksum is
# no secret): a --cache directory others can write, or a symbolic link
# to one, could hold pages forged for the server to hand out.  serve
# refuses such a directory at start with one line and exit 1 (it used
# one writable by all); one only its user can write is used, and
# --cache '' keeps none.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

serve_store 1
try() {	# try DIR: "started", or the exit status and the message
	rm -f "$TMP/t.port"
	$IOLENS serve --db "$DB" --listen 127.0.0.1:0 --port-file "$TMP/t.port" \
		--cache "$1" 2>"$TMP/t.err" &
	_p=$!
	while [ ! -s "$TMP/t.port" ] && kill -0 "$_p" 2>/dev/null; do
		sleep 0.1
	done
	if [ -s "$TMP/t.port" ]; then
		kill "$_p"
		wait "$_p" 2>/dev/null
		echo started
	else
		wait "$_p"
		echo "$? $(wc -l <"$TMP/t.err")"
	fi
}

mkdir "$TMP/open" && chmod 0777 "$TMP/open"
is "$(try "$TMP/open")" "1 1" "a directory all can write: refused, exit 1, one line"
grep -q "^iolens serve: cannot use cache '.*/open': not a directory only you can write (owner [0-9]*, mode 0777)" "$TMP/t.err"
ok $? "... saying why"
mkdir "$TMP/group" && chmod 0770 "$TMP/group"
is "$(try "$TMP/group")" "1 1" "a directory its group can write: refused"
mkdir "$TMP/mine" && chmod 0700 "$TMP/mine"
ln -s "$TMP/mine" "$TMP/link"
is "$(try "$TMP/link")" "1 1" "a symbolic link to a directory: refused (what it leads to can change)"
is "$(try "$TMP/mine")" "started" "a directory only its user can write: used"
is "$(try '')" "started" "--cache '': none kept, nothing to refuse"
done_testing
