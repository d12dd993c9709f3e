/*
 * Prediction of the source extractor's blocks (code/extract.h): calls and
 * bytes propagated up the tree, blocks with no I/O dropped, ids given and
 * the blocks ranked.  Private to lib/code.
 *
 * Ownership: the blocks stay in the tree's arena; t->ranked is malloc'd
 * and freed by iol_ctree_free().
 */
#ifndef IOLENS_CODE_PREDICT_H
#define IOLENS_CODE_PREDICT_H

#include <stddef.h>

#include "code/extract.h"

/*
 * Predict the n function blocks fns (every function defined in the
 * parsed files, their calls resolved), keep those with I/O in t->funcs,
 * most I/O first, and fill t->ranked and t->nblocks.  Returns 0 or
 * IOL_ENOMEM (err filled).
 */
int iol_ctree_predict(struct iol_ctree *t, struct iol_cblock *const *fns,
		      size_t n, struct iol_error *err);

/* The block's total of counter k taking each loop of unknown trip count
 * as one iteration: the key blocks are ranked by. */
int64_t iol_cpred_one(const struct iol_cpred *p, enum iol_cpk k);

/* Block b (of the function cc calls) predicted for the call cc: sizes,
 * trip counts and streams given twice under cc's arguments (the caller's
 * own parameters it passes on not followed further), into out. */
void iol_cblock_pred_call(const struct iol_cblock *b,
			  const struct iol_ccall *cc, struct iol_cpred *out);
/* iol_cblock_pred_call() of a call cc in a function that the call outer
 * calls: cc's arguments that pass on that function's parameters take
 * outer's values (outer NULL: none) */
void iol_cblock_pred_call_in(const struct iol_cblock *b,
			     const struct iol_ccall *cc,
			     const struct iol_ccall *outer,
			     struct iol_cpred *out);
/* iol_cblock_pred_call_in() through a chain of n calls: chain[0] calls
 * b's function, chain[i] the function chain[i - 1] is in, the last
 * fixes what the others pass on (put(fd, b, len) in emit(buf, n) in
 * main's emit(fd, data, 64)) */
void iol_cblock_pred_chain(const struct iol_cblock *b,
			   const struct iol_ccall *const *chain, int n,
			   struct iol_cpred *out);
/* iol_cpred_sys_times() of the writes of block b for the call cc (in a
 * function outer calls, or NULL) run times times, each FILE * the call
 * gives filling its own buffer (two streams' shares of a buffer are no
 * write(2)); -1 unknown */
int64_t iol_cblock_sys_w_call(const struct iol_cblock *b,
			      const struct iol_ccall *cc,
			      const struct iol_ccall *outer, int64_t times);
/* 1 if call cc passes on a parameter of its function that it does not
 * fix (its value is its caller's), else 0 */
int iol_ccall_passes(const struct iol_ccall *cc);
/* 1 if calls a and b bind the parameters of the function they call
 * alike (iol_cblock_pred_call() predicts the same for both), else 0 */
int iol_ccall_same_bind(const struct iol_ccall *a, const struct iol_ccall *b);

#endif
