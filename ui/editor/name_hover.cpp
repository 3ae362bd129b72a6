#include "ui/editor/name_hover.h"

#include <QTextBlock>
#include <QTextDocument>

#include "core/model/script.h"
#include "ui/editor/name_at.h"
#include "ui/panels/frame_values.h"

namespace mv {

namespace {

QString parameter(const Script* script, const QStringList& path) {
    if (!script || path.size() < 2) return {};
    const int e = script->elementIndex(path[0].toStdString());
    if (e < 0) return {};
    const Element& element = script->elements[e];
    const int p = element.parameterIndex(path[1].toStdString());
    if (p < 0) return {};
    return QObject::tr("%1.%2 = %3 (parameter)")
        .arg(path[0], path[1])
        .arg(element.parameters[p].value);
}

}  // namespace

QString describeNameAt(const QTextDocument& document, int position, const FrameValues& values,
                       const Script* script) {
    const QTextBlock block = document.findBlock(position);
    if (!block.isValid()) return {};
    const QStringList path = namePathAt(block.text(), position - block.position());
    if (path.isEmpty()) return {};
    if (QString p = parameter(script, path); !p.isEmpty()) return p;
    const auto [name, value] = values.longestOf(path);
    if (value.isEmpty()) return {};
    return name + " = " + value;
}

}  // namespace mv
