#pragma once
// The Qt application object of the headless commands and of the Python module. `render` and
// Animation.image() draw through QGraphicsScene, and `check`, `solve` and compiling decode the
// script's images through Qt (an SVG needs fonts, hence a GUI application). They use Qt's offscreen
// platform, so they run on servers, in CI and in a notebook kernel, never opening a window.

#include <QApplication>

namespace mv {

class HeadlessApplication {
public:
    HeadlessApplication();
    ~HeadlessApplication();
    HeadlessApplication(const HeadlessApplication&) = delete;
    HeadlessApplication& operator=(const HeadlessApplication&) = delete;

private:
    int m_argc = 1;
    char m_name[11] = "movimentum";
    char* m_argv[2] = {m_name, nullptr};
    QApplication m_application;
};

}  // namespace mv
