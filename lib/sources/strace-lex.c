/*
 * The strace lexer: one line into a struct call.  A line is
 * "[pid] time name(args) = ret [errno (text)] <duration>", or a signal, an
 * exit, or half of an "<unfinished ...>" / "<... name resumed>" pair, which
 * is joined here per process.  Arguments are split at the top level only
 * (strings, arrays and structures stay whole); the semantics of calls are
 * strace-calls.c's business.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/errname.h"
#include "sources/trace-int.h"
#include "base/banned.h"

/* the end of a quoted string starting at s (on the quote) */
char *tr_skip_string(char *s)
{
	for (s++; *s; s++) {
		if (*s == '\\' && s[1])
			s++;
		else if (*s == '"')
			return s + 1;
	}
	return s;
}

/* The '>' closing -y's "<path>" after a descriptor argument at lt
 * (strace escapes one in the path; -yy's "->" is not followed by a
 * comma or parenthesis), or NULL: the path may hold commas and
 * brackets. */
static char *yend(char *lt)
{
	char *g;

	for (g = lt + 1; (g = strchr(g, '>')) != NULL; g++)
		if (g[1] == ',' || g[1] == ')')
			return g;
	return NULL;
}

/* split args in place; returns the position after the closing paren */
static char *split_args(char *s, struct call *c)
{
	int depth = 0;
	char *start = s;

	c->nargs = 0;
	while (*s) {
		if (*s == '"') {
			s = tr_skip_string(s);
			continue;
		}
		if (*s == '<' && s > start &&
		    (isdigit((unsigned char)s[-1]) || s[-1] == 'D')) {
			char *gt = yend(s);

			if (gt) {
				s = gt + 1;
				continue;
			}
		}
		if (*s == '(' || *s == '[' || *s == '{') {
			depth++;
		} else if (*s == ')' || *s == ']' || *s == '}') {
			if (depth == 0 && *s == ')') {
				*s = '\0';
				if (c->nargs < MAXARGS && (c->nargs || *start))
					c->args[c->nargs++] = start;
				return s + 1;
			}
			depth--;
		} else if (*s == ',' && depth == 0) {
			*s = '\0';
			if (c->nargs < MAXARGS)
				c->args[c->nargs++] = start;
			start = s + 1;
			while (*start == ' ')
				start++;
			s = start;
			continue;
		}
		s++;
	}
	return NULL;
}

long long tr_arg_int(const struct call *c, int i, int *ok)
{
	char *end;
	long long v;

	if (i >= c->nargs) {
		*ok = 0;
		return 0;
	}
	v = strtoll(c->args[i], &end, 0);
	*ok = end != c->args[i];
	return v;
}

/* an fd argument, with the -y path in <...> when present */
long tr_arg_fd(const struct call *c, int i, char **ypath)
{
	int ok;
	long v = (long)tr_arg_int(c, i, &ok);
	char *lt;

	if (ypath)
		*ypath = NULL;
	if (!ok)
		return -1;
	lt = strchr(c->args[i], '<');
	if (lt && ypath) {
		char *gt = strrchr(lt, '>');

		/* cut and unescaped once: a second look finds no '>' */
		if (gt) {
			*gt = '\0';
			tr_yunescape(lt + 1);
		}
		*ypath = lt + 1;
	}
	return v;
}

static int hexval(char ch)
{
	return isdigit((unsigned char)ch)
		       ? ch - '0'
		       : tolower((unsigned char)ch) - 'a' + 10;
}

/* one escape after the backslash at *ps; the byte it stands for */
static char unescape(const char **ps)
{
	const char *s = *ps + 1;
	int v = 0, k;
	char out;

	switch (*s) {
	case 'n': out = '\n'; break;
	case 't': out = '\t'; break;
	case 'r': out = '\r'; break;
	case 'x':
		for (k = 0; k < 2 && isxdigit((unsigned char)s[1]); k++)
			v = v * 16 + hexval(s[1]), s++;
		out = (char)v;
		break;
	default:
		if (*s >= '0' && *s <= '7') {
			for (k = 0; k < 3 && *s >= '0' && *s <= '7'; k++, s++)
				v = v * 8 + (*s - '0');
			s--;
			out = (char)v;
		} else if (*s) {
			out = *s;
		} else {
			*ps = s - 1;
			return '\0';
		}
	}
	*ps = s;
	return out;
}

void tr_yunescape(char *s)
{
	const char *r = s;
	char *w = s;

	for (; *r; r++)
		*w++ = *r == '\\' && r[1] ? unescape(&r) : *r;
	*w = '\0';
}

