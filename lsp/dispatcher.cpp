#include "lsp/dispatcher.h"

#include "lsp/json_precheck.h"

namespace mv::lsp {

Dispatcher::Dispatcher(const IncomingMessages& in, OutgoingMessages& out)
    : m_in(in), m_out(out), m_parked(out) {
    // Only a parked request can still be cancelled: the others are answered in order, each before
    // the next message is read. A cancel of any other id is forgotten at once.
    onNotification("$/cancelRequest", [this](const Json& params) {
        if (params.contains("id")) m_parked.cancel(params["id"]);
    });
}

void Dispatcher::onRequest(const std::string& method, RequestHandler handler) {
    m_requests[method] = std::move(handler);
}

void Dispatcher::onWaitingRequest(const std::string& method, WaitingHandler handler) {
    m_waiting[method] = std::move(handler);
}

void Dispatcher::onNotification(const std::string& method, NotificationHandler handler) {
    m_notifications[method] = std::move(handler);
}

std::optional<int> Dispatcher::handle(const Incoming& incoming) {
    if (incoming.kind == Incoming::Kind::NotJson) {
        m_out.error(nullptr, kParseError, "not JSON: " + incoming.error);
    } else if (incoming.kind == Incoming::Kind::TooDeep) {
        m_out.error(nullptr, kInvalidRequest,
                    "the message nests deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    } else if (incoming.kind == Incoming::Kind::Message) {
        const std::optional<Request> request = requestIn(incoming.message);
        if (request && request->method == "exit") return m_shutdown ? 0 : 1;
        if (request && request->id) answer(*request);
        if (request && !request->id) notify(*request);
    }
    m_parked.retry();  // after a message that may have made them answerable, or a wake-up
    return std::nullopt;
}

// The one place an id is read. A message without a method gets InvalidRequest, but a response (an
// id and no method) is dropped: it would answer a request of the server's, and the server sends
// none.
std::optional<Request> Dispatcher::requestIn(const Json& message) {
    const bool object = message.is_object();
    const std::optional<Json> id =
        object && message.contains("id") ? std::optional(message["id"]) : std::nullopt;
    if (object && message.contains("method") && message["method"].is_string())
        return Request{message["method"].get<std::string>(), id,
                       message.contains("params") ? message["params"] : Json::object()};
    if (!id || message.contains("method"))
        m_out.error(id.value_or(nullptr), kInvalidRequest, "a request needs a method");
    return std::nullopt;
}

void Dispatcher::answer(const Request& request) {
    const Json& id = *request.id;
    // Its cancel may have come in while the requests before it were served.
    if (m_in.cancelWaiting(id)) {
        m_out.error(id, kRequestCancelled, "the request was cancelled");
        return;
    }
    const auto waiting = m_waiting.find(request.method);
    if (m_initialized && waiting != m_waiting.end()) {
        m_parked.answerOrPark(request, waiting->second);
        return;
    }
    m_out.answer(id, [&] { return std::optional<Json>(result(request)); });
}

Json Dispatcher::result(const Request& request) {
    if (request.method == "initialize") {
        // A second one could change what the first agreed (the position encoding) mid-session.
        if (m_initialized)
            throw ProtocolError(kInvalidRequest, "the server is initialized already");
        // The gate opens before the params are read: bad ones are answered, and the session goes
        // on.
        m_initialized = true;
    }
    if (!m_initialized)
        throw ProtocolError(kServerNotInitialized, "the server is not initialized yet");
    if (request.method == "shutdown") {
        m_shutdown = true;
        m_parked.supersede({});
        return nullptr;
    }
    const auto handler = m_requests.find(request.method);
    if (handler == m_requests.end())
        throw ProtocolError(kMethodNotFound, "unknown method " + request.method);
    return handler->second(request);
}

void Dispatcher::notify(const Request& notification) {
    if (!m_initialized) return;  // notifications before initialize are dropped
    const auto handler = m_notifications.find(notification.method);
    if (handler == m_notifications.end()) return;  // initialized, $/setTrace and others
    try {
        handler->second(notification.params);
    } catch (const ProtocolError&) {
        // A notification is never answered, not even with an error.
    } catch (const Json::exception&) {
    }
    // An edit, a close or a reopen: what waits for its document answers from what there is now.
    if (const std::string uri = documentUriIn(notification.params); !uri.empty())
        m_parked.supersede(uri);
}

}  // namespace mv::lsp
