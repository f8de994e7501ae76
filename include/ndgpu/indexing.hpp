// NumPy's advanced indexing and the indexing routines (nonzero, take, compress, ...).
// Basic indices (integers, slices, None, Ellipsis) alone stay views: NDArray::index.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

// One item of a full index: a basic item or an integer or boolean array.
using Index = std::variant<int64_t, Slice, NewAxis, EllipsisIndex, NDArray>;

// a[index] and a[index] = value with NumPy's rules: integer arrays broadcast together, boolean
// arrays stand for their nonzero(), and advanced indices separated by a basic one move to the
// front. Out-of-bounds indices raise IndexError (checked on the device, never read or written);
// on CUDA a gather by a device index array raises it at the next synchronization point instead
// of waiting for the kernel (docs/user_guide.md, "Out-of-bounds indices").
NDArray getitem(const NDArray& a, std::span<const Index> index);
void setitem(NDArray& a, std::span<const Index> index, const Operand& value);
// The IndexError an earlier gather on `d` met, if its kernel has finished; every transfer to
// the host and every synchronize() calls it after waiting.
void raise_pending_index_error(Device d);
// While one lives on this thread, gathers raise their IndexError before returning, on CUDA
// too (waiting for the kernel): for indices that came from the host (a list, a NumPy array),
// where NumPy code expects the error from the call itself.
class SyncIndexErrors {
 public:
  SyncIndexErrors();
  ~SyncIndexErrors();
  SyncIndexErrors(const SyncIndexErrors&) = delete;
  SyncIndexErrors& operator=(const SyncIndexErrors&) = delete;

 private:
  bool previous_;
};
// ndarray.item() of a one-element array (ValueError otherwise): one copy of its bytes to the
// host and a synchronize, no kernel. float(a[3]) and int(x.sum()) are this.
Scalar item(const NDArray& a);

// ndarray.scatter_add/max/min (CuPy's): a[index] combined with value, where repeated indices
// all combine (NumPy's add.at, maximum.at, minimum.at); atomics on the device.
enum class ScatterOp { Add, Max, Min };
void scatter_combine(NDArray& a, std::span<const Index> index, const Operand& value, ScatterOp op);

// How take() treats indices outside [-n, n).
enum class ClipMode { Raise, Wrap, Clip };

// The indices of the nonzero elements, one int64 array per axis (C order).
std::vector<NDArray> nonzero(const NDArray& a);
// where(condition) with one argument: NumPy defines it as nonzero(condition).
std::vector<NDArray> where(const NDArray& condition);
NDArray flatnonzero(const NDArray& a);
NDArray argwhere(const NDArray& a);
// Elements of `a` at `indices` along `axis` (the flattened array when nullopt).
NDArray take(const NDArray& a, const NDArray& indices, std::optional<int64_t> axis = std::nullopt,
             ClipMode mode = ClipMode::Raise);
// Slices of `a` along `axis` where `condition` (1-D) is true.
NDArray compress(const NDArray& condition, const NDArray& a,
                 std::optional<int64_t> axis = std::nullopt);
// The elements of `a` where `condition` is nonzero, flattened.
NDArray extract(const NDArray& condition, const NDArray& a);

// a.flat[indices] = values (repeated cyclically); `mode` treats indices outside [-n, n).
void put(NDArray& a, const NDArray& indices, const Operand& values,
         ClipMode mode = ClipMode::Raise);
// arr.flat at the true elements of `mask` = vals, repeated cyclically over those elements.
void place(NDArray& arr, const NDArray& mask, const Operand& vals);
// a.flat[i] = values[i % len(values)] where mask.flat[i].
void putmask(NDArray& a, const NDArray& mask, const Operand& values);
// The main diagonal (all indices equal) = val repeated; `wrap` continues below a tall matrix.
void fill_diagonal(NDArray& a, const Operand& val, bool wrap = false);

// arr at `indices` along `axis`, the other axes matched position by position (broadcast).
NDArray take_along_axis(const NDArray& arr, const NDArray& indices, std::optional<int64_t> axis);
void put_along_axis(NDArray& arr, const NDArray& indices, const Operand& values,
                    std::optional<int64_t> axis);
// Each element from the choice its value in `a` names; all broadcast together.
NDArray choose(const NDArray& a, std::span<const NDArray> choices, ClipMode mode = ClipMode::Raise);
// Each element from the first choice whose condition holds, else `default_value`.
NDArray select(std::span<const NDArray> condlist, std::span<const NDArray> choicelist,
               const Operand& default_value);
// The diagonal at `offset` of the axes axis1 and axis2, as a view appended as the last axis.
NDArray diagonal(const NDArray& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1);
// 1-D: a 2-D array with v on diagonal k; 2-D: its diagonal k (a view).
NDArray diag(const NDArray& v, int64_t k = 0);
NDArray diagflat(const NDArray& v, int64_t k = 0);

// ndarray.flat[key] and ndarray.flat[key] = values: `a` as if 1-D in C order. An integer
// gives a 0-d array, a slice or mask a 1-D one, an integer array its own shape; values
// repeat cyclically over the positions (NumPy's).
NDArray flat_get(const NDArray& a, const Index& key);
void flat_set(NDArray& a, const Index& key, const Operand& values);

// Index grids: (ndim, *dimensions) dense, or one array per axis shaped to broadcast.
NDArray indices(std::span<const int64_t> dimensions, DType dtype = DType::Int64);
std::vector<NDArray> indices_sparse(std::span<const int64_t> dimensions,
                                    DType dtype = DType::Int64);
// 1-D sequences shaped for an open mesh (booleans become their nonzero()).
std::vector<NDArray> ix_(std::span<const NDArray> args);
// Ones at and below diagonal k of an n x m matrix.
NDArray tri(int64_t n, std::optional<int64_t> m = std::nullopt, int64_t k = 0,
            DType dtype = DType::Float64);
// The lower (upper) triangle of the last two axes; the rest set to zero.
NDArray tril(const NDArray& m, int64_t k = 0);
NDArray triu(const NDArray& m, int64_t k = 0);
std::vector<NDArray> tril_indices(int64_t n, int64_t k = 0,
                                  std::optional<int64_t> m = std::nullopt);
std::vector<NDArray> triu_indices(int64_t n, int64_t k = 0,
                                  std::optional<int64_t> m = std::nullopt);
std::vector<NDArray> tril_indices_from(const NDArray& arr, int64_t k = 0);
std::vector<NDArray> triu_indices_from(const NDArray& arr, int64_t k = 0);
std::vector<NDArray> diag_indices(int64_t n, int64_t ndim = 2);
std::vector<NDArray> diag_indices_from(const NDArray& arr);
// The nonzero() of mask_func(ones((n, n)), k).
std::vector<NDArray> mask_indices(int64_t n,
                                  const std::function<NDArray(const NDArray&, int64_t)>& mask_func,
                                  int64_t k = 0);
// Flat indices to coordinates in `shape` and back (ValueError for bad entries in raise mode).
std::vector<NDArray> unravel_index(const NDArray& indices, std::span<const int64_t> shape,
                                   Order order = Order::C);
NDArray ravel_multi_index(std::span<const NDArray> multi_index, std::span<const int64_t> dims,
                          std::span<const ClipMode> modes, Order order = Order::C);

}  // namespace ndgpu
