// Deterministic fuzzing of the numbers a script hands the solver and the mechanics. The front-end
// fuzzer (fuzz_test.cpp) mostly makes scripts that do not compile; here only numeric literals of
// seeds that do compile are replaced, by extremes (0, 1e300, 1e-300, huge gravities, negative
// lengths, …), so every case reaches solveAnimation with its kinematics and its mechanics, for a
// bounded number of frames, then writes its JSON and CSV, places its elements and drags its first
// things about. Built with ASan and UBSan like the rest of this program.
//
// Each case has a work budget: a watchdog cancels the solve (SolveHooks::cancel) when a case runs
// longer than kCaseBudget, and the test then fails naming the script. A regression to a hang is a
// failed test with its input, not a test run that never ends. (The budget is time because the
// public API reports no work count. It is a hang detector, not a speed test: the slowest case, a
// pivot scaled by 1e300, stops on the mechanics' work budget in under a second uninstrumented, and
// the sanitized build on a machine loaded with other builds took over 20 s; two minutes leaves
// room for any load while a real hang still fails with its script.)

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/compile.h"
#include "core/model/frame_plan.h"
#include "core/text/utf8.h"
#include "solver/api/animation.h"
#include "solver/api/drag_solver.h"
#include "solver/api/element_placement.h"
#include "solver/api/solve_output.h"
#include "solver/kinematics/segment_solver.h"
#include "tests/support/disk_images.h"

using namespace mv;

namespace {

constexpr int kFrames = 4;  // solved per case: SolveOptions::endFrame
constexpr auto kCaseBudget = std::chrono::seconds(120);

const std::vector<std::string> kSeeds = {
    // Mechanics: a pendulum, a ball under gravity between walls, resets.
    R"(.config(10, 640, 360);
Bob : .pendulum theta = 0.5 theta_d1 = 0 m = 1 g = 9.81 l = 1;
Ball : .point x = [0, 2] x_d1 = [1, 0] m = 1;
Swing : .swing target = Bob;
Fall : .gravity target = Ball g = [0, -9.81];
Floor : .reflection target = Ball guard = Ball.x.y direction = -1 restitution = 0.8;
Wall : .reflection target = Ball guard = Ball.x.x - 3 direction = 1 restitution = 1
  region = Ball.x.y < 5;
Rod : .bar A = [0,0] B = [0,-100];
@0 Rod.A = [320, 300]; Rod.B = Rod.A + [0,-100].rotate(Bob.theta);
@1 Ball.x_d1 := [3, 0];
@2
)",
    // Kinematics: a crank and slider with a coupler, constraints with keys, inequalities.
    R"(.config(10, 640, 360);
Crank : .bar P = [0,0] Q = [0,30];
Rod : .bar A = [0,0] B = [120,0];
Slider : .bar S = [0,0] E = [20,0];
@0 Crank.P = [200, 180]; turn: Crank.Q = Crank.P + [30, 0].rotate(360° * t / iv);
   Rod.A = Crank.Q; Rod.B.y = 180; Slider.S = Rod.B; Slider.E = Slider.S + [20, 0];
   d = (Rod.B - Crank.P).length; d >= 50;
@1 turn: Crank.Q = Crank.P + [30, 0].rotate(-720° * t / iv);
@2
)",
    // The machine under the mechanics: a pendulum hung from a slider, a paddle whose region reads
    // its velocity.
    R"(.config(10, 640, 360);
Bob : .pendulum theta = 0.5 l = 1 pivot = Cart.P * 0.01;
Swing : .swing target = Bob;
Ball : .point x = [2, 3];
Fall : .gravity target = Ball;
Hit : .reflection target = Ball guard = Ball.x.y - Paddle.A.y * 0.01 direction = -1
  restitution = 0.8 region = vel(Paddle.A).y > acc(Paddle.A).y * 0.01;
Cart : .bar P = [0,0] Q = [10,0];
Paddle : .bar A = [0,0] B = [60,0];
@0 Cart.Q = Cart.P + [10, 0]; Cart.P = [200 + 50 * sin(3 * T), 250];
   Paddle.A = [170, 100 + 10 * sin(8 * T)]; Paddle.B = Paddle.A + [60, 0];
@2
)",
    // Elements that draw themselves, placed by their origin and scale, one hidden.
    R"(.config(10, 400, 300);
