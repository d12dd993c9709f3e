#!/bin/sh
# inputs made without Darshan: a source tree of 2000 small files (git, cp), a C project with
# 200 headers (cc1), SQL scripts for sqlite3
cd /tmp/labels5-run/in
rm -rf tree proj; mkdir -p tree proj/inc
i=0; while [ $i -lt 2000 ]; do d=tree/d$((i % 40)); mkdir -p $d
	printf 'file %d\n%s\n' $i "$(head -c $((200 + i % 1800)) /dev/zero | tr '\0' x)" > $d/f$i.txt; i=$((i + 1)); done
i=0; : > proj/main.c; while [ $i -lt 200 ]; do
	printf '#ifndef H%d\n#define H%d\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nstatic inline int f%d(int x) { return x * %d + (int)strlen("%d"); }\n#endif\n' $i $i $i $i $i > proj/inc/h$i.h
	echo "#include \"h$i.h\"" >> proj/main.c; i=$((i + 1)); done
printf 'int main(void) { printf("%%d\\n", f1(2) + f199(3)); return 0; }\n' >> proj/main.c
{ echo 'CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, v REAL);'
  i=0; while [ $i -lt 1500 ]; do echo "INSERT INTO t(name, v) VALUES('item$i', $i.5);"; i=$((i + 1)); done; } > many.sql
{ echo 'CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, v REAL);'; echo 'BEGIN;'
  i=0; while [ $i -lt 1500 ]; do echo "INSERT INTO t(name, v) VALUES('item$i', $i.5);"; i=$((i + 1)); done; echo 'COMMIT;'; } > one.sql
