#pragma once
// The solves run on the worker's thread (solve_worker.h); what they finish comes back here. The
// animation goes into its document only while that version is still the newest, the diagnostics
// are published again with the solve's own added, and the main thread is woken, so that a hover
// parked for the values answers.

#include <memory>

#include "lsp/client_settings.h"
#include "lsp/document_store.h"
#include "lsp/incoming_messages.h"
#include "lsp/outgoing_messages.h"
#include "lsp/solve_worker.h"

namespace mv::lsp {

class BackgroundSolves {
public:
    BackgroundSolves(DocumentStore& documents, OutgoingMessages& out,
                     const ClientSettings& settings, IncomingMessages& incoming);

    // Solves `document`'s version, which compiled; a solve of an older one stops.
    void solve(const Document& document);

private:
    void onSolved(const SolveWorker::Job& job, std::shared_ptr<const Animation> animation);

    DocumentStore& m_documents;
    OutgoingMessages& m_out;
    const ClientSettings& m_settings;
    IncomingMessages& m_incoming;
    SolveWorker m_worker;  // last: its thread stops before the rest goes
};

}  // namespace mv::lsp
