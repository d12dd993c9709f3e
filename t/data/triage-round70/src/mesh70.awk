# Round 70's preprocessing: convert a text mesh (v x y z / t a b c d lines) into the solver's format:
# renumber nodes from 0, scale coordinates, compute each tet's signed volume, write nodes and cells files.
/^v / { n++; x[n]=$2*S; y[n]=$3*S; z[n]=$4*S; printf "%d %.9e %.9e %.9e\n", n-1, x[n], y[n], z[n] > NODES; next }
/^t / { a=$2; b=$3; c=$4; d=$5
  ux=x[b]-x[a]; uy=y[b]-y[a]; uz=z[b]-z[a]; vx=x[c]-x[a]; vy=y[c]-y[a]; vz=z[c]-z[a]; wx=x[d]-x[a]; wy=y[d]-y[a]; wz=z[d]-z[a]
  vol=(ux*(vy*wz-vz*wy)-uy*(vx*wz-vz*wx)+uz*(vx*wy-vy*wx))/6
  printf "%d %d %d %d %d %.9e\n", m++, a-1, b-1, c-1, d-1, vol > CELLS; next }
END { printf "%d nodes %d cells\n", n, m }
