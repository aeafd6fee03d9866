#pragma once
// Recovery: the sandbox's autosave of unsaved edits and its restore after a crash, window-free.
//
// While the document is dirty, the scene is written (images embedded, so the file stands alone) to
// <dir>/recovery.json at most every kDelay, kDelay after the first edit not yet written; a sidecar
// <dir>/recovery-info.json holds the original scene path, the time, and each sprite's image path so a
// restored scene saves back with the same image references. Writing happens on a worker thread from a
// copy of the scene (the pixels are shared, not copied), so encoding PNGs never stalls a frame. The
// files go away once the document is clean again (saved, or undone to the saved state) and on a
// clean exit (discard()).

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/editor/document.h"
#include "core/scene/scene.h"

namespace cl {

/// What the sidecar says about a left-over recovery file.
struct RecoveryInfo {
    std::filesystem::path original;  ///< The scene file being edited; empty for an untitled scene.
    std::string savedAt;             ///< When it was written, "YYYY-MM-DD HH:MM:SS UTC".
};

/// A left-over recovery file read back, or why it cannot be.
struct RecoveryLoadResult {
    std::optional<Scene> scene;  ///< Set on success; sprites that had an image file get its path back.
    RecoveryInfo info;
    std::string error;           ///< Set on failure: names the file and every problem.
    /// Set on success when some sprites keep their embedded images because their image files are gone
    /// or changed since the autosave (a later Save then embeds them instead of pointing at lost files).
    std::vector<std::string> warnings;
    /// True on success.
    bool ok() const { return scene.has_value(); }
};

/// Autosave and restore of one sandbox's unsaved scene.
class Recovery {
public:
    using Clock = std::chrono::steady_clock;
    /// Wait after the first unwritten edit, and least time between two writes.
    static constexpr std::chrono::seconds kDelay{5};

    /// Uses `dir` for its files (created on the first write).
    explicit Recovery(std::filesystem::path dir);
    /// Waits for a write in flight; leaves the files (a crash-like exit keeps them).
    ~Recovery();
    Recovery(const Recovery&) = delete;
    Recovery& operator=(const Recovery&) = delete;

    /// $XDG_STATE_HOME/collision-lab, or $HOME/.local/state/collision-lab; empty when neither is set.
    static std::filesystem::path defaultDir();
    /// The recovery of one running sandbox, in the first slot folder under `base` that no other running
    /// sandbox holds (`base` itself, then `base/session-2`, ... up to kSlots), locked for the object's
    /// life so that two sandboxes never overwrite or delete each other's files. When the slot has no
    /// left-over files but another free slot has (a crash while a second sandbox held the first slot),
    /// those are moved into this slot, so find() offers them. Empty `base`: a recovery that never writes.
    static std::unique_ptr<Recovery> claim(const std::filesystem::path& base);
    /// Slots tried by claim() before it falls back to an unlocked folder named after the process.
    static constexpr int kSlots = 8;

    /// The recovery scene file.
    std::filesystem::path sceneFile() const { return m_dir / "recovery.json"; }
    /// The sidecar with the original path and the time.
    std::filesystem::path infoFile() const { return m_dir / "recovery-info.json"; }

    /// What a previous run left behind, or nothing when there is no recovery file. A missing or
    /// unreadable sidecar gives an empty original path and an unknown time.
    std::optional<RecoveryInfo> find() const;
    /// Reads the left-over recovery file. Never throws; a bad file gives a message.
    RecoveryLoadResult load() const;

    /// Call once per frame: writes (in the background) when the document has been dirty for kDelay
    /// since the last write, and removes the files once the document is clean and `file` (the saved
    /// scene) loads back; if it does not, the copy is kept aside (keepAside()) and a message says where. `file` is the scene's
    /// own path (empty when untitled).
    void update(const Document& document, const std::filesystem::path& file, Clock::time_point now);
    /// True when update() at `now` would start a write for this dirty flag and revision (no side effects).
    bool writeDue(bool dirty, std::uint64_t revision, Clock::time_point now) const;

    /// Writes `scene` and the sidecar now, on the calling thread. Empty on success, else a message.
    std::string write(const Scene& scene, const std::filesystem::path& original);
    /// Marks the files as this session's (after a restore): a later clean state or exit removes them.
    void adopt() { m_ownsFiles = true; }
    /// Renames the left-over files to recovery-kept-<time>.json (and its sidecar), so that no later
    /// autosave or clean exit overwrites or deletes them; returns the new path of the scene copy
    /// (empty if renaming failed, then the files stay and autosave is switched off for this session).
    std::filesystem::path keepAside();
    /// Messages for the user since the last call: autosave failures, a state folder that cannot be
    /// written (crash recovery off), a copy kept because the saved scene did not load back.
    std::vector<std::string> takeMessages();
    /// Why crash recovery is off for this session; empty when it is on.
    const std::string& disabledReason() const { return m_disabledReason; }
    /// Waits for a write in flight and removes both files (clean exit, Discard, clean document).
    void discard();
    /// Waits for a write in flight.
    void wait();
    /// The last background write's error; empty when it succeeded.
    const std::string& lastError() const { return m_lastError; }
    /// Writes finished so far (background and direct).
    int writes() const { return m_writes; }

private:
    void collect(bool block);

    std::filesystem::path m_dir;
    int m_lockFd = -1;  // claim()'s lock on the slot, released with the object (or by the kernel on a crash)
    std::future<std::string> m_inFlight;
    std::optional<Clock::time_point> m_changedSince;  // first edit not yet written
    std::optional<Clock::time_point> m_lastWrite;
    std::uint64_t m_seenRevision = 0;
    bool m_seenAny = false;
    bool m_ownsFiles = false;
    std::string m_lastError;
    std::string m_disabledReason;
    std::vector<std::string> m_messages;
    int m_writes = 0;
};

}  // namespace cl
