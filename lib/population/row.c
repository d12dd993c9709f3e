/*
 * Population rows: the store's column list (built once from the job-row
 * field table, never written out by hand), the flat encoding of one row,
 * and the building of a row from a log: load, summary, job-row getters,
 * files written, a 64-bit content digest, user, app and project.
 *
 * Encoding: a kind byte, then per value a tag byte and its payload (8
 * bytes little-endian for INT and REAL, a 4-byte length and the bytes for
 * TEXT).  Rows cross MPI ranks of one build, so no versioning is needed.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "population/row.h"
#include "analysis/jobrow.h"
#include "analysis/metrics.h"
#include "analysis/written.h"
#include "base/hash.h"
#include "base/version.h"
#include "model/job.h"
#include "base/banned.h"

/* bookkeeping columns; IOL_PC_* index the first ones */
static const struct iol_popcol book[] = {
	{"path", IOL_PCOL_TEXT},	   {"size", IOL_PCOL_INT},
	{"mtime_ns", IOL_PCOL_INT},	   {"digest", IOL_PCOL_TEXT},
	{"iolens_version", IOL_PCOL_TEXT}, {"ingest_time", IOL_PCOL_REAL},
	{"user", IOL_PCOL_TEXT},	   {"app", IOL_PCOL_TEXT},
	{"project", IOL_PCOL_TEXT},	   {"start_time", IOL_PCOL_REAL},
	{"end_time", IOL_PCOL_REAL},	   {"partial", IOL_PCOL_INT},
};
#define NBOOK (sizeof(book) / sizeof(book[0]))
#define NWRITTEN (1 + IOL_WCLASS_N)

static const struct iol_popcol errcols[] = {
	{"path", IOL_PCOL_TEXT},	   {"size", IOL_PCOL_INT},
	{"mtime_ns", IOL_PCOL_INT},	   {"message", IOL_PCOL_TEXT},
	{"iolens_version", IOL_PCOL_TEXT},
};

static struct iol_popcol *cols;
static size_t ncols;
/* for each column past the written ones, its job-row field */
static const struct iol_field **colfield;
static char wnames[NWRITTEN][40];
/* the job-row fields of the start and end times, looked up once (each
 * row looked both up by name among 270 fields) */
static const struct iol_field *start_field, *end_field;
static pthread_once_t cols_once = PTHREAD_ONCE_INIT;

static int is_book(const char *name)
{
	size_t i;

	for (i = 0; i < NBOOK; i++)
		if (!strcmp(book[i].name, name))
			return 1;
	return 0;
}

static int sqltype(int ft)
{
	switch (ft) {
	case IOL_FT_STR: return IOL_PCOL_TEXT;
	case IOL_FT_NUM:
	case IOL_FT_TIME: return IOL_PCOL_REAL;
	default: return IOL_PCOL_INT;
	}
}

static void build_cols(void)
{
	size_t nf, i, k = 0;
	const struct iol_field *f = iol_jobrow_fields_ext(&nf);

	cols = calloc(NBOOK + NWRITTEN + nf, sizeof(*cols));
	colfield = calloc(NBOOK + NWRITTEN + nf, sizeof(*colfield));
	if (!cols || !colfield)
		return; /* iol_pop_columns() reports 0 columns */
	for (i = 0; i < NBOOK; i++)
		cols[k++] = book[i];
	snprintf(wnames[0], sizeof(wnames[0]), "files_written");
	for (i = 0; i < IOL_WCLASS_N; i++)
		snprintf(wnames[i + 1], sizeof(wnames[0]), "files_written_%s",
			 iol_wclass_names[i]);
	for (i = 0; i < NWRITTEN; i++)
		cols[k++] = (struct iol_popcol){wnames[i], IOL_PCOL_INT};
	for (i = 0; i < nf; i++) {
		if (is_book(f[i].name))
			continue;
		colfield[k] = &f[i];
		cols[k++] = (struct iol_popcol){f[i].name, sqltype(f[i].type)};
	}
	start_field = iol_jobrow_field("start_time");
	end_field = iol_jobrow_field("end_time");
	ncols = k;
}

const struct iol_popcol *iol_pop_columns(size_t *n)
{
	pthread_once(&cols_once, build_cols);
	*n = ncols;
	return cols;
}

const struct iol_popcol *iol_pop_error_columns(size_t *n)
{
	*n = sizeof(errcols) / sizeof(errcols[0]);
	return errcols;
}

/* ---- encoding ---- */

static int put(struct iol_poprow *r, const void *p, size_t n)
{
	if (r->len + n > r->cap) {
		size_t nc = r->cap ? r->cap : 1024;
		unsigned char *nb;

		while (nc < r->len + n)
			nc *= 2;
		nb = realloc(r->buf, nc);
		if (!nb)
			return IOL_ENOMEM;
		r->buf = nb;
		r->cap = nc;
	}
	memcpy(r->buf + r->len, p, n);
	r->len += n;
	return 0;
}

