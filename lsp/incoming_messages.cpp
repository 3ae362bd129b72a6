#include "lsp/incoming_messages.h"

#include <thread>

#include "lsp/json_precheck.h"

namespace mv::lsp {

namespace {

Incoming parsed(std::variant<std::string, EndOfInput, FramingError> next) {
    Incoming incoming;
    if (std::holds_alternative<EndOfInput>(next)) return incoming;
    if (auto* broken = std::get_if<FramingError>(&next)) {
        incoming.kind = Incoming::Kind::Broken;
        incoming.broken = std::move(*broken);
        return incoming;
    }
    const std::string& body = std::get<std::string>(next);
    if (jsonDepth(body) > kMaxJsonDepth) {
        incoming.kind = Incoming::Kind::TooDeep;
        return incoming;
    }
    try {
        incoming.message = Json::parse(withoutLoneSurrogates(body));
        incoming.kind = Incoming::Kind::Message;
    } catch (const Json::exception& e) {
        incoming.kind = Incoming::Kind::NotJson;
        incoming.error = e.what();
    }
    return incoming;
}

}  // namespace

IncomingMessages::IncomingMessages(std::istream& in) : m_shared(std::make_shared<Shared>()) {
    std::thread([shared = m_shared, &in] {
        MessageReader reader(in);
        for (;;) {
            Incoming incoming = parsed(reader.next());
            const bool last =
                incoming.kind == Incoming::Kind::End || incoming.kind == Incoming::Kind::Broken;
            {
                const std::lock_guard lock(shared->mutex);
                shared->queue.push_back(std::move(incoming));
            }
            shared->ready.notify_all();
            if (last) return;
        }
    }).detach();
}

Incoming IncomingMessages::take() {
    std::unique_lock lock(m_shared->mutex);
    m_shared->ready.wait(lock, [this] { return !m_shared->queue.empty() || m_shared->woken; });
    if (m_shared->queue.empty()) {
        m_shared->woken = false;
        Incoming wake;
        wake.kind = Incoming::Kind::Wake;
        return wake;
    }
    Incoming next = std::move(m_shared->queue.front());
    m_shared->queue.pop_front();
    return next;
}

void IncomingMessages::wake() {
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->woken = true;
    }
    m_shared->ready.notify_all();
}

bool IncomingMessages::cancelWaiting(const Json& id) const {
    const std::lock_guard lock(m_shared->mutex);
    for (const Incoming& incoming : m_shared->queue) {
        const Json& message = incoming.message;
        if (incoming.kind != Incoming::Kind::Message || !message.is_object() ||
            message.value("method", Json()) != "$/cancelRequest")
            continue;
        const Json params = message.value("params", Json());
        if (params.is_object() && params.value("id", Json()) == id) return true;
    }
    return false;
}

}  // namespace mv::lsp
