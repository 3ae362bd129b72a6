#pragma once
// Hands each message to the handler its method names, and keeps JSON-RPC's and LSP's rules about
// messages in one place, so no handler repeats them: a request gets exactly one answer (its
// result, or the error it threw), a notification none; a request that must wait (for a solve) is
// parked and waits alone (lsp/parked_requests.h); a request cancelled before it is answered gets
// RequestCancelled; nothing but `initialize` is served before it, and `initialize` only once;
// `exit` ends with 0 only after `shutdown`.

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "lsp/incoming_messages.h"
#include "lsp/outgoing_messages.h"
#include "lsp/parked_requests.h"
#include "lsp/request.h"

namespace mv::lsp {

class Dispatcher {
public:
    using RequestHandler = std::function<Json(const Request&)>;
    using WaitingHandler = ParkedRequests::Attempt;
    using NotificationHandler = std::function<void(const Json& params)>;

    Dispatcher(const IncomingMessages& in, OutgoingMessages& out);

    void onRequest(const std::string& method, RequestHandler handler);
    // A request that may have to wait: parked while `handler` answers nothing.
    void onWaitingRequest(const std::string& method, WaitingHandler handler);
    void onNotification(const std::string& method, NotificationHandler handler);

    // One message (or a wake-up: a solve finished); an exit code when the server is to stop.
    std::optional<int> handle(const Incoming& incoming);

private:
    std::optional<Request> requestIn(const Json& message);
    void answer(const Request& request);
    Json result(const Request& request);
    void notify(const Request& notification);

    const IncomingMessages& m_in;
    OutgoingMessages& m_out;
    std::map<std::string, RequestHandler> m_requests;
    std::map<std::string, WaitingHandler> m_waiting;
    std::map<std::string, NotificationHandler> m_notifications;
    ParkedRequests m_parked;
    bool m_initialized = false;
    bool m_shutdown = false;
};

}  // namespace mv::lsp
