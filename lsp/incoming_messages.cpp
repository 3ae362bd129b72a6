#include "lsp/incoming_messages.h"

#include <thread>

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
    try {
        incoming.message = Json::parse(std::get<std::string>(next));
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
    m_shared->ready.wait(lock, [this] { return !m_shared->queue.empty(); });
    Incoming next = std::move(m_shared->queue.front());
    m_shared->queue.pop_front();
    return next;
}

bool IncomingMessages::waitFor(const std::function<bool()>& done,
                               const std::function<bool(const Json&)>& supersedes) {
    std::unique_lock lock(m_shared->mutex);
    bool superseded = false;
    m_shared->ready.wait(lock, [&] {
        for (const Incoming& incoming : m_shared->queue) {
            const bool ends =
                incoming.kind == Incoming::Kind::End || incoming.kind == Incoming::Kind::Broken;
            if (ends || (incoming.kind == Incoming::Kind::Message && supersedes(incoming.message)))
                return superseded = true;
        }
        return done();
    });
    return superseded;
}

void IncomingMessages::wake() {
    {
        const std::lock_guard lock(m_shared->mutex);
    }  // a waiter is either waiting or not yet looking
    m_shared->ready.notify_all();
}

}  // namespace mv::lsp
