/*
 * File selection for rankings (default exclusions of interpreter and
 * library files) and the shared files' rank balance; see select.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/select.h"
#include "counters/counters.h"
#include "base/banned.h"

/* Files that every Python, MPI or shared-library program opens and
 * that say nothing about the job's own I/O. */
const char *const iol_excl_defaults[] = {
	"\\.pyc$",
	"\\.so(\\.[0-9]+)*$",
	"^/(usr|lib|lib32|lib64|etc|proc|sys)/",
	"/(site|dist)-packages/",
	NULL,
};

/*
 * The defaults are matched by hand: they are a suffix, a suffix with
 * version numbers, a set of prefixes and a set of infixes, and glibc's
 * regexec was an eighth of ingest's time.  Each function below accepts
 * exactly what its regular expression above accepts (bytes, C locale:
 * iolens never calls setlocale); t/7010 checks them against regexec.
 */
static int ends_with(const char *s, size_t n, const char *suf, size_t k)
{
	return n >= k && memcmp(s + n - k, suf, k) == 0;
}

/* \.pyc$ */
static int match_pyc(const char *s, size_t n)
{
	return ends_with(s, n, ".pyc", 4);
}

/* \.so(\.[0-9]+)*$ : from the end, peel ".digits" groups until ".so" */
static int match_so(const char *s, size_t n)
{
	size_t e = n, d;

	for (;;) {
		if (ends_with(s, e, ".so", 3))
			return 1;
		for (d = e; d > 0 && s[d - 1] >= '0' && s[d - 1] <= '9'; d--)
			;
		if (d == e || d == 0 || s[d - 1] != '.')
			return 0;
		e = d - 1;
	}
}

/* ^/(usr|lib|lib32|lib64|etc|proc|sys)/, by the first letter (every
 * file of every log is matched: seven strncmp each were 2 % of ingest) */
static int match_sysdir(const char *s, size_t n)
{
	(void)n; /* NUL-terminated: each strncmp stops at the end */
	if (s[0] != '/')
		return 0;
	switch (s[1]) {
	case 'u': return !strncmp(s + 2, "sr/", 3);
	case 'l':
		return !strncmp(s + 2, "ib/", 3) ||
		       !strncmp(s + 2, "ib32/", 5) ||
		       !strncmp(s + 2, "ib64/", 5);
	case 'e': return !strncmp(s + 2, "tc/", 3);
	case 'p': return !strncmp(s + 2, "roc/", 4);
	case 's': return !strncmp(s + 2, "ys/", 3);
	default: return 0;
	}
}

/* /(site|dist)-packages/: each '-' (memchr, where a strstr a file cost
 * more than the other three defaults together) tried as what both end in */
static int match_packages(const char *s, size_t n)
{
	const char *p = s, *end = s + n;

	for (; (p = memchr(p, '-', (size_t)(end - p))) != NULL; p++)
		if (end - p >= 10 && !memcmp(p, "-packages/", 10) &&
		    p - s >= 5 &&
		    (!memcmp(p - 5, "/site", 5) || !memcmp(p - 5, "/dist", 5)))
			return 1;
	return 0;
}

static int (*const builtin[])(const char *, size_t) = {
	match_pyc, match_so, match_sysdir, match_packages};

/* The defaults as one list that needs no compiling: shared, read-only. */
static const struct iol_excl excl_defaults = {
	4,
	{{0}},
	{(char *)"\\.pyc$", (char *)"\\.so(\\.[0-9]+)*$",
	 (char *)"^/(usr|lib|lib32|lib64|etc|proc|sys)/",
	 (char *)"/(site|dist)-packages/"},
	{0, 1, 2, 3},
};

const struct iol_excl *iol_excl_default(void)
{
	return &excl_defaults;
}

/* The built-in matcher of a default pattern, or -1. */
static int builtin_of(const char *pattern)
{
	int i;

	for (i = 0; iol_excl_defaults[i]; i++)
		if (strcmp(pattern, iol_excl_defaults[i]) == 0)
			return i;
	return -1;
}

int iol_excl_init(struct iol_excl *ex, int defaults, struct iol_error *err)
{
	size_t i;
	int ret;

	memset(ex, 0, sizeof(*ex));
	for (i = 0; defaults && iol_excl_defaults[i]; i++)
		if ((ret = iol_excl_add(ex, iol_excl_defaults[i], err)) < 0)
			return ret;
	return 0;
}

int iol_excl_add(struct iol_excl *ex, const char *pattern,
		 struct iol_error *err)
{
	int b = builtin_of(pattern);
	char *p;

