// libFuzzer target: the sandbox's own files. The same bytes are read as settings.json (through
// loadSettings, so the file-size and JSON limits are exercised too), as recovery-info.json
// (parseRecoveryInfo) and as imgui.ini (sanitizedImguiIni). Whatever they hold, the result must be
// usable: settings within their clamps, a sidecar that is an object or null, an ini file whose lines
// ImGui may read. Also built without libFuzzer as a replay test (tests/fuzz/replay_main.cpp).

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>

#include "app/shell/app_settings.h"
#include "app/shell/imgui_ini.h"
#include "app/shell/recovery_info.h"
#include "app/tools/settings_fields.h"

namespace {

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_app_files: %s\n", what.c_str());
    std::abort();
}

std::filesystem::path scratchFile() {
    static const std::filesystem::path file = [] {
        std::string pattern = (std::filesystem::temp_directory_path() / "collision-lab-fuzz-app-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) fail("mkdtemp failed");
        return std::filesystem::path(pattern) / "settings.json";
    }();
    return file;
}

void checkSettings(const cl::AppSettings& s) {
    if (s.windowWidth < 640 || s.windowWidth > 8192 || s.windowHeight < 480 || s.windowHeight > 8192) fail("window size out of range");
    if (!(s.inspectorWidth >= 200.0f && s.inspectorWidth <= 1200.0f)) fail("inspector width out of range");
    if (!(s.bottomHeight >= 80.0f && s.bottomHeight <= 900.0f)) fail("bottom height out of range");
    if (!(s.localViewFraction >= 0.2f && s.localViewFraction <= 0.8f)) fail("local view fraction out of range");
    if (s.recentFiles.size() > cl::kMaxRecentFiles) fail("too many recent files");
    for (const auto& f : s.recentFiles) {
        if (f.empty() || f.find('\0') != std::string::npos) fail("an unusable recent file was kept");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    {
        std::ofstream out(scratchFile(), std::ios::binary | std::ios::trunc);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
    }
    std::vector<std::string> warnings;
    nlohmann::json fileJson;
    const cl::AppSettings settings = cl::loadSettings(scratchFile(), warnings, &fileJson);
    checkSettings(settings);
    if (!fileJson.is_object()) fail("the settings file's object is not an object");
    // The Step through tool reads its speed from the same object with the shared field reader.
    double stepSpeed = 60.0;
    cl::readSettingsNumber(fileJson, "step_speed", stepSpeed, 1.0, 1.0e6, warnings);
    if (!(stepSpeed >= 1.0 && stepSpeed <= 1.0e6)) fail("step speed out of range");
    // What was read is written back and read again without a warning and unchanged.
    const std::string saveError = cl::saveSettings(settings, scratchFile());
    if (!saveError.empty()) fail("settings could not be saved: " + saveError);
    std::vector<std::string> again;
    if (!(cl::loadSettings(scratchFile(), again) == settings) || !again.empty()) fail("settings changed on a round trip");

    const nlohmann::json info = cl::parseRecoveryInfo(text);
    if (!info.is_null() && !info.is_object()) fail("a sidecar is neither an object nor null");

    std::vector<std::string> iniWarnings;
    const std::string ini = cl::sanitizedImguiIni(text, "imgui.ini", iniWarnings);
    if (ini.size() > text.size() + text.size() / 2 + 1) fail("the cleaned ini file grew");
    if (ini.find('\0') != std::string::npos) fail("a NUL byte reached ImGui");
    return 0;
}
