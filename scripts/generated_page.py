"""The command line of the scripts that write a page of docs/ (api_reference.py,
missing_api.py): write it, or with --check fail when the checked-in page differs. The pages
quote the installed NumPy, so each records its NumPy version, and another NumPy cannot
check it (it says so and passes)."""
import os
import re
import sys

import numpy

MARK = "<!-- written with NumPy %s -->\n"


def write_or_check(path, text):
    script = os.path.basename(sys.argv[0])
    text = text + "\n" + MARK % numpy.__version__
    if sys.argv[1:] == ["--check"]:
        with open(path) as f:
            old = f.read()
        found = re.search(r"<!-- written with NumPy (\S+) -->", old)
        if found and found.group(1) != numpy.__version__:
            print(f"{os.path.relpath(path)} was written with NumPy {found.group(1)}; this is "
                  f"NumPy {numpy.__version__}: not checked")
            return
        if old != text:
            sys.exit(f"{os.path.relpath(path)} is out of date: run scripts/{script}")
        return
    with open(path, "w") as f:
        f.write(text)
