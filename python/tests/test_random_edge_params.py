"""ndgpu.random's parameter checks at the edges, each API against its NumPy counterpart
(Generator against numpy.random.Generator, RandomState against the legacy one): -0.0 (negative
to NumPy's sign-bit checks), NaN (let through where a check does not name it), infinities.
Each call raises NumPy's error class, or returns; where NumPy's values do not depend on the
seed (NaN, 0, the mean, ...) ndgpu's are the same."""
import warnings

import numpy as np
import pytest

import ndgpu as cp

from test_random_params import DISTRIBUTIONS

SPECIALS = [-0.0, np.nan, np.inf, -np.inf]
APIS = [("Generator", np.random.default_rng, cp.random.default_rng),
        ("RandomState", np.random.RandomState, cp.random.RandomState)]
# NumPy's legacy samplers never return here (their loops spin on an infinite parameter);
# ndgpu's return the Generator's values.
NUMPY_HANGS = {("RandomState", "vonmises", 1, np.inf), ("RandomState", "zipf", 0, np.inf)}
# NumPy's legacy wald loses its value to cancellation (0 * inf) where the Generator's form,
# which ndgpu's both APIs use, gives the mean.
NUMPY_DIFFERS = {("RandomState", "wald", 1, np.inf)}


def numpy_outcome(make, name, args):
    """NumPy's error class; else its values if no seed changes them (else None)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            a, b = (np.asarray(getattr(make(s), name)(*args, size=8)) for s in (0, 1))
        except Exception as e:  # noqa: BLE001 - the class is the result
            return type(e)
    same = np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
    return a if same and np.array_equal(a, np.full_like(a, a[0]), equal_nan=a.dtype.kind == "f") \
        else None


def check_like_numpy(want, call):
    if isinstance(want, type):
        with pytest.raises(want):
            call()
        return
    got = cp.asnumpy(call())
    assert got.shape == (8,)
    if want is not None:
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("name,args", [d for d in DISTRIBUTIONS if d[0] != "integers"],
                         ids=[d[0] for d in DISTRIBUTIONS if d[0] != "integers"])
def test_special_values_as_numpy(name, args):
    for api, np_make, cp_make in APIS:
        for k, usual in enumerate(args):
            if isinstance(usual, int):
                continue  # counts: hypergeometric's test
            for v in SPECIALS:
                if (api, name, k, v) in NUMPY_HANGS | NUMPY_DIFFERS:
                    continue
                edged = args[:k] + (v,) + args[k + 1:]
                want = numpy_outcome(np_make, name, edged)
                # As numbers, and as an array (each element its own parameters).
                check_like_numpy(want, lambda: getattr(cp_make(3), name)(*edged, size=8))
                as_array = edged[:k] + (cp.full(8, v),) + edged[k + 1:]
                check_like_numpy(want, lambda: getattr(cp_make(3), name)(*as_array))


def test_numpy_differs_where_said():
    # The exclusions above are NumPy's doing: its Generator gives the mean there.
    assert np.all(np.random.default_rng(0).wald(1.0, np.inf, size=4) == 1.0)
    assert np.all(cp.asnumpy(cp.random.RandomState(0).wald(1.0, np.inf, size=4)) == 1.0)
    assert np.all(cp.asnumpy(cp.random.RandomState(0).zipf(np.inf, size=4)) == 1)


# Where the Generator and RandomState part: the Generator's nsample = 0, its bound on the
# counts and on negative_binomial's Poisson mean, uniform's high < low, dirichlet's alpha = 0;
# the legacy negative_binomial's values past int64 (int64's minimum, as NumPy on x86).
CASES = [
    ("hypergeometric", (10, 5, 0)), ("hypergeometric", (0, 0, 0)),
    ("hypergeometric", (10, 5, -1)), ("hypergeometric", (-1, 5, 10)),
    ("hypergeometric", (10**9, 5, 3)), ("hypergeometric", (2**62, 2**62, 1)),
    ("hypergeometric", (2**31, -1, 3)),
    ("negative_binomial", (1e20, 0.5)), ("negative_binomial", (1.0, 1e-30)),
    ("negative_binomial", (np.inf, 1.0)), ("negative_binomial", (3.0, 0.0)),
    ("negative_binomial", (3.0, -0.0)),
    ("uniform", (0.0, -0.0)), ("uniform", (2.0, 1.0)), ("uniform", (-1e308, 1e308)),
    ("logseries", (0.0,)), ("poisson", (np.nextafter(9.2233720064847708e18, np.inf),)),
]


@pytest.mark.parametrize("name,args", CASES, ids=[f"{n}{a}" for n, a in CASES])
def test_generator_and_legacy_each_as_numpy(name, args):
    for api, np_make, cp_make in APIS:
        want = numpy_outcome(np_make, name, args)
        check_like_numpy(want, lambda: getattr(cp_make(3), name)(*args, size=8))
        arrays = tuple(cp.asarray([x] * 8) for x in args)
        check_like_numpy(want, lambda: getattr(cp_make(3), name)(*arrays))


@pytest.mark.parametrize("alpha", [[1.0, 0.0], [0.0, 0.0], [1.0, -0.0], [1.0, np.nan],
                                   [2.0, -1.0]])
def test_dirichlet_alpha_as_numpy(alpha):
    for api, np_make, cp_make in APIS:
        try:
            want = np_make(0).dirichlet(alpha, size=4)
        except ValueError:
            with pytest.raises(ValueError):
                cp_make(0).dirichlet(alpha, size=4)
            continue
        got = cp.asnumpy(cp_make(0).dirichlet(alpha, size=4))
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        np.testing.assert_array_equal(got[:, -1] == 0, want[:, -1] == 0)
