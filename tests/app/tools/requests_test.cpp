// The request queue: one request per kind (the newest wins), taken once, other kinds left queued, and a
// look does not take.
#include "app/tools/requests.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

TEST(RequestQueue, StartsEmptyAndTakesNothing) {
    RequestQueue queue;
    EXPECT_TRUE(queue.empty());
    EXPECT_FALSE(queue.take<FrameLocal>());
    EXPECT_EQ(queue.find<FocusTool>(), nullptr);
}

TEST(RequestQueue, ANewerRequestOfAKindReplacesTheOlderAndIsTakenOnce) {
    RequestQueue queue;
    queue.push(FocusTool{2});
    queue.push(FrameWorld{});
    queue.push(FocusTool{5});
    EXPECT_EQ(queue.size(), 2u);
    const std::optional<FocusTool> focus = queue.take<FocusTool>();
    ASSERT_TRUE(focus);
    EXPECT_EQ(focus->index, 5);
    EXPECT_FALSE(queue.has<FocusTool>());
    EXPECT_FALSE(queue.take<FocusTool>());
    EXPECT_TRUE(queue.has<FrameWorld>());
    EXPECT_FALSE(queue.empty());
    EXPECT_TRUE(queue.take<FrameWorld>());
    EXPECT_TRUE(queue.empty());
}

TEST(RequestQueue, AWaitingRequestDoesNotPileUp) {
    RequestQueue queue;
    for (int frame = 0; frame < 1000; ++frame) queue.push(FrameLocal{});
    EXPECT_EQ(queue.size(), 1u);
    EXPECT_TRUE(queue.take<FrameLocal>());
    EXPECT_TRUE(queue.empty());
}

TEST(RequestQueue, FindLooksWithoutTaking) {
    RequestQueue queue;
    queue.push(OpenLesson{"a.json"});
    queue.push(OpenLesson{"b.json"});
    ASSERT_NE(queue.find<OpenLesson>(), nullptr);
    EXPECT_EQ(queue.find<OpenLesson>()->file, "b.json");
    EXPECT_TRUE(queue.has<OpenLesson>());
    const std::optional<OpenLesson> lesson = queue.take<OpenLesson>();
    ASSERT_TRUE(lesson);
    EXPECT_EQ(lesson->file, "b.json");
}

TEST(RequestQueue, ARequestThatCarriesASceneKeepsIt) {
    RequestQueue queue;
    auto scene = std::make_unique<Scene>();
    scene->title = "paused game";
    queue.push(OpenUntitledScene{std::move(scene)});
    const std::optional<OpenUntitledScene> untitled = queue.take<OpenUntitledScene>();
    ASSERT_TRUE(untitled && untitled->scene);
    EXPECT_EQ(untitled->scene->title, "paused game");
}

TEST(RequestQueue, ABrowseToSaveCarriesItsWriteAndTheNewestWins) {
    RequestQueue queue;
    std::vector<std::string> written;
    const auto writer = [&written](std::string tag) {
        return [&written, tag](const std::filesystem::path& file) {
            written.push_back(tag + ":" + file.string());
            return std::string();
        };
    };
    queue.push(BrowseToSave{.title = "first", .file = "a.json", .extensions = {".json"}, .defaultExtension = ".json",
                            .write = writer("first")});
    queue.push(BrowseToSave{.title = "second", .file = "b.h", .extensions = {".h"}, .defaultExtension = ".collider.h",
                            .write = writer("second")});
    EXPECT_EQ(queue.size(), 1u);
    std::optional<BrowseToSave> save = queue.take<BrowseToSave>();
    ASSERT_TRUE(save);
    EXPECT_EQ(save->title, "second");
    EXPECT_EQ(save->file, std::filesystem::path("b.h"));
    EXPECT_EQ(save->defaultExtension, ".collider.h");
    ASSERT_TRUE(save->write);
    EXPECT_EQ(save->write("out/b.h"), "");
    EXPECT_EQ(written, std::vector<std::string>{"second:out/b.h"});  // the first was dropped unrun
    EXPECT_TRUE(queue.empty());
}

}  // namespace
}  // namespace cl
