/*
 * Call stacks of a trace's calls, interned: every distinct frame once,
 * every distinct chain of frames once, so that an event carries only a
 * stack id (struct iol_event.stack) and a job with a million calls from
 * a few hundred call sites holds a few hundred chains.
 *
 * A frame is what strace -k (and iolens trace --stacks) prints: the
 * module (the binary's path), the function it named with the offset in
 * it (none when the module has no symbols), and the address: the offset
 * in the module's file (strace's "[0x...]"), which a symbolizer turns
 * into function, source file and line (sources/symbols.h).  A chain
 * lists frame ids innermost first (the call's own frame first).
 *
 * Ownership: struct iol_stacks owns every frame, string and chain; a
 * job's table (iol_job->stacks) lives as long as the job.  Interning
 * writes; lookups and reads do not, so several readers may share a
 * table that nobody interns into any more.
 */
#ifndef IOLENS_STACK_H
#define IOLENS_STACK_H

#include <stddef.h>
#include <stdint.h>

struct iol_frame {
	const char *module; /* path of the binary, "" when unknown */
	const char *func;   /* the tracer's name for it, "" none */
	uint64_t off;	    /* offset in func */
	uint64_t addr;	    /* offset in the module's file; 0 unknown */
};

struct iol_stacks;

/* The frame iolens trace --stacks ends a stack with when it was deeper
 * than the depth asked for (strace -k's form: a bare word) */
#define IOL_STACK_CUT "[stack cut]"

/* An empty table, or NULL when memory runs out. */
struct iol_stacks *iol_stacks_new(void);
void iol_stacks_free(struct iol_stacks *s);

/* The id of frame f (strings copied), added when new: 0 or IOL_ENOMEM. */
int iol_stacks_frame(struct iol_stacks *s, const struct iol_frame *f,
		     uint32_t *id);
/* The id (>= 1) of the chain of n frame ids, added when new: 0 or
 * IOL_ENOMEM (IOL_EINVAL for n 0 or an unknown frame id). */
int iol_stacks_intern(struct iol_stacks *s, const uint32_t *fr, size_t n,
		      uint32_t *id);
/* Lookups that add nothing: 1 found (id set), 0 not there. */
int iol_stacks_find_frame(const struct iol_stacks *s, const struct iol_frame *f,
			  uint32_t *id);
int iol_stacks_find(const struct iol_stacks *s, const uint32_t *fr, size_t n,
		    uint32_t *id);

/* Chains are numbered 1..iol_stacks_count(). */
size_t iol_stacks_count(const struct iol_stacks *s);
size_t iol_stacks_nframes(const struct iol_stacks *s);
/* Chain id's frame ids (innermost first) and their number; 0 for an id
 * out of range. */
size_t iol_stacks_chain(const struct iol_stacks *s, uint32_t id,
			const uint32_t **fr);
/* Frame fid, or NULL out of range. */
const struct iol_frame *iol_stacks_frame_at(const struct iol_stacks *s,
					    uint32_t fid);

#endif
