#pragma once
// The client's messages, read and parsed on a thread of their own; the main thread takes them in
// order, and is woken between them when a solve finishes, so that the requests parked for it
// answer (lsp/parked_requests.h). A request's cancel that is already read when the request is
// taken cancels it. The reading thread is detached: at `exit` it may be blocked reading a pipe the
// client keeps open, and it holds only the shared queue, never the server.

#include <condition_variable>
#include <deque>
#include <iosfwd>
#include <memory>
#include <mutex>

#include "lsp/message_framing.h"
#include "lsp/protocol.h"

namespace mv::lsp {

struct Incoming {
    // TooDeep: nested deeper than kMaxJsonDepth (lsp/json_precheck.h), refused unparsed.
    // Wake: no message, a solve finished.
    enum class Kind { Message, NotJson, TooDeep, Wake, End, Broken };
    Kind kind = Kind::End;
    Json message;         // Message
    std::string error;    // NotJson: the parser's reason
    FramingError broken;  // Broken
};

class IncomingMessages {
public:
    // Starts reading `in`, which must stay valid while the process runs (std::cin).
    explicit IncomingMessages(std::istream& in);

    // The next message, waiting for it, or a Wake once after wake() was called.
    Incoming take();
    // Makes take() return a Wake when no message is waiting; from any thread.
    void wake();
    // Whether a `$/cancelRequest` of `id` is read and not taken yet.
    bool cancelWaiting(const Json& id) const;

private:
    struct Shared {
        mutable std::mutex mutex;
        std::condition_variable ready;
        std::deque<Incoming> queue;
        bool woken = false;
    };
    std::shared_ptr<Shared> m_shared;
};

}  // namespace mv::lsp
