#include "app/shell/recovery.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/shell/recovery_info.h"
#include "core/io/atomic_file.h"
#include "core/io/bounded_file.h"
#include "core/io/image_io.h"

namespace cl {

namespace {

constexpr const char* kSceneName = "recovery.json";
constexpr const char* kInfoName = "recovery-info.json";
/// Largest sidecar read: 256 sprites' paths take a few hundred KB at most.
constexpr std::uintmax_t kMaxInfoFileBytes = 16 * 1024 * 1024;

std::string compactUtcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y%m%d-%H%M%S", &tm);
    return buffer;
}

// True when `pixels` are exactly the pixels of the image file at `path` today.
bool fileHoldsPixels(const std::filesystem::path& path, const RgbaImage& pixels) {
    const ImageLoadResult loaded = loadImageFile(path);
    return loaded.ok() && loaded.image->width == pixels.width && loaded.image->height == pixels.height &&
           loaded.image->pixels == pixels.pixels;
}

std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M:%S UTC", &tm);
    return buffer;
}

std::string writeFiles(const std::filesystem::path& dir, const Scene& scene, const std::filesystem::path& original) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return dir.string() + ": cannot create the recovery folder (" + ec.message() + ")";

    SceneSaveOptions options;
    options.embedImages = true;
    const SceneSaveResult saved = saveScene(scene, dir / kSceneName, options);
    if (!saved.ok()) return saved.error;

    nlohmann::json info;
    info["format"] = kRecoveryInfoFormat;
    info["original"] = original.string();
    info["saved_at"] = utcNow();
    nlohmann::json sprites = nlohmann::json::array();
    for (const SceneSprite& s : scene.sprites) {
        if (s.imagePath.empty()) {
            sprites.push_back(nullptr);
        } else {
            sprites.push_back({{"image", s.image}, {"image_path", s.imagePath.string()}});
        }
    }
    info["sprites"] = std::move(sprites);
    return writeFileAtomically(dir / kInfoName, info.dump(2) + "\n");
}

// The sidecar as JSON, or null when it is missing, unreadable or not a sidecar (the recovery scene still
// counts). Any content is survived: wrong types, nulls, deep nesting, a huge file.
nlohmann::json readInfo(const std::filesystem::path& file) {
    const FileReadResult text = readBoundedFile(file, kMaxInfoFileBytes, "recovery file");
    if (!text.ok()) return nullptr;
    return parseRecoveryInfo(*text.bytes);
}

RecoveryInfo infoFrom(const nlohmann::json& json) {
    RecoveryInfo info;
    if (!json.is_object()) return info;
    if (const auto it = json.find("original"); it != json.end() && it->is_string()) info.original = it->get<std::string>();
    if (const auto it = json.find("saved_at"); it != json.end() && it->is_string()) info.savedAt = it->get<std::string>();
    return info;
}

std::filesystem::path slotDir(const std::filesystem::path& base, int slot) {
    return slot == 0 ? base : base / ("session-" + std::to_string(slot + 1));
}

