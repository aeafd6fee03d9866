#include "app/views/world_view.h"

#include <cmath>
#include <string>

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Sprite.hpp>

#include "app/views/label_declutter.h"
#include "app/views/view_drawing.h"
#include "core/base/sprite_transform.h"

namespace cl {

namespace {

// Zoomed-in pixels narrower than this (in screen pixels) get no grid: it would only darken the sprite.
constexpr double kGridMinPixelPx = 6.0;

bool on(const OverlayFlags& flags, Overlay o) { return flags[static_cast<std::size_t>(o)]; }

void drawRectOutline(ImDrawList* list, const glm::dmat3& toScreen, const Rect& r, ImU32 colour, float thickness) {
    const glm::dvec2 pts[4] = {transformPoint(toScreen, r.min), transformPoint(toScreen, {r.max.x, r.min.y}),
                               transformPoint(toScreen, r.max), transformPoint(toScreen, {r.min.x, r.max.y})};
    drawPolyline(list, pts, 4, colour, thickness);
}

void appendGrid(sf::VertexArray& lines, const glm::dmat3& toScreen, int width, int height, sf::Color colour) {
    for (int x = 0; x <= width; ++x) {
        const glm::dvec2 a = transformPoint(toScreen, {double(x), 0.0});
        const glm::dvec2 b = transformPoint(toScreen, {double(x), double(height)});
        lines.append(sf::Vertex(sf::Vector2f(float(a.x), float(a.y)), colour));
        lines.append(sf::Vertex(sf::Vector2f(float(b.x), float(b.y)), colour));
    }
    for (int y = 0; y <= height; ++y) {
        const glm::dvec2 a = transformPoint(toScreen, {0.0, double(y)});
        const glm::dvec2 b = transformPoint(toScreen, {double(width), double(y)});
        lines.append(sf::Vertex(sf::Vector2f(float(a.x), float(a.y)), colour));
        lines.append(sf::Vertex(sf::Vector2f(float(b.x), float(b.y)), colour));
    }
}

// Screen size of one texture pixel along its smaller side.
double pixelScreenSize(const SpriteTransform& t, double zoom) {
    return std::min(std::abs(t.scale.x), std::abs(t.scale.y)) * zoom;
}

}  // namespace

void WorldView::submit(sf::RenderTarget& target) {
    clipTo(target, m_viewport);
    sf::RectangleShape background(sf::Vector2f(float(m_viewport.size().x), float(m_viewport.size().y)));
    background.setPosition(float(m_viewport.min.x), float(m_viewport.min.y));
    background.setFillColor(m_background);
    target.draw(background);
    for (const SpriteDraw& d : m_spriteDraws) target.draw(sf::Sprite(*d.texture), sf::RenderStates(d.transform));
    if (m_overlapPixels && !m_overlapPixels->empty()) {
        target.draw(m_overlapPixels->data(), m_overlapPixels->size(), sf::Quads, sf::RenderStates(m_toScreen));
    }
    target.draw(m_grid);
    target.setView(target.getDefaultView());
}

void WorldView::build(ImDrawList* list, const WorldViewFrame& f, SpriteTextures& textures) {
    const Scene& scene = *f.scene;
    const CollisionReport& report = *f.report;
    const Camera& camera = *f.camera;
    const Rect vp = camera.viewport();
    const PairAnalysis& pair = report.pair();
    const double zoom = camera.zoom();
    const glm::dmat3 toScreen = screenFromWorld(camera.worldToScreen({0.0, 0.0}), zoom);
    const sf::Transform sfToScreen = toSfTransform(toScreen);

    m_viewport = vp;
    m_background = toSfColor(pair.hit ? palette::kBackgroundHit : palette::kBackground);
    m_toScreen = sfToScreen;

    m_spriteDraws.clear();
    for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
        const sf::Texture* texture = textures.get(scene.sprites[i].pixels);
        if (texture) m_spriteDraws.push_back({texture, sfToScreen * toSfTransform(worldMatrix(scene.sprites[i].transform))});
    }

    m_overlapPixels = on(f.overlays, Overlay::OverlapPixels) && pair.a >= 0 && f.scan ? &f.scan->overlapQuadsWorld : nullptr;

    m_grid.clear();
    if (on(f.overlays, Overlay::PixelGrid)) {
        const sf::Color colour = toSfColor(overlayInfo(Overlay::PixelGrid).rgba);
        for (const SceneSprite& sprite : scene.sprites) {
            if (!sprite.pixels || pixelScreenSize(sprite.transform, zoom) < kGridMinPixelPx) continue;
            appendGrid(m_grid, toScreen * worldMatrix(sprite.transform), sprite.pixels->width, sprite.pixels->height, colour);
        }
    }

