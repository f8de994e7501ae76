"""Argument audit (issue #20): integer parameters of many functions given an int past int64,
a float or a string raise NumPy's exception class (OverflowError, TypeError, ValueError for a
length or bound), never SystemError, RuntimeError or nanobind's "incompatible function
arguments" for a huge int. One row per function and parameter; the conversions are
python/src/convert.hpp's Int64 and DimInt."""
import numpy as np
import pytest

import ndgpu as cp

HUGE = 2**70


def vec(m):
    return m.arange(6, dtype=m.float64)


def mat(m):
    return m.arange(9, dtype=m.float64).reshape(3, 3)


CALLS = {
    "swapaxes": lambda m, b: m.swapaxes(mat(m), b, 0),
    "ndarray.swapaxes": lambda m, b: mat(m).swapaxes(0, b),
    "diagonal.axis1": lambda m, b: m.diagonal(mat(m), 0, b),
    "diagonal.offset": lambda m, b: m.diagonal(mat(m), b),
    "diff.axis": lambda m, b: m.diff(vec(m), axis=b),
    "rollaxis": lambda m, b: m.rollaxis(mat(m), b),
    "concatenate.axis": lambda m, b: m.concatenate([vec(m), vec(m)], axis=b),
    "take.axis": lambda m, b: m.take(vec(m), m.asarray([0]), axis=b),
    "repeat.axis": lambda m, b: m.repeat(vec(m), 2, axis=b),
    "split.axis": lambda m, b: m.split(vec(m), 2, axis=b),
    "tril.k": lambda m, b: m.tril(mat(m), b),
    "triu.k": lambda m, b: m.triu(mat(m), b),
    "trace.offset": lambda m, b: m.trace(mat(m), b),
    "rot90.k": lambda m, b: m.rot90(mat(m), b),
    "round.decimals": lambda m, b: m.around(vec(m), b),
    "take_along_axis.axis": lambda m, b: m.take_along_axis(vec(m), m.asarray([0]), axis=b),
    "bincount.minlength": lambda m, b: m.bincount(m.asarray([1, 2]), minlength=b),
    "vander.N": lambda m, b: m.vander(vec(m), b),
    "randint.high": lambda m, b: m.random.RandomState(0).randint(0, b),
}


# NumPy's split indexes a shape tuple with the axis in Python: IndexError ("cannot fit 'int'
# into an index-sized integer") where every other axis argument gives OverflowError.
PYTHON_INDEXING = {"split.axis"}


def numpy_error(call, bad):
    try:
        call(np, bad)
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return e
    return None


@pytest.mark.parametrize("bad", [HUGE, 2.5, "2"], ids=["huge", "float", "str"])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_bad_integer_argument_raises_numpys_class(name, bad):
    call = CALLS[name]
    expected = numpy_error(call, bad)
    if expected is None or not isinstance(expected, (TypeError, OverflowError, ValueError,
                                                     IndexError)):
        pytest.skip(f"NumPy gives {expected!r}")
    if name in PYTHON_INDEXING and bad == HUGE:
        pytest.xfail("NumPy's IndexError from indexing a tuple in Python")
    with pytest.raises(Exception) as got:
        call(cp, bad)
    assert isinstance(got.value, type(expected)), (got.value, expected)
    assert not isinstance(got.value, (SystemError, RuntimeError))
