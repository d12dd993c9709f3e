# Round 37: write package storm37 with N modules of ~2 KB each (a constant, a class and three functions) into DIR.
import os, sys

d = os.path.join(sys.argv[1], "storm37")
os.makedirs(d, exist_ok=True)
open(os.path.join(d, "__init__.py"), "w").close()
for i in range(int(sys.argv[2])):
    body = ["VALUE = %d\n" % i, "class C%d:\n    def __init__(self, x):\n        self.x = x\n" % i]
    for k in range(3):
        body.append("def f%d(a, b=%d):\n    '''helper %d of module %d'''\n    s = 0\n    for j in range(a):\n"
                    "        s += (j * %d + b) %% 97\n    return s\n" % (k, k, k, i, k + i))
    body.append("TABLE = %r\n" % [[i, k, "x" * 8] for k in range(12)])
    with open(os.path.join(d, "m%04d.py" % i), "w") as f:
        f.write("".join(body))
