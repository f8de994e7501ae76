"""ndgpu.cupyx: pinned host arrays, get_runtime_info and profiler.benchmark's report."""
import re

import numpy as np
import pytest

import ndgpu as cp
from ndgpu import cupyx


def test_pinned_arrays_round_trip():
    a = cupyx.empty_pinned((3, 4), dtype=np.float32)
    assert isinstance(a, np.ndarray) and a.shape == (3, 4) and a.dtype == np.float32
    a[...] = np.arange(12, dtype=np.float32).reshape(3, 4)
    x = cp.asarray(a)
    z = cupyx.zeros_pinned(5, dtype=np.int64)
    np.testing.assert_array_equal(z, np.zeros(5, dtype=np.int64))
    out = cupyx.empty_like_pinned(a)
    assert out.shape == a.shape and out.dtype == a.dtype
    (x * 2).get(out=out)
    np.testing.assert_array_equal(out, a * 2)
    f = cupyx.empty_pinned((2, 3), dtype=np.float64, order="F")
    assert f.flags.f_contiguous and not f.flags.c_contiguous
    zl = cupyx.zeros_like_pinned(f, dtype=np.int8)
    assert zl.dtype == np.int8 and zl.flags.f_contiguous and not zl.any()
    del a
    np.testing.assert_array_equal(out, np.arange(12, dtype=np.float32).reshape(3, 4) * 2)


def test_runtime_info_reports_backend_and_devices():
    info = cupyx.get_runtime_info()
    text = str(info)
    assert "ndgpu Version" in text and cp.__version__ in text
    assert "NumPy Version" in text and np.__version__ in text
    assert "Device 0 Name" in text and info.backend in ("cpu", "cuda")
    assert len(info.devices) == cp.cuda.runtime.getDeviceCount()
    assert cp.cupyx is cupyx


def test_benchmark_times_and_format():
    x = cp.arange(1000, dtype=cp.float32)
    calls = []

    def work(a, scale=1):
        calls.append(scale)
        return a * scale

    r = cupyx.profiler.benchmark(work, (x,), {"scale": 2}, n_repeat=5, n_warmup=2)
    assert len(calls) == 7 and set(calls) == {2}
    assert r.name == "work" and r.cpu_times.shape == (5,) and r.gpu_times.shape == (1, 5)
    assert (r.cpu_times >= 0).all() and (r.gpu_times >= 0).all()
    number = r"\s*\d+\.\d{3}"
    item = r"    {}:{n} us   \+/-{n} \(min:{n} / max:{n}\) us"
    pattern = ("work                :" + item.format("CPU", n=number) + " " +
               item.format("GPU-0", n=number))
    assert re.fullmatch(pattern, str(r)), str(r)
    assert re.fullmatch("work                :" + item.format("CPU", n=number), r.to_str())
    one = cupyx.profiler.benchmark(work, (x,), n_repeat=1, n_warmup=0, name="single")
    assert re.fullmatch(r"single              :    CPU:{n} us     GPU-0:{n} us".format(n=number),
                        str(one)), str(one)


def test_benchmark_stops_at_max_duration():
    import time
    r = cupyx.profiler.benchmark(time.sleep, (0.01,), n_repeat=1000, n_warmup=0,
                                 max_duration=0.03)
    assert 2 <= r.cpu_times.size <= 4


def test_scatter_functions_combine_repeated_indices():
    idx = np.array([0, 2, 2, 4])
    vals = np.array([1.0, 2.0, 5.0, -1.0])
    for name, ufunc in [("scatter_add", np.add), ("scatter_max", np.maximum),
                        ("scatter_min", np.minimum)]:
        host = np.zeros(5)
        a = cp.zeros(5)
        getattr(cupyx, name)(a, cp.asarray(idx), cp.asarray(vals))
        ufunc.at(host, idx, vals)
        np.testing.assert_array_equal(a.get(), host)


@pytest.mark.parametrize("dtype", ["e", "f", "d", "F", "D"])
def test_rsqrt_is_one_over_sqrt(dtype):
    x = np.array([0.25, 1, 4, 2, 0, -1, np.inf, np.nan]).astype(dtype)
    got = cupyx.rsqrt(cp.asarray(x)).get()
    with np.errstate(all="ignore"):
        want = (1 / np.sqrt(x)).astype(dtype)
    assert got.dtype == want.dtype
    np.testing.assert_allclose(got, want, rtol=1e-3 if dtype == "e" else 1e-6, equal_nan=True)
    assert cupyx.rsqrt.types == ["e->e", "f->f", "d->d", "F->F", "D->D"]
    assert not hasattr(cp, "rsqrt")  # not a NumPy name


def test_errstate_linalg_ignore_skips_the_checks():
    singular = cp.asarray(np.array([[1.0, 2.0], [2.0, 4.0]]))
    not_pd = cp.asarray(np.array([[1.0, 2.0], [2.0, 1.0]]))
    assert cupyx.geterr() == {"linalg": "raise"}  # ndgpu's default: NumPy's errors
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.inv(singular)
    with cupyx.errstate(linalg="ignore"):
        assert cupyx.geterr() == {"linalg": "ignore"}
        cp.linalg.inv(singular)  # what the solver left, as CuPy's default
        cp.linalg.cholesky(not_pd)
        x = cp.linalg.solve(cp.asarray(np.eye(2) * 2), cp.ones(2))
        np.testing.assert_allclose(x.get(), [0.5, 0.5])  # regular inputs still solve
    assert cupyx.geterr() == {"linalg": "raise"}
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.cholesky(not_pd)
    old = cupyx.seterr(linalg="ignore")
    assert old == {"linalg": "raise"} and cupyx.seterr(**old) == {"linalg": "ignore"}
    with pytest.raises(ValueError, match="'ignore' or 'raise'"):
        cupyx.seterr(linalg="warn")
