"""Broadcasting in the elementwise engine vs NumPy: shapes, size 0 and 1, strides and errors."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

SHAPES = [
    ((3,), (3,)), ((2, 3), (3,)), ((3,), (2, 3)), ((4, 1), (1, 5)), ((2, 1, 3), (4, 1)),
    ((1,), (5,)), ((), (2, 3)), ((2, 3), ()), ((1, 1), (1, 1)), ((0,), (1,)), ((0, 3), (3,)),
    ((2, 0), (2, 1)), ((1, 0), (5, 1)), ((5, 1, 1), (1, 4, 1)), ((2, 3, 4, 5), (5,)),
    ((2, 1, 4, 1), (3, 1, 6)), ((1, 2, 1, 2, 1, 2), (2, 1, 2, 1, 2, 1)),
]


@pytest.mark.parametrize("sa, sb", SHAPES, ids=repr)
def test_broadcast_shapes(sa, sb):
    an = np.arange(int(np.prod(sa)), dtype=np.float64).reshape(sa)
    bn = np.arange(int(np.prod(sb)), dtype=np.float64).reshape(sb) * 10
    a, b = cp.array(an), cp.array(bn)
    assert_same(a + b, an + bn)
    assert_same(cp.maximum(a, b), np.maximum(an, bn))
    assert_same(a < b, an < bn)


@pytest.mark.parametrize("sa, sb", [((3,), (4,)), ((2, 3), (3, 2)), ((2, 3), (2,)), ((0,), (2,)),
                                    ((4, 1, 3), (2, 3, 1, 4))], ids=repr)
def test_broadcast_mismatch_raises_valueerror(sa, sb):
    an, bn = np.zeros(sa), np.zeros(sb)
    with pytest.raises(ValueError):
        an + bn
    with pytest.raises(ValueError):
        cp.zeros(sa) + cp.zeros(sb)
    with pytest.raises(ValueError):
        cp.maximum(cp.zeros(sa), cp.zeros(sb))


def test_broadcast_error_message():
    with pytest.raises(ValueError, match=r"operands could not be broadcast together with shapes \(3,\) \(4,\)"):
        cp.arange(3) + cp.arange(4)


VIEWS = {
    "T": (lambda x: x.T, (4, 3)),
    "neg_rows": (lambda x: x[::-1], (3, 4)),
    "neg_both": (lambda x: x[::-1, ::-1], (3, 4)),
    "step": (lambda x: x[:, ::2], (3, 2)),
    "neg_step_T": (lambda x: x[::-2, 1::2].T, (2, 2)),
    "col": (lambda x: x[:, 1:2], (3, 1)),
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_noncontiguous_operands(name):
    f, shape = VIEWS[name]
    an = np.arange(12, dtype=np.int32).reshape(3, 4)
    bn = np.arange(12, 24, dtype=np.int32).reshape(3, 4)
    a, b = cp.array(an), cp.array(bn)
    va, vb, van, vbn = f(a), f(b), f(an), f(bn)
    assert va.shape == shape
    assert_same(va + vb, van + vbn)
    assert_same(va * b[0, :shape[-1]], van * bn[0, :shape[-1]])  # with a broadcast row
    assert_same(va - 1, van - 1)
    assert_same(-va, -van)
    # One contiguous and one strided operand.
    cn = np.ones(shape, dtype=np.int32)
    assert_same(va + cp.array(cn), van + cn)


def test_mixed_orders():
    cn = np.arange(12.0).reshape(3, 4)
    fn = np.asfortranarray(cn * 2)
    c, f = cp.array(cn), cp.array(fn)
    assert f._f_contiguous
    assert_same(c + f, cn + fn)
    r = f + f
    assert_same(r, fn + fn)
    assert_same(cp.exp(f / 10), np.exp(fn / 10), rtol=1e-13)


def test_zero_stride_broadcast_views():
    # A size-1 axis broadcast against a longer one reads one element many times.
    an = np.arange(5.0)
    a = cp.array(an)
    col, coln = a[:, None], an[:, None]
    row, rown = a[None, :], an[None, :]
    assert_same(col + row, coln + rown)
    assert_same(col * row[:, ::-1], coln * rown[:, ::-1])
    one, onen = a[2:3], an[2:3]
    assert_same(one + a, onen + an)
    assert_same(a[None, None, :] + a[:, None, None], an[None, None, :] + an[:, None, None])


def test_size_zero_results():
    for sa, sb in [((0,), (0,)), ((0, 3), (1, 3)), ((3, 0), (3, 1)), ((2, 0, 4), (4,))]:
        an, bn = np.ones(sa, np.float32), np.ones(sb, np.float32)
        r = cp.ones(sa, dtype=np.float32) + cp.ones(sb, dtype=np.float32)
        assert r.shape == (an + bn).shape and r.dtype == (an + bn).dtype
        e = cp.exp(cp.ones(sa))
        assert e.shape == sa and e.dtype == np.float64
    out = cp.empty((0, 3))
    assert cp.add(cp.empty((0, 3)), 1.0, out=out).shape == (0, 3)


def test_broadcast_with_scalars_and_0d():
    an = np.arange(6).reshape(2, 3)
    a = cp.array(an)
    assert_same(a + cp.array(5), an + np.array(5))
    assert_same(cp.array(5) - a, np.array(5) - an)
    assert_same(a * np.int64(3), an * np.int64(3))
    assert_same(a[0, 0] + a, an[0, 0] + an)


def test_out_broadcast():
    an, bn = np.arange(3.0), np.arange(2.0)[:, None]
    out = cp.zeros((2, 3))
    cp.add(cp.array(an), cp.array(bn), out=out)
    assert_same(out, an + bn)
    # Inputs broadcast to out's shape, but out does not broadcast to a bigger result.
    out2 = cp.zeros((4, 3))
    cp.add(cp.array(an), 1.0, out=out2)
    assert_same(out2, np.add(an, 1.0, out=np.zeros((4, 3))))
    with pytest.raises(ValueError):
        cp.add(cp.array(an), cp.array(bn), out=cp.zeros((3,)))
    with pytest.raises(ValueError):
        cp.add(cp.array(an), cp.array(bn), out=cp.zeros((1, 3)))


def test_inplace_broadcast():
    an = np.zeros((3, 4))
    a = cp.array(an)
    a += cp.arange(4.0)
    an += np.arange(4.0)
    a -= cp.arange(3.0)[:, None]
    an -= np.arange(3.0)[:, None]
    assert_same(a, an)
    with pytest.raises(ValueError):
        v = cp.zeros((1, 4))
        v += cp.ones((3, 4))


def test_many_dims_collapse():
    # Contiguous 6-D operands collapse to one dimension; a permuted one does not.
    shape = (2, 3, 2, 2, 3, 2)
    an = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    a = cp.array(an)
    assert_same(a + a, an + an)
    p = (5, 0, 3, 1, 4, 2)
    assert_same(a.transpose(p) + 1, an.transpose(p) + 1)
    assert_same(a.transpose(p) * a.transpose(p)[..., ::-1], an.transpose(p) * an.transpose(p)[..., ::-1])


def test_large_broadcast_parallel():
    an = np.arange(1000, dtype=np.float64)
    bn = np.arange(1001, dtype=np.float64)[:, None]
    a, b = cp.array(an), cp.array(bn)
    r = a * b - b
    assert_same(r, an * bn - bn)
    assert_same(r.T[::3] + 1, (an * bn - bn).T[::3] + 1)
