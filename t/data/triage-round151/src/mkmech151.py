#!/usr/bin/python3
"""Round 151 (labels151): writes the synthetic CHEMKIN-style mechanism mech.inp (53 species, 1800 reactions, ~106 KiB,
2022 lines) read by app151's flame mode. Run once before the runs, not under Darshan. usage: mkmech151.py FILE"""
import random, sys
random.seed(151)
with open(sys.argv[1], "w") as f:
    f.write("ELEMENTS\nC H O N AR\nEND\n")
    sp = ["H2", "O2", "H2O", "H", "O", "OH", "HO2", "H2O2", "CH4", "CO", "CO2", "N2", "AR"] + ["C%dH%d" % (i % 7 + 1, i % 13 + 1) for i in range(40)]
    f.write("SPECIES\n" + " ".join(sp) + "\nEND\nTHERMO ALL\n")
    for s in sp:
        for k in range(4):
            f.write("%-18s%s %d\n" % (s, " ".join("% .8E" % random.uniform(-1e4, 1e4) for _ in range(5)), k + 1))
    f.write("END\nREACTIONS\n")
    for i in range(1800):
        a, b, c = random.sample(sp, 3)
        f.write("%s+%s<=>%s+%s   %.3E %.3f %.2f\n" % (a, b, c, random.choice(sp), random.uniform(1e8, 1e14), random.uniform(-2, 3), random.uniform(0, 40000)))
    f.write("END\n")
