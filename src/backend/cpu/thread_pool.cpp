#include "backend/cpu/thread_pool.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace ndgpu::cpu {
namespace {

thread_local bool tls_in_pool = false;

class ThreadPool {
 public:
  explicit ThreadPool(int n) {
    for (int i = 0; i + 1 < n; ++i) workers_.emplace_back([this] { worker(); });
  }
  ~ThreadPool() {
    {
      std::lock_guard lk(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto& t : workers_) t.join();
  }
  int size() const { return int(workers_.size()) + 1; }

  void run(uint64_t count, const std::function<void(uint64_t)>& fn) {
    std::lock_guard serial(run_mu_);  // one job at a time; callers from other threads queue
    {
      std::lock_guard lk(mu_);
      job_ = &fn;
      count_ = count;
      next_.store(0);
      done_.store(0);
      error_ = nullptr;
      ++generation_;
    }
    cv_.notify_all();
    work();
    std::unique_lock lk(mu_);
    done_cv_.wait(lk, [&] { return done_.load() == count_; });
    job_ = nullptr;
    if (error_) std::rethrow_exception(error_);
  }

 private:
  void work() {
    tls_in_pool = true;
    for (uint64_t i; (i = next_.fetch_add(1)) < count_;) {
      try {
        (*job_.load())(i);
      } catch (...) {
        std::lock_guard lk(mu_);
        if (!error_) error_ = std::current_exception();
      }
      if (done_.fetch_add(1) + 1 == count_) {
        std::lock_guard lk(mu_);
        done_cv_.notify_all();
      }
    }
    tls_in_pool = false;
  }
  void worker() {
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock lk(mu_);
        cv_.wait(lk, [&] { return stop_ || (generation_ != seen && job_.load()); });
        if (stop_) return;
        seen = generation_;
      }
      work();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mu_, run_mu_;
  std::condition_variable cv_, done_cv_;
  // Atomic: a worker finishing the last job may read them while the next job is set up.
  std::atomic<const std::function<void(uint64_t)>*> job_{nullptr};
  std::atomic<uint64_t> count_{0};
  uint64_t generation_ = 0;
  std::atomic<uint64_t> next_{0}, done_{0};
  std::exception_ptr error_;
  bool stop_ = false;
};

ThreadPool& pool() {
  static ThreadPool* p = [] {
    int n = int(std::thread::hardware_concurrency());
    if (const char* env = std::getenv("NDGPU_NUM_THREADS")) n = std::atoi(env);
    return new ThreadPool(n < 1 ? 1 : n);  // never destroyed: workers may outlive statics
  }();
  return *p;
}

}  // namespace

int pool_size() {
  return pool().size();
}

void parallel_for(uint64_t count, const std::function<void(uint64_t)>& fn) {
  if (count == 0) return;
  if (count == 1 || tls_in_pool || pool().size() == 1) {
    for (uint64_t i = 0; i < count; ++i) fn(i);
    return;
  }
  pool().run(count, fn);
}

}  // namespace ndgpu::cpu
