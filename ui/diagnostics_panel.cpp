#include "ui/diagnostics_panel.h"

#include <QHeaderView>

namespace mv {

DiagnosticsPanel::DiagnosticsPanel(QWidget* parent) : QTreeWidget(parent) {
    setColumnCount(3);
    setHeaderLabels({tr("Line"), tr("Severity"), tr("Message")});
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    header()->setStretchLastSection(true);
    // A single click jumps: it is what a user expects from a list of problems.
    connect(this, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
        const int row = indexOfTopLevelItem(item);
        if (row >= 0 && row < static_cast<int>(m_ranges.size())) emit jumpRequested(m_ranges[row]);
    });
}

void DiagnosticsPanel::setDiagnostics(const SourceText& source,
                                      const std::vector<Diagnostic>& diagnostics) {
    clear();
    m_ranges.clear();
    for (const Diagnostic& d : diagnostics) {
        const LineColumn at = source.location(d.range.begin);
        auto* item = new QTreeWidgetItem(this);
        item->setText(0, QStringLiteral("%1:%2").arg(at.line).arg(at.column));
        item->setText(1, QString::fromUtf8(severityName(d.severity)));
        item->setText(2, QString::fromStdString(d.message));
        item->setToolTip(2, item->text(2));
        const QColor color = d.severity == Severity::Error     ? QColor(200, 30, 30)
                             : d.severity == Severity::Warning ? QColor(190, 110, 0)
                                                               : QColor(90, 90, 90);
        item->setForeground(1, color);
        m_ranges.push_back(d.range);
    }
}

}  // namespace mv