static int put_u64(struct iol_poprow *r, int tag, uint64_t v)
{
	unsigned char b[9];

	b[0] = (unsigned char)tag;
	/* little-endian, in one store */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	memcpy(b + 1, &v, sizeof(v));
	return put(r, b, 9);
}

static int put_null(struct iol_poprow *r)
{
	unsigned char t = IOL_VAL_NULL;

	return put(r, &t, 1);
}

static int put_int(struct iol_poprow *r, int64_t v)
{
	return v == INT64_MIN ? put_null(r)
			      : put_u64(r, IOL_VAL_INT, (uint64_t)v);
}

static int put_real(struct iol_poprow *r, double v)
{
	uint64_t u;

	if (isnan(v))
		return put_null(r);
	memcpy(&u, &v, sizeof(u));
	return put_u64(r, IOL_VAL_REAL, u);
}

static int put_text(struct iol_poprow *r, const char *s)
{
	unsigned char b[5];
	size_t n;
	int i;

	if (!s)
		return put_null(r);
	n = strlen(s);
	if (n > UINT32_MAX)
		n = UINT32_MAX;
	b[0] = IOL_VAL_TEXT;
	for (i = 0; i < 4; i++)
		b[i + 1] = (unsigned char)((uint32_t)n >> (8 * i));
	return put(r, b, 5) || put(r, s, n) ? IOL_ENOMEM : 0;
}

int iol_poprow_kind(const struct iol_poprow *row)
{
	return row->len ? row->buf[0] : -1;
}

static uint64_t get_u64(const unsigned char *p, int nb)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < nb; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* an 8-byte little-endian word in one load (get_u64's byte loop cost
 * six times the mixing: the digest was 5 % of ingest; and as much as
 * the rest of the decoding of a row's values) */
static uint64_t le64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

static uint32_t le32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	return v;
}

int iol_poprow_next(const struct iol_poprow *row, size_t *pos,
		    struct iol_popval *v)
{
	size_t p = *pos ? *pos : 1, left;
	uint64_t u;

	if (p >= row->len)
		return 0;
	left = row->len - p - 1;
	v->tag = row->buf[p];
	switch (v->tag) {
	case IOL_VAL_NULL: *pos = p + 1; return 1;
	case IOL_VAL_INT:
	case IOL_VAL_REAL:
		if (left < 8)
			return IOL_ECORRUPT;
		u = le64(row->buf + p + 1);
		v->i = (int64_t)u;
		memcpy(&v->r, &u, sizeof(u));
		*pos = p + 9;
		return 1;
	case IOL_VAL_TEXT:
		if (left < 4)
			return IOL_ECORRUPT;
		v->len = (size_t)le32(row->buf + p + 1);
		if (left - 4 < v->len)
			return IOL_ECORRUPT;
		v->s = (const char *)row->buf + p + 5;
		*pos = p + 5 + v->len;
		return 1;
	default: return IOL_ECORRUPT;
	}
}

void iol_poprow_free(struct iol_poprow *row)
{
	free(row->buf);
	row->buf = NULL;
	row->len = row->cap = 0;
}

static int start_row(struct iol_poprow *row, int kind)
{
	unsigned char k = (unsigned char)kind;

	row->len = 0;
	return put(row, &k, 1);
}

int iol_poprow_error(struct iol_poprow *row, const struct iol_popfile *f,
		     const char *msg)
{
	if (start_row(row, IOL_ROW_ERROR) || put_text(row, f->path) ||
	    put_int(row, f->size) || put_int(row, f->mtime_ns) ||
	    put_text(row, msg) || put_text(row, IOLENS_VERSION))
		return IOL_ENOMEM;
	return 0;
}

/* ---- building a row ---- */

/* 64-bit digest of the file's bytes: every 8-byte word through the
 * splitmix64 mixer (a short last word as its bytes), then the length.
 * Not cryptographic: it tells a changed log from an unchanged one.
 * Chunks of a multiple of 8 bytes give the digest of the whole. */
static uint64_t digest_add(uint64_t h, const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i + 8 <= n; i += 8)
		h = iol_mix64(h ^ le64(p + i));
	if (i < n)
		h = iol_mix64(h ^ get_u64(p + i, (int)(n - i)));
	return h;
}

#define DIGEST_SEED 0x9e3779b97f4a7c15ULL

static void digest_hex(uint64_t h, uint64_t total, char *hex, size_t n)
{
	snprintf(hex, n, "%016llx", (unsigned long long)iol_mix64(h ^ total));
}

