// The file browser's window-free rules (app/shell/file_browser.h) and Load image's placement rule
// (app/shell/file_actions.h).
#include "app/shell/file_browser.h"

#include <fstream>

#include <gtest/gtest.h>

#include "app/shell/file_actions.h"

namespace cl {
namespace {

namespace fs = std::filesystem;

class StartFolder : public ::testing::Test {
protected:
    void SetUp() override {
        m_root = fs::temp_directory_path() / ("cl-browser-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_root);
        for (const char* d : {"assets/scenes", "user/work", "home", "cwd"}) fs::create_directories(m_root / d);
        std::ofstream(m_root / "assets/scenes/default.json") << "{}";
    }
    void TearDown() override { fs::remove_all(m_root); }
    StartFolderChoice choice(bool saving) const {
        return {.lastFolder = {}, .openFile = {}, .bundled = m_root / "assets", .current = m_root / "cwd",
                .home = m_root / "home", .saving = saving};
    }
    fs::path m_root;
};

TEST_F(StartFolder, LastFolderWinsWhenItStillExists) {
    StartFolderChoice c = choice(false);
    c.lastFolder = m_root / "user/work";
    c.openFile = m_root / "cwd/scene.json";
    EXPECT_EQ(chooseStartFolder(c), m_root / "user/work");
    c.lastFolder = m_root / "gone";
    EXPECT_EQ(chooseStartFolder(c), m_root / "cwd");
}

TEST_F(StartFolder, OpenFallsBackToTheBundledScenes) {
    EXPECT_EQ(chooseStartFolder(choice(false)), m_root / "assets/scenes");
}

TEST_F(StartFolder, SaveNeverStartsInsideTheBundledAssets) {
    StartFolderChoice c = choice(true);
    c.openFile = m_root / "assets/scenes/default.json";  // a lesson is open
    EXPECT_EQ(chooseStartFolder(c), m_root / "cwd");
    c.lastFolder = m_root / "assets/scenes";  // the lesson was opened through the browser
    EXPECT_EQ(chooseStartFolder(c), m_root / "cwd");
    c.lastFolder = m_root / "user/work";
    EXPECT_EQ(chooseStartFolder(c), m_root / "user/work");
    c.lastFolder.clear();
    c.current = m_root / "assets";  // started from inside the assets: home instead
    EXPECT_EQ(chooseStartFolder(c), m_root / "home");
}

TEST_F(StartFolder, InsideFolderComparesWholeComponents) {
    EXPECT_TRUE(isInsideFolder(m_root / "assets/scenes/default.json", m_root / "assets"));
    EXPECT_TRUE(isInsideFolder(m_root / "assets", m_root / "assets"));
    EXPECT_TRUE(isInsideFolder(m_root / "assets/../assets/scenes", m_root / "assets/"));
    EXPECT_FALSE(isInsideFolder(m_root / "assets-mine/x.json", m_root / "assets"));
    EXPECT_FALSE(isInsideFolder(m_root / "user", m_root / "assets"));
    EXPECT_FALSE(isInsideFolder(m_root / "user", fs::path{}));
}

TEST(EntryAction, SingleClickSelectsDoubleClickEntersOrOpens) {
    EXPECT_EQ(entryAction(false, false), EntryAction::Select);
    EXPECT_EQ(entryAction(true, false), EntryAction::Select);
    EXPECT_EQ(entryAction(false, true), EntryAction::Choose);
    EXPECT_EQ(entryAction(true, true), EntryAction::Enter);
}

TEST(LoadImage, NewImageCentredOnTheOldPivot) {
    // The case: a 128x128 sprite turning about (64, 64) gets a 64x64 image. The new origin is (32, 32),
    // so the image's centre stays on the pivot's world position instead of its corner.
    SpriteTransform old;
    old.position = {300.0, 200.0};
    old.origin = {64.0, 64.0};
    old.rotationDeg = 30.0;
    old.scale = {2.0, 1.5};
    const SpriteTransform placed = transformForNewImage(old, 64, 64);
    EXPECT_EQ(placed.origin, glm::dvec2(32.0, 32.0));
    EXPECT_EQ(placed.position, old.position);
    EXPECT_EQ(placed.rotationDeg, old.rotationDeg);
    EXPECT_EQ(placed.scale, old.scale);
    EXPECT_EQ(transformForNewImage(old, 7, 10).origin, glm::dvec2(3.5, 5.0));
}

}  // namespace
}  // namespace cl