	if (ex->n >= IOL_EXCL_MAX)
		return iol_error_set(err, IOL_EINVAL,
				     "more than %d exclude patterns",
				     IOL_EXCL_MAX);
	if (b < 0 && regcomp(&ex->re[ex->n], pattern, REG_EXTENDED | REG_NOSUB))
		return iol_error_set(err, IOL_EINVAL,
				     "bad regular expression '%s'", pattern);
	p = strdup(pattern);
	if (!p) {
		if (b < 0)
			regfree(&ex->re[ex->n]);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	ex->builtin[ex->n] = (signed char)b;
	ex->pat[ex->n++] = p;
	return 0;
}

int iol_excl_match(const struct iol_excl *ex, const char *path)
{
	size_t i, n = path ? strlen(path) : 0;

	for (i = 0; ex && path && i < ex->n; i++) {
		int b = ex->builtin[i];

		if (b >= 0 ? builtin[b](path, n)
			   : regexec(&ex->re[i], path, 0, NULL, 0) == 0)
			return (int)i;
	}
	return -1;
}

void iol_excl_free(struct iol_excl *ex)
{
	size_t i;

	for (i = 0; i < ex->n; i++) {
		if (ex->builtin[i] < 0)
			regfree(&ex->re[i]);
		free(ex->pat[i]);
	}
	ex->n = 0;
}

/* ---- shared files ---- */

/* The counters of a module's shared-record balance. */
static const struct {
	int mod;
	int br, bw, frank, fbytes, srank, sbytes;
	int ftime, stime, vtime, vbytes;
} balance[] = {
	{IOL_MOD_POSIX, POSIX_BYTES_READ, POSIX_BYTES_WRITTEN,
	 POSIX_FASTEST_RANK, POSIX_FASTEST_RANK_BYTES, POSIX_SLOWEST_RANK,
	 POSIX_SLOWEST_RANK_BYTES, POSIX_F_FASTEST_RANK_TIME,
	 POSIX_F_SLOWEST_RANK_TIME, POSIX_F_VARIANCE_RANK_TIME,
	 POSIX_F_VARIANCE_RANK_BYTES},
	{IOL_MOD_STDIO, STDIO_BYTES_READ, STDIO_BYTES_WRITTEN,
	 STDIO_FASTEST_RANK, STDIO_FASTEST_RANK_BYTES, STDIO_SLOWEST_RANK,
	 STDIO_SLOWEST_RANK_BYTES, STDIO_F_FASTEST_RANK_TIME,
	 STDIO_F_SLOWEST_RANK_TIME, STDIO_F_VARIANCE_RANK_TIME,
	 STDIO_F_VARIANCE_RANK_BYTES},
};

/* A variance as Darshan reduced it can come out slightly negative from
 * rounding: that is no spread at all. */
static double sd_of(double var)
{
	return var > 0 ? sqrt(var) : 0;
}

static void shared_row(const struct iol_job *job, size_t k,
		       const struct iol_jrec *r, struct iol_sharedrow *s)
{
	s->id = r->id;
	s->path = iol_job_name(job, r->id);
	s->mod = balance[k].mod;
	s->nprocs = job->nprocs;
	s->br = r->ic[balance[k].br];
	s->bw = r->ic[balance[k].bw];
	s->fastest_rank = r->ic[balance[k].frank];
	s->fastest_bytes = r->ic[balance[k].fbytes];
	s->fastest_time = r->fc[balance[k].ftime];
	s->slowest_rank = r->ic[balance[k].srank];
	s->slowest_bytes = r->ic[balance[k].sbytes];
	s->slowest_time = r->fc[balance[k].stime];
	s->sd_time = sd_of(r->fc[balance[k].vtime]);
	s->sd_bytes = sd_of(r->fc[balance[k].vbytes]);
}

int iol_row_tiebreak(const char *pa, int ma, uint64_t ia, const char *pb,
		     int mb, uint64_t ib)
{
	int c = strcmp(pa ? pa : "", pb ? pb : "");

	if (c)
		return c;
	if (ma != mb)
		return ma < mb ? -1 : 1;
	return ia < ib ? -1 : ia > ib;
}

static int cmp_shared(const void *a, const void *b)
{
	const struct iol_sharedrow *x = a, *y = b;
	/* in doubles: a damaged log's INT64_MAX bytes each way */
	double bx = (double)x->br + (double)x->bw,
	       by = (double)y->br + (double)y->bw;

	if (bx != by)
		return bx > by ? -1 : 1;
	return iol_row_tiebreak(x->path, x->mod, x->id, y->path, y->mod, y->id);
}

int iol_shared_compute(const struct iol_job *job, struct iol_sharedrow **rows,
		       size_t *n, struct iol_error *err)
{
	size_t k, i, cnt = 0;
	struct iol_sharedrow *v;

	*rows = NULL;
	*n = 0;
	for (k = 0; k < sizeof(balance) / sizeof(balance[0]); k++) {
		const struct iol_jmod *jm = &job->mod[balance[k].mod];

		for (i = 0; jm->loaded && i < jm->n; i++)
			cnt += jm->recs[i].rank < 0;
	}
	if (!cnt)
		return 0;
	v = calloc(cnt, sizeof(*v));
	if (!v)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (k = 0; k < sizeof(balance) / sizeof(balance[0]); k++) {
		const struct iol_jmod *jm = &job->mod[balance[k].mod];

		for (i = 0; jm->loaded && i < jm->n; i++)
			if (jm->recs[i].rank < 0)
				shared_row(job, k, &jm->recs[i], &v[(*n)++]);
	}
	qsort(v, *n, sizeof(*v), cmp_shared);
	*rows = v;
	return 0;
}

void iol_excl_defaults_text(char *b, size_t n)
{
	size_t i, l = 0;

	if (n)
		b[0] = '\0';
	for (i = 0; iol_excl_defaults[i] && l < n; i++)
		l += (size_t)snprintf(b + l, n - l, "%s%s", i ? "  " : "",
				      iol_excl_defaults[i]);
}

int iol_excl_build(struct iol_excl *ex, int defaults,
		   const char *const *patterns, int n, struct iol_error *err)
{
	int k, ret = iol_excl_init(ex, defaults, err);

	for (k = 0; ret == 0 && k < n; k++)
		if ((ret = iol_excl_add(ex, patterns[k], err)) < 0)
			iol_excl_free(ex);
	return ret;
}
