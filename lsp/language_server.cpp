#include "lsp/language_server.h"

#include <iostream>

#include "lsp/background_solves.h"
#include "lsp/client_settings.h"
#include "lsp/dispatcher.h"
#include "lsp/document_requests.h"
#include "lsp/document_store.h"
#include "lsp/document_sync.h"
#include "lsp/incoming_messages.h"
#include "lsp/outgoing_messages.h"

namespace mv::lsp {

namespace {

// Which handler serves which method; the dispatcher answers the rest (shutdown, exit, cancels).
void route(Dispatcher& dispatcher, ClientSettings& settings, DocumentSync& sync,
           DocumentRequests& requests) {
    dispatcher.onRequest("initialize",
                         [&](const Request& r) { return settings.initialize(r.params); });
    dispatcher.onWaitingRequest("textDocument/hover", [&](const Request& r, bool superseded) {
        return requests.hover(r, superseded);
    });
    dispatcher.onRequest("textDocument/completion",
                         [&](const Request& r) { return requests.completion(r.params); });
    dispatcher.onRequest("textDocument/definition",
                         [&](const Request& r) { return requests.definition(r.params); });
    dispatcher.onRequest("textDocument/documentSymbol",
                         [&](const Request& r) { return requests.symbols(r.params); });
    dispatcher.onRequest("textDocument/semanticTokens/full",
                         [&](const Request& r) { return requests.tokens(r.params); });
    dispatcher.onRequest("textDocument/formatting",
                         [&](const Request& r) { return requests.formatting(r.params); });
    dispatcher.onRequest("textDocument/references",
                         [&](const Request& r) { return requests.references(r.params); });
    dispatcher.onRequest("textDocument/documentHighlight",
                         [&](const Request& r) { return requests.highlights(r.params); });
    dispatcher.onRequest("textDocument/prepareRename",
                         [&](const Request& r) { return requests.prepareRename(r.params); });
    dispatcher.onRequest("textDocument/rename",
                         [&](const Request& r) { return requests.rename(r.params); });
    dispatcher.onRequest("textDocument/codeAction",
                         [&](const Request& r) { return requests.codeActions(r.params); });
    dispatcher.onRequest("textDocument/signatureHelp",
                         [&](const Request& r) { return requests.signatureHelp(r.params); });
    dispatcher.onRequest("textDocument/inlayHint",
                         [&](const Request& r) { return requests.inlayHints(r.params); });
    dispatcher.onRequest("textDocument/foldingRange",
                         [&](const Request& r) { return requests.foldingRanges(r.params); });
    dispatcher.onNotification("textDocument/didOpen",
                              [&](const Json& params) { sync.didOpen(params); });
    dispatcher.onNotification("textDocument/didChange",
                              [&](const Json& params) { sync.didChange(params); });
    dispatcher.onNotification("textDocument/didClose",
                              [&](const Json& params) { sync.didClose(params); });
    dispatcher.onNotification("initialized", [&](const Json&) { sync.watchImages(); });
    dispatcher.onNotification("workspace/didChangeWatchedFiles",
                              [&](const Json&) { sync.didChangeWatchedFiles(); });
}

}  // namespace

int runLanguageServer(std::istream& in, std::ostream& out, std::ostream& log,
                      ImageResolverFactory images) {
    // std::cin flushes std::cout before each read; here the worker may be writing to it then.
    in.tie(nullptr);
    // In the order they use one another: the solve worker (in `solves`) stops before what it
    // writes into goes.
    IncomingMessages incoming(in);
    OutgoingMessages outgoing(out);
    ClientSettings settings;
    DocumentStore documents;
    BackgroundSolves solves(documents, outgoing, settings, incoming);
    DocumentSync sync(documents, solves, outgoing, settings, std::move(images));
    DocumentRequests requests(documents, settings);
    Dispatcher dispatcher(incoming, outgoing);
    route(dispatcher, settings, sync, requests);
    for (;;) {
        const Incoming next = incoming.take();
        if (next.kind == Incoming::Kind::End) return 1;  // no `exit`: the client is gone
        if (next.kind == Incoming::Kind::Broken) {
            log << "movimentum lsp: bad header at byte " << next.broken.byte << ": "
                << next.broken.reason << "\n";
            return 2;
        }
        if (const auto code = dispatcher.handle(next)) return *code;
    }
}

}  // namespace mv::lsp
