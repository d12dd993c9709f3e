/*
 * File-system telemetry: the set of targets, cumulative counters turned
 * into intervals (restarts and gaps), windows; lib/storage/fsread.c
 * chooses the reader.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "storage/fsmon.h"
#include "base/grow.h"
#include "base/banned.h"

const char *iol_fsfmt_name(int fmt)
{
	static const char *const names[] = {
		"unknown", "LMT (SQLite)", "h5lmt",	      "TOKIO HDF5",
		"lfs df",  "lctl dl -t",   "mmperfmon query", "LMT (MySQL)"};

	return fmt >= 0 && fmt <= IOL_FSFMT_LMT_MYSQL ? names[fmt] : "?";
}

const char *iol_fskind_name(int kind)
{
	static const char *const names[] = {"ost", "oss",	"mdt",	 "mds",
					    "nsd", "nsdserver", "gpfsfs"};

	return kind >= 0 && kind < IOL_FSK_N ? names[kind] : "?";
}

int iol_fskind_data(int kind)
{
	return kind == IOL_FSK_OST || kind == IOL_FSK_NSD ||
	       kind == IOL_FSK_GPFSFS;
}

struct iol_fstarget *iol_fsmon_target(struct iol_fsmon *m, const char *name,
				      int kind)
{
	struct iol_fstarget *t;
	size_t i;

	for (i = 0; i < m->ntg; i++)
		if (m->tg[i].kind == kind && !strcmp(m->tg[i].name, name))
			return &m->tg[i];
	t = iol_grow(m->tg, &m->tgcap, m->ntg, sizeof(*t), 16);
	if (!t)
		return NULL;
	m->tg = t;
	t = &m->tg[m->ntg];
	memset(t, 0, sizeof(*t));
	t->kind = kind;
	t->name = strdup(name);
	if (!t->name)
		return NULL;
	m->ntg++;
	return t;
}

/* 1 when the space-separated list has the name n[len] */
static int has_name(const char *list, const char *n, size_t len)
{
	while (*list) {
		size_t k = strcspn(list, " ");

		if (k == len && !strncmp(list, n, len))
			return 1;
		list += k + (list[k] == ' ');
	}
	return 0;
}

/* name n[len] into the sorted list *l: before the first name after it */
static int insert_name(char **l, const char *n, size_t len)
{
	const char *p = *l ? *l : "";
	size_t at = 0, old = strlen(p);
	char *nl;

	while (p[at]) {
		size_t k = strcspn(p + at, " ");
		int c = strncmp(p + at, n, k < len ? k : len);

		if (c > 0 || (c == 0 && k > len))
			break;
		at += k + (p[at + k] == ' ');
	}
	nl = malloc(old + len + 2);
	if (!nl)
		return IOL_ENOMEM;
	if (at < old) /* before the name at 'at' */
		snprintf(nl, old + len + 2, "%.*s%.*s %s", (int)at, p, (int)len,
			 n, p + at);
	else /* last */
		snprintf(nl, old + len + 2, "%s%s%.*s", p, old ? " " : "",
			 (int)len, n);
	free(*l);
	*l = nl;
	return 0;
}

int iol_fstarget_servers_add(struct iol_fstarget *t, const char *srv)
{
	while (*srv) {
		size_t k = strcspn(srv, " ");
		int r;

		if (k && (!t->server || !has_name(t->server, srv, k)) &&
		    (r = insert_name(&t->server, srv, k)) < 0)
			return r;
		srv += k + (srv[k] == ' ');
	}
	return 0;
}

int iol_fsmon_gauge(struct iol_gauge **g, size_t *n, size_t *cap, double t,
		    double v, double v2)
{
	struct iol_gauge *p;

	if (isnan(v))
		return 0; /* a missing sample is no sample */
	p = iol_grow(*g, cap, *n, sizeof(*p), 64);
	if (!p)
		return IOL_ENOMEM;
	*g = p;
	p[(*n)++] = (struct iol_gauge){t, v, v2};
	return 0;
}

/* bytes since the last reading; a counter that went back restarted */
static int64_t delta(int64_t prev, int64_t cur, int *reset)
{
	if (cur >= prev)
		return cur - prev;
	*reset = 1;
	return cur < 0 ? 0 : cur;
}

/* an interval's restart and gap into its target's counts; a gap's
 * seconds are its missing readings' share of its length (the length
 * less one step when the readings are evenly spaced); a hole's are its
 * length, all missing, and it counts a gap where its run starts */
static void tally(struct iol_fsmon *m, struct iol_fstarget *tg,
		  const struct iol_ival *iv)
{
	int k = iv->gap & IOL_IV_MISSING, hole = iv->gap & IOL_IV_HOLE;
	double len = iv->end - iv->start;
	double secs = hole ? len : len * k / (k + 1.0);

	if (iv->gap & IOL_IV_RESET) {
		tg->resets++;
		m->resets++;
	}
	if (k) {
		tg->gaps++;
		m->gaps++;
	}
	if (k || hole) {
		tg->gap_seconds += secs;
		m->gap_seconds += secs;
	}
}

