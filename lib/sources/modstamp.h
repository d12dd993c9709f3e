/*
 * What identifies a binary as traced: its GNU build id (from the ELF
 * note, without libelf: the program headers' PT_NOTE segments), its
 * size and its modification time.  iolens trace --stacks writes them in
 * its header ("# module BUILDID SIZE MTIME PATH"); iolens blocks compares
 * them with the file as it is now.
 */
#ifndef IOLENS_MODSTAMP_H
#define IOLENS_MODSTAMP_H

#include "model/job.h"

/* m's build_id, size and mtime_ns from the file path (m->path is not
 * set).  0; IOL_EIO when it cannot be opened or stat'ed (errno kept);
 * a file that is no ELF, or has no build id, gives build_id "". */
int iol_module_stamp(const char *path, struct iol_jmodule *m);

/* "# module BUILDID SIZE MTIME PATH" (BUILDID "-" none) into m, path
 * pointing into line (which is changed).  1 such a line, 0 not. */
int iol_module_parse(char *line, struct iol_jmodule *m);

/* 1 when now (a stamp of the file today) is not the binary of was:
 * build ids differ when both have one, else size or mtime differ. */
int iol_module_changed(const struct iol_jmodule *was,
		       const struct iol_jmodule *now);

#endif
