/*
 * A command's options as a table: one line per option says its long name,
 * what kind of value it takes and where the value goes (an offset in the
 * command's option struct).  cmd_opts_parse() makes getopt_long's array
 * and short-option string from the tables, parses and range-checks each
 * value and prints the house usage errors, so that a command states its
 * options instead of switching on them.
 */
#ifndef IOLENS_CLI_OPTS_H
#define IOLENS_CLI_OPTS_H

#include <float.h>
#include <stddef.h>

/* The kinds of option.  "int", "int64_t", "double" and "const char *"
 * name the type of the member at off. */
enum {
	CO_FLAG,     /* no value: int set to 1, or to lo when lo is not 0 */
	CO_OR,	     /* no value: lo or'ed into the int */
	CO_ONE,	     /* no value: int set to lo; a second, other one of the
			same member is the usage error WANT */
	CO_DO,	     /* no value: fn(base, NULL) called */
	CO_STR,	     /* the value kept: const char * */
	CO_COUNT,    /* a positive count (iol_parse_count): int64_t */
	CO_INT,	     /* the same into an int */
	CO_SIZE,     /* a size with a unit (iol_parse_size): int64_t */
	CO_DOUBLE,   /* a number: double */
	CO_DURATION, /* a duration with a unit (iol_parse_duration): double */
	CO_WORD,     /* one of the words of WANT, "a|b|c" (",x" after a word:
			x means it too): its index plus lo into the int */
	CO_LIST,     /* the value added to a struct cmd_list, at most hi; more
			is the usage error WANT (%d for hi) */
	CO_CALL,     /* fn(base, arg): 0, -1 when the value is bad, or an
			exit status (> 0) to end the command with */
	CO_REFUSE,   /* known, but refused here with the usage error WANT */
	CO_HELP,     /* the command's --help printed (WANT: the help of
			that topic instead, "blocks--calibrate"): the
			command ends */
	CO_VERSION,  /* the version printed: the command ends */
};
/* Or'ed into a kind: the value may be left out (--refresh[=all]);
 * CO_CALL then gets NULL. */
#define CO_OPTIONAL 0x100
/* Or'ed into CO_COUNT, CO_INT: "0" is taken too */
#define CO_ZERO 0x200

/* lo of a range "more than 0": the least double above 0 */
#define CO_GT0 DBL_TRUE_MIN

struct cmd_opt {
	const char *name; /* the long name, without "--" */
	int kind;	  /* CO_*, CO_OPTIONAL */
	size_t off;	  /* the value's place in the base given with the
			     table: offsetof() of the command's struct */
	/*
	 * What a bad value gets: "--NAME wants WANT, not 'VALUE'"; a WANT
	 * that holds %s is the whole message, VALUE for %s.  NULL: CO_COUNT
	 * and CO_INT say "a positive count" (or "LO to HI" with a range),
	 * CO_WORD its words, CO_CALL's function said it itself.
	 */
	const char *want;
	/* the range of counts and numbers, both ends in it; hi 0: none */
	double lo, hi;
	int (*fn)(void *base, const char *arg); /* CO_CALL, CO_DO */
	int letter; /* its short option (-o), or 0: none */
};

/* The end of a table.  A table's entries give name and kind, and the
 * rest by designators (a macro AT(m) for ".off = offsetof(...)"), which
 * -Wmissing-field-initializers takes as meant. */
#define CO_END               \
	{                    \
		.name = NULL \
	}

/* The values of a CO_LIST option, in the order given. */
enum { CMD_LIST_MAX = 64 };
struct cmd_list {
	const char *v[CMD_LIST_MAX];
	int n;
};

/* A table (ended by an entry without a name) and the base its offsets
 * are in; mask: the entries taken (bit i for entry i), 0 all. */
struct cmd_optset {
	const struct cmd_opt *t;
	void *base;
	unsigned long mask;
};

/* How cmd_opts_parse() reads argv. */
enum {
	CMD_OPTS_NOCOLON = 1, /* an option's missing value is an unknown
				 option, not "needs a value" */
	CMD_OPTS_FIRST = 2    /* options end at the first argument ("+") */
};

/*
 * Parse argv[1..argc) by the tables of sets: -1 when the command goes on
 * (optind is its first argument), else the exit status to return at once
 * (after --help or --version, or a usage error printed).
 */
int cmd_opts_parse(int argc, char **argv, const struct cmd_optset *sets,
		   int nsets, int how);
/* Whether o takes a value: getopt's no_argument, required_argument or
 * optional_argument. */
int cmd_opt_has_arg(const struct cmd_opt *o);
/* Whether an argument before "--" is one of words (NULL-ended) or one of
 * them with "=value": a command told apart by its options (blocks
 * --source, --calibrate) before they are parsed. */
int cmd_args_have(int argc, char **argv, const char *const *words);
/*
 * Set by `iolens help --complete` (cli/complete.c): cmd_opts_parse()
 * then parses nothing and returns what this returns for its tables, so
 * that a command run without arguments states the options it takes.
 */
extern int (*cmd_opts_each)(const struct cmd_optset *sets, int nsets);

#endif
