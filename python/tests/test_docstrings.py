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
