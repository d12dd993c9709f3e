/*
 * The job list of the pages, read from the store in the server's own
 * process (a command run per page cost a second under load): the rows of
 * `iolens jobs` through the same library calls and the same view, so the
 * JSON twin is that command's --format=json byte for byte and the HTML
 * table has the columns and headers its text shows.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "population/popdb.h"
#include "render/output.h"
#include "render/view-jobs.h"
#include "serve/internal.h"
#include "base/banned.h"

#define MAXCOLS 64

int joblist_sortable(const char *key)
{
	if (*key == '-')
		key++;
	for (int k = 0; k < iol_view_jobs.ncols; k++)
		if (!strcmp(iol_view_jobs.cols[k].key, key))
			return 1;
	return 0;
}

/* The cursor on the page's rows at its first; 1 a row, 0 none, -1. */
static int open_at_first(struct iol_popdb *db, const struct joblist_q *q,
			 int all, struct iol_popcur **cur, char *why, size_t n)
{
	const char *keys[MAXCOLS];
	struct iol_error err = {0};
	int rc, nk = 0;

	/* JSON every column, as `jobs` prints; a page those it shows */
	for (int k = 0; k < iol_view_jobs.ncols && nk < MAXCOLS; k++)
		keys[nk++] = iol_view_jobs.cols[k].key;
	rc = keyset_open(q->o, db, q, all ? NULL : keys, (size_t)nk, cur, &err);
	if (rc == 0 && (rc = iol_popcur_next(*cur, &err)) <= 0) {
		iol_popcur_close(*cur);
		*cur = NULL;
	}
	if (rc < 0)
		snprintf(why, n, "%s", err.msg);
	return rc < 0 ? -1 : rc;
}

/* The whole of fd (from its start) appended to b. */
static int slurp(int fd, struct sb *b)
{
	char buf[65536];
	off_t at = 0;
	ssize_t k;

	while ((k = pread(fd, buf, sizeof buf, at)) > 0) {
		sb_put(b, buf, (size_t)k);
		at += k;
	}
	return k < 0 || b->nomem ? -1 : 0;
}

int joblist_json(struct iol_popdb *db, const struct joblist_q *q, struct sb *b,
		 char *why, size_t n)
{
	struct iol_error err = {0};
	struct iol_popcur *cur;
	struct out o;
	int rc = open_at_first(db, q, 1, &cur, why, n), fd, bad;

	if (rc <= 0)
		return rc;
	/* the printer writes to a descriptor: one in memory */
	fd = memfd_create("iolens-jobs", MFD_CLOEXEC);
	memset(&o, 0, sizeof o);
	o.fmt = FMT_JSON;
	if (fd < 0 || obuf_init(&o.ob, fd, 1 << 16) < 0) {
		if (fd >= 0)
			close(fd);
		iol_popcur_close(cur);
		snprintf(why, n, "out of memory");
		return -1;
	}
	bad = iol_view_jobs_print(&o, cur, &err) < 0;
	iol_popcur_close(cur);
	if (out_close(&o, 1) < 0 && !bad)
		snprintf(err.msg, sizeof err.msg, "%s", o.err.msg), bad = 1;
	if (!bad && slurp(fd, b) < 0)
		snprintf(err.msg, sizeof err.msg, "out of memory"), bad = 1;
	close(fd);
	if (bad)
		snprintf(why, n, "%s", err.msg);
	return bad ? -1 : 1;
}

/* A cell as `jobs --format=csv` writes it (the text a page's number
 * cells keep). */
static const char *cell_text(struct iol_popcur *cur, int i, char *buf, size_t n)
{
	const char *t;
	double v;

	switch (iol_popcur_type(cur, i)) {
	case IOL_POPV_NULL: return "";
	case IOL_POPV_INT:
		snprintf(buf, n, "%lld", (long long)iol_popcur_int(cur, i));
		return buf;
	case IOL_POPV_REAL:
		v = iol_popcur_real(cur, i);
		if (isnan(v) || isinf(v))
			return "";
		fmt_double(buf, n, v);
		return buf;
	default: t = iol_popcur_text(cur, i); return t ? t : "";
	}
}

/* The view's columns the store has: their cursor index and column. */
static int pick(struct iol_popcur *cur, int *idx, const struct iol_col **vc)
{
	int n = 0, nc = iol_popcur_ncols(cur);

	for (int k = 0; k < iol_view_jobs.ncols && n < MAXCOLS; k++)
		for (int i = 0; i < nc; i++)
			if (!strcmp(iol_popcur_name(cur, i),
				    iol_view_jobs.cols[k].key)) {
				idx[n] = i;
				vc[n++] = &iol_view_jobs.cols[k];
				break;
			}
	return n;
}

static void row(struct sb *b, struct iol_popcur *cur, const int *idx,
		const struct iol_col *const *vc, int n)
{
	char buf[64];

	sb_puts(b, "<tr>");
	for (int k = 0; k < n; k++) {
		const char *v = cell_text(cur, idx[k], buf, sizeof buf);
		if (!strcmp(vc[k]->key, "id")) {
			sb_puts(b, "<td class=\"n\">");
			page_job_link(b, 0, v, v);
			sb_puts(b, "</td>");
		} else {
			page_data_cell(b, vc[k]->key, v);
		}
	}
	sb_puts(b, "</tr>\n");
}

int joblist_html(struct iol_popdb *db, const struct joblist_q *q,
		 const char *sortbase, struct sb *b, char *why, size_t n)
{
	struct iol_error err = {0};
	const struct iol_col *vc[MAXCOLS];
	struct iol_popcur *cur;
	int idx[MAXCOLS], nc, rc = open_at_first(db, q, 0, &cur, why, n);

	if (rc <= 0)
		return rc;
	nc = pick(cur, idx, vc);
	sb_puts(b,
		"<div class=\"scroll\"><table class=\"sortable\"><thead><tr>");
	for (int k = 0; k < nc; k++)
		page_head_cell(b, vc[k]->key, vc[k], sortbase);
	sb_puts(b, "</tr></thead><tbody>\n");
	for (; rc > 0; rc = iol_popcur_next(cur, &err))
		row(b, cur, idx, vc, nc);
	sb_puts(b, "</tbody></table></div>\n");
	iol_popcur_close(cur);
	if (rc < 0)
		snprintf(why, n, "%s", err.msg);
	return rc < 0 ? -1 : 1;
}
