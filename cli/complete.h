/* `iolens help --complete` (cli/complete.c): the commands and their
 * options from their tables, for the shell completions. */
#ifndef IOLENS_CLI_COMPLETE_H
#define IOLENS_CLI_COMPLETE_H

/* A command of the binary: its name and its function, which parses its
 * own options (cli/opts.h); the table is cmd/commands.c's. */
struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
};

/* Print every command of cmds (ended by a NULL name) and its options to
 * stdout: an exit status. */
int cmd_complete_list(const struct command *cmds);

#endif
