#include "backend/cpu/cpu_fft.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "backend/cpu/thread_pool.hpp"
#include "backend/fft_plan_cache.hpp"
#include "ndgpu/errors.hpp"

#if __has_include(<kissfft/kissfft.hh>)
#include <kissfft/kissfft.hh>
#define NDGPU_HAVE_KISSFFT 1
#endif

namespace ndgpu::cpu {
namespace {

#ifdef NDGPU_HAVE_KISSFFT

int64_t largest_prime_factor(int64_t n) {
  int64_t largest = 1;
  for (int64_t p = 2; p * p <= n; ++p)
    while (n % p == 0) largest = p, n /= p;
  return std::max(largest, n);
}

// Runs fn(first, last) over [0, count) in chunks, over the pool.
template <class F>
void for_chunks(int64_t count, int64_t cost_per_item, const F& fn) {
  const int64_t min_items =
      std::max<int64_t>(1, (int64_t(1) << 15) / std::max<int64_t>(cost_per_item, 1));
  const int64_t chunks = std::clamp<int64_t>(count / min_items, 1, int64_t(pool_size()) * 4);
  parallel_for(uint64_t(chunks), [&](uint64_t c) {
    fn(count * int64_t(c) / chunks, count * int64_t(c + 1) / chunks);
  });
}

// KissFFT's butterfly for a prime factor p costs O(n p): past this, Bluestein is cheaper.
constexpr int64_t kLargestDirectFactor = 61;
// From this length a transform takes the four-step path (cache-sized pieces, over the pool).
constexpr int64_t kSplitFrom = int64_t(1) << 16;

// A KissFFT plan that several threads call at once. KissFFT's generic butterfly (prime
// factors above 5) writes scratch inside the object, so those plans lend each call a copy.
template <class T>
class Kiss {
 public:
  using cpx = std::complex<T>;
  Kiss(size_t n, bool inverse) : plan_(n, inverse), copies_(largest_prime_factor(int64_t(n)) > 5) {}
  void transform(const cpx* in, cpx* out) const {
    if (!copies_) return plan_.transform(in, out);
    std::unique_ptr<kissfft<T>> k;
    {
      std::lock_guard lk(mu_);
      if (!spare_.empty()) k = std::move(spare_.back()), spare_.pop_back();
    }
    if (!k) k = std::make_unique<kissfft<T>>(plan_);
    k->transform(in, out);
    std::lock_guard lk(mu_);
    spare_.push_back(std::move(k));
  }

