#pragma once
// Writing a whole file so that readers see either the old contents or the new, never half of either.

#include <filesystem>
#include <string>
#include <string_view>

namespace cl {

/// Replaces `file` with `contents`: writes a temporary file in the same folder, flushes and fsyncs it,
/// then renames it over `file`. Returns an empty string on success, otherwise a message naming the
/// file and the problem; on failure the temporary file is removed and an existing `file` is unchanged.
std::string writeFileAtomically(const std::filesystem::path& file, std::string_view contents);

}  // namespace cl
