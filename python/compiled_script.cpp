#include "compiled_script.h"

#include <QString>

#include <filesystem>

#include "core/compile.h"
#include "core/model/frame_plan.h"
#include "ui/files/script_file.h"
#include "ui/scene/image_files.h"
#include "ui/scene/image_library.h"

namespace mv::python {

namespace fs = std::filesystem;

namespace {

std::string checkOutput(const SourceText& source, const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const Diagnostic& diagnostic : diagnostics) {
        if (!text.empty()) text += '\n';
        text += formatDiagnostic(source, diagnostic);
    }
    return text;
}

std::shared_ptr<const CompiledScript> compile(std::string name, std::string text,
                                              const fs::path& folder) {
    auto compiled = std::make_shared<CompiledScript>();
    compiled->source = std::make_shared<const SourceText>(std::move(name), std::move(text));
    compiled->images = std::make_shared<ImageLibrary>();
    CompileResult result = compileScript(
        compiled->source, ImageFiles(*compiled->images, QString::fromStdString(folder.string())));
    bool errors = !result.script;
    for (const Diagnostic& d : result.diagnostics) errors = errors || d.severity == Severity::Error;
    if (errors) throw ScriptFailure(compiled->source, std::move(result.diagnostics));
    compiled->script = std::move(result.script);
    compiled->diagnostics = std::move(result.diagnostics);
    compiled->frameCount = static_cast<int>(planFrames(*compiled->script).frames.size());
    if (!compiled->script->masses.empty()) compiled->forces = forceEntries(*compiled->script);
    return compiled;
}

}  // namespace

ScriptFailure::ScriptFailure(std::shared_ptr<const SourceText> source,
                             std::vector<Diagnostic> diagnostics)
    : std::runtime_error(checkOutput(*source, diagnostics)),
      m_source(std::move(source)),
      m_diagnostics(std::move(diagnostics)) {}

std::shared_ptr<const CompiledScript> compileScriptFile(const std::string& path) {
    std::error_code error;
    if (!fs::exists(path, error)) throw FileProblem("no such file", path, true);
    QString problem;
    const auto bytes = readScriptBytes(QString::fromStdString(path), &problem);
    if (!bytes) throw FileProblem(problem.toStdString(), path, false);
    // The folder `check` resolves the script's images against.
    const fs::path folder = fs::absolute(path, error).parent_path();
    return compile(path, bytes->toStdString(), folder);
}

std::shared_ptr<const CompiledScript> compileScriptText(std::string text,
                                                        const std::string& baseDir) {
    std::error_code error;
    fs::path folder = fs::absolute(baseDir.empty() ? "." : baseDir, error).lexically_normal();
    if (!folder.has_filename() && folder.has_parent_path()) folder = folder.parent_path();
    return compile("<string>", std::move(text), folder);
}

}  // namespace mv::python
