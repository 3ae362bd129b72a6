#include "ui/editor/name_hover.h"

#include <QTextBlock>
#include <QTextDocument>
#include <QTreeWidget>

#include "core/script.h"
#include "ui/editor/name_at.h"

namespace mv {

namespace {

QTreeWidgetItem* childNamed(QTreeWidgetItem* parent, const QString& name) {
    for (int i = 0; i < parent->childCount(); ++i)
        if (parent->child(i)->text(0) == name) return parent->child(i);
    return nullptr;
}

// The panel's row for the longest leading part of `path` it has, and how many parts that is.
std::pair<QTreeWidgetItem*, int> rowFor(const QTreeWidget& values, const QStringList& path) {
    for (int g = 0; g < values.topLevelItemCount(); ++g) {
        QTreeWidgetItem* row = childNamed(values.topLevelItem(g), path.front());
        if (!row) continue;
        int used = 1;
        for (; used < path.size(); ++used) {
            QTreeWidgetItem* child = childNamed(row, path[used]);
            if (!child) break;
            row = child;
        }
        return {row, used};
    }
    return {nullptr, 0};
}

// A row without a value of its own (an element) shows its children's.
QString rowValue(const QTreeWidgetItem* row) {
    if (!row->text(1).isEmpty()) return row->text(1);
    QStringList parts;
    for (int i = 0; i < row->childCount(); ++i)
        parts << row->child(i)->text(0) + " = " + row->child(i)->text(1);
    return parts.join(QStringLiteral(", "));
}

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

QString describeNameAt(const QTextDocument& document, int position, const QTreeWidget& values,
                       const Script* script) {
    const QTextBlock block = document.findBlock(position);
    if (!block.isValid()) return {};
    const QStringList path = namePathAt(block.text(), position - block.position());
    if (path.isEmpty()) return {};
    if (QString p = parameter(script, path); !p.isEmpty()) return p;
    const auto [row, used] = rowFor(values, path);
    if (!row) return {};
    const QString value = rowValue(row);
    if (value.isEmpty()) return {};
    return path.mid(0, used).join('.') + " = " + value;
}

}  // namespace mv
