"""numpy.einsum against NumPy: explicit and implicit outputs, ellipsis, repeated labels
(traces, diagonals), several operands, broadcasting, dtypes and NumPy's errors."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


def rand(shape, dtype=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) * 3).astype(dtype)


CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk", [(3, 4), (4, 5)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("ii", [(4, 4)]),
    ("ii->i", [(4, 4)]),
    ("ij->ji", [(3, 4)]),
    ("ij->", [(3, 4)]),
    ("i,i", [(5,), (5,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 2)]),
    ("i...->...", [(3, 2, 4)]),
    ("ijk,jl,lm->im", [(2, 3, 4), (3, 5), (5, 6)]),
    ("ab,bc,cd,de->ae", [(2, 8), (8, 3), (3, 9), (9, 2)]),
    ("iij->j", [(3, 3, 4)]),
    ("bi,bi->b", [(4, 6), (4, 6)]),
    ("ij,ij,ij->i", [(3, 4), (3, 4), (3, 4)]),
    ("ji", [(3, 4)]),
    # One matmul (the direct path): either operand transposed, batch axes broadcast from 1.
    ("bij,bkj->bik", [(2, 3, 4), (2, 5, 4)]),
    ("zji,zjk->zik", [(2, 4, 3), (1, 4, 5)]),
    ("xyji,xykj->xyik", [(2, 1, 4, 3), (2, 3, 5, 4)]),
    ("ij,jk->ki", [(3, 4), (4, 5)]),
]


@pytest.mark.parametrize("subscripts,shapes", CASES)
def test_einsum_matches_numpy(subscripts, shapes):
    ops = [rand(s, seed=k) for k, s in enumerate(shapes)]
    assert_same(cp.einsum(subscripts, *[cp.asarray(o) for o in ops]), np.einsum(subscripts, *ops),
                rtol=1e-12, atol=1e-12)


def test_einsum_dtypes_and_out():
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    b = np.arange(4, dtype=np.int8)
    assert_same(cp.einsum("ij,j->i", cp.asarray(a), cp.asarray(b)), np.einsum("ij,j->i", a, b))
    f = rand((3, 4), np.float32)
    assert_same(cp.einsum("ij->i", cp.asarray(f)), np.einsum("ij->i", f), rtol=1e-5)
    c = rand((3, 3)).astype(np.complex128) * 1j
    assert_same(cp.einsum("ij,jk", cp.asarray(c), cp.asarray(c)), np.einsum("ij,jk", c, c),
                rtol=1e-12)
    out = cp.empty(3)
    r = cp.einsum("ij->i", cp.asarray(a.astype(np.float64)), out=out)
    assert r is out
    assert_same(out, a.sum(1).astype(np.float64))
    assert_same(cp.einsum("i,i", cp.asarray(b), cp.asarray(b), dtype=np.float64),
                np.einsum("i,i", b, b, dtype=np.float64))


def test_einsum_direct_matmul_out_and_dtype():
    a, b = rand((2, 3, 4), np.float32), rand((2, 4, 5), np.float32, seed=1)
    out = cp.empty((2, 3, 5), dtype=cp.float64)
    r = cp.einsum("bij,bjk->bik", cp.asarray(a), cp.asarray(b), out=out, dtype=np.float64)
    assert r is out
    assert_same(out, np.einsum("bij,bjk->bik", a, b, dtype=np.float64), rtol=1e-12)
    with pytest.raises(ValueError):  # the contracted axis differs: einsum's own error
        cp.einsum("bij,bjk->bik", cp.asarray(a), cp.asarray(rand((2, 3, 5))))


def test_einsum_errors():
    a = cp.ones((2, 3))
    with pytest.raises(ValueError):
        cp.einsum("ij,jk", a)
    with pytest.raises(ValueError):
        cp.einsum("ijk", a)
    with pytest.raises(ValueError):
        cp.einsum("ij->k", a)
    with pytest.raises(ValueError):
        cp.einsum("ij,ij", a, cp.ones((3, 2)))
    with pytest.raises(ValueError):
        cp.einsum("ii", a)
