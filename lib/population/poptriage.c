/*
 * Population triage (poptriage.h): one pass of a cursor over the store's
 * job rows; each row's columns are mapped by name onto the triage inputs,
 * the rules run, and flagged jobs are added to their (app, user) group.
 * Memory is bounded by the groups, their top jobs, 16 bytes a flagged
 * job, and the jobs a configuration's noise may yet unflag (struct hrow).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/jobrow.h"
#include "base/hash.h"
#include "population/poptriage.h"
#include "base/banned.h"

enum {
	C_NONE = -1,
	C_PATH = -2,
	C_APP = -3,
	C_USER = -4,
	C_JOBID = -5,
	C_START = -6,
	C_ID = -7,
	C_INGEST = -8
};
/* the job's own columns: path .. ingest_time, col[-C_x - 2] */
#define NOWN 7
_Static_assert(IOL_POPTRI_NCOLS == IOL_TIN_N + NOWN, "iol_poptri_columns");

/*
 * The noise of a configuration: identical reruns of one (app, user,
 * processes) spread in rank times anyway.  A time-variation finding
 * (iol_triage_varies()) material in fewer than half of its
 * configuration's runs, of at least NOISE_RUNS, is that configuration's
 * noise, not the application's: info in every run, "below the
 * configuration's noise".  One material in most runs is kept.  Counts
 * per configuration: memory by configurations, not rows.
 */
#define NOISE_RUNS 3
struct cfg {
	char *app, *user;
	double nprocs; /* -1 unknown */
	size_t runs, mat[IOL_POPTRI_MAXRULES];
};
struct cfgs {
	struct cfg *v;
	size_t n, cap;
	struct iol_index ix;
};

/*
 * One pass over the store.  A flagged row without a material rank-time
 * finding is judged as it is read: its configuration's noise cannot
 * change it.  One with such a finding (the noise only lowers findings)
 * is held, compactly, until every configuration is counted: its group,
 * configuration, job fields and flagged findings.  Every flagged row
 * leaves an orec, so that the groups' stakes are summed in the store's
 * order afterwards; the top jobs break equal stakes by seq, the row's
 * place among them.  The output is the one of a second pass over the
 * store, without reading it again.
 */
struct hrow {
	uint32_t g, cfg, nf;
	size_t seq;
	size_t path, f;			/* offsets into held.text and held.f */
	int64_t id, jobid, uid, nprocs; /* id: the row's, for trend */
	double start_time, stake;
};
struct orec {
	uint32_t g, held; /* held: index in held.v, NOT_HELD judged */
	double stake;
};
#define NOT_HELD UINT32_MAX
struct orders {
	struct orec *v;
	size_t n, cap;
};
struct held {
	struct hrow *v;
	size_t n, cap;
	char *text;
	size_t ntext, captext;
	struct iol_poptri_find *f;
	size_t nf, capf;
};

/* A field the rules read that the store gained after some of its rows
 * (iol_popdb_added): those rows lack it. */
struct stale {
	int tin; /* IOL_TIN_* */
	int64_t maxid;
	double t;
	int seen; /* a row of the pass lacks it */
};

/* The ids of the flagged rows (iol_poptri_flagged), in the order they
 * are judged. */
struct idvec {
	int64_t *v;
	size_t n, cap;
};

static int idvec_add(struct idvec *ids, int64_t id)
{
	if (ids->n == ids->cap) {
		size_t cap = ids->cap ? 2 * ids->cap : 256;
		int64_t *v = realloc(ids->v, cap * sizeof(*v));

		if (!v)
			return IOL_ENOMEM;
		ids->v = v;
		ids->cap = cap;
	}
	ids->v[ids->n++] = id;
	return 0;
}

struct pass {
	struct iol_popdb *db;
	const struct iol_triage_conf *c;
	int min_sev;
	struct iol_poptri *r;
	struct idvec *ids;	    /* NULL: not kept */
	size_t evaluated;	    /* rows at least one rule evaluated */
	struct stale st[IOL_TIN_N]; /* rule fields added after some rows */
	size_t nst;
	struct iol_index ix;
	size_t cap, top;
	int *map; /* per cursor column: IOL_TIN_* or C_* */
	int ncol;
	/* the same by kind, found once for every row: the cursor columns
	 * of the numeric inputs (numk their IOL_TIN_*), of the text inputs,
	 * and of the job's own fields (-1 none) */
	int numcol[IOL_TIN_N], numk[IOL_TIN_N], txtcol[IOL_TIN_N],
		txtk[IOL_TIN_N], own[NOWN];
	size_t nnum, ntxt;
	/* the detail-only inputs the store has but the cursor does not
	 * read (iol_poptri_columns()): present, without a value */
	int dk[IOL_TIN_N];
	size_t ndk;
	struct cfgs cf;	  /* the configurations' counts */
	struct held hd;	  /* the rows the noise may judge otherwise */
	struct orders od; /* every flagged row, in the store's order */
	uint32_t varies;  /* bit k: rule k is a rank-time rule */
};

static int col_kind(const char *name)
{
	static const struct {
		const char *name;
		int kind;
	} extra[] = {{"path", C_PATH},	       {"app", C_APP},
		     {"user", C_USER},	       {"jobid", C_JOBID},
		     {"start_time", C_START},  {"id", C_ID},
		     {"ingest_time", C_INGEST}};
	size_t k;

	for (k = 0; k < sizeof(extra) / sizeof(extra[0]); k++)
		if (!strcmp(name, extra[k].name))
			return extra[k].kind;
	k = (size_t)iol_triage_in_index(name);
	return (int)k;
}

