/*
 * The option tables of the commands (cli/opts.h) turned into getopt_long's
 * arguments, and each value parsed, checked and stored, or refused with
 * the house usage error.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/values.h"
#include "base/version.h"
#include "cli/opts.h"
#include "cli/usage.h"
#include "base/banned.h"

int (*cmd_opts_each)(const struct cmd_optset *sets, int nsets);

/* more options than any command takes */
enum { OPTS_MAX = 48 };

/* The usage error of a bad value arg of o (cli/opts.h, want). */
static void bad_value(const struct cmd_opt *o, const char *arg)
{
	const char *want = o->want;
	int kind = o->kind & 0xff;
	char b[256];

	if (kind == CO_ONE || kind == CO_REFUSE) {
		usage_error("%s", want);
		return;
	}
	if (kind == CO_LIST) {
		usage_error(want, (int)o->hi);
		return;
	}
	if ((kind == CO_CALL || kind == CO_DO) && !want)
		return; /* said by the function */
	if (want && strstr(want, "%s")) {
		usage_error(want, arg);
		return;
	}
	if (kind == CO_WORD)
		want = iol_words_text(want, b, sizeof(b));
	else if (!want && o->hi > 0) {
		snprintf(b, sizeof(b), "%.0f to %.0f", o->lo, o->hi);
		want = b;
	} else if (!want)
		want = "a positive count";
	usage_error("--%s wants %s, not '%s'", o->name, want, arg);
}

/* A count of o: 0, or -1 when arg is none or out of its range. */
static int count(const struct cmd_opt *o, const char *arg, int64_t *v)
{
	if ((o->kind & CO_ZERO) && !strcmp(arg, "0")) {
		*v = 0;
		return 0;
	}
	if (iol_parse_count(arg, v) < 0 || *v < o->lo ||
	    (o->hi > 0 && *v > o->hi))
		return -1;
	return 0;
}

/* A number (CO_DOUBLE, CO_DURATION) of o in its range: 0 or -1. */
static int number(const struct cmd_opt *o, const char *arg, double *v)
{
	char *end;

	if ((o->kind & 0xff) == CO_DURATION) {
		if (iol_parse_duration(arg, v) < 0)
			return -1;
	} else if ((*v = strtod(arg, &end)), end == arg || *end)
		return -1;
	/* NaN is in no range */
	return *v >= o->lo && (o->hi <= 0 || *v <= o->hi) ? 0 : -1;
}

/* Store the value arg of o in base: 0, -1 when arg is bad, or the exit
 * status a CO_CALL ends the command with. */
static int take(const struct cmd_opt *o, void *base, const char *arg)
{
	char *at = (char *)base + o->off;
	struct cmd_list *l = (struct cmd_list *)at;
	int *i = (int *)at;
	int64_t v;
	double d;

	switch (o->kind & 0xff) {
	case CO_FLAG: *i = o->lo ? (int)o->lo : 1; return 0;
	case CO_OR: *i |= (int)o->lo; return 0;
	case CO_ONE:
		if (*i && *i != (int)o->lo)
			return -1;
		*i = (int)o->lo;
		return 0;
	case CO_DO:
	case CO_CALL: return o->fn(base, arg);
	case CO_STR: *(const char **)at = arg; return 0;
	case CO_COUNT:
	case CO_INT:
		if (count(o, arg, &v) < 0)
			return -1;
		if ((o->kind & 0xff) == CO_INT)
			*i = (int)v;
		else
			*(int64_t *)at = v;
		return 0;
	case CO_SIZE:
		if (iol_parse_size(arg, &v) < 0 || v < o->lo)
			return -1;
		*(int64_t *)at = v;
		return 0;
	case CO_DOUBLE:
	case CO_DURATION:
		if (number(o, arg, &d) < 0)
			return -1;
		*(double *)at = d;
		return 0;
	case CO_WORD:
		if ((v = iol_parse_word(o->want, arg)) < 0)
			return -1;
		*i = (int)v + (int)o->lo;
		return 0;
	case CO_LIST:
		if (l->n == (int)o->hi)
			return -1;
		l->v[l->n++] = arg;
		return 0;
	}
	return -1;
}

int cmd_opt_has_arg(const struct cmd_opt *o)
{
	int k = o->kind & 0xff;

	if (o->kind & CO_OPTIONAL)
		return optional_argument;
	return k == CO_FLAG || k == CO_OR || k == CO_ONE || k == CO_DO ||
			       k == CO_HELP || k == CO_VERSION
		       ? no_argument
		       : required_argument;
}

