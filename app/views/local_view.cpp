#include "app/views/local_view.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Sprite.hpp>

#include "app/views/overlap_text.h"
#include "app/views/view_drawing.h"
#include "app/editor/view_framing.h"
#include "core/base/sprite_transform.h"

namespace cl {

namespace {

constexpr double kGridMinPixelPx = 6.0;
const sf::Color kGhostReference(200, 200, 200, 235);
const sf::Color kGhostOther(150, 150, 150, 190);
// Pixels kept free around the framed content.
constexpr double kFrameMarginPx = 16.0;

struct LocalPair {
    int reference = -1;
    int other = -1;
    glm::dmat3 otherToReference{1.0};  // inverse(reference) * other
    glm::dmat3 aToReference{1.0};      // where A's pixels land in the reference's texture
};

LocalPair localPair(const LocalViewFrame& in) {
    LocalPair lp;
    const PairAnalysis& pair = in.report->pair();
    if (pair.a < 0) return lp;
    const glm::dmat3& aToB = pair.transform.aToB;
    if (*in.referenceIsB) {
        lp.reference = pair.b;
        lp.other = pair.a;
        lp.otherToReference = aToB;
        lp.aToReference = aToB;
    } else {
        lp.reference = pair.a;
        lp.other = pair.b;
        lp.otherToReference = affineInverse(aToB);
        lp.aToReference = glm::dmat3(1.0);
    }
    return lp;
}

}  // namespace

void LocalView::frame(const LocalViewFrame& in) {
    const LocalPair lp = localPair(in);
    if (lp.reference < 0) return;
    const Scene& scene = *in.scene;
    const auto& ref = *scene.sprites[lp.reference].pixels;
    const auto& other = *scene.sprites[lp.other].pixels;
    Rect box{{0.0, 0.0}, {double(ref.width), double(ref.height)}};
    const glm::dvec2 corners[4] = {{0, 0}, {double(other.width), 0}, {double(other.width), double(other.height)}, {0, double(other.height)}};
    for (const glm::dvec2& c : corners) {
        const glm::dvec2 p = transformPoint(lp.otherToReference, c);
        box.min = glm::min(box.min, p);
        box.max = glm::max(box.max, p);
    }
    // Room for the labels drawn beside the content: the titles above and below the ghosts, and with B as
    // the reference the "start" label on the left and the step-vector labels on the right.
    const double line = ImGui::GetTextLineHeightWithSpacing();
    Insets reserved{kFrameMarginPx, kFrameMarginPx + line, kFrameMarginPx, kFrameMarginPx + line};
    if (*in.referenceIsB) {
        const glm::dvec2 start = in.report->pair().transform.start;
        box.min = glm::min(box.min, start);
        box.max = glm::max(box.max, start);
        // Labels are kept inside the view anyway, so in a narrow view they may cover the ghosts a little
        // rather than shrink them to nothing: each side reserves at most a fifth of the width.
        const double most = 0.2 * in.camera->viewport().size().x;
        reserved.left += std::min(most, double(ImGui::CalcTextSize("start").x));
        reserved.right += std::min(most, double(ImGui::CalcTextSize("stepY (-0.000, -0.000)").x));
    }
    const Camera& camera = *in.camera;
    if (const auto f = frameContent(box, camera.viewport(), reserved, Camera::kMinZoom, Camera::kMaxZoom)) {
        in.camera->setZoom(f->zoom);
        in.camera->setCenter(f->center);
    }
}

void LocalView::submit(sf::RenderTarget& target) {
    clipTo(target, m_viewport);
    sf::RectangleShape background(sf::Vector2f(float(m_viewport.size().x), float(m_viewport.size().y)));
    background.setPosition(float(m_viewport.min.x), float(m_viewport.min.y));
    background.setFillColor(toSfColor(palette::kLocalBackground));
    target.draw(background);
    for (const GhostDraw& g : m_ghosts) {
        if (!g.texture) continue;
        sf::Sprite sprite(*g.texture);
        sprite.setColor(g.colour);
        target.draw(sprite, sf::RenderStates(g.transform));
    }
    target.draw(m_grid, sf::RenderStates(m_toScreen));
    for (const std::vector<sf::Vertex>* quads : {m_samples, m_hits}) {
        if (quads && !quads->empty()) target.draw(quads->data(), quads->size(), sf::Quads, sf::RenderStates(m_samplesToScreen));
    }
    target.setView(target.getDefaultView());
}

bool LocalView::build(ImDrawList* list, const LocalViewFrame& in, const ScanGeometry& scan, SpriteTextures& textures) {
    const Rect vp = in.view;
    const Camera& camera = *in.camera;
    m_viewport = vp;

    const LocalPair lp = localPair(in);
    const Scene& scene = *in.scene;
    const PairAnalysis& pair = in.report->pair();
    const glm::dmat3 toScreen = screenFromWorld(camera.worldToScreen({0.0, 0.0}), camera.zoom());
    const sf::Transform sfToScreen = toSfTransform(toScreen);

    m_toScreen = sfToScreen;
    m_ghosts[0] = m_ghosts[1] = GhostDraw{};
    m_grid.clear();
    m_samples = m_hits = nullptr;
    if (lp.reference >= 0) {
        const SceneSprite& ref = scene.sprites[lp.reference];
        const SceneSprite& other = scene.sprites[lp.other];
        m_ghosts[0] = {textures.getGray(ref.pixels), sfToScreen, kGhostReference};
        m_ghosts[1] = {textures.getGray(other.pixels), sfToScreen * toSfTransform(lp.otherToReference), kGhostOther};
        if (camera.zoom() >= kGridMinPixelPx) {
            const sf::Color colour(255, 255, 255, 36);
            const int w = ref.pixels->width, h = ref.pixels->height;
            for (int x = 0; x <= w; ++x) {
                m_grid.append(sf::Vertex(sf::Vector2f(float(x), 0.0f), colour));
                m_grid.append(sf::Vertex(sf::Vector2f(float(x), float(h)), colour));
            }
            for (int y = 0; y <= h; ++y) {
                m_grid.append(sf::Vertex(sf::Vector2f(0.0f, float(y)), colour));
                m_grid.append(sf::Vertex(sf::Vector2f(float(w), float(y)), colour));
            }
        }
        // The dots are in A's texture space: mapped into the reference with the same matrix as A's pixels.
        const ScanGeometry& g = scan;
        if (*in.showSamples) m_samples = g.samplesInA.get();
        m_hits = &g.hitsInA;
        m_samplesToScreen = sfToScreen * toSfTransform(lp.aToReference);
    }

    list->PushClipRect(toIm(vp.min), toIm(vp.max), true);
    list->AddLine(ImVec2(float(vp.min.x) - 1.0f, float(vp.min.y)), ImVec2(float(vp.min.x) - 1.0f, float(vp.max.y)),
                  IM_COL32(90, 90, 100, 255), 2.0f);
    if (lp.reference >= 0) {
        const SceneSprite& ref = scene.sprites[lp.reference];
        const SceneSprite& other = scene.sprites[lp.other];
        const double w = ref.pixels->width, h = ref.pixels->height;
        const glm::dvec2 box[4] = {transformPoint(toScreen, {0, 0}), transformPoint(toScreen, {w, 0}),
                                   transformPoint(toScreen, {w, h}), transformPoint(toScreen, {0, h})};
        drawPolyline(list, box, 4, IM_COL32(220, 220, 220, 200), 1.5f);
        const double ow = other.pixels->width, oh = other.pixels->height;
        const glm::dmat3 otherToScreen = toScreen * lp.otherToReference;
        const glm::dvec2 obox[4] = {transformPoint(otherToScreen, {0, 0}), transformPoint(otherToScreen, {ow, 0}),
                                    transformPoint(otherToScreen, {ow, oh}), transformPoint(otherToScreen, {0, oh})};
        drawPolyline(list, obox, 4, IM_COL32(160, 160, 200, 200), 1.0f);
        // The crosshair before the labels, so that no label is drawn under it.
        if ((*in.overlays)[std::size_t(Overlay::FirstHit)] && pair.scan.firstHit) {
            const double offset = sampleOffset(scene.sampling);
            const glm::dvec2 p = transformPoint(lp.aToReference, glm::dvec2(pair.scan.firstHit->a) + glm::dvec2(offset, offset));
            drawCrosshair(list, transformPoint(toScreen, p), toImColor(overlayInfo(Overlay::FirstHit).rgba));
        }
        // Shorter titles when the long ones would run past the view's right edge.
        const std::string refTitles[] = {ref.name + " (reference, never moves)", ref.name + " (reference)", ref.name};
        const std::string otherTitles[] = {other.name + " as inverse(" + ref.name + ") * " + other.name, other.name + " in " + ref.name + "'s pixels",
                                           other.name};
        drawFittingLabel(list, box[0] + glm::dvec2(0.0, -(ImGui::GetFontSize() + 3.0)), IM_COL32(230, 230, 230, 255), refTitles);
        drawFittingLabel(list, obox[3] + glm::dvec2(0, 4), IM_COL32(190, 190, 230, 255), otherTitles);

        if (*in.referenceIsB) {
            const PairTransform& t = pair.transform;
            list->AddCircleFilled(toIm(transformPoint(toScreen, t.start)), 4.0f, IM_COL32(255, 255, 255, 255));
            // Left of the point, or above it when that would cross the view's left edge (the step vectors'
            // labels take the right).
            const glm::dvec2 startAt = transformPoint(toScreen, t.start);
            const double labelWidth = ImGui::CalcTextSize("start").x;
            const glm::dvec2 labelAt = startAt.x - labelWidth - 6.0 >= vp.min.x + 2.0
                                           ? glm::dvec2(startAt.x - labelWidth - 6.0, startAt.y + 6.0)
                                           : glm::dvec2(std::max(vp.min.x + 2.0, startAt.x - labelWidth / 2.0), startAt.y - 24.0);
            drawLabel(list, labelAt, IM_COL32(255, 255, 255, 255), "start");
            drawStepVectors(list, toScreen, camera.zoom(), t.start, t.stepX, t.stepY);
        }
    }
    list->PopClipRect();

    return drawControls(in, scan);
}

bool LocalView::drawControls(const LocalViewFrame& in, const ScanGeometry& scan) {
    const Rect& r = in.bar;
    if (r.size().y <= 0.0) return false;
    bool reframe = false;
    const PairAnalysis& pair = in.report->pair();
    ImGui::SetNextWindowPos(ImVec2(float(r.min.x), float(r.min.y)), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(float(r.size().x), float(r.size().y)), ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing;
    if (ImGui::Begin("Local space", nullptr, flags)) {
        const ImGuiStyle& style = ImGui::GetStyle();
        const float right = ImGui::GetWindowContentRegionMax().x;
        // Items flow left to right and wrap when the strip is narrow; the strip grows to fit them.
        auto place = [&](float width) {
            ImGui::SameLine();
            if (ImGui::GetCursorPosX() + width > right) ImGui::NewLine();
        };
        const float radio = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize("B").x;
        ImGui::TextUnformatted("Local space  reference:");
        place(radio);
        if (ImGui::RadioButton("B", *in.referenceIsB)) {
            *in.referenceIsB = true;
            reframe = true;
        }
        place(radio);
        if (ImGui::RadioButton("A", !*in.referenceIsB)) {
            *in.referenceIsB = false;
            reframe = true;
        }
        place(ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize("samples").x);
        ImGui::Checkbox("samples", in.showSamples);
        place(ImGui::CalcTextSize("frame").x + style.FramePadding.x * 2.0f);
        if (ImGui::SmallButton("frame")) reframe = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Fit both ghosts and their labels into the view");
        if (scan.samplesOmitted) {
            const char* text = "A has too many solid pixels to draw every sample";
            place(ImGui::CalcTextSize(text).x);
            ImGui::TextDisabled("%s", text);
        }
        if (pair.a >= 0 && pair.pixelTest) {
            // The legend's colour for overlaps: the same marks in both views.
            const std::uint32_t rgba = withAlpha(overlayInfo(Overlay::OverlapPixels).rgba, 255);
            const std::string text = overlapCountText(*pair.pixelTest, pair.scan) +
                                     (scan.hitsAsRuns ? " (drawn as runs: too many for dots)" : "");
            place(std::min(ImGui::CalcTextSize(text.c_str()).x, right * 0.5f));
            ImGui::PushStyleColor(ImGuiCol_Text, toImColor(rgba));
            ImGui::PushTextWrapPos(right);  // a long count wraps inside the strip, which grows to fit it
            ImGui::TextUnformatted(text.c_str());
            ImGui::PopTextWrapPos();
            ImGui::PopStyleColor();
        }
        // The height the rows took: the layout gives the strip exactly this from the next frame on.
        *in.barHeight = ImGui::GetCursorPosY() - style.ItemSpacing.y + style.WindowPadding.y;
    }
    ImGui::End();
    return reframe;
}

}  // namespace cl
