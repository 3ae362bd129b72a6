#pragma once
// A script compiled for the Python module (mv.load, mv.compile): the source, the analysed model,
// the images it decoded (kept, so Animation.image() and save() draw the very same pixels), the
// names of its constraints' loads and the compile's warnings. Compiling is what `movimentum check`
// does, with the same messages: a script with errors does not become a CompiledScript, it throws
// ScriptFailure carrying check's lines.

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/script.h"
#include "core/text/source_text.h"
#include "solver/api/force_entries.h"

namespace mv {

class ImageLibrary;

namespace python {

struct CompiledScript {
    std::shared_ptr<const SourceText> source;
    std::shared_ptr<const Script> script;
    std::shared_ptr<ImageLibrary> images;  // shared with every Animation solved from it
    std::vector<Diagnostic> diagnostics;   // warnings and notes: errors throw ScriptFailure
    int frameCount = 0;                    // of the timeline (FramePlan)
    // The names its constraints' loads go by (force_entries.h); none without masses.
    std::vector<ForceEntry> forces;
};

// A script with errors. what() is the text `movimentum check` prints for it, one diagnostic a
// line, without the last line break.
class ScriptFailure : public std::runtime_error {
public:
    ScriptFailure(std::shared_ptr<const SourceText> source, std::vector<Diagnostic> diagnostics);

    const SourceText& source() const { return *m_source; }
    const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }

private:
    std::shared_ptr<const SourceText> m_source;
    std::vector<Diagnostic> m_diagnostics;
};

// A script file that cannot be read: missing (notFound), a folder, too large, unreadable.
class FileProblem : public std::runtime_error {
public:
    FileProblem(std::string message, std::string path, bool notFound)
        : std::runtime_error(std::move(message)), path(std::move(path)), notFound(notFound) {}
    const std::string path;
    const bool notFound;
};

// Reads and compiles the script at `path` as `movimentum check` does: diagnostics name the path as
// given, images are resolved against the file's folder. Throws FileProblem or ScriptFailure.
// Needs a Qt application (qt_application.h): images are decoded through Qt.
std::shared_ptr<const CompiledScript> compileScriptFile(const std::string& path);

// Compiles `text`, named "<string>" in diagnostics, its images resolved against `baseDir`.
std::shared_ptr<const CompiledScript> compileScriptText(std::string text,
                                                        const std::string& baseDir);

}  // namespace python
}  // namespace mv