// An exclusive lock on the slot, or -1 while another process (or another Recovery) holds it. When the
// folder cannot be made or written, -1 and `problem` says why.
int lockSlot(const std::filesystem::path& dir, std::string* problem = nullptr) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        if (problem) *problem = dir.string() + ": cannot create the folder (" + ec.message() + ")";
        return -1;
    }
    const int fd = ::open((dir / "session.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (problem) *problem = dir.string() + ": cannot write there (" + std::strerror(errno) + ")";
        return -1;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

bool hasLeftover(const std::filesystem::path& dir) {
    std::error_code ec;
    return std::filesystem::is_regular_file(dir / kSceneName, ec);
}

// Moves a crashed session's files from another free slot into `own`, when `own` has none.
void adoptLeftover(const std::filesystem::path& base, int ownSlot) {
    const std::filesystem::path own = slotDir(base, ownSlot);
    if (hasLeftover(own)) return;
    for (int slot = 0; slot < Recovery::kSlots; ++slot) {
        const std::filesystem::path other = slotDir(base, slot);
        std::error_code ec;
        if (slot == ownSlot || !std::filesystem::is_directory(other, ec) || !hasLeftover(other)) continue;
        const int fd = lockSlot(other);
        if (fd < 0) continue;  // a running sandbox's own autosave
        // The sidecar goes with its scene; without one, no stale sidecar of ours may describe it.
        if (std::filesystem::exists(other / kInfoName, ec)) {
            std::filesystem::rename(other / kInfoName, own / kInfoName, ec);
        } else {
            std::filesystem::remove(own / kInfoName, ec);
        }
        std::filesystem::rename(other / kSceneName, own / kSceneName, ec);
        ::close(fd);
        if (hasLeftover(own)) return;
    }
}

}  // namespace

Recovery::Recovery(std::filesystem::path dir) : m_dir(std::move(dir)) {}

Recovery::~Recovery() {
    wait();
    if (m_lockFd >= 0) ::close(m_lockFd);
}

std::unique_ptr<Recovery> Recovery::claim(const std::filesystem::path& base) {
    if (base.empty()) {
        auto off = std::make_unique<Recovery>(base);
        off->m_disabledReason = "neither XDG_STATE_HOME nor HOME is set";
        off->m_messages.push_back("Crash recovery is off: " + off->m_disabledReason + ", so there is no folder for autosaves.");
        return off;
    }
    for (int slot = 0; slot < kSlots; ++slot) {
        std::string problem;
        const int fd = lockSlot(slotDir(base, slot), &problem);
        if (fd < 0 && !problem.empty()) {
            // The state folder itself cannot be written: say so once, and do not try to autosave.
            auto off = std::make_unique<Recovery>(std::filesystem::path());
            off->m_disabledReason = problem;
            off->m_messages.push_back("Crash recovery is off: " + problem + ". Unsaved changes are not autosaved; save often.");
            return off;
        }
        if (fd < 0) continue;
        adoptLeftover(base, slot);
        auto recovery = std::make_unique<Recovery>(slotDir(base, slot));
        recovery->m_lockFd = fd;
        return recovery;
    }
    // Every slot is taken (or locking is impossible here): a folder no other process uses.
    return std::make_unique<Recovery>(base / ("session-pid-" + std::to_string(::getpid())));
}

std::filesystem::path Recovery::defaultDir() {
    if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "collision-lab";
    if (const char* home = std::getenv("HOME"); home && *home) {
        return std::filesystem::path(home) / ".local" / "state" / "collision-lab";
    }
    return {};
}

std::optional<RecoveryInfo> Recovery::find() const {
    std::error_code ec;
    if (m_dir.empty() || !std::filesystem::is_regular_file(sceneFile(), ec)) return std::nullopt;
    return infoFrom(readInfo(infoFile()));
}

RecoveryLoadResult Recovery::load() const {
    RecoveryLoadResult result;
    const nlohmann::json info = readInfo(infoFile());
    result.info = infoFrom(info);
    SceneLoadResult loaded = loadScene(sceneFile());
    if (!loaded.ok()) {
        result.error = loaded.message();
        return result;
    }
    Scene scene = std::move(*loaded.scene);
    // Sprites that came from image files point at them again, so a later Save writes paths, not PNG data;
    // but only where the file still holds the very pixels of the copy. Otherwise the sprite keeps its
    // embedded image: a Save must never write a path to pixels that are gone.
    const auto sprites = info.is_object() ? info.find("sprites") : info.end();
    if (info.is_object() && sprites != info.end() && sprites->is_array() && sprites->size() == scene.sprites.size()) {
        for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
            const nlohmann::json& s = (*sprites)[i];
            if (!s.is_object()) continue;
            const auto image = s.find("image");
            const auto imagePath = s.find("image_path");
            if (image == s.end() || !image->is_string() || imagePath == s.end() || !imagePath->is_string() ||
                imagePath->get_ref<const std::string&>().empty()) {
                continue;
            }
            const std::filesystem::path path = imagePath->get<std::string>();
            if (!scene.sprites[i].pixels || !fileHoldsPixels(path, *scene.sprites[i].pixels)) {
                result.warnings.push_back("Sprite \"" + scene.sprites[i].name + "\": its image file " + path.string() +
                                          " is missing or has changed since the autosave; the restored sprite keeps the "
                                          "autosaved image, and Save embeds it in the scene file.");
                continue;
            }
            scene.sprites[i].image = image->get<std::string>();
            scene.sprites[i].imagePath = path;
        }
    }
    result.scene = std::move(scene);
    return result;
}