/* unescape a C string argument into buf; 0 if not a string */
int tr_arg_str(const struct call *c, int i, char *buf, size_t n)
{
	const char *s;
	size_t o = 0;

	if (i >= c->nargs || c->args[i][0] != '"')
		return 0;
	for (s = c->args[i] + 1; *s && *s != '"' && o + 1 < n; s++) {
		if (*s != '\\') {
			buf[o++] = *s;
			continue;
		}
		if (s[1])
			buf[o++] = unescape(&s);
	}
	buf[o] = '\0';
	return 1;
}

/* "HH:MM:SS[.frac]" (-t, -tt) in seconds since midnight; -1 if bad */
static int time_of_day(struct tpass *ps, const char *s, char **e, double *v)
{
	long h = strtol(s, e, 10), m, sec;
	double frac = 0;

	if (**e != ':')
		return -1;
	m = strtol(*e + 1, e, 10);
	if (**e != ':')
		return -1;
	sec = strtol(*e + 1, e, 10);
	if (**e == '.')
		frac = strtod(*e, e);
	/* checked before any arithmetic: an hour of 2^63 must not wrap */
	if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60 ||
	    !(frac >= 0 && frac < 1)) {
		ps->why = "time of day out of range";
		return -1;
	}
	*v = (double)(h * 3600 + m * 60 + sec) + frac;
	return 0;
}

/* Seconds since the epoch s..e less st->ebase, set by the first: the
 * whole seconds apart from the fraction, which a double then holds to
 * the nanosecond. */
static double less_ebase(struct tstate *st, const char *s, const char *e,
			 double v)
{
	const char *d = s, *f;
	long long whole;

	if (!st->have_ebase) {
		st->ebase = (int64_t)floor(v) - 1000000;
		st->have_ebase = 1;
	}
	while (d < e && *d >= '0' && *d <= '9')
		d++;
	f = d < e && *d == '.' ? d + 1 : d;
	while (f < e && *f >= '0' && *f <= '9')
		f++;
	if (d == s || d - s > 12 || f != e)
		return v - (double)st->ebase; /* not digits[.digits] */
	whole = strtoll(s, NULL, 10);
	return (double)(whole - st->ebase) + (d < e ? strtod(d, NULL) : 0);
}

static int parse_time(struct tpass *ps, const char *s, char **end, double *t)
{
	const char *colon = strchr(s, ':'), *space = strchr(s, ' ');
	char *e;
	double v;

	if (colon && (!space || colon < space)) {
		/* -t / -tt: time of day */
		if (time_of_day(ps, s, &e, &v) < 0)
			return -1;
		/* the day rolls over at midnight */
		if (ps->have_time && v + 43200 < ps->last_tod)
			ps->day += 86400;
		ps->last_tod = v;
		v += ps->day;
		if (ps->loading)
			ps->st->tod = 1;
	} else {
		v = strtod(s, &e);
		if (e == s)
			return -1;
		if (!tr_in_range(v, TR_TIME_MAX)) {
			ps->why = "time out of range";
			return -1;
		}
		/* -ttt: seconds since 1970; -r: since the line before, a
		 * file's first line 0 (no epoch time is under 1e6) */
		if (!ps->have_time)
			ps->relative = v < 1e6;
		if (ps->relative) {
			v = ps->relsum += v;
		} else {
			v = less_ebase(ps->st, s, e, v);
			if (ps->loading)
				ps->st->job->date_known = 1;
		}
	}
	ps->have_time = 1;
	*end = e;
	*t = v;
	return 0;
}

/* "[pid N] " or "N " before the time; returns the rest, NULL if bad */
static char *parse_pid(struct tpass *ps, char *s, long *pid)
{
	char *e;

	*pid = 0;
	if (!strncmp(s, "[pid", 4)) {
		*pid = strtol(s + 4, &e, 10);
		if (*e != ']')
			return NULL;
		s = e + 1;
	} else if (*s >= '0' && *s <= '9') {
		/* "PID TIME" or just "TIME": a pid has no ':' or '.' */
		*pid = strtol(s, &e, 10);
		if (*e == ' ')
			s = e;
		else
			*pid = 0;
	}
	if (*pid < 0 || *pid > INT_MAX) {
		ps->why = "process id out of range";
		return NULL;
	}
	while (*s == ' ')
		s++;
	return s;
}

/* "<... name resumed>rest" glued to the start of the unfinished call;
 * 1 when there is none (the call began before the trace) */
