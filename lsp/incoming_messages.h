#pragma once
// The client's messages, read and parsed on a thread of their own, so that a request that waits
// (a hover for a frame still being solved) can see what came in after it: a newer version of
// the document or a cancellation ends the wait. The main thread takes them in order. The reading
// thread is detached: at `exit` it may be blocked reading a pipe the client keeps open, and it
// holds only the shared queue, never the server.

#include <condition_variable>
#include <deque>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>

#include "lsp/message_framing.h"
#include "lsp/protocol.h"

namespace mv::lsp {

struct Incoming {
    enum class Kind { Message, NotJson, End, Broken };
    Kind kind = Kind::End;
    Json message;         // Message
    std::string error;    // NotJson: the parser's reason
    FramingError broken;  // Broken
};

class IncomingMessages {
public:
    // Starts reading `in`, which must stay valid while the process runs (std::cin).
    explicit IncomingMessages(std::istream& in);

    // The next message, waiting for it.
    Incoming take();
    // Waits until `done()` holds (checked at each wake()) or a message not taken yet satisfies
    // `supersedes` (the end of the input and broken framing always do); true in that case.
    bool waitFor(const std::function<bool()>& done,
                 const std::function<bool(const Json&)>& supersedes);
    // Wakes waitFor() to look at `done()` again.
    void wake();

private:
    struct Shared {
        mutable std::mutex mutex;
        std::condition_variable ready;
        std::deque<Incoming> queue;
    };
    std::shared_ptr<Shared> m_shared;
};

}  // namespace mv::lsp
