#include "lsp/background_solves.h"

namespace mv::lsp {

BackgroundSolves::BackgroundSolves(DocumentStore& documents, OutgoingMessages& out,
                                   const ClientSettings& settings, IncomingMessages& incoming)
    : m_documents(documents),
      m_out(out),
      m_settings(settings),
      m_incoming(incoming),
      m_worker([this](const SolveWorker::Job& job, std::shared_ptr<const Animation> animation) {
          onSolved(job, std::move(animation));
      }) {}

void BackgroundSolves::solve(const Document& document) {
    m_worker.solve({document.uri, document.version, document.script});
}

void BackgroundSolves::onSolved(const SolveWorker::Job& job,
                                std::shared_ptr<const Animation> animation) {
    bool current = false;
    m_documents.edit(job.uri, [&](Document& document) {
        current = document.version == job.version;
        if (!current) return;  // edited since: the newer version's solve is on its way
        document.animation = animation;
        std::vector<Diagnostic> all = document.compileDiagnostics;
        all.insert(all.end(), animation->diagnostics.begin(), animation->diagnostics.end());
        m_out.publishDiagnostics(document, all, m_settings.encoding());
    });
    if (current) m_incoming.wake();  // a hover may be parked for this solve
}

}  // namespace mv::lsp
