/*
 * C++ file streams as the source extractor sees them: a call on a
 * std::ofstream, std::ifstream or std::fstream (their basic_ templates,
 * libstdc++'s and libc++'s spellings) is a stdio-like call -- the stream
 * buffers like a FILE * -- never the POSIX call its member's name
 * (write, read, close) would say.  Private to lib/code.
 *
 * Ownership: the definitions and strings returned are static.
 */
#ifndef IOLENS_CODE_STREAMS_H
#define IOLENS_CODE_STREAMS_H

#include <clang-c/Index.h>

#include "code/iocalls.h"

/*
 * The definition of call when it is one on a C++ file stream: a member
 * (write, read, put, get, getline, flush, sync, open, close, seekp,
 * seekg), operator<< or operator>> (also along a chain, `out << a << b`),
 * or the construction of one with a file name (an open).  Argument
 * indices are the call's as libclang numbers them.  *cls_name gets the
 * class ("std::ofstream") and *member the call ("write", " <<", or the
 * class's own name for a constructor): the name shown joins them with
 * "::" (an operator with nothing).  NULL for any other call (a stream
 * that is no file stream, std::cout, is left out: messages).
 */
const struct iol_ciodef *iol_cstream_find(CXCursor call, const char **cls_name,
					  const char **member);

/* The expression of the stream a file stream call is on (the member
 * call's object, the first operand down a chain of << or >>), or a null
 * cursor (a constructor's). */
CXCursor iol_cstream_object(CXCursor call);

/* A manipulator a file stream's operator<< is given: 1 std::endl (a
 * newline, then a flush), 2 std::flush, 0 none (or another call). */
int iol_cstream_manip(CXCursor call);

/* The file stream type t is, by value ("std::ofstream"), or NULL (a
 * pointer or reference to one, or no file stream). */
const char *iol_cstream_type(CXType t);

/* Whether call is a call of a member function (out.write(), obj.read()):
 * not a C library function whatever its name. */
int iol_cstream_is_member(CXCursor call);

#endif
