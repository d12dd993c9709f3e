# Round 37: an import storm. Imports N generated modules storm37.m0000 ... (installed, with their .pyc, in a
# venv's site-packages on the slow storage, or in one zip file put first on sys.path: "zip").
import importlib, sys

n, where = int(sys.argv[1]), sys.argv[2]
if where != "dir":
    sys.path.insert(0, where)
total = 0
for i in range(n):
    total += importlib.import_module("storm37.m%04d" % i).VALUE
print(total)