/* the digest of a file the source did not keep in memory, read again */
static int file_digest(const char *path, char *hex, size_t n)
{
	unsigned char buf[65536];
	uint64_t h = DIGEST_SEED, total = 0;
	FILE *f = fopen(path, "rb");
	size_t got;

	if (!f)
		return -1;
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0) {
		h = digest_add(h, buf, got);
		total += got;
	}
	fclose(f);
	digest_hex(h, total, hex, n);
	return 0;
}

/* The digest of the bytes the job was decoded from (no second read of
 * the log, and no window in which the file could change between the
 * two), else of the file read again. */
static int job_digest(const struct iol_job *job, const char *path, char *hex,
		      size_t n)
{
	size_t len;
	const void *b = iol_job_bytes(job, &len);

	if (!b)
		return file_digest(path, hex, n);
	digest_hex(digest_add(DIGEST_SEED, b, len), len, hex, n);
	return 0;
}

const char *iol_pop_user_from_name(const char *path, char *buf, size_t n)
{
	const char *base = strrchr(path, '/'), *us, *id;

	base = base ? base + 1 : path;
	us = strchr(base, '_');
	if (!us || us == base || (size_t)(us - base) >= n)
		return NULL;
	id = strstr(us, "_id");
	if (!id || id[3] < '0' || id[3] > '9')
		return NULL;
	memcpy(buf, base, (size_t)(us - base));
	buf[us - base] = '\0';
	return buf;
}

