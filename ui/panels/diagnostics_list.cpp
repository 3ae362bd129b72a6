#include "ui/panels/diagnostics_list.h"

#include <QHeaderView>

#include <map>

#include "core/model/frame_range.h"

namespace mv {

namespace {

constexpr int kRowRole = Qt::UserRole + 1;

QColor severityColor(Severity severity) {
    switch (severity) {
        case Severity::Error:
            return {200, 30, 30};
        case Severity::Warning:
            return {190, 110, 0};
        case Severity::Note:
            break;
    }
    return {90, 90, 90};
}

// "frames 12–40" when it failed in every frame of its span, else "29 frames in 12–80".
QString framesText(const ConflictCause& cause) {
    if (cause.count == cause.frames.count()) return QString::fromStdString(describe(cause.frames));
    return QStringLiteral("%1 frames in %2\u2013%3")
        .arg(cause.count)
        .arg(cause.frames.first)
        .arg(cause.frames.last);
}

// The constraint a conflict note belongs to: its last id (the notes are about {support, cause}).
ConstraintId causeOfNote(const Diagnostic& note) {
    return note.constraints.empty() ? ConstraintId{} : note.constraints.back();
}

QString noProblems() {
    return QObject::tr("No problems: the script compiles and solves.");
}

}  // namespace

DiagnosticsList::DiagnosticsList(QWidget* parent) : QTreeWidget(parent) {
    setColumnCount(4);
    setHeaderLabels({tr("Line"), tr("Severity"), tr("Frames"), tr("Message")});
    setUniformRowHeights(true);
    header()->setSectionResizeMode(LocationColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(SeverityColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(FramesColumn, QHeaderView::ResizeToContents);
    header()->setStretchLastSection(true);
    // A single click acts: it is what a user expects from a list of problems.
    connect(this, &QTreeWidget::itemClicked, this, &DiagnosticsList::activate);
    m_summary = noProblems();
    showSummaryIfEmpty();
}

void DiagnosticsList::setDiagnostics(const SourceText& source,
                                     const std::vector<Diagnostic>& diagnostics,
                                     const Script* script,
                                     const std::vector<ConflictCause>& causes) {
    clear();
    m_rows.clear();
    std::map<ConstraintId, const ConflictCause*> failed;
    for (const ConflictCause& cause : causes) failed[cause.constraint] = &cause;
    std::map<ConstraintId, QTreeWidgetItem*> items;
    for (const Diagnostic& d : diagnostics) {
        const bool isCause = d.kind == DiagnosticKind::Conflict && script && !d.constraints.empty();
        if (d.kind == DiagnosticKind::ConflictNote && items.count(causeOfNote(d))) {
            addRow(items[causeOfNote(d)], source, d, Row{d.range, false, {}, -1});
            continue;
        }
        if (!isCause) {
            addRow(nullptr, source, d, Row{d.range, false, {}, -1});
            continue;
        }
        const ConstraintId id = d.constraints.front();
        Row row{d.range, true, {}, -1};
        for (size_t i = 1; i < d.constraints.size(); ++i)
            row.support.push_back(script->constraints[d.constraints[i]].range);
        const auto where = failed.find(id);
        if (where != failed.end()) row.frame = where->second->frames.first;
        QTreeWidgetItem* item = addRow(nullptr, source, d, std::move(row));
        if (where != failed.end()) item->setText(FramesColumn, framesText(*where->second));
        items[id] = item;
    }
    summarize(source, diagnostics);
    showSummaryIfEmpty();
}

void DiagnosticsList::summarize(const SourceText& source,
                                const std::vector<Diagnostic>& diagnostics) {
    int counts[3] = {};  // by Severity
    const Diagnostic* first = nullptr;
    for (const Diagnostic& d : diagnostics) {
        if (d.kind == DiagnosticKind::ConflictNote) continue;  // part of its conflict
        ++counts[static_cast<int>(d.severity)];
        if (!first || (d.severity == Severity::Error && first->severity != Severity::Error))
            first = &d;
    }
    m_errors = counts[static_cast<int>(Severity::Error)];
    if (!first) {
        m_summary = noProblems();
        return;
    }
    QStringList counted;
    const auto count = [&](Severity severity, const QString& one, const QString& many) {
        const int n = counts[static_cast<int>(severity)];
        if (n) counted << QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
    };
    count(Severity::Error, tr("error"), tr("errors"));
    count(Severity::Warning, tr("warning"), tr("warnings"));
    count(Severity::Note, tr("note"), tr("notes"));
    const LineColumn at = source.location(first->range.begin);
    m_summary = QStringLiteral("%1 · %2:%3 %4")
                    .arg(counted.join(QStringLiteral(", ")))
                    .arg(at.line)
                    .arg(at.column)
                    .arg(QString::fromStdString(first->message));
}

void DiagnosticsList::showSummaryIfEmpty() {
    setHeaderHidden(m_rows.empty());
    if (!m_rows.empty()) return;
    auto* item = new QTreeWidgetItem(this, {noProblems()});
    item->setFlags(Qt::ItemIsEnabled);  // not selectable: there is nothing to go to
    item->setFirstColumnSpanned(true);
    item->setForeground(0, severityColor(Severity::Note));
}

int DiagnosticsList::summaryHeight() const {
    return fontMetrics().height() + 6 + 2 * frameWidth();  // a row's padding, as the style draws it
}

QTreeWidgetItem* DiagnosticsList::addRow(QTreeWidgetItem* parent, const SourceText& source,
                                         const Diagnostic& diagnostic, Row row) {
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(this);
    const LineColumn at = source.location(diagnostic.range.begin);
    item->setText(LocationColumn, QStringLiteral("%1:%2").arg(at.line).arg(at.column));
    item->setText(SeverityColumn, QString::fromUtf8(severityName(diagnostic.severity)));
    item->setText(MessageColumn, QString::fromStdString(diagnostic.message));
    item->setToolTip(MessageColumn, item->text(MessageColumn));
    item->setForeground(SeverityColumn, severityColor(diagnostic.severity));
    item->setData(LocationColumn, kRowRole, static_cast<int>(m_rows.size()));
    if (row.cause)
        item->setToolTip(FramesColumn,
                         tr("Click to select the constraint and go to its first failed frame"));
    m_rows.push_back(std::move(row));
    return item;
}

void DiagnosticsList::activate(QTreeWidgetItem* item) {
    const QVariant index = item ? item->data(LocationColumn, kRowRole) : QVariant();
    if (!index.isValid() || index.toInt() >= static_cast<int>(m_rows.size())) return;
    const Row& row = m_rows[static_cast<size_t>(index.toInt())];
    if (row.cause)
        emit causeSelected(row.range, row.support, row.frame);
    else
        emit jumpRequested(row.range);
}

}  // namespace mv
