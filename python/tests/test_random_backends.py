"""The same seed gives the same numbers on every backend (docs/random.md).

Each case's digest (the first 16 hex digits of SHA-256 over the array's bytes) was taken on
the CPU backend; the suite passing on a GPU shows that backend makes the same bits. A change
to a sampler's stream or arithmetic must update its digest here, on purpose.
"""
import hashlib

import numpy as np
import pytest

import ndgpu as cp

N = 4099  # not a multiple of the 4 or 2 values one counter makes: the tail is covered

GENERATOR_CASES = [
    ("standard_normal", (), {"dtype": "float32"}, "dd5ca624d70fe242"),
    ("standard_normal", (), {}, "10b11965fdf5f12a"),
    ("normal", (1.5, 2.0), {}, "0a99ad3bc4c3bfd8"),
    ("lognormal", (0.5, 1.0), {"dtype": "float32"}, "13c9a4181e6c7fce"),
    ("random", (), {"dtype": "float32"}, "cf41e727a8c7e007"),
    ("random", (), {}, "7744cb2434b14538"),
    ("uniform", (-2.0, 3.0), {}, "98c6bf1a2d781eed"),
    ("integers", (-5, 1000), {}, "9bafaac3582de80c"),
    ("integers", (0, 2**40), {}, "7f942cd14e80b118"),
    ("integers", (0, 7), {"dtype": "int32"}, "48c99d4beba5a3b4"),
    ("standard_exponential", (), {"dtype": "float32"}, "e7c6599ba99e9bab"),
    ("exponential", (2.0,), {}, "8c00f4461a87658f"),
    ("standard_gamma", (0.3,), {}, "c19ac5daf88ce611"),
    ("standard_gamma", (4.5,), {"dtype": "float32"}, "22ade46943ad1bdf"),
    ("beta", (0.5, 2.0), {}, "24c3da06c78888b8"),
    ("chisquare", (3.0,), {}, "72be1fec76faf0bc"),
    ("f", (3.0, 7.0), {}, "a893e33e29a35f73"),
    ("standard_t", (5.0,), {}, "3644ddb953ce7948"),
    ("standard_cauchy", (), {}, "ec228352ef2bc205"),
    ("laplace", (0.0, 2.0), {}, "f6c60d1ee0df1b06"),
    ("logistic", (1.0, 0.5), {}, "ce81c875011e53ca"),
    ("gumbel", (0.0, 1.0), {}, "72536fcf6f22d381"),
    ("weibull", (1.5,), {}, "b8e867ab8a390c45"),
    ("pareto", (3.0,), {}, "437eb1d69568a3e8"),
    ("power", (2.0,), {}, "cbb1212fa1335531"),
    ("rayleigh", (2.0,), {}, "7972c6bb5720848b"),
    ("triangular", (0.0, 1.0, 3.0), {}, "6e445a3273f9a2b7"),
    ("wald", (1.0, 2.0), {}, "9b34e5e1650bc371"),
    ("vonmises", (0.5, 3.0), {}, "c88523f1044c7f21"),
    ("noncentral_chisquare", (3.0, 2.0), {}, "50dac89eb88b3622"),
    ("noncentral_f", (3.0, 7.0, 2.0), {}, "fd21523b3ae94113"),
    ("poisson", (3.0,), {}, "657a9a39306dffd8"),
    ("poisson", (300.0,), {}, "3e8addebcf30e547"),
    ("binomial", (20, 0.3), {}, "28fd88ef9debb941"),
    ("binomial", (5000, 0.4), {}, "1866a398f6798cc2"),
    ("negative_binomial", (5, 0.3), {}, "c05e2cea99c348f4"),
    ("geometric", (0.2,), {}, "6fe8a54a3b44c79d"),
    ("hypergeometric", (40, 60, 50), {}, "2c4c8331d8666a1b"),
    ("logseries", (0.9,), {}, "dfec82342f7c979f"),
    ("zipf", (2.0,), {}, "9e7988dbc5adbcc6"),
    ("dirichlet", ([0.5, 2.0, 1.0],), {}, "bda03407d985bd8e"),
    ("multinomial", (30, [0.2, 0.3, 0.5]), {}, "73b70a6d65badc22"),
]

ENGINE_CASES = [
    ("XORWOW", "standard_normal", (), {"dtype": "float32"}, "ebe984eb8ad73615"),
    ("XORWOW", "random", (), {}, "157e4137fe4ab8ff"),
    ("XORWOW", "gamma", (0.3,), {}, "683e21a46744b5a5"),
    ("MRG32k3a", "standard_normal", (), {"dtype": "float32"}, "f56856a6ac694bb9"),
    ("MRG32k3a", "random", (), {}, "50bafe154ff5c510"),
    ("MRG32k3a", "gamma", (0.3,), {}, "82a6351a0a97e359"),
]


def digest(a):
    return hashlib.sha256(np.ascontiguousarray(cp.asnumpy(a)).tobytes()).hexdigest()[:16]


@pytest.mark.parametrize("name, args, kwargs, expected", GENERATOR_CASES,
                         ids=[f"{c[0]}{c[1]}{c[2].get('dtype', '')}" for c in GENERATOR_CASES])
def test_generator_bits_match_the_cpu_backend(name, args, kwargs, expected):
    out = getattr(cp.random.default_rng(2026), name)(*args, size=N, **kwargs)
    assert digest(out) == expected


@pytest.mark.parametrize("engine, name, args, kwargs, expected", ENGINE_CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in ENGINE_CASES])
def test_engine_bits_match_the_cpu_backend(engine, name, args, kwargs, expected):
    g = cp.random.Generator(getattr(cp.random, engine)(2026))
    assert digest(getattr(g, name)(*args, size=N, **kwargs)) == expected


def test_legacy_api_is_the_same_stream():
    # RandomState's calls and the module's functions use the seed's stream as Generator's.
    rs = cp.random.RandomState(2026)
    assert digest(rs.standard_normal(N, dtype=cp.float32)) == "dd5ca624d70fe242"
    assert digest(cp.random.RandomState(2026).randn(N)) == "10b11965fdf5f12a"
    assert digest(cp.random.RandomState(2026).rand(N)) == "7744cb2434b14538"
    assert digest(cp.random.RandomState(2026).randint(-3, 9, size=N)) == "a42b93b1c9082f0d"
    cp.random.seed(2026)
    assert digest(cp.random.randn(N)) == "10b11965fdf5f12a"


def test_rand_randn_and_tomaxint_methods():
    rs = cp.random.RandomState(5)
    a = rs.rand(3, 4, dtype=cp.float32)
    assert a.shape == (3, 4) and a.dtype == np.float32
    assert rs.rand().shape == () and rs.randn().dtype == np.float64
    np.testing.assert_array_equal(cp.random.RandomState(5).rand(6).get(),
                                  cp.random.RandomState(5).random_sample(6).get())
    np.testing.assert_array_equal(cp.random.RandomState(5).randn(6).get(),
                                  cp.random.RandomState(5).standard_normal(6).get())
    t = rs.tomaxint((20000,)).get()
    assert t.dtype == np.int64 and t.min() >= 0
    assert t.max() > 2**62  # the whole non-negative range, not a 32-bit one
    with pytest.raises(TypeError):
        rs.rand(2, foo=1)
