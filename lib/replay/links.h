/*
 * Symbolic links of a replay script judged as the kernel follows them,
 * not by their text alone.  iol_rlink_ok() counts a target's '..'
 * against the directories above the link, which holds while every name
 * on the way is a directory; a '..' after a name that is a link goes up
 * from where that link leads ("s" -> "." and "b" -> "s/..": b is the
 * run directory's parent, and each passed alone).  So a '..' may follow
 * no name the script makes a link, or may make one: a link input, the
 * path of a symlink call, and the new name a rename or a link gives one
 * of these, a name through one or a directory holding one (a directory
 * renamed with none in it stays a directory).  The links of a script
 * are checked against all of them, whatever their order: the script's
 * calls and its staging may make them in any.
 *
 * Ownership: a struct iol_rlinks is caller storage; its names are its
 * own, freed by iol_rlinks_release().
 */
#ifndef IOLENS_REPLAY_LINKS_H
#define IOLENS_REPLAY_LINKS_H

#include <stddef.h>

#include "replay/script.h"

struct iol_rlinks {
	char **name; /* sorted; "." and empty components dropped */
	size_t n;
	char *buf; /* the path walked so far */
	size_t cap;
};

/* The names of s that are or may become symbolic links.  0, or
 * IOL_ENOMEM (l then holds nothing). */
int iol_rlinks_init(struct iol_rlinks *l, const struct iol_rscript *s);
void iol_rlinks_release(struct iol_rlinks *l);
/* 1 when no '..' of the target of the link at path comes after a name of
 * l (path's own directories included); else 0 with that name in *via
 * (borrowed from l); IOL_ENOMEM.  The lexical rule is iol_rlink_ok()'s,
 * apart. */
int iol_rlinks_ok(struct iol_rlinks *l, const char *path, const char *target,
		  const char **via);
/* The first link of s that iol_rlinks_ok() refuses: 0 when none, else
 * 1 with its input's index in *input (SIZE_MAX for a symlink call) or
 * its call's section and index in *r and *i, and the name its '..'
 * follows in *via (borrowed from l); IOL_ENOMEM. */
int iol_rscript_links_check(const struct iol_rscript *s, struct iol_rlinks *l,
			    size_t *input, size_t *r, size_t *i,
			    const char **via);

#endif
