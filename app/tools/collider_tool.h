#pragma once
// The Collider tool: the selected sprite's collider (core/collider/: its shown frame, threshold and flips, with
// its `collider` settings) drawn over it in the world view — each piece's outline, vertices and index — and its
// error as a heat map (missed pixels in one colour, extra pixels in another), with the certificate's numbers, and
// the pair's pose map (app/tools/pose_map_view.h): every offset of B where the collider and the pixels disagree.
// Mode, epsilon, max vertices and threshold edit the scene (undoable); the collider is made on the tool's
// LatestWorker so dragging epsilon never holds up a frame. Export... asks for the file in the app's file browser
// (a BrowseToSave request: it asks before replacing a file) and writes what `collision-lab collider` writes for the
// same settings in the format chosen beside it (app/cli/collider_output.h), atomically under the output rule.

#include <array>
#include <map>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "app/tools/pose_map_view.h"
#include "app/tools/tool.h"
#include "core/collider/collider_certificate.h"
#include "core/collider/collider_types.h"

namespace cl {

class Document;
class MaskCache;
class ColliderWorker;

/// What the tool's collider is made from: one sprite's shown pixels at its threshold, with its settings.
struct ColliderToolJob {
    int sprite = -1;
    std::shared_ptr<const RgbaImage> pixels;
    int threshold = 0;
    ColliderOptions options;
    bool operator==(const ColliderToolJob&) const = default;
};

/// The collider of a job, its certificate and the pixels behind the certificate's counts.
struct ColliderToolAnswer {
    ColliderToolJob job;
    Collider collider;
    ColliderPixelErrors errors;
    double ms = 0.0;  ///< Time to make and certify it.
};

/// The job for sprite `index` of `scene` (its pixels, threshold and colliderOptions()); nullopt when there is
/// no such sprite or it has no pixels.
std::optional<ColliderToolJob> colliderJobFor(const Scene& scene, int index);

/// Makes `job`'s collider with makeCollider and lists its error pixels; `masks` caches the masks.
ColliderToolAnswer buildColliderAnswer(const ColliderToolJob& job, MaskCache& masks);

/// Sets sprite `index`'s `collider` block to `options` as one undo step ("Collider of NAME"), merged with the
/// previous edit under the same non-empty `mergeKey` (one drag of a slider is one step). Epsilon is clamped to
/// [kMinToolEpsilon, kMaxToolEpsilon] and max vertices to 3..64. False for a bad index.
bool setSpriteCollider(Document& doc, int index, ColliderOptions options, std::string_view mergeKey = {});

/// The range the tool's epsilon control keeps to (the CLI's --epsilon allows up to 1e6 too).
inline constexpr double kMinToolEpsilon = 0.01;
inline constexpr double kMaxToolEpsilon = 1.0e6;

/// The default file an export of `sprite` in `format` goes to: SPRITE.collider.json (or .h for box2d) beside the
/// scene file, else in the current folder.
std::filesystem::path defaultColliderExportFile(const std::filesystem::path& sceneFile, const std::string& spriteName,
                                                const std::string& format);

/// Writes `answer`'s collider of `sprite` to `file` in `format` (one of colliderFormats()) with colliderOutput —
/// the bytes `collision-lab collider SCENE --sprite NAME --format FORMAT` writes for the same settings — atomically,
/// after the output rule (`file` must be none of the scene's and the sprite's files). Empty on success; else the
/// message, and nothing was written.
std::string exportSpriteCollider(const SceneSprite& sprite, const ColliderToolAnswer& answer, const std::string& format,
                                 const std::filesystem::path& file, const std::filesystem::path& sceneFile);

/// See the file comment.
class ColliderTool : public Tool {
public:
    ColliderTool();
    ~ColliderTool() override;
    std::string_view id() const override { return "collider"; }
    std::string_view title() const override { return "Collider"; }
    std::string_view help() const override {
        return "the selected sprite's convex collider over it, its missed and extra pixels as a heat map, mode / epsilon / "
               "max vertices / threshold live, the certificate, Export..., and every pose of B where the collider and the "
               "pixels disagree (click one to go there)";
    }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    bool overlayActive() const override { return m_panelOpen && m_shown && (m_showPieces || m_showErrors); }
    void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const override;
    void sceneOpened() override;
    Shortcut shortcut() const override { return {Key::F6}; }
    void addCommands(CommandTable& commands) override;
    void describeUi(nlohmann::json& ui) const override;
    void saveSettings(nlohmann::json& settings) const override;
    void loadSettings(const nlohmann::json& settings, std::vector<std::string>& warnings) override;

private:
    void ask(const ToolContext& ctx);
    void drawControls(ToolContext& ctx, int sprite);
    void drawCertificate(const ToolContext& ctx);
    void drawExport(ToolContext& ctx, int sprite);

    bool m_panelOpen = false;  // the tab was drawn this frame (update() clears it)
    bool m_showPieces = true;
    bool m_showErrors = true;
    std::optional<ColliderToolJob> m_asked;
    std::shared_ptr<const ColliderToolAnswer> m_shown;
    int m_exportFormat = 1;                  // index into colliderFormats(): json
    std::string m_exportMessage;
    std::map<std::string, std::array<float, 4>> m_widgets;  // each control's screen rectangle (x0, y0, x1, y1)
    PoseMapView m_poseMap;                     // every pose of the pair: collider vs pixels
    std::unique_ptr<ColliderWorker> m_worker;  // last: stops before the state above goes
};

}  // namespace cl
