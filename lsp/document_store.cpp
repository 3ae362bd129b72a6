#include "lsp/document_store.h"

#include "lsp/protocol.h"

namespace mv::lsp {

void DocumentStore::close(const std::string& uri) {
    const std::lock_guard lock(m_mutex);
    m_documents.erase(uri);
}

const Document& DocumentStore::openDocument(const std::string& uri) const {
    const auto found = m_documents.find(uri);
    if (found == m_documents.end())
        throw ProtocolError(kInvalidParams, "params.textDocument.uri: not an open document");
    return found->second;
}

}  // namespace mv::lsp