Bob : .pendulum theta = 0.8 l = 1 origin = [200, 150] scale = 100;
Swing : .swing target = Bob;
Ball : .point x = [1, 2] x_d1 = [1, 0] origin = [0, 0] scale = 50 visual = none;
Fall : .gravity target = Ball;
@0
@1
)",
};

const std::vector<std::string> kNumbers = {
    "0",     "0.0",   "1e300",      "1e-300",    "1e12",
    "1e-12", "1e9",   "4294967936", "123456789", "0.5",
    "3",     "2",     "1",          "100",       "1e6",
    "1e-6",  "7.5e2", "360",        "1e308",     "9.999999999e-9",
};

// A seed with one to three of its numeric literals replaced; a leading `-` may be added.
class NumberMutator {
public:
    explicit NumberMutator(uint32_t seed) : m_random(seed) {}

    std::string next() {
        std::string text = kSeeds[m_random() % kSeeds.size()];
        const int replacements = 1 + static_cast<int>(m_random() % 3);
        for (int i = 0; i < replacements; ++i) replaceOne(text);
        return text;
    }

private:
    // The numeric literals of `text`: digits, a fraction, an exponent (as the lexer reads them).
    static std::vector<std::pair<size_t, size_t>> numbers(const std::string& text) {
        const auto digit = [&](size_t i) {
            return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]));
        };
        std::vector<std::pair<size_t, size_t>> spans;
        for (size_t i = 0; i < text.size();) {
            const bool inName = i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) ||
                                          text[i - 1] == '_');
            if (!digit(i) || inName) {
                ++i;
                continue;
            }
            size_t end = i;
            while (digit(end)) ++end;
            if (end < text.size() && text[end] == '.' && digit(end + 1))
                for (++end; digit(end);) ++end;
            if (end < text.size() && (text[end] == 'e' || text[end] == 'E')) {
                size_t exponent = end + 1;
                if (exponent < text.size() && (text[exponent] == '+' || text[exponent] == '-'))
                    ++exponent;
                if (digit(exponent))
                    for (end = exponent; digit(end);) ++end;
            }
            spans.emplace_back(i, end - i);
            i = end;
        }
        return spans;
    }

    void replaceOne(std::string& text) {
        const auto spans = numbers(text);
        if (spans.empty()) return;
        const auto [at, length] = spans[m_random() % spans.size()];
        std::string value = kNumbers[m_random() % kNumbers.size()];
        if (m_random() % 4 == 0) value = "-" + value;
        text.replace(at, length, value);
    }

    std::mt19937 m_random;
};

// Cancels a solve that outlives its budget.
class Watchdog {
public:
    explicit Watchdog(std::atomic<bool>& cancel)
        : m_thread([this, &cancel] {
              std::unique_lock lock(m_mutex);
              if (!m_done.wait_for(lock, kCaseBudget, [this] { return m_finished; })) cancel = true;
          }) {}
    ~Watchdog() {
        {
            const std::lock_guard lock(m_mutex);
            m_finished = true;
        }
        m_done.notify_one();
        m_thread.join();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_done;
    bool m_finished = false;
    std::thread m_thread;
};

void checkRanges(const SourceText& source, const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& d : diagnostics) {
        if (d.range.begin > d.range.end || d.range.end > source.text().size())
            FAIL("solver diagnostic out of the text: " << d.message);
        if (d.message.empty()) FAIL("empty solver diagnostic");
    }
}

// The machine-readable outputs of every case: whatever the numbers, JSON and CSV are UTF-8 and the
// CSV has its header and one row per frame.
void checkOutputs(const SourceText& source, const std::vector<Diagnostic>& diagnostics,
                  const Animation& animation, const std::string& text) {
    std::string json, csv;
    const FrameRange all = FrameRange::from(0);
    {
        OutputBuffer out(json);
        writeSolveJson(out, source, diagnostics, animation, all);
    }
    {
        OutputBuffer out(csv);
        writeSolveCsv(out, animation, all);
    }
    if (json.empty() || validUtf8(json) != json) FAIL("JSON output not UTF-8:\n" << text);
    if (validUtf8(csv) != csv) FAIL("CSV output not UTF-8:\n" << text);
    const auto rows = std::count(csv.begin(), csv.end(), '\n');
    if (!csv.empty() && size_t(rows) != animation.frames.size() + 1)
        FAIL("CSV rows are not the frames:\n" << text);
}

