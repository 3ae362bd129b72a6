#pragma once
// The questions the editor asks the user, as replaceable functions: the main window calls these
// instead of QMessageBox/QFileDialog directly, so tests answer them without a modal dialog.

#include <QString>

#include <functional>

class QWidget;

namespace mv {

struct UserPrompts {
    enum class Unsaved { Save, Discard, Cancel };

    // The document `name` has unsaved changes: save them, discard them or cancel the action?
    std::function<Unsaved(const QString& name)> unsavedChanges;
    // An autosave backup of `name` from an earlier session exists: restore it?
    std::function<bool(const QString& name)> restoreBackup;
    // A script to open (empty: cancelled), starting in `folder`.
    std::function<QString(const QString& folder)> openPath;
    // Where to save (empty: cancelled), suggesting `path`.
    std::function<QString(const QString& path)> savePath;
    // A yes-or-no question about the file (reload it? overwrite it?); true for yes.
    std::function<bool(const QString& title, const QString& question)> confirm;
    // Something went wrong; tell the user.
    std::function<void(const QString& title, const QString& message)> error;

    // The real dialogs, parented to `parent`.
    static UserPrompts dialogs(QWidget* parent);
    // `given`, with the questions it does not answer itself asked by the real dialogs.
    static UserPrompts withDialogs(UserPrompts given, QWidget* parent);
};

}  // namespace mv
