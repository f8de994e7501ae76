"""Deferred comparisons (docs/architecture.md): a comparison of large arrays waits for its
next use, so where(x > 0.5, x, y) runs as one kernel. Results are NumPy's whatever happens
between the comparison and the use of its mask."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

N = 1 << 20  # the smallest size that waits


def stats():
    return cp._core._deferred_stats()


def inputs(dtype=np.float32, n=N):
    rng = np.random.default_rng(7)
    xh = rng.random(n).astype(dtype)
    yh = rng.random(n).astype(dtype)
    xh[::97] = 0.5  # ties for the (in)equalities
    yh[::89] = xh[::89]
    return xh, yh


@pytest.mark.parametrize("op", ["greater", "greater_equal", "less", "less_equal", "equal",
                                "not_equal"])
def test_each_comparison_fuses_into_where(op):
    xh, yh = inputs()
    x, y = cp.asarray(xh), cp.asarray(yh)
    f, g = getattr(cp, op), getattr(np, op)
    before = stats()
    assert_same(cp.where(f(x, 0.5), x, y), np.where(g(xh, 0.5), xh, yh))
    assert_same(cp.where(f(x, y), x, 0.0), np.where(g(xh, yh), xh, 0.0))
    after = stats()
    assert after["fused"] - before["fused"] == 2
    assert after["mask_writes_skipped"] - before["mask_writes_skipped"] == 2


def test_operators_and_float64_and_mixed_types():
    xh, yh = inputs(np.float64)
    x, y = cp.asarray(xh), cp.asarray(yh)
    before = stats()
    assert_same(cp.where(x > 0.5, x, y), np.where(xh > 0.5, xh, yh))
    assert_same(cp.where(x <= y, y, x), np.where(xh <= yh, yh, xh))
    # float32 values with float64 ones: where's promotion, as unfused
    x32 = cp.asarray(xh.astype(np.float32))
    assert_same(cp.where(x32 != 0.5, x32, y), np.where(xh.astype(np.float32) != 0.5,
                                                        xh.astype(np.float32), yh))
    ih = (xh * 100).astype(np.int32)
    i = cp.asarray(ih)
    assert_same(cp.where(i < 50.5, i, 7), np.where(ih < 50.5, ih, 7))
    assert stats()["fused"] - before["fused"] == 4


def test_a_kept_mask_is_written_too():
    xh, yh = inputs()
    x, y = cp.asarray(xh), cp.asarray(yh)
    before = stats()
    m = x > 0.5
    r = cp.where(m, x, y)
    assert_same(r, np.where(xh > 0.5, xh, yh))
    assert_same(m, xh > 0.5)
    assert stats()["mask_writes_skipped"] == before["mask_writes_skipped"]
    assert stats()["fused"] - before["fused"] == 1


def test_inputs_written_after_the_comparison_do_not_change_it():
    xh, yh = inputs()
    x, y = cp.asarray(xh), cp.asarray(yh)
    m = x < y
    x.fill(0)
    assert_same(m, xh < yh)
    x = cp.asarray(xh)
    m = x >= 0.5
    x += 1
    r = cp.where(m, y, x)  # not the compared values any more
    assert_same(m, xh >= 0.5)
    assert_same(r, np.where(xh >= 0.5, yh, xh + 1))
    m = x > 1.5
    x[3] = 0
    r = cp.where(m, x, y)
    assert_same(r, np.where(xh + 1 > 1.5, np.where(np.arange(N) == 3, 0, xh + 1), yh))


def test_the_fused_result_waits_for_its_first_use_too():
    xh, yh = inputs()
    x, y = cp.asarray(xh), cp.asarray(yh)
    r = cp.where(x > 0.5, x, y)
    x.fill(2)  # the where read x before this
    y.fill(3)
    expected = np.where(xh > 0.5, xh, yh)
    assert_same(r, expected)
    r = cp.where(x > 2.5, x, y)
    assert float(r.sum()) == 3.0 * N


def test_streams_and_other_shapes_run_unfused():
    xh, yh = inputs()
    x, y = cp.asarray(xh), cp.asarray(yh)
    before = stats()
    m = x > 0.5
    with cp.cuda.Stream():
        r = cp.where(m, x, y)  # another stream: the mask is made first, on its own stream
    cp.cuda.Device().synchronize()
    assert_same(r, np.where(xh > 0.5, xh, yh))
    assert_same(cp.where(x[::2] > 0.5, x[::2], 1.0), np.where(xh[::2] > 0.5, xh[::2], 1.0))
    assert_same(cp.where(x > 0.5, x.reshape(1, N), y), np.where(xh > 0.5, xh.reshape(1, N), yh))
    small = cp.asarray(xh[:1000])
    assert_same(cp.where(small > 0.5, small, 0.0), np.where(xh[:1000] > 0.5, xh[:1000], 0.0))
    after = stats()
    assert after["fused"] == before["fused"]
    assert after["deferred"] - before["deferred"] == 2  # m, and the one of the 1 x N where


def test_a_waiting_mask_used_elsewhere():
    xh, yh = inputs()
    x, y = cp.asarray(xh), cp.asarray(yh)
    m = x == 0.5
    assert int(m.sum()) == int((xh == 0.5).sum())
    m = x < 0.25
    assert_same(x[m], xh[xh < 0.25])
    m = x > 0.75
    assert m.data.ptr != 0  # an address handed out: the kernel ran first
    assert_same(cp.where(m, 1.0, 0.0), np.where(xh > 0.75, 1.0, 0.0))


def test_threads_share_the_waiting_work():
    import threading
    xh, yh = inputs()
    x, y = cp.asarray(xh), cp.asarray(yh)
    expected = {t: np.where(xh > t, xh, yh) for t in (0.25, 0.5, 0.75)}
    errors = []

    def work(t):
        try:
            for _ in range(5):
                m = x > t
                r = cp.where(m, x, y)
                assert (r.get() == expected[t]).all()
                assert (m.get() == (xh > t)).all()
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in expected]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors


def test_a_stream_that_goes_runs_its_waiting_work_first():
    import gc
    xh, yh = inputs()
    x = cp.asarray(xh)
    s = cp.cuda.Stream()
    with s:
        m = x > 0.5
    del s
    gc.collect()
    assert_same(m, xh > 0.5)
