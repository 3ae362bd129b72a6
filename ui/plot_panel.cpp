#include "ui/plot_panel.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

#include "ui/plot_widget.h"
#include "ui/preview_animation.h"

namespace mv {

PlotPanel::PlotPanel(QWidget* parent)
    : QWidget(parent),
      m_values(new QComboBox(this)),
      m_derivative(new QComboBox(this)),
      m_list(new QListWidget(this)),
      m_plot(new PlotWidget(this)) {
    auto* add = new QPushButton(tr("Add"), this);
    auto* remove = new QPushButton(tr("Remove"), this);
    auto* exportButton = new QPushButton(tr("Export CSV…"), this);
    m_values->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // The solver's exact derivatives (LANGUAGE.md §8): a piston's speed, a pin's acceleration.
    m_derivative->addItems({tr("value"), tr("velocity d/dt"), tr("acceleration d²/dt²")});
    m_list->setMaximumWidth(200);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_values, 1);
    controls->addWidget(m_derivative);
    controls->addWidget(add);
    controls->addWidget(remove);
    controls->addWidget(exportButton);
    auto* body = new QHBoxLayout;
    body->addWidget(m_list);
    body->addWidget(m_plot, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addLayout(body, 1);
    connect(add, &QPushButton::clicked, this, [this] {
        addQuantity(derivativePrefix(m_derivative->currentIndex()) + m_values->currentText());
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int row = m_list->currentRow();
        if (row < 0) return;
        m_chosen.removeAt(row);
        refresh();
    });
    connect(exportButton, &QPushButton::clicked, this, &PlotPanel::exportCsv);
    connect(m_plot, &PlotWidget::frameRequested, this, &PlotPanel::frameRequested);
}

void PlotPanel::showAnimation(const PreviewAnimation& shown) {
    m_shown = &shown;
    if (shown.script) {
        std::vector<PlottedQuantity> available = quantitiesOf(*shown.script);
        if (available != m_available) {
            m_available = std::move(available);
            const QString current = m_values->currentText();
            m_values->clear();
            for (const PlottedQuantity& q : m_available)
                m_values->addItem(quantityName(*shown.script, q));
            m_values->setCurrentText(current);
        }
    }
    refresh();
}

bool PlotPanel::addQuantity(const QString& name) {
    if (m_chosen.contains(name) || !m_shown || !m_shown->script) return false;
    if (!find(name)) return false;
    m_chosen << name;
    refresh();
    return true;
}

std::optional<PlottedQuantity> PlotPanel::find(const QString& name) const {
    for (int derivative = 2; derivative >= 0; --derivative) {
        const QString prefix = derivativePrefix(derivative);
        if (!name.startsWith(prefix)) continue;
        for (PlottedQuantity q : m_available) {
            q.derivative = derivative;
            if (quantityName(*m_shown->script, q) == name) return q;
        }
        return std::nullopt;
    }
    return std::nullopt;
}

void PlotPanel::setPlayhead(int frame) {
    m_plot->setPlayhead(frame);
}

void PlotPanel::refresh() {
    m_list->clear();
    std::vector<double> times;
    std::vector<PlotWidget::Series> series;
    if (!m_shown || !m_shown->script) return m_plot->setData({}, {});
    const Script& script = *m_shown->script;
    for (const FrameSolution& frame : m_shown->frames) times.push_back(frame.time);
    for (const QString& name : m_chosen) {
        auto* item = new QListWidgetItem(name, m_list);
        if (const auto q = find(name)) {
            item->setForeground(PlotWidget::colorOf(static_cast<int>(series.size())));
            series.push_back({name, quantitySeries(script, m_shown->frames, *q)});
        }
    }
    m_plot->setData(std::move(times), std::move(series));
}

QString PlotPanel::csv() const {
    if (!m_shown || !m_shown->script) return {};
    std::vector<PlottedQuantity> chosen;
    for (const QString& name : m_chosen)
        if (const auto q = find(name)) chosen.push_back(*q);
    return quantitiesCsv(*m_shown->script, m_shown->frames, chosen);
}

void PlotPanel::exportCsv() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export plotted values"),
                                                      "values.csv", "CSV (*.csv)");
    if (path.isEmpty()) return;
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(csv().toUtf8()) >= 0 && file.commit()) return;
    QMessageBox::warning(this, tr("Export CSV"),
                         tr("Cannot write %1: %2").arg(path, file.errorString()));
}

}  // namespace mv
