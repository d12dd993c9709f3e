/*
 * Streaming reader of Darshan logs (formats 3.00, 3.10, 3.20, 3.21, 3.41;
 * zlib, bzip2 or uncompressed regions; either byte order).
 *
 * iol_dlog_open() maps the file, validates the header and every region's
 * bounds, and decodes the job record, exe, mount table and name records.
 * Module records are then pulled one at a time through a struct iol_modrd,
 * already up-converted to the newest record layout and in host byte order,
 * so a consumer holds one record at a time however large the log is.
 * DXT segments are pulled in batches from the current DXT record.
 *
 * Ownership: struct iol_dlog is allocated by iol_dlog_open() and freed with
 * iol_dlog_close(); every string and array reachable from it is borrowed and
 * valid until then.  struct iol_modrd is caller-owned storage, set up by
 * iol_modrd_open() and released by iol_modrd_close(); the struct iol_rec it
 * returns is borrowed and valid until the next call on that reader.
 */
#ifndef IOLENS_DARSHAN_H
#define IOLENS_DARSHAN_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "counters/modules.h"
#include "model/job.h" /* struct iol_mount, struct iol_seg */

enum { IOL_COMP_ZLIB = 0, IOL_COMP_BZIP2 = 1, IOL_COMP_NONE = 2 };

struct iol_region {
	uint64_t off, len; /* compressed bytes in the file */
};

struct iol_dlog_priv;

struct iol_dlog {
	char version[9]; /* "3.41", as stored */
	int vmajor, vminor;
	int comp;	  /* IOL_COMP_* */
	int swapped;	  /* written on a machine of the other byte order */
	size_t hdr_size;  /* 1328 or 360 */
	uint64_t partial; /* bit i: module i incomplete (current ids) */
	uint64_t cut;	  /* bit i: module i's region runs past the end of
			   * a log cut short: its records cannot be read */
	struct iol_region job_map, name_map, mod_map[IOL_MOD_MAX];
	uint32_t mod_ver[IOL_MOD_MAX];

	int64_t uid, start_sec, start_nsec, end_sec, end_nsec, nprocs, jobid;
	const char *metadata; /* "key=value\n..." as stored */
	const char *exe;      /* command line ("" when the log has none) */
	const struct iol_mount *mounts; /* longest path first */
	int nmounts;
	size_t nnames;
	uint64_t file_size;

	struct iol_dlog_priv *priv;
};

/* Open a log; path "-" reads standard input.  On failure returns a negative
 * IOL_E* code, *out is NULL and err (optional) holds the detail. */
int iol_dlog_open(struct iol_dlog **out, const char *path,
		  struct iol_error *err);
/* The same, of the bytes of fd from its offset on (fd left open). */
int iol_dlog_open_fd(struct iol_dlog **out, int fd, struct iol_error *err);
/* Same over a caller-owned buffer that must outlive the handle. */
int iol_dlog_open_mem(struct iol_dlog **out, const void *buf, size_t len,
		      struct iol_error *err);
void iol_dlog_close(struct iol_dlog *d);
/* The log's bytes as opened (mapped, read, or the caller's buffer), *len
 * their count; borrowed until iol_dlog_close(). */
const void *iol_dlog_bytes(const struct iol_dlog *d, size_t *len);

/* Run time in seconds as darshan-util computes it (FORMAT.md 4.3). */
double iol_dlog_runtime(const struct iol_dlog *d);

/* Name of a record id, or NULL when the name table lacks it. */
const char *iol_dlog_name(const struct iol_dlog *d, uint64_t id);
/* The same, for records read in the name table's order (darshan writes
 * both in the order the files were first seen): *hint, the caller's and
 * 0 at first, is where the last id was found; the entry after it is
 * tried before the hash table.  Any *hint gives the same answer. */
const char *iol_dlog_name_near(const struct iol_dlog *d, uint64_t id,
			       size_t *hint);
/* Mount entry index whose path prefixes name (darshan-util's rule), or -1. */
int iol_dlog_mount_of(const struct iol_dlog *d, const char *name);
/* Iterate over the name table in log order: *pos starts at 0;
 * returns 1 with *id and *name set, 0 at the end. */
int iol_dlog_name_next(const struct iol_dlog *d, size_t *pos, uint64_t *id,
		       const char **name);

/* Bytes of region m the file holds: its length, or less in a log cut
 * short (the modules of d->cut). */
uint64_t iol_dlog_region_have(const struct iol_dlog *d,
			      const struct iol_region *m);

/* What the cut of d lost, in words (model/job.h iol_lost_text(), over
 * the modules of d->cut): "" when d is whole; returns buf. */
char *iol_dlog_lost_text(const struct iol_dlog *d, char *buf, size_t n);

/* Can this build decode module mod's records at the version in the log? */
int iol_dlog_mod_readable(const struct iol_dlog *d, int mod);

