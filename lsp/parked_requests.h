#pragma once
// The requests that wait for something the server is still doing (a hover for the values of a
// version still being solved), parked so that no other request waits behind them: clangd's rule
// that a request never waits on work it does not need. Each is tried again after every message
// and every finished solve; an edit or close of its document, or `shutdown`, supersedes it, and it
// then answers with what there is; a `$/cancelRequest` of it answers RequestCancelled (-32800).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lsp/outgoing_messages.h"
#include "lsp/request.h"

namespace mv::lsp {

class ParkedRequests {
public:
    // The answer to `request`, or nothing while it must wait; once `superseded` it must answer.
    using Attempt = std::function<std::optional<Json>(const Request& request, bool superseded)>;

    explicit ParkedRequests(OutgoingMessages& out) : m_out(out) {}

    // Answers `request` now if `attempt` can, else parks it.
    void answerOrPark(Request request, Attempt attempt);
    // Answers those that can be answered now.
    void retry();
    // Requests on the document `uri` (all of them for an empty uri) must answer now.
    void supersede(const std::string& uri);
    // Answers the parked request `id` with RequestCancelled; false if none is parked.
    bool cancel(const Json& id);

private:
    struct Parked {
        Request request;
        Attempt attempt;
        bool superseded = false;
    };
    // Tries `parked`; true once it is answered.
    bool tryAnswer(Parked& parked);

    OutgoingMessages& m_out;
    std::vector<Parked> m_parked;  // in the order they came
};

}  // namespace mv::lsp
