/*
 * An LMT database on its MySQL/MariaDB server, read through the client
 * library (MariaDB Connector/C, libmariadb.so.3, which also speaks to
 * MySQL servers) loaded with dlopen on the first mysql:// recording, as
 * libpq is for a PostgreSQL store (population/pq.h says why): no other
 * command loads it, and the build needs no header: the few calls are
 * declared here as the library's stable ABI has them.
 *
 * The URL: mysql://user@host[:port]/db, or mariadb://; its query may
 * name socket=PATH (a unix socket, host then "localhost") and
 * password-file=PATH (the password on the file's first line).  A
 * password is never taken from the URL: a command line shows in ps and
 * in shells' histories; without password-file it comes from MYSQL_PWD,
 * else from the [client] group of the option files (~/.my.cnf) as the
 * mysql client reads them.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "storage/lmtdb.h"
#include "base/banned.h"

#define MY_SONAME "libmariadb.so.3"

/* enum mysql_option of mysql.h */
enum { MY_OPT_CONNECT_TIMEOUT = 0, MY_READ_DEFAULT_GROUP = 5 };

typedef struct st_mysql MYSQL;
typedef struct st_mysql_res MYSQL_RES;

struct myfns {
	MYSQL *(*init)(MYSQL *);
	int (*options)(MYSQL *, int, const void *);
	MYSQL *(*connect)(MYSQL *, const char *, const char *, const char *,
			  const char *, unsigned, const char *, unsigned long);
	const char *(*error)(MYSQL *);
	unsigned (*errnum)(MYSQL *);
	int (*query)(MYSQL *, const char *, unsigned long);
	MYSQL_RES *(*use_result)(MYSQL *);
	char **(*fetch_row)(MYSQL_RES *);
	void (*free_result)(MYSQL_RES *);
	void (*close)(MYSQL *);
};
static struct myfns my;
static char my_fail[256];
static pthread_once_t my_once = PTHREAD_ONCE_INIT;

static const struct {
	size_t off;
	const char *name;
} my_syms[] = {
#define S(m, n)                              \
	{                                    \
		offsetof(struct myfns, m), n \
	}
	S(init, "mysql_init"),
	S(options, "mysql_options"),
	S(connect, "mysql_real_connect"),
	S(error, "mysql_error"),
	S(errnum, "mysql_errno"),
	S(query, "mysql_real_query"),
	S(use_result, "mysql_use_result"),
	S(fetch_row, "mysql_fetch_row"),
	S(free_result, "mysql_free_result"),
	S(close, "mysql_close"),
#undef S
};

static void my_load(void)
{
	void *h = dlopen(MY_SONAME, RTLD_NOW | RTLD_LOCAL);
	size_t i;

	if (!h) {
		snprintf(my_fail, sizeof(my_fail), "%s", dlerror());
		return;
	}
	for (i = 0; i < sizeof(my_syms) / sizeof(*my_syms); i++) {
		void *f = dlsym(h, my_syms[i].name);

		if (!f) {
			snprintf(my_fail, sizeof(my_fail), "%s has no %s",
				 MY_SONAME, my_syms[i].name);
			return;
		}
		/* POSIX: dlsym's address fits a function pointer */
		memcpy((char *)&my + my_syms[i].off, &f, sizeof(f));
	}
}

/* ---- the URL ---- */

struct myurl {
	char user[128], host[256], db[128], socket[512], pwfile[512];
	unsigned port;
};

/* s[0, n) %XX-decoded into out; -1 when it does not fit or is bad */
static int decode(const char *s, size_t n, char *out, size_t cap)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (c == '%') {
			if (i + 2 >= n || iol_hexval(s[i + 1]) < 0 ||
			    iol_hexval(s[i + 2]) < 0)
				return -1;
			c = iol_hexval(s[i + 1]) * 16 + iol_hexval(s[i + 2]);
			i += 2;
		}
		if (k + 1 >= cap || c == 0)
			return -1;
		out[k++] = (char)c;
	}
	out[k] = 0;
	return 0;
}

static int url_query(struct myurl *u, const char *q, struct iol_error *err)
{
	while (*q) {
		size_t n = strcspn(q, "&");
		const char *eq = memchr(q, '=', n);
		int r = -1;

		if (eq && eq - q == 6 && !strncmp(q, "socket", 6))
			r = decode(eq + 1, n - 7, u->socket, sizeof(u->socket));
		else if (eq && eq - q == 13 && !strncmp(q, "password-file", 13))
			r = decode(eq + 1, n - 14, u->pwfile,
				   sizeof(u->pwfile));
		else if (eq && eq - q == 8 && !strncmp(q, "password", 8))
			return iol_error_set(
				err, IOL_EINVAL,
				"a password in the URL would show in ps: "
				"give it in MYSQL_PWD or password-file=");
		else
			return iol_error_set(err, IOL_EINVAL,
					     "unknown URL parameter '%.*s' "
					     "(socket, password-file)",
					     (int)(eq ? eq - q : (long)n), q);
		if (r < 0)
			return iol_error_set(err, IOL_EINVAL,
					     "bad URL parameter '%.*s'", (int)n,
					     q);
		q += n + (q[n] == '&');
	}
	return 0;
}