    list->PushClipRect(toIm(vp.min), toIm(vp.max), true);
    const auto& shapes = report.sprites();
    if (on(f.overlays, Overlay::AabbOverlap) && pair.aabbOverlap) {
        const std::uint32_t c = overlayInfo(Overlay::AabbOverlap).rgba;
        const glm::dvec2 a = transformPoint(toScreen, pair.aabbOverlap->min);
        const glm::dvec2 b = transformPoint(toScreen, pair.aabbOverlap->max);
        list->AddRectFilled(toIm(a), toIm(b), toImColor(withAlpha(c, 48)));
        list->AddRect(toIm(a), toIm(b), toImColor(c), 0.0f, 0, 2.0f);
    }
    // Many sprites: only the pair, the selection and what is near the pointer get labels, outlines and pivots.
    DeclutterInput declutter{.screenBoxes = {}, .pairA = pair.a, .pairB = pair.b, .selected = f.selection.sprite, .pointer = f.pointer, .all = f.allLabels};
    for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
        const Rect box = i < shapes.size() ? shapes[i].aabb : Rect{};
        declutter.screenBoxes.push_back(Rect{transformPoint(toScreen, box.min), transformPoint(toScreen, box.max)});
    }
    const std::vector<bool> annotated = annotatedSprites(declutter);
    for (std::size_t i = 0; i < shapes.size() && i < scene.sprites.size(); ++i) {
        if (!annotated[i]) continue;
        const SpriteShapes& s = shapes[i];
        if (on(f.overlays, Overlay::WorldAabb)) {
            drawRectOutline(list, toScreen, s.aabb, toImColor(overlayInfo(Overlay::WorldAabb).rgba), 1.5f);
        }
        if (on(f.overlays, Overlay::TightAabb) && s.tightAabb) {
            drawRectOutline(list, toScreen, *s.tightAabb, toImColor(overlayInfo(Overlay::TightAabb).rgba), 1.5f);
        }
        if (on(f.overlays, Overlay::Obb)) {
            glm::dvec2 pts[4];
            for (int k = 0; k < 4; ++k) pts[k] = transformPoint(toScreen, s.quad[k]);
            drawPolyline(list, pts, 4, toImColor(overlayInfo(Overlay::Obb).rgba), 1.5f);
        }
        if (on(f.overlays, Overlay::Circles) && s.circle) {
            list->AddCircle(toIm(transformPoint(toScreen, s.circle->center)), float(s.circle->radius * zoom),
                            toImColor(overlayInfo(Overlay::Circles).rgba), 96, 1.5f);
        }
    }

    if (on(f.overlays, Overlay::FirstHit) && pair.scan.firstHit) {
        drawCrosshair(list, transformPoint(toScreen, pair.scan.firstHit->world), toImColor(overlayInfo(Overlay::FirstHit).rgba));
    }

    if (f.selection.sprite >= 0 && f.selection.sprite < int(shapes.size())) {
        glm::dvec2 pts[4];
        for (int k = 0; k < 4; ++k) pts[k] = transformPoint(toScreen, shapes[f.selection.sprite].quad[k]);
        drawPolyline(list, pts, 4, toImColor(withAlpha(palette::kSelection, 160)), 1.0f);
    }

    if (f.handles) {
        const HandleLayout& h = *f.handles;
        const float r = float(h.radiusPx);
        auto colourFor = [&](Handle handle, int corner) {
            const bool hot = f.hover.sprite == h.sprite && f.hover.handle == handle && (corner < 0 || f.hover.corner == corner);
            return toImColor(hot ? palette::kHandleHover : palette::kHandle);
        };
        list->AddLine(toIm(h.stemScreen), toIm(h.rotateKnobScreen), toImColor(palette::kHandle), 1.5f * f.uiScale);
        list->AddCircleFilled(toIm(h.rotateKnobScreen), r, colourFor(Handle::Rotate, -1));
        list->AddCircle(toIm(h.rotateKnobScreen), r, IM_COL32(0, 0, 0, 255), 20, 1.5f * f.uiScale);
        for (int k = 0; k < 4; ++k) {
            const ImVec2 c = toIm(h.cornersScreen[k]);
            list->AddRectFilled(ImVec2(c.x - r * 0.7f, c.y - r * 0.7f), ImVec2(c.x + r * 0.7f, c.y + r * 0.7f), colourFor(Handle::Corner, k));
            list->AddRect(ImVec2(c.x - r * 0.7f, c.y - r * 0.7f), ImVec2(c.x + r * 0.7f, c.y + r * 0.7f), IM_COL32(0, 0, 0, 255));
        }
    }

    for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
        if (!annotated[i]) continue;
        const glm::dvec2 pivot = transformPoint(toScreen, scene.sprites[i].transform.position);
        if (on(f.overlays, Overlay::Pivots)) {
            const ImU32 c = toImColor(overlayInfo(Overlay::Pivots).rgba);
            const bool hot = f.hover.sprite == int(i) && f.hover.handle == Handle::Pivot;
            const float ui = f.uiScale;
            list->AddCircle(toIm(pivot), 5.0f * ui, hot ? toImColor(palette::kHandleHover) : c, 16, 2.0f * ui);
            list->AddLine(toIm(pivot - glm::dvec2(8.0 * ui, 0)), toIm(pivot + glm::dvec2(8.0 * ui, 0)), c, ui);
            list->AddLine(toIm(pivot - glm::dvec2(0, 8.0 * ui)), toIm(pivot + glm::dvec2(0, 8.0 * ui)), c, ui);
        }
        std::string label = scene.sprites[i].name;
        if (int(i) == pair.a) label += " (A)";
        if (int(i) == pair.b) label += " (B)";
        const Rect& box = i < shapes.size() ? shapes[i].aabb : Rect{};
        drawLabel(list, transformPoint(toScreen, {box.min.x, box.min.y}) + glm::dvec2(0, -(ImGui::GetFontSize() + 3.0)), IM_COL32(255, 255, 255, 230), label.c_str());
    }
    if (decluttered(declutter)) {
        // Say what is left out and how to see it, bottom-left of the view.
        const std::string hint = std::to_string(scene.sprites.size()) + " sprites: the pair and those near the pointer labelled (L: all)";
        const float line = ImGui::GetFontSize() + 6.0f;
        drawLabel(list, glm::dvec2(vp.min.x + 6.0, vp.max.y - double(line)), IM_COL32(200, 205, 215, 230), hint.c_str());
    }
    list->PopClipRect();
}

}  // namespace cl
