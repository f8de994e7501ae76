// The FFT plan cache both backends keep per device (CuPy's cupy.fft.config.PlanCache): plans
// by key, least recently used first out, within a count and a memory limit.
#pragma once
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "ndgpu/backend.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {

// A plan's key: everything a plan depends on, the direction included (a backend whose plans
// serve both directions leaves `inverse` false).
inline std::string fft_plan_key(const FftCall& c, bool with_direction) {
  static const char* kinds[] = {"C2C", "R2C", "C2R"};
  std::string k = std::string(kinds[int(c.kind)]) + (c.double_precision ? " double" : " single");
  if (with_direction && c.kind == FftKind::C2C) k += c.inverse ? " inverse" : " forward";
  k += " n=(";
  for (int i = 0; i < c.rank; ++i) k += (i ? "," : "") + std::to_string(c.n[i]);
  return k + ") batch=" + std::to_string(c.batch);
}

template <class Plan>
class FftPlanCache {
 public:
  // The cached plan for `key`, or a new one from `make` (which reports the plan's bytes);
  // plans are shared, so one evicted while in use lives until its call ends.
  std::shared_ptr<Plan> get(const std::string& key,
                            const std::function<std::shared_ptr<Plan>(int64_t& bytes)>& make) {
    {
      std::lock_guard lk(mu_);
      for (auto it = lru_.begin(); it != lru_.end(); ++it)
        if (it->key == key) {
          lru_.splice(lru_.begin(), lru_, it);
          return it->plan;
        }
    }
    int64_t bytes = 0;
    std::shared_ptr<Plan> plan = make(bytes);
    std::lock_guard lk(mu_);
    if (max_size_ == 0 || (max_memsize_ >= 0 && bytes > max_memsize_)) return plan;
    lru_.push_front({key, plan, bytes});
    memsize_ += bytes;
    trim();
    return plan;
  }

  FftPlanCacheInfo control(const FftPlanCacheChange& change) {
    std::lock_guard lk(mu_);
    if (change.max_size != -2) {
      if (change.max_size < 0) throw ValueError("the plan cache's size must be >= 0");
      max_size_ = change.max_size;
    }
    if (change.max_memsize != -2) {
      if (change.max_memsize < -1) throw ValueError("the plan cache's memsize must be >= -1");
      max_memsize_ = change.max_memsize;
    }
    if (change.clear) lru_.clear(), memsize_ = 0;
    trim();
    FftPlanCacheInfo info;
    info.size = int64_t(lru_.size()), info.max_size = max_size_;
    info.memsize = memsize_, info.max_memsize = max_memsize_;
    for (const Entry& e : lru_) info.plans.push_back(e.key + " bytes=" + std::to_string(e.bytes));
    return info;
  }

 private:
  struct Entry {
    std::string key;
    std::shared_ptr<Plan> plan;
    int64_t bytes = 0;
  };
  void trim() {
    while (!lru_.empty() &&
           (int64_t(lru_.size()) > max_size_ || (max_memsize_ >= 0 && memsize_ > max_memsize_))) {
      memsize_ -= lru_.back().bytes;
      lru_.pop_back();
    }
  }
  std::mutex mu_;
  std::list<Entry> lru_;
  int64_t max_size_ = 16, max_memsize_ = -1, memsize_ = 0;
};

}  // namespace ndgpu
