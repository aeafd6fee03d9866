// libFuzzer target: scene file text -> cl::parseScene; a scene that loads is saved, loaded back and
// compared field by field. A text taken for a run file (cl::isRunText, as `check` does) goes to cl::parseRun. Also built without libFuzzer as a replay test (tests/fuzz/replay_main.cpp).

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <unistd.h>

#include "core/game/run_file.h"
#include "core/scene/scene.h"

namespace {

/// Stops the run with a message: libFuzzer keeps the input that got here as a crash.
[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_scene_load: %s\n", what.c_str());
    std::abort();
}

/// A temporary folder laid out like assets/ (scenes/ beside a copy of sprites/), made once per process,
/// so that the bundled scenes' "../sprites/F.png" paths load and their round trip is exercised too.
class FuzzFolder {
public:
    FuzzFolder() {
        std::string pattern = (std::filesystem::temp_directory_path() / "collision-lab-fuzz-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) fail("mkdtemp failed");
        m_root = pattern;
        std::filesystem::create_directories(m_root / "scenes");
        std::error_code ec;
        std::filesystem::copy(std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets" / "sprites", m_root / "sprites",
                              std::filesystem::copy_options::recursive, ec);
    }
    ~FuzzFolder() {
        std::error_code ec;
        std::filesystem::remove_all(m_root, ec);
    }
    std::filesystem::path sceneFile() const { return m_root / "scenes" / "fuzz.json"; }
    std::filesystem::path savedFile() const { return m_root / "scenes" / "saved.json"; }

private:
    std::filesystem::path m_root;
};

void expectSameScene(const cl::Scene& a, const cl::Scene& b) {
    if (a.title != b.title || a.notes != b.notes || a.sampling != b.sampling) fail("round trip changed title, notes or sampling");
    if (a.sprites.size() != b.sprites.size()) fail("round trip changed the number of sprites");
    for (std::size_t i = 0; i < a.sprites.size(); ++i) {
        const cl::SceneSprite& x = a.sprites[i];
        const cl::SceneSprite& y = b.sprites[i];
        if (x.name != y.name) fail("round trip changed sprite " + std::to_string(i) + "'s name");
        if (!(x.transform == y.transform)) fail("round trip changed sprite " + x.name + "'s transform");
        if (x.alphaThreshold != y.alphaThreshold) fail("round trip changed sprite " + x.name + "'s alpha threshold");
        if (x.engineThreshold != y.engineThreshold) fail("round trip changed sprite " + x.name + "'s engine threshold");
        if (!(x.motion == y.motion)) fail("round trip changed sprite " + x.name + "'s velocity or angular velocity");
        if (!x.pixels || !y.pixels) fail("a loaded sprite has no pixels");
        if (x.pixels->width != y.pixels->width || x.pixels->height != y.pixels->height || x.pixels->pixels != y.pixels->pixels) {
            fail("round trip changed sprite " + x.name + "'s image");
        }
    }
    if (a.expect != b.expect || a.view != b.view) fail("round trip changed expect or view");
    if (!(a.timeline == b.timeline)) fail("round trip changed frames, frame or sweep_resolution");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const FuzzFolder folder;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    cl::SceneLoadResult loaded = cl::parseScene(text, folder.sceneFile());
    if (loaded.ok() != loaded.problems.empty()) fail("a load result is neither a scene nor a list of problems");
    // `check` replays a text whose top-level "format" says "collision-lab/run": such a text is never a scene
    // too, and the run loader answers it (a run or problems with a message) without crashing.
    if (cl::isRunText(text)) {
        if (loaded.ok()) fail("a text loads as a scene and is also taken for a run file");
        const cl::RunLoadResult run = cl::parseRun(text, "fuzz.run");
        if (run.ok() != run.problems.empty()) fail("a run load result is neither a run nor a list of problems");
        if (!run.ok() && run.message().empty()) fail("a failed run load has no message");
    }
    if (!loaded.ok()) {
        if (loaded.message().empty()) fail("a failed load has no message");
        return 0;
    }
    cl::SceneSaveResult saved = cl::saveScene(*loaded.scene, folder.savedFile());
    if (!saved.ok()) fail("a loaded scene could not be saved: " + saved.error);
    cl::SceneLoadResult reloaded = cl::loadScene(folder.savedFile());
    if (!reloaded.ok()) fail("a saved scene does not load back:\n" + reloaded.message());
    expectSameScene(*loaded.scene, *reloaded.scene);
    return 0;
}
