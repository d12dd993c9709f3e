/*
 * `iolens help --complete`: every command and the options it takes, as
 * its option tables (cli/opts.h) state them, for etc/completions.pl to
 * make the bash and zsh completions from at build time.  Each command
 * is run without arguments while cmd_opts_parse() hands this file the
 * tables it was given instead of parsing; so the list is what the
 * command's own parse would take, shared tables and masks included.
 *
 * One line per command, its name; then one per option, tab-separated:
 * the command, the option ("--format", "-o"), "-" for no value, "=" for
 * one, "?" for one that may be left out, and what completes the value:
 * "file", "none" (a number) or "words" and the words, space-separated.
 */
#include <stdio.h>
#include <string.h>

#include "cli/complete.h"
#include "cli/opts.h"
#include "cli/usage.h"
#include "render/outfmt.h"
#include "base/banned.h"

static const char *cur; /* the command run */
static int stated;	/* whether it reached cmd_opts_parse() */
/* the options listed for cur: a mode's table repeats some (blocks
 * --source's --format takes a file name, blocks' its words), and the
 * first, the command's own, is the one listed */
static char said[256][32];
static int nsaid;

static int listed(const char *name)
{
	for (int i = 0; i < nsaid; i++)
		if (!strcmp(said[i], name))
			return 1;
	if (nsaid < 256)
		snprintf(said[nsaid++], sizeof(said[0]), "%s", name);
	return 0;
}

/* The words of an option's value, or NULL: its CO_WORD words (every
 * spelling), or the formats the command writes for --format. */
static const char *words(const struct cmd_opt *o, char *b, size_t size)
{
	if ((o->kind & 0xff) == CO_WORD) {
		snprintf(b, size, "%s", o->want);
		for (char *p = b; *p; p++)
			if (*p == '|' || *p == ',')
				*p = ' ';
		return b;
	}
	if ((o->kind & 0xff) != CO_STR || strcmp(o->name, "format"))
		return NULL;
	/* none: a format of its own (export's workbook) */
	return *out_format_words(cur, b, size) ? b : NULL;
}

/* What completes a value of o: a file name unless it is a number. */
static const char *value_kind(const struct cmd_opt *o)
{
	switch (o->kind & 0xff) {
	case CO_COUNT:
	case CO_INT:
	case CO_SIZE:
	case CO_DOUBLE:
	case CO_DURATION: return "none";
	}
	return "file";
}

/* One line for the option spelled as name. */
static void line(const struct cmd_opt *o, const char *name)
{
	static const char arg[] = {'-', '=', '?'};
	char b[512];
	int a = cmd_opt_has_arg(o);
	const char *w = a ? words(o, b, sizeof(b)) : NULL;

	if (listed(name))
		return;
	printf("%s\t%s\t%c\t%s%s%s\n", cur, name, arg[a],
	       !a  ? "-"
	       : w ? "words"
		   : value_kind(o),
	       w ? "\t" : "", w ? w : "");
}

static int each(const struct cmd_optset *sets, int nsets)
{
	char name[64];

	stated = 1;
	for (int s = 0; s < nsets; s++)
		for (int i = 0; sets[s].t[i].name; i++) {
			const struct cmd_opt *o = &sets[s].t[i];

			if (sets[s].mask && !((sets[s].mask >> i) & 1))
				continue;
			if (o->letter) {
				snprintf(name, sizeof(name), "-%c", o->letter);
				line(o, name);
			}
			snprintf(name, sizeof(name), "--%s", o->name);
			line(o, name);
		}
	return EXIT_OK;
}

/*
 * The options that choose another table of a command before it parses
 * (cmd_blocks, cmd_triage look for them in argv): the command is run
 * with each too, and its options are the union.  blocks --source is
 * optional: a binary built without libclang has no such table.
 */
static const struct {
	const char *cmd, *mode;
	int optional;
} modes[] = {
	{"blocks", "--calibrate", 0},
	{"blocks", "--source", 1},
	{"triage", "--db", 0},
};

/* Run c with its name and mode (NULL: none) as its arguments; an
 * optional mode that states nothing is left out. */
static int run(const struct command *c, const char *mode, int optional)
{
	char *argv[3] = {(char *)c->name, (char *)mode, NULL};
	int rc;

	stated = 0;
	rc = c->fn(mode ? 2 : 1, argv);
	if (optional && !stated)
		return 0;
	if (rc != EXIT_OK || !stated) {
		fprintf(stderr, "iolens: %s%s%s did not state its options\n",
			c->name, mode ? " " : "", mode ? mode : "");
		return -1;
	}
	return 0;
}

int cmd_complete_list(const struct command *cmds)
{
	const struct command *c;

	cmd_opts_each = each;
	for (c = cmds; c->name; c++) {
		cur = c->name;
		nsaid = 0;
		printf("%s\n", c->name);
		if (run(c, NULL, 0) < 0)
			return EXIT_DATA;
		for (size_t i = 0; i < sizeof modes / sizeof *modes; i++)
			if (!strcmp(modes[i].cmd, c->name) &&
			    run(c, modes[i].mode, modes[i].optional) < 0)
				return EXIT_DATA;
	}
	return fflush(stdout) ? EXIT_DATA : EXIT_OK;
}