/* mysql://user@host[:port]/db[?socket=PATH&password-file=PATH] */
static int url_parse(const char *url, struct myurl *u, struct iol_error *err)
{
	const char *p = strstr(url, "://") + 3, *at, *slash, *q, *colon;

	memset(u, 0, sizeof(*u));
	slash = p + strcspn(p, "/?");
	at = memchr(p, '@', (size_t)(slash - p));
	if (at) {
		if (memchr(p, ':', (size_t)(at - p)))
			return iol_error_set(
				err, IOL_EINVAL,
				"a password in the URL would show in ps: "
				"give it in MYSQL_PWD or password-file=");
		if (decode(p, (size_t)(at - p), u->user, sizeof(u->user)) < 0)
			return iol_error_set(err, IOL_EINVAL, "bad user name");
		p = at + 1;
	}
	colon = memchr(p, ':', (size_t)(slash - p));
	if (decode(p, (size_t)((colon ? colon : slash) - p), u->host,
		   sizeof(u->host)) < 0)
		return iol_error_set(err, IOL_EINVAL, "bad host");
	if (colon) {
		char *end;
		unsigned long port = strtoul(colon + 1, &end, 10);

		if (end != slash || !port || port > 65535)
			return iol_error_set(err, IOL_EINVAL, "bad port");
		u->port = (unsigned)port;
	}
	if (*slash != '/' || slash[1] == '?' || !slash[1])
		return iol_error_set(err, IOL_EINVAL,
				     "no database: mysql://user@host/db");
	q = slash + 1 + strcspn(slash + 1, "?");
	if (decode(slash + 1, (size_t)(q - slash - 1), u->db, sizeof(u->db)) <
	    0)
		return iol_error_set(err, IOL_EINVAL, "bad database name");
	return *q ? url_query(u, q + 1, err) : 0;
}

/* the first line of the password file, without its newline */
static int read_pwfile(const char *path, char *pw, size_t cap,
		       struct iol_error *err)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f) {
		int e = errno;

		iol_error_set(err, IOL_EIO, "password file '%s': %s", path,
			      strerror(e));
		if (err)
			err->sys = e;
		return IOL_EIO;
	}
	if (!fgets(pw, (int)cap, f))
		pw[0] = 0;
	fclose(f);
	n = strcspn(pw, "\r\n");
	pw[n] = 0;
	return 0;
}

/* ---- the row source ---- */

struct myconn {
	MYSQL *c;
	MYSQL_RES *res;
	char **row;
};

static int my_query(void *h, const char *sql, struct iol_error *err)
{
	struct myconn *s = h;
	unsigned e;

	if (my.query(s->c, sql, (unsigned long)strlen(sql)) == 0 &&
	    (s->res = my.use_result(s->c)))
		return 0;
	e = my.errnum(s->c);
	/* 1146: no such table, 1054: no such column */
	return iol_error_set(err,
			     e == 1146 || e == 1054 ? IOL_ECORRUPT : IOL_EIO,
			     "%s", my.error(s->c));
}

static int my_next(void *h, struct iol_error *err)
{
	struct myconn *s = h;

	if ((s->row = my.fetch_row(s->res)))
		return 1;
	if (my.errnum(s->c))
		return iol_error_set(err, IOL_EIO, "LMT database: %s",
				     my.error(s->c));
	return 0;
}

static const char *my_col(void *h, int i)
{
	struct myconn *s = h;

	return s->row[i];
}

static void my_end(void *h)
{
	struct myconn *s = h;

	if (s->res)
		my.free_result(s->res);
	s->res = NULL;
	s->row = NULL;
}

static int my_connect(struct myconn *s, const struct myurl *u,
		      struct iol_error *err)
{
	char pw[256];
	const char *pass = NULL;
	unsigned timeout = 30;
	int r;

	if (u->pwfile[0]) {
		if ((r = read_pwfile(u->pwfile, pw, sizeof(pw), err)) < 0)
			return r;
		pass = pw;
	} else {
		pass = getenv("MYSQL_PWD");
	}
	if (!(s->c = my.init(NULL)))
		return IOL_ENOMEM;
	my.options(s->c, MY_OPT_CONNECT_TIMEOUT, &timeout);
	my.options(s->c, MY_READ_DEFAULT_GROUP, "client");
	if (!my.connect(s->c, u->host[0] ? u->host : NULL,
			u->user[0] ? u->user : NULL, pass, u->db, u->port,
			u->socket[0] ? u->socket : NULL, 0))
		r = iol_error_set(err, IOL_EIO, "%s", my.error(s->c));
	else
		r = 0;
	memset(pw, 0, sizeof(pw));
	return r;
}

int iol_lmt_mysql_read(struct iol_fsmon *m, const char *url,
		       struct iol_error *err)
{
	struct myconn s = {NULL, NULL, NULL};
	struct iol_lmtdb db = {&s, my_query, my_next, my_col, my_end};
	struct myurl u;
	int r;

	if ((r = url_parse(url, &u, err)) < 0)
		return r;
	pthread_once(&my_once, my_load);
	if (my_fail[0])
		return iol_error_set(err, IOL_EIO,
				     "cannot load " MY_SONAME
				     " for a MySQL server (Debian "
				     "libmariadb3): %s",
				     my_fail);
	r = my_connect(&s, &u, err);
	if (r == 0)
		r = iol_lmt_db_read(m, &db, err);
	if (s.c)
		my.close(s.c);
	return r;
}
