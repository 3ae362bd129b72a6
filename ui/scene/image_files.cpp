#include "ui/scene/image_files.h"

#include <QDir>
#include <QFileInfo>

#include "ui/scene/image_library.h"

namespace mv {

ImageFiles::ImageFiles(ImageLibrary& images, QString folder)
    : m_images(images), m_folder(std::move(folder)) {}

ImageCheck ImageFiles::check(const std::string& file) const {
    const QString written = QString::fromStdString(file);
    const QString path = QDir::cleanPath(QFileInfo(written).isAbsolute() || m_folder.isEmpty()
                                             ? written
                                             : QDir(m_folder).filePath(written));
    ImageCheck check;
    check.path = path.toStdString();
    const QFileInfo info(path);
    if (written.isEmpty() || !info.isFile()) return check;  // Missing
    const LoadedImage loaded = m_images.load(path);
    if (!loaded.size.isValid()) {
        check.status = ImageCheck::Status::Unreadable;
        check.problem = loaded.problem.toStdString();
        return check;
    }
    check.status = ImageCheck::Status::Found;
    check.warning = loaded.warning.toStdString();
    return check;
}

}  // namespace mv
