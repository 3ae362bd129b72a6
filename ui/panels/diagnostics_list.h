#pragma once
// The list of the script's diagnostics: compile errors and warnings, then what the solver says
// (free degrees of freedom, dead centres, frames that could not be solved). Frames that failed
// are listed by cause: one row per constraint that could not hold, with the frames it failed in
// (from the frames' summaries), and under it the constraints it depends on. Clicking a row jumps
// to its place in the text; clicking a cause selects its constraint's text, marks the constraints
// it depends on and asks for its first failed frame. With nothing to report the list is one line
// that says so, without a header.

#include <QTreeWidget>

#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/script.h"
#include "solver/api/conflict_causes.h"

namespace mv {

class DiagnosticsList : public QTreeWidget {
    Q_OBJECT
public:
    explicit DiagnosticsList(QWidget* parent = nullptr);

    // `script` and `causes` are those the solver's diagnostics are about (null and empty for a
    // compile's diagnostics alone): each cause's frames are shown beside its error.
    void setDiagnostics(const SourceText& source, const std::vector<Diagnostic>& diagnostics,
                        const Script* script = nullptr,
                        const std::vector<ConflictCause>& causes = {});

    bool isEmpty() const { return m_rows.empty(); }
    // One line for the strip and the status bar: "2 errors, 1 warning · 9:3 unknown thing or
    // element 'Crnk'" (the first error, else the first diagnostic), or that there is none.
    const QString& summary() const { return m_summary; }
    bool hasErrors() const { return m_errors > 0; }
    // The height of the one-line summary: a row and the frame.
    int summaryHeight() const;

    enum Column { LocationColumn, SeverityColumn, FramesColumn, MessageColumn };

signals:
    void jumpRequested(SourceRange range);
    // A cause of failure: its constraint's range, those of the constraints it depends on, and
    // the first frame it failed in.
    void causeSelected(SourceRange constraint, std::vector<SourceRange> support, int frame);

private:
    struct Row {
        SourceRange range;
        bool cause = false;
        std::vector<SourceRange> support;  // of a cause: the constraints it depends on
        int frame = -1;                    // of a cause: where it first failed
    };
    QTreeWidgetItem* addRow(QTreeWidgetItem* parent, const SourceText& source,
                            const Diagnostic& diagnostic, Row row);
    void activate(QTreeWidgetItem* item);
    void showSummaryIfEmpty();

    void summarize(const SourceText& source, const std::vector<Diagnostic>& diagnostics);

    std::vector<Row> m_rows;  // by the index each item keeps in its data
    QString m_summary;
    int m_errors = 0;
};

}  // namespace mv