bool Recovery::writeDue(bool dirty, std::uint64_t revision, Clock::time_point now) const {
    if (!dirty || m_dir.empty() || m_inFlight.valid()) return false;
    std::optional<Clock::time_point> since = m_changedSince;
    if (!since && (!m_seenAny || revision != m_seenRevision)) since = now;
    if (!since || now - *since < kDelay) return false;
    return !m_lastWrite || now - *m_lastWrite >= kDelay;
}

void Recovery::update(const Document& document, const std::filesystem::path& file, Clock::time_point now) {
    collect(false);
    const std::uint64_t revision = document.revision();
    if (!document.dirty()) {
        m_changedSince.reset();
        m_seenRevision = revision;
        m_seenAny = true;
        if (m_ownsFiles) {
            wait();
            // The copy may hold the only pixels of a restored scene: delete it only once the saved file
            // is known to load.
            SceneLoadResult saved = file.empty() ? SceneLoadResult{} : loadScene(file);
            if (file.empty() || saved.ok()) {
                discard();
            } else {
                const std::filesystem::path kept = keepAside();
                m_messages.push_back("The saved scene " + file.string() + " does not load back (" + saved.message() +
                                     "), so the autosaved copy was kept" +
                                     (kept.empty() ? "" : " at " + kept.string()) + ".");
            }
        }
        return;
    }
    const bool due = writeDue(true, revision, now);
    if (!m_changedSince && (!m_seenAny || revision != m_seenRevision)) m_changedSince = now;
    m_seenRevision = revision;
    m_seenAny = true;
    if (!due) return;

    m_changedSince.reset();
    m_lastWrite = now;
    m_ownsFiles = true;
    // A copy: the worker must not see later edits; the pixels themselves are shared and immutable.
    m_inFlight = std::async(std::launch::async, [dir = m_dir, scene = document.fileScene(), file] {
        return writeFiles(dir, scene, file);
    });
}

std::string Recovery::write(const Scene& scene, const std::filesystem::path& original) {
    wait();
    if (m_dir.empty()) return "no folder for the recovery file (neither XDG_STATE_HOME nor HOME is set)";
    m_ownsFiles = true;
    const std::string error = writeFiles(m_dir, scene, original);
    if (error.empty()) ++m_writes;
    return error;
}

void Recovery::collect(bool block) {
    if (!m_inFlight.valid()) return;
    if (!block && m_inFlight.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    const std::string previous = m_lastError;
    m_lastError = m_inFlight.get();
    if (m_lastError.empty()) ++m_writes;
    else if (m_lastError != previous) m_messages.push_back("Autosave failed: " + m_lastError + ". Unsaved changes are not protected; save often.");
}

std::filesystem::path Recovery::keepAside() {
    wait();
    m_ownsFiles = false;
    if (m_dir.empty()) return {};
    const std::string stamp = compactUtcNow();
    std::filesystem::path kept = m_dir / ("recovery-kept-" + stamp + ".json");
    for (int n = 2; std::filesystem::exists(kept); ++n) kept = m_dir / ("recovery-kept-" + stamp + "-" + std::to_string(n) + ".json");
    std::error_code ec;
    std::filesystem::rename(sceneFile(), kept, ec);
    if (ec) {
        // Renaming failed: stop autosaving so nothing overwrites the copy this session.
        m_disabledReason = sceneFile().string() + " could not be set aside (" + ec.message() + ")";
        m_dir.clear();
        return {};
    }
    std::filesystem::path keptInfo = kept;
    keptInfo.replace_extension(".info.json");
    std::filesystem::rename(infoFile(), keptInfo, ec);
    return kept;
}

std::vector<std::string> Recovery::takeMessages() {
    collect(false);
    return std::exchange(m_messages, {});
}

void Recovery::wait() { collect(true); }

void Recovery::discard() {
    wait();
    if (m_dir.empty()) return;
    std::error_code ec;
    std::filesystem::remove(sceneFile(), ec);
    std::filesystem::remove(infoFile(), ec);
    m_ownsFiles = false;
}

}  // namespace cl
