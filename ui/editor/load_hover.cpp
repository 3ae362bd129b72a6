#include "ui/editor/load_hover.h"

#include <QTextDocument>

#include "core/model/script.h"
#include "ui/panels/frame_loads.h"

namespace mv {

QString describeLoadAt(const QTextDocument& document, int position, const FrameLoads& loads) {
    const Script* script = loads.script();
    if (!script || !script->source || script->masses.empty()) return {};
    const QString text = document.toPlainText();
    if (script->source->text() != text.toStdString()) return {};
    const auto byte = uint32_t(text.left(position).toUtf8().size());
    for (ConstraintId id{0}; id < ConstraintId(uint32_t(script->constraints.size())); ++id) {
        const SourceRange range = script->constraints[id].range;
        if (range.begin <= byte && byte <= range.end) return loads.describe(id);
    }
    return {};
}

}  // namespace mv
