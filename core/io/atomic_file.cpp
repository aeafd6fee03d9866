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

std::string outputProblem(const std::filesystem::path& file, std::span<const std::filesystem::path> inputs) {
    if (file.empty() || !file.has_filename()) return file.string() + ": cannot save: not a file name";
    if (file.native().find('\0') != std::string::npos) return file.string() + ": cannot save: a file name cannot contain a NUL character";
    struct stat target {};
    // Nothing there (or nothing reachable): nothing to protect; creating the file reports its own errors.
    if (::stat(file.c_str(), &target) != 0) return {};
    if (S_ISDIR(target.st_mode)) return describe(file, "cannot save", EISDIR);
    if (!S_ISREG(target.st_mode)) {
        // Renaming over a device node (as root: /dev/null, /dev/full) would put a regular file in its place.
        return file.string() + ": cannot save: not a regular file (a device, FIFO or socket); refusing to replace it";
    }
    for (const std::filesystem::path& input : inputs) {
        struct stat read {};
        // Compared by device and inode, so another spelling of the path or a link to it is caught too.
        if (::stat(input.c_str(), &read) == 0 && read.st_dev == target.st_dev && read.st_ino == target.st_ino) {
            return file.string() + ": cannot save: it is an input of this run (" + input.string() +
                   "); writing it would replace what is being read, so choose another file";
        }
    }
    return {};
}

std::string writeFileAtomically(const std::filesystem::path& file, std::string_view contents,
                                std::span<const std::filesystem::path> inputs) {
    if (std::string problem = outputProblem(file, inputs); !problem.empty()) return problem;

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
