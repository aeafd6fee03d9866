// Thousands of random input events (absurd coordinates, every button and modifier, wheel bursts, undo/redo
// spam, resizes, focus loss mid-drag, classic mode switching) fed to the Manipulator; after each one the
// scene must be valid, the camera finite and within its limits, and the undo history consistent.

#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "app/editor/manipulator.h"
#include "core/base/sprite_transform.h"
#include "tests/app/editor/test_scene.h"

namespace cl {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

Scene fourSpriteScene() {
    Scene scene = test::twoSpriteScene();
    scene.sprites.push_back(test::makeSprite("C", test::makeImage(7, 3, [](int x, int) { return std::uint8_t(x % 2 ? 255 : 0); }),
                                             {-60.0, 40.0}, {3.5, 1.5}));
    scene.sprites.push_back(test::makeSprite("D", test::solidImage(1, 1), {30.0, -50.0}, {0.5, 0.5}));
    return scene;
}

// What an undo/redo round trip must give back: everything a step records.
struct SceneSnapshot {
    std::vector<std::string> names;
    std::vector<SpriteTransform> transforms;
    std::vector<int> thresholds;
    std::vector<const RgbaImage*> pixels;
    int pairA = -1, pairB = -1;
    bool operator==(const SceneSnapshot&) const = default;
};

SceneSnapshot snapshot(const Document& doc) {
    SceneSnapshot s;
    for (const SceneSprite& sprite : doc.scene().sprites) {
        s.names.push_back(sprite.name);
        s.transforms.push_back(sprite.transform);
        s.thresholds.push_back(sprite.alphaThreshold);
        s.pixels.push_back(sprite.pixels.get());
    }
    s.pairA = doc.selection().pairA;
    s.pairB = doc.selection().pairB;
    return s;
}

bool sameTransform(const SpriteTransform& a, const SpriteTransform& b) {
    return a.position == b.position && a.origin == b.origin && a.rotationDeg == b.rotationDeg && a.scale == b.scale;
}

bool sameSnapshot(const SceneSnapshot& a, const SceneSnapshot& b) {
    if (a.names != b.names || a.thresholds != b.thresholds || a.pixels != b.pixels || a.pairA != b.pairA ||
        a.pairB != b.pairB || a.transforms.size() != b.transforms.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.transforms.size(); ++i) {
        if (!sameTransform(a.transforms[i], b.transforms[i])) return false;
    }
    return true;
}

class RandomInput {
public:
    explicit RandomInput(std::uint32_t seed) : m_rng(seed) {}

    int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(m_rng); }

    // Mostly on screen; sometimes far off, enormous, infinite or NaN.
    double coordinate(double extent) {
        switch (below(20)) {
            case 0: return uniform(-1e6, 1e6);
            case 1: return (below(2) ? 1.0 : -1.0) * std::pow(10.0, uniform(6.0, 308.0));
            case 2: return below(2) ? kInf : -kInf;
            case 3: return kNaN;
            case 4: return below(2) ? 0.0 : -0.0;
            case 5: return std::numeric_limits<double>::denorm_min();
            default: return uniform(-50.0, extent + 50.0);
        }
    }
    glm::dvec2 position() { return {coordinate(1600.0), coordinate(900.0)}; }
    // Near the middle, where the sprites are after framing, so drags grab them often.
    glm::dvec2 nearSprites() { return {uniform(300.0, 1300.0), uniform(150.0, 750.0)}; }
    Modifiers mods() { return Modifiers{below(3) == 0, below(4) == 0, below(4) == 0}; }
    MouseButton button() { return static_cast<MouseButton>(below(3)); }
    Key key() {
        static const Key keys[] = {Key::Other, Key::Left, Key::Right, Key::Up, Key::Down, Key::Q, Key::E, Key::F,
                                   Key::Z, Key::Y, Key::S, Key::O, Key::N, Key::A, Key::Space, Key::Delete,
                                   Key::Backspace, Key::Escape, Key::Enter, Key::Tab, Key::F1, Key::F12};
        return keys[below(static_cast<int>(std::size(keys)))];
    }
    double wheelDelta() {
        switch (below(12)) {
            case 0: return uniform(-1e6, 1e6);
            case 1: return below(2) ? 1e308 : -1e308;
            case 2: return below(2) ? kInf : kNaN;
            case 3: return uniform(-0.01, 0.01);
            default: return below(2) ? below(5) + 1.0 : -(below(5) + 1.0);
        }
    }
    glm::dvec2 windowSize() {
        switch (below(6)) {
            case 0: return {0.0, 0.0};
            case 1: return {1.0, 1.0};
            case 2: return {1e9, 1e9};
            case 3: return {uniform(0.0, 5000.0), 0.0};
            default: return {uniform(200.0, 3000.0), uniform(200.0, 2000.0)};
        }
    }

