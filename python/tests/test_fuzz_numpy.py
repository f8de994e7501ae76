"""A fixed-seed slice of scripts/fuzz_numpy.py: random calls that must match NumPy.

The seeds are fixed, so the calls are the same every run; the full fuzz (other seeds, more
calls) is a tool for after changes: `python3 scripts/fuzz_numpy.py reductions --seed S`.
"""
import importlib.util
import pathlib

import pytest

_SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "fuzz_numpy.py"
_spec = importlib.util.spec_from_file_location("fuzz_numpy", _SCRIPT)
fuzz_numpy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz_numpy)


@pytest.mark.parametrize("what,seed,n", [("reductions", 101, 80), ("ufuncs", 102, 80),
                                         ("norm", 103, 60), ("fuse", 104, 60)])
def test_random_calls_match_numpy(what, seed, n, capsys):
    fuzz = fuzz_numpy.Fuzz(seed)
    for _ in range(n):
        getattr(fuzz, what)()
    assert fuzz.fails == 0, capsys.readouterr().out
