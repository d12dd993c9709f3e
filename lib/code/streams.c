/*
 * C++ file streams (code/streams.h): the stream a call is on is found
 * from the call's object (a member call's object, an operator's first
 * argument followed down a chain of << or >>, a constructor's class), and
 * its canonical type decides: std::basic_ofstream, basic_ifstream or
 * basic_fstream.  Sizes: write and read take their count argument,
 * put one byte, << a string literal its length and a char one byte (the
 * extractor's call_size()); formatted numbers and strings of run-time
 * length are unknown.
 */
#include <string.h>

#include "code/streams.h"
#include "base/banned.h"

#define S IOL_CAPI_STDIO

/* name, api, op, size, count, type, path, stream, fixed, literal_len */
static const struct iol_ciodef members[] = {
	{"close", S, IOL_COP_CLOSE, -1, -1, -1, -1, -1, 0, 0},
	{"flush", S, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0},
	{"get", S, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0},
	{"getline", S, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0},
	{"ignore", S, IOL_COP_READ, -1, -1, -1, -1, -1, 0, 0},
	{"open", S, IOL_COP_OPEN, -1, -1, -1, 0, -1, 0, 0},
	{"put", S, IOL_COP_WRITE, -1, -1, -1, -1, -1, 1, 0},
	{"read", S, IOL_COP_READ, 1, -1, -1, -1, -1, 0, 0},
	{"readsome", S, IOL_COP_READ, 1, -1, -1, -1, -1, 0, 0},
	{"seekg", S, IOL_COP_SEEK, -1, -1, -1, -1, -1, 0, 0},
	{"seekp", S, IOL_COP_SEEK, -1, -1, -1, -1, -1, 0, 0},
	{"sync", S, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0},
	{"write", S, IOL_COP_WRITE, 1, -1, -1, -1, -1, 0, 0},
};
/* operators: the stream is argument 0, the value argument 1 */
static const struct iol_ciodef shl = {
	"operator<<", S, IOL_COP_WRITE, 1, -1, -1, -1, -1, 0, 1};
static const struct iol_ciodef shr = {"operator>>", S,	IOL_COP_READ, -1, -1,
				      -1,	    -1, -1,	      0,  0};
static const struct iol_ciodef ctor = {"open", S, IOL_COP_OPEN, -1, -1,
				       -1,     0, -1,		0,  0};

static const char *const classes[] = {"ofstream", "ifstream", "fstream"};
static const char *const full[] = {"std::ofstream", "std::ifstream",
				   "std::fstream"};

/* the file stream a type is (0..2), through pointers when deref, or -1 */
static int stream_kind(CXType t, int deref)
{
	CXString s;
	const char *p, *q;
	int i, k = -1;

	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference ||
	    t.kind == CXType_RValueReference) {
		if (!deref)
			return -1;
		t = clang_getPointeeType(t);
	}
	s = clang_getTypeSpelling(clang_getCanonicalType(t));
	p = clang_getCString(s);
	if (p && strncmp(p, "const ", 6) == 0)
		p += 6;
	/* std::basic_ofstream<...>, std::__1::basic_ofstream<...> */
	if (p && strncmp(p, "std::", 5) == 0) {
		q = strstr(p, "basic_");
		for (i = 0; q && i < 3; i++) {
			size_t n = strlen(classes[i]);

			if (strncmp(q + 6, classes[i], n) == 0 &&
			    q[6 + n] == '<' && !strchr(q + 6 + n, ':')) {
				k = i;
				break;
			}
		}
	}
	clang_disposeString(s);
	return k;
}

static int stream_of_type(CXType t)
{
	return stream_kind(t, 1);
}

const char *iol_cstream_type(CXType t)
{
	int k = stream_kind(t, 0);

	return k < 0 ? NULL : full[k];
}

static enum CXChildVisitResult first_visit(CXCursor cur, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = cur;
	return CXChildVisit_Break;
}

static CXCursor first_child(CXCursor cur)
{
	CXCursor k = clang_getNullCursor();

	clang_visitChildren(cur, first_visit, &k);
	return k;
}

/* through implicit casts and parentheses */
static CXCursor bare(CXCursor cur)
{
	int guard;

	for (guard = 0; guard < 64; guard++) {
		enum CXCursorKind kd = clang_getCursorKind(cur);
		CXCursor k;

		if (kd != CXCursor_UnexposedExpr && kd != CXCursor_ParenExpr)
			break;
		k = first_child(cur);
		if (clang_Cursor_isNull(k))
			break;
		cur = k;
	}
	return cur;
}

