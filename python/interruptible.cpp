#include "interruptible.h"

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

namespace py = pybind11;

namespace mv::python {

void runInterruptibly(const std::function<void()>& work, std::atomic<bool>& cancel) {
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::exception_ptr failure;
    // The exception a signal handler raised, fetched so no error is pending while the GIL is
    // released, and restored once the work has stopped.
    PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
    {
        py::gil_scoped_release release;
        std::thread worker([&] {
            try {
                work();
            } catch (...) {
                failure = std::current_exception();
            }
            const std::lock_guard lock(mutex);
            done = true;
            finished.notify_one();
        });
        std::unique_lock lock(mutex);
        while (!finished.wait_for(lock, std::chrono::milliseconds(kPollMs), [&] { return done; })) {
            if (type) continue;  // cancelled: waiting for the work to notice
            lock.unlock();
            {
                py::gil_scoped_acquire acquire;
                if (PyErr_CheckSignals() != 0) {
                    PyErr_Fetch(&type, &value, &traceback);
                    cancel.store(true);
                }
            }
            lock.lock();
        }
        lock.unlock();
        worker.join();
    }
    if (type) {
        PyErr_Restore(type, value, traceback);
        throw py::error_already_set();
    }
    if (failure) std::rethrow_exception(failure);
}

}  // namespace mv::python
