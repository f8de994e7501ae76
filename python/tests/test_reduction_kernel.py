"""ReductionKernel vs NumPy: the seed's l2norm, placeholders, axes, outputs, raw params."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


@pytest.fixture(scope="module")
def l2norm():
    return cp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")


def test_seed_l2norm_prints_cupys_digits(l2norm):
    x = cp.arange(10, dtype=np.float32).reshape(2, 5)
    assert str(l2norm(x, axis=1)) == "[ 5.4772253 15.9687195]"


def test_l2norm_axes_and_keepdims(l2norm):
    a = sample((6, 7), np.float64)
    ref = lambda **kw: np.sqrt((a * a).sum(**kw))  # noqa: E731
    assert_same(l2norm(cp.asarray(a)), ref(), rtol=1e-12)
    assert_same(l2norm(cp.asarray(a), axis=0), ref(axis=0), rtol=1e-12)
    assert_same(l2norm(cp.asarray(a), axis=(0, 1), keepdims=True), ref(keepdims=True), rtol=1e-12)
    assert_same(l2norm(cp.asarray(a.T), axis=1), ref(axis=0), rtol=1e-12)


def test_output_passed_and_reduce_type():
    k = cp.ReductionKernel("T x", "float64 y", "x", "a + b", "y = a", "0", "sum_to_f64",
                           reduce_type="float64")
    a = sample((4, 5), np.float32)
    out = cp.empty((4,), dtype=np.float64)
    r = k(cp.asarray(a), out, axis=1)
    assert r._pointer == out._pointer
    np.testing.assert_allclose(out.get(), a.astype(np.float64).sum(axis=1), rtol=1e-12)
    with pytest.raises(ValueError):
        k(cp.asarray(a), cp.empty((3,), dtype=np.float64), axis=1)


def test_scalar_params_and_two_outputs():
    k = cp.ReductionKernel("T x, T s", "T y, T z", "x * s", "a + b", "y = a; z = a * 2", "0",
                           "scaled_sum2")
    a = sample((3, 4), np.float64)
    y, z = k(cp.asarray(a), 0.5, axis=1)
    assert_same(y, (a * 0.5).sum(axis=1), rtol=1e-12)
    assert_same(z, (a * 0.5).sum(axis=1) * 2, rtol=1e-12)


def test_index_variables():
    k = cp.ReductionKernel("T x", "int64 y", "_j", "a > b ? a : b", "y = a", "-1", "max_j",
                           reduce_type="int64")
    assert_same(k(cp.ones((3, 5)), axis=1), np.full(3, 4, np.int64))


def test_raw_params_need_leading_axes():
    k = cp.ReductionKernel("T x, raw T w", "T y", "x * w[i]", "a + b", "y = a", "0", "raw_dot")
    a = sample((4, 3), np.float64)
    w = sample((4, 3), np.float64, seed=2)
    assert_same(k(cp.asarray(a), cp.asarray(w), axis=0), (a * w).sum(axis=0), rtol=1e-12)
    with pytest.raises(ValueError, match="0 or a run"):
        k(cp.asarray(a), cp.asarray(w), axis=1)


def test_errors():
    with pytest.raises(ValueError):
        cp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "bad name")
    with pytest.raises(ValueError):
        cp.ReductionKernel("T i", "T y", "i", "a + b", "y = a", "0", "reserved")
    k = cp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "plain_sum")
    with pytest.raises(TypeError):
        k(cp.ones(3), cp.ones(3), cp.ones(3))


def test_empty_reduction_gives_identity_through_post_map(l2norm):
    assert_same(l2norm(cp.zeros((3, 0)), axis=1), np.zeros(3))
    assert l2norm(cp.zeros((0, 2)), axis=1).shape == (0,)


def test_large_rows(l2norm):
    a = np.random.default_rng(3).random((2000, 1500), dtype=np.float32)
    np.testing.assert_allclose(l2norm(cp.asarray(a), axis=1).get(),
                               np.sqrt((a.astype(np.float64) ** 2).sum(axis=1)), rtol=1e-5)


def test_output_of_the_wrong_shape_raises_and_is_left_alone(l2norm):
    x = cp.arange(10, dtype=np.float32).reshape(2, 5)
    out = cp.full((5,), -1.0, dtype=np.float32)
    with pytest.raises(ValueError, match="has shape \\(5,\\) but the reduction's shape is \\(2,\\)"):
        l2norm(x, out, axis=1)
    assert_same(out, np.full((5,), -1.0, dtype=np.float32))
