// readBoundedFile (core/io/bounded_file.h): whole regular files up to a limit; everything else refused
// with a message that says what was found, without blocking on a FIFO.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>

#include "core/io/bounded_file.h"

namespace cl {
namespace {

namespace fs = std::filesystem;

fs::path freshReadFolder(const std::string& name) {
    const fs::path folder = fs::path(::testing::TempDir()) / ("bounded_file_" + name);
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

fs::path writeFile(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
    return file;
}

TEST(BoundedFile, ARegularFileIsReadWholeByteForByte) {
    const fs::path folder = freshReadFolder("whole");
    std::string bytes = "{\"a\": 1}";
    bytes += '\0';
    bytes += "\xff\n";
    const FileReadResult r = readBoundedFile(writeFile(folder / "x.json", bytes), 100, "scene file");
    ASSERT_TRUE(r.ok()) << r.problem;
    EXPECT_EQ(*r.bytes, bytes);
    const FileReadResult empty = readBoundedFile(writeFile(folder / "empty.json", ""), 100, "scene file");
    ASSERT_TRUE(empty.ok()) << empty.problem;
    EXPECT_EQ(*empty.bytes, "");
}

TEST(BoundedFile, TheLimitIsInclusiveAndOneByteMoreIsRefusedNamingBoth) {
    const fs::path folder = freshReadFolder("limit");
    EXPECT_TRUE(readBoundedFile(writeFile(folder / "ten", std::string(10, 'x')), 10, "run file").ok());
    const FileReadResult r = readBoundedFile(writeFile(folder / "eleven", std::string(11, 'x')), 10, "run file");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.problem, "too big: 11 bytes; the limit is 10 bytes");
}

TEST(BoundedFile, AMissingFileAndAFolderAreNamedAsSuch) {
    const fs::path folder = freshReadFolder("missing");
    EXPECT_EQ(readBoundedFile(folder / "nothere.json", 100, "scene file").problem, "file not found");
    EXPECT_EQ(readBoundedFile(folder, 100, "scene file").problem, "is a folder, not a scene file");
    EXPECT_EQ(readBoundedFile(folder, 100, "atlas description").problem, "is a folder, not an atlas description");
}

TEST(BoundedFile, AFifoIsRefusedWithoutWaitingForAWriter) {
    const fs::path folder = freshReadFolder("fifo");
    const fs::path fifo = folder / "pipe.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // Opening a FIFO for reading blocks until a writer comes; the read must not: this test would hang.
    const FileReadResult r = readBoundedFile(fifo, 100, "scene file");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.problem, "is not a regular file (a FIFO, device or socket), not a scene file");
}

TEST(BoundedFile, ADeviceIsRefused) {
    // /dev/zero would never end and /dev/null would read as an empty file: neither is a file's contents.
    for (const char* device : {"/dev/null", "/dev/zero"}) {
        const FileReadResult r = readBoundedFile(device, 100, "image file");
        ASSERT_FALSE(r.ok()) << device;
        EXPECT_EQ(r.problem, "is not a regular file (a FIFO, device or socket), not an image file") << device;
    }
}

TEST(BoundedFile, ASymbolicLinkIsFollowedAndALoopIsNamed) {
    const fs::path folder = freshReadFolder("links");
    writeFile(folder / "real.json", "[1]");
    fs::create_symlink("real.json", folder / "link.json");
    const FileReadResult r = readBoundedFile(folder / "link.json", 100, "scene file");
    ASSERT_TRUE(r.ok()) << r.problem;
    EXPECT_EQ(*r.bytes, "[1]");
    fs::create_symlink("b.json", folder / "a.json");
    fs::create_symlink("a.json", folder / "b.json");
    const FileReadResult loop = readBoundedFile(folder / "a.json", 100, "scene file");
    ASSERT_FALSE(loop.ok());
    EXPECT_NE(loop.problem.find("symbolic links"), std::string::npos) << loop.problem;
}

TEST(BoundedFile, ANameWithANulIsRefusedRatherThanCutShort) {
    const fs::path folder = freshReadFolder("nul");
    writeFile(folder / "a", "x");
    std::string name = (folder / "a").string();
    name += '\0';
    name += ".json";
    const FileReadResult r = readBoundedFile(fs::path(name), 100, "atlas description");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.problem, "a file name cannot contain a NUL character");
}

}  // namespace
}  // namespace cl