/* The fields the rules read that the store lacks, for the report. */
static void note_missing(struct pass *p)
{
	unsigned char have[IOL_TIN_N] = {0};
	size_t k = 0;
	int i;

	for (i = 0; i < p->ncol; i++)
		if (p->map[i] >= 0)
			have[p->map[i]] = 1;
	for (k = 0; k < p->ndk; k++)
		have[p->dk[k]] = 1;
	k = 0;
	for (i = 0; i < IOL_TIN_N; i++)
		if (!have[i] && iol_jobrow_field(iol_triage_in_name(i)) &&
		    k < sizeof(p->r->missing) - 1) {
			int w = snprintf(p->r->missing + k,
					 sizeof(p->r->missing) - k, "%s%s",
					 k ? " " : "", iol_triage_in_name(i));
			k = w < 0 ? k : k + (size_t)w;
		}
}

static double cur_num(struct iol_popcur *cur, int i)
{
	return iol_popcur_num(cur, i);
}

/* The rules' fields the store gained after some of its rows. */
static void find_stale(struct iol_popdb *db, struct pass *p)
{
	int i;

	for (i = 0; i < p->ncol; i++) {
		struct stale *s = &p->st[p->nst];
		int k = p->map[i];

		if (k >= 0 && p->nst < IOL_TIN_N &&
		    iol_popdb_added(db, iol_triage_in_name(k), &s->maxid,
				    &s->t)) {
			s->tin = k;
			s->seen = 0;
			p->nst++;
		}
	}
}

/* Has the row no value of input k (NULL in the store)? */
static int no_value(const struct iol_triage_in *in, int k)
{
	return k < IOL_TIN_NNUM ? isnan(in->v[k]) : !in->s[k - IOL_TIN_NNUM][0];
}

/* Does the row (its id and ingest time in col) predate a field the
 * store gained, and has it no value there?  Then it is judged without
 * that field: counted, and the field named.  (A row a merge kept with
 * its values is not.) */
static void stale_row(struct pass *p, struct iol_popcur *cur,
		      const struct iol_triage_in *in, const int col[NOWN])
{
	int64_t id;
	double t;
	size_t i;
	int any = 0;

	if (!p->nst || col[5] < 0 ||
	    iol_popcur_type(cur, col[5]) != IOL_POPV_INT)
		return;
	id = iol_popcur_int(cur, col[5]);
	t = col[6] >= 0 ? cur_num(cur, col[6]) : NAN;
	for (i = 0; i < p->nst; i++)
		if (id <= p->st[i].maxid && !(t >= p->st[i].t) &&
		    no_value(in, p->st[i].tin))
			p->st[i].seen = any = 1;
	p->r->stale_jobs += (size_t)any;
}

/* The fields some rows lack, for the report. */
static void note_stale(struct pass *p)
{
	size_t i, k = 0;

	for (i = 0; i < p->nst; i++) {
		int w;

		if (!p->st[i].seen || k >= sizeof(p->r->stale) - 1)
			continue;
		w = snprintf(p->r->stale + k, sizeof(p->r->stale) - k, "%s%s",
			     k ? " " : "", iol_triage_in_name(p->st[i].tin));
		k = w < 0 ? k : k + (size_t)w;
	}
}

/* The detail-only inputs the store has that the cursor leaves out. */
static void map_detail_only(struct pass *p)
{
	unsigned char mapped[IOL_TIN_N] = {0};
	int i;

	for (i = 0; i < p->ncol; i++)
		if (p->map[i] >= 0)
			mapped[p->map[i]] = 1;
	p->ndk = 0;
	for (i = 0; i < IOL_TIN_N; i++)
		if (!mapped[i] && iol_triage_in_detail_only(i) &&
		    iol_triage_in_name(i) &&
		    iol_popdb_has_column(p->db, iol_triage_in_name(i)))
			p->dk[p->ndk++] = i;
}

static int map_columns(struct iol_popcur *cur, struct pass *p)
{
	int i;

	p->ncol = iol_popcur_ncols(cur);
	p->map = calloc((size_t)p->ncol + 1, sizeof(*p->map));
	if (!p->map)
		return IOL_ENOMEM;
	for (i = 0; i < NOWN; i++)
		p->own[i] = -1;
	p->nnum = p->ntxt = 0;
	for (i = 0; i < p->ncol; i++) {
		int k = p->map[i] = col_kind(iol_popcur_name(cur, i));

		if (k <= C_PATH) {
			p->own[-k - 2] = i;
		} else if (k >= 0 && k < IOL_TIN_NNUM && p->nnum < IOL_TIN_N) {
			p->numcol[p->nnum] = i;
			p->numk[p->nnum++] = k;
		} else if (k >= 0 && p->ntxt < IOL_TIN_N) {
			p->txtcol[p->ntxt] = i;
			p->txtk[p->ntxt++] = k;
		}
	}
	map_detail_only(p);
	note_missing(p);
	return 0;
}

/* May the pass leave input i out of its cursor?  A detail-only one
 * (iol_triage_in_detail_only()) unless the store gained it after some
 * rows: those rows are counted by its value (stale_row()). */
static int left_out(struct iol_popdb *db, int i)
{
	int64_t maxid;
	double t;

	return db && iol_triage_in_detail_only(i) &&
	       !iol_popdb_added(db, iol_triage_in_name(i), &maxid, &t);
}

