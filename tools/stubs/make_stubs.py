"""ndgpu's type stubs, written at build time (CMakeLists.txt runs it after building _core).

nanobind's stubgen writes the extension's stubs (_core/__init__.pyi and its submodules); a
nanobind `object` return becomes `Any`, so results can be used. The package modules that make
names at import (the ufuncs and NumPy's scalar types in ndgpu, the samplers in ndgpu.random)
get re-export stubs written here, since a type checker cannot see those names in the source;
the other modules (ndgpu.linalg, ndgpu.fft, ...) are read from their source.

Usage: python make_stubs.py --import-path DIR --out DIR  (DIR/ndgpu is an importable package)
"""
import argparse
import importlib
import inspect
import os
import re
import subprocess
import sys
import textwrap
import types
from pathlib import Path

# The package modules that get a written stub: the names a type checker cannot find.
MODULES = ("ndgpu", "ndgpu.random")
PATTERNS = Path(__file__).with_name("patterns.txt")


def core_stubs(import_path, out):
    """_core's stubs, and its private submodules' (stubgen's -r skips names with a leading _)."""
    import ndgpu._core as core
    core_dir = out / "_core"
    core_dir.mkdir(parents=True, exist_ok=True)
    modules = [("ndgpu._core", core_dir / "__init__.pyi")] + [
        (v.__name__, core_dir / (v.__name__.rsplit(".", 1)[1] + ".pyi"))
        for v in vars(core).values() if isinstance(v, types.ModuleType)
        and v.__name__.startswith("ndgpu._core.")]
    for name, path in modules:
        # -P: names with a trailing underscore (ix_) are public here, and a private class may
        # be a public function's result.
        subprocess.run([sys.executable, __file__, "--stubgen", "-q", "-P", "-i", import_path,
                        "-p", str(PATTERNS), "-m", name, "-o", str(path)], check=True)
    for stub in core_dir.rglob("*.pyi"):
        text = stub.read_text()
        # A property made of static functions is a property to a type checker.
        text = re.sub(r"(@(?:property|\w+\.setter)\n\s+)@staticmethod\n\s+", r"\1", text)
        # `__hash__ = None` (unhashable, as NumPy's arrays) is not object's __hash__.
        text = text.replace("__hash__: None = None", "__hash__: None  # type: ignore[assignment]")
        # nanobind's `object` return (a result of any type) is Any to a type checker.
        text = re.sub(r"-> object(?=: \.\.\.|:\n)", "-> Any", text)
        if not re.search(r"^from typing import .*\bAny\b", text, re.M):
            text = "from typing import Any\n" + text
        stub.write_text(text)


def stubgen_unwrapped(argv):
    """nanobind's stubgen with ndarray's members as nanobind bound them: the package wraps
    them for their docstrings (python/ndgpu/_docs.py), which stubgen cannot read."""
    sys.path.insert(0, argv[argv.index("-i") + 1])
    import ndgpu
    from nanobind.stubgen import main as stubgen
    for name, value in list(vars(ndgpu.ndarray).items()):
        if type(value).__name__ in ("method", "documented_property"):
            setattr(ndgpu.ndarray, name, value.__wrapped__)
    stubgen(argv)


def unwrapped(value):
    """The function a _core.function (python/ndgpu/_docs.py) forwards to."""
    import ndgpu
    return value.__wrapped__ if type(value) is type(ndgpu.sum) else value


def origin(value, module_name):
    """(module, name) that `value` can be imported from, other than `module_name` itself."""
    mod, name = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if isinstance(value, types.ModuleType):
        parent, _, leaf = value.__name__.rpartition(".")
        return (parent, leaf) if parent else None
    if isinstance(mod, str) and isinstance(name, str) and mod != module_name:
        found = sys.modules.get(mod)
        if found is not None and getattr(found, name, None) is value:
            return mod, name
    # ndgpu's own modules, the extension first (a ufunc has no __qualname__ to go by).
    candidates = sorted((m for m in sys.modules if m.startswith("ndgpu.")),
                        key=lambda m: (not m.startswith("ndgpu._core"), m))
    for candidate in candidates:
        if candidate == module_name or sys.modules[candidate] is None:
            continue
        for attr, v in vars(sys.modules[candidate]).items():
            if v is value and not attr.startswith("__"):
                return candidate, attr
    return None


def parameters(fn):
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return "*args, **kwargs"
    parts, saw_keyword_only = [], False
    params = list(signature.parameters.values())
    for i, p in enumerate(params):
        if p.kind is p.KEYWORD_ONLY and not saw_keyword_only:
            parts.append("*")
        saw_keyword_only |= p.kind in (p.KEYWORD_ONLY, p.VAR_POSITIONAL)
        text = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "") + p.name
        if p.default is not p.empty:
            text += "=..."
        parts.append(text)
        if p.kind is p.POSITIONAL_ONLY and (i + 1 == len(params) or
                                            params[i + 1].kind is not p.POSITIONAL_ONLY):
            parts.append("/")
    return ", ".join(parts)


def module_stub(module, extra_names):
    lines = ["# Written by tools/stubs/make_stubs.py at build time: do not edit.",
             "from typing import Any", ""]
    names = sorted(n for n in vars(module) if not n.startswith("_")) + ["__version__"]
    for name in names + sorted(extra_names):
        if name not in vars(module) and name not in extra_names:
            continue
        if name in extra_names:
            lines.append(f"from numpy import {extra_names[name]} as {name}")
            continue
        value = unwrapped(vars(module)[name])
        if isinstance(value, (bool, int, float, complex, str, type(None))):
            lines.append(f"{name}: {'None' if value is None else type(value).__name__}")
            continue
        where = origin(value, module.__name__)
        if where:
            lines.append(f"from {where[0]} import {where[1]} as {name}")
        elif callable(value):
            doc = (inspect.getdoc(value) or "").replace("\\", "\\\\").replace('"""', "'''")
            body = f'\n    """{textwrap.indent(doc, "    ").strip()}"""\n' if doc else " ..."
            lines.append(f"def {name}({parameters(value)}) -> Any:{body}")
        else:
            lines.append(f"{name}: Any")
    return "\n".join(lines) + "\n"


def main():
    if sys.argv[1:2] == ["--stubgen"]:  # one of core_stubs' runs
        return stubgen_unwrapped(sys.argv[2:])
    parser = argparse.ArgumentParser()
    parser.add_argument("--import-path", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.environ.setdefault("NDGPU_NVRTC_WARM_UP", "0")
    sys.path.insert(0, args.import_path)
    out = Path(args.out)
    core_stubs(args.import_path, out)
    for name in MODULES:
        module = importlib.import_module(name)
        extra = getattr(module, "_NUMPY_NAMES", {})
        extra = {n: v for n, v in extra.items() if n not in vars(module)}
        path = out / Path(*name.split(".")[1:]) / "__init__.pyi" if "." in name else \
            out / "__init__.pyi"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(module_stub(module, extra))
    for sub in ("testing", "cupyx"):  # imported on first use, so not in vars(ndgpu)
        with open(out / "__init__.pyi", "a") as f:
            f.write(f"from ndgpu import {sub} as {sub}\n")


if __name__ == "__main__":
    main()
