"""`import ndgpu` leaves NumPy unimported (it is most of an import's time); NumPy's scalar
types are still ndgpu's, as CuPy re-exports them."""
import os
import subprocess
import sys
import textwrap

import ndgpu as cp

PYTHON_DIR = os.path.dirname(os.path.dirname(cp.__file__))


def test_import_does_not_import_numpy_and_numpy_names_resolve():
    code = textwrap.dedent("""
        import sys
        import ndgpu
        print("numpy" in sys.modules)
        import numpy
        from ndgpu import float16
        print(ndgpu.float32 is numpy.float32, float16 is numpy.float16,
              ndgpu.dtype is numpy.dtype, ndgpu.intp is numpy.int64,
              ndgpu.complex_ is numpy.complex128, "int8" in dir(ndgpu))
        print(ndgpu.newaxis is None, ndgpu.pi == numpy.pi, ndgpu.inf == numpy.inf)
        a = ndgpu.arange(4, dtype=ndgpu.float32)
        print(repr(ndgpu.asnumpy(a * 2)))
    """)
    env = dict(os.environ, PYTHONPATH=PYTHON_DIR + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[0] == "False"
    assert lines[1] == "True True True True True True"
    assert lines[2] == "True True True"
    assert lines[-1] == "array([0., 2., 4., 6.], dtype=float32)"


def test_unknown_attribute_raises_attribute_error():
    try:
        cp.no_such_name  # noqa: B018
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("expected AttributeError")


def test_exit_right_after_import_while_nvrtc_warms_up():
    # The NVRTC warm-up thread starts at import; a process that exits at once must wait for
    # it rather than destroy what it uses (this crashed before exit waited for it).
    env = dict(os.environ, NDGPU_NVRTC_WARM_UP="1",
               PYTHONPATH=PYTHON_DIR + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for _ in range(5):
        r = subprocess.run([sys.executable, "-c", "import ndgpu"], env=env, capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, (r.returncode, r.stderr)
