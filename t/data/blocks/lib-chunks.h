/* the project library of t/data/blocks/lib-app.c */
#ifndef LIB_CHUNKS_H
#define LIB_CHUNKS_H

#include <stddef.h>

int chunks_write(int fd, const char *data, int n, size_t size);

#endif
