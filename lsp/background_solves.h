#pragma once
// The solves run on the worker's thread (solve_worker.h); what they finish comes back here. The
// animation goes into its document only while that version is still the newest, the diagnostics
// are published again with the solve's own added, and a hover waiting for the values is woken.
// Solves are counted, so that a waiter tells one it has not seen yet from those it has.

#include <atomic>
#include <functional>
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

    // How many solves have gone into their documents so far.
    int finished() const { return m_finished; }
    // Waits until more than `seen` have, or a message not taken yet satisfies `supersedes` (the
    // end of the input always does); true in that case.
    bool waitAfter(int seen, const std::function<bool(const Json&)>& supersedes);

private:
    void onSolved(const SolveWorker::Job& job, std::shared_ptr<const Animation> animation);

    DocumentStore& m_documents;
    OutgoingMessages& m_out;
    const ClientSettings& m_settings;
    IncomingMessages& m_incoming;
    std::atomic<int> m_finished{0};
    SolveWorker m_worker;  // last: its thread stops before the rest goes
};

}  // namespace mv::lsp
