# Draw round 126's 5 kinds of job by lot from kinds.txt (seed 126).
import random, sys
kinds = [l.strip() for l in open(sys.argv[1]) if l.strip() and not l.startswith('#')]
random.seed(126)
for i in sorted(random.sample(range(len(kinds)), 5)):
    print(i + 1, kinds[i])
