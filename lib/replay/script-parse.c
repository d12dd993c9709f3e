/*
 * Reading the text form of a replay script (man/iolens-replay.1): one
 * statement a line, words separated by blanks, paths in double quotes
 * with C escapes.  Every error names its line, and paths that would leave
 * the sandbox are refused here, before anything is replayed.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errname.h"
#include "replay/links.h"
#include "replay/script.h"
#include "base/grow.h"
#include "model/event.h"
#include "base/utf8.h"
#include "base/banned.h"

#define MAXTOK 16
#define MAGIC "iolens-replay-script"

struct pst {
	struct iol_rscript *s;
	struct iol_error *err;
	long line;
	long cur; /* rank section, -1 before the first */
	double gap;
	char *tok[MAXTOK];
	int ntok;
	long *wline; /* the line of each wait, 3 longs: section, index, line */
	size_t nw, capw;
	long *iline; /* the line of each link input, 2 longs: input, line */
	size_t nil, capil;
};

static int perr(struct pst *p, const char *fmt, const char *a)
{
	char m[200];

	snprintf(m, sizeof(m), fmt, a);
	return iol_error_set(p->err, IOL_ESYNTAX, "line %ld: %s", p->line, m);
}

/* Unescape a quoted word in place from q (after the quote); returns the
 * end of the word in the line or NULL on a bad escape or no end quote. */
static char *unquote(char *q, char **out)
{
	char *w = q;

	*out = q;
	for (; *q && *q != '"'; q++) {
		if (*q != '\\') {
			*w++ = *q;
			continue;
		}
		q++;
		if (*q == 'n')
			*w++ = '\n';
		else if (*q == 't')
			*w++ = '\t';
		else if (*q == '\\' || *q == '"')
			*w++ = *q;
		else if (*q == 'x' && iol_hexval(q[1]) >= 0 &&
			 iol_hexval(q[2]) >= 0) {
			*w++ = (char)(iol_hexval(q[1]) * 16 + iol_hexval(q[2]));
			q += 2;
		} else
			return NULL;
	}
	if (*q != '"')
		return NULL;
	*w = 0;
	return q + 1;
}

static int tokenize(struct pst *p, char *l)
{
	p->ntok = 0;
	for (;;) {
		while (*l == ' ' || *l == '\t' || *l == '\r')
			l++;
		if (!*l || *l == '#')
			return 0;
		if (p->ntok == MAXTOK)
			return perr(p, "%stoo many words", "");
		if (*l == '"') {
			l = unquote(l + 1, &p->tok[p->ntok]);
			if (!l || (*l && *l != ' ' && *l != '\t'))
				return perr(p, "%sbad quoted string", "");
		} else {
			p->tok[p->ntok] = l;
			l += strcspn(l, " \t\r");
		}
		p->ntok++;
		if (*l)
			*l++ = 0;
	}
}

static int get_int(struct pst *p, const char *w, int64_t *v, int base)
{
	char *end;
	long long x;

	errno = 0;
	x = strtoll(w, &end, base);
	if (!*w || *end || errno)
		return perr(p, "'%s' is not a number", w);
	*v = x;
	return 0;
}

/* a copy's offset: -1 (none: the descriptor's position) up to 2^62 */
static int get_offset(struct pst *p, const char *w, int64_t *v)
{
	int rc = get_int(p, w, v, 10);

	if (!rc && (*v < -1 || *v > IOL_RMAX_LEN))
		return perr(p, "bad offset '%s'", w);
	return rc;
}

static int get_secs(struct pst *p, const char *w, double *v)
{
	char *end;

	*v = strtod(w, &end);
	if (!*w || *end || !isfinite(*v) || *v < 0 || *v > IOL_RMAX_SECS)
		return perr(p, "'%s' is not a duration in seconds", w);
	return 0;
}

static const char *const flagnames[] = {
	"creat", "excl",   "trunc",	"append",
	"sync",	 "direct", "directory", "cloexec",
};

