#pragma once
// What the handlers share: JSON (nlohmann), the JSON-RPC error codes, and reading a request's
// params with messages that name the field (`params.position.line: expected an integer ≥ 0`).

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

#include "lsp/client_positions.h"

namespace mv::lsp {

using Json = nlohmann::json;

enum ErrorCode : int {
    kParseError = -32700,
    kInvalidRequest = -32600,
    kMethodNotFound = -32601,
    kInvalidParams = -32602,
    kInternalError = -32603,
    kServerNotInitialized = -32002,
    kRequestCancelled = -32800,
};

// Thrown by a handler: the reply is this error, and the server goes on.
struct ProtocolError : std::runtime_error {
    ProtocolError(int code, const std::string& message) : std::runtime_error(message), code(code) {}
    int code;
};

// params.<path>, which must be a string / an object.
std::string stringField(const Json& params, const char* path);
const Json& objectField(const Json& params, const char* path);
// params.textDocument.uri when it is there, else empty; for what only looks.
std::string documentUriIn(const Json& params);
// params.position (or params.<path>) as a Position.
Position positionField(const Json& params, const std::string& path = "position");

// A range of byte offsets as an LSP range.
Json rangeJson(const ClientPositions& positions, SourceRange range);

}  // namespace mv::lsp
