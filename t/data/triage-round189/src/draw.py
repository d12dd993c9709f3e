import random
r = random.Random(189)
types = ["aligner (MPI ranks read FASTQ chunks, write SAM/BAM-like output)",
         "variant caller (reads aligned records per region, writes VCF)",
         "index builder (reads a reference FASTA, writes an index)",
         "per-sample small-file pipeline (many samples, small per-sample files)",
         "MPI sorter (sorts aligned records, writes sorted output)",
         "serial tool with STDIO (e.g. FASTQ QC / k-mer counter via fgets/fprintf)"]
n = r.choice([5, 5, 6])   # number of programs
jobs = r.sample(types, n)
nprob = r.choice([2, 3]) if n == 5 else 3
probs = sorted(r.sample(range(n), nprob))
print("n_programs", n); print("problems", nprob)
for i, j in enumerate(jobs): print(i, "PROBLEM" if i in probs else "fine", j)
