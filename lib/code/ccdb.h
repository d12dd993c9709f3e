/*
 * A source file's compiler arguments from the build's compilation
 * database (compile_commands.json, as CMake, Meson and Bear write it and
 * clangd reads it), so that the extractor sees the -I and -D the build
 * used.  Private to lib/code.
 *
 * Ownership: the arguments and the vector are in the arena.
 */
#ifndef IOLENS_CODE_CCDB_H
#define IOLENS_CODE_CCDB_H

#include "base/arena.h"

/*
 * The arguments for file from the compile_commands.json of its directory
 * or the nearest above it (or of a build/ beside one of them): the
 * command's own, less what would make the parse write files or stop
 * early (-o, -c, -M*, -Werror), the file itself and the compiler's
 * name, and relative paths of -I, -isystem, -include ... made absolute
 by the command's directory.  Returns
 * the count with *argv set, 0 when no database lists the file, or
 * IOL_ENOMEM.  *db names the database's directory (arena) when found.
 */
int iol_ccdb_args(const char *file, struct iol_arena *a, const char ***argv,
		  const char **db);

#endif
