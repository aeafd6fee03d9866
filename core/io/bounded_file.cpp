#include "core/io/bounded_file.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cl {
namespace {

FileReadResult refused(FileReadError error, std::string problem) {
    FileReadResult r;
    r.error = error;
    r.problem = std::move(problem);
    return r;
}

std::string tooBig(std::uintmax_t size, std::uintmax_t limit, bool atLeast) {
    return "too big: " + std::string(atLeast ? "more than " : "") + std::to_string(size) + " bytes; the limit is " +
           std::to_string(limit) + " bytes";
}

// Closes the descriptor however the read ends.
struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

FileReadResult readBoundedFile(const std::filesystem::path& file, std::uintmax_t limitBytes, std::string_view kind) {
    const std::string notKind = ", not a" + std::string(!kind.empty() && std::strchr("aeiou", kind.front()) ? "n " : " ") + std::string(kind);
    if (file.native().find('\0') != std::string::npos) return refused(FileReadError::Unreadable, "a file name cannot contain a NUL character");
    // O_NONBLOCK: opening a FIFO with no writer must not hang; it is refused below as not a regular file.
    Descriptor d{::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)};
    if (d.fd < 0) {
        const int error = errno;
        if (error == ENOENT) return refused(FileReadError::NotFound, "file not found");
        if (error == EISDIR) return refused(FileReadError::Folder, "is a folder" + notKind);
        return refused(FileReadError::Unreadable, std::string("cannot be opened: ") + std::strerror(error));
    }
    // The checks look at what was opened, not at the name, so the file cannot be swapped in between.
    struct stat info {};
    if (::fstat(d.fd, &info) != 0) return refused(FileReadError::Unreadable, std::string("cannot be read: ") + std::strerror(errno));
    if (S_ISDIR(info.st_mode)) return refused(FileReadError::Folder, "is a folder" + notKind);
    if (!S_ISREG(info.st_mode)) return refused(FileReadError::NotRegular, "is not a regular file (a FIFO, device or socket)" + notKind);
    const auto size = static_cast<std::uintmax_t>(info.st_size);
    if (size > limitBytes) return refused(FileReadError::TooBig, tooBig(size, limitBytes, false));

    std::string bytes;
    bytes.resize(static_cast<std::size_t>(size));
    std::size_t have = 0;
    for (;;) {
        // One byte past the limit tells a file that grew while being read.
        if (have == bytes.size()) {
            if (bytes.size() > limitBytes) return refused(FileReadError::TooBig, tooBig(limitBytes, limitBytes, true));
            bytes.resize(std::min<std::uintmax_t>(limitBytes + 1, std::max<std::uintmax_t>(4096, bytes.size() * 2)));
        }
        const ssize_t n = ::read(d.fd, bytes.data() + have, bytes.size() - have);
        if (n < 0) {
            if (errno == EINTR) continue;
            return refused(FileReadError::Unreadable, std::string("cannot be read: ") + std::strerror(errno));
        }
        if (n == 0) break;
        have += static_cast<std::size_t>(n);
    }
    if (have > limitBytes) return refused(FileReadError::TooBig, tooBig(limitBytes, limitBytes, true));
    bytes.resize(have);
    FileReadResult r;
    r.bytes = std::move(bytes);
    return r;
}

}  // namespace cl
