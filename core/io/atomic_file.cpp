#include "core/io/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cl {
namespace {

std::string describe(const std::filesystem::path& file, const std::string& action, int error) {
    return file.string() + ": " + action + ": " + std::strerror(error);
}

// Writes everything, retrying short writes and interrupted calls.
bool writeAll(int fd, std::string_view data) {
    while (!data.empty()) {
        ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

}  // namespace

std::string writeFileAtomically(const std::filesystem::path& file, std::string_view contents) {
    if (file.empty() || !file.has_filename()) return file.string() + ": cannot save: not a file name";
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) return describe(file, "cannot save", EISDIR);

    // The temporary file lives beside the target so that rename() stays within one file system.
    static std::atomic<unsigned> counter{0};
    std::filesystem::path temp = file;
    std::string tempName(".");
    tempName += file.filename().string();
    tempName += ".tmp-";
    tempName += std::to_string(::getpid());
    tempName += "-";
    tempName += std::to_string(counter++);
    temp.replace_filename(tempName);

    // Keep an existing file's permission bits; new files get the usual 0666 & ~umask.
    mode_t mode = 0666;
    struct stat existing {};
    bool keepMode = ::stat(file.c_str(), &existing) == 0;
    if (keepMode) mode = existing.st_mode & 07777;

    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0) return describe(file, "cannot create a temporary file in its folder", errno);
    if (keepMode) ::fchmod(fd, mode);

    auto fail = [&](const std::string& action) {
        int error = errno;
        if (fd >= 0) ::close(fd);
        ::unlink(temp.c_str());
        return describe(file, action, error);
    };
    if (!writeAll(fd, contents)) return fail("cannot write");
    if (::fsync(fd) != 0) return fail("cannot flush to disk");
    int closed = ::close(fd);
    fd = -1;
    if (closed != 0) return fail("cannot write");
    if (::rename(temp.c_str(), file.c_str()) != 0) return fail("cannot replace the file");

    // Make the rename itself durable; failing here does not endanger either version of the file.
    std::filesystem::path folder = file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path();
    int dirFd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return {};
}

}  // namespace cl
