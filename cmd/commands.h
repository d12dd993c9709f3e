/*
 * The command table of the iolens binary.
 *
 * Adding a command needs:
 *   1. cmd/<name>.c defining int cmd_<name>(int argc, char **argv);
 *   2. a line in the table in cmd/commands.c (name, function) and its
 *      prototype below (the Makefile builds every .c of cmd/);
 *   3. its --help text, man/help/<name>.txt, and a line in the command list
 *      of man/help/iolens.txt (man/help.pl makes them the binary's);
 *   4. man/iolens-<name>.1 (mdoc; SYNOPSIS matching --help, EXAMPLES) and an
 *      entry in man/iolens.1;
 *   5. a test in t/ that runs it on real logs.
 */
#ifndef IOLENS_COMMANDS_H
#define IOLENS_COMMANDS_H

#include "cli/complete.h" /* struct command: the completion runs each */

extern const struct command commands[];

int cmd_parse(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_files(int argc, char **argv);
int cmd_hist(int argc, char **argv);
int cmd_meta(int argc, char **argv);
int cmd_triage(int argc, char **argv);
int cmd_timeline(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_ingest(int argc, char **argv);
int cmd_merge_db(int argc, char **argv);
int cmd_iostat(int argc, char **argv);
int cmd_fsload(int argc, char **argv);
int cmd_fsstats(int argc, char **argv);
int cmd_jobs(int argc, char **argv);
int cmd_groups(int argc, char **argv);
int cmd_variance(int argc, char **argv);
int cmd_context(int argc, char **argv);
int cmd_population_report(int argc, char **argv);
int cmd_coverage(int argc, char **argv);
int cmd_trend(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_config(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_replay_script(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_blocks(int argc, char **argv);
int cmd_serve(int argc, char **argv);
/* report -o job.html: the server module's self-contained page */
int serve_report_html(const char *log, const char *out);
/* population-report -o pop.html, blocks -o blocks.html: the same; args
 * the blocks command's arguments (nargs of them, after its name), name
 * its trace's */
int serve_pop_html(const char *db, const char *where, const char *out);
int serve_blocks_html(char *const *args, int nargs, const char *name,
		      int by_bytes, const char *out);

#endif
