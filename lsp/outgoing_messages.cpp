#include "lsp/outgoing_messages.h"

#include "core/text/utf8.h"
#include "lsp/diagnostics_json.h"
#include "lsp/message_framing.h"

namespace mv::lsp {

void OutgoingMessages::result(const Json& id, const Json& result) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
}

void OutgoingMessages::error(const Json& id, int code, const std::string& message) {
    send({{"jsonrpc", "2.0"},
          {"id", id},
          {"error", {{"code", code}, {"message", validUtf8(message)}}}});
}

void OutgoingMessages::request(const Json& id, const std::string& method, const Json& params) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
}

bool OutgoingMessages::answer(const Json& id, const std::function<std::optional<Json>()>& compute) {
    try {
        const std::optional<Json> answer = compute();
        if (!answer) return false;
        result(id, *answer);
    } catch (const ProtocolError& e) {
        error(id, e.code, e.what());
    } catch (const Json::exception& e) {
        error(id, kInvalidParams, std::string("params: ") + e.what());
    }
    return true;
}

void OutgoingMessages::publishDiagnostics(const Document& document,
                                          const std::vector<Diagnostic>& diagnostics,
                                          PositionEncoding encoding) {
    send({{"jsonrpc", "2.0"},
          {"method", "textDocument/publishDiagnostics"},
          {"params", publishDiagnosticsParams(document.uri, document.version, *document.source,
                                              diagnostics, encoding)}});
}

void OutgoingMessages::send(const Json& message) {
    // A text that is not UTF-8 must not make the answer unwritable.
    const std::string body = message.dump(-1, ' ', false, Json::error_handler_t::replace);
    const std::lock_guard lock(m_mutex);
    writeMessage(m_out, body);
}

}  // namespace mv::lsp