size_t iol_poptri_columns(struct iol_popdb *db, const char **cols)
{
	static const char *const own[NOWN] = {
		"path",	      "app", "user",	   "jobid",
		"start_time", "id",  "ingest_time"};
	size_t n = 0;
	int i;

	for (i = 0; i < NOWN; i++)
		cols[n++] = own[i];
	for (i = 0; i < IOL_TIN_N; i++)
		if (iol_triage_in_name(i) && !left_out(db, i))
			cols[n++] = iol_triage_in_name(i);
	return n;
}

/* A cursor over the columns the pass maps (the triage inputs and the
 * job's own fields), not the store's other hundred. */
static int open_cursor(struct iol_popdb *db, const char *where,
		       struct iol_popcur **cur, struct iol_error *err)
{
	const char *cols[IOL_POPTRI_NCOLS];
	size_t n = iol_poptri_columns(db, cols);

	return iol_popcur_open_cols(db, where, cols, n, cur, err);
}

/* s (NULL: "") cut to n - 1 bytes, as snprintf "%s" would, without its
 * cost on every text column of a million rows. */
static void copy_str(char *d, size_t n, const char *s)
{
	size_t l = s ? strnlen(s, n - 1) : 0;

	memcpy(d, s ? s : "", l);
	d[l] = '\0';
}

/* Every input absent, as iol_triage_in_clear() leaves it, but each
 * text emptied by its first byte: the rules read the texts as strings,
 * and zeroing all of their 3 KB took 1 % of a million-row report. */
static void in_reset(struct iol_triage_in *in)
{
	int i;

	for (i = 0; i < IOL_TIN_NNUM; i++)
		in->v[i] = NAN;
	for (i = 0; i < IOL_TIN_NSTR; i++)
		in->s[i][0] = '\0';
	memset(in->have, 0, sizeof(in->have));
}

/* The row's triage inputs, and where its job's own fields are: the
 * numbers in one call, then the texts. */
static void row_in(struct iol_popcur *cur, const struct pass *p,
		   struct iol_triage_in *in, int col[NOWN])
{
	double num[IOL_TIN_N];
	size_t j;

	in_reset(in);
	memcpy(col, p->own, sizeof(p->own));
	iol_popcur_nums(cur, p->numcol, p->nnum, num);
	for (j = 0; j < p->nnum; j++) {
		in->have[p->numk[j]] = 1;
		in->v[p->numk[j]] = num[j];
	}
	for (j = 0; j < p->ndk; j++)
		in->have[p->dk[j]] = 1;
	for (j = 0; j < p->ntxt; j++) {
		int i = p->txtcol[j], k = p->txtk[j];
		const char *s = iol_popcur_type(cur, i) == IOL_POPV_TEXT
					? iol_popcur_text(cur, i)
					: "";

		in->have[k] = 1;
		copy_str(in->s[k - IOL_TIN_NNUM], sizeof(in->s[0]), s);
	}
}

static const char *text_or_empty(struct iol_popcur *cur, int i)
{
	const char *s;

	if (i < 0 || iol_popcur_type(cur, i) != IOL_POPV_TEXT)
		return "";
	s = iol_popcur_text(cur, i);
	return s ? s : "";
}

struct gkey {
	const struct pass *p;
	const char *app, *user;
};

static int g_eq(const void *ctx, uint32_t i)
{
	const struct gkey *k = ctx;
	const struct iol_poptri_group *g = &k->p->r->g[i];

	return !strcmp(g->app, k->app) && !strcmp(g->user, k->user);
}

static uint64_t g_hash2(const char *app, const char *user)
{
	return iol_hash_pair(iol_hash_str(app), iol_hash_str(user));
}

static uint64_t g_hash(const void *ctx, uint32_t i)
{
	const struct pass *p = ctx;

	return g_hash2(p->r->g[i].app, p->r->g[i].user);
}

/* The group of (app, user), made when new; NULL when out of memory. */
static struct iol_poptri_group *group_of(struct pass *p, const char *app,
					 const char *user)
{
	struct gkey k = {p, app, user};
	struct iol_poptri_group *g;
	uint32_t *slot;

	if (iol_index_reserve(&p->ix, g_hash, p) < 0)
		return NULL;
	slot = iol_index_slot(&p->ix, g_hash2(app, user), g_eq, &k);
	if (*slot != IOL_INDEX_EMPTY)
		return &p->r->g[*slot];
	if (p->r->ng == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 64;
		g = realloc(p->r->g, cap * sizeof(*g));
		if (!g)
			return NULL;
		p->r->g = g;
		p->cap = cap;
	}
	g = &p->r->g[p->r->ng];
	memset(g, 0, sizeof(*g));
	g->app = strdup(app);
	g->user = strdup(user);
	g->captop = p->top ? p->top : 0;
	g->top = calloc(g->captop ? g->captop : 1, sizeof(*g->top));
	if (!g->app || !g->user || !g->top) {
		free(g->app), free(g->user), free(g->top);
		return NULL;
	}
	*slot = (uint32_t)p->r->ng++;
	p->ix.n++;
	return g;
}

struct ckey {
	const struct cfgs *c;
	const char *app, *user;
	double np;
};

static int c_eq(const void *ctx, uint32_t i)
{
	const struct ckey *k = ctx;
	const struct cfg *f = &k->c->v[i];

	return f->nprocs == k->np && !strcmp(f->app, k->app) &&
	       !strcmp(f->user, k->user);
}

