#include "lsp/dispatcher.h"

namespace mv::lsp {

Dispatcher::Dispatcher(OutgoingMessages& out) : m_out(out) {
    // Requests are answered in order, so only one not yet read can still be cancelled.
    onNotification("$/cancelRequest", [this](const Json& params) {
        if (params.contains("id")) m_cancelled.insert(params["id"].dump());
    });
}

void Dispatcher::onRequest(const std::string& method, RequestHandler handler) {
    m_requests[method] = std::move(handler);
}

void Dispatcher::onNotification(const std::string& method, NotificationHandler handler) {
    m_notifications[method] = std::move(handler);
}

std::optional<int> Dispatcher::handle(const Incoming& incoming) {
    if (incoming.kind == Incoming::Kind::NotJson) {
        m_out.error(nullptr, kParseError, "not JSON: " + incoming.error);
        return std::nullopt;
    }
    const std::optional<Request> request = requestIn(incoming.message);
    if (!request) return std::nullopt;
    if (request->method == "exit") return m_shutdown ? 0 : 1;
    if (request->id)
        answer(*request);
    else
        notify(*request);
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
    try {
        if (m_cancelled.erase(id.dump()))
            m_out.error(id, kRequestCancelled, "the request was cancelled");
        else
            m_out.result(id, result(request));
    } catch (const ProtocolError& e) {
        m_out.error(id, e.code, e.what());
    } catch (const Json::exception& e) {
        m_out.error(id, kInvalidParams, std::string("params: ") + e.what());
    }
}

Json Dispatcher::result(const Request& request) {
    // The gate opens before the params are read: bad ones are answered, and the session goes on.
    if (request.method == "initialize") m_initialized = true;
    if (!m_initialized)
        throw ProtocolError(kServerNotInitialized, "the server is not initialized yet");
    if (request.method == "shutdown") {
        m_shutdown = true;
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
}

}  // namespace mv::lsp
