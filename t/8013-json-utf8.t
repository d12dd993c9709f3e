#!/bin/sh
# JSON is UTF-8 (RFC 8259); a path is any bytes.  A byte of a path that
# starts no well-formed UTF-8 sequence is written as U+FFFD, so that a
# strict reader takes the document: raw, it refused the whole of it
# (Perl's decode_json: "malformed UTF-8 character").  Well-formed
# characters stay as they are.
. "$(dirname "$0")/lib.sh"

# bad\xff, an overlong "/" (\xc0\xaf), a 3-byte sequence cut short
# (\xe2\x82), a surrogate (\xed\xa0\x80), and a well-formed 2-byte
# and 4-byte one (\xc3\xa9, \xf0\x9f\x98\x80)
printf '%s\n' '100 10:00:00.000000 openat(AT_FDCWD, "bad\xff\xc0\xafn\xe2\x82\xc3\xa9\xed\xa0\x80\xf0\x9f\x98\x80", O_RDWR|O_CREAT, 0644) = 3 <0.000010>' \
	'100 10:00:00.000100 write(3, "ab", 2) = 2 <0.000005>' \
	'100 10:00:00.000200 close(3) = 0 <0.000001>' > "$TMP/u8.trace"

# paths FILE: the decoded paths of a JSON document, as \x escapes
paths() {
	perl -MJSON::PP -e 'local $/; my $d = decode_json(<STDIN>);
		my @r = ref $d eq "ARRAY" ? @$d : @{$d->{files}};
		for (@r) { my $p = $_->{path}; utf8::encode($p); $p =~ s/([^ -~])/sprintf("\\x%02x", ord $1)/ge; print "$p\n" }' < "$1" 2>&1
}

F='\xef\xbf\xbd'
want="bad$F$F${F}n$F$F\\xc3\\xa9$F$F$F\\xf0\\x9f\\x98\\x80"
$RUN files --format json "$TMP/u8.trace" > "$TMP/files.json" 2> "$TMP/err"
is "$(paths "$TMP/files.json")" "$want" "files --format json: the bytes no UTF-8 sequence starts are U+FFFD, the rest kept"
$RUN replay-script --overhead 0 -o "$TMP/u8.script" "$TMP/u8.trace" > /dev/null 2>&1
$RUN replay --allow-root --format json --dir "$TMP/sb" "$TMP/u8.script" > "$TMP/replay.json" 2> "$TMP/err"
is "$(paths "$TMP/replay.json")" "$want" "replay --format json: the same"

done_testing
