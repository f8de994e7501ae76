"""Writes docs/api_reference.md from the live module: every public name of ndgpu's namespaces
with its signature (the first line of its docstring, python/ndgpu/_docs.py) and ndgpu's own
note; NumPy's text is not copied (help(name) shows it). `python/tests/test_api_reference.py`
checks the page is current.
Usage: PYTHONPATH=python python3 scripts/api_reference.py [--check]
"""
import importlib
import inspect
import os
import re
import sys
import types

from generated_page import write_or_check

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "api_reference.md")
NAMESPACES = ("ndgpu", "ndgpu.linalg", "ndgpu.fft", "ndgpu.random", "ndgpu.cuda",
              "ndgpu.testing", "ndgpu.cupyx")


def entry(module, name):
    import ndgpu
    from ndgpu import _core, _docs
    value = getattr(module, name)
    if isinstance(value, types.ModuleType):
        return f"module `{value.__name__}`", ""
    if isinstance(value, type):
        doc = (inspect.getdoc(value) or "").split("\n\n")[0].replace("\n", " ")
        return f"class `{name}`", "" if value.__module__.startswith("numpy") else doc
    if isinstance(value, _core.ufunc):
        return f"ufunc `{_docs.ufunc_doc_signature(value)}`", ""
    if callable(value):
        target = value.__wrapped__ if type(value) is type(ndgpu.sum) else value
        signature, own = _docs._signature_line(target, name)
        # A module default prints its file: keep the page free of the machine's paths.
        signature = re.sub(r"<module '([\w.]+)' from '[^']*'>", r"<module '\1'>", signature)
        if getattr(importlib.import_module(_docs.NUMPY_MODULES.get(module.__name__, "numpy")),
                   name, None) is target:
            own = "NumPy's own."
        return f"`{signature}`", own.split("\n\n")[0].replace("\n", " ")
    return f"`{name}`: {type(value).__name__}", ""


def page():
    lines = ["# API reference", "",
             "Written by `scripts/api_reference.py` from the module's docstrings (CI checks it "
             "is current: `python/tests/test_api_reference.py`). Each name's NumPy text is in "
             "`help(name)`; the user guide is `user_guide.md`.", ""]
    for namespace in NAMESPACES:
        module = importlib.import_module(namespace)
        names = sorted(n for n in dir(module) if not n.startswith("_"))
        lines += [f"## `{namespace}` ({len(names)} names)", ""]
        for name in names:
            head, note = entry(module, name)
            lines.append(f"- {head}" + (f": {note}" if note else ""))
        lines.append("")
    return "\n".join(lines)


def main():
    write_or_check(PAGE, page())


if __name__ == "__main__":
    main()