    // One event, as a user (or a stuck key, or a broken driver) might produce it.
    InputEvent event(bool dragging) {
        const int kind = below(100);
        if (kind < 25) return InputEvent::mouseMove(below(4) ? nearSprites() : position(), mods());
        if (kind < 35) return InputEvent::mouseDown(below(3) ? nearSprites() : position(), button(), mods());
        if (kind < 45) return InputEvent::mouseUp(below(3) ? nearSprites() : position(), button(), mods());
        if (kind < 60) return InputEvent::wheel(below(3) ? nearSprites() : position(), wheelDelta(), mods());
        if (kind < 70) {
            // Undo / redo spam, also mid-drag.
            Modifiers m{below(2) == 0, true, false};
            return InputEvent::keyDown(below(2) ? Key::Z : Key::Y, m);
        }
        if (kind < 85) return InputEvent::keyDown(key(), mods());
        if (kind < 90) return InputEvent::keyUp(key(), mods());
        if (kind < 94) return InputEvent::resize(windowSize());
        if (kind < 97 || dragging) return InputEvent::focusLost();
        return InputEvent::keyDown(Key::F);
    }

private:
    std::mt19937 m_rng;
};

std::string describe(const InputEvent& e) {
    std::ostringstream s;
    s << "event type " << static_cast<int>(e.type) << " at (" << e.position.x << ", " << e.position.y << ") button "
      << static_cast<int>(e.button) << " wheel " << e.wheelDelta << " key " << static_cast<int>(e.key) << " mods "
      << e.mods.shift << e.mods.ctrl << e.mods.alt << " size (" << e.size.x << ", " << e.size.y << ")";
    return s.str();
}

