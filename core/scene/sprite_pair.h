#pragma once
// A pair of sprites as scene files write it, "A/B": read with the loader's paths and messages (the view's pair,
// a task goal's pair, a solution's pair step).

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace cl {

/// The names joined with ", ", for messages that list what is known ("sprites: F, R").
std::string namesText(const std::vector<std::string>& names);

/// Reads "A/B": two different names of `spriteNames`, A first. Problems go to `problem` at `path`; empty then.
std::optional<std::pair<std::string, std::string>> readSpritePair(const nlohmann::json& value, const std::string& path,
                                                                  const std::vector<std::string>& spriteNames,
                                                                  const std::function<void(std::string path, std::string message)>& problem);

}  // namespace cl
