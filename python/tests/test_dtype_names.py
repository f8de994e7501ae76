"""NumPy's scalar types, abstract classes and dtype routines as ndgpu re-exports them, and
ndim/shape/size."""
import numpy as np

import ndgpu as cp


def test_dtype_names_are_numpys():
    for name in ["bool", "int_", "intp", "uint", "half", "single", "double", "csingle", "cdouble",
                 "longlong", "number", "integer", "signedinteger", "unsignedinteger", "floating",
                 "inexact", "complexfloating", "generic", "iinfo", "finfo", "issubdtype",
                 "isdtype", "mintypecode", "typename", "min_scalar_type", "float64", "dtype"]:
        assert getattr(cp, name) is getattr(np, name), name
    assert cp.finfo(cp.float32).eps == np.finfo(np.float32).eps
    assert cp.iinfo(cp.int8).min == -128
    assert cp.issubdtype(cp.asarray(np.ones(2)).dtype, cp.floating)
    assert cp.common_type(cp.asarray(np.ones(2, np.float32)), cp.asarray(np.ones(2, np.int8))) \
        is np.float64
    assert cp.common_type(cp.asarray(np.ones(2, np.float32))) is np.float32
    x = cp.asarray(np.ones((2, 3)))
    assert (cp.ndim(x), cp.shape(x), cp.size(x), cp.size(x, 1)) == (2, (2, 3), 6, 3)
    assert (cp.ndim([1, 2]), cp.shape([[1], [2]]), cp.size([1, 2, 3])) == (1, (2, 1), 3)
    assert cp.isscalar(1.0) and not cp.isscalar(x)
