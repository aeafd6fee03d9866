#include "app/recovery.h"

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/atomic_file.h"

namespace cl {

namespace {

constexpr const char* kInfoFormat = "collision-lab/recovery-info";

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
    const SceneSaveResult saved = saveScene(scene, dir / "recovery.json", options);
    if (!saved.ok()) return saved.error;

    nlohmann::json info;
    info["format"] = kInfoFormat;
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
    return writeFileAtomically(dir / "recovery-info.json", info.dump(2) + "\n");
}

// The sidecar as JSON, or null when it is missing or unreadable (the recovery scene still counts).
nlohmann::json readInfo(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return nullptr;
    std::stringstream text;
    text << in.rdbuf();
    nlohmann::json json = nlohmann::json::parse(text.str(), nullptr, false);
    if (!json.is_object() || json.value("format", "") != kInfoFormat) return nullptr;
    return json;
}

RecoveryInfo infoFrom(const nlohmann::json& json) {
    RecoveryInfo info;
    if (json.is_null()) return info;
    if (const auto it = json.find("original"); it != json.end() && it->is_string()) info.original = it->get<std::string>();
    if (const auto it = json.find("saved_at"); it != json.end() && it->is_string()) info.savedAt = it->get<std::string>();
    return info;
}

}  // namespace

Recovery::Recovery(std::filesystem::path dir) : m_dir(std::move(dir)) {}

Recovery::~Recovery() { wait(); }

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
    // Sprites that came from image files point at them again, so a later Save writes paths, not PNG data.
    if (!info.is_null() && info.contains("sprites") && info["sprites"].is_array() &&
        info["sprites"].size() == scene.sprites.size()) {
        for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
            const nlohmann::json& s = info["sprites"][i];
            if (!s.is_object() || !s.contains("image") || !s["image"].is_string() || !s.contains("image_path") ||
                !s["image_path"].is_string()) {
                continue;
            }
            scene.sprites[i].image = s["image"].get<std::string>();
            scene.sprites[i].imagePath = s["image_path"].get<std::string>();
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
        if (m_ownsFiles) discard();
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
    m_inFlight = std::async(std::launch::async, [dir = m_dir, scene = document.scene(), file] {
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
    m_lastError = m_inFlight.get();
    if (m_lastError.empty()) ++m_writes;
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
