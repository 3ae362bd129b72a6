#pragma once
// Everything the server writes goes through here. Standard output carries protocol frames only,
// and both the main thread (answers) and the solve worker's (diagnostics) write to it, so a frame
// is written whole before the next begins.

#include <functional>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

class OutgoingMessages {
public:
    explicit OutgoingMessages(std::ostream& out) : m_out(out) {}

    void result(const Json& id, const Json& result);
    void error(const Json& id, int code, const std::string& message);
    // Answers request `id` with what `compute` returns or the error it throws (a ProtocolError's
    // code, InvalidParams for a JSON error in the params); nothing while it returns nothing. True
    // once answered.
    bool answer(const Json& id, const std::function<std::optional<Json>()>& compute);
    // A request of the server's own (its answer is read and dropped).
    void request(const Json& id, const std::string& method, const Json& params);
    // textDocument/publishDiagnostics for the document's newest version.
    void publishDiagnostics(const Document& document, const std::vector<Diagnostic>& diagnostics,
                            PositionEncoding encoding);

private:
    void send(const Json& message);

    std::ostream& m_out;
    std::mutex m_mutex;
};

}  // namespace mv::lsp