/* d cut toward zero, held to int64's range, NaN 0 (a hostile store's
 * nprocs of 1e300 or 2^63: the cast alone is undefined) */
static int64_t d_int(double d)
{
	if (d <= -9223372036854775808.0)
		return INT64_MIN;
	if (d >= 9223372036854775807.0)
		return INT64_MAX;
	return d == d ? (int64_t)d : 0;
}

static uint64_t c_hash3(const char *app, const char *user, double np)
{
	return iol_hash_pair(g_hash2(app, user), (uint64_t)d_int(np));
}

static uint64_t c_hash(const void *ctx, uint32_t i)
{
	const struct cfgs *c = ctx;

	return c_hash3(c->v[i].app, c->v[i].user, c->v[i].nprocs);
}

/* The configuration of (app, user, processes): made when new and make
 * is set; NULL when absent or out of memory. */
static struct cfg *cfg_of(struct cfgs *c, const char *app, const char *user,
			  double np, int make)
{
	struct ckey k = {c, app, user, isfinite(np) ? np : -1};
	struct cfg *f;
	uint32_t *slot;

	if (!c->ix.slot && (!make || iol_index_reserve(&c->ix, c_hash, c) < 0))
		return NULL;
	slot = iol_index_slot(&c->ix, c_hash3(app, user, k.np), c_eq, &k);
	if (*slot != IOL_INDEX_EMPTY)
		return &c->v[*slot];
	if (!make || iol_index_reserve(&c->ix, c_hash, c) < 0)
		return NULL;
	slot = iol_index_slot(&c->ix, c_hash3(app, user, k.np), c_eq, &k);
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 64;
		f = realloc(c->v, cap * sizeof(*f));
		if (!f)
			return NULL;
		c->v = f;
		c->cap = cap;
	}
	f = &c->v[c->n];
	memset(f, 0, sizeof(*f));
	f->app = strdup(app);
	f->user = strdup(user);
	f->nprocs = k.np;
	if (!f->app || !f->user) {
		free(f->app), free(f->user);
		return NULL;
	}
	*slot = (uint32_t)c->n++;
	c->ix.n++;
	return f;
}

static void cfgs_free(struct cfgs *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->v[i].app), free(c->v[i].user);
	free(c->v);
	iol_index_release(&c->ix);
	memset(c, 0, sizeof(*c));
}

/* Is finding k of t material (warn or high) and a rank-time rule? */
static int varies_material(const struct pass *p, const struct iol_triage *t,
			   size_t k)
{
	return t->f[k].sev <= IOL_SEV_WARN && (p->varies >> k & 1);
}

/* A row's time-variation findings into its configuration's counts;
 * the configuration's index, or < 0 out of memory. */
static int64_t noise_count(struct pass *p, const char *app, const char *user,
			   const struct iol_triage_in *in,
			   const struct iol_triage *t)
{
	struct cfg *f = cfg_of(&p->cf, app, user, in->v[IOL_TIN_NPROCS], 1);
	size_t k;

	if (!f)
		return IOL_ENOMEM;
	f->runs++;
	for (k = 0; k < t->n && k < IOL_POPTRI_MAXRULES; k++)
		f->mat[k] += (size_t)varies_material(p, t, k);
	return f - p->cf.v;
}

/* A held row's time-variation finding that its configuration shows in
 * fewer than half of its runs is info, under the floor. */
static void noise_apply(const struct pass *p, const struct hrow *h,
			struct iol_poptri_find *f)
{
	const struct cfg *c = &p->cf.v[h->cfg];
	size_t i;

	if (c->runs < NOISE_RUNS)
		return;
	for (i = 0; i < h->nf; i++) {
		size_t k = (size_t)f[i].rule;

		if (f[i].sev <= IOL_SEV_WARN && (p->varies >> k & 1) &&
		    c->mat[k] * 2 < c->runs)
			f[i].sev = IOL_SEV_INFO;
	}
}

static double rank_key(double stake)
{
	return isfinite(stake) ? stake : -1.0;
}

static void job_free(struct iol_poptri_job *j)
{
	free(j->path);
	free(j->f);
}

/* Does x rank below j: a smaller stake, or an equal one from a later
 * row?  So the top jobs do not depend on the order they come in. */
static int ranks_below(const struct iol_poptri_job *x,
		       const struct iol_poptri_job *j)
{
	double a = rank_key(x->stake), b = rank_key(j->stake);

	return a < b || (a == b && x->seq > j->seq);
}

/* Room for one more listed job: the top array grows when every job is
 * kept (p->top 0). */
static int top_room(const struct pass *p, struct iol_poptri_group *g)
{
	struct iol_poptri_job *t;
	size_t cap;

	if (g->ntop < g->captop)
		return 0;
	if (p->top)
		return 0; /* full: the last one makes room */
	cap = g->captop ? g->captop * 2 : 8;
	t = realloc(g->top, cap * sizeof(*t));
	if (!t)
		return IOL_ENOMEM;
	g->top = t;
	g->captop = cap;
	return 0;
}

/* Keep j among the group's top jobs by stake (j's path and findings are
 * copied). */