static int get_flags(struct pst *p, char *w, unsigned *f)
{
	static const char *const acc[] = {"rdonly", "wronly", "rdwr"};
	char *c = w;
	size_t i;
	int first = 1;

	*f = 0;
	while (*c) {
		size_t l = strcspn(c, "|");
		int found = 0;

		for (i = 0; i < 3 && first; i++)
			if (strlen(acc[i]) == l && !strncmp(c, acc[i], l))
				*f |= (unsigned)i, found = 1;
		for (i = 0; i < 8 && !first; i++)
			if (strlen(flagnames[i]) == l &&
			    !strncmp(c, flagnames[i], l))
				*f |= IOL_EVF_CREAT << i, found = 1;
		if (!found)
			return perr(p, "bad open flags '%s'", w);
		first = 0;
		c += l;
		if (*c)
			c++;
	}
	return first ? perr(p, "bad open flags '%s'", w) : 0;
}

static int get_path(struct pst *p, const char *w, uint32_t *id)
{
	int rc = 0;

	if (!iol_rpath_ok(w))
		return perr(p,
			    "path '%s' is outside the sandbox (absolute "
			    "or with '..')",
			    w);
	*id = iol_rscript_str(p->s, w, &rc);
	return rc < 0 ? iol_error_set(p->err, rc, "out of memory") : 0;
}

/* a symbolic link's target w, for the link at path: it must not lead
 * out */
static int target_ok(struct pst *p, const char *path, const char *w)
{
	if (!iol_rlink_ok(path, w))
		return perr(p,
			    "link target '%s' leads outside the sandbox "
			    "(absolute, or '..' above it)",
			    w);
	return 0;
}

static int get_target(struct pst *p, const char *w, struct iol_rev *e)
{
	int rc = target_ok(p, iol_rscript_s(p->s, e->path), w);

	if (rc < 0)
		return rc;
	e->path2 = iol_rscript_str(p->s, w, &rc);
	return rc < 0 ? iol_error_set(p->err, rc, "out of memory") : 0;
}

static int get_whence(struct pst *p, const char *w, uint8_t *v)
{
	static const char *const names[] = {"set", "cur", "end"};
	int i;

	for (i = 0; i < 3; i++)
		if (!strcmp(w, names[i])) {
			*v = (uint8_t)i;
			return 0;
		}
	return perr(p, "bad whence '%s' (set, cur or end)", w);
}

/* fallocate's mode: "0", or names joined by '|' ("keep_size|punch_hole") */
static int get_falloc(struct pst *p, char *w, uint16_t *v)
{
	char *save = NULL, *t;
	const char *n;
	int b;

	*v = 0;
	if (!strcmp(w, "0"))
		return 0;
	for (t = strtok_r(w, "|", &save); t; t = strtok_r(NULL, "|", &save)) {
		for (b = 0; (n = iol_rfalloc_name(b)) == NULL || strcmp(n, t);)
			if (++b >= 7)
				return perr(p, "bad fallocate mode '%s'", t);
		*v |= (uint16_t)(1u << b);
	}
	return 0;
}

static int get_advice(struct pst *p, const char *w, uint16_t *v)
{
	int i;

	for (i = 0; iol_radvice_name(i); i++)
		if (!strcmp(w, iol_radvice_name(i))) {
			*v = (uint16_t)i;
			return 0;
		}
	return perr(p,
		    "bad advice '%s' (normal, random, sequential, "
		    "willneed, dontneed or noreuse)",
		    w);
}

static int get_arg(struct pst *p, struct iol_rev *e, char c, char *w)
{
	int64_t v = 0;
	unsigned f;
	int rc = 0, big;

	switch (c) {
	case 'p': return get_path(p, w, &e->path);
	case 'q': return get_path(p, w, &e->path2);
	case 't': return get_target(p, w, e);
	case 'f':
		rc = get_flags(p, w, &f);
		e->flags = (uint16_t)f;
		return rc;
	case 'w': return get_whence(p, w, &e->whence);
	case 'k': return get_falloc(p, w, &e->flags);
	case 'a': return get_advice(p, w, &e->flags);
	case 'm':
		rc = get_int(p, w, &v, 8);
		if (!rc && (v < 0 || v > IOL_RMAX_MODE))
			return perr(p, "bad mode '%s'", w);
		e->mode = (uint32_t)v;
		return rc;
	case 'd':
	case 'e':
		rc = get_int(p, w, &v, 10);
		if (!rc && (v < 0 || v > IOL_RMAX_FD))
			return perr(p, "bad descriptor '%s'", w);
		*(c == 'd' ? &e->fd : &e->fd2) = (int32_t)v;
		return rc;
	case 'l':
	case 'L':
		/* l fills the rank's one buffer; a copy needs none, nor a
		 * truncate (its length: a file made 4 GiB by ftruncate) */
		big = c == 'L' || e->op == IOL_ROP_TRUNCATE ||
		      e->op == IOL_ROP_FTRUNCATE;
		rc = get_int(p, w, &e->len, 10);
		if (!rc && (e->len < 0 ||
			    e->len > (big ? IOL_RMAX_LEN : IOL_RMAX_BUF)))
			return perr(p, "bad length '%s'", w);
		return rc;
	case 'n': return get_offset(p, w, &e->off2);
	default: /* o: an lseek may go back, so any number */
		return get_int(p, w, &e->off, 10);
	}
}

