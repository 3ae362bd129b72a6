// A full disk without a full disk, for tests: loaded with LD_PRELOAD into a process (and the ffmpeg
// it starts), write() to a file whose path contains $MOVIMENTUM_FULL_DISK_PATH succeeds for the
// first $MOVIMENTUM_FULL_DISK_BYTES bytes of such writes in that process, then fails with ENOSPC,
// as a disk that fills up part way does. Other files are written as usual.

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

using WriteFunction = ssize_t (*)(int, const void*, size_t);

std::atomic<long long> g_written{0};

bool onFullDisk(int fd) {
    const char* marker = std::getenv("MOVIMENTUM_FULL_DISK_PATH");
    if (!marker || !*marker) return false;
    char link[64], path[4096];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t length = readlink(link, path, sizeof path - 1);
    if (length <= 0) return false;
    path[length] = '\0';
    return std::strstr(path, marker) != nullptr;
}

long long capacity() {
    const char* bytes = std::getenv("MOVIMENTUM_FULL_DISK_BYTES");
    return bytes ? std::atoll(bytes) : 0;
}

}  // namespace

extern "C" ssize_t write(int fd, const void* buffer, size_t count) {
    static const auto real = reinterpret_cast<WriteFunction>(dlsym(RTLD_NEXT, "write"));
    if (count == 0 || !onFullDisk(fd)) return real(fd, buffer, count);
    const long long left = capacity() - g_written.load();
    if (left <= 0) {
        errno = ENOSPC;
        return -1;
    }
    const size_t taken = std::min(count, static_cast<size_t>(left));
    const ssize_t done = real(fd, buffer, taken);
    if (done > 0) g_written += done;
    return done;
}
