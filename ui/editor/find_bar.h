#pragma once
// The find-and-replace bar above the script: it finds as you type, Enter and Shift+Enter (F3,
// Shift+F3) go to the next and previous match, with match case and whole word; Replace changes
// the match that is selected and moves on, Replace All changes every match as one undo step.
// Searching wraps around the end of the text, so Next finds a match whenever there is one.

#include <QTextDocument>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QToolButton;

namespace mv {

class FindBar : public QWidget {
    Q_OBJECT
public:
    // `editor` is borrowed and must outlive the bar.
    explicit FindBar(QPlainTextEdit* editor, QWidget* parent = nullptr);

    // Shows the bar with the find field focused, seeded with the selected text.
    void openFind();
    // The same with the replace row.
    void openReplace();

    bool findNext();
    bool findPrevious();
    // Replaces the selected match (if the selection is one) and selects the next match.
    bool replaceCurrent();
    int replaceAll();  // the number of matches replaced

    QLineEdit* findField() const { return m_find; }
    QLineEdit* replaceField() const { return m_replace; }
    QCheckBox* matchCase() const { return m_matchCase; }
    QCheckBox* wholeWord() const { return m_wholeWord; }
    QString status() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void open(bool withReplace);
    void dismiss();  // hides the bar, the text gets the focus back
    bool find(bool backwards, int from);
    QTextDocument::FindFlags flags(bool backwards = false) const;
    bool selectionIsMatch() const;
    void showResult(bool found, const QString& message = {});

    QPlainTextEdit* m_editor;  // borrowed
    QLineEdit* m_find;
    QLineEdit* m_replace;
    QWidget* m_replaceRow;
    QCheckBox* m_matchCase;
    QCheckBox* m_wholeWord;
    QLabel* m_status;
};

}  // namespace mv
