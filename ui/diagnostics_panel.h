#pragma once
// The list of the script's diagnostics (compile errors and warnings, then what the solver says:
// free degrees of freedom, failed frames). Activating one asks to jump to its source range.

#include <QTreeWidget>

#include <vector>

#include "core/diagnostic.h"

namespace mv {

class DiagnosticsPanel : public QTreeWidget {
    Q_OBJECT
public:
    explicit DiagnosticsPanel(QWidget* parent = nullptr);

    void setDiagnostics(const SourceText& source, const std::vector<Diagnostic>& diagnostics);

signals:
    void jumpRequested(SourceRange range);

private:
    std::vector<SourceRange> m_ranges;  // by row
};

}  // namespace mv
