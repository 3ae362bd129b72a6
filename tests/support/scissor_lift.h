#pragma once
// A scissor lift of `cells` cells as a script, for the solver's tests and benchmarks: in each
// cell, bars A and B of 100 cross at their middles M; A runs from the cell's lower left E to its
// upper right F, B from lower right to upper left, and each cell stands on the one below. The base
// is `width` wide (an expression, it may read t). Each cell could fold up or down; `A.F.y > A.E.y`
// asks for up, one inequality per cell, and the bars are defined flat, so that the definition
// poses do not decide. Each cell is then `sqrt(100² - width²)` high.

#include <string>

namespace mv::test {

inline std::string scissorLift(int cells, const std::string& width, int seconds = 1) {
    std::string text = ".config(25, 640, 360);\n";
    for (int i = 0; i < cells; ++i) {
        const std::string n = std::to_string(i);
        text += "A" + n + " : .bar E = [0,0] M = [50,0] F = [100,0];\n";
        text += "B" + n + " : .bar E = [0,0] M = [50,0] F = [100,0];\n";
    }
    text += "@0 A0.E = [100,50]; B0.E = [100 + " + width + ", 50];\n";
    for (int i = 0; i < cells; ++i) {
        const std::string n = std::to_string(i), below = std::to_string(i - 1);
        if (i > 0) text += "   A" + n + ".E = B" + below + ".F; B" + n + ".E = A" + below + ".F;\n";
        text += "   A" + n + ".M = B" + n + ".M; A" + n + ".F.y > A" + n + ".E.y;\n";
    }
    return text + "@" + std::to_string(seconds) + "\n";
}

}  // namespace mv::test