static int spelled(CXCursor cur, const char *name)
{
	CXString s = clang_getCursorSpelling(cur);
	int yes = clang_getCString(s) && !strcmp(clang_getCString(s), name);

	clang_disposeString(s);
	return yes;
}

int iol_cstream_is_member(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);

	return clang_getCursorKind(ref) == CXCursor_CXXMethod;
}

/* the stream of `s << a << b`: down the chain's first arguments */
static int operator_stream(CXCursor call, const char *op)
{
	int guard;

	for (guard = 0; guard < 4096; guard++) {
		CXCursor a;

		if (clang_Cursor_getNumArguments(call) < 1)
			return -1;
		a = bare(clang_Cursor_getArgument(call, 0));
		if (clang_getCursorKind(a) == CXCursor_CallExpr &&
		    spelled(a, op)) {
			call = a;
			continue;
		}
		return stream_of_type(clang_getCursorType(a));
	}
	return -1;
}

/* a constructor's first argument names a file: a char pointer, a string
 * or a path, not another stream (a move) */
static int names_file(CXCursor call)
{
	CXType t;
	CXString s;
	int yes;

	if (clang_Cursor_getNumArguments(call) < 1)
		return 0;
	t = clang_getCanonicalType(
		clang_getCursorType(clang_Cursor_getArgument(call, 0)));
	if (t.kind == CXType_Pointer || t.kind == CXType_ConstantArray)
		return 1;
	s = clang_getTypeSpelling(t);
	yes = clang_getCString(s) &&
	      (strstr(clang_getCString(s), "basic_string") ||
	       strstr(clang_getCString(s), "filesystem"));
	clang_disposeString(s);
	return yes;
}

/* the first operand of a chain `s << a << b`: the stream */
static CXCursor chain_object(CXCursor call, const char *op)
{
	int guard;

	for (guard = 0; guard < 4096; guard++) {
		CXCursor a;

		if (clang_Cursor_getNumArguments(call) < 1)
			break;
		a = bare(clang_Cursor_getArgument(call, 0));
		if (clang_getCursorKind(a) == CXCursor_CallExpr &&
		    spelled(a, op)) {
			call = a;
			continue;
		}
		return a;
	}
	return clang_getNullCursor();
}

CXCursor iol_cstream_object(CXCursor call)
{
	CXCursor obj;

	if (spelled(call, "operator<<"))
		return chain_object(call, "operator<<");
	if (spelled(call, "operator>>"))
		return chain_object(call, "operator>>");
	obj = first_child(call);
	if (clang_getCursorKind(obj) != CXCursor_MemberRefExpr)
		return clang_getNullCursor();
	return bare(first_child(obj));
}

int iol_cstream_manip(CXCursor call)
{
	CXCursor a, ref;

	if (!spelled(call, "operator<<") ||
	    clang_Cursor_getNumArguments(call) != 2)
		return 0;
	a = bare(clang_Cursor_getArgument(call, 1));
	ref = clang_getCursorReferenced(a);
	if (clang_Cursor_isNull(ref))
		return 0;
	if (spelled(ref, "endl"))
		return 1;
	return spelled(ref, "flush") ? 2 : 0;
}

const struct iol_ciodef *iol_cstream_find(CXCursor call, const char **cls_name,
					  const char **member)
{
	CXCursor ref = clang_getCursorReferenced(call), obj;
	enum CXCursorKind rk = clang_getCursorKind(ref);
	int cls;
	size_t i;

	if (spelled(call, "operator<<") || spelled(call, "operator>>")) {
		int out = spelled(call, "operator<<");

		cls = operator_stream(call, out ? "operator<<" : "operator>>");
		if (cls < 0)
			return NULL;
		*cls_name = full[cls];
		*member = out ? " <<" : " >>";
		return out ? &shl : &shr;
	}
	if (rk == CXCursor_Constructor) {
		cls = stream_of_type(clang_getCursorType(call));
		if (cls < 0 || !names_file(call))
			return NULL;
		*cls_name = full[cls];
		*member = classes[cls];
		return &ctor;
	}
	if (rk != CXCursor_CXXMethod)
		return NULL;
	/* out.write(...): MemberRefExpr, whose child is the object */
	obj = first_child(call);
	if (clang_getCursorKind(obj) != CXCursor_MemberRefExpr)
		return NULL;
	obj = bare(first_child(obj));
	if (clang_Cursor_isNull(obj) ||
	    (cls = stream_of_type(clang_getCursorType(obj))) < 0)
		return NULL;
	for (i = 0; i < sizeof(members) / sizeof(members[0]); i++)
		if (spelled(ref, members[i].name)) {
			*cls_name = full[cls];
			*member = members[i].name;
			return &members[i];
		}
	return NULL;
}