// From the newest step (after redoing whatever is redoable), undoing every step and redoing them all
// gives back the same scene; with the whole history kept, undoing everything gives back the scene the
// run started with. Runs on a copy, so the run itself is untouched.
::testing::AssertionResult historyIsConsistent(const Document& live, const SceneSnapshot& initial) {
    Document doc = live;
    if (doc.inGesture()) doc.commitGesture();
    while (doc.redo()) {
    }
    const SceneSnapshot now = snapshot(doc);
    std::uint64_t revision = doc.revision();
    std::size_t undone = 0;
    while (doc.undo()) {
        if (doc.revision() < revision) return ::testing::AssertionFailure() << "undo lowered the revision";
        revision = doc.revision();
        ++undone;
        if (undone > Document::kMaxUndoSteps) return ::testing::AssertionFailure() << "more undo steps than kept";
    }
    if (undone < Document::kMaxUndoSteps && !sameSnapshot(snapshot(doc), initial)) {
        return ::testing::AssertionFailure() << "undoing all " << undone << " steps does not give back the start";
    }
    std::size_t redone = 0;
    while (doc.redo()) ++redone;
    if (redone != undone) return ::testing::AssertionFailure() << undone << " undone but " << redone << " redone";
    if (!sameSnapshot(snapshot(doc), now)) return ::testing::AssertionFailure() << "redoing everything differs";
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult stateIsValid(const Document& doc, const Camera& camera, const Manipulator& manip) {
    const Scene& scene = doc.scene();
    if (scene.sprites.size() < static_cast<std::size_t>(Document::kMinSprites)) {
        return ::testing::AssertionFailure() << "only " << scene.sprites.size() << " sprites";
    }
    for (const SceneSprite& s : scene.sprites) {
        if (const auto problem = validate(s.transform)) {
            return ::testing::AssertionFailure() << "sprite " << s.name << ": " << *problem;
        }
    }
    const Selection& sel = doc.selection();
    const int n = static_cast<int>(scene.sprites.size());
    if (sel.sprite < -1 || sel.sprite >= n || sel.pairA < 0 || sel.pairA >= n || sel.pairB < 0 || sel.pairB >= n ||
        sel.pairA == sel.pairB) {
        return ::testing::AssertionFailure() << "bad selection " << sel.sprite << " " << sel.pairA << " " << sel.pairB;
    }
    const glm::dvec2 c = camera.center();
    if (!std::isfinite(c.x) || !std::isfinite(c.y)) return ::testing::AssertionFailure() << "camera centre not finite";
    if (std::abs(c.x) > Camera::kMaxCenter || std::abs(c.y) > Camera::kMaxCenter) {
        return ::testing::AssertionFailure() << "camera centre (" << c.x << ", " << c.y << ") beyond kMaxCenter";
    }
    if (!(camera.zoom() >= Camera::kMinZoom && camera.zoom() <= Camera::kMaxZoom)) {
        return ::testing::AssertionFailure() << "zoom " << camera.zoom() << " outside its limits";
    }
    const Rect& v = camera.viewport();
    if (!std::isfinite(v.min.x) || !std::isfinite(v.min.y) || !std::isfinite(v.max.x) || !std::isfinite(v.max.y)) {
        return ::testing::AssertionFailure() << "viewport not finite";
    }
    const Hover h = manip.hover();
    if (h.sprite < -1 || h.sprite >= n) return ::testing::AssertionFailure() << "hover names sprite " << h.sprite;
    if (const auto handles = manip.handles(); handles && (handles->sprite < 0 || handles->sprite >= n)) {
        return ::testing::AssertionFailure() << "handles of sprite " << handles->sprite;
    }
    return ::testing::AssertionSuccess();
}

// What a session went through, so a test can show the events reached every kind of drag and edit.
struct SessionStats {
    std::set<Manipulator::Drag> drags;
    int classicEvents = 0;
    std::uint64_t revisions = 0;
};

SessionStats runRandomSession(std::uint32_t seed, int events) {
    SessionStats stats;
    Document doc{fourSpriteScene()};
    Camera camera;
    camera.setViewport(Rect{{0.0, 0.0}, {1600.0, 900.0}});
    Manipulator manip{doc, camera};
    manip.frameAll();
    const SceneSnapshot initial = snapshot(doc);
    RandomInput random(seed);
    std::uint64_t revision = doc.revision();
    for (int i = 0; i < events; ++i) {
        if (random.below(200) == 0) manip.settings().classicControls = !manip.settings().classicControls;
        InputEvent e = random.event(manip.drag() != Manipulator::Drag::None);
        // Handles are a few pixels wide and the view wanders: aim some presses at the selected sprite's
        // handles and at sprites' pivots, so every kind of drag happens.
        if (random.below(10) == 0) {
            const auto handles = manip.handles();
            const int target = random.below(7);
            const int n = static_cast<int>(doc.scene().sprites.size());
            glm::dvec2 at = manip.handleLayout(random.below(n)).pivotScreen;
            if (handles && target < 4) at = handles->cornersScreen[target];
            if (handles && target == 4) at = handles->rotateKnobScreen;
            e = InputEvent::mouseDown(at + glm::dvec2(random.uniform(-3.0, 3.0), random.uniform(-3.0, 3.0)),
                                      random.below(4) ? MouseButton::Left : random.button(), random.mods());
        }
        manip.handleEvent(e);
        stats.drags.insert(manip.drag());
        if (manip.settings().classicControls) ++stats.classicEvents;
        EXPECT_TRUE(stateIsValid(doc, camera, manip)) << "seed " << seed << ", event " << i << ": " << describe(e);
        EXPECT_GE(doc.revision(), revision) << "seed " << seed << ", event " << i << ": " << describe(e);
        revision = doc.revision();
        EXPECT_TRUE(historyIsConsistent(doc, initial)) << "seed " << seed << ", event " << i << ": " << describe(e);
        if (::testing::Test::HasFailure()) return stats;
    }
    stats.revisions = doc.revision();
    // Whatever happened, releasing everything leaves no drag behind.
    manip.handleEvent(InputEvent::focusLost());
    EXPECT_EQ(manip.drag(), Manipulator::Drag::None);
    EXPECT_FALSE(doc.inGesture());
    return stats;
}

TEST(EditorRandomInput, FiveThousandEventsKeepTheSceneValidAndTheHistoryConsistent) {
    const SessionStats stats = runRandomSession(20261122u, 5000);
    if (::testing::Test::HasFailure()) return;
    // The run really dragged, in both modes, and edited a lot.
    for (Manipulator::Drag d : {Manipulator::Drag::Move, Manipulator::Drag::Rotate, Manipulator::Drag::Scale,
                                Manipulator::Drag::Pivot, Manipulator::Drag::Pan, Manipulator::Drag::Classic}) {
        EXPECT_TRUE(stats.drags.count(d)) << "no drag of kind " << static_cast<int>(d);
    }
    EXPECT_GT(stats.classicEvents, 500);
    EXPECT_GT(stats.revisions, 500u);
}

// Found by the random sessions: panning by 1e300 pixels, or zooming at a cursor 1e300 pixels away, put the
// camera centre at ~1e292, where every sprite maps to an infinite screen position and the view is lost.
TEST(EditorRandomInput, AbsurdPansAndZoomsKeepTheCameraCentreWithinItsLimit) {
    Camera camera;
    camera.setZoom(Camera::kMinZoom);
    camera.panByScreen({-1e300, 1e300});
    EXPECT_EQ(camera.center(), glm::dvec2(Camera::kMaxCenter, -Camera::kMaxCenter));
    camera.zoomAt({-1e300, -1e300}, 2.0);
    EXPECT_LE(std::abs(camera.center().x), Camera::kMaxCenter);
    EXPECT_LE(std::abs(camera.center().y), Camera::kMaxCenter);
    // The view still works: a point at the centre is drawn at the viewport's centre.
    const glm::dvec2 middle = camera.worldToScreen(camera.center());
    EXPECT_EQ(middle, glm::dvec2(400.0, 300.0));
}

TEST(EditorRandomInput, SessionsWithOtherSeedsStayValidToo) {
    for (std::uint32_t seed : {1u, 2u, 3u}) runRandomSession(seed, 2000);
}

}  // namespace
}  // namespace cl
