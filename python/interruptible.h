#pragma once
// Long work (a solve, an export) without the GIL, stoppable with Ctrl-C. Python runs signal
// handlers only on its main thread, between bytecodes; a call into C++ that holds that thread for
// minutes would leave Ctrl-C pending until it returned. So the work runs on a thread of its own
// while the calling thread waits without the GIL, waking every kPollMs to let Python run its
// signal handlers (PyErr_CheckSignals). When one raises (KeyboardInterrupt), `cancel` is set, the
// work stops at its next check (the solver checks between frames, the exporter between frames),
// and the exception is raised once the work thread has ended.

#include <atomic>
#include <functional>

namespace mv::python {

inline constexpr int kPollMs = 10;

// Runs `work`, which must watch `cancel`, as said above. Call with the GIL held. An exception
// thrown by `work` is rethrown here; a Python exception from a signal handler takes precedence.
void runInterruptibly(const std::function<void()>& work, std::atomic<bool>& cancel);

}  // namespace mv::python
