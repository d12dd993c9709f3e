import random
kinds = [
 "crash simulation (explicit FEM) writing d3plot-like state files",
 "CFD RANS solve of an engine intake writing restart and field output",
 "CFD mesh partitioning and decomposition (reading one mesh, writing per-rank pieces)",
 "implicit structural FEM (NVH) with an out-of-core direct solver scratch",
 "combustion chemistry with a kinetics mechanism file read by every rank",
 "reservoir simulation (oil & gas) reading a grid deck and writing well reports",
 "battery cell electrochemical model parameter sweep (many small serial runs)",
 "wind turbine aeroelastic load-case batch (one output file per load case)",
 "molecular dynamics of polymers/lubricants with trajectory output",
 "DFT catalyst screening (small decks, wavefunction at the end)",
 "process simulation / flowsheet optimisation in Python writing CSV logs",
 "post-processing: extracting time series probes from large result files",
 "topology optimisation iterations writing a density field each iteration",
 "CAD/mesh conversion job (STEP-to-mesh) serial with STDIO text output",
 "seismic/geophysical inversion for reservoir characterisation",
 "design-of-experiments surrogate model training (Python/numpy on CSV)",
 "thermal analysis of power electronics with a transient field output",
 "pipeline network (gas grid) transient simulation with checkpoint",
 "noise/vibration FFT batch over sensor recordings",
 "report generation: plotting and archiving results (tar/gzip of a result dir)",
]
pick = random.Random(112).sample(range(20), 5)
for i in pick: print(i+1, kinds[i])