static int top_add(struct pass *p, struct iol_poptri_group *g,
		   const struct iol_poptri_job *j)
{
	size_t at = g->ntop;
	struct iol_poptri_job c = *j;

	while (at > 0 && ranks_below(&g->top[at - 1], j))
		at--;
	if (p->top && at >= p->top)
		return 0;
	if (top_room(p, g) < 0)
		return IOL_ENOMEM;
	c.path = strdup(j->path);
	c.f = j->nf ? malloc(j->nf * sizeof(*j->f)) : NULL;
	if (!c.path || (j->nf && !c.f)) {
		free(c.path), free(c.f);
		return IOL_ENOMEM;
	}
	if (j->nf)
		memcpy(c.f, j->f, j->nf * sizeof(*j->f));
	if (p->top && g->ntop == p->top)
		job_free(&g->top[--g->ntop]);
	memmove(&g->top[at + 1], &g->top[at], (g->ntop - at) * sizeof(*g->top));
	g->top[at] = c;
	g->ntop++;
	return 0;
}

/* Room for one more element of n in an array of cap; 0 or IOL_ENOMEM. */
static int grow(void **v, size_t *cap, size_t n, size_t more, size_t size)
{
	size_t c = *cap ? *cap : 256;
	void *w;

	while (c < n + more)
		c *= 2;
	if (c == *cap)
		return 0;
	if (c > SIZE_MAX / size || !(w = realloc(*v, c * size)))
		return IOL_ENOMEM;
	*v = w;
	*cap = c;
	return 0;
}

/* The flagged findings of a row (before the noise) into the held ones;
 * their number. */
static int hold_finds(struct held *hd, const struct iol_triage *t, int min_sev,
		      uint32_t *nf)
{
	size_t k;

	*nf = 0;
	if (grow((void **)&hd->f, &hd->capf, hd->nf, IOL_POPTRI_MAXRULES,
		 sizeof(*hd->f)) < 0)
		return IOL_ENOMEM;
	for (k = 0; k < t->n && k < IOL_POPTRI_MAXRULES; k++) {
		const struct iol_finding *x = &t->f[k];

		if (x->sev > min_sev)
			continue;
		hd->f[hd->nf + (*nf)++] = (struct iol_poptri_find){
			(int)k,	      x->sev,	x->value,
			x->threshold, x->stake, x->stake_pct};
	}
	return 0;
}

/* The row's job fields from the cursor into h. */
static void job_fields(struct iol_popcur *cur, const struct iol_triage_in *in,
		       const int col[NOWN], struct hrow *h)
{
	h->stake = iol_triage_stake(in);
	h->id = col[5] >= 0 && iol_popcur_type(cur, col[5]) == IOL_POPV_INT
			? iol_popcur_int(cur, col[5])
			: IOL_POP_NULL;
	h->jobid = col[3] >= 0 && iol_popcur_type(cur, col[3]) == IOL_POPV_INT
			   ? iol_popcur_int(cur, col[3])
			   : IOL_POP_NULL;
	h->start_time = col[4] >= 0 ? cur_num(cur, col[4]) : NAN;
	h->uid = isfinite(in->v[IOL_TIN_UID]) ? d_int(in->v[IOL_TIN_UID])
					      : IOL_POP_NULL;
	h->nprocs = isfinite(in->v[IOL_TIN_NPROCS])
			    ? d_int(in->v[IOL_TIN_NPROCS])
			    : IOL_POP_NULL;
}

/* A row the noise may judge otherwise, kept until it is known. */
static int hold_row(struct pass *p, const char *path,
		    const struct iol_triage *t, int min_sev, struct hrow *h)
{
	struct held *hd = &p->hd;
	size_t len = strlen(path) + 1;

	if (grow((void **)&hd->v, &hd->cap, hd->n, 1, sizeof(*hd->v)) < 0 ||
	    grow((void **)&hd->text, &hd->captext, hd->ntext, len, 1) < 0 ||
	    hold_finds(hd, t, min_sev, &h->nf) < 0)
		return IOL_ENOMEM;
	h->f = hd->nf;
	hd->nf += h->nf;
	memcpy(hd->text + hd->ntext, path, len);
	h->path = hd->ntext;
	hd->ntext += len;
	hd->v[hd->n++] = *h;
	return 0;
}

/* A job's flagged findings f (nf of them, under the noise) into j, the
 * totals and its group's counts; whether any is flagged. */
static int flag_job(struct pass *p, struct iol_poptri_group *g,
		    struct iol_poptri_find *f, size_t nf, int min_sev,
		    struct iol_poptri_job *j)
{
	struct iol_poptri *r = p->r;
	size_t i;

	j->worst = IOL_SEV_NA;
	j->f = f;
	for (i = 0; i < nf; i++) {
		if (f[i].sev > min_sev)
			continue;
		j->codes |= (uint32_t)1 << f[i].rule;
		if (f[i].sev < j->worst)
			j->worst = f[i].sev;
		f[j->nf++] = f[i];
	}
	if (!j->codes)
		return 0;
	r->flagged++;
	g->flagged++;
	for (i = 0; i < j->nf; i++)
		r->count[f[i].rule]++, g->count[f[i].rule]++;
	return 1;
}

/* A flagged job of fields h: its id kept when asked (trend counts the
 * jobs triage --db flags), and into its group's top jobs. */
static int top_job(struct pass *p, struct iol_poptri_group *g,
		   const struct hrow *h, const char *path,
		   struct iol_poptri_job *j)
{
	if (p->ids && h->id != IOL_POP_NULL && idvec_add(p->ids, h->id) < 0)
		return IOL_ENOMEM;
	j->stake = h->stake;
	j->path = (char *)path;
	j->jobid = h->jobid;
	j->start_time = h->start_time;
	j->uid = h->uid;
	j->nprocs = h->nprocs;
	j->seq = h->seq;
	return top_add(p, g, j);
}

