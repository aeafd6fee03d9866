// Recovery (autosave and restore after a crash) and failed saves keeping the unsaved state.

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <sstream>

#include "app/shell/file_actions.h"
#include "app/shell/recovery.h"
#include "app/shell/recovery_prompt.h"
#include "app/shell/sandbox_state.h"
#include "core/io/image_io.h"
#include "tests/app/editor/test_scene.h"

namespace cl {
namespace {

using namespace std::chrono_literals;

std::string readText(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

class RecoveryTest : public ::testing::Test {
protected:
    void SetUp() override {
        folder = std::filesystem::temp_directory_path() /
                 ("cl-recovery-" + std::to_string(::getpid()) + "-" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(folder);
        std::filesystem::create_directories(folder / "scenes");
        std::filesystem::create_directories(folder / "sprites");
    }
    void TearDown() override {
        std::error_code ec;
        std::filesystem::permissions(folder, std::filesystem::perms::owner_all, ec);
        std::filesystem::remove_all(folder, ec);
    }

    // F comes from a PNG file (an image path), R only has pixels (embedded when saved).
    Scene makeScene() {
        Scene scene = test::twoSpriteScene();
        auto checker = test::makeImage(6, 4, [](int x, int y) { return std::uint8_t((x + y) % 2 ? 255 : 0); });
        EXPECT_EQ(savePngFile(*checker, folder / "sprites" / "F.png"), "");
        scene.sprites[0].pixels = checker;
        scene.sprites[0].imagePath = folder / "sprites" / "F.png";
        scene.sprites[0].image = "../sprites/F.png";
        scene.sprites[0].transform.origin = {3.0, 2.0};
        scene.sprites[0].transform.rotationDeg = 30.0;
        scene.sprites[0].transform.scale = {2.0, -0.5};
        scene.sprites[1].alphaThreshold = 7;
        scene.notes = "notes survive";
        scene.sampling = Sampling::Xna;
        return scene;
    }

    std::filesystem::path folder;
};

void expectSameScene(const Scene& a, const Scene& b) {
    EXPECT_EQ(a.title, b.title);
    EXPECT_EQ(a.notes, b.notes);
    EXPECT_EQ(a.sampling, b.sampling);
    EXPECT_EQ(a.expect, b.expect);
    ASSERT_EQ(a.sprites.size(), b.sprites.size());
    for (std::size_t i = 0; i < a.sprites.size(); ++i) {
        const SceneSprite& s = a.sprites[i];
        const SceneSprite& t = b.sprites[i];
        EXPECT_EQ(s.name, t.name);
        EXPECT_EQ(s.transform.position, t.transform.position);
        EXPECT_EQ(s.transform.origin, t.transform.origin);
        EXPECT_EQ(s.transform.rotationDeg, t.transform.rotationDeg);
        EXPECT_EQ(s.transform.scale, t.transform.scale);
        EXPECT_EQ(s.alphaThreshold, t.alphaThreshold);
        ASSERT_TRUE(s.pixels && t.pixels);
        EXPECT_EQ(s.pixels->width, t.pixels->width);
        EXPECT_EQ(s.pixels->height, t.pixels->height);
        EXPECT_EQ(s.pixels->pixels, t.pixels->pixels) << "sprite " << s.name;
    }
}

TEST_F(RecoveryTest, NothingIsOfferedWhenNoRecoveryFileExists) {
    Recovery recovery(folder / "state");
    EXPECT_FALSE(recovery.find().has_value());
}

TEST_F(RecoveryTest, AFileLeftByACrashedRunRestoresTheSceneWithItsImagesAndPaths) {
    const Scene original = makeScene();
    const std::filesystem::path sceneFile = folder / "scenes" / "mine.json";
    {
        Recovery crashed(folder / "state");
        ASSERT_EQ(crashed.write(original, sceneFile), "");
        // No discard(): the run "crashes" here.
    }
    // The image file goes away: the recovery file must carry the pixels itself.
    std::filesystem::remove(folder / "sprites" / "F.png");

    Recovery next(folder / "state");
    const std::optional<RecoveryInfo> info = next.find();
    ASSERT_TRUE(info.has_value());
    EXPECT_EQ(info->original, sceneFile);
    EXPECT_EQ(info->savedAt.size(), std::string("2026-11-22 06:00:00 UTC").size()) << info->savedAt;
    RecoveryLoadResult loaded = next.load();
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    expectSameScene(*loaded.scene, original);
    // The image file is gone, so the sprite keeps the autosaved pixels embedded (a Save writes them, not
    // a path to nothing), and the user is told.
    EXPECT_TRUE(loaded.scene->sprites[0].imagePath.empty());
    EXPECT_TRUE(isDataUri(loaded.scene->sprites[0].image));
    ASSERT_EQ(loaded.warnings.size(), 1u);
    EXPECT_NE(loaded.warnings[0].find("F.png"), std::string::npos) << loaded.warnings[0];
    EXPECT_TRUE(loaded.scene->sprites[1].imagePath.empty());
    EXPECT_TRUE(isDataUri(loaded.scene->sprites[1].image));
}

TEST_F(RecoveryTest, ASpriteWhoseImageFileIsUnchangedPointsAtItAgain) {
    const Scene original = makeScene();
    {
        Recovery crashed(folder / "state");
        ASSERT_EQ(crashed.write(original, folder / "scenes" / "mine.json"), "");
    }
    Recovery next(folder / "state");
    RecoveryLoadResult loaded = next.load();
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    expectSameScene(*loaded.scene, original);
    EXPECT_TRUE(loaded.warnings.empty());
    EXPECT_EQ(loaded.scene->sprites[0].imagePath, folder / "sprites" / "F.png");
    EXPECT_EQ(loaded.scene->sprites[0].image, "../sprites/F.png");
}

TEST_F(RecoveryTest, ASpriteWhoseImageFileChangedKeepsTheAutosavedPixels) {
    const Scene original = makeScene();
    {
        Recovery crashed(folder / "state");
        ASSERT_EQ(crashed.write(original, folder / "scenes" / "mine.json"), "");
    }
    auto other = test::makeImage(6, 4, [](int, int) { return std::uint8_t(255); });
    ASSERT_EQ(savePngFile(*other, folder / "sprites" / "F.png"), "");
    Recovery next(folder / "state");
    RecoveryLoadResult loaded = next.load();
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    expectSameScene(*loaded.scene, original);
    EXPECT_TRUE(loaded.scene->sprites[0].imagePath.empty());
    EXPECT_EQ(loaded.warnings.size(), 1u);
}

// The issue's scenario: crash, the images move, Restore, Ctrl+S. The saved scene must hold the pixels
// and load back, and only then may the recovery copy go.
TEST_F(RecoveryTest, ImagesMovedBetweenTheCrashAndTheRestoreAreSavedEmbeddedAndTheCopyGoesOnlyAfterwards) {
    const Scene original = makeScene();
    const std::filesystem::path sceneFile = folder / "scenes" / "mine.json";
    {
        Recovery crashed(folder / "state");
        ASSERT_EQ(crashed.write(original, sceneFile), "");
    }
    std::filesystem::rename(folder / "sprites", folder / "moved-sprites");

    SandboxState state;
    state.open.document.reset(test::twoSpriteScene());
    Recovery recovery(folder / "state");
    ASSERT_TRUE(restoreRecovery(state, recovery));
    ASSERT_EQ(state.dialogs.errors.size(), 1u);  // the warning about F.png
    EXPECT_NE(state.dialogs.errors[0].find("F.png"), std::string::npos) << state.dialogs.errors[0];
    state.dialogs.errors.clear();

    saveCurrent(state);
    EXPECT_TRUE(state.dialogs.errors.empty());
    EXPECT_FALSE(state.open.document.dirty());
    SceneLoadResult saved = loadScene(sceneFile);
    ASSERT_TRUE(saved.ok()) << saved.message();
    expectSameScene(*saved.scene, original);

    recovery.update(state.open.document, state.open.file, Recovery::Clock::now());
    EXPECT_TRUE(recovery.takeMessages().empty());
    EXPECT_FALSE(recovery.find().has_value());
}

TEST_F(RecoveryTest, ACopyIsKeptAsideWhenTheSavedSceneDoesNotLoadBack) {
    const Scene original = makeScene();
    const std::filesystem::path sceneFile = folder / "scenes" / "mine.json";
    {
        Recovery crashed(folder / "state");
        ASSERT_EQ(crashed.write(original, sceneFile), "");
    }
    SandboxState state;
    state.open.document.reset(test::twoSpriteScene());
    Recovery recovery(folder / "state");
    ASSERT_TRUE(restoreRecovery(state, recovery));
    const std::string copy = readText(recovery.sceneFile());
    // The image goes after the restore: the save writes its path, and the saved scene does not load.
    std::filesystem::remove(folder / "sprites" / "F.png");
    saveCurrent(state);
    ASSERT_FALSE(loadScene(sceneFile).ok());

    recovery.update(state.open.document, state.open.file, Recovery::Clock::now());
    const std::vector<std::string> messages = recovery.takeMessages();
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_NE(messages[0].find("does not load back"), std::string::npos) << messages[0];
    const std::size_t at = messages[0].find("recovery-kept-");
    ASSERT_NE(at, std::string::npos) << messages[0];
    std::filesystem::path kept = messages[0].substr(messages[0].rfind(' ', at) + 1);
    kept = kept.string().substr(0, kept.string().size() - 1);  // the message ends with '.'
    EXPECT_EQ(readText(kept), copy);

    // Later autosaves go to recovery.json and never touch the kept copy.
    Document& doc = state.open.document;
    SpriteTransform t = doc.scene().sprites[1].transform;
    t.position.x += 1;
    doc.setTransform(1, t, "move");
    const auto now = Recovery::Clock::now();
    recovery.update(doc, state.open.file, now);
    recovery.update(doc, state.open.file, now + 6s);
    recovery.wait();
    EXPECT_TRUE(std::filesystem::exists(recovery.sceneFile()));
    EXPECT_EQ(readText(kept), copy);
}

TEST_F(RecoveryTest, AStateFolderThatCannotBeWrittenTurnsRecoveryOffAndSaysSo) {
    std::ofstream(folder / "not-a-folder") << "x";
    std::unique_ptr<Recovery> recovery = Recovery::claim(folder / "not-a-folder" / "collision-lab");
    EXPECT_FALSE(recovery->disabledReason().empty());
    const std::vector<std::string> messages = recovery->takeMessages();
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_NE(messages[0].find("Crash recovery is off"), std::string::npos) << messages[0];
    EXPECT_NE(messages[0].find("not-a-folder"), std::string::npos) << messages[0];
    EXPECT_FALSE(recovery->find().has_value());
}

TEST_F(RecoveryTest, ASidecarWithWrongTypesNullsOrDeepNestingNeverStopsAStart) {
    const Scene original = makeScene();
    for (const std::string& info : {std::string(R"({"format": 7, "original": [1], "saved_at": {"a": null}})"),
                                    std::string(R"({"format": "collision-lab/recovery-info", "original": 1e308,)"
                                                R"( "saved_at": null, "sprites": {"0": 1}})"),
                                    std::string(R"({"format": "collision-lab/recovery-info", "sprites": [null, 3]})"),
                                    std::string(R"({"format": "collision-lab/recovery-info", "sprites": [{"image": 1,)"
                                                R"( "image_path": []}, {"image": "x", "image_path": null}]})"),
                                    std::string("null"), std::string("[]"), std::string(100000, '[')}) {
        {
            Recovery crashed(folder / "state");
            ASSERT_EQ(crashed.write(original, folder / "scenes" / "mine.json"), "");
        }
        std::ofstream(folder / "state" / "recovery-info.json", std::ios::trunc) << info;
        Recovery next(folder / "state");
        ASSERT_TRUE(next.find().has_value()) << info.substr(0, 80);
        RecoveryLoadResult loaded = next.load();
        ASSERT_TRUE(loaded.ok()) << loaded.error;
        expectSameScene(*loaded.scene, original);
    }
}

TEST_F(RecoveryTest, RestoringMakesTheSceneDirtyWithItsOriginalPathSoSaveWritesThere) {
    const Scene original = makeScene();
    const std::filesystem::path sceneFile = folder / "scenes" / "mine.json";
    {
        Recovery crashed(folder / "state");
        ASSERT_EQ(crashed.write(original, sceneFile), "");
    }
    SandboxState state;
    state.open.document.reset(test::twoSpriteScene());
    Recovery recovery(folder / "state");
    ASSERT_TRUE(restoreRecovery(state, recovery));
    EXPECT_TRUE(state.open.document.dirty());
    EXPECT_EQ(state.open.file, sceneFile);
    expectSameScene(state.open.document.scene(), original);

    saveCurrent(state);
    EXPECT_TRUE(state.dialogs.errors.empty());
    EXPECT_FALSE(state.open.document.dirty());
    SceneLoadResult saved = loadScene(sceneFile);
    ASSERT_TRUE(saved.ok()) << saved.message();
    expectSameScene(*saved.scene, original);
    // Saved with the image path it had, not as embedded PNG data.
    EXPECT_NE(readText(sceneFile).find("\"../sprites/F.png\""), std::string::npos);

    // Clean now: the next update removes the recovery files.
    recovery.update(state.open.document, state.open.file, Recovery::Clock::now());
    EXPECT_FALSE(recovery.find().has_value());
    EXPECT_FALSE(std::filesystem::exists(recovery.infoFile()));
}

TEST_F(RecoveryTest, AnUnreadableRecoveryFileKeepsTheSceneAndTheFileAndSaysWhere) {
    std::filesystem::create_directories(folder / "state");
    std::ofstream(folder / "state" / "recovery.json") << "{ truncated";
    SandboxState state;
    state.open.document.reset(test::twoSpriteScene());
    Recovery recovery(folder / "state");
    ASSERT_TRUE(recovery.find().has_value());
    EXPECT_TRUE(recovery.find()->original.empty());
    EXPECT_FALSE(restoreRecovery(state, recovery));
    EXPECT_FALSE(state.open.document.dirty());
    EXPECT_EQ(state.open.document.scene().title, "test");
    ASSERT_FALSE(state.dialogs.errors.empty());
    // Set aside under a name of its own, so no later autosave overwrites it, and the message says where.
    const std::size_t at = state.dialogs.errors[0].find("recovery-kept-");
    ASSERT_NE(at, std::string::npos) << state.dialogs.errors[0];
    std::string kept = state.dialogs.errors[0].substr(state.dialogs.errors[0].rfind(' ', at) + 1);
    kept.pop_back();
    EXPECT_EQ(readText(kept), "{ truncated");
    EXPECT_FALSE(std::filesystem::exists(folder / "state" / "recovery.json"));
}

TEST_F(RecoveryTest, ACleanExitRemovesTheRecoveryFiles) {
    Recovery recovery(folder / "state");
    ASSERT_EQ(recovery.write(makeScene(), {}), "");
    ASSERT_TRUE(recovery.find().has_value());
    recovery.discard();
    EXPECT_FALSE(recovery.find().has_value());
    EXPECT_FALSE(std::filesystem::exists(recovery.sceneFile()));
    EXPECT_FALSE(std::filesystem::exists(recovery.infoFile()));
}

TEST_F(RecoveryTest, AutosaveWaitsFiveSecondsAfterAnEditAndWritesAtMostEveryFiveSeconds) {
    Document doc(makeScene());
    Recovery recovery(folder / "state");
    const auto t0 = Recovery::Clock::time_point{} + 1000s;

    recovery.update(doc, {}, t0);
    EXPECT_FALSE(recovery.writeDue(doc.dirty(), doc.revision(), t0 + 60s)) << "a clean document is never written";

    SpriteTransform t = doc.scene().sprites[1].transform;
    t.position.x += 5.0;
    doc.setTransform(1, t);
    recovery.update(doc, {}, t0 + 1s);
    EXPECT_FALSE(recovery.writeDue(true, doc.revision(), t0 + 5s));
    EXPECT_TRUE(recovery.writeDue(true, doc.revision(), t0 + 6s));
    recovery.update(doc, {}, t0 + 6s);
    recovery.wait();
    EXPECT_EQ(recovery.writes(), 1);
    EXPECT_EQ(recovery.lastError(), "");
    ASSERT_TRUE(recovery.find().has_value());

    // No further edit: nothing more to write.
    EXPECT_FALSE(recovery.writeDue(true, doc.revision(), t0 + 60s));
    // An edit 1 s after the write waits until 5 s after it was made (12 s).
    t.position.x += 5.0;
    doc.setTransform(1, t);
    recovery.update(doc, {}, t0 + 7s);
    EXPECT_FALSE(recovery.writeDue(true, doc.revision(), t0 + 12s - 1ms));
    EXPECT_TRUE(recovery.writeDue(true, doc.revision(), t0 + 12s));
    recovery.update(doc, {}, t0 + 12s);
    recovery.wait();
    EXPECT_EQ(recovery.writes(), 2);
    RecoveryLoadResult loaded = recovery.load();
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    EXPECT_EQ(loaded.scene->sprites[1].transform.position.x, 110.0);

    // Undoing back to the saved state makes the document clean: the files go.
    doc.undo();
    doc.undo();
    ASSERT_FALSE(doc.dirty());
    recovery.update(doc, {}, t0 + 13s);
    EXPECT_FALSE(recovery.find().has_value());
}

TEST_F(RecoveryTest, AFailedAutosaveIsReportedAndLeavesNoFile) {
    std::ofstream(folder / "state") << "a file where the folder should be";
    Document doc(makeScene());
    SpriteTransform t = doc.scene().sprites[1].transform;
    t.position.y = 3.0;
    doc.setTransform(1, t);
    Recovery recovery(folder / "state");
    const auto t0 = Recovery::Clock::time_point{} + 1000s;
    recovery.update(doc, {}, t0);
    recovery.update(doc, {}, t0 + 5s);
    recovery.wait();
    EXPECT_EQ(recovery.writes(), 0);
    EXPECT_NE(recovery.lastError().find("state"), std::string::npos) << recovery.lastError();
    EXPECT_FALSE(recovery.find().has_value());
}

TEST_F(RecoveryTest, AFailedSaveShowsTheErrorAndKeepsTheUnsavedState) {
    SandboxState state;
    state.open.document.reset(makeScene());
    state.open.file = folder / "scenes" / "mine.json";
    SpriteTransform t = state.open.document.scene().sprites[1].transform;
    t.position.x = 42.0;
    state.open.document.setTransform(1, t);
    ASSERT_TRUE(state.open.document.dirty());

    EXPECT_FALSE(saveSceneTo(state, folder / "no-such-folder" / "other.json", false));
    ASSERT_EQ(state.dialogs.errors.size(), 1u);
    EXPECT_NE(state.dialogs.errors[0].find("other.json"), std::string::npos) << state.dialogs.errors[0];
    EXPECT_TRUE(state.open.document.dirty());
    EXPECT_EQ(state.open.file, folder / "scenes" / "mine.json");
    EXPECT_EQ(state.open.document.scene().sprites[1].transform.position.x, 42.0);
}

TEST_F(RecoveryTest, ASaveThatFailsHalfWayLeavesTheOldFileIntactAndTheSceneDirty) {
    SandboxState state;
    state.open.document.reset(makeScene());
    ASSERT_TRUE(saveSceneTo(state, folder / "scenes" / "mine.json", false));
    const std::string before = readText(folder / "scenes" / "mine.json");
    ASSERT_FALSE(before.empty());
    state.open.document.edit("Notes", [](Scene& s) { s.notes = std::string(8192, 'n'); });
    ASSERT_TRUE(state.open.document.dirty());

    // A file size limit makes write() fail with EFBIG part-way through, even for root (a full disk).
    rlimit original{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &original), 0);
    rlimit small = original;
    small.rlim_cur = 2048;
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    saveCurrent(state);
    ::setrlimit(RLIMIT_FSIZE, &original);
    std::signal(SIGXFSZ, previousHandler);

    ASSERT_EQ(state.dialogs.errors.size(), 1u);
    EXPECT_NE(state.dialogs.errors[0].find("mine.json"), std::string::npos) << state.dialogs.errors[0];
    EXPECT_TRUE(state.open.document.dirty());
    EXPECT_EQ(readText(folder / "scenes" / "mine.json"), before);
    int entries = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder / "scenes")) {
        ++entries;
        EXPECT_EQ(entry.path().filename(), "mine.json") << "no temporary file is left";
    }
    EXPECT_EQ(entries, 1);
}

TEST_F(RecoveryTest, TwoRunningSandboxesTakeTwoSlotsAndAFreedSlotIsTakenAgain) {
    const std::filesystem::path base = folder / "state";
    auto first = Recovery::claim(base);
    auto second = Recovery::claim(base);
    EXPECT_EQ(first->sceneFile(), base / "recovery.json");
    EXPECT_EQ(second->sceneFile(), base / "session-2" / "recovery.json");
    first.reset();
    auto third = Recovery::claim(base);
    EXPECT_EQ(third->sceneFile(), base / "recovery.json");
}

TEST_F(RecoveryTest, TwoRunningSandboxesNeverTouchEachOthersFiles) {
    const std::filesystem::path base = folder / "state";
    auto first = Recovery::claim(base);
    auto second = Recovery::claim(base);
    Scene other = makeScene();
    other.title = "the second sandbox's";
    ASSERT_EQ(first->write(makeScene(), folder / "scenes" / "one.json"), "");
    ASSERT_EQ(second->write(other, folder / "scenes" / "two.json"), "");
    first->discard();  // a clean exit of the first
    EXPECT_FALSE(first->find().has_value());
    ASSERT_TRUE(second->find().has_value());
    EXPECT_EQ(second->find()->original, folder / "scenes" / "two.json");
    const RecoveryLoadResult loaded = second->load();
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    EXPECT_EQ(loaded.scene->title, "the second sandbox's");
}

TEST_F(RecoveryTest, ACrashedSecondSandboxsFilesAreOfferedByTheNextStartEvenInTheFirstSlot) {
    const std::filesystem::path base = folder / "state";
    {
        auto first = Recovery::claim(base);
        auto second = Recovery::claim(base);
        ASSERT_EQ(second->write(makeScene(), folder / "scenes" / "two.json"), "");
        // The second crashes (its files stay), then the first quits cleanly.
        second.reset();
        first->discard();
    }
    auto next = Recovery::claim(base);
    EXPECT_EQ(next->sceneFile(), base / "recovery.json");
    ASSERT_TRUE(next->find().has_value());
    EXPECT_EQ(next->find()->original, folder / "scenes" / "two.json");
    EXPECT_TRUE(next->load().ok());
    EXPECT_FALSE(std::filesystem::exists(base / "session-2" / "recovery.json"));
}

TEST_F(RecoveryTest, TheAutosaveOfARunningSandboxIsNotOfferedToAnother) {
    const std::filesystem::path base = folder / "state";
    auto first = Recovery::claim(base);
    auto second = Recovery::claim(base);
    ASSERT_EQ(second->write(makeScene(), folder / "scenes" / "two.json"), "");
    first.reset();
    auto third = Recovery::claim(base);  // takes the first slot while the second still runs
    EXPECT_FALSE(third->find().has_value());
    EXPECT_TRUE(second->find().has_value());
    EXPECT_TRUE(std::filesystem::exists(base / "session-2" / "recovery.json"));
}

TEST_F(RecoveryTest, AClaimWithoutAFolderNeverWrites) {
    auto recovery = Recovery::claim({});
    EXPECT_FALSE(recovery->find().has_value());
    EXPECT_NE(recovery->write(makeScene(), {}), "");
}

}  // namespace
}  // namespace cl