 private:
  kissfft<T> plan_;
  bool copies_;
  mutable std::mutex mu_;
  mutable std::vector<std::unique_ptr<kissfft<T>>> spare_;
};

// One direction's transforms of one length: KissFFT itself, or Bluestein's chirp-z
// convolution over two power-of-two KissFFTs for lengths with a large prime factor.
template <class T>
class Line {
 public:
  using cpx = std::complex<T>;
  Line(int64_t n, bool inverse) : n_(n) {
    if (n <= 1) return;
    if (largest_prime_factor(n) <= kLargestDirectFactor) {
      direct_ = std::make_unique<Kiss<T>>(size_t(n), inverse);
      if (n >= kSplitFrom) make_split(inverse);
      return;
    }
    m_ = 1;
    while (m_ < 2 * n - 1) m_ *= 2;
    forward_ = std::make_unique<Kiss<T>>(size_t(m_), false);
    backward_ = std::make_unique<Kiss<T>>(size_t(m_), true);
    // w[j] = exp(-+i pi j^2 / n), j^2 reduced mod 2n so the angle stays exact in double.
    chirp_.resize(static_cast<size_t>(n));
    const double pi = std::acos(-1.0), sign = inverse ? 1.0 : -1.0;
    for (int64_t j = 0; j < n; ++j) {
      const double angle = sign * pi * double((j * j) % (2 * n)) / double(n);
      chirp_[size_t(j)] = cpx(T(std::cos(angle)), T(std::sin(angle)));
    }
    std::vector<cpx> b(static_cast<size_t>(m_)), scratch(static_cast<size_t>(m_));
    for (int64_t j = 0; j < n; ++j) {
      b[size_t(j)] = std::conj(chirp_[size_t(j)]);
      if (j) b[size_t(m_ - j)] = b[size_t(j)];
    }
    forward_->transform(b.data(), scratch.data());
    // 1/m of the inverse transform folded into the kernel's spectrum.
    kernel_.resize(static_cast<size_t>(m_));
    for (int64_t k = 0; k < m_; ++k) kernel_[size_t(k)] = scratch[size_t(k)] / T(m_);
  }
  // out = DFT(in) for one long line, as n2 transforms of n1 points, a twiddle, and n1 of n2
  // (the four-step method): short transforms stay in cache, tiles of kTile columns are
  // gathered and scattered whole, and both passes run over the pool.
  void run_parallel(const cpx* in, cpx* out) const {
    constexpr int64_t kTile = 16;
    const int64_t n1 = n1_, n2 = n_ / n1_;
    // Uninitialised: every element is written before it is read.
    std::unique_ptr<void, void (*)(void*)> mid(std::malloc(sizeof(cpx) * size_t(n_)), std::free);
    cpx* b = static_cast<cpx*>(mid.get());
    // b[j2][k1] = w^(j2 k1) * DFT_n1 over j1 of x[j1 n2 + j2].
    for_chunks((n2 + kTile - 1) / kTile, kTile * n1, [&](int64_t first, int64_t last) {
      std::vector<cpx> tile(static_cast<size_t>(kTile * n1));
      for (int64_t j0 = first * kTile; j0 < std::min(n2, last * kTile); j0 += kTile) {
        const int64_t w = std::min(kTile, n2 - j0);
        for (int64_t j1 = 0; j1 < n1; ++j1)
          for (int64_t c = 0; c < w; ++c) tile[size_t(c * n1 + j1)] = in[j1 * n2 + j0 + c];
        for (int64_t c = 0; c < w; ++c) {
          cpx* row = b + (j0 + c) * n1;
          first_->transform(tile.data() + c * n1, row);
          for (int64_t k1 = 1; k1 < n1; ++k1) row[k1] *= twiddle_[size_t((j0 + c) * k1)];
        }
      }
    });
    // X[k1 + n1 k2] = DFT_n2 over j2 of b[j2][k1].
    for_chunks((n1 + kTile - 1) / kTile, kTile * n2, [&](int64_t first, int64_t last) {
      std::vector<cpx> tile(static_cast<size_t>(kTile * n2)), result(tile.size());
      for (int64_t k0 = first * kTile; k0 < std::min(n1, last * kTile); k0 += kTile) {
        const int64_t w = std::min(kTile, n1 - k0);
        for (int64_t j2 = 0; j2 < n2; ++j2)
          for (int64_t c = 0; c < w; ++c) tile[size_t(c * n2 + j2)] = b[j2 * n1 + k0 + c];
        for (int64_t c = 0; c < w; ++c)
          second_->transform(tile.data() + c * n2, result.data() + c * n2);
        for (int64_t k2 = 0; k2 < n2; ++k2)
          for (int64_t c = 0; c < w; ++c) out[k0 + c + n1 * k2] = result[size_t(c * n2 + k2)];
      }
    });
  }

  int64_t bytes() const {
    const int64_t twiddles = (direct_ ? n_ : 2 * m_) + int64_t(twiddle_.size());
    return int64_t(sizeof(cpx)) * (twiddles + int64_t(chirp_.size() + kernel_.size()));
  }
  // out = DFT(in), in and out distinct; `work` is the caller's scratch.
  void run(const cpx* in, cpx* out, std::vector<cpx>& work) const {
    if (n_ <= 1) {
      if (n_ == 1) out[0] = in[0];
      return;
    }
    if (n1_) return run_parallel(in, out);
    if (direct_) return direct_->transform(in, out);
    work.resize(static_cast<size_t>(2 * m_));
    cpx* a = work.data();
    cpx* spectrum = a + m_;
    for (int64_t j = 0; j < n_; ++j) a[j] = in[j] * chirp_[size_t(j)];
    std::fill(a + n_, a + m_, cpx(0));
    forward_->transform(a, spectrum);
    for (int64_t k = 0; k < m_; ++k) spectrum[k] *= kernel_[size_t(k)];
    backward_->transform(spectrum, a);
    for (int64_t k = 0; k < n_; ++k) out[k] = a[k] * chirp_[size_t(k)];
  }

