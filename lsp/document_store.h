#pragma once
// The open documents under one lock: the main thread edits and reads them while the solve
// worker's thread stores its animations into them. Each access is one call given what to do
// under the lock, so no handler takes the lock or looks a document up itself.

#include <map>
#include <mutex>
#include <string>

#include "lsp/document.h"

namespace mv::lsp {

class DocumentStore {
public:
    // `fn(document)` on `uri`'s document, a new one unless it is open already.
    template <class Fn>
    void open(const std::string& uri, Fn&& fn) {
        const std::lock_guard lock(m_mutex);
        fn(m_documents[uri]);
    }
    // `fn(document)` if `uri` is open; an edit or a solve of a closed document comes to nothing.
    template <class Fn>
    void edit(const std::string& uri, Fn&& fn) {
        const std::lock_guard lock(m_mutex);
        const auto found = m_documents.find(uri);
        if (found != m_documents.end()) fn(found->second);
    }
    void close(const std::string& uri);
    // `fn(document)` on every open document.
    template <class Fn>
    void editAll(Fn&& fn) {
        const std::lock_guard lock(m_mutex);
        for (auto& [uri, document] : m_documents) fn(document);
    }

    // What `fn(document)` returns. Only requests read, each naming params.textDocument.uri, so a
    // document not open is the client's error, thrown as InvalidParams.
    template <class Fn>
    auto read(const std::string& uri, Fn&& fn) const {
        const std::lock_guard lock(m_mutex);
        return fn(openDocument(uri));
    }

private:
    const Document& openDocument(const std::string& uri) const;

    mutable std::mutex m_mutex;
    std::map<std::string, Document> m_documents;
};

}  // namespace mv::lsp
