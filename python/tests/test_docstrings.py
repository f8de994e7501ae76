"""Docstrings (python/ndgpu/_docs.py): every public function that NumPy also has starts its
__doc__ with a signature and carries NumPy's text, read from the installed NumPy when asked
for; the wrapper that makes this possible forwards calls unchanged."""
import pickle
import pydoc
import re
import types

import numpy
import pytest

import ndgpu as cp
from ndgpu import _docs

NAMESPACES = [(cp, numpy), (cp.linalg, numpy.linalg), (cp.fft, numpy.fft),
              (cp.random, numpy.random)]


def shared_callables():
    for ours, theirs in NAMESPACES:
        for name in dir(ours):
            if name.startswith("_") or not hasattr(theirs, name):
                continue
            value = getattr(ours, name)
            if callable(value) and not isinstance(value, (type, types.ModuleType)):
                yield ours.__name__ + "." + name, value, getattr(theirs, name)


def test_every_function_numpy_also_has_starts_its_doc_with_a_signature():
    checked, wrong = 0, []
    for qualified, value, theirs in shared_callables():
        if value is theirs:  # NumPy's own (issubdtype, ...), re-exported as itself
            continue
        doc = value.__doc__ or ""
        own_name = getattr(value, "__name__", qualified.rsplit(".", 1)[1])
        if not re.match(r"%s\(.*\)" % re.escape(own_name), doc.split("\n", 1)[0]):
            wrong.append((qualified, doc[:60]))
        checked += 1
    assert checked > 300
    assert wrong == []


def test_functions_carry_numpys_text_with_a_header_saying_so():
    missing = []
    for qualified, value, theirs in shared_callables():
        summary = pydoc.getdoc(theirs).strip().split("\n\n")[0]
        if summary and summary not in pydoc.getdoc(value):
            missing.append(qualified)
    assert missing == []
    assert cp.sum.__doc__.startswith("sum(a")
    assert "NumPy's documentation of numpy.sum follows" in cp.sum.__doc__
    assert "Sum of array elements over a given axis." in cp.sum.__doc__
    # ndgpu's own note comes before NumPy's text
    doc = cp.einsum.__doc__
    assert doc.index("optimize=") < doc.index("Evaluates the Einstein summation")


def test_help_of_a_ufunc_shows_numpys_text_and_the_differences():
    text = pydoc.render_doc(cp.add, renderer=pydoc.plaintext)
    assert "add(x1, x2, /, out=None" in text
    assert "Add arguments element-wise." in text
    assert "`where=` and `signature=` are not supported" in text
    assert cp.divide.__doc__.startswith("divide(x1, x2")
    assert cp.divmod.__doc__.startswith("divmod(x1, x2, /, out=(None, None)")
    assert isinstance(cp.ufunc.__doc__, str)


def test_help_of_a_function_shows_numpys_text():
    text = pydoc.render_doc(cp.linalg.norm, renderer=pydoc.plaintext)
    assert "norm(x, ord=None, axis=None, keepdims=False)" in text
    assert "Matrix or vector norm." in text


def test_wrapped_functions_forward_arguments_errors_and_pickle():
    a = cp.arange(6.0).reshape(2, 3)
    numpy.testing.assert_array_equal(cp.asnumpy(cp.sum(a, axis=1, keepdims=True)),
                                     numpy.arange(6.0).reshape(2, 3).sum(axis=1, keepdims=True))
    with pytest.raises(ValueError, match="axis 5 is out of bounds"):
        cp.sum(a, axis=5)
    assert cp.sum.__name__ == "sum" and cp.sum.__module__ == "ndgpu"
    assert cp.linalg.norm.__module__ == "ndgpu.linalg"
    assert pickle.loads(pickle.dumps(cp.sum)) is cp.sum
    assert repr(cp.sum) == "<function sum>"


def test_methods_and_properties_carry_numpys_text():
    # Every public member of ndarray that numpy.ndarray also has: NumPy's summary, after a
    # header; a method's doc starts with its own signature, as a function's does.
    checked, missing = 0, []
    for name in dir(cp.ndarray):
        theirs = getattr(numpy.ndarray, name, None)
        if name.startswith("_") or theirs is None or not pydoc.getdoc(theirs):
            continue
        ours = getattr(cp.ndarray, name)
        if name in _docs.UNWRAPPED:  # the hot view methods stay nanobind's own, for speed
            assert not hasattr(ours, "__wrapped__"), name
            continue
        doc = ours.__doc__ or ""
        summary = pydoc.getdoc(theirs).strip().split("\n\n")[0]
        header = f"NumPy's documentation of numpy.ndarray.{name} follows"
        if summary not in doc or header not in doc:
            missing.append(name)
        if callable(theirs) and not re.match(r"%s\(" % name, doc):
            missing.append(name + " (signature)")
        checked += 1
    assert checked > 55
    assert missing == []
    assert cp.ndarray.sum.__doc__.startswith("sum(self, axis")
    assert "Return the sum of the array elements over the given axis." in cp.ndarray.sum.__doc__
    assert "View of the transposed array." in cp.ndarray.T.__doc__
    text = pydoc.render_doc(cp.arange(3).sum, renderer=pydoc.plaintext)
    assert "Return the sum of the array elements" in text
    # ndgpu's own members keep their own text
    assert "NumPy's documentation" not in (cp.ndarray.get.__doc__ or "")


def test_wrapped_members_behave_as_before():
    a = cp.arange(6.0)
    numpy.testing.assert_array_equal(cp.asnumpy(a.reshape(2, 3).sum(axis=0)),
                                     numpy.arange(6.0).reshape(2, 3).sum(axis=0))
    assert cp.ndarray.sum(a) == a.sum() == 15.0  # from the class, with self given
    bound = a.sum
    assert bound.__self__ is a and bound() == 15.0
    with pytest.raises(ValueError, match="axis 3 is out of bounds"):
        a.sum(axis=3)
    b = cp.zeros((2, 3))
    b.shape = (3, 2)  # a settable property is still settable
    assert b.shape == (3, 2) and b.T.shape == (2, 3)
    with pytest.raises(AttributeError):
        b.ndim = 4
    assert pickle.loads(pickle.dumps(cp.ndarray.sum)) is cp.ndarray.sum
    assert repr(cp.ndarray.sum) == "<function ndarray.sum>"
    assert callable(cp.ndarray.T.fget) and callable(cp.ndarray.shape.fset)