struct built {
	struct option lo[OPTS_MAX + 1];
	const struct cmd_opt *o[OPTS_MAX];
	void *base[OPTS_MAX];
	char shorts[2 * OPTS_MAX + 3];
	int n;
};

/* getopt_long's array and string of the options of sets; a long option
 * without a letter is known by 256 + its index. */
static void build(struct built *b, const struct cmd_optset *sets, int nsets,
		  int how)
{
	size_t ns = 0;

	if (how & CMD_OPTS_FIRST)
		b->shorts[ns++] = '+';
	if (!(how & CMD_OPTS_NOCOLON))
		b->shorts[ns++] = ':';
	b->n = 0;
	for (int s = 0; s < nsets; s++)
		for (int i = 0; sets[s].t[i].name; i++) {
			const struct cmd_opt *o = &sets[s].t[i];
			int a = cmd_opt_has_arg(o);

			if (sets[s].mask && !((sets[s].mask >> i) & 1))
				continue;
			if (b->n == OPTS_MAX)
				abort(); /* a table this file must grow for */
			b->o[b->n] = o;
			b->base[b->n] = sets[s].base;
			b->lo[b->n] = (struct option){o->name, a, NULL,
						      o->letter ? o->letter
								: 256 + b->n};
			b->n++;
			if (!o->letter)
				continue;
			b->shorts[ns++] = (char)o->letter;
			if (a != no_argument)
				b->shorts[ns++] = ':';
			if (a == optional_argument)
				b->shorts[ns++] = ':';
		}
	b->lo[b->n] = (struct option){NULL, 0, NULL, 0};
	b->shorts[ns] = 0;
}

/* The option getopt_long returned as c: its index, or -1. */
static int which(const struct built *b, int c)
{
	if (c >= 256)
		return c - 256 < b->n ? c - 256 : -1;
	for (int i = 0; c > 0 && i < b->n; i++)
		if (b->o[i]->letter == c)
			return i;
	return -1;
}

/* The option getopt_long() refused, as given: a short one by its letter
 * (in a group such as -xo, argv[optind - 1] is the word before while
 * getopt is still inside it), a long one by its word.  An unknown long
 * option leaves optopt 0; one missing its value has optopt its value
 * (a letter for --output too), told apart by its word's "--". */
static const char *refused(char **argv, int missing, char *buf)
{
	const char *a = argv[optind - 1];

	if (optopt > 0 && optopt < 128 &&
	    (!missing || strncmp(a, "--", 2) != 0)) {
		buf[0] = '-';
		buf[1] = (char)optopt;
		buf[2] = '\0';
		return buf;
	}
	return a;
}

int cmd_opts_parse(int argc, char **argv, const struct cmd_optset *sets,
		   int nsets, int how)
{
	char sh[3];
	struct built b;
	int c, i, r;

	if (cmd_opts_each)
		return cmd_opts_each(sets, nsets);
	build(&b, sets, nsets, how);
	/* a full restart, as at a process's start: a batch (iolens.c) runs
	 * commands of other option strings ("+" or not) before */
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, b.shorts, b.lo, NULL)) != -1) {
		if (c == ':')
			return usage_error("option '%s' needs a value",
					   refused(argv, 1, sh));
		if ((i = which(&b, c)) < 0)
			return usage_error("unknown option '%s'",
					   refused(argv, 0, sh));
		if ((b.o[i]->kind & 0xff) == CO_HELP)
			return cmd_help(b.o[i]->want);
		if ((b.o[i]->kind & 0xff) == CO_VERSION) {
			printf("iolens %s\n", IOLENS_VERSION);
			return EXIT_OK;
		}
		if ((r = take(b.o[i], b.base[i], optarg)) < 0) {
			bad_value(b.o[i], optarg);
			return EXIT_USAGE;
		}
		if (r > 0) /* a CO_CALL ended the command */
			return r;
	}
	return -1;
}

int cmd_args_have(int argc, char **argv, const char *const *words)
{
	size_t n;
	int i, k;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		for (k = 0; words[k]; k++) {
			n = strlen(words[k]);
			if (!strncmp(argv[i], words[k], n) &&
			    (argv[i][n] == '\0' || argv[i][n] == '='))
				return 1;
		}
	return 0;
}
