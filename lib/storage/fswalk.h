/*
 * File-system contents (the study's fsstats): a parallel walk of a tree
 * that reads directories and inodes, never file contents, never follows
 * symbolic links, stays on the file system of each root, and carries on
 * past permission errors and entries vanishing during the walk (counted).
 * The result is a set of histograms: file sizes (count and bytes), files
 * per directory, ages by mtime and atime, name lengths; hard links; the
 * summary of the study's Table V.  A snapshot saves and loads in a small
 * text format (iolens-fsstats(1)).
 *
 * Ownership: struct iol_fsstats is caller storage without pointers.
 */
#ifndef IOLENS_FSWALK_H
#define IOLENS_FSWALK_H

#include <stdint.h>
#include <stdio.h>

#include "base/error.h"

/* log2 bins: bin 0 holds 0, bin k holds [2^(k-1), 2^k) */
#define IOL_FS_SIZE_BINS 65
/* age bins in days: bin 0 future, 1 under 1 day, k [2^(k-2), 2^(k-1)) */
#define IOL_FS_AGE_BINS 24
#define IOL_FS_DIR_BINS 34
#define IOL_FS_NAME_MAX 256

struct iol_fsstats {
	int64_t now;		   /* the reference date of the ages */
	uint64_t files, dirs;	   /* regular files (entries), directories */
	uint64_t symlinks, others; /* symlinks, devices/fifos/sockets */
	uint64_t bytes;		   /* apparent size, each inode once */
	uint64_t alloc_bytes;	   /* st_blocks x 512, each inode once */
	uint64_t entry_bytes;	   /* apparent size over all file entries */
	uint64_t linked_files;	   /* file entries with more than one link */
	uint64_t linked_inodes;	   /* distinct inodes among them */
	uint64_t denied, vanished, errors, other_fs;
	uint64_t max_size;
	uint64_t max_dir_files;
	uint32_t max_depth;
	uint64_t size_count[IOL_FS_SIZE_BINS], size_bytes[IOL_FS_SIZE_BINS];
	uint64_t mage_count[IOL_FS_AGE_BINS], mage_bytes[IOL_FS_AGE_BINS];
	uint64_t aage_count[IOL_FS_AGE_BINS], aage_bytes[IOL_FS_AGE_BINS];
	uint64_t dir_files[IOL_FS_DIR_BINS]; /* directories by files in them */
	uint64_t name_len[IOL_FS_NAME_MAX + 1]; /* entries by name length */
	char largest[4096];			/* path of the largest file */
};

struct iol_fsopts {
	int threads;	  /* workers; <= 0: 2 */
	int64_t now;	  /* reference date, epoch seconds */
	int cross_mounts; /* 1: descend into other file systems */
	/* test hook: called with each directory's path once its first
	 * entry is read, before that entry is examined */
	void (*hook)(const char *dir, void *arg);
	void *hook_arg;
	/* called after each directory with the directories and files
	 * walked so far and the directories waiting; one call at a time
	 * (under the walk's lock: it must be quick); NULL: none */
	void (*progress)(uint64_t dirs, uint64_t files, size_t queued,
			 void *arg);
	void *progress_arg;
};

/* Walk the roots into st (zeroed first).  Returns 0, or < 0 when a root
 * cannot be examined at all (err says which). */
int iol_fs_walk(const char *const *roots, int nroots,
		const struct iol_fsopts *o, struct iol_fsstats *st,
		struct iol_error *err);

/* The bin of a size, and of an age in seconds. */
int iol_fs_size_bin(uint64_t size);
int iol_fs_age_bin(int64_t age_seconds);
/* The range of a bin: [*lo, *hi); *hi = 0 for the open last bin. */
void iol_fs_size_range(int bin, uint64_t *lo, uint64_t *hi);
/* in days; the future bin gives -1, 0 */
void iol_fs_age_range(int bin, double *lo, double *hi);

/* Write / read a snapshot (iolens-fsstats(1), "SNAPSHOT FORMAT"). */
int iol_fs_save(FILE *f, const struct iol_fsstats *st);
int iol_fs_load(FILE *f, struct iol_fsstats *st, struct iol_error *err);
/* The same from the file path: 0, or < 0 with err set and *opened 0
 * when it cannot be opened (err->msg strerror's), else 1. */
int iol_fs_load_path(const char *path, struct iol_fsstats *st, int *opened,
		     struct iol_error *err);

#endif
