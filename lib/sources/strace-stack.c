/*
 * strace -k's call stacks: after each call, one line a frame, innermost
 * first, in one of strace's forms
 *
 *	 > /usr/lib/x86_64-linux-gnu/libc.so.6(__write+0x17) [0x114a37]
 *	 > /usr/bin/tar() [0x1c2e5]
 *	 > unexpected_backtracing_error [0x7f3e11]
 *	 > backtracing_error
 *
 * (module, function and offset in it, the address in the module's
 * file).  The loading pass interns each chain into the job's table
 * (model/stack.h); the iterators' passes find the same chains there, so
 * an event's stack id is the same whichever pass read it.  A C++ name
 * strace demangled may hold parentheses: the function is what lies
 * between the first "(" and the last ")", its offset after its last
 * "+0x".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "sources/trace-int.h"
#include "base/banned.h"

#define STACK_MAX 256	/* frames kept of one call; deeper ones dropped */
#define FRAME_TEXT 4096 /* longest frame line taken */

int tr_is_stack_line(const char *line)
{
	return line[0] == ' ' && line[1] == '>' && line[2] == ' ';
}

/* "0x1f" at s..e: 1 with *v, 0 when not hexadecimal or too long */
static int hex_at(const char *s, const char *e, uint64_t *v)
{
	uint64_t x = 0;
	int d = 0;

	if (e - s < 3 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (s += 2; s < e; s++, d++) {
		int c = (unsigned char)*s, k;

		if (c >= '0' && c <= '9')
			k = c - '0';
		else if (c >= 'a' && c <= 'f')
			k = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			k = c - 'A' + 10;
		else
			return 0;
		if (d >= 16)
			return 0;
		x = x << 4 | (uint64_t)k;
	}
	*v = x;
	return 1;
}

/* the frame of one line (its text in buf, which f points into);
 * 0, or TR_BADLINE */
static int parse_frame(const char *line, char *buf, struct iol_frame *f)
{
	size_t n = strlen(line + 3);
	char *s = buf, *e, *br, *op, *cp, *plus;

	if (!n || n >= FRAME_TEXT)
		return TR_BADLINE;
	memcpy(buf, line + 3, n + 1);
	e = s + n;
	while (e > s && (e[-1] == ' ' || e[-1] == '\r'))
		*--e = '\0';
	memset(f, 0, sizeof(*f));
	f->module = f->func = "";
	/* " [0x...]" at the end: the address */
	if (e > s && e[-1] == ']' && (br = strrchr(s, '[')) && br > s &&
	    br[-1] == ' ') {
		if (!hex_at(br + 1, e - 1, &f->addr))
			return TR_BADLINE;
		e = br - 1;
		*e = '\0';
	}
	if (e == s)
		return TR_BADLINE;
	op = strchr(s, '(');
	if (e[-1] != ')' || !op) {
		/* strace's words for a frame it could not unwind */
		f->func = s;
		return 0;
	}
	cp = e - 1;
	*cp = '\0';
	*op = '\0';
	f->module = s;
	if (op + 1 == cp)
		return 0;
	plus = strstr(op + 1, "+0x");
	while (plus && strstr(plus + 1, "+0x"))
		plus = strstr(plus + 1, "+0x");
	if (plus) {
		if (!hex_at(plus + 1, cp, &f->off))
			return TR_BADLINE;
		*plus = '\0';
	}
	f->func = op + 1;
	return 0;
}

int tr_stack_line(struct tpass *ps, const char *line)
{
	static const struct iol_frame none = {"", "", 0, 0};
	struct tstate *st = ps->st;
	struct iol_frame f;
	uint32_t id = 0, *ns;
	char buf[FRAME_TEXT];
	int r;

	if (ps->nstk >= STACK_MAX)
		return 0;
	r = parse_frame(line, buf, &f);
	if (r == 0 && ps->loading) {
		if (!st->stacks && !(st->stacks = iol_stacks_new()))
			r = IOL_ENOMEM;
		else
			r = iol_stacks_frame(st->stacks, &f, &id);
	} else if (r == 0 && (!st->stacks ||
			      !iol_stacks_find_frame(st->stacks, &f, &id))) {
		/* not seen when loading (the input changed): no frame */
		r = st->stacks && iol_stacks_find_frame(st->stacks, &none, &id)
			    ? 0
			    : 1;
	}
	if (r == 1)
		return 0;
	if (r != 0)
		return r == IOL_ENOMEM ? tr_oom(ps) : r;
	if (!(ns = iol_grow(ps->stk, &ps->capstk, ps->nstk, sizeof(*ns), 16)))
		return tr_oom(ps);
	ps->stk = ns;
	ps->stk[ps->nstk++] = id;
	return 0;
}

int tr_stack_end(struct tpass *ps)
{
	struct tstate *st = ps->st;
	uint32_t id = 0;
	int r = 0;

	if (ps->nstk && st->stacks) {
		if (ps->loading)
			r = iol_stacks_intern(st->stacks, ps->stk, ps->nstk,
					      &id);
		else if (!iol_stacks_find(st->stacks, ps->stk, ps->nstk, &id))
			id = 0;
	}
	ps->nstk = 0;
	ps->last_stack = r < 0 ? 0 : id;
	ps->stack_done = 1;
	return r < 0 ? tr_oom(ps) : 0;
}
