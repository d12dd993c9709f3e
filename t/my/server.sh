# t/my/server.sh: a private MariaDB (or MySQL) server for the tests of
# LMT on its server (fsload mysql://...), in a directory of the caller's,
# reached by its Unix socket only (--skip-networking), as the current
# user (root: --user=root, which mariadbd otherwise refuses).  Its root
# account gets a password, exported as MYSQL_PWD.
#   my_start DIR    start it in DIR (made here); 0, or 1 with the reason
#                   in MY_WHY
#   my_stop         stop it (SIGKILL: a server thrown away, written
#                   without flushing its log at each commit; call it
#                   from a trap)
#   my_q [DB]       run the SQL on stdin with the client
# Sets MYD, MYSOCK.
my_find() {
	MYSERVER=$(command -v mariadbd || command -v mysqld ||
		ls /usr/sbin/mariadbd /usr/sbin/mysqld 2>/dev/null | head -1)
	MYINSTALL=$(command -v mariadb-install-db || command -v mysql_install_db)
	MYCLIENT=$(command -v mariadb || command -v mysql)
	if [ -z "$MYSERVER" ] || [ -z "$MYINSTALL" ] || [ -z "$MYCLIENT" ]; then
		MY_WHY="no MariaDB server here (mariadbd, mariadb-install-db, mariadb: Debian mariadb-server)"
		return 1
	fi
	return 0
}

my_start() {
	my_find || return 1
	MYD=$1
	MYSOCK=$MYD/s.sock
	mkdir "$MYD" || { MY_WHY="cannot make $MYD"; return 1; }
	if ! "$MYINSTALL" --no-defaults --datadir="$MYD/data" --user="$(id -un)" \
		--auth-root-authentication-method=normal --skip-test-db \
		>"$MYD/install.log" 2>&1; then
		MY_WHY="mariadb-install-db failed: $(tail -1 "$MYD/install.log")"
		return 1
	fi
	"$MYSERVER" --no-defaults --datadir="$MYD/data" --socket="$MYSOCK" \
		--skip-networking --user="$(id -un)" --pid-file="$MYD/pid" \
		--log-error="$MYD/err.log" --innodb-buffer-pool-size=16M \
		--skip-log-bin --innodb-flush-log-at-trx-commit=0 \
		--innodb-doublewrite=0 >/dev/null 2>&1 &
	MYPID=$!
	# up when the client gets in (a bound, not a timing: 600 x 0.1 s)
	_i=0
	until "$MYCLIENT" --no-defaults -S "$MYSOCK" -u root -e 'SELECT 1' \
		>/dev/null 2>&1; do
		_i=$((_i + 1))
		if [ $_i -gt 600 ] || ! kill -0 "$MYPID" 2>/dev/null; then
			MY_WHY="the server did not start: $(tail -1 "$MYD/err.log" 2>/dev/null)"
			return 1
		fi
		sleep 0.1
	done
	MYSQL_PWD=iolens-t-$$
	"$MYCLIENT" --no-defaults -S "$MYSOCK" -u root \
		-e "ALTER USER root@localhost IDENTIFIED BY '$MYSQL_PWD'" || {
		MY_WHY="cannot set the password"
		return 1
	}
	export MYSQL_PWD
	return 0
}

my_stop() {
	if [ -n "${MYPID:-}" ]; then
		kill -9 "$MYPID" 2>/dev/null
		wait "$MYPID" 2>/dev/null
	fi
	return 0
}

my_q() { "$MYCLIENT" --no-defaults -S "$MYSOCK" -u root ${1:+"$1"}; }
