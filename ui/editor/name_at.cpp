#include "ui/editor/name_at.h"

#include "core/editing/name_path.h"

namespace mv {

QStringList namePathAt(const QString& line, int column) {
    if (column < 0 || column > line.size()) return {};
    const std::string bytes = line.toStdString();
    const size_t at = static_cast<size_t>(line.left(column).toUtf8().size());
    QStringList path;
    for (const std::string& part : namePathAt(bytes, at)) path << QString::fromStdString(part);
    return path;
}

}  // namespace mv
