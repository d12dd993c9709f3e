/*
 * The command table of the iolens binary.
 *
 * Adding a command needs:
 *   1. cmd/<name>.c defining int cmd_<name>(int argc, char **argv);
 *   2. a line in the table in cmd/commands.c (name, function, one-line help);
 *   3. the object in CMD_OBJS in the Makefile;
 *   4. man/iolens-<name>.1 (mdoc; SYNOPSIS matching --help, EXAMPLES);
 *   5. a test in t/ that runs it on real logs.
 */
#ifndef IOLENS_COMMANDS_H
#define IOLENS_COMMANDS_H

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

extern const struct command commands[];

int cmd_parse(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_files(int argc, char **argv);
int cmd_hist(int argc, char **argv);
int cmd_meta(int argc, char **argv);
int cmd_triage(int argc, char **argv);
int cmd_timeline(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_export(int argc, char **argv);

#endif
