#pragma once
// What `initialize` agreed with the client, read by every handler that converts positions and by
// the documents that have no folder of their own. The answer to `initialize` is the server's side
// of the agreement: the capabilities it offers.

#include <string>

#include "lsp/protocol.h"

namespace mv::lsp {

class ClientSettings {
public:
    // Takes what the client offers; the capabilities the server answers with.
    Json initialize(const Json& params);

    // UTF-8 when the client offers it, else LSP's default UTF-16.
    PositionEncoding encoding() const { return m_encoding; }
    // Where an untitled document's images are looked for: the first workspace folder.
    const std::string& workspace() const { return m_workspace; }
    // Whether the client lets the server ask it to watch files (workspace/didChangeWatchedFiles).
    bool watchesFiles() const { return m_watchesFiles; }

private:
    PositionEncoding m_encoding = PositionEncoding::Utf16;
    std::string m_workspace;
    bool m_watchesFiles = false;
};

}  // namespace mv::lsp
