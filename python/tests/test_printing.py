"""repr and str of ndgpu arrays are NumPy's (the seed prints them)."""
import numpy as np
import pytest

import ndgpu as cp

CASES = {
    "int64": np.array([1, 2, 3]),
    "int8": np.array([-1, 0, 127], dtype=np.int8),
    "uint16": np.array([1, 65535], dtype=np.uint16),
    "float64": np.array([0.5, 1.0, 1e-8, 3.14159]),
    "float32": np.arange(10, dtype=np.float32).reshape(2, 5) ** 2,
    "float16": np.array([1.5, -2.25], dtype=np.float16),
    "complex64": np.array([1 + 2j, -0.5j], dtype=np.complex64),
    "complex128": np.array([[1 + 1j, 2], [3, 4 - 1j]]),
    "bool": np.array([True, False]),
    "nan_inf": np.array([np.nan, np.inf, -np.inf, 1.0]),
    "0d_int": np.array(5),
    "0d_float": np.array(3.7416573867739413),
    "0d_float32": np.array(2.5, dtype=np.float32),
    "0d_bool": np.array(True),
    "0d_complex": np.array(1 - 2j),
    "empty": np.array([]),
    "empty_int32": np.zeros(0, dtype=np.int32),
    "empty_2d": np.zeros((0, 3)),
    "empty_2d_b": np.zeros((2, 0), dtype=np.int16),
    "long": np.arange(100000, dtype=np.float32),
    "long_int": np.arange(2000),
    "long_2d": np.arange(1200.0).reshape(40, 30),
    "3d": np.arange(24).reshape(2, 3, 4),
    "2d_float": np.linspace(-3, 3, 12).reshape(3, 4),
    "wide": np.arange(30) * 1000,
    "add_reverse": np.full(100000, 99999, dtype=np.float32),
}


@pytest.mark.parametrize("name", list(CASES))
def test_repr_and_str_match_numpy(name):
    an = CASES[name]
    a = cp.array(an)
    assert repr(a) == repr(an)
    assert str(a) == str(an)


def test_repr_of_views():
    an = np.arange(24, dtype=np.float64).reshape(4, 6)
    a = cp.array(an)
    for f in [lambda x: x.T, lambda x: x[::-1, ::2], lambda x: x[1], lambda x: x[None, 2, 3]]:
        assert repr(f(a)) == repr(f(an))
        assert str(f(a)) == str(f(an))


def test_seed_outputs():
    # The seed's printed values.
    assert str(cp.full(100000, 99999, dtype=np.float32)) == "[99999. 99999. 99999. ... 99999. 99999. 99999.]"
    x = cp.arange(10, dtype=np.float32).reshape(2, 5)
    y = cp.arange(5, dtype=np.float32)
    assert str((x - y) * (x - y)) == "[[ 0.  0.  0.  0.  0.]\n [25. 25. 25. 25. 25.]]"
    assert repr(cp.array([1, 2, 3])) == "array([1, 2, 3])"


def test_print_options_followed():
    an = np.arange(20)
    a = cp.array(an)
    with np.printoptions(threshold=5, edgeitems=2):
        assert repr(a) == repr(an)
    with np.printoptions(precision=2):
        assert str(cp.array([1 / 3])) == str(np.array([1 / 3]))
