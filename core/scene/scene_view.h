#pragma once
// SceneView: the scene file's `view` block, typed — how the sandbox shows the scene when it opens it.
//
// view {"tool": "contact", "pair": "A/B", "algorithm": "pixel-fast", "overlays": {"circles": true, "obb": false}}
// Every field is optional. The timeline frame a scene opens on is the scene's own `frame`. The names of tools and
// overlays belong to the app: core checks their shape (a non-empty name, booleans), the sandbox checks the names
// (viewNameProblems()) and the course test checks the bundled lessons against the app's tables. Any other key is
// kept as written (the app may store more, e.g. a camera), so a file loads and saves back unchanged.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace cl {

/// The typed view block of a scene.
struct SceneView {
    std::optional<std::string> tool;                          ///< The inspector tab to open (a tool id, e.g. "contact").
    std::optional<std::pair<std::string, std::string>> pair;  ///< The selected pair, A (scanned) first.
    std::optional<std::string> algorithm;                     ///< The test the views draw (a core test name).
    std::vector<std::pair<std::string, bool>> overlays;       ///< Overlays switched on or off, in file order.
    nlohmann::json rest = nlohmann::json::object();           ///< Every other key, kept as written.
    /// Field-by-field equality.
    friend bool operator==(const SceneView&, const SceneView&) = default;
};

/// Reports one problem: its JSON path (e.g. "view.pair") and the message.
using ViewProblem = std::function<void(std::string path, std::string message)>;

/// Reads the view block (an object); the pair must name two different sprites of `spriteNames` and the
/// algorithm a core test. Problems go to `problem`; what is wrong is left unset.
SceneView readSceneView(const nlohmann::json& view, const std::vector<std::string>& spriteNames, const ViewProblem& problem);

/// The view block as the file holds it: the typed fields, then the other keys.
nlohmann::json sceneViewJson(const SceneView& view);

/// Problems with the names the app owns: a tool id not in `tools`, an overlay key not in `overlays`
/// (paths "view.tool", "view.overlays.<key>"). Empty when every name is known.
std::vector<std::pair<std::string, std::string>> viewNameProblems(const SceneView& view, const std::vector<std::string>& tools,
                                                                  const std::vector<std::string>& overlays);

}  // namespace cl
