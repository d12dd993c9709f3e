/*
 * Functions that are easy to misuse (unbounded copies, hidden static state,
 * local time zones).  Included last by every source file, as git does.
 */
#ifndef IOLENS_BANNED_H
#define IOLENS_BANNED_H

#define BANNED(func) sorry_##func##_is_a_banned_function

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef gets
#define gets(x) BANNED(gets)
#undef localtime
#define localtime(t) BANNED(localtime)
#undef gmtime
#define gmtime(t) BANNED(gmtime)
#undef ctime
#define ctime(t) BANNED(ctime)

#endif