void iol_fsmon_window(struct iol_fsmon *m, double from, double to)
{
	m->win = !isnan(from) || !isnan(to);
	m->win_from = from;
	m->win_to = to;
}

int iol_fsmon_missing(double dt, double step)
{
	double k;

	if (!(step > 0) || !(dt > 1.5 * step))
		return 0;
	k = floor(dt / step + 0.5) - 1;
	return k < 1 ? 1 : k > IOL_IV_MISSING ? IOL_IV_MISSING : (int)k;
}

int iol_fsmon_hole(struct iol_fsmon *m, struct iol_devset *ds,
		   struct iol_fstarget *tg, const char *name, double t0,
		   double t1, int k)
{
	struct iol_ival iv = {0};

	if (!(t1 > t0))
		return 0;
	iv.start = t0;
	iv.end = t1;
	iv.util = -1;
	iv.gap = IOL_IV_HOLE | (k < 0		     ? 0
				: k > IOL_IV_MISSING ? IOL_IV_MISSING
						     : k);
	if (tg)
		tally(m, tg, &iv);
	return iol_devset_add(ds, name, &iv);
}

int iol_fsmon_count(struct iol_fsmon *m, struct iol_devset *ds,
		    struct iol_fstarget *tg, const char *name,
		    struct iol_fscum *prev, double t, int64_t r, int64_t w,
		    double step)
{
	struct iol_ival iv = {0};
	int reset = 0;

	if (!prev->have || !(t > prev->t)) {
		*prev = (struct iol_fscum){t, r, w, 1};
		return iol_devset_add(ds, name, NULL);
	}
	iv.start = prev->t;
	iv.end = t;
	iv.rbytes = delta(prev->r, r, &reset);
	iv.wbytes = delta(prev->w, w, &reset);
	iv.util = -1;
	if (ds == &m->mdops) {
		/* an operation counter: its count, not bytes */
		iv.reads = (double)iv.rbytes;
		iv.rbytes = iv.wbytes = 0;
	}
	/* marked on the interval, so that a window's counts come from the
	 * intervals it cuts (iol_fsmon_tally), read from a file or from a
	 * store alike */
	iv.gap = iol_fsmon_missing(t - prev->t, step) |
		 (reset ? IOL_IV_RESET : 0);
	if (tg)
		tally(m, tg, &iv);
	*prev = (struct iol_fscum){t, r, w, 1};
	return iol_devset_add(ds, name, &iv);
}

int iol_fsrun_end(struct iol_fsmon *m, struct iol_fstarget *tg,
		  const char *name, struct iol_fsrun *u)
{
	int r = u->k ? iol_fsmon_hole(m, &m->data, tg, name, u->t0, u->t1, u->k)
		     : 0;

	u->k = 0;
	return r;
}

int iol_fsrun_add(struct iol_fsmon *m, struct iol_fstarget *tg,
		  const char *name, struct iol_fsrun *u, double t0, double t1,
		  int k)
{
	int r = 0;

	if (!(t1 > t0) || k < 1)
		return 0;
	if (u->k && t0 > u->t1 + 1e-6)
		r = iol_fsrun_end(m, tg, name, u);
	if (!u->k)
		u->t0 = t0;
	u->t1 = t1;
	u->k = u->k > IOL_IV_MISSING - k ? IOL_IV_MISSING : u->k + k;
	return r;
}

/* 1 when the interval [t0, t1] has a share in [from, to) (NAN: an open
 * end) */
static int touches(double t0, double t1, double from, double to)
{
	return !(t1 <= from) && !(t0 >= to);
}

static int cmp_start(const void *a, const void *b)
{
	const struct iol_ival *x = a, *y = b;

	return (x->start > y->start) - (x->start < y->start);
}

/*
 * The holes of d that touch [from, to) into t's counts: moved to the
 * front of d and sorted (their order is free until fsload sorts d), so
 * that holes that overlap or meet, however many series they came in (a
 * disk's reads and writes queried apart, two servers of an NSD missing
 * one bucket), are one gap of the seconds they cover, not a gap and its
 * seconds each.  The count of holes, which the rest of d follows.
 */
static size_t tally_holes(struct iol_fsmon *m, struct iol_fstarget *t,
			  struct iol_dev *d, double from, double to)
{
	struct iol_ival run = {0}, x;
	size_t j, h = 0;

	for (j = 0; j < d->n; j++)
		if (d->iv[j].gap & IOL_IV_HOLE) {
			x = d->iv[h];
			d->iv[h++] = d->iv[j];
			d->iv[j] = x;
		}
	if (h)
		qsort(d->iv, h, sizeof(*d->iv), cmp_start);
	for (j = 0; j < h; j++) {
		const struct iol_ival *v = &d->iv[j];
		int k = (v->gap & IOL_IV_MISSING) != 0;

		if (!touches(v->start, v->end, from, to))
			continue;
		if (run.gap && v->start <= run.end + 1e-6) {
			run.end = v->end > run.end ? v->end : run.end;
			run.gap |= k;
			continue;
		}
		if (run.gap)
			tally(m, t, &run);
		run = *v;
		run.gap = IOL_IV_HOLE | k;
	}
	if (run.gap)
		tally(m, t, &run);
	return h;
}

