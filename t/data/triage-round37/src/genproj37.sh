#!/bin/sh
# Round 37: a small C project in DIR: N source files of a few functions each and a Makefile (one .o a file, a static
# library, one program).
d=$1 n=$2
mkdir -p $d
for i in $(seq 1 $n); do
	printf '#include "p.h"\nint f%d(int x) { int s = 0; for (int k = 0; k < x; k++) s += (k * %d) %% 13; return s; }\n' $i $i > $d/f$i.c
	printf 'double g%d(double y) { return y * %d.5 + 1.0; }\n' $i $i >> $d/f$i.c
done
printf 'int f1(int);\n' > $d/p.h
printf '#include <stdio.h>\n#include "p.h"\nint main(void) { printf("%%d\\n", f1(10)); return 0; }\n' > $d/main.c
{ printf 'OBJS = $(patsubst %%.c,%%.o,$(wildcard f*.c))\n'
  printf 'prog: main.o libp.a\n\tgcc -o $@ main.o libp.a\n'
  printf 'libp.a: $(OBJS)\n\tar rcs $@ $(OBJS)\n'
  printf '%%.o: %%.c p.h\n\tgcc -O1 -c -o $@ $<\n'; } > $d/Makefile