 private:
  // n = n1 n2 with n1 the largest divisor up to sqrt(n); w^(j2 k1) for j2 < n2, k1 < n1.
  void make_split(bool inverse) {
    int64_t n1 = 1;
    for (int64_t d = 2; d * d <= n_; ++d)
      if (n_ % d == 0) n1 = d;
    if (n1 < 16) return;
    n1_ = n1;
    first_ = std::make_unique<Kiss<T>>(size_t(n1), inverse);
    second_ = std::make_unique<Kiss<T>>(size_t(n_ / n1), inverse);
    twiddle_.resize(static_cast<size_t>(n_));
    const double step = (inverse ? 2.0 : -2.0) * std::acos(-1.0) / double(n_);
    for (int64_t m = 0; m < n_; ++m)
      twiddle_[size_t(m)] = cpx(T(std::cos(step * double(m))), T(std::sin(step * double(m))));
  }

  int64_t n_, m_ = 0, n1_ = 0;
  std::unique_ptr<Kiss<T>> direct_, forward_, backward_, first_, second_;
  std::vector<cpx> chirp_, kernel_, twiddle_;
};

// A call's plan: one Line per transformed axis, in one direction.
template <class T>
struct Plan {
  std::vector<Line<T>> lines;
  int64_t bytes() const {
    int64_t b = 0;
    for (const Line<T>& l : lines) b += l.bytes();
    return b;
  }
};

struct AnyPlan {
  std::unique_ptr<Plan<float>> single;
  std::unique_ptr<Plan<double>> twice;
};

std::mutex caches_mu;
FftPlanCache<AnyPlan>& cache_for(int device) {
  static auto* caches = new std::map<int, FftPlanCache<AnyPlan>>;
  std::lock_guard lk(caches_mu);
  return (*caches)[device];
}

// The transforms along one axis of a C-contiguous complex array: lines of `len` elements
// `stride` apart, `count` of them; src and dst may be the same.
template <class T>
void c2c_axis(const Line<T>& line, const std::complex<T>* src, std::complex<T>* dst, int64_t count,
              int64_t len, int64_t stride) {
  using cpx = std::complex<T>;
  for_chunks(count, len, [&](int64_t first, int64_t last) {
    std::vector<cpx> gathered, result, work;  // sized on first use: rows need none
    for (int64_t l = first; l < last; ++l) {
      const int64_t base = (l / stride) * len * stride + l % stride;
      if (stride == 1 && src != dst) {
        line.run(src + base, dst + base, work);
        continue;
      }
      gathered.resize(static_cast<size_t>(len)), result.resize(static_cast<size_t>(len));
      for (int64_t j = 0; j < len; ++j) gathered[size_t(j)] = src[base + j * stride];
      line.run(gathered.data(), result.data(), work);
      for (int64_t j = 0; j < len; ++j) dst[base + j * stride] = result[size_t(j)];
    }
  });
}

// C2C passes over axes [first_axis, last_axis) of batch arrays of shape `dims`.
template <class T>
void c2c_axes(const Plan<T>& plan, const std::complex<T>* src, std::complex<T>* dst,
              const std::vector<int64_t>& dims, int64_t batch, int first_axis, int last_axis) {
  int64_t total = batch;
  for (int64_t d : dims) total *= d;
  for (int axis = last_axis - 1; axis >= first_axis; --axis) {
    int64_t stride = 1;
    for (size_t k = size_t(axis) + 1; k < dims.size(); ++k) stride *= dims[k];
    const int64_t len = dims[size_t(axis)];
    c2c_axis(plan.lines[size_t(axis)], src, dst, total / len, len, stride);
    src = dst;
  }
}

template <class T>
void run(const Plan<T>& plan, const FftCall& c) {
  using cpx = std::complex<T>;
  std::vector<int64_t> dims(c.n, c.n + c.rank);
  const int64_t n = dims.back(), half = n / 2 + 1;
  int64_t lead = 1;  // elements of the leading (complex) axes per transform
  for (int i = 0; i + 1 < c.rank; ++i) lead *= dims[size_t(i)];
  const int64_t rows = c.batch * lead;
  const Line<T>& last = plan.lines.back();
  if (c.kind == FftKind::C2C)
    return c2c_axes(plan, static_cast<const cpx*>(c.in), static_cast<cpx*>(c.out), dims, c.batch, 0,
                    c.rank);
  std::vector<int64_t> half_dims = dims;
  half_dims.back() = half;
  if (c.kind == FftKind::R2C) {
    const T* in = static_cast<const T*>(c.in);
    cpx* out = static_cast<cpx*>(c.out);
    for_chunks(rows, n, [&](int64_t first, int64_t end) {
      std::vector<cpx> full(static_cast<size_t>(n)), spectrum(static_cast<size_t>(n)), work;
      for (int64_t r = first; r < end; ++r) {
        for (int64_t j = 0; j < n; ++j) full[size_t(j)] = cpx(in[r * n + j]);
        last.run(full.data(), spectrum.data(), work);
        std::copy(spectrum.begin(), spectrum.begin() + half, out + r * half);
      }
    });
    return c2c_axes(plan, out, out, half_dims, c.batch, 0, c.rank - 1);
  }
  // C2R: the leading axes' inverse transforms into scratch, then Hermitian rows to real.
  const cpx* in = static_cast<const cpx*>(c.in);
  std::vector<cpx> leading;
  if (c.rank > 1) {
    leading.resize(static_cast<size_t>(rows * half));
    c2c_axes(plan, in, leading.data(), half_dims, c.batch, 0, c.rank - 1);
    in = leading.data();
  }
  T* out = static_cast<T*>(c.out);
  for_chunks(rows, n, [&](int64_t first, int64_t end) {
    std::vector<cpx> full(static_cast<size_t>(n)), signal(static_cast<size_t>(n)), work;
    for (int64_t r = first; r < end; ++r) {
      const cpx* row = in + r * half;
      for (int64_t k = 0; k < n; ++k) full[size_t(k)] = k < half ? row[k] : std::conj(row[n - k]);
      last.run(full.data(), signal.data(), work);
      for (int64_t j = 0; j < n; ++j) out[r * n + j] = signal[size_t(j)].real();
    }
  });
}

template <class T>
std::unique_ptr<Plan<T>> make_plan(const FftCall& c) {
  auto plan = std::make_unique<Plan<T>>();
  const bool inverse = c.kind == FftKind::C2R || (c.kind == FftKind::C2C && c.inverse);
  for (int i = 0; i < c.rank; ++i) plan->lines.emplace_back(c.n[i], inverse);
  return plan;
}

#endif  // NDGPU_HAVE_KISSFFT

}  // namespace

void cpu_fft(int device, const FftCall& c) {
#ifdef NDGPU_HAVE_KISSFFT
  if (c.batch == 0) return;
  // Plans do not depend on the batch: one serves every batch size.
  FftCall shape = c;
  shape.batch = 1;
  auto plan = cache_for(device).get(fft_plan_key(shape, true), [&](int64_t& bytes) {
    auto p = std::make_shared<AnyPlan>();
    if (c.double_precision)
      p->twice = make_plan<double>(c), bytes = p->twice->bytes();
    else
      p->single = make_plan<float>(c), bytes = p->single->bytes();
    return p;
  });
  if (c.double_precision)
    run(*plan->twice, c);
  else
    run(*plan->single, c);
#else
  (void)device, (void)c;
  throw BackendError(
      "FFTs on the CPU backend need KissFFT's header, absent when ndgpu was built (apt-get "
      "install libkissfft-dev, then rebuild)");
#endif
}

FftPlanCacheInfo cpu_fft_plan_cache(int device, const FftPlanCacheChange& change) {
#ifdef NDGPU_HAVE_KISSFFT
  return cache_for(device).control(change);
#else
  (void)device;
  FftPlanCache<int> empty;
  return empty.control(change);
#endif
}

}  // namespace ndgpu::cpu
