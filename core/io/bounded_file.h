#pragma once
// readBoundedFile: the one way core reads a whole file — a scene, an atlas description, a run file, an
// image, the app's settings. It refuses what is not a regular file (a folder, a FIFO, a device) without
// blocking on it, and never holds more than the limit, even when the file grows while it is read.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace cl {

/// Why a file could not be read, for callers that word a case their own way.
enum class FileReadError { None, NotFound, Folder, NotRegular, TooBig, Unreadable };

/// A whole file's bytes, or why it could not be read.
struct FileReadResult {
    std::optional<std::string> bytes;  ///< Set on success.
    FileReadError error = FileReadError::None;
    std::string problem;               ///< On failure, without the file name: "file not found", "too big: ...".
    /// True on success.
    bool ok() const { return bytes.has_value(); }
};

/// Reads all of `file` when it is a regular file (symbolic links followed) of at most `limitBytes`
/// bytes. `kind` names what the caller expected in messages ("scene file" gives "is a folder, not a
/// scene file"). Problems: "file not found", "is a folder, not a <kind>", "is not a regular file (a FIFO,
/// device or socket), not a <kind>", "too big: N bytes; the limit is L bytes", "cannot be read: <reason>".
FileReadResult readBoundedFile(const std::filesystem::path& file, std::uintmax_t limitBytes, std::string_view kind);

}  // namespace cl
