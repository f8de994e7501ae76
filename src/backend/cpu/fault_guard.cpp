#include "backend/cpu/fault_guard.hpp"

#include <setjmp.h>
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace ndgpu::cpu {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction g_previous[NSIG];

struct Guard {
  sigjmp_buf jump;
  int signal = 0;
  void* address = nullptr;
};
thread_local Guard* tls_guard = nullptr;

void forward(int sig, siginfo_t* info, void* uc) {
  const struct sigaction& prev = g_previous[sig];
  if ((prev.sa_flags & SA_SIGINFO) && prev.sa_sigaction) {
    prev.sa_sigaction(sig, info, uc);
  } else if (prev.sa_handler == SIG_IGN) {
    return;
  } else if (prev.sa_handler == SIG_DFL) {
    // Re-raise with the default action: the fault recurs when this handler returns.
    signal(sig, SIG_DFL);
  } else {
    prev.sa_handler(sig);
  }
}

void on_signal(int sig, siginfo_t* info, void* uc) {
  Guard* g = tls_guard;
  if (!g) return forward(sig, info, uc);
  tls_guard = nullptr;
  g->signal = sig;
  g->address = info ? info->si_addr : nullptr;
  siglongjmp(g->jump, 1);
}

void install_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa = {};
    sa.sa_sigaction = &on_signal;
    // SA_NODEFER: we leave by siglongjmp without restoring the mask, so never block it.
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (int s : kSignals) sigaction(s, &sa, &g_previous[s]);
  });
}

// A stack overflow leaves no stack to run the handler on: give each host thread an
// alternate one unless it already has one (Python's faulthandler installs its own).
struct AltStack {
  void* mem = nullptr;
  AltStack() {
    stack_t cur;
    if (sigaltstack(nullptr, &cur) == 0 && !(cur.ss_flags & SS_DISABLE)) return;
    size_t size = 64 * 1024;
    mem = std::malloc(size);
    stack_t st = {};
    st.ss_sp = mem;
    st.ss_size = size;
    if (sigaltstack(&st, nullptr) != 0) {
      std::free(mem);
      mem = nullptr;
    }
  }
  ~AltStack() {
    if (!mem) return;
    stack_t off = {};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    std::free(mem);
  }
};

std::string describe(int sig, void* addr) {
  char buf[96];
  switch (sig) {
    case SIGSEGV:
      std::snprintf(buf, sizeof buf, "SIGSEGV (invalid memory access at %p)", addr);
      return buf;
    case SIGBUS:
      std::snprintf(buf, sizeof buf, "SIGBUS (bad memory access at %p)", addr);
      return buf;
    case SIGFPE:
      return "SIGFPE (arithmetic error, e.g. an integer division by zero)";
    case SIGILL:
      return "SIGILL (illegal instruction or __trap())";
    default:
      return "signal " + std::to_string(sig);
  }
}

}  // namespace

std::string run_guarded(void (*fn)(void*), void* arg) {
  install_handlers();
  thread_local AltStack alt;
  Guard g;
  Guard* saved = tls_guard;  // nested launches (a kernel run inside a guarded callback)
  if (sigsetjmp(g.jump, 0) != 0) {
    tls_guard = saved;
    return describe(g.signal, g.address);
  }
  tls_guard = &g;
  fn(arg);
  tls_guard = saved;
  return "";
}

}  // namespace ndgpu::cpu