// Every element's placement in every frame is finite where its states are.
void checkPlacements(const Script& script, const Animation& animation, const std::string& text) {
    for (const FrameSolution& frame : animation.frames) {
        if (frame.failed) continue;
        for (ElementId e{0}; e < script.elements.size(); ++e) {
            const auto placed = placeElement(script, e, frame);
            if (!placed) continue;
            const bool finiteStates =
                std::all_of(frame.elements.begin(), frame.elements.end(), [](const auto& states) {
                    return std::all_of(states.begin(), states.end(), [](Vec2 v) {
                        return std::isfinite(v.x) && std::isfinite(v.y);
                    });
                });
            if (finiteStates && !(std::isfinite(placed->body.x) && std::isfinite(placed->body.y)))
                FAIL("an element placed off the numbers:\n" << text);
        }
    }
}

// Drags the first anchor of each of the first things of a solved first frame toward far and
// near points, as a user's wild mouse does: never a crash, and a frame that does not fail is
// finite.
void checkDrags(const std::shared_ptr<const Script>& script, const Animation& animation,
                std::mt19937& random, const std::string& text) {
    if (animation.frames.empty() || animation.frames[0].failed) return;
    const FramePlan plan = planFrames(*script);
    std::uniform_real_distribution<double> coordinate(-2000, 2000);
    for (ThingId thing{0}; thing < std::min<size_t>(script->things.size(), 2); ++thing) {
        if (script->things[thing].anchors.empty()) continue;
        const Grip grip{thing, 0, script->things[thing].anchors[0].local};
        DragSolver drag(script, plan, animation.frames[0], grip);
        if (drag.unknownCount() > kDragUnknownLimit) continue;
        for (const Vec2 target : {Vec2{coordinate(random), coordinate(random)}, Vec2{1e300, -1e300},
                                  Vec2{coordinate(random), coordinate(random)}}) {
            const FrameSolution frame = drag.pullTo(target);
            if (frame.failed) continue;
            for (const Pose& pose : frame.poses)
                if (!std::isfinite(pose.x) || !std::isfinite(pose.y) || !std::isfinite(pose.angle))
                    FAIL("a drag gave a frame that is not finite:\n" << text);
        }
    }
}

// One case: compile, then solve kFrames frames under the watchdog. Returns whether it solved.
bool solveCase(const std::string& text) {
    const auto source = std::make_shared<const SourceText>("fuzz.movimentum", text);
    const CompileResult compiled = compileScript(source, test::DiskImages(MOVIMENTUM_BINARY_DIR));
    if (!compiled.script) return false;
    SolveOptions options;
    options.endFrame = kFrames;
    std::atomic<bool> cancel = false;
    SolveHooks hooks;
    hooks.cancel = &cancel;
    Animation animation;
    {
        const Watchdog watchdog(cancel);
        animation = solveAnimation(compiled.script, options, hooks);
    }
    if (cancel) FAIL("over the work budget of a case:\n" << text);
    if (animation.frames.size() > static_cast<size_t>(kFrames)) FAIL("more frames than asked for");
    checkRanges(*source, animation.diagnostics);
    for (const FrameSolution& frame : animation.frames) {
        // The path between two frames is bounded by a count of sub-steps, whatever the numbers.
        if (frame.summary.substeps > kMaxSubsteps) FAIL("more sub-steps than the limit:\n" << text);
        for (const FrameSummary::Off& off : frame.summary.off)
            if (off.constraint >= compiled.script->constraints.size())
                FAIL("an off constraint that does not exist");
    }
    checkOutputs(*source, animation.diagnostics, animation, text);
    checkPlacements(*compiled.script, animation, text);
    std::mt19937 random(static_cast<unsigned>(text.size()));
    checkDrags(compiled.script, animation, random, text);
    return true;
}

}  // namespace

TEST_CASE("the solver seeds compile and solve", "[fuzz][solver]") {
    for (const std::string& seed : kSeeds) {
        INFO(seed);
        CHECK(solveCase(seed));
    }
}

TEST_CASE("mutated numbers reach the solver and the mechanics and stay within budget",
          "[fuzz][solver]") {
    NumberMutator mutator(20261202);
    int solved = 0;
    for (int i = 0; i < 150; ++i) solved += solveCase(mutator.next());
    // Most mutations keep the script valid, so this is a test of the solver, not the front end.
    CHECK(solved > 75);
}
