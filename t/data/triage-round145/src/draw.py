import random
kinds = ["materials DFT SCF (plane-wave, wavefunction checkpoint)", "materials DFT band-structure postprocessing",
 "molecular dynamics with trajectory output (GROMACS-like)", "CFD OpenFOAM-like: per-processor time directories",
 "CFD OpenFOAM-like: decomposePar/reconstructPar", "climate postprocessing: monthly means over NetCDF-like files",
 "climate postprocessing: regridding one large field", "bioinformatics: read alignment (FASTQ in, SAM out)",
 "bioinformatics: k-mer counting over many small FASTA files", "ML training: data loader over many sample files",
 "ML training: checkpoint save every N steps", "astrophysics N-body: snapshot per output step",
 "astrophysics N-body: halo-finder reading snapshots", "code development test job: compile-and-run unit tests",
 "code development test job: MPI scaling test with small output", "quantum chemistry with large scratch integrals file",
 "lattice QCD gauge-configuration write", "seismic imaging: shot gathers read per rank",
 "weather ensemble member: restart read and history write", "parameter sweep: many short serial tasks in one job"]
random.seed(145)
for i, k in enumerate(random.sample(range(20), 5)): print(i + 1, k + 1, kinds[k])
