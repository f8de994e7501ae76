// Exceptions that map one-to-one onto Python's built-in exception types.
#pragma once
#include <stdexcept>
#include <string>

namespace ndgpu {

struct TypeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct ValueError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct IndexError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// An axis out of range: numpy.exceptions.AxisError in Python, an IndexError and a ValueError.
struct AxisError : IndexError {
  using IndexError::IndexError;
};
struct OverflowError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct ZeroDivisionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// numpy.linalg.LinAlgError: a singular matrix, one not positive definite, no convergence.
struct LinAlgError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct NotImplementedError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A MemoryError in Python.
struct OutOfMemoryError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A kernel failed to compile; what() holds the compiler's log and the numbered source.
struct CompileError : std::runtime_error {
  CompileError(const std::string& msg, std::string log, std::string source)
      : std::runtime_error(msg), log(std::move(log)), source(std::move(source)) {}
  std::string log;
  std::string source;
};
// An error reported by a backend's runtime (a failed CUDA call, a failed dlopen).
struct BackendError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace ndgpu
