// writeFileAtomically and the output rule (core/io/atomic_file.h): regular files are replaced whole;
// folders, devices, FIFOs and the run's own inputs are never replaced, however they are named.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>

#include "core/io/atomic_file.h"

namespace cl {
namespace {

namespace fs = std::filesystem;

fs::path freshFolder(const std::string& name) {
    const fs::path folder = fs::path(::testing::TempDir()) / ("atomic_file_" + name);
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

std::string contentsOf(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Nothing but the named entries is left in the folder (no temporary file survives a refusal).
std::vector<std::string> entries(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

TEST(OutputRule, ANewFileIsCreatedAndARegularFileReplaced) {
    const fs::path folder = freshFolder("regular");
    ASSERT_EQ(writeFileAtomically(folder / "out.txt", "first"), "");
    EXPECT_EQ(contentsOf(folder / "out.txt"), "first");
    ASSERT_EQ(writeFileAtomically(folder / "out.txt", "second"), "");
    EXPECT_EQ(contentsOf(folder / "out.txt"), "second");
    EXPECT_EQ(entries(folder), std::vector<std::string>{"out.txt"});
}

TEST(OutputRule, AFolderIsNotReplaced) {
    const fs::path folder = freshFolder("folder");
    fs::create_directories(folder / "out.png");
    const std::string error = writeFileAtomically(folder / "out.png", "x");
    EXPECT_TRUE(contains(error, "out.png: cannot save: Is a directory")) << error;
    EXPECT_TRUE(fs::is_directory(folder / "out.png"));
}

TEST(OutputRule, AFifoIsRefusedAndStaysAFifo) {
    const fs::path folder = freshFolder("fifo");
    const fs::path fifo = folder / "out.png";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const std::string error = writeFileAtomically(fifo, "x");
    EXPECT_EQ(error, fifo.string() + ": cannot save: not a regular file (a device, FIFO or socket); refusing to replace it");
    EXPECT_TRUE(fs::is_fifo(fifo));
    EXPECT_EQ(entries(folder), std::vector<std::string>{"out.png"});
}

TEST(OutputRule, ADeviceIsRefusedAndStaysADevice) {
    // As root a rename over /dev/null would succeed and put a regular file there; the rule refuses first.
    const std::string error = outputProblem("/dev/null");
    EXPECT_EQ(error, "/dev/null: cannot save: not a regular file (a device, FIFO or socket); refusing to replace it");
    EXPECT_EQ(writeFileAtomically("/dev/null", "x"), error);
    EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST(OutputRule, ASymbolicLinkToARegularFileIsReplacedByTheNewFileAndItsTargetKept) {
    const fs::path folder = freshFolder("link");
    std::ofstream(folder / "target.txt") << "target";
    fs::create_symlink("target.txt", folder / "out.txt");
    ASSERT_EQ(writeFileAtomically(folder / "out.txt", "new"), "");
    EXPECT_FALSE(fs::is_symlink(folder / "out.txt"));
    EXPECT_EQ(contentsOf(folder / "out.txt"), "new");
    EXPECT_EQ(contentsOf(folder / "target.txt"), "target");
}

TEST(OutputRule, ASymbolicLinkToADeviceIsRefused) {
    const fs::path folder = freshFolder("device_link");
    fs::create_symlink("/dev/null", folder / "out.txt");
    EXPECT_TRUE(contains(writeFileAtomically(folder / "out.txt", "x"), "not a regular file")) << folder;
    EXPECT_TRUE(fs::is_symlink(folder / "out.txt"));
}

TEST(OutputRule, AnInputOfTheRunIsRefusedUnderAnyNameAndLeftUnchanged) {
    const fs::path folder = freshFolder("inputs");
    fs::create_directories(folder / "sub");
    const fs::path scene = folder / "scene.json";
    std::ofstream(scene) << "scene";
    std::ofstream(folder / "image.png") << "image";
    fs::create_symlink("scene.json", folder / "alias.json");
    fs::create_hard_link(scene, folder / "hard.json");
    const std::vector<fs::path> inputs{scene, folder / "image.png"};
    for (const fs::path& spelling : {scene, folder / "sub" / ".." / "scene.json", folder / "alias.json", folder / "hard.json"}) {
        const std::string error = writeFileAtomically(spelling, "map", inputs);
        EXPECT_EQ(error, spelling.string() + ": cannot save: it is an input of this run (" + scene.string() +
                             "); writing it would replace what is being read, so choose another file");
    }
    EXPECT_TRUE(contains(outputProblem(folder / "image.png", inputs), "it is an input of this run")) << folder;
    EXPECT_EQ(contentsOf(scene), "scene");
    EXPECT_EQ(contentsOf(folder / "image.png"), "image");
    // Any other file may be written, an input that does not exist protects nothing.
    EXPECT_EQ(writeFileAtomically(folder / "map.png", "map", inputs), "");
    EXPECT_EQ(outputProblem(folder / "other.png", std::vector<fs::path>{folder / "gone.png"}), "");
}

}  // namespace
}  // namespace cl
