#include "lsp/client_settings.h"

#include "core/version.h"
#include "lsp/document.h"
#include "lsp/semantic_tokens.h"

namespace mv::lsp {

namespace {

Json offeredEncodings(const Json& params) {
    if (!params.contains("capabilities")) return Json::array();
    return params["capabilities"]
        .value("general", Json::object())
        .value("positionEncodings", Json::array());
}

bool hasWorkspaceFolder(const Json& params) {
    return params.contains("workspaceFolders") && params["workspaceFolders"].is_array() &&
           !params["workspaceFolders"].empty();
}

}  // namespace

Json ClientSettings::initialize(const Json& params) {
    for (const Json& offered : offeredEncodings(params))
        if (offered == "utf-8") m_encoding = PositionEncoding::Utf8;
    // folderOfUri takes a file's URI: one inside the folder gives the folder itself.
    const Json watch = params.value("capabilities", Json::object())
                           .value("workspace", Json::object())
                           .value("didChangeWatchedFiles", Json::object());
    m_watchesFiles = watch.is_object() && watch.value("dynamicRegistration", false);
    if (hasWorkspaceFolder(params))
        m_workspace = folderOfUri(params["workspaceFolders"][0].value("uri", "") + "/x");
    return {{"capabilities",
             {{"positionEncoding", m_encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
              {"textDocumentSync", {{"openClose", true}, {"change", 2}}},  // incremental
              {"completionProvider", {{"triggerCharacters", {"."}}}},
              {"hoverProvider", true},
              {"definitionProvider", true},
              {"documentSymbolProvider", true},
              {"semanticTokensProvider", {{"legend", semanticTokensLegend()}, {"full", true}}},
              {"documentFormattingProvider", true},
              {"referencesProvider", true},
              {"documentHighlightProvider", true},
              {"renameProvider", {{"prepareProvider", true}}},
              {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
              {"signatureHelpProvider", {{"triggerCharacters", {"(", ","}}}},
              {"foldingRangeProvider", true},
              {"inlayHintProvider", true}}},
            {"serverInfo", {{"name", "movimentum"}, {"version", std::string(kVersion)}}}};
}

}  // namespace mv::lsp