static int resume(struct proc *p, char **ps, double *t, struct call *c)
{
	char *r = strstr(*ps, " resumed>");
	char *joined;
	size_t a, b;

	if (!r)
		return TR_BADLINE;
	if (!p->pending)
		return 1;
	r += 9;
	a = strlen(p->pending);
	b = strlen(r);
	joined = malloc(a + b + 1);
	if (!joined)
		return IOL_ENOMEM;
	memcpy(joined, p->pending, a);
	memcpy(joined + a, r, b + 1);
	*t = p->pstart;
	free(p->pending);
	p->pending = NULL;
	c->owned = joined; /* the call's arguments point into it */
	*ps = joined;
	return 0;
}

/* "= ret[<path>] [ERRNO (text)] [<duration>]" */
static int parse_result(char *rest, struct call *c)
{
	char *e;

	while (*rest == ' ')
		rest++;
	if (*rest != '=')
		return -1;
	rest++;
	while (*rest == ' ')
		rest++;
	if (*rest == '?') {
		c->unknown_ret = 1;
	} else {
		c->ret = strtoll(rest, &e, 0);
		if (e == rest)
			return -1;
		rest = e;
		if (*rest == '<' && (e = strchr(rest, '>'))) {
			/* -y on a returned fd */
			*e = '\0';
			c->retpath = rest + 1;
			tr_yunescape(c->retpath);
			rest = e + 1;
		}
		while (c->ret < 0 && *rest == ' ')
			rest++;
		if (c->ret < 0 && *rest >= 'A' && *rest <= 'Z') {
			c->failed = 1;
			c->err = iol_errno_parse(
				rest, strspn(rest, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0"
						   "123456789_"));
		}
	}
	/* duration: the last "<...>", when it is a number */
	e = strrchr(rest, '<');
	if (e) {
		char *end;
		double d = strtod(e + 1, &end);

		if (end == e + 1 || *end != '>')
			return 0;
		if (!tr_in_range(d, TR_DUR_MAX)) {
			c->why = d < 0 ? "negative duration"
				       : "duration out of range";
			return -1;
		}
		c->dur = d;
	}
	return 0;
}

/* "name(args) = ..." */
static int parse_call(char *s, struct call *c)
{
	char *name = s, *rest;

	while ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
	       *s == '_')
		s++;
	if (*s != '(' || s == name || (size_t)(s - name) >= sizeof(c->name))
		return -1;
	memcpy(c->name, name, (size_t)(s - name));
	c->name[s - name] = '\0';
	rest = split_args(s + 1, c);
	if (!rest)
		return -1;
	return parse_result(rest, c);
}

/* exits, signals and unfinished halves: 1 when the line is one of them */
static int not_a_call(struct tpass *ps, struct proc *p, char *s, double t)
{
	char *u;

	if (!strncmp(s, "+++ ", 4)) {
		/* exited or killed: the table goes with the process */
		tr_proc_exit(p);
		return 1;
	}
	if (!strncmp(s, "--- ", 4))
		return 1; /* a signal */
	u = strstr(s, " <unfinished ...>");
	if (!u || !strncmp(s, "<... ", 5))
		return 0;
	*u = '\0';
	free(p->pending);
	p->pending = strdup(s);
	p->pstart = t;
	if (!p->pending)
		return IOL_ENOMEM;
	return tr_note_pending(ps, p) < 0 ? IOL_ENOMEM : 1;
}

/* 0 a call in *c, 1 ignorable, TR_BADLINE not a trace line, IOL_ENOMEM */
int tr_parse_line(struct tpass *ps, char *line, struct call *c,
		  struct proc **pp)
{
	char *s = line, *e;
	long pid;
	struct proc *p;
	double t;
	int r;

	memset(c, 0, sizeof(*c));
	while (*s == ' ')
		s++;
	if (!*s)
		return 1;
	if (*s == '#')
		return 1; /* a comment: iolens trace's header */
	s = parse_pid(ps, s, &pid);
	if (!s)
		return TR_BADLINE;
	if (strncmp(s, "strace:", 7) == 0)
		return 1;
	if (!(*s >= '0' && *s <= '9') || parse_time(ps, s, &e, &t) < 0)
		return TR_BADLINE;
	for (s = e; *s == ' '; s++)
		;
	p = tr_proc_get(ps, (int)pid);
	if (!p)
		return IOL_ENOMEM;
	*pp = p;
	c->pid = (int)pid;
	tr_line_span(ps, t, -1); /* only calls end the span */
	r = not_a_call(ps, p, s, t);
	if (r == 0 && !strncmp(s, "<... ", 5))
		r = resume(p, &s, &t, c);
	if (r != 0)
		return r;
	c->start = t;
	if (parse_call(s, c) < 0) {
		ps->why = c->why;
		return TR_BADLINE;
	}
	tr_line_span(ps, ps->span[0], c->start + c->dur);
	return 0;
}
