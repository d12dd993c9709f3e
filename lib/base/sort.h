/*
 * A stable merge sort made for one element type, its comparison inlined.
 * glibc's qsort() is a stable merge sort too, but through a function
 * pointer a comparison (and, for elements past 32 bytes, through an array
 * of pointers): the sorts of one log's records were a tenth of ingest's
 * CPU.  Being stable, it puts equal keys in the order qsort() did, so that
 * sums folded over them come out to the same bits.  Internal; not
 * installed.
 *
 *   IOL_SORT_DEFINE(sort_recs, struct rec, rec_before)
 *
 * defines static void sort_recs(struct rec *v, size_t n), where
 * rec_before(a, b) (pointers to const) is nonzero when *a goes strictly
 * before *b.  Without memory for the merge's n elements it falls back to
 * insertion sort: slower, the same order.
 */
#ifndef IOLENS_SORT_H
#define IOLENS_SORT_H

#include <stdlib.h>
#include <string.h>

/* runs this short are sorted by insertion before merging */
#define IOL_SORT_RUN 16

#define IOL_SORT_DEFINE(name, T, before)                                       \
	static void name##_ins(T *v, size_t n)                                 \
	{                                                                      \
		size_t i, j;                                                   \
                                                                               \
		for (i = 1; i < n; i++) {                                      \
			T x = v[i];                                            \
                                                                               \
			for (j = i; j > 0 && before(&x, &v[j - 1]); j--)       \
				v[j] = v[j - 1];                               \
			v[j] = x;                                              \
		}                                                              \
	}                                                                      \
                                                                               \
	/* a[0..na) and b[0..nb) into out, a's first among equals */           \
	static void name##_merge(const T *a, size_t na, const T *b, size_t nb, \
				 T *out)                                       \
	{                                                                      \
		size_t i = 0, j = 0, k = 0;                                    \
                                                                               \
		while (i < na && j < nb)                                       \
			out[k++] = before(&b[j], &a[i]) ? b[j++] : a[i++];     \
		while (i < na)                                                 \
			out[k++] = a[i++];                                     \
		while (j < nb)                                                 \
			out[k++] = b[j++];                                     \
	}                                                                      \
                                                                               \
	static void name(T *v, size_t n)                                       \
	{                                                                      \
		T *tmp, *src, *dst, *t;                                        \
		size_t w, i;                                                   \
                                                                               \
		if (n <= IOL_SORT_RUN ||                                       \
		    !(tmp = (T *)malloc(n * sizeof(T)))) {                     \
			name##_ins(v, n);                                      \
			return;                                                \
		}                                                              \
		for (i = 0; i < n; i += IOL_SORT_RUN)                          \
			name##_ins(v + i, n - i < IOL_SORT_RUN                 \
						  ? n - i                      \
						  : IOL_SORT_RUN);             \
		src = v;                                                       \
		dst = tmp;                                                     \
		for (w = IOL_SORT_RUN; w < n; w *= 2) {                        \
			for (i = 0; i < n; i += 2 * w) {                       \
				size_t na = n - i < w ? n - i : w;             \
				size_t nb = n - i - na < w ? n - i - na : w;   \
                                                                               \
				name##_merge(src + i, na, src + i + na, nb,    \
					     dst + i);                         \
			}                                                      \
			t = src;                                               \
			src = dst;                                             \
			dst = t;                                               \
		}                                                              \
		if (src != v)                                                  \
			memcpy(v, src, n * sizeof(T));                         \
		free(tmp);                                                     \
	}

#endif
