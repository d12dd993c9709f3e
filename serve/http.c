/*
 * The HTTP layer on libmicrohttpd: a thread per connection (a page that
 * runs a command for seconds stalls no other client), a bounded number
 * of connections, request headers bounded by the connection's memory,
 * idle connections dropped after the timeout, GET and HEAD only, no
 * body, a query of bounded length, the token compared in constant time,
 * and every response with a Content-Security-Policy of the page's own
 * origin only.
 */
#define _GNU_SOURCE
#include <microhttpd.h>
#include <arpa/inet.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "serve/internal.h"
#include "serve/store.h"
#include "base/banned.h"

#define MAX_QUERY 2048 /* bytes of all parameters together */
#define MAX_PARAMS 16

static const struct serve_opts *opts;

/* 1 when a and the token are equal; time independent of where they
 * differ */
static int token_eq(const char *a)
{
	const char *t = opts->token;
	size_t na = strlen(a), nt = strlen(t), i;
	unsigned char d = (unsigned char)(na != nt);

	for (i = 0; i < nt; i++)
		d |= (unsigned char)(t[i] ^ (i < na ? a[i] : 0));
	return d == 0;
}

/* Without a token the server is for this machine alone: a page of
 * another site that a browser was led to (DNS rebinding: a name of
 * theirs that resolves to 127.0.0.1) names its own host, so only a
 * request for a loopback host is served. */
static int local_host(struct MHD_Connection *c)
{
	const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						    MHD_HTTP_HEADER_HOST);
	size_t n;

	if (!h)
		return 1; /* HTTP/1.0 without Host: no browser sends that */
	if (*h == '[')
		n = strcspn(h, "]") + 1;
	else
		n = strcspn(h, ":");
	return (n == 9 && !strncmp(h, "localhost", 9)) ||
	       (n == 5 && !strncmp(h, "[::1]", 5)) ||
	       (n >= 9 && !strncmp(h, "127.", 4) &&
		strspn(h, "0123456789.") == n);
}

static int authorized(struct MHD_Connection *c)
{
	const char *h;

	if (!opts->token)
		return local_host(c);
	h = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
					MHD_HTTP_HEADER_AUTHORIZATION);
	if (h && !strncmp(h, "Bearer ", 7))
		return token_eq(h + 7);
	h = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, "iolens_token");
	return h && token_eq(h);
}

struct qsize {
	size_t bytes;
	int n;
};

static enum MHD_Result count_arg(void *cls, enum MHD_ValueKind kind,
				 const char *key, const char *value)
{
	struct qsize *q = cls;

	(void)kind;
	q->bytes += strlen(key) + (value ? strlen(value) : 0) + 2;
	q->n++;
	return MHD_YES;
}

static const char *get_arg(void *ctx, const char *key)
{
	return MHD_lookup_connection_value(ctx, MHD_GET_ARGUMENT_KIND, key);
}

/* the parameters of a page made without its connection: none */
static const char *get_none(void *ctx, const char *key)
{
	(void)ctx;
	(void)key;
	return NULL;
}

static void headers(struct MHD_Response *r, const struct page *p)
{
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, p->type);
	MHD_add_response_header(r, "Content-Security-Policy",
				"default-src 'self'; img-src 'self' data:; "
				"frame-ancestors 'none'; base-uri 'none'; "
				"form-action 'self'");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
	if (p->total[0])
		MHD_add_response_header(r, "X-Total-Count", p->total);
	if (p->timing[0])
		MHD_add_response_header(r, "Server-Timing", p->timing);
	if (p->status == 503) {
		MHD_add_response_header(r, "Retry-After", "1");
		MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close");
	}
}

