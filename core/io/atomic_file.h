#pragma once
// Writing a whole file so that readers see either the old contents or the new, never half of either,
// and the one output rule every writer follows before it replaces anything.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace cl {

/// The output rule: empty when `file` may be written, otherwise a message naming it and why not. A
/// path that does not exist, or names a regular file (through symbolic links) that is none of
/// `inputs`, may be written. Refused: a folder, anything else that is not a regular file (a device
/// such as /dev/null, a FIFO, a socket), and the same file as any of `inputs` (the files the current
/// run reads: a scene, its images and atlases, a run being replayed), however it is named.
std::string outputProblem(const std::filesystem::path& file, std::span<const std::filesystem::path> inputs = {});

/// Replaces `file` with `contents` when outputProblem(file, inputs) allows it: writes a temporary file
/// in the same folder, flushes and fsyncs it, then renames it over `file` (a symbolic link at `file` is
/// replaced by the new file; the file it pointed to is left unchanged). Returns an empty string on
/// success, otherwise a message naming the file and the problem; on failure the temporary file is
/// removed and an existing `file` is unchanged.
std::string writeFileAtomically(const std::filesystem::path& file, std::string_view contents,
                                std::span<const std::filesystem::path> inputs = {});

}  // namespace cl
