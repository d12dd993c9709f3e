#!/bin/sh
# mkjob.sh DIR NX NY NZ: a job directory with the namelist and the grid file (2*(NX+NY)+NZ doubles)
mkdir -p $1; printf '&ocean\n nx = %d, ny = %d, nz = %d,\n dt = 60.0, kappa = 1.0e-4,\n/\n' $2 $3 $4 > $1/ocean.nml
/usr/bin/python3 -c 'import sys,numpy as np
nx,ny,nz=map(int,sys.argv[2:5])
np.concatenate([np.linspace(0,360,nx),np.linspace(-80,80,ny),np.linspace(-180,180,nx),np.linspace(-80,80,ny),np.linspace(5,5000,nz)]).tofile(sys.argv[1]+"/grid.dat")' $1 $2 $3 $4
# the forcing file: 12 monthly surface heat-flux fields of NX x NY doubles
/usr/bin/python3 -c 'import sys,numpy as np
nx,ny=map(int,sys.argv[2:4])
(100*np.sin(np.arange(12*nx*ny)*1e-3)).tofile(sys.argv[1]+"/forcing.dat")' $1 $2 $3
