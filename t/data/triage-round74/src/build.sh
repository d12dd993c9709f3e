#!/bin/sh
# Open MPI 4.1.4 wrappers (gcc 12 / gfortran 12).
cd /tmp/labels74/src && mpicc -O2 -Wall -Wextra -o qcd74 qcd74.c && mpif90 -O2 -o corr74 corr74.f90