/* OP ARGS... = RET [ERRNO] DUR */
static int parse_event(struct pst *p, int op)
{
	const char *spec = iol_rop_args(op);
	int na = (int)strlen(spec), i, k;
	struct iol_rev *e;

	if (p->cur < 0)
		return perr(p, "'%s' before the first rank line", p->tok[0]);
	if (p->ntok < na + 3 || strcmp(p->tok[na + 1], "="))
		return perr(p,
			    "'%s' wants its arguments, '=', the return "
			    "value and the duration",
			    p->tok[0]);
	e = iol_rscript_push(p->s, (size_t)p->cur);
	if (!e)
		return iol_error_set(p->err, IOL_ENOMEM, "out of memory");
	e->line = (uint32_t)p->line;
	e->op = (uint8_t)op;
	e->gap = p->gap;
	p->gap = 0;
	for (i = 0; i < na; i++)
		if (get_arg(p, e, spec[i], p->tok[i + 1]) < 0)
			return p->err ? p->err->code : IOL_ESYNTAX;
	/* a clone's offsets are the kernel's u64s: none stands for the
	 * descriptor's position */
	if (op == IOL_ROP_CLONE &&
	    (e->off < 0 || e->off > IOL_RMAX_LEN || e->off2 < 0))
		return perr(p, "%s'clone' wants offsets from 0 to 2^62", "");
	if (get_int(p, p->tok[na + 2], &e->ret, 10) < 0)
		return IOL_ESYNTAX;
	k = na + 3;
	if (e->ret == -1 && p->ntok == k + 2) {
		e->err = iol_errno_parse(p->tok[k], strlen(p->tok[k]));
		if (!e->err)
			return perr(p, "bad error name '%s'", p->tok[k]);
		k++;
	}
	if (p->ntok != k + 1)
		return perr(p, "'%s': wrong number of words", p->tok[0]);
	return get_secs(p, p->tok[k], &e->dur);
}

static int want(struct pst *p, int n)
{
	if (p->ntok != n)
		return perr(p, "'%s': wrong number of words", p->tok[0]);
	return 0;
}

static int st_rank(struct pst *p)
{
	int64_t r, pid, of = 0;
	long i;

	if ((p->ntok != 4 && p->ntok != 6) || strcmp(p->tok[2], "pid") ||
	    get_int(p, p->tok[1], &r, 10) < 0 ||
	    get_int(p, p->tok[3], &pid, 10) < 0 ||
	    (p->ntok == 6 && (strcmp(p->tok[4], "thread-of") ||
			      get_int(p, p->tok[5], &of, 10) < 0 || of == 0)))
		return perr(p, "%swant 'rank R pid P [thread-of Q]'", "");
	if (p->cur >= 0 && p->gap > 0) {
		struct iol_rev *e = iol_rscript_push(p->s, (size_t)p->cur);

		if (!e)
			return IOL_ENOMEM;
		e->gap = p->gap;
	}
	p->gap = 0;
	i = iol_rscript_add_rank(p->s, r, pid);
	if (i < 0)
		return IOL_ENOMEM;
	p->s->rank[i].thread_of = of;
	p->cur = i;
	return 0;
}

/* after S N: the next call waits until section S (from 0, in script
 * order) has made N calls */
