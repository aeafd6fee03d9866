#include "core/scene/sprite_pair.h"

#include <algorithm>

#include "core/io/json_text.h"

namespace cl {
std::string namesText(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

std::optional<std::pair<std::string, std::string>> readSpritePair(const nlohmann::json& value, const std::string& path,
                                                                  const std::vector<std::string>& spriteNames,
                                                                  const std::function<void(std::string path, std::string message)>& problem) {
    const std::string text = value.is_string() ? value.get<std::string>() : std::string();
    const auto slash = text.find('/');
    if (!value.is_string() || slash == std::string::npos || text.find('/', slash + 1) != std::string::npos) {
        problem(path, "must be \"A/B\" (two sprite names), got " + describeJson(value));
        return std::nullopt;
    }
    std::string a = text.substr(0, slash), b = text.substr(slash + 1);
    bool ok = true;
    for (const std::string& name : {a, b}) {
        if (std::find(spriteNames.begin(), spriteNames.end(), name) == spriteNames.end()) {
            problem(path, "no sprite is named " + jsonQuoted(name) + " (sprites: " + namesText(spriteNames) + ")");
            ok = false;
        }
    }
    if (ok && a == b) {
        problem(path, "names " + jsonQuoted(a) + " twice; a pair is two different sprites");
        ok = false;
    }
    if (!ok) return std::nullopt;
    return std::pair{std::move(a), std::move(b)};
}

}  // namespace cl
