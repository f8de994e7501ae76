"""The command line of the scripts that write a page of docs/ (api_reference.py,
missing_api.py): write it, or with --check fail when the checked-in page differs."""
import os
import sys


def write_or_check(path, text):
    script = os.path.basename(sys.argv[0])
    if sys.argv[1:] == ["--check"]:
        with open(path) as f:
            if f.read() != text:
                sys.exit(f"{os.path.relpath(path)} is out of date: run scripts/{script}")
        return
    with open(path, "w") as f:
        f.write(text)