/* A flagged row: judged now, or held when a material rank-time finding
 * makes it depend on its configuration's noise; its orec either way. */
static int flagged_row(struct pass *p, struct iol_popcur *cur,
		       const struct iol_triage *t,
		       const struct iol_triage_in *in, const int col[NOWN],
		       int min_sev, uint32_t g, uint32_t cfg)
{
	struct iol_poptri_find f[IOL_POPTRI_MAXRULES];
	struct iol_poptri_job j = {0};
	struct hrow h = {.g = g, .cfg = cfg, .seq = p->od.n};
	struct orec *o;
	int held = 0;
	size_t k;

	for (k = 0; k < t->n && k < IOL_POPTRI_MAXRULES; k++)
		held |= t->f[k].sev <= min_sev && varies_material(p, t, k);
	if (grow((void **)&p->od.v, &p->od.cap, p->od.n, 1, sizeof(*p->od.v)) <
	    0)
		return IOL_ENOMEM;
	job_fields(cur, in, col, &h);
	o = &p->od.v[p->od.n++];
	*o = (struct orec){g, held ? (uint32_t)p->hd.n : NOT_HELD, h.stake};
	if (held)
		return hold_row(p, text_or_empty(cur, col[0]), t, min_sev, &h);
	for (k = 0; k < t->n && k < IOL_POPTRI_MAXRULES; k++)
		if (t->f[k].sev <= min_sev)
			f[h.nf++] = (struct iol_poptri_find){
				(int)k,	       t->f[k].sev,
				t->f[k].value, t->f[k].threshold,
				t->f[k].stake, t->f[k].stake_pct};
	flag_job(p, &p->r->g[g], f, h.nf, min_sev, &j);
	return top_job(p, &p->r->g[g], &h, text_or_empty(cur, col[0]), &j);
}

/* One row as the cursor reads it: counted, into its group and
 * configuration, and judged or held when a finding flags it. */
static int take_row(struct pass *p, struct iol_popcur *cur,
		    const struct iol_triage *t, const struct iol_triage_in *in,
		    const int col[NOWN], int min_sev)
{
	struct iol_poptri *r = p->r;
	struct iol_poptri_group *g;
	int64_t cfg;
	int flagged = 0, known = 0;
	size_t k;

	cfg = noise_count(p, text_or_empty(cur, col[1]),
			  text_or_empty(cur, col[2]), in, t);
	if (cfg < 0)
		return (int)cfg;
	stale_row(p, cur, in, col);
	for (k = 0; k < t->n && k < IOL_POPTRI_MAXRULES; k++) {
		if (t->f[k].sev == IOL_SEV_NA)
			r->na[k]++;
		known |= t->f[k].sev != IOL_SEV_NA;
		flagged |= t->f[k].sev <= min_sev;
	}
	p->evaluated += (size_t)known;
	r->jobs++;
	g = group_of(p, text_or_empty(cur, col[1]), text_or_empty(cur, col[2]));
	if (!g)
		return IOL_ENOMEM;
	g->jobs++;
	if (!flagged)
		return 0;
	return flagged_row(p, cur, t, in, col, min_sev, (uint32_t)(g - r->g),
			   (uint32_t)cfg);
}

/* A held row judged under its configuration's noise; 1 flagged, 0 not,
 * or IOL_ENOMEM. */
static int judge_row(struct pass *p, const struct hrow *h, int min_sev)
{
	struct iol_poptri_group *g = &p->r->g[h->g];
	struct iol_poptri_find f[IOL_POPTRI_MAXRULES];
	struct iol_poptri_job j = {0};

	memcpy(f, p->hd.f + h->f, h->nf * sizeof(*f));
	noise_apply(p, h, f);
	if (!flag_job(p, g, f, h->nf, min_sev, &j))
		return 0;
	return top_job(p, g, h, p->hd.text + h->path, &j) < 0 ? IOL_ENOMEM : 1;
}

/* The flagged rows in the store's order: the held ones judged, and the
 * groups' stakes summed. */
static int replay(struct pass *p, int min_sev)
{
	size_t i;

	for (i = 0; i < p->od.n; i++) {
		const struct orec *o = &p->od.v[i];
		int rc = 1;

		if (o->held != NOT_HELD &&
		    (rc = judge_row(p, &p->hd.v[o->held], min_sev)) < 0)
			return rc;
		if (rc && isfinite(o->stake))
			p->r->g[o->g].stake += o->stake;
	}
	return 0;
}

static void held_free(struct pass *p)
{
	free(p->hd.v), free(p->hd.text), free(p->hd.f), free(p->od.v);
	memset(&p->hd, 0, sizeof(p->hd));
	memset(&p->od, 0, sizeof(p->od));
}

static void rules_of(struct pass *p, const struct iol_triage *t)
{
	struct iol_poptri *r = p->r;
	size_t k;

	r->nrules = t->n < IOL_POPTRI_MAXRULES ? t->n : IOL_POPTRI_MAXRULES;
	for (k = 0; k < r->nrules; k++) {
		r->code[k] = t->f[k].code;
		r->title[k] = t->f[k].title;
		r->unit[k] = t->f[k].unit;
		r->threshold[k] = t->f[k].threshold;
		if (iol_triage_varies(t->f[k].code))
			p->varies |= (uint32_t)1 << k;
	}
}