/* the executable's base name: first word of exe, after its last '/' */
static const char *app_of(const char *exe, char *buf, size_t n)
{
	size_t len, i, start = 0;

	if (!exe)
		return NULL;
	len = strcspn(exe, " \t");
	for (i = 0; i < len; i++)
		if (exe[i] == '/' && i + 1 < len)
			start = i + 1;
	len -= start;
	if (len >= n)
		len = n - 1;
	memcpy(buf, exe + start, len);
	buf[len] = '\0';
	return buf;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* a bookkeeping time that is also a job-row field takes the field's
 * value, so that one number has one definition */
static double book_time(const struct iol_field *fl, double own,
			const struct iol_jobrow *jr)
{
	if (fl && (fl->type == IOL_FT_TIME || fl->type == IOL_FT_NUM))
		return fl->num(jr);
	return own;
}

static int put_book(struct iol_poprow *row, const struct iol_popfile *f,
		    const struct iol_jobrow *jr, const struct iol_popctx *ctx)
{
	const struct iol_job *job = jr->job;
	char digest[24], ubuf[256], uidbuf[24], abuf[256];
	const char *user, *project = NULL;
	int e;

	if (job_digest(job, f->path, digest, sizeof(digest)) < 0)
		digest[0] = '\0';
	snprintf(uidbuf, sizeof(uidbuf), "%lld", (long long)job->uid);
	user = iol_pop_user_from_name(f->path, ubuf, sizeof(ubuf));
	if (!user && ctx->users)
		user = iol_popmap_get(ctx->users, uidbuf);
	if (!user)
		user = uidbuf;
	if (ctx->projects) {
		project = iol_popmap_get(ctx->projects, user);
		if (!project)
			project = iol_popmap_get(ctx->projects, uidbuf);
	}
	e = put_text(row, f->path) || put_int(row, f->size) ||
	    put_int(row, f->mtime_ns) ||
	    put_text(row, digest[0] ? digest : NULL) ||
	    put_text(row, IOLENS_VERSION) || put_real(row, now_s()) ||
	    put_text(row, user) ||
	    put_text(row, app_of(job->exe, abuf, sizeof(abuf))) ||
	    put_text(row, project) ||
	    put_real(row, book_time(start_field, iol_job_start(job), jr)) ||
	    put_real(row, book_time(end_field,
				    (double)job->end_sec + job->end_nsec * 1e-9,
				    jr)) ||
	    put_int(row, job->partial != 0 || job->lost != 0);
	return e ? IOL_ENOMEM : 0;
}

static int put_field(struct iol_poprow *row, const struct iol_field *f,
		     const struct iol_jobrow *jr)
{
	char buf[4096];

	switch (f->type) {
	case IOL_FT_STR: return put_text(row, f->str(jr, buf, sizeof(buf)));
	case IOL_FT_NUM:
	case IOL_FT_TIME: return put_real(row, f->num(jr));
	default: return put_int(row, f->i64(jr));
	}
}

static int put_job(struct iol_poprow *row, const struct iol_popfile *f,
		   const struct iol_job *job, const struct iol_summary *s,
		   const struct iol_written *w, const struct iol_popctx *ctx)
{
	struct iol_jobrow jr = {.log = f->path, .job = job, .s = s};
	size_t n, i;
	int c;

	iol_pop_columns(&n);
	if (!n || start_row(row, IOL_ROW_JOB) || put_book(row, f, &jr, ctx) ||
	    put_int(row, w->files))
		return IOL_ENOMEM;
	for (c = 0; c < IOL_WCLASS_N; c++)
		if (put_int(row, w->cls[c]))
			return IOL_ENOMEM;
	for (i = NBOOK + NWRITTEN; i < n; i++)
		if (put_field(row, colfield[i], &jr))
			return IOL_ENOMEM;
	return 0;
}

/* the one-line message of a failed load, as the commands word it */
static void load_message(int code, const struct iol_error *e, char *buf,
			 size_t n)
{
	const char *what = iol_strerror(code);

	if (code == IOL_EIO && e->sys)
		snprintf(buf, n, "%s", strerror(e->sys));
	else if (e->msg[0] && strncmp(e->msg, what, strlen(what)) != 0)
		snprintf(buf, n, "%s: %s", what, e->msg);
	else
		snprintf(buf, n, "%s", e->msg[0] ? e->msg : what);
}

int iol_poprow_build(struct iol_poprow *row, const struct iol_popfile *f,
		     const struct iol_popctx *ctx, struct iol_error *err)
{
	struct iol_error e = {0, 0, ""};
	struct iol_job *job = NULL;
	struct iol_summary s;
	struct iol_written w;
	char m[320];
	size_t nc;
	int rc;

	iol_pop_columns(&nc); /* the tables, before any summary */
	rc = iol_job_load(&job, f->path, &e);
	/* the summary, files written and triage facts each extract every
	 * record: once here instead (without memory, they extract) */
	if (rc == 0)
		(void)iol_recx_cache(job);
	if (rc == 0)
		rc = iol_summary_compute(job, &ctx->nodes, &s, &e);
	if (rc == 0)
		rc = iol_written_compute(job, &w, &e);
	if (rc == 0)
		rc = put_job(row, f, job, &s, &w, ctx);
	if (job)
		iol_job_close(job);
	if (rc == IOL_ENOMEM)
		return iol_error_set(err, IOL_ENOMEM, "row of '%s'", f->path);
	if (rc == 0)
		return 0;
	load_message(rc, &e, m, sizeof(m));
	return iol_poprow_error(row, f, m);
}

/* ---- maps ---- */

static int cmp_kv(const void *a, const void *b)
{
	return strcmp(((const struct iol_popkv *)a)->k,
		      ((const struct iol_popkv *)b)->k);
}

static int map_line(struct iol_popkv **v, size_t *n, size_t *cap, char *line)
{
	char *k = line + strspn(line, " \t"), *val, *end;
	size_t kl;

	if (*k == '#' || *k == '\n' || *k == '\0')
		return 0;
	kl = strcspn(k, " \t\n");
	val = k + kl + strspn(k + kl, " \t");
	end = val + strcspn(val, "\t\n");
	while (end > val && end[-1] == ' ')
		end--;
	if (val == end)
		return IOL_ESYNTAX;
	if (*n == *cap) {
		struct iol_popkv *nv =
			realloc(*v, (*cap ? *cap * 2 : 16) * sizeof(**v));

		if (!nv)
			return IOL_ENOMEM;
		*v = nv;
		*cap = *cap ? *cap * 2 : 16;
	}
	(*v)[*n].k = strndup(k, kl);
	(*v)[*n].v = strndup(val, (size_t)(end - val));
	if (!(*v)[*n].k || !(*v)[*n].v) {
		free((*v)[*n].k);
		free((*v)[*n].v);
		return IOL_ENOMEM;
	}
	(*n)++;
	return 0;
}

int iol_popmap_load(struct iol_popmap *m, const char *path,
		    struct iol_error *err)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t lcap = 0, cap = 0, lineno = 0;
	int rc = 0;

	memset(m, 0, sizeof(*m));
	if (!f)
		return iol_error_set(err, IOL_EIO, "%s", strerror(errno));
	while (rc == 0 && getline(&line, &lcap, f) >= 0) {
		lineno++;
		rc = map_line(&m->kv, &m->n, &cap, line);
	}
	free(line);
	fclose(f);
	if (rc) {
		iol_popmap_free(m);
		return iol_error_set(err, rc, "line %zu: want 'key value'",
				     lineno);
	}
	if (m->n)
		qsort(m->kv, m->n, sizeof(*m->kv), cmp_kv);
	return 0;
}

const char *iol_popmap_get(const struct iol_popmap *m, const char *key)
{
	struct iol_popkv k = {(char *)key, NULL}, *hit;

	if (!m->n)
		return NULL;
	hit = bsearch(&k, m->kv, m->n, sizeof(*m->kv), cmp_kv);
	return hit ? hit->v : NULL;
}

void iol_popmap_free(struct iol_popmap *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->kv[i].k);
		free(m->kv[i].v);
	}
	free(m->kv);
	memset(m, 0, sizeof(*m));
}
