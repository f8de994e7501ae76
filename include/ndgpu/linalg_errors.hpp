// cupyx.errstate(linalg=...): whether numpy.linalg routines check their inputs' singularity
// and convergence. ndgpu raises LinAlgError by default, as NumPy; Ignore skips the check (and
// its device-to-host read of the solver's info), leaving what the solver computed, as CuPy's
// default does.
#pragma once

namespace ndgpu::linalg {

enum class ErrorMode { Raise, Ignore };

// This thread's mode (each thread starts with Raise).
ErrorMode error_mode();
void set_error_mode(ErrorMode mode);

}  // namespace ndgpu::linalg