static int cmp_group(const void *a, const void *b)
{
	const struct iol_poptri_group *x = a, *y = b;
	int c;

	if (x->stake != y->stake)
		return x->stake > y->stake ? -1 : 1;
	if (x->flagged != y->flagged)
		return x->flagged > y->flagged ? -1 : 1;
	c = strcmp(x->app, y->app);
	return c ? c : strcmp(x->user, y->user);
}

/* Groups whose flagged jobs put less than min_stake at stake are not
 * listed (a 0.07 s group is no one's first call): freed and counted. */
static void hide_small(struct iol_poptri *r)
{
	size_t i, k, n = 0;

	for (i = 0; i < r->ng; i++) {
		struct iol_poptri_group *g = &r->g[i];

		if (!g->flagged || g->stake >= r->min_stake) {
			r->g[n++] = *g;
			continue;
		}
		r->hidden++;
		for (k = 0; k < g->ntop; k++)
			job_free(&g->top[k]);
		free(g->top), free(g->app), free(g->user);
	}
	r->ng = n;
}

/* The cursor's columns mapped, before its first row. */
static int pass_open(struct pass *p, struct iol_popcur *cur,
		     struct iol_error *err)
{
	if (map_columns(cur, p) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	find_stale(p->db, p);
	return 0;
}

/* One row of the pass: counted into its configuration and group, and
 * held when a finding flags it. */
static int pass_row(struct pass *p, struct iol_popcur *cur,
		    struct iol_error *err)
{
	struct iol_triage_in in;
	struct iol_triage t;
	int col[NOWN], rc;

	row_in(cur, p, &in, col);
	if ((rc = iol_triage_eval_values(&in, p->c, &t, err)) < 0)
		return rc;
	if (!p->r->nrules)
		rules_of(p, &t);
	rc = take_row(p, cur, &t, &in, col, p->min_sev);
	iol_triage_free(&t);
	if (rc < 0)
		return iol_error_set(err, rc, "out of memory");
	return 0;
}

/* After the last row (rc: how the rows went): the held rows judged in
 * the store's order. */
static int pass_end(struct pass *p, int rc, struct iol_error *err)
{
	if (p->map)
		note_stale(p);
	if (rc >= 0 && replay(p, p->min_sev) < 0)
		rc = iol_error_set(err, IOL_ENOMEM, "out of memory");
	return rc;
}

/* The store read once; then the held rows judged in its order. */
static int passes(const char *where, struct pass *p, struct iol_error *err)
{
	struct iol_popcur *cur;
	int rc;

	rc = open_cursor(p->db, where, &cur, err);
	if (rc < 0)
		return rc;
	if ((rc = pass_open(p, cur, err)) >= 0)
		while ((rc = iol_popcur_next(cur, err)) == 1 &&
		       (rc = pass_row(p, cur, err)) == 0)
			;
	iol_popcur_close(cur);
	return pass_end(p, rc, err);
}

static void pass_init(struct pass *p, struct iol_popdb *db,
		      const struct iol_triage_conf *c, int min_sev, size_t top,
		      struct iol_poptri *r)
{
	memset(p, 0, sizeof(*p));
	memset(r, 0, sizeof(*r));
	p->db = db;
	p->c = c;
	p->min_sev = min_sev;
	p->r = r;
	p->top = top;
	r->min_stake = c->v[IOL_TK_MIN_GROUP];
}

/* The pass's own memory freed; then the groups ranked, or freed when
 * rc < 0.  rc. */
static int pass_finish(struct pass *p, int rc)
{
	struct iol_poptri *r = p->r;

	free(p->map);
	iol_index_release(&p->ix);
	cfgs_free(&p->cf);
	held_free(p);
	if (rc < 0) {
		iol_poptri_free(r);
		return rc;
	}
	if (r->ng)
		qsort(r->g, r->ng, sizeof(*r->g), cmp_group);
	hide_small(r);
	return 0;
}

int iol_poptri_run(struct iol_popdb *db, const char *where,
		   const struct iol_triage_conf *c, int min_sev, size_t top,
		   struct iol_poptri *r, struct iol_error *err)
{
	struct pass p;

	pass_init(&p, db, c, min_sev, top, r);
	return pass_finish(&p, passes(where, &p, err));
}

/* ---- the pass fed by the caller's cursor ---- */

struct iol_poptri_pass {
	struct pass p;
};

int iol_poptri_begin(struct iol_popdb *db, const struct iol_triage_conf *c,
		     int min_sev, size_t top, struct iol_poptri *r,
		     struct iol_poptri_pass **pp)
{
	*pp = malloc(sizeof(**pp));
	if (!*pp) {
		memset(r, 0, sizeof(*r));
		return IOL_ENOMEM;
	}
	pass_init(&(*pp)->p, db, c, min_sev, top, r);
	return 0;
}

int iol_poptri_open(struct iol_poptri_pass *pp, struct iol_popcur *cur,
		    struct iol_error *err)
{
	return pass_open(&pp->p, cur, err);
}

int iol_poptri_row(struct iol_poptri_pass *pp, struct iol_popcur *cur,
		   struct iol_error *err)
{
	return pass_row(&pp->p, cur, err);
}

int iol_poptri_end(struct iol_poptri_pass *pp, int rc, struct iol_error *err)
{
	if (!pp)
		return rc;
	rc = pass_finish(&pp->p, pass_end(&pp->p, rc, err));
	free(pp);
	return rc;
}

void iol_poptri_free(struct iol_poptri *r)
{
	size_t i, k;

	for (i = 0; i < r->ng; i++) {
		for (k = 0; k < r->g[i].ntop; k++)
			job_free(&r->g[i].top[k]);
		free(r->g[i].top);
		free(r->g[i].app);
		free(r->g[i].user);
	}
	free(r->g);
	memset(r, 0, sizeof(*r));
}

/* ---- the flagged jobs' ids (trend) ---- */

static int cmp_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The pass of iol_poptri_run() (one verdict, under the configurations'
 * noise), keeping the flagged rows' ids. */
int iol_poptri_flagged(struct iol_popdb *db, const char *where,
		       const struct iol_triage_conf *c, int min_sev,
		       int64_t **ids, size_t *n, size_t *evaluated,
		       struct iol_poptri *info, struct iol_error *err)
{
	struct iol_poptri r, keep;
	struct pass p = {0};
	struct idvec v = {0};
	int rc;

