#include "ui/panels/plot_panel.h"

#include <QComboBox>
#include <QCompleter>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QVBoxLayout>

#include "ui/panels/plot_widget.h"
#include "ui/preview/preview_animation.h"

namespace mv {

namespace {
constexpr int kPickerRows = 12;    // values the picker's list shows at once
constexpr int kPickerWidth = 230;  // the column of picker, buttons and chosen values
}  // namespace

PlotPanel::PlotPanel(QWidget* parent)
    : QWidget(parent),
      m_values(new QComboBox(this)),
      m_derivative(new QComboBox(this)),
      m_list(new QListWidget(this)),
      m_plot(new PlotWidget(this)),
      m_splitter(new QSplitter(Qt::Horizontal, this)) {
    auto* add = new QPushButton(tr("Add"), this);
    auto* remove = new QPushButton(tr("Remove"), this);
    auto* exportButton = new QPushButton(tr("Export CSV…"), this);
    // The picker is a short list that filters as you type, as wide as the column it sits in.
    m_values->setEditable(true);
    m_values->setInsertPolicy(QComboBox::NoInsert);
    m_values->setMaxVisibleItems(kPickerRows);
    m_values->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_values->setMinimumContentsLength(12);
    m_values->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_values->completer()->setFilterMode(Qt::MatchContains);
    m_values->lineEdit()->setPlaceholderText(tr("value to plot"));
    m_values->setToolTip(tr("Type part of a name (e.g. Crank.Q) to narrow the list"));
    auto* buttons = new QHBoxLayout;
    // The solver's exact derivatives (docs/reference.md#mechanics): a piston's speed, a pin's
    // acceleration.
    m_derivative->addItems({tr("value"), tr("velocity d/dt"), tr("acceleration d²/dt²")});
    buttons->addWidget(m_derivative);
    buttons->addWidget(add);
    buttons->addWidget(remove);
    auto* column = new QWidget(this);
    auto* controls = new QVBoxLayout(column);
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(m_values);
    controls->addLayout(buttons);
    controls->addWidget(m_list, 1);
    controls->addWidget(exportButton);
    // The plot takes the panel's whole height; the splitter and the dock's edge resize it.
    m_splitter->addWidget(column);
    m_splitter->addWidget(m_plot);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({kPickerWidth, 600});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_splitter);
    auto addChosen = [this] {
        addQuantity(derivativePrefix(m_derivative->currentIndex()) + m_values->currentText());
    };
    connect(add, &QPushButton::clicked, this, addChosen);
    connect(m_values->lineEdit(), &QLineEdit::returnPressed, this, addChosen);
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
    if (shown.script != m_script.script) {
        m_script = PlottedScript(shown.script);
        if (m_script.script) offer(quantitiesOf(m_script));
    }
    refresh();
}

// The picker lists the quantities by name; it is refilled only when a name changed, so that what
// is typed in it survives an edit that renames nothing.
void PlotPanel::offer(std::vector<PlottedQuantity> available) {
    m_available = std::move(available);
    QStringList names;
    for (const PlottedQuantity& q : m_available) names << quantityName(m_script, q);
    if (names == m_availableNames) return;
    m_availableNames = std::move(names);
    const QString current = m_values->currentText();
    m_values->clear();
    m_values->addItems(m_availableNames);
    m_values->setCurrentText(current);
}

bool PlotPanel::addQuantity(const QString& name) {
    if (m_chosen.contains(name) || !m_script.script) return false;
    if (!find(name)) return false;
    m_chosen << name;
    refresh();
    return true;
}

// A name is a quantity's, after the prefix of a rate if that quantity has rates.
std::optional<PlottedQuantity> PlotPanel::find(const QString& name) const {
    for (int derivative = 2; derivative >= 0; --derivative) {
        const QString prefix = derivativePrefix(derivative);
        if (!name.startsWith(prefix)) continue;
        const qsizetype at = m_availableNames.indexOf(name.mid(prefix.size()));
        if (at < 0) return std::nullopt;
        PlottedQuantity q = m_available[size_t(at)];
        if (derivative > 0 && !hasRates(q)) return std::nullopt;
        q.derivative = derivative;
        return q;
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
    if (!m_shown || !m_script.script) return m_plot->setData({}, {});
    for (const FrameSolution& frame : m_shown->solved()) times.push_back(frame.time);
    for (const QString& name : m_chosen) {
        auto* item = new QListWidgetItem(name, m_list);
        if (const auto q = find(name)) {
            item->setForeground(PlotWidget::colorOf(static_cast<int>(series.size())));
            const QuantityReading reading = quantityReading(m_script, *q);
            std::vector<double> values = quantitySeries(m_script, m_shown->solved(), *q);
            for (double& v : values) v *= reading.scale;  // radians plotted in degrees
            series.push_back({name, std::move(values), reading});
        }
    }
    m_plot->setData(std::move(times), std::move(series));
}

QString PlotPanel::csv() const {
    if (!m_shown || !m_script.script) return {};
    std::vector<PlottedQuantity> chosen;
    for (const QString& name : m_chosen)
        if (const auto q = find(name)) chosen.push_back(*q);
    return quantitiesCsv(m_script, m_shown->solved(), chosen);
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
