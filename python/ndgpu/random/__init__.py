"""ndgpu.random: CuPy's random API on a Philox4x32-10 stream, the same numbers on every
backend. The samplers live in C++ (include/ndgpu/random.hpp); this module only arranges names:
the module-level functions are the current RandomState's methods."""
import atexit as _atexit

from ndgpu._core._random import (  # noqa: F401
    MRG32k3a,
    XORWOW,
    BitGenerator,
    Generator,
    Philox4x3210,
    RandomState,
    default_rng,
    get_random_state,
    reset_states,
    seed,
    set_random_state,
)

# C++ holds the module's state, which may be a RandomState made in Python (set_random_state):
# it is let go at exit, before the interpreter's teardown would report it as leaked.
_atexit.register(reset_states)


def _method(name):
    def call(*args, **kwargs):
        return getattr(get_random_state(), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"numpy.random.{name} on the module's RandomState."
    return call


for _name in ("rand", "randn", "random_sample", "random", "ranf", "sample", "uniform", "normal",
              "standard_normal", "lognormal", "standard_exponential", "exponential", "laplace",
              "logistic", "gumbel", "rayleigh", "weibull", "pareto", "power", "standard_cauchy",
              "standard_gamma", "gamma", "beta", "chisquare", "poisson", "binomial", "geometric",
              "randint", "random_integers", "choice", "permutation", "shuffle", "standard_t", "f",
              "wald", "triangular", "negative_binomial", "vonmises", "noncentral_chisquare",
              "noncentral_f", "zipf", "logseries", "hypergeometric", "dirichlet", "multinomial",
              "multivariate_normal", "bytes"):
    globals()[_name] = _method(_name)
del _name