static int st_after(struct pst *p)
{
	int64_t sec, n;
	struct iol_rev *e;
	long *nl;

	if (want(p, 3) < 0 || get_int(p, p->tok[1], &sec, 10) < 0 ||
	    get_int(p, p->tok[2], &n, 10) < 0 || sec < 0 || n < 0 ||
	    sec > INT32_MAX)
		return perr(p, "%swant 'after SECTION CALLS'", "");
	if (p->cur < 0)
		return perr(p, "%s'after' before the first rank line", "");
	nl = iol_grow(p->wline, &p->capw, p->nw, 3 * sizeof(long), 64);
	e = nl ? iol_rscript_push(p->s, (size_t)p->cur) : NULL;
	if (!e)
		return iol_error_set(p->err, IOL_ENOMEM, "out of memory");
	p->wline = nl;
	p->wline[3 * p->nw] = p->cur;
	p->wline[3 * p->nw + 1] = (long)p->s->rank[p->cur].n - 1;
	p->wline[3 * p->nw++ + 2] = p->line;
	e->op = IOL_ROP_WAIT;
	e->fd = (int32_t)sec, e->len = n;
	e->gap = p->gap;
	p->gap = 0;
	return 0;
}

/* Every wait can be met, or the line of the first that cannot. */
static int check_waits(struct pst *p)
{
	size_t r, i, k;
	int rc = iol_rscript_waits_ok(p->s, &r, &i);

	if (rc == IOL_ENOMEM)
		return iol_error_set(p->err, rc, "out of memory");
	for (k = 0; rc > 0 && k < p->nw; k++)
		if (p->wline[3 * k] == (long)r &&
		    p->wline[3 * k + 1] == (long)i)
			p->line = p->wline[3 * k + 2];
	if (rc > 0)
		return perr(p,
			    "%sthis wait can never be met (its section is "
			    "out of range or its own, makes too few calls, "
			    "or waits in turn on this one)",
			    "");
	return 0;
}

/* No link's '..' follows a name the script makes a link (links.h), or
 * the line of the first that does: known only once the whole script is
 * read, as a link may be made after the one that goes through it. */
static int check_links(struct pst *p)
{
	struct iol_rlinks l;
	size_t in, r, i, k;
	const char *via = "", *t;
	int rc = iol_rlinks_init(&l, p->s);

	if (rc == 0)
		rc = iol_rscript_links_check(p->s, &l, &in, &r, &i, &via);
	if (rc == IOL_ENOMEM) {
		iol_rlinks_release(&l);
		return iol_error_set(p->err, rc, "out of memory");
	}
	if (rc > 0 && in != SIZE_MAX) {
		t = iol_rscript_s(p->s, p->s->input[in].target);
		for (k = 0; k < p->nil; k++)
			if (p->iline[2 * k] == (long)in)
				p->line = p->iline[2 * k + 1];
	} else if (rc > 0) {
		t = iol_rscript_s(p->s, p->s->rank[r].ev[i].path2);
		p->line = (long)p->s->rank[r].ev[i].line;
	}
	if (rc > 0)
		rc = iol_error_set(p->err, IOL_ESYNTAX,
				   "line %ld: link target '%s' has a '..' "
				   "after '%s', a name the script makes a "
				   "link: it may lead outside the sandbox",
				   p->line, t, via);
	iol_rlinks_release(&l);
	return rc;
}

static int st_compute(struct pst *p)
{
	double g;

	if (want(p, 2) < 0 || get_secs(p, p->tok[1], &g) < 0)
		return IOL_ESYNTAX;
	if (p->cur < 0)
		return perr(p, "%s'compute' before the first rank line", "");
	p->gap += g;
	return 0;
}

/* input PATH SIZE, input PATH dir, input PATH link TARGET */
static int st_input(struct pst *p)
{
	int64_t size = -1;
	int link = p->ntok == 4 && !strcmp(p->tok[2], "link");

	if (!link && want(p, 3) < 0)
		return IOL_ESYNTAX;
	if (!iol_rpath_ok(p->tok[1]))
		return perr(p, "input '%s' is outside the sandbox", p->tok[1]);
	if (link && target_ok(p, p->tok[1], p->tok[3]) < 0)
		return IOL_ESYNTAX;
	if (!link && strcmp(p->tok[2], "dir") &&
	    (get_int(p, p->tok[2], &size, 10) < 0 || size < 0 ||
	     size > IOL_RMAX_INPUT))
		return perr(p, "bad input size '%s'", p->tok[2]);
	if (p->s->max_input && p->s->ninput >= p->s->max_input)
		return iol_error_set(p->err, IOL_ESYNTAX,
				     "line %ld: more than %zu inputs "
				     "(--max-inputs)",
				     p->line, p->s->max_input);
	if (link) {
		long *nl = iol_grow(p->iline, &p->capil, p->nil,
				    2 * sizeof(long), 64);

		if (!nl)
			return iol_error_set(p->err, IOL_ENOMEM,
					     "out of memory");
		p->iline = nl;
		p->iline[2 * p->nil] = (long)p->s->ninput;
		p->iline[2 * p->nil++ + 1] = p->line;
		return iol_rscript_add_link(p->s, p->tok[1], p->tok[3]);
	}
	return iol_rscript_add_input(p->s, p->tok[1], size);
}

