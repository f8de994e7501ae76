#include "backend/cpu/thread_pool.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "ndgpu/host_hooks.hpp"

namespace ndgpu::cpu {
namespace {

thread_local bool tls_in_pool = false;

// Asks the host whether to stop, at most every 20 ms and never in the first 20: short
// launches pay one clock read per block, and Ctrl-C is seen well within a second.
class InterruptPoll {
 public:
  bool due() {
    auto now = std::chrono::steady_clock::now();
    if (now < next_) return false;
    next_ = now + kPeriod;
    return interrupt_requested();
  }

 private:
  static constexpr std::chrono::milliseconds kPeriod{20};
  std::chrono::steady_clock::time_point next_ = std::chrono::steady_clock::now() + kPeriod;
};

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
    InterruptPoll poll;
    bool interrupted = work(&poll);
    // Blocks already started finish (a block cannot be stopped halfway); no new one starts.
    uint64_t started = std::min<uint64_t>(next_.exchange(count_), count_);
    if (!interrupted) started = count_;
    std::unique_lock lk(mu_);
    while (!done_cv_.wait_for(lk, std::chrono::milliseconds(20),
                              [&] { return done_.load() >= started; })) {
      if (interrupted) continue;
      lk.unlock();
      interrupted = poll.due();
      lk.lock();
    }
    job_ = nullptr;
    if (error_) std::rethrow_exception(error_);
    if (interrupted) throw Interrupted();
  }

 private:
  // Runs blocks until none is left; the calling thread (with `poll`) stops early and returns
  // true when the host asks it to.
  bool work(InterruptPoll* poll = nullptr) {
    tls_in_pool = true;
    for (uint64_t i; (i = next_.fetch_add(1)) < count_;) {
      if (poll && poll->due()) {
        // Unstarted: count it as done so that waiters see the job end.
        done_.fetch_add(1);
        tls_in_pool = false;
        return true;
      }
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
    return false;
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
    InterruptPoll poll;
    for (uint64_t i = 0; i < count; ++i) {
      if (i && !tls_in_pool && poll.due()) throw Interrupted();
      fn(i);
    }
    return;
  }
  pool().run(count, fn);
}

}  // namespace ndgpu::cpu
