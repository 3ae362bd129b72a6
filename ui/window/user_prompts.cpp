#include "ui/window/user_prompts.h"

#include <QFileDialog>
#include <QMessageBox>

namespace mv {

namespace {
const char* const kFilter = "Movimentum scripts (*.movimentum);;All files (*)";
}

UserPrompts UserPrompts::dialogs(QWidget* parent) {
    UserPrompts p;
    p.unsavedChanges = [parent](const QString& name) {
        const auto answer = QMessageBox::question(
            parent, QObject::tr("Unsaved changes"),
            QObject::tr("%1 has unsaved changes. Save them?").arg(name),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Save) return Unsaved::Save;
        if (answer == QMessageBox::Discard) return Unsaved::Discard;
        return Unsaved::Cancel;
    };
    p.restoreBackup = [parent](const QString& name) {
        return QMessageBox::question(
                   parent, QObject::tr("Restore backup"),
                   QObject::tr("The editor closed with unsaved changes to %1. Restore them?")
                       .arg(name),
                   QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
    };
    p.openPath = [parent](const QString& folder) {
        return QFileDialog::getOpenFileName(parent, QObject::tr("Open script"), folder, kFilter);
    };
    p.savePath = [parent](const QString& path) {
        return QFileDialog::getSaveFileName(parent, QObject::tr("Save script"), path, kFilter);
    };
    p.confirm = [parent](const QString& title, const QString& question) {
        return QMessageBox::question(parent, title, question, QMessageBox::Yes | QMessageBox::No,
                                     QMessageBox::No) == QMessageBox::Yes;
    };
    p.error = [parent](const QString& title, const QString& message) {
        QMessageBox::warning(parent, title, message);
    };
    return p;
}

UserPrompts UserPrompts::withDialogs(UserPrompts given, QWidget* parent) {
    const UserPrompts dialogs = UserPrompts::dialogs(parent);
    if (!given.unsavedChanges) given.unsavedChanges = dialogs.unsavedChanges;
    if (!given.restoreBackup) given.restoreBackup = dialogs.restoreBackup;
    if (!given.openPath) given.openPath = dialogs.openPath;
    if (!given.savePath) given.savePath = dialogs.savePath;
    if (!given.confirm) given.confirm = dialogs.confirm;
    if (!given.error) given.error = dialogs.error;
    return given;
}

}  // namespace mv
