"""NumPy's scalar types, abstract type classes and dtype routines, re-exported as NumPy's own
objects (``ndgpu.double is numpy.double``), as CuPy does: they describe types, not arrays."""

# Resolved from NumPy on first access (ndgpu/__init__.py's __getattr__), under these names.
NUMPY_NAMES = (
    # scalar types by C name and NumPy alias
    "bool", "byte", "ubyte", "short", "ushort", "intc", "uintc", "int_", "uint", "long", "ulong",
    "longlong", "ulonglong", "uintp", "half", "single", "double", "longdouble", "csingle",
    "cdouble", "clongdouble", "str_", "bytes_", "void", "object_",
    # the abstract classes of the type hierarchy
    "generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating",
    "complexfloating", "character", "flexible",
    # routines on dtypes and scalars, and type tables
    "iinfo", "finfo", "issubdtype", "isdtype", "mintypecode", "typename", "min_scalar_type",
    "isscalar", "typecodes", "sctypeDict", "ScalarType", "format_float_positional",
    "format_float_scientific",
    # constants, NumPy's exception classes, and helpers that only inspect Python objects or
    # shapes (no array semantics)
    "True_", "False_", "euler_gamma", "little_endian", "exceptions", "iterable", "ndindex",
)


def common_type(*arrays):
    """numpy.common_type of the arrays' dtypes: the inexact scalar type they all convert to
    (integers count as float64)."""
    import numpy
    return numpy.common_type(*[numpy.empty(0, a.dtype) for a in arrays])
