#include "lsp/language_server.h"

#include <atomic>
#include <iostream>
#include <map>
#include <mutex>
#include <set>

#include "core/text/script_format.h"
#include "core/text/utf8.h"
#include "core/version.h"
#include "lsp/completion.h"
#include "lsp/diagnostics_json.h"
#include "lsp/hover.h"
#include "lsp/incoming_messages.h"
#include "lsp/navigation.h"
#include "lsp/protocol.h"
#include "lsp/semantic_tokens.h"
#include "lsp/solve_worker.h"

namespace mv::lsp {

namespace {

class Server {
public:
    Server(std::ostream& out, IncomingMessages& incoming, ImageResolverFactory images)
        : m_out(out),
          m_incoming(incoming),
          m_images(std::move(images)),
          m_worker([this](const SolveWorker::Job& job, std::shared_ptr<const Animation> animation) {
              onSolved(job, std::move(animation));
          }) {}

    // One message; an exit code when the server is to stop.
    std::optional<int> handle(const Incoming& incoming) {
        if (incoming.kind == Incoming::Kind::NotJson) {
            sendError(nullptr, kParseError, "not JSON: " + incoming.error);
            return std::nullopt;
        }
        const Json& message = incoming.message;
        if (!message.is_object() || !message.contains("method") || !message["method"].is_string()) {
            if (message.is_object() && message.contains("id") && !message.contains("method"))
                return std::nullopt;  // a response to a request of ours: none are sent
            sendError(message.is_object() && message.contains("id") ? message["id"] : Json(),
                      kInvalidRequest, "a request needs a method");
            return std::nullopt;
        }
        const std::string method = message["method"];
        m_id = message.contains("id") ? message["id"] : Json();
        const bool request = message.contains("id");
        const Json id = request ? message["id"] : Json();
        const Json params = message.contains("params") ? message["params"] : Json::object();
        if (method == "exit") return m_shutdown ? 0 : 1;
        try {
            if (request && m_cancelled.erase(id.dump())) {
                sendError(id, kRequestCancelled, "the request was cancelled");
            } else if (request) {
                sendResult(id, answer(method, params));
            } else {
                notify(method, params);
            }
        } catch (const ProtocolError& e) {
            if (request) sendError(id, e.code, e.what());
        } catch (const Json::exception& e) {
            if (request) sendError(id, kInvalidParams, std::string("params: ") + e.what());
        }
        return std::nullopt;
    }

private:
    Json answer(const std::string& method, const Json& params) {
        if (method == "initialize") return initialize(params);
        if (!m_initialized)
            throw ProtocolError(kServerNotInitialized, "the server is not initialized yet");
        if (method == "shutdown") {
            m_shutdown = true;
            return nullptr;
        }
        if (method == "textDocument/hover") return hover(params);
        if (method == "textDocument/completion") return completion(params);
        if (method == "textDocument/definition") return definition(params);
        if (method == "textDocument/documentSymbol") return symbols(params);
        if (method == "textDocument/semanticTokens/full") return tokens(params);
        if (method == "textDocument/formatting") return formatting(params);
        throw ProtocolError(kMethodNotFound, "unknown method " + method);
    }

    void notify(const std::string& method, const Json& params) {
        if (!m_initialized) return;  // notifications before initialize are dropped
        if (method == "textDocument/didOpen") {
            const Json& item = objectField(params, "textDocument");
            open(stringField(params, "textDocument.uri"), stringField(params, "textDocument.text"),
                 item.value("version", 0));
        } else if (method == "textDocument/didChange") {
            change(params);
        } else if (method == "$/cancelRequest") {
            // Requests are answered in order, so only one not yet read can still be cancelled.
            if (params.contains("id")) m_cancelled.insert(params["id"].dump());
        } else if (method == "textDocument/didClose") {
            const std::lock_guard lock(m_mutex);
            m_documents.erase(stringField(params, "textDocument.uri"));
        }
        // initialized, $/setTrace and others: nothing to do.
    }

