#pragma once
// A request or a notification from the client, as its handler gets it. The dispatcher reads the
// id from the message, once, and hands it on here: it answers with it, and hover watches for a
// cancellation of its own request by it.

#include <optional>
#include <string>

#include "lsp/protocol.h"

namespace mv::lsp {

struct Request {
    std::string method;
    std::optional<Json> id;  // none: a notification, which is never answered
    Json params;             // an empty object when the message has none
};

}  // namespace mv::lsp
