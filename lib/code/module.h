/*
 * The source extractor as a module: lib/code is built into
 * bin/iolens-code.so, which links libclang, and the binary loads it with
 * dlopen() only when `iolens blocks --source` runs (lib/code/host.c defines
 * iol_ctree_extract() and iol_ctree_free() in the binary as stubs that
 * load the module and call through this table; so are iol_cjoin_make()
 * and iol_cjoin_free()).  The module resolves the
 * lib/base functions it uses (errors, the arena) from the binary, which
 * exports them.
 *
 * Ownership: the table is static in the module; the module stays loaded
 * until the process exits.
 */
#ifndef IOLENS_CODE_MODULE_H
#define IOLENS_CODE_MODULE_H

#include "code/extract.h"
#include "code/join.h"

/* bumped when a member or struct iol_cblock changes: a stale module is
 * refused */
#define IOL_CODE_VERSION 9

struct iol_code {
	int version;
	int (*extract)(const char *const *files, int nfiles,
		       const struct iol_cextract_opts *opts,
		       struct iol_ctree **out, struct iol_error *err);
	void (*free)(struct iol_ctree *t);
	/* the join of predicted and measured blocks (code/join.h) */
	int (*join_make)(const struct iol_ctree *t, const struct iol_blocks *bl,
			 const struct iol_iocost *cost,
			 const char *const *files, int nfiles,
			 struct iol_cjoin **out, struct iol_error *err);
	void (*join_free)(struct iol_cjoin *j);
};

/* The module's table (the one symbol the binary looks up). */
const struct iol_code *iolens_code(void);

#endif
