/*
 * Symbolization: an address in a binary (a module's path and the offset
 * in its file, as strace -k and iolens trace --stacks record it) to the
 * function, source file and line, with elfutils' libdw, and the loops of
 * a source file around a line.
 *
 * Each module is opened once (its ELF file and, through the standard
 * debuginfo search, its separate debug file by build id) and kept; a
 * module without DWARF gives its ELF symbol only, one that is not there
 * nothing.  No process is started.  Loops come from the source file that
 * DWARF names, read once and scanned for C's for, while and do (their
 * bodies' first and last lines); a file that is not there gives none.
 *
 * Ownership: struct iol_symbols owns every module, file and string it
 * hands out; they live until iol_symbols_free().  One table is not to be
 * shared by threads.
 */
#ifndef IOLENS_SYMBOLS_H
#define IOLENS_SYMBOLS_H

#include <stdint.h>

#define IOL_SYM_INLINE 8

struct iol_symloc {
	const char *func;	/* the source function (innermost inlined
				   one), else the ELF symbol; NULL unknown */
	const char *file;	/* source file, NULL unknown */
	int line;		/* its line, 0 unknown */
	const char *inlined_in; /* "f;g": the functions func was inlined
				   into, innermost first; NULL none */
	/* the same functions (at most IOL_SYM_INLINE), each with the file
	 * and line in it where the one inside was inlined (DWARF's call
	 * site; NULL and 0 unknown) */
	int ninl;
	const char *inl_func[8], *inl_file[8];
	int inl_line[8];
	int has_dwarf;	     /* the module has line information */
	uint64_t func_start; /* no name: where the function starts (its
				unwind table's entry), the module's
				address; 0 unknown */
	const char *sym;     /* the ELF symbol holding the address (the name
				strace -k writes), NULL unknown */
	uint64_t sym_off;    /* the return address's offset in sym (what
				strace -k writes after the '+') */
};

/* A loop of a source file: its keyword's line, and its body's lines. */
struct iol_loop {
	int line, first, last;
};

struct iol_symbols;

/* An empty table, or NULL when memory runs out. */
struct iol_symbols *iol_symbols_new(void);
void iol_symbols_free(struct iol_symbols *s);

/* Where the instruction before return address fileoff of module is (the
 * call): *loc filled, its fields NULL where unknown.  0, or IOL_ENOMEM. */
int iol_symbols_lookup(struct iol_symbols *s, const char *module,
		       uint64_t fileoff, struct iol_symloc *loc);

/* The loops of source file path around line, outermost first: up to max
 * into out, the count returned (0 when none or the file is unreadable),
 * or IOL_ENOMEM. */
int iol_symbols_loops(struct iol_symbols *s, const char *path, int line,
		      struct iol_loop *out, int max);
/* Mark path as a source of the program's own (not a system library's,
 * whose sources are seldom installed): 0, or IOL_ENOMEM. */
int iol_symbols_own(struct iol_symbols *s, const char *path);
/* How many of the program's own source files (iol_symbols_own) could not
 * be read (their loops are none); *first the first of them (borrowed:
 * valid until iol_symbols_free()), NULL when none. */
size_t iol_symbols_missing(const struct iol_symbols *s, const char **first);

#endif