static int add_pair(struct pst *p, uint32_t **arr, size_t *n, int k)
{
	uint32_t *na = realloc(*arr, (*n + (size_t)k) * sizeof(**arr));
	int rc = 0, i;

	if (!na)
		return IOL_ENOMEM;
	*arr = na;
	for (i = 0; i < k; i++)
		na[(*n)++] = iol_rscript_str(p->s, p->tok[i + 1], &rc);
	return rc;
}

static int st_rewrite(struct pst *p)
{
	if (want(p, 3) < 0)
		return IOL_ESYNTAX;
	if (!iol_rpath_ok(p->tok[2]))
		return perr(p, "path '%s' is outside the sandbox", p->tok[2]);
	return add_pair(p, &p->s->rewrite, &p->s->nrewrite, 2);
}

static int st_system(struct pst *p)
{
	if (want(p, 2) < 0)
		return IOL_ESYNTAX;
	return add_pair(p, &p->s->dropped, &p->s->ndropped, 1);
}

static int st_source(struct pst *p)
{
	if (want(p, 2) < 0)
		return IOL_ESYNTAX;
	snprintf(p->s->source, sizeof(p->s->source), "%s", p->tok[1]);
	return 0;
}

static int st_inferred(struct pst *p)
{
	if (want(p, 2) < 0)
		return IOL_ESYNTAX;
	if (strcmp(p->tok[1], "yes") && strcmp(p->tok[1], "no"))
		return perr(p, "%s'inferred' wants yes or no", "");
	p->s->inferred = !strcmp(p->tok[1], "yes");
	return 0;
}

static int st_overhead(struct pst *p)
{
	if (p->ntok == 4 && get_secs(p, p->tok[3], &p->s->duroverhead) < 0)
		return IOL_ESYNTAX;
	if (p->ntok == 4)
		p->ntok = 3;
	if (want(p, 3) < 0 || get_secs(p, p->tok[1], &p->s->overhead) < 0)
		return IOL_ESYNTAX;
	snprintf(p->s->overhead_from, sizeof(p->s->overhead_from), "%s",
		 p->tok[2]);
	return 0;
}

static int st_traced(struct pst *p)
{
	if (want(p, 2) < 0)
		return IOL_ESYNTAX;
	return get_secs(p, p->tok[1], &p->s->traced);
}

static int st_dropped(struct pst *p)
{
	int64_t v;

	if (want(p, 2) < 0 || get_int(p, p->tok[1], &v, 10) < 0 || v < 0)
		return perr(p, "%s'dropped' wants a count", "");
	p->s->ndropev = (uint64_t)v;
	return 0;
}

static const struct {
	const char *word;
	int (*fn)(struct pst *p);
} statements[] = {
	{"after", st_after},	 {"compute", st_compute},
	{"dropped", st_dropped}, {"inferred", st_inferred},
	{"input", st_input},	 {"overhead", st_overhead},
	{"rank", st_rank},	 {"rewrite", st_rewrite},
	{"source", st_source},	 {"system", st_system},
	{"traced", st_traced},
};

static int statement(struct pst *p)
{
	size_t i;
	int op;

	for (i = 0; i < sizeof(statements) / sizeof(statements[0]); i++)
		if (!strcmp(p->tok[0], statements[i].word))
			return statements[i].fn(p) < 0 ? IOL_ESYNTAX : 0;
	for (op = 1; op < IOL_ROP_COUNT; op++)
		if (!strcmp(p->tok[0], iol_rop_name(op)))
			return parse_event(p, op) < 0 ? IOL_ESYNTAX : 0;
	return perr(p, "unknown statement '%s'", p->tok[0]);
}