struct iol_lustre_comp {
	int64_t c[7]; /* STRIPE_SIZE, STRIPE_COUNT, PATTERN, FLAGS,
			 EXT_START, EXT_END, MIRROR_ID */
	char pool[17];
};

enum { IOL_REC_MAXINT = 120, IOL_REC_MAXFLT = 17 };

/* One decoded record, newest layout, host order. */
struct iol_rec {
	int mod;
	uint64_t id;
	int64_t rank;
	int nint, nflt;
	int64_t ic[IOL_REC_MAXINT];
	double fc[IOL_REC_MAXFLT];
	uint64_t file_rec_id;		      /* H5D, PNETCDF_VAR */
	uint8_t pool_uuid[16], cont_uuid[16]; /* DFS, DAOS */
	uint64_t oid_hi, oid_lo;	      /* DAOS */
	/* LUSTRE */
	int64_t ncomps, nstripes;
	struct iol_lustre_comp *comps;
	int64_t *osts;
	/* HEATMAP */
	double bin_width;
	int64_t nbins;
	int64_t *wbins, *rbins;
	/* MDHIM: ic[0..4], fc[0..3]; histogram of ic[4] servers */
	int64_t *servers;
	/* DXT */
	int64_t shared;
	char hostname[65];
	int64_t wcount, rcount;
	int has_tid; /* segments carry a pthread id */
};

struct iol_modrd_priv;
struct iol_modrd {
	const struct iol_dlog *d;
	int mod, ver;
	struct iol_rec rec;
	/* Set by a caller that keeps every record (the job's loader): a
	 * fixed record in the host's byte order with into_nint and
	 * into_nflt counters as they lie goes there, not to rec.ic and
	 * rec.fc, and into_used says so; one copy of each record less. */
	int64_t *into_ic;
	double *into_fc;
	int into_nint, into_nflt, into_used;
	uint64_t nrec; /* records returned so far */
	struct iol_modrd_priv *priv;
};

/* Start reading module mod.  Returns 0, IOL_EVERSION for versions this
 * build cannot read, IOL_EINVAL for a module without data, IOL_ETRUNC for
 * a module whose region a cut lost (d->cut). */
int iol_modrd_open(struct iol_modrd *rd, const struct iol_dlog *d, int mod,
		   struct iol_error *err);
/* Same, and for a module of d->cut reads what darshan-util reads of it:
 * the whole chunks of chunk bytes the file holds (darshan-util stages a
 * region DARSHAN_DEF_COMP_BUF_SZ = 1 MiB at a time and fails at the first
 * chunk the file cuts); the records end with an error where they do. */
int iol_modrd_open_cut(struct iol_modrd *rd, const struct iol_dlog *d, int mod,
		       uint64_t chunk, struct iol_error *err);
/* Next record: 1 and *rec set, 0 at the end of the module, or < 0. */
int iol_modrd_next(struct iol_modrd *rd, const struct iol_rec **rec,
		   struct iol_error *err);
/* DXT only: up to max segments of the current record, writes first then
 * reads; returns the count (0 when none are left) or < 0.  *is_read tells
 * which kind the batch holds; a batch never mixes the two. */
long iol_modrd_segs(struct iol_modrd *rd, struct iol_seg *segs, size_t max,
		    int *is_read, struct iol_error *err);
/* DXT only: all the current record's segments without a copy, when
 * they are held whole in the reader's buffer in struct iol_seg's layout
 * (host order, thread ids): that buffer is handed over, *block (free()
 * it; *blockcap bytes) with the segments at *segs, and the reader goes on
 * in *spare (*sparecap bytes, may be NULL; taken, *spare set to NULL).
 * Returns the count, 0 when it cannot (nothing consumed, *spare kept:
 * read them with iol_modrd_segs), or < 0 (*spare freed). */
long iol_modrd_segs_take(struct iol_modrd *rd, void **spare, size_t *sparecap,
			 void **block, size_t *blockcap, struct iol_seg **segs,
			 struct iol_error *err);
/* DXT only: the reader goes on in *spare (*sparecap bytes, malloc()ed)
 * when it is larger than the reader's buffer, with what that held; *spare
 * and *sparecap then give the old buffer, the caller's to free.  A block
 * whose pages were touched already costs no page faults to inflate the
 * next stream into, where a fresh one costs one a page.  Returns 1 when
 * swapped, 0 when not (*spare kept). */
int iol_modrd_segs_spare(struct iol_modrd *rd, void **spare, size_t *sparecap);
/* DXT only: remember the position in the current record's segments and
 * return to it, for consumers that need two passes over one record (the
 * darshan-dxt-parser header counts threads before listing segments).
 * IOL_EUNSUPP for bzip2 logs, whose streams cannot be copied. */
int iol_modrd_mark(struct iol_modrd *rd, struct iol_error *err);
int iol_modrd_rewind(struct iol_modrd *rd, struct iol_error *err);
void iol_modrd_close(struct iol_modrd *rd);

/* Fast rejection of something that is not a Darshan log. */
int iol_dlog_sniff(const void *buf, size_t len);

#endif