static double ms_since(clockid_t clk, const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(clk, &t);
	return (double)(t.tv_sec - t0->tv_sec) * 1e3 +
	       (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

/* Where a request's time went, for a load test or a browser's network
 * panel (Server-Timing): "page" the time from its handler's start to
 * its page made (waits for a store handle, a child, the cores
 * included); "queue" the part of it before the thread making the page
 * ran (the slow lane's handover); "pool" the part waiting for a handle
 * of the store (store.c); "child" the time it waited for the
 * children it started (desc: how many), "worker" the part of that
 * waiting for a free worker (worker.c), "ccpu" their CPU time; "cpu"
 * the CPU time of the server's thread making it; "lane" where it was
 * made: "fast" (the server's niceness), "kept" (a page kept whole,
 * copied there too) or "slow" (a thread of its own, niced).  What
 * "page" has beyond "cpu" and "child" is waiting: for the cores, a
 * handle, another's run of the same command.  What a client measures
 * beyond "page" was spent outside the handler: accepting, queued for
 * the cores, the network.  "partial": a page saying some of its
 * tables are being made (a load test counts those apart). */
static void timing(struct page *p, const struct timespec *w0, double queue,
		   const struct timespec *c0, const char *lane)
{
	double cw, cc;
	int cn;

	run_spent(&cw, &cc, &cn);
	snprintf(p->timing, sizeof p->timing,
		 "page;dur=%.1f, queue;dur=%.1f, pool;dur=%.1f, "
		 "child;dur=%.1f;desc=%d, worker;dur=%.1f, ccpu;dur=%.2f, "
		 "cpu;dur=%.2f, lane;desc=%s%s",
		 ms_since(CLOCK_MONOTONIC, w0), queue, store_waited(), cw, cn,
		 run_spent_worker(), cc, ms_since(CLOCK_THREAD_CPUTIME_ID, c0),
		 lane, p->partial ? ", partial" : "");
}

/* the "page" part of p's timing made again from w0, the others kept */
static void timing_from(struct page *p, const struct timespec *w0)
{
	const char *rest = strstr(p->timing, ", queue;");
	char keep[sizeof p->timing];

	snprintf(keep, sizeof keep, "%s", rest ? rest : "");
	snprintf(p->timing, sizeof p->timing, "page;dur=%.1f%s",
		 ms_since(CLOCK_MONOTONIC, w0), keep);
}

static enum MHD_Result reply(struct MHD_Connection *c, struct page *p)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	if (p->body.nomem) {
		sb_free(&p->body);
		p->status = 500;
		p->type = "text/plain; charset=utf-8";
		sb_puts(&p->body, "out of memory\n");
	}
	r = MHD_create_response_from_buffer(
		p->body.len, p->body.s ? p->body.s : (char *)"",
		p->body.s ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
	if (!r) {
		sb_free(&p->body);
		return MHD_NO;
	}
	headers(r, p);
	ret = MHD_queue_response(c, (unsigned)p->status, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result plain(struct MHD_Connection *c, int status,
			     const char *text)
{
	struct page p = {status, "text/plain; charset=utf-8", {0}, "", "", 0};

	sb_puts(&p.body, text);
	return reply(c, &p);
}

/* Connections past --max-conn, in a few spare slots beyond it, are
 * answered 503 and closed, so that a client knows to come back instead
 * of finding its connection dropped unanswered; past the spare slots
 * too, libmicrohttpd closes them. */
#define SPARE_CONN 8
static atomic_uint nconn;
static char over_mark;

static void on_conn(void *cls, struct MHD_Connection *c, void **sock,
		    enum MHD_ConnectionNotificationCode toe)
{
	(void)cls;
	(void)c;
	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		if (atomic_fetch_add(&nconn, 1) >= opts->max_conn)
			*sock = &over_mark;
	} else if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
		atomic_fetch_sub(&nconn, 1);
	}
}

static int over_limit(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *i =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return i && i->socket_context == &over_mark;
}

/* The two lanes: the job list, its twin and the static files cost a
 * millisecond of CPU and are asked the most; a job page and a timeline
 * render many tables or a picture (several ms, seconds for a new
 * timeline's index) and may wait for a child.  Those are
 * made in a thread of their own, niced, that the connection's thread
 * waits for: the cheap pages, made at the server's niceness, are not
 * queued for the cores behind them.  1: at 3 (half the weight) the
 * pages of the slow lane lost more than the list gained (the 1M-job
 * store's dashboard being made, p50 90 ms to 0.3 s, the list's p50 110
 * to 70 ms); at 1 the list's p50 still fell (43 to 31 ms, 406 jobs)
 * and the others' too. */
#define SLOW_NICE 1

struct lane {
	const char *url;
	struct MHD_Connection *c;
	struct page *p;
	struct timespec w0; /* the request's start */
};

/* A job page's first visit, answered without waiting for its tables:
 * they wait for a free worker, and under load that was most of a first
 * visit's time (0.3-2 s at load 20-30, the job pages' p99).  The
 * connection waits for its page SOON_WAIT seconds at most
 * (IOLENS_SERVE_JOB_WAIT), then answers the job's row of the store
 * and says the rest is being made; the slow lane's thread goes on,
 * keeps the page, and the next visit copies it.  At most SOON_MAX such
 * threads go on unwaited for, queued for the workers: past that a first
 * visit is answered so at once and starts nothing (a visit when fewer
 * are queued makes its page), so that clients asking page after page
 * neither pile threads up nor wait behind the queue (waiting for its
 * tables behind 32 others, a first visit took 3-4 s at load 20).
 * 0.1 s: on a quiet machine a first visit's batch takes some 60 ms, so
 * it still has its tables; at 0.2 s the early answers' p99 was 0.28 to
 * 0.45 s at load 20-30 (the wait, then the cores). */
#define SOON_WAIT 0.1
#define SOON_MAX 32
static double soon_wait = SOON_WAIT;
static atomic_int soon_left;

/* e's seconds (0 to 3600), else def */
static double wait_of(const char *e, double def)
{
	char *end;
	double w;

	if (!e || !*e)
		return def;
	w = strtod(e, &end);
	return !*end && w >= 0 && w <= 3600 ? w : def;
}

/* The handover of a page the connection may stop waiting for: the
 * thread's own url and page; done when made, left when the connection
 * answered without it (the thread then frees it). */
struct soon {
	struct lane l;
	struct page p;
	char url[64];
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int done, left;
};

/* A job's pages: the dashboard too renders tables, but once (then it is
 * kept whole), and while its tables are being made it is a millisecond
 * page that a handover to a thread (two more waits for the cores under
 * load) made slower: 1M jobs, p50 80 ms to 0.2 s. */
static int slow_page(const char *url)
{
	if (!strncmp(url, "/api/", 5))
		url += 4;
	return !strncmp(url, "/job/", 5);
}

/* the page of l made, its Server-Timing's CPU that of this thread */
static void make(struct lane *l, const struct timespec *w0, double queue,
		 const char *lane)
{
	struct timespec c0;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	run_spent_reset();
	store_wait_reset();
	page_route(opts, l->url, l->c ? get_arg : get_none, l->c, l->p);
	timing(l->p, w0, queue, &c0, lane);
}

static void *slow_lane(void *arg)
{
	struct lane *l = arg;
	struct timespec w0;
	int base;

	clock_gettime(CLOCK_MONOTONIC, &w0);
	errno = 0;
	base = getpriority(PRIO_PROCESS, (id_t)gettid());
	if (!errno)
		setpriority(PRIO_PROCESS, (id_t)gettid(),
			    base + SLOW_NICE > 19 ? 19 : base + SLOW_NICE);
	make(l, &w0,
	     ms_since(CLOCK_MONOTONIC, &l->w0) - ms_since(CLOCK_MONOTONIC, &w0),
	     "slow");
	return NULL;
}

static void soon_free(struct soon *s)
{
	pthread_mutex_destroy(&s->mu);
	pthread_cond_destroy(&s->cv);
	sb_free(&s->p.body);
	free(s);
}

/* the page made (page_route() keeps it); its connection told, or the
 * handover freed when the connection answered without it */
static void *soon_lane(void *arg)
{
	struct soon *s = arg;
	int left;

	slow_lane(&s->l);
	pthread_mutex_lock(&s->mu);
	s->done = 1;
	left = s->left;
	pthread_cond_signal(&s->cv);
	pthread_mutex_unlock(&s->mu);
	if (left) {
		soon_free(s);
		atomic_fetch_sub(&soon_left, 1);
	}
	run_bg_add(-1); /* the server's end waits for the page */
	return NULL;
}

/* A job page (HTML, no parameter: the thread needs nothing of the
 * connection) whose first visit may be answered before it is made:
 * its id, or 0 */
static long long soon_job(const char *url)
{
	char *end;
	long long id;

	if (strncmp(url, "/job/", 5) || url[5] < '1' || url[5] > '9' ||
	    strlen(url) >= sizeof((struct soon *)0)->url)
		return 0;
	id = strtoll(url + 5, &end, 10);
	return *end ? 0 : id;
}

/* job id's row of the store now, its tables at a later visit */
static int soon_now(long long id, const struct timespec *w0, struct page *p)
{
	struct timespec c0;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	run_spent_reset();
	store_wait_reset();
	page_job_soon(opts, id, p);
	timing(p, w0, 0, &c0, "soon");
	return 0;
}

/* url's page (job id's) into p: made by a thread of its own, waited
 * for soon_wait seconds at most; 0, or -1 (nothing started: the caller
 * makes it) */
static int soon(const char *url, long long id, const struct timespec *w0,
		struct page *p)
{
	struct soon *s;
	struct timespec dl;
	pthread_t t;
	int done;

	if (atomic_load(&soon_left) >= SOON_MAX)
		return soon_now(id, w0, p);
	if (!(s = calloc(1, sizeof *s)))
		return -1;
	snprintf(s->url, sizeof s->url, "%s", url);
	s->p = (struct page){200, "text/html; charset=utf-8", {0}, "", "", 0};
	s->l = (struct lane){s->url, NULL, &s->p, *w0};
	pthread_mutex_init(&s->mu, NULL);
	pthread_cond_init(&s->cv, NULL);
	run_bg_add(1);
	if (pthread_create(&t, NULL, soon_lane, s) != 0) {
		run_bg_add(-1);
		soon_free(s);
		return -1;
	}
	pthread_detach(t);
	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += (time_t)soon_wait;
	dl.tv_nsec += (long)((soon_wait - (double)(time_t)soon_wait) * 1e9);
	if (dl.tv_nsec >= 1000000000L) {
		dl.tv_sec++;
		dl.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&s->mu);
	while (!s->done && pthread_cond_timedwait(&s->cv, &s->mu, &dl) == 0)
		;
	done = s->done;
	if (!done) {
		s->left = 1;
		atomic_fetch_add(&soon_left, 1);
	}
	pthread_mutex_unlock(&s->mu);
	if (done) {
		sb_free(&p->body);
		*p = s->p;
		s->p.body = (struct sb){0};
		soon_free(s);
		return timing_from(p, w0), 0;
	}
	return soon_now(id, w0, p);
}

/* url's page into p, in the lane it goes in (the connection's thread
 * blocked meanwhile: the connection is not touched by two threads) */
static void route(struct MHD_Connection *c, const char *url, struct page *p)
{
	struct lane l = {url, c, p, {0, 0}};
	struct timespec w0, c0;
	long long id;
	pthread_t t;

	clock_gettime(CLOCK_MONOTONIC, &w0);
	l.w0 = w0;
	if (!slow_page(url))
		return make(&l, &w0, 0, "fast");
	/* a page kept whole costs no more than the list: a copy */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	run_spent_reset();
	store_wait_reset();
	if (page_route_kept(opts, url, p))
		return timing(p, &w0, 0, &c0, "kept");
	if ((id = soon_job(url)) > 0 && soon(url, id, &w0, p) == 0)
		return;
	if (pthread_create(&t, NULL, slow_lane, &l) == 0) {
		pthread_join(t, NULL);
		/* the wait counted from the request, not the thread's start */
		return timing_from(p, &w0);
	}
	make(&l, &w0, 0, "fast");
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c,
			      const char *url, const char *method,
			      const char *version, const char *upload,
			      size_t *upload_size, void **con_cls)
{
	static int first;
	struct page p = {200, "text/html; charset=utf-8", {0}, "", "", 0};
	struct qsize q = {0, 0};

	(void)cls;
	(void)version;
	(void)upload;
	/* the first call has the headers alone: a request that is not a
	 * GET or HEAD, or that has a body, is answered before reading it */
	if (over_limit(c))
		return plain(c, 503, "too many connections: try again\n");
	if (strcmp(method, "GET") && strcmp(method, "HEAD"))
		return plain(c, 405, "only GET and HEAD\n");
	if (MHD_lookup_connection_value(c, MHD_HEADER_KIND,
					MHD_HTTP_HEADER_CONTENT_LENGTH) ||
	    MHD_lookup_connection_value(c, MHD_HEADER_KIND,
					MHD_HTTP_HEADER_TRANSFER_ENCODING) ||
	    *upload_size)
		return plain(c, 413, "a request has no body here\n");
	if (*con_cls != &first) {
		*con_cls = &first;
		return MHD_YES;
	}
	if (!authorized(c))
		return opts->token ? plain(c, 401,
					   "a token is required "
					   "(Authorization: Bearer)\n")
				   : plain(c, 403,
					   "only a loopback host name is "
					   "served without --token\n");
	MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, count_arg, &q);
	if (q.bytes > MAX_QUERY || q.n > MAX_PARAMS)
		return plain(c, 414, "the query is too long\n");
	route(c, url, &p);
	return reply(c, &p);
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int write_port(struct MHD_Daemon *d)
{
	const union MHD_DaemonInfo *i =
		MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	char buf[16];
	int n;

	if (opts->port_file_fd < 0)
		return 0;
	if (!i)
		return -1;
	n = snprintf(buf, sizeof(buf), "%u\n", (unsigned)i->port);
	return write(opts->port_file_fd, buf, (size_t)n) == n ? 0 : -1;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)(c | 0x20);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * The path's and the parameters' %HH decoded in place, but for %00: a NUL
 * in a C string would cut what follows it off (/jobs%00x answered as
 * /jobs, user=alice%00x filtering on alice); left as the three
 * characters it is, such a value matches nothing and says so.
 */
static size_t unescape(void *cls, struct MHD_Connection *c, char *s)
{
	char *w = s, *start = s;
	int hi, lo;

	(void)cls;
	(void)c;
	for (; *s; s++) {
		if (s[0] == '%' && (hi = hexval(s[1])) >= 0 &&
		    (lo = hexval(s[2])) >= 0 && (hi | lo)) {
			*w++ = (char)(hi * 16 + lo);
			s += 2;
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
	return (size_t)(w - start);
}

static struct MHD_Daemon *start(const struct serve_opts *o, int v6, void *sa)
{
	unsigned flags = MHD_USE_THREAD_PER_CONNECTION |
			 MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;

	if (v6)
		flags |= MHD_USE_IPv6;
	return MHD_start_daemon(
		flags, (uint16_t)o->port, NULL, NULL, handle, NULL,
		MHD_OPTION_SOCK_ADDR, sa, MHD_OPTION_CONNECTION_LIMIT,
		o->max_conn + SPARE_CONN, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
		o->max_conn + SPARE_CONN, MHD_OPTION_NOTIFY_CONNECTION, on_conn,
		NULL, MHD_OPTION_CONNECTION_TIMEOUT, o->timeout_s,
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
		MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL, MHD_OPTION_END);
}

static int run(const struct serve_opts *o, struct iol_error *err)
{
	struct sockaddr_in6 a6 = {0};
	struct sockaddr_in a4 = {0};
	struct MHD_Daemon *d;
	struct sigaction sa = {0};
	int v6 = 0, rc;

	opts = o;
	soon_wait = wait_of(getenv("IOLENS_SERVE_JOB_WAIT"), SOON_WAIT);
	page_dash_wait(wait_of(getenv("IOLENS_SERVE_DASH_WAIT"), DASH_WAIT));
	a4.sin_family = AF_INET;
	a4.sin_port = htons((uint16_t)o->port);
	a6.sin6_family = AF_INET6;
	a6.sin6_port = htons((uint16_t)o->port);
	if (inet_pton(AF_INET, o->host, &a4.sin_addr) != 1) {
		if (inet_pton(AF_INET6, o->host, &a6.sin6_addr) != 1)
			return iol_error_set(err, IOL_EINVAL,
					     "'%s' is no numeric address",
					     o->host);
		v6 = 1;
	}
	if ((rc = disk_init(o, err)) < 0)
		return rc;
	run_env_init(o);
	cache_init();
	signal(SIGPIPE, SIG_IGN);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	d = start(o, v6, v6 ? (void *)&a6 : (void *)&a4);
	if (!d)
		return iol_error_set(err, IOL_EIO, "cannot listen on %s:%u",
				     o->host, o->port);
	if (write_port(d) < 0) {
		MHD_stop_daemon(d);
		return iol_error_set(err, IOL_EIO, "cannot write the port");
	}
	warm_start(o);
	/* not pause(): the signal may go to any thread (the daemon's, the
	 * warmer's), whose handler sets stop without waking this one, or
	 * come between the test and pause(); either left the server up for
	 * good after a SIGTERM (t/7247 hung so under load) */
	while (!stop)
		nanosleep(&(struct timespec){0, 50000000}, NULL);
	/* the runs read o and keep into the cache: their children killed,
	 * the pages and background runs end before either goes */
	run_stop();
	MHD_stop_daemon(d);
	while (run_bg_running())
		nanosleep(&(struct timespec){0, 20000000}, NULL);
	tl_cache_free();
	cache_free();
	store_close_all();
	return 0;
}

static const struct iol_serve table = {IOL_SERVE_VERSION, run, report_html,
				       pop_html, blocks_html};

const struct iol_serve *iolens_serve(void)
{
	return &table;
}
