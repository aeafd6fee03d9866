#include "app/views/view_drawing.h"

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include <SFML/Graphics/View.hpp>

#include "app/views/number_format.h"
#include "app/views/overlays.h"
#include "app/editor/view_framing.h"
#include "core/base/sprite_transform.h"

namespace cl {

sf::Transform toSfTransform(const glm::dmat3& m) {
    return sf::Transform(static_cast<float>(m[0][0]), static_cast<float>(m[1][0]), static_cast<float>(m[2][0]),
                         static_cast<float>(m[0][1]), static_cast<float>(m[1][1]), static_cast<float>(m[2][1]),
                         0.0f, 0.0f, 1.0f);
}

glm::dmat3 screenFromWorld(glm::dvec2 offset, double zoom) {
    glm::dmat3 m(1.0);
    m[0][0] = zoom;
    m[1][1] = zoom;
    m[2][0] = offset.x;
    m[2][1] = offset.y;
    return m;
}

sf::Color toSfColor(std::uint32_t rgba) {
    return sf::Color(static_cast<sf::Uint8>(rgba >> 24), static_cast<sf::Uint8>(rgba >> 16),
                     static_cast<sf::Uint8>(rgba >> 8), static_cast<sf::Uint8>(rgba));
}

ImU32 toImColor(std::uint32_t rgba) {
    return IM_COL32((rgba >> 24) & 0xFF, (rgba >> 16) & 0xFF, (rgba >> 8) & 0xFF, rgba & 0xFF);
}

std::uint32_t withAlpha(std::uint32_t rgba, std::uint8_t alpha) { return (rgba & 0xFFFFFF00u) | alpha; }

void clipTo(sf::RenderTarget& target, const Rect& r) {
    const sf::Vector2u size = target.getSize();
    if (size.x == 0 || size.y == 0) return;
    const sf::FloatRect area(static_cast<float>(r.min.x), static_cast<float>(r.min.y),
                             static_cast<float>(r.size().x), static_cast<float>(r.size().y));
    sf::View view(area);
    view.setViewport(sf::FloatRect(area.left / size.x, area.top / size.y, area.width / size.x, area.height / size.y));
    target.setView(view);
}

void drawArrow(ImDrawList* list, glm::dvec2 from, glm::dvec2 to, ImU32 colour, float thickness, float headPx) {
    const glm::dvec2 d = to - from;
    const double length = std::hypot(d.x, d.y);
    if (length < 1e-6) return;
    const glm::dvec2 u = d / length;
    const glm::dvec2 n{-u.y, u.x};
    const double head = std::min<double>(headPx, length * 0.6);
    const glm::dvec2 base = to - u * head;
    list->AddLine(toIm(from), toIm(base), colour, thickness);
    list->AddTriangleFilled(toIm(to), toIm(base + n * (head * 0.5)), toIm(base - n * (head * 0.5)), colour);
}

void drawCrosshair(ImDrawList* list, glm::dvec2 at, ImU32 colour, float armPx) {
    const ImVec2 c = toIm(at);
    // A black outline under the colour: a yellow crosshair stays visible on a yellow sprite.
    for (const auto& [ink, width] : {std::pair{IM_COL32(0, 0, 0, 200), 4.0f}, std::pair{colour, 2.0f}}) {
        list->AddLine(ImVec2(c.x - armPx, c.y), ImVec2(c.x - 3, c.y), ink, width);
        list->AddLine(ImVec2(c.x + 3, c.y), ImVec2(c.x + armPx, c.y), ink, width);
        list->AddLine(ImVec2(c.x, c.y - armPx), ImVec2(c.x, c.y - 3), ink, width);
        list->AddLine(ImVec2(c.x, c.y + 3), ImVec2(c.x, c.y + armPx), ink, width);
        list->AddCircle(c, armPx * 0.6f, ink, 20, width - 0.5f);
    }
}

namespace {

glm::dvec2 textSize(const char* text) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    return {size.x, size.y};
}

}  // namespace

