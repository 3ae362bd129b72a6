#include "notebook_bundle.h"

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

#include <string>

#include "notebook_html.h"
#include "solved_animation.h"

namespace py = pybind11;

namespace mv::python {

namespace {

bool listed(const py::object& types, const char* type) {
    return !types.is_none() && types.contains(py::str(type));
}

// What IPython asked for: every type the bundle makes by default unless excluded; `onlyByName`
// types only when included by name.
bool wanted(const char* type, const py::object& include, const py::object& exclude,
            bool onlyByName = false) {
    if (listed(exclude, type)) return false;
    if (include.is_none()) return !onlyByName;
    return listed(include, type);
}

py::str base64(const QByteArray& bytes) {
    return py::str(bytes.toBase64().toStdString());
}

// The selection as `render --format gif` writes it, through a file of a folder of its own.
QByteArray gifOf(const SolvedAnimation& animation) {
    const QTemporaryDir folder;
    if (!folder.isValid()) throw py::value_error("cannot create a temporary folder for the GIF");
    SaveRequest request;
    request.path = folder.filePath(QStringLiteral("animation.gif")).toStdString();
    request.format = "gif";
    animation.save(request);
    QFile file(QString::fromStdString(request.path));
    if (!file.open(QIODevice::ReadOnly)) throw py::value_error("the GIF could not be read back");
    return file.readAll();
}

}  // namespace

py::dict notebookBundle(SolvedAnimation& animation, const py::object& include,
                        const py::object& exclude) {
    py::dict bundle;
    if (wanted("text/html", include, exclude)) {
        const Config& config = animation.compiled()->script->config;
        bundle["text/html"] = notebookFrame(animation.htmlPage(), config.width, config.height);
    }
    const std::vector<int>& frames = animation.selection();
    if (frames.empty()) return bundle;  // the solve ended before the first frame asked for
    if (wanted("image/png", include, exclude))
        bundle["image/png"] = base64(animation.png(frames.front(), 1.0));
    if (wanted("image/gif", include, exclude, true)) bundle["image/gif"] = base64(gifOf(animation));
    return bundle;
}

}  // namespace mv::python