static int parse_line(struct pst *p, char *l, int *magic)
{
	if (tokenize(p, l) < 0)
		return IOL_ESYNTAX;
	if (p->ntok == 0)
		return 0;
	if (!*magic) {
		if (p->ntok != 2 || strcmp(p->tok[0], MAGIC) ||
		    strcmp(p->tok[1], "1"))
			return perr(p,
				    "%snot a replay script (want "
				    "'" MAGIC " 1' first)",
				    "");
		*magic = 1;
		return 0;
	}
	return statement(p);
}

/* What parsing holds: the text (n bytes, the caller's), the events as
 * allocated, the strings and their offsets, the inputs and rewrites
 * (the string index is about as large as the offsets: counted twice),
 * and the original's per-file totals (24 bytes a string) that writing
 * and loading the compiled form make. */
static size_t parse_memory(const struct iol_rscript *s, size_t n)
{
	size_t m = n + s->capbytes + s->capoff * (2 * sizeof(uint32_t) + 24) +
		   s->ninput * sizeof(struct iol_rinput) +
		   s->nrewrite * 2 * sizeof(uint32_t) +
		   s->nrank * sizeof(struct iol_rrank),
	       r;

	for (r = 0; r < s->nrank; r++)
		m += s->rank[r].cap * sizeof(struct iol_rev);
	return m;
}

/* held: what parsing holds, with the copy of the line (extra bytes) */
static int over_memory(struct pst *p, const struct iol_rscript *s, size_t held)
{
	return iol_error_set(p->err, IOL_EINVAL,
			     "line %ld: the script's text and events take %zu "
			     "bytes, more than %zu (--max-memory)",
			     p->line, held, s->max_memory);
}

int iol_rscript_parse(struct iol_rscript *s, const char *buf, size_t n,
		      struct iol_error *err)
{
	struct pst p = {s, err, 0, -1, 0, {0}, 0, NULL, 0, 0, NULL, 0, 0};
	char *line = NULL;
	size_t at = 0, cap = 0;
	int magic = 0, rc = 0;

	s->digest = iol_rscript_digest(buf, n);
	while (at < n && rc == 0) {
		const char *nl = memchr(buf + at, '\n', n - at);
		size_t len = nl ? (size_t)(nl - buf - at) : n - at;

		p.line++;
		/* a line longer than any before: its copy, and the string
		 * it may hold, counted before they are made (a script of
		 * one line of 60 MB took 184 MB under --max-memory 64M
		 * before it was refused) */
		if (len + 1 > cap && s->max_memory &&
		    parse_memory(s, n) + 2 * (len + 1) > s->max_memory) {
			rc = over_memory(&p, s,
					 parse_memory(s, n) + 2 * (len + 1));
			break;
		}
		if (len + 1 > cap) {
			char *nlb = realloc(line, len + 1);

			if (!nlb) {
				rc = iol_error_set(err, IOL_ENOMEM,
						   "no memory");
				break;
			}
			line = nlb;
			cap = len + 1;
		}
		memcpy(line, buf + at, len);
		line[len] = 0;
		if (memchr(line, 0, len))
			rc = perr(&p, "%sa NUL byte in the text", "");
		else
			rc = parse_line(&p, line, &magic);
		at += len + 1;
		if (rc == 0 && s->max_memory && !(p.line & 1023) &&
		    parse_memory(s, n) + cap > s->max_memory)
			rc = over_memory(&p, s, parse_memory(s, n) + cap);
	}
	free(line);
	if (rc == 0 && s->max_memory && parse_memory(s, n) > s->max_memory)
		rc = over_memory(&p, s, parse_memory(s, n));
	if (rc == 0 && !magic)
		rc = iol_error_set(err, IOL_EEMPTY, "empty script");
	if (rc == 0 && p.cur >= 0 && p.gap > 0) {
		struct iol_rev *e = iol_rscript_push(s, (size_t)p.cur);

		if (e)
			e->gap = p.gap;
		else
			rc = iol_error_set(err, IOL_ENOMEM, "no memory");
	}
	if (rc == 0)
		rc = iol_rscript_resolve(s, err);
	if (rc == 0 && p.nw)
		rc = check_waits(&p);
	if (rc == 0)
		rc = check_links(&p);
	free(p.wline);
	free(p.iline);
	return rc;
}
