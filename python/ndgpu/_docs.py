"""Docstrings: ndgpu's signature, then NumPy's own text, read from the installed NumPy the
first time a ``__doc__`` is asked for (``import ndgpu`` does not import NumPy, and NumPy's
text is not copied into ndgpu). ``install`` wraps a namespace's public functions in
``_core.function``, which forwards calls and computes ``__doc__`` here; ``install_members``
wraps a class's methods and properties the same way (``_core.method``,
``_core.documented_property``)."""
import importlib
import types

from ndgpu import _core

# ndgpu's namespaces and NumPy's modules that document the same names.
NUMPY_MODULES = {"ndgpu": "numpy", "ndgpu.linalg": "numpy.linalg", "ndgpu.fft": "numpy.fft",
                 "ndgpu.random": "numpy.random", "ndgpu.ndarray": "numpy.ndarray"}
# Py_TPFLAGS_METHOD_DESCRIPTOR: a callable that binds to the instance it is read from.
_METHOD_DESCRIPTOR = 1 << 17

# Where ndgpu differs from NumPy's text, said before it.
_UFUNC_DIFFERENCES = (
    "`where=` and `signature=` are not supported; `order` other than 'K' raises "
    "NotImplementedError; `out=` arrays must be ndgpu arrays on the operands' device.")
_DIFFERENCES = {
    "einsum": "`optimize=` is accepted and ignored: the pairwise contraction order is always "
              "chosen.",
    "asnumpy": "CuPy's name: copies an ndgpu array to a NumPy array on the host.",
    "array": "The result lives on the current device; `like=` is not supported.",
    "asarray": "The result lives on the current device; `like=` is not supported.",
}


def _signature_line(target, name):
    """(signature, the rest of target's own text): nanobind's docstrings start with the
    signature; Python functions get inspect's."""
    import inspect  # not at import: it is slow to import, and only help() needs it
    own = inspect.cleandoc(getattr(target, "__doc__", None) or "")
    first, _, rest = own.partition("\n")
    if first.startswith(name + "("):
        return first, rest.strip()
    try:
        return name + str(inspect.signature(target)), own
    except (TypeError, ValueError):
        return name + "(*args, **kwargs)", own


def _numpy_text(numpy_module, name):
    """NumPy's documentation of `numpy_module`.`name`; `numpy_module` may name a class
    ("numpy.ndarray")."""
    import inspect
    parent, _, leaf = numpy_module.rpartition(".")
    try:
        module = importlib.import_module(numpy_module)
    except ImportError:
        try:
            module = getattr(importlib.import_module(parent), leaf)
        except (ImportError, AttributeError):
            return None, None
    obj = getattr(module, name, None)
    doc = inspect.getdoc(obj) if obj is not None else None
    return (doc, module) if doc else (None, None)


def function_doc(target, name, module):
    """`target`'s docstring as ndgpu's `module`.`name`: signature, ndgpu's own notes, then
    NumPy's documentation of the same name with a header saying whose text it is."""
    numpy_module = NUMPY_MODULES.get(module)
    text, _ = _numpy_text(numpy_module, name) if numpy_module else (None, None)
    if callable(target):
        signature, own = _signature_line(target, name)
        parts = [signature]
    else:  # a property: no call signature; nanobind's getter signature "(self) -> ..." dropped
        import inspect
        own = inspect.cleandoc(getattr(target, "__doc__", None) or "")
        own = "" if own.startswith("(self)") and "\n" not in own else own
        parts = []
    if own:
        parts.append(own)
    if text:
        import numpy
        header = (f"NumPy's documentation of {numpy_module}.{name} follows (NumPy "
                  f"{numpy.__version__}'s own text). ndgpu takes and returns ndgpu arrays on "
                  "the current device.")
        if name in _DIFFERENCES:
            header += " Differences: " + _DIFFERENCES[name]
        parts += [header, text]
    return "\n\n".join(parts)


def ufunc_doc_signature(ufunc):
    """A ufunc's call signature, as NumPy's docstrings write it (less what ndgpu lacks)."""
    name = ufunc.__name__
    args = "x1" if ufunc.nin == 1 else "x1, x2"
    signature = (f"{name}({args}, /, out=None, *, where=True, casting='same_kind', order='K', "
                 "dtype=None, subok=True)")
    if ufunc.nout > 1:
        signature = signature.replace("out=None", "out=(None, None)")
    return signature


def ufunc_doc(ufunc):
    """A ufunc's docstring: its call signature, then NumPy's text of the same ufunc."""
    name, signature = ufunc.__name__, ufunc_doc_signature(ufunc)
    if getattr(_core._special, name, None) is ufunc:  # not NumPy's (its i0 is no ufunc)
        return (f"{signature}\n\nscipy.special.{name} as cupyx.scipy.special's: loops of "
                "float32 and float64 (float16 and the small integers compute in float32, the "
                "other integers in float64).")
    text, _ = _numpy_text("numpy", name)
    if not text:
        return signature
    import numpy
    header = (f"NumPy's documentation of numpy.{name} follows (NumPy {numpy.__version__}'s own "
              f"text). Differences: {_UFUNC_DIFFERENCES}")
    return "\n\n".join([signature, header, text])


class _UfuncDoc:
    """ufunc.__doc__: NumPy's text for an instance, computed when asked for; the class's
    own line for the class."""

    def __get__(self, ufunc, cls=None):
        if ufunc is None:
            return "ndgpu's universal function: elementwise, broadcasting, as numpy.ufunc."
        return ufunc_doc(ufunc)


def install(namespace):
    """Wraps `namespace`'s public functions so their __doc__ reads NumPy's text; classes,
    ufuncs, modules and NumPy's own functions (re-exported as themselves, as CuPy does, and
    already documented) are left as they are."""
    module = namespace["__name__"]
    for name, value in list(namespace.items()):
        if (name.startswith("_") or not callable(value) or isinstance(value, type)
                or isinstance(value, (_core.ufunc, types.ModuleType))
                or str(getattr(value, "__module__", "")).startswith("numpy")):
            continue
        namespace[name] = _core._documented(value, name, module)


# Methods left unwrapped: the wrapper's extra call costs ~0.3 µs on the H200's host, which
# the view-making methods, timed per call (reshape_view row, ≤ 0.5 µs), cannot afford.
UNWRAPPED = frozenset({"reshape", "view", "transpose", "ravel", "astype"})


def install_members(cls, module):
    """Wraps `cls`'s public methods and properties so their __doc__ reads NumPy's text of
    the same member (module "ndgpu" and class "ndarray": numpy.ndarray's). Static methods,
    classes, other attributes and the UNWRAPPED methods are left as they are."""
    for name, value in list(vars(cls).items()):
        if name.startswith("_") or name in UNWRAPPED:
            continue
        if isinstance(value, property):
            is_property = True
        elif (callable(value) and not isinstance(value, type)
              and type(value).__flags__ & _METHOD_DESCRIPTOR):
            is_property = False
        else:
            continue
        setattr(cls, name, _core._documented_member(value, name, f"{cls.__name__}.{name}",
                                                    module, is_property))


_core._set_doc_hook(function_doc)
_core.ufunc.__doc__ = _UfuncDoc()
