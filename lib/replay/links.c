/*
 * The links of a replay script checked against the names that are or may
 * become links (links.h): a '..' after one of them is refused, as the
 * kernel would go up from where that link leads.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "replay/links.h"
#include "base/banned.h"

/* p without "." and empty components, into d (strlen(p) + 1 bytes) */
static size_t norm(const char *p, char *d)
{
	size_t o = 0, k;

	while (*p) {
		k = strcspn(p, "/");
		if (k && !(k == 1 && p[0] == '.')) {
			if (o)
				d[o++] = '/';
			memcpy(d + o, p, k);
			o += k;
		}
		p += k;
		while (*p == '/')
			p++;
	}
	d[o] = 0;
	return o;
}

static int add(struct iol_rlinks *l, size_t *cap, const char *p)
{
	char *d = malloc(strlen(p) + 1), **nn;

	if (!d)
		return IOL_ENOMEM;
	if (!norm(p, d)) { /* the run directory: no link */
		free(d);
		return 0;
	}
	if (l->n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		nn = realloc(l->name, *cap * sizeof(*nn));
		if (!nn) {
			free(d);
			return IOL_ENOMEM;
		}
		l->name = nn;
	}
	l->name[l->n++] = d;
	return 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the names links are made at: link inputs, symlink calls' paths */
static int collect(struct iol_rlinks *l, const struct iol_rscript *s,
		   size_t *cap)
{
	size_t i, r;
	int rc = 0;

	for (i = 0; i < s->ninput && rc == 0; i++)
		if (s->input[i].target)
			rc = add(l, cap, iol_rscript_s(s, s->input[i].path));
	for (r = 0; r < s->nrank && rc == 0; r++)
		for (i = 0; i < s->rank[r].n && rc == 0; i++)
			if (s->rank[r].ev[i].op == IOL_ROP_SYMLINK)
				rc = add(l, cap,
					 iol_rscript_s(s,
						       s->rank[r].ev[i].path));
	return rc;
}

static void sort_unique(struct iol_rlinks *l)
{
	size_t i, k = 0;

	if (l->n > 1)
		qsort(l->name, l->n, sizeof(*l->name), cmp_name);
	for (i = 0; i < l->n; i++) {
		if (k && !strcmp(l->name[k - 1], l->name[i]))
			free(l->name[i]);
		else
			l->name[k++] = l->name[i];
	}
	l->n = k;
}

/* the name of the first n of l that l->buf is, or NULL */
static const char *find_in(const struct iol_rlinks *l, size_t n)
{
	const char *key = l->buf;
	char **at;

	if (!n || !l->buf[0])
		return NULL;
	at = bsearch(&key, l->name, n, sizeof(*l->name), cmp_name);
	return at ? *at : NULL;
}

static int grow_buf(struct iol_rlinks *l, size_t need)
{
	char *nb;

	if (need <= l->cap)
		return 0;
	nb = realloc(l->buf, need);
	if (!nb)
		return IOL_ENOMEM;
	l->buf = nb, l->cap = need;
	return 0;
}

/* May what a rename or link moves from p be a link, or hold one, among
 * the first n of l: p one of them, beneath one (the kernel went through
 * it) or above one?  1, 0, or IOL_ENOMEM. */
static int may_link(struct iol_rlinks *l, size_t n, const char *p)
{
	size_t o, at, lo = 0, hi = n;

	if (grow_buf(l, strlen(p) + 2))
		return IOL_ENOMEM;
	o = norm(p, l->buf);
	for (at = 1; at <= o; at++)
		if (at == o || l->buf[at] == '/') {
			char save = l->buf[at];
			const char *f;

			l->buf[at] = 0;
			f = find_in(l, n);
			l->buf[at] = save;
			if (f)
				return 1;
		}
	if (!o)
		return n > 0; /* the run directory holds them all */
	l->buf[o] = '/', l->buf[o + 1] = 0;
	while (lo < hi) { /* the first name not before "p/" */
		size_t m = lo + (hi - lo) / 2;

		if (strcmp(l->name[m], l->buf) < 0)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < n && !strncmp(l->name[lo], l->buf, o + 1);
}

/* The new names of renames and links of what may be a link, until no
 * more come: each may make more moves count. */
static int add_moved(struct iol_rlinks *l, const struct iol_rscript *s,
		     size_t *cap)
{
	size_t r, i, n;
	int rc = 0, m;

	do {
		n = l->n;
		for (r = 0; r < s->nrank && rc == 0; r++)
			for (i = 0; i < s->rank[r].n && rc == 0; i++) {
				const struct iol_rev *e = &s->rank[r].ev[i];

				if (e->op != IOL_ROP_RENAME &&
				    e->op != IOL_ROP_LINK)
					continue;
				m = may_link(l, n, iol_rscript_s(s, e->path));
				if (m < 0)
					rc = m;
				else if (m)
					rc = add(l, cap,
						 iol_rscript_s(s, e->path2));
			}
		sort_unique(l);
	} while (rc == 0 && l->n > n);
	return rc;
}

int iol_rlinks_init(struct iol_rlinks *l, const struct iol_rscript *s)
{
	size_t cap = 0;
	int rc;

	memset(l, 0, sizeof(*l));
	rc = collect(l, s, &cap);
	if (rc == 0) {
		sort_unique(l);
		rc = add_moved(l, s, &cap);
	}
	if (rc)
		iol_rlinks_release(l);
	return rc;
}

void iol_rlinks_release(struct iol_rlinks *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->name[i]);
	free(l->name);
	free(l->buf);
	memset(l, 0, sizeof(*l));
}

static const char *find(const struct iol_rlinks *l)
{
	return find_in(l, l->n);
}

int iol_rlinks_ok(struct iol_rlinks *l, const char *path, const char *target,
		  const char **via)
{
	size_t need = strlen(path) + strlen(target) + 2, o, k, at;
	const char *c, *link = NULL;
	char *slash;

	if (grow_buf(l, need))
		return IOL_ENOMEM;
	/* the link's own directories, each a name that may be a link */
	norm(path, l->buf);
	slash = strrchr(l->buf, '/');
	o = slash ? (size_t)(slash - l->buf) : 0;
	l->buf[o] = 0;
	for (at = 0; at <= o && !link; at++)
		if (at == o || l->buf[at] == '/') {
			char save = l->buf[at];

			l->buf[at] = 0;
			link = find(l);
			l->buf[at] = save;
		}
	for (c = target; *c;) {
		k = strcspn(c, "/");
		if (k == 2 && c[0] == '.' && c[1] == '.') {
			if (link) {
				*via = link;
				return 0;
			}
			while (o > 0 && l->buf[o - 1] != '/')
				o--;
			o = o > 0 ? o - 1 : 0;
			l->buf[o] = 0;
		} else if (k && !(k == 1 && c[0] == '.')) {
			if (o)
				l->buf[o++] = '/';
			memcpy(l->buf + o, c, k);
			o += k;
			l->buf[o] = 0;
			if (!link)
				link = find(l);
		}
		c += k;
		while (*c == '/')
			c++;
	}
	return 1;
}

int iol_rscript_links_check(const struct iol_rscript *s, struct iol_rlinks *l,
			    size_t *input, size_t *r, size_t *i,
			    const char **via)
{
	size_t k, j;
	int rc;

	*input = *r = *i = SIZE_MAX;
	for (k = 0; k < s->ninput; k++) {
		if (!s->input[k].target)
			continue;
		rc = iol_rlinks_ok(l, iol_rscript_s(s, s->input[k].path),
				   iol_rscript_s(s, s->input[k].target), via);
		if (rc <= 0) {
			*input = k;
			return rc < 0 ? rc : 1;
		}
	}
	for (j = 0; j < s->nrank; j++)
		for (k = 0; k < s->rank[j].n; k++) {
			const struct iol_rev *e = &s->rank[j].ev[k];

			if (e->op != IOL_ROP_SYMLINK)
				continue;
			rc = iol_rlinks_ok(l, iol_rscript_s(s, e->path),
					   iol_rscript_s(s, e->path2), via);
			if (rc <= 0) {
				*r = j, *i = k;
				return rc < 0 ? rc : 1;
			}
		}
	return 0;
}
