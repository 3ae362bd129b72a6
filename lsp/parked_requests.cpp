#include "lsp/parked_requests.h"

#include <algorithm>

namespace mv::lsp {

void ParkedRequests::answerOrPark(Request request, Attempt attempt) {
    Parked parked{std::move(request), std::move(attempt)};
    if (!tryAnswer(parked)) m_parked.push_back(std::move(parked));
}

void ParkedRequests::retry() {
    std::erase_if(m_parked, [this](Parked& parked) { return tryAnswer(parked); });
}

void ParkedRequests::supersede(const std::string& uri) {
    for (Parked& parked : m_parked)
        if (uri.empty() || documentUriIn(parked.request.params) == uri) parked.superseded = true;
    retry();
}

bool ParkedRequests::cancel(const Json& id) {
    const auto found = std::find_if(m_parked.begin(), m_parked.end(),
                                    [&](const Parked& parked) { return *parked.request.id == id; });
    if (found == m_parked.end()) return false;
    m_out.error(id, kRequestCancelled, "the request was cancelled");
    m_parked.erase(found);
    return true;
}

bool ParkedRequests::tryAnswer(Parked& parked) {
    return m_out.answer(*parked.request.id,
                        [&] { return parked.attempt(parked.request, parked.superseded); });
}

}  // namespace mv::lsp
