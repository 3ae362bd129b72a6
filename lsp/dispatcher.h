#pragma once
// Hands each message to the handler its method names, and keeps JSON-RPC's and LSP's rules about
// messages in one place, so no handler repeats them: a request gets exactly one answer (its
// result, or the error it threw), a notification none; a request may be cancelled before it is
// read; nothing but `initialize` is served before it; `exit` ends with 0 only after `shutdown`.

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "lsp/incoming_messages.h"
#include "lsp/outgoing_messages.h"
#include "lsp/request.h"

namespace mv::lsp {

class Dispatcher {
public:
    using RequestHandler = std::function<Json(const Request&)>;
    using NotificationHandler = std::function<void(const Json& params)>;

    explicit Dispatcher(OutgoingMessages& out);

    void onRequest(const std::string& method, RequestHandler handler);
    void onNotification(const std::string& method, NotificationHandler handler);

    // One message; an exit code when the server is to stop.
    std::optional<int> handle(const Incoming& incoming);

private:
    std::optional<Request> requestIn(const Json& message);
    void answer(const Request& request);
    Json result(const Request& request);
    void notify(const Request& notification);

    OutgoingMessages& m_out;
    std::map<std::string, RequestHandler> m_requests;
    std::map<std::string, NotificationHandler> m_notifications;
    bool m_initialized = false;
    bool m_shutdown = false;
    std::set<std::string> m_cancelled;  // ids (as JSON) cancelled before they were read
};

}  // namespace mv::lsp