	/* the top jobs are not wanted: the least kept */
	pass_init(&p, db, c, min_sev, 1, &r);
	r.min_stake = 0; /* no group is hidden here */
	p.ids = &v;
	rc = passes(where, &p, err);
	*evaluated = p.evaluated;
	free(p.map);
	iol_index_release(&p.ix);
	cfgs_free(&p.cf);
	held_free(&p);
	keep = r;
	iol_poptri_free(&r);
	if (info) {
		/* the counts and the fields missing, without the groups */
		keep.g = NULL;
		keep.ng = 0;
		*info = keep;
	}
	if (rc < 0) {
		free(v.v);
		return rc;
	}
	if (v.n)
		qsort(v.v, v.n, sizeof(*v.v), cmp_id);
	*ids = v.v;
	*n = v.n;
	return 0;
}

int iol_poptri_flagged_share(struct iol_popdb *db, const char *where,
			     const char *conf_text, int64_t **ids, size_t *n,
			     struct iol_poptri *info, struct iol_error *err)
{
	struct iol_triage_conf conf;
	size_t known;
	int rc;

	*ids = NULL;
	*n = 0;
	if ((rc = iol_triage_conf_parse(&conf, conf_text, err)) < 0 ||
	    (rc = iol_poptri_flagged(db, where, &conf, IOL_SEV_WARN, ids, n,
				     &known, info, err)) < 0)
		return rc;
	if (!known) {
		/* the store lacks every field the rules read: unknown, not 0 */
		free(*ids);
		*ids = NULL;
		*n = 0;
		return 0;
	}
	/* none flagged is a share of 0, not unknown */
	if (!*ids && !(*ids = calloc(1, sizeof(**ids))))
		return iol_error_set(err, IOL_ENOMEM, "%s",
				     iol_strerror(IOL_ENOMEM));
	return 0;
}

/* ---- the flagged share over the caller's cursor (trend) ---- */

struct iol_poptri_share {
	struct iol_triage_conf conf;
	struct pass p;
	struct iol_poptri r;
	struct idvec v;
};

int iol_poptri_share_begin(struct iol_popdb *db, const char *conf_text,
			   struct iol_poptri_share **sp, struct iol_error *err)
{
	struct iol_poptri_share *s = calloc(1, sizeof(*s));
	int rc;

	*sp = NULL;
	if (!s)
		return iol_error_set(err, IOL_ENOMEM, "%s",
				     iol_strerror(IOL_ENOMEM));
	if ((rc = iol_triage_conf_parse(&s->conf, conf_text, err)) < 0) {
		free(s);
		return rc;
	}
	/* iol_poptri_flagged()'s pass: the top jobs are not wanted, no
	 * group is hidden */
	pass_init(&s->p, db, &s->conf, IOL_SEV_WARN, 1, &s->r);
	s->r.min_stake = 0;
	s->p.ids = &s->v;
	*sp = s;
	return 0;
}

int iol_poptri_share_open(struct iol_poptri_share *s, struct iol_popcur *cur,
			  struct iol_error *err)
{
	return pass_open(&s->p, cur, err);
}

int iol_poptri_share_row(struct iol_poptri_share *s, struct iol_popcur *cur,
			 struct iol_error *err)
{
	return pass_row(&s->p, cur, err);
}

size_t iol_poptri_share_marked(const struct iol_poptri_share *s)
{
	return s->p.od.n;
}

int iol_poptri_share_end(struct iol_poptri_share *s, int rc, int64_t **ids,
			 size_t *n, struct iol_poptri *info,
			 struct iol_error *err)
{
	struct iol_poptri keep;
	size_t known;

	*ids = NULL;
	*n = 0;
	if (!s)
		return rc;
	rc = pass_end(&s->p, rc, err);
	known = s->p.evaluated;
	free(s->p.map);
	iol_index_release(&s->p.ix);
	cfgs_free(&s->p.cf);
	held_free(&s->p);
	keep = s->r;
	iol_poptri_free(&s->r);
	if (info) {
		keep.g = NULL;
		keep.ng = 0;
		*info = keep;
	}
	if (rc < 0 || !known) {
		/* the store lacks every field the rules read: unknown */
		free(s->v.v);
		free(s);
		return rc < 0 ? rc : 0;
	}
	if (s->v.n)
		qsort(s->v.v, s->v.n, sizeof(*s->v.v), cmp_id);
	*ids = s->v.v;
	*n = s->v.n;
	free(s);
	/* none flagged is a share of 0, not unknown */
	if (!*ids && !(*ids = calloc(1, sizeof(**ids))))
		return iol_error_set(err, IOL_ENOMEM, "%s",
				     iol_strerror(IOL_ENOMEM));
	return 0;
}