void iol_fsmon_tally(struct iol_fsmon *m, double from, double to)
{
	size_t i, j;

	m->resets = m->gaps = 0;
	m->gap_seconds = 0;
	for (i = 0; i < m->ntg; i++) {
		struct iol_fstarget *t = &m->tg[i];
		struct iol_dev *d = NULL;

		if (!iol_fskind_data(t->kind))
			continue;
		t->resets = t->gaps = 0;
		t->gap_seconds = 0;
		for (j = 0; !d && j < m->data.ndev; j++)
			if (!strcmp(m->data.dev[j].name, t->name))
				d = &m->data.dev[j];
		for (j = d ? tally_holes(m, t, d, from, to) : 0; d && j < d->n;
		     j++)
			if (touches(d->iv[j].start, d->iv[j].end, from, to))
				tally(m, t, &d->iv[j]);
	}
}

double iol_fs_localtime(int y, int mo, int d, int h, int mi, double s)
{
	struct tm tm;
	time_t v;

	if (y < 1970 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > 31 ||
	    h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s >= 61)
		return -1;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = (int)s;
	tm.tm_isdst = -1;
	v = mktime(&tm);
	if (v == (time_t)-1)
		return -1;
	return (double)v + (s - floor(s));
}

/* the part of iv inside [from, to); 0 when none */
static int clip_one(struct iol_ival *iv, double from, double to)
{
	double dur = iv->end - iv->start, lo, hi, f;

	if (iv->end <= from || iv->start >= to)
		return 0;
	lo = iv->start > from ? iv->start : from;
	hi = iv->end < to ? iv->end : to;
	if (lo == iv->start && hi == iv->end)
		return 1;
	f = dur > 0 ? (hi - lo) / dur : 1;
	iv->rbytes = llround((double)iv->rbytes * f);
	iv->wbytes = llround((double)iv->wbytes * f);
	iv->reads *= f;
	iv->writes *= f;
	iv->start = lo;
	iv->end = hi;
	return 1;
}

void iol_devset_clip(struct iol_devset *ds, double from, double to)
{
	size_t i, j, k;

	for (i = 0; i < ds->ndev; i++) {
		struct iol_dev *d = &ds->dev[i];

		for (j = k = 0; j < d->n; j++)
			if (clip_one(&d->iv[j], from, to))
				d->iv[k++] = d->iv[j];
		d->n = k;
	}
}

struct seen_ctx {
	const struct iol_fsmon *m;
	const char *key;
};

static int seen_eq(const void *ctx, uint32_t i)
{
	const struct seen_ctx *c = ctx;

	return !strcmp(c->m->seen[i].key, c->key);
}

static uint64_t seen_hash(const void *ctx, uint32_t i)
{
	const struct seen_ctx *c = ctx;

	return iol_hash_str(c->m->seen[i].key);
}

int iol_fsmon_seen(struct iol_fsmon *m, const char *key, double t0, double t1,
		   const struct iol_fsseen **dup)
{
	struct seen_ctx c = {m, key};
	struct iol_fsseen *s;
	uint32_t *slot, i;

	if (iol_index_reserve(&m->seenix, seen_hash, &c) < 0)
		return IOL_ENOMEM;
	slot = iol_index_slot(&m->seenix, iol_hash_str(key), seen_eq, &c);
	/* the key's entries, latest first: a period they share? */
	for (i = *slot; i != IOL_INDEX_EMPTY; i = m->seen[i].prev)
		if (t0 <= m->seen[i].t1 && t1 >= m->seen[i].t0) {
			*dup = &m->seen[i];
			return 1;
		}
	s = iol_grow(m->seen, &m->seencap, m->nseen, sizeof(*s), 64);
	if (!s)
		return IOL_ENOMEM;
	m->seen = s;
	s = &m->seen[m->nseen];
	*s = (struct iol_fsseen){strdup(key), t0, t1, *slot};
	if (!s->key)
		return IOL_ENOMEM;
	if (*slot == IOL_INDEX_EMPTY)
		m->seenix.n++;
	*slot = (uint32_t)m->nseen++;
	return 0;
}

void iol_fsmon_release(struct iol_fsmon *m)
{
	size_t i;

	for (i = 0; i < m->nseen; i++)
		free(m->seen[i].key);
	free(m->seen);
	iol_index_release(&m->seenix);

	for (i = 0; i < m->ntg; i++) {
		free(m->tg[i].name);
		free(m->tg[i].server);
		free(m->tg[i].cpu);
		free(m->tg[i].full);
	}
	free(m->tg);
	iol_devset_release(&m->data);
	iol_devset_release(&m->mdops);
	memset(m, 0, sizeof(*m));
}

/* a recording's time for a message: "2020-01-01T10:00:00Z" */
const char *iol_fsmon_iso(char *b, size_t n, double t)
{
	time_t v = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&v, &tm) || !strftime(b, n, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(b, n, "%.0f", t);
	return b;
}
