/*
 * Iota traces: one operation a line, "task start elapse offset op ret
 * path-or-fd [lustre]", the task being the rank.  Operations go through
 * the same descriptor tracking and events as strace calls
 * (strace-calls.c), so the shared reducer sees one shape whatever the
 * tracer.  Operations this reader does not know are named once in the
 * job (unknown_ops) and skipped.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sources/trace-int.h"
#include "base/banned.h"

int tr_split_ws(char *s, char **tok, int max)
{
	int n = 0;

	while (*s && n < max) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		tok[n++] = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
		if (*s)
			*s++ = '\0';
	}
	return n;
}

int tr_num_tok(const char *s, int allow_frac)
{
	char *e;

	if (allow_frac)
		(void)strtod(s, &e);
	else
		(void)strtoll(s, &e, 10);
	return e != s && *e == '\0';
}

int iol_iota_sniff(const char *buf, size_t len)
{
	char line[512], *tok[9];
	size_t n = len < sizeof(line) - 1 ? len : sizeof(line) - 1;

	memcpy(line, buf, n);
	line[n] = '\0';
	if (strchr(line, '\n'))
		*strchr(line, '\n') = '\0';
	n = (size_t)tr_split_ws(line, tok, 9);
	return n >= 7 && tr_num_tok(tok[0], 0) && tr_num_tok(tok[1], 1) &&
	       tr_num_tok(tok[2], 1) && tr_num_tok(tok[3], 0) &&
	       tr_num_tok(tok[5], 0) && isalpha((unsigned char)tok[4][0]);
}

static int is_op(const char *op, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(op, *names))
			return 1;
	return 0;
}

/* truncate, unlink, stat: the strace path handling on one quoted arg */
static int path_op(struct tpass *ps, struct proc *p, struct call *c,
		   const char *op, const char *path)
{
	char quoted[4096];
	size_t l = strlen(path);

	if (l + 3 > sizeof(quoted))
		return TR_BADLINE;
	quoted[0] = '"';
	memcpy(quoted + 1, path, l);
	quoted[l + 1] = '"';
	quoted[l + 2] = '\0';
	c->args[0] = quoted;
	c->nargs = 1;
	return tr_do_path_meta(ps, p, c, 0,
			       op[0] == 's'   ? IOL_EV_STAT
			       : op[0] == 't' ? IOL_EV_TRUNC
					      : IOL_EV_UNLINK);
}

/* seek and close on a descriptor */
static int fd_op(struct tpass *ps, struct proc *p, struct call *c, long fd,
		 int64_t off, int closing)
{
	struct fdent *f = tr_fd_at(ps, p, fd, 0);
	int r = 0;

	if (!f || c->failed)
		return ps->err;
	if (!closing)
		f->off = c->ret >= 0 ? c->ret : off;
	if (f->kind == FD_FILE)
		r = tr_meta(ps, p, f->file,
			    closing ? IOL_EV_CLOSE : IOL_EV_SEEK, c, 0, -1);
	if (closing)
		memset(f, 0, sizeof(*f));
	return r;
}

/* an operation not understood: said once, in the loading pass */
static int unknown(struct tpass *ps, const char *op)
{
	struct tstate *st = ps->st;
	char pat[40];
	size_t l = strlen(st->unknown_ops);

	if (!ps->loading || l + strlen(op) + 3 >= sizeof(st->unknown_ops))
		return 1;
	snprintf(pat, sizeof(pat), " %s,", op);
	if (!strstr(st->unknown_ops, pat)) {
		snprintf(st->unknown_ops + l, sizeof(st->unknown_ops) - l, "%s",
			 pat);
		st->job->skipped_ops++;
	}
	return 1;
}

/* operations on a descriptor (tok: the fd) */
static int desc_op(struct tpass *ps, struct proc *p, struct call *c,
		   const char *op, char *tok, long long off)
{
	static const char *const rw[] = {"read",  "write",  "pread", "pwrite",
					 "fread", "fwrite", NULL};
	static const char *const sync[] = {"flush", "sync", "fsync", NULL};
	long fd = strtol(tok, NULL, 10);
	int r;

	if (!tr_num_tok(tok, 0))
		return TR_BADLINE;
	c->args[0] = tok;
	c->nargs = 1;
	if (is_op(op, rw)) {
		int is_read = !strcmp(op, "read") || !strcmp(op, "pread") ||
			      !strcmp(op, "fread");

		r = c->failed ? 0
			      : tr_xfer(ps, p, fd, NULL, is_read,
					off >= 0 ? off : -1, c->ret, c);
	} else if (!strcmp(op, "seek") || !strcmp(op, "close")) {
		r = fd_op(ps, p, c, fd, off, op[0] == 'c');
	} else if (is_op(op, sync)) {
		r = tr_do_fd_meta(ps, p, c, 0, IOL_EV_SYNC, 0);
	} else {
		return unknown(ps, op);
	}
	return r < 0 ? r : 0;
}

/* The task, start, elapse and return of a line, each checked before it
 * is used: 0, or TR_BADLINE with ps->why. */
static int values(struct tpass *ps, char *const *tok, int *task, struct call *c)
{
	long t = strtol(tok[0], NULL, 10);

	c->start = strtod(tok[1], NULL);
	c->dur = strtod(tok[2], NULL);
	c->ret = strtoll(tok[5], NULL, 10);
	c->failed = c->ret < 0;
	ps->why = t < 0 || t > INT_MAX			? "task out of range"
		  : !tr_in_range(c->start, TR_TIME_MAX) ? "time out of range"
		  : c->dur < 0				? "negative duration"
		  : !tr_in_range(c->dur, TR_DUR_MAX) ? "duration out of range"
						     : NULL;
	*task = (int)t;
	return ps->why ? TR_BADLINE : 0;
}

/* 0 handled, 1 ignorable, TR_BADLINE not an Iota line, IOL_ENOMEM */
int tr_iota_line(struct tpass *ps, char *line)
{
	char *tok[9];
	int n = tr_split_ws(line, tok, 9), task, r;
	struct call c;
	struct proc *p;
	const char *op;
	long long off;

	if (n == 0 || tok[0][0] == '#')
		return 1;
	if (n < 7 || !tr_num_tok(tok[0], 0) || !tr_num_tok(tok[1], 1) ||
	    !tr_num_tok(tok[2], 1) || !tr_num_tok(tok[3], 0) ||
	    !tr_num_tok(tok[5], 0))
		return TR_BADLINE;
	memset(&c, 0, sizeof(c));
	r = values(ps, tok, &task, &c);
	if (r)
		return r;
	off = strtoll(tok[3], NULL, 10);
	op = tok[4];
	tr_line_span(ps, c.start, c.start + c.dur);
	p = tr_proc_get(ps, task);
	if (!p)
		return IOL_ENOMEM;
	p->rank = task; /* Iota's task is the rank */
	if (task >= ps->nranks)
		ps->nranks = task + 1;
	memcpy(c.name, op, strlen(op) < sizeof(c.name) ? strlen(op) + 1 : 1);
	if (!strcmp(op, "open") || !strcmp(op, "create"))
		r = tr_do_open(ps, p, &c, tok[6],
			       !strcmp(op, "create") ? "O_CREAT" : "");
	else if (!strcmp(op, "truncate") || !strcmp(op, "unlink") ||
		 !strcmp(op, "stat"))
		r = path_op(ps, p, &c, op, tok[6]);
	else
		return desc_op(ps, p, &c, op, tok[6], off);
	return r == TR_BADLINE || r < 0 ? r : 0;
}