    Json initialize(const Json& params) {
        m_initialized = true;
        const Json encodings = params.contains("capabilities")
                                   ? params["capabilities"]
                                         .value("general", Json::object())
                                         .value("positionEncodings", Json::array())
                                   : Json::array();
        for (const Json& e : encodings)
            if (e == "utf-8") m_encoding = PositionEncoding::Utf8;
        if (params.contains("workspaceFolders") && params["workspaceFolders"].is_array() &&
            !params["workspaceFolders"].empty())
            m_workspace = folderOfUri(params["workspaceFolders"][0].value("uri", "") + "/x");
        return {{"capabilities",
                 {{"positionEncoding", m_encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
                  {"textDocumentSync", 1},  // full
                  {"completionProvider", {{"triggerCharacters", {"."}}}},
                  {"hoverProvider", true},
                  {"definitionProvider", true},
                  {"documentSymbolProvider", true},
                  {"semanticTokensProvider", {{"legend", semanticTokensLegend()}, {"full", true}}},
                  {"documentFormattingProvider", true}}},
                {"serverInfo", {{"name", "movimentum"}, {"version", std::string(kVersion)}}}};
    }

    void open(const std::string& uri, std::string text, int version) {
        const std::lock_guard lock(m_mutex);
        Document& document = m_documents[uri];
        document.uri = uri;
        document.folder = pathOfUri(uri).empty() ? m_workspace : folderOfUri(uri);
        updateLocked(document, std::move(text), version);
    }

    void change(const Json& params) {
        const std::string uri = stringField(params, "textDocument.uri");
        const Json& changes = params.at("contentChanges");
        if (!changes.is_array() || changes.empty() || !changes.back().contains("text"))
            throw ProtocolError(kInvalidParams, "params.contentChanges: expected the full text");
        const std::lock_guard lock(m_mutex);
        const auto found = m_documents.find(uri);
        if (found == m_documents.end()) return;
        updateLocked(
            found->second, changes.back()["text"].get<std::string>(),
            objectField(params, "textDocument").value("version", found->second.version + 1));
    }

    // Compiles, publishes the compile's diagnostics, and hands the solve to the worker.
    void updateLocked(Document& document, std::string text, int version) {
        document.update(std::move(text), version, m_images);
        publish(publishDiagnosticsParams(document.uri, version, *document.source,
                                         document.compileDiagnostics, m_encoding));
        if (document.compiledIsCurrent()) m_worker.solve({document.uri, version, document.script});
    }

    void onSolved(const SolveWorker::Job& job, std::shared_ptr<const Animation> animation) {
        {
            const std::lock_guard lock(m_mutex);
            const auto found = m_documents.find(job.uri);
            if (found == m_documents.end() || found->second.version != job.version) return;
            Document& document = found->second;
            document.animation = animation;
            std::vector<Diagnostic> all = document.compileDiagnostics;
            all.insert(all.end(), animation->diagnostics.begin(), animation->diagnostics.end());
            publish(publishDiagnosticsParams(document.uri, job.version, *document.source, all,
                                             m_encoding));
        }
        ++m_solves;
        m_incoming.wake();  // a hover may be waiting for this solve
    }

    // The document named by params.textDocument.uri, or an InvalidParams error.
    const Document& documentOf(const Json& params) {
        const std::string uri = stringField(params, "textDocument.uri");
        const auto found = m_documents.find(uri);
        if (found == m_documents.end())
            throw ProtocolError(kInvalidParams, "params.textDocument.uri: not an open document");
        return found->second;
    }

    // A hover on the newest version waits for its solve, unless a newer version, a cancel of
    // this request or the end of the input comes first: then its values are "not solved yet".
    Json hover(const Json& params) {
        const Position position = positionField(params);
        const std::string uri = stringField(params, "textDocument.uri");
        const Json id = m_id;
        m_stopWaiting = false;
        for (;;) {
            const int solves = m_solves;
            {
                const std::lock_guard lock(m_mutex);
                const Document& document = documentOf(params);
                const bool waiting = document.compiledIsCurrent() && !document.animation;
                if (!waiting || m_stopWaiting) {
                    const auto text = hoverText(document, position, m_encoding);
                    if (!text) return nullptr;
                    return {{"contents", {{"kind", "markdown"}, {"value", validUtf8(*text)}}}};
                }
            }
            m_stopWaiting =
                m_incoming.waitFor([&] { return m_solves != solves; },
                                   [&](const Json& next) { return supersedes(next, uri, id); });
        }
    }

    // Whether `next` ends a wait for `uri`'s solve in request `id`.
    static bool supersedes(const Json& next, const std::string& uri, const Json& id) {
        if (!next.is_object() || !next.contains("method") || !next["method"].is_string())
            return false;
        const std::string method = next["method"];
        const Json params = next.value("params", Json::object());
        if (method == "$/cancelRequest") return params.value("id", Json()) == id;
        if (method == "exit" || method == "shutdown") return true;
        const bool edits = method == "textDocument/didChange" || method == "textDocument/didClose";
        return edits && params.value("textDocument", Json::object()).value("uri", "") == uri;
    }

    Json completion(const Json& params) {
        const Position position = positionField(params);
        const std::lock_guard lock(m_mutex);
        return completionItems(documentOf(params), position, m_encoding);
    }

    Json definition(const Json& params) {
        const Position position = positionField(params);
        const std::lock_guard lock(m_mutex);
        const Document& document = documentOf(params);
        if (const auto image = imageFileAt(document, position, m_encoding))
            return {{"uri", "file://" + *image},
                    {"range",
                     {{"start", {{"line", 0}, {"character", 0}}},
                      {"end", {{"line", 0}, {"character", 0}}}}}};
        const auto range = definitionAt(document, position, m_encoding);
        if (!range) return nullptr;
        const ClientPositions positions(document.source->text(), m_encoding);
        return {{"uri", document.uri}, {"range", rangeJson(positions, *range)}};
    }

    Json symbols(const Json& params) {
        const std::lock_guard lock(m_mutex);
        return documentSymbols(documentOf(params), m_encoding);
    }

    Json tokens(const Json& params) {
        const std::lock_guard lock(m_mutex);
        return {{"data", semanticTokens(documentOf(params), m_encoding)}};
    }

    Json formatting(const Json& params) {
        const std::lock_guard lock(m_mutex);
        const Document& document = documentOf(params);
        const std::optional<std::string> formatted = formatScript(*document.source);
        if (!formatted || *formatted == document.source->text()) return Json::array();
        const ClientPositions positions(document.source->text(), m_encoding);
        const SourceRange all{0, static_cast<uint32_t>(document.source->text().size())};
        return Json::array({{{"range", rangeJson(positions, all)}, {"newText", *formatted}}});
    }

    void sendResult(const Json& id, const Json& result) {
        send({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
    }
    void sendError(const Json& id, int code, const std::string& message) {
        send({{"jsonrpc", "2.0"},
              {"id", id},
              {"error", {{"code", code}, {"message", validUtf8(message)}}}});
    }
    void publish(const Json& params) {
        send({{"jsonrpc", "2.0"},
              {"method", "textDocument/publishDiagnostics"},
              {"params", params}});
    }
    // From the main thread and the worker's: one frame at a time.
    void send(const Json& message) {
        const std::string body = message.dump(-1, ' ', false, Json::error_handler_t::replace);
        const std::lock_guard lock(m_outMutex);
        writeMessage(m_out, body);
    }

    std::ostream& m_out;
    std::mutex m_outMutex;
    IncomingMessages& m_incoming;
    Json m_id;                     // of the request being answered
    std::atomic<int> m_solves{0};  // solves finished, to wake a waiting hover
    bool m_stopWaiting = false;    // a newer message came: answer without waiting
    ImageResolverFactory m_images;
    std::mutex m_mutex;  // the documents: the worker publishes its solves into them
    std::map<std::string, Document> m_documents;
    PositionEncoding m_encoding = PositionEncoding::Utf16;
    std::string m_workspace;  // where an untitled document's images are looked for
    bool m_initialized = false;
    bool m_shutdown = false;
    std::set<std::string> m_cancelled;  // ids (as JSON) cancelled before they were read
    SolveWorker m_worker;               // last: its thread stops before the rest goes
};

}  // namespace

int runLanguageServer(std::istream& in, std::ostream& out, std::ostream& log,
                      ImageResolverFactory images) {
    // std::cin flushes std::cout before each read; here the worker may be writing to it then.
    in.tie(nullptr);
    IncomingMessages incoming(in);
    Server server(out, incoming, std::move(images));
    for (;;) {
        const Incoming next = incoming.take();
        if (next.kind == Incoming::Kind::End) return 1;  // no `exit`: the client is gone
        if (next.kind == Incoming::Kind::Broken) {
            log << "movimentum lsp: bad header at byte " << next.broken.byte << ": "
                << next.broken.reason << "\n";
            return 2;
        }
        if (const auto code = server.handle(next)) return *code;
    }
}

}  // namespace mv::lsp
