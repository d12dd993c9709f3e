/*
 * The --help text of each command: written as plain text in
 * man/help/<name>.txt and made into a table at build time by man/help.pl
 * (render/help-text.inc), so that a command's usage lines and option list
 * have one copy, outside the C code.  A text may hold placeholders @NAME@
 * (capitals and _) for what only the running binary knows (a default, a
 * path); the caller gives their values.
 */
#ifndef IOLENS_RENDER_HELP_H
#define IOLENS_RENDER_HELP_H

#include <stdio.h>

/* The value of the placeholder @name@ (name without the @s); NULL leaves
 * the placeholder as it is. */
typedef const char *(*iol_help_value)(const char *name);

/* The text of name ("summary", "blocks--source", "iolens" for the
 * binary's own), its placeholders not filled; NULL when name has none. */
const char *iol_help_text(const char *name);
/* Print the text of name to f with its placeholders filled by value:
 * 0, or -1 when name has no text. */
int iol_help_print(FILE *f, const char *name, iol_help_value value);

/* The binary's placeholders (render/help-values.c): the defaults the
 * library holds, and the report template, which the drawing module finds
 * (render/gfx-load.c); NULL for a name it does not know. */
const char *iol_help_binary_value(const char *name);
/* The default exclusions of top files (analysis/select.h), for help
 * texts (@EXCL_DEFAULTS@ in man/help/<cmd>.txt); static storage. */
const char *excl_defaults_help(void);

#endif
