#pragma once
// The Diagnostics panel's one line: the count and the first message ("2 errors · 9:3 unknown
// thing or element 'Crnk'"), or that there is nothing to report. It is one line whatever the
// message, cut with an ellipsis where the panel is narrower (the whole text is its tooltip), so
// the panel never grows with what it says. A click on it opens or closes the list below.

#include <QLabel>

namespace mv {

class DiagnosticsStrip : public QLabel {
    Q_OBJECT
public:
    explicit DiagnosticsStrip(QWidget* parent = nullptr);

    void setSummary(const QString& text, bool problems);
    const QString& summary() const { return m_summary; }

signals:
    void clicked();

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void elide();

    QString m_summary;
};

}  // namespace mv