void drawLabel(ImDrawList* list, glm::dvec2 at, ImU32 colour, const char* text) {
    // Labels stay inside the view they are drawn in (the draw list's clip rectangle) instead of being cut,
    // and step aside from the labels drawn before them this frame instead of covering them.
    static int s_frame = -1;
    static std::vector<Rect> s_taken;
    if (s_frame != ImGui::GetFrameCount()) {
        s_frame = ImGui::GetFrameCount();
        s_taken.clear();
    }
    const ImVec2 textSize = ImGui::CalcTextSize(text);
    const glm::dvec2 size{textSize.x, textSize.y};
    const ImVec2 clipMin = list->GetClipRectMin(), clipMax = list->GetClipRectMax();
    const Rect clip{{clipMin.x + 1.0, clipMin.y + 1.0}, {clipMax.x - 1.0, clipMax.y - 1.0}};
    const glm::dvec2 placed = labelClearOf(at, size, clip, s_taken);
    // A gap of a few pixels either side: two labels side by side read as one ("startbullet ...") when they touch.
    const glm::dvec2 gap{0.5 * ImGui::GetFontSize(), 0.0};
    s_taken.push_back(Rect{placed - gap, placed + size + gap});
    const ImVec2 p = toIm(placed);
    const ImU32 shadow = IM_COL32(0, 0, 0, 200);
    list->AddText(ImVec2(p.x + 1, p.y + 1), shadow, text);
    list->AddText(ImVec2(p.x - 1, p.y - 1), shadow, text);
    list->AddText(p, colour, text);
}

void drawStepVectors(ImDrawList* list, const glm::dmat3& toScreen, double zoom, glm::dvec2 from, glm::dvec2 stepX, glm::dvec2 stepY) {
    // Short step vectors are stretched to stay readable; the label keeps the true numbers.
    const double stretch = zoom < 24.0 ? 24.0 / zoom : 1.0;
    const glm::dvec2 f = transformPoint(toScreen, from);
    const glm::dvec2 x = transformPoint(toScreen, from + stepX * stretch);
    const glm::dvec2 y = transformPoint(toScreen, from + stepY * stretch);
    drawArrow(list, f, x, toImColor(palette::kStepX), 2.5f);
    drawArrow(list, f, y, toImColor(palette::kStepY), 2.5f);
    // Each label beyond its arrow's tip, on the side the arrow points to: the two arrows leave the same point at
    // right angles, so their labels never lie on either arrow (drawLabel keeps them off each other too).
    char text[96];
    std::snprintf(text, sizeof text, "stepX (%.3f, %.3f)", printable(stepX.x, 3), printable(stepX.y, 3));
    drawLabel(list, labelBeyondTip(x, x - f, textSize(text), 4.0), toImColor(palette::kStepX), text);
    std::snprintf(text, sizeof text, "stepY (%.3f, %.3f)", printable(stepY.x, 3), printable(stepY.y, 3));
    drawLabel(list, labelBeyondTip(y, y - f, textSize(text), 4.0), toImColor(palette::kStepY), text);
}

void drawFittingLabel(ImDrawList* list, glm::dvec2 at, ImU32 colour, std::span<const std::string> texts) {
    if (texts.empty()) return;
    // The room is from the anchor to the view's right edge: drawLabel would otherwise slide a long text left,
    // over what it names.
    const double room = double(list->GetClipRectMax().x) - 2.0 - at.x;
    for (const std::string& text : texts) {
        if (textSize(text.c_str()).x <= room) {
            drawLabel(list, at, colour, text.c_str());
            return;
        }
    }
    drawLabel(list, at, colour, texts.back().c_str());
}

void drawPolyline(ImDrawList* list, const glm::dvec2* points, int count, ImU32 colour, float thickness) {
    ImVec2 im[16];
    const int n = count < 16 ? count : 16;
    for (int i = 0; i < n; ++i) im[i] = toIm(points[i]);
    list->AddPolyline(im, n, colour, ImDrawFlags_Closed, thickness);
}

}  // namespace cl
