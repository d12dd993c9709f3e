/*
 * Compiler arguments from compile_commands.json (code/ccdb.h), through
 * libclang's own reader of it (CXCompilationDatabase.h).
 */
#define _DEFAULT_SOURCE /* realpath */
#include <clang-c/CXCompilationDatabase.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/error.h"
#include "code/ccdb.h"
#include "base/banned.h"

/* the directory of file's database, or 0 (dir is PATH_MAX) */
static int find_db(const char *abs, char *dir)
{
	char p[PATH_MAX + 32];
	char *slash;

	snprintf(dir, PATH_MAX, "%s", abs);
	while ((slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		snprintf(p, sizeof p, "%s/compile_commands.json",
			 *dir ? dir : "");
		if (access(p, R_OK) == 0)
			return 1;
		snprintf(p, sizeof p, "%s/build/compile_commands.json",
			 *dir ? dir : "");
		if (access(p, R_OK) == 0) {
			snprintf(p, sizeof p, "%s/build", dir);
			snprintf(dir, PATH_MAX, "%s", p);
			return 1;
		}
	}
	return 0;
}

/* options that take the next argument and would write files, or name
 * the output */
static int skip_with_next(const char *a)
{
	return !strcmp(a, "-o") || !strcmp(a, "-MF") || !strcmp(a, "-MT") ||
	       !strcmp(a, "-MQ");
}

/* options the parse does without: they write files, stop before
 * parsing, or turn the warnings the extractor keeps going past into
 * errors; and "--", the end of the options libclang adds to a command
 * it infers for a file the database does not list (a .cpp beside C
 * files): kept, the parse's own arguments after it were files and the
 * parse failed (issue 33 D4) */
static int skip_alone(const char *a)
{
	return !strcmp(a, "-c") || !strcmp(a, "--") || !strcmp(a, "-S") ||
	       !strcmp(a, "-E") || !strncmp(a, "-o", 2) ||
	       !strncmp(a, "-M", 2) || !strncmp(a, "-Werror", 7) ||
	       !strncmp(a, "-save-temps", 11);
}

/* whether argument a (relative to wd) is the file itself */
static int is_file(const char *a, const char *wd, const char *abs)
{
	char p[PATH_MAX + 2], r[PATH_MAX];

	if (a[0] == '-')
		return 0;
	if (a[0] == '/')
		snprintf(p, sizeof p, "%s", a);
	else
		snprintf(p, sizeof p, "%s/%s", wd, a);
	return realpath(p, r) && !strcmp(r, abs);
}

/* options whose next argument is a path */
static int path_next(const char *a)
{
	static const char *const o[] = {
		"-I",	    "-isystem",	 "-iquote",   "-idirafter", "-include",
		"-imacros", "-isysroot", "--sysroot", "-F",	    "-iprefix"};
	size_t i;

	for (i = 0; i < sizeof(o) / sizeof(o[0]); i++)
		if (!strcmp(a, o[i]))
			return 1;
	return 0;
}

/* a relative path of the command made absolute by its directory (the
 * parse runs here, not there; the file keeps the name it was given) */
static const char *absolute(struct iol_arena *a, const char *pre,
			    const char *path, const char *wd)
{
	size_t n = strlen(pre) + strlen(wd) + strlen(path) + 2;
	char *r;

	r = iol_arena_zalloc(a, n);
	if (r)
		snprintf(r, n, "%s%s/%s", pre, wd, path);
	return r;
}

static const char *dup_s(struct iol_arena *a, CXString s)
{
	const char *c = clang_getCString(s);
	char *d = iol_arena_strdup(a, c ? c : "");

	clang_disposeString(s);
	return d;
}

/* the arguments of one compile command into v (room for all, plus 2) */
static int cmd_args(CXCompileCommand cc, const char *abs, struct iol_arena *a,
		    const char **v)
{
	unsigned i, n = clang_CompileCommand_getNumArgs(cc);
	const char *wd = dup_s(a, clang_CompileCommand_getDirectory(cc));
	int k = 0, path = 0;

	if (!wd)
		return IOL_ENOMEM;
	for (i = 1; i < n; i++) {
		const char *s = dup_s(a, clang_CompileCommand_getArg(cc, i));

		if (!s)
			return IOL_ENOMEM;
		if (path && s[0] != '/')
			s = absolute(a, "", s, wd);
		else if (!strncmp(s, "-I", 2) && s[2] && s[2] != '/')
			s = absolute(a, "-I", s + 2, wd);
		if (!s)
			return IOL_ENOMEM;
		if (!path && skip_with_next(s))
			i++;
		else if (path || (!skip_alone(s) && !is_file(s, wd, abs)))
			v[k++] = s;
		path = !path && path_next(s);
	}
	return k;
}

int iol_ccdb_args(const char *file, struct iol_arena *a, const char ***argv,
		  const char **db)
{
	char abs[PATH_MAX], dir[PATH_MAX];
	CXCompilationDatabase_Error e;
	CXCompilationDatabase cdb;
	CXCompileCommands cmds;
	int k = 0;

	*argv = NULL;
	if (!realpath(file, abs) || !find_db(abs, dir))
		return 0;
	cdb = clang_CompilationDatabase_fromDirectory(dir, &e);
	if (!cdb || e != CXCompilationDatabase_NoError)
		return 0;
	cmds = clang_CompilationDatabase_getCompileCommands(cdb, abs);
	if (cmds && clang_CompileCommands_getSize(cmds) > 0) {
		CXCompileCommand cc = clang_CompileCommands_getCommand(cmds, 0);
		unsigned n = clang_CompileCommand_getNumArgs(cc);

		*argv = iol_arena_zalloc(a, (n + 2) * sizeof(**argv));
		*db = iol_arena_strdup(a, dir);
		k = *argv && *db ? cmd_args(cc, abs, a, *argv) : IOL_ENOMEM;
	}
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(cdb);
	return k;
}
