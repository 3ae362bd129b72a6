#include "lsp/protocol.h"

#include <sstream>

namespace mv::lsp {

namespace {

// The member at a dotted path, or an InvalidParams error naming it.
const Json& at(const Json& params, const std::string& path) {
    const Json* node = &params;
    std::istringstream parts(path);
    std::string part;
    while (std::getline(parts, part, '.')) {
        if (!node->is_object() || !node->contains(part))
            throw ProtocolError(kInvalidParams, "params." + path + ": missing");
        node = &(*node)[part];
    }
    return *node;
}

uint32_t index(const Json& params, const std::string& path) {
    const Json& value = at(params, path);
    if (!value.is_number_integer() || value.get<long long>() < 0 ||
        value.get<long long>() > 0xFFFFFFFFLL)
        throw ProtocolError(kInvalidParams, "params." + path + ": expected an integer \u2265 0");
    return static_cast<uint32_t>(value.get<long long>());
}

}  // namespace

std::string stringField(const Json& params, const char* path) {
    const Json& value = at(params, path);
    if (!value.is_string())
        throw ProtocolError(kInvalidParams, std::string("params.") + path + ": expected a string");
    return value.get<std::string>();
}

const Json& objectField(const Json& params, const char* path) {
    const Json& value = at(params, path);
    if (!value.is_object())
        throw ProtocolError(kInvalidParams, std::string("params.") + path + ": expected an object");
    return value;
}

std::string documentUriIn(const Json& params) {
    const Json document = params.is_object() ? params.value("textDocument", Json()) : Json();
    const Json uri = document.is_object() ? document.value("uri", Json()) : Json();
    return uri.is_string() ? uri.get<std::string>() : std::string();
}

Position positionField(const Json& params, const std::string& path) {
    return {index(params, path + ".line"), index(params, path + ".character")};
}

Json rangeJson(const ClientPositions& positions, SourceRange range) {
    const Position begin = positions.position(range.begin), end = positions.position(range.end);
    return {{"start", {{"line", begin.line}, {"character", begin.character}}},
            {"end", {{"line", end.line}, {"character", end.character}}}};
}

}  // namespace mv::lsp
