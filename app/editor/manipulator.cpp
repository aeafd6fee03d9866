#include "app/editor/manipulator.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include <glm/geometric.hpp>

#include "app/editor/picking.h"
#include "app/editor/transform_limits.h"
#include "app/editor/view_framing.h"

namespace cl {
namespace {

bool isEditDrag(Manipulator::Drag d) {
    return d == Manipulator::Drag::Move || d == Manipulator::Drag::Rotate || d == Manipulator::Drag::Scale ||
           d == Manipulator::Drag::Pivot || d == Manipulator::Drag::Classic;
}

double degreesOf(glm::dvec2 v) { return std::atan2(v.y, v.x) * (180.0 / std::numbers::pi); }

// World offset -> the sprite's rotated frame (undoes R, keeps S): the inverse of the rotation matrix.
glm::dvec2 unrotate(glm::dvec2 v, double rotationDeg) {
    const glm::dvec2 cs = cosSinDegrees(rotationDeg);
    return {cs.x * v.x + cs.y * v.y, -cs.y * v.x + cs.x * v.y};
}

glm::dvec2 textureCorner(const SceneSprite& sprite, int corner) {
    const double w = sprite.pixels->width;
    const double h = sprite.pixels->height;
    const glm::dvec2 corners[4] = {{0.0, 0.0}, {w, 0.0}, {w, h}, {0.0, h}};
    return corners[corner];
}

}  // namespace

Manipulator::Manipulator(Document& document, Camera& camera) : m_document(document), m_camera(camera) {}

bool Manipulator::handleEvent(const InputEvent& event) {
    switch (event.type) {
        case InputEvent::Type::MouseDown: return onMouseDown(event);
        case InputEvent::Type::MouseUp: return onMouseUp(event);
        case InputEvent::Type::MouseMove: return onMouseMove(event);
        case InputEvent::Type::Wheel: return onWheel(event);
        case InputEvent::Type::KeyDown: return onKeyDown(event);
        case InputEvent::Type::KeyUp:
            if (event.key == Key::Space) m_spaceHeld = false;
            return false;
        case InputEvent::Type::FocusLost: {
            const bool dragging = m_drag != Drag::None;
            endDrag(true);
            m_spaceHeld = false;
            return dragging;
        }
        case InputEvent::Type::Resize:
            m_camera.setViewport(Rect{{0.0, 0.0}, event.size});
            return true;
    }
    return false;
}

Hover Manipulator::hover() const { return validSprite(m_hover.sprite) ? m_hover : Hover{}; }

int Manipulator::classicTarget() const {
    if (validSprite(m_classicTarget)) return m_classicTarget;
    return m_document.selection().sprite;
}

std::optional<HandleLayout> Manipulator::handles() const {
    const int sprite = m_document.selection().sprite;
    if (m_settings.classicControls || sprite < 0) return std::nullopt;
    return handleLayout(sprite);
}

HandleLayout Manipulator::handleLayout(int sprite) const {
    const SceneSprite& s = m_document.scene().sprites.at(sprite);
    HandleLayout layout;
    layout.sprite = sprite;
    layout.radiusPx = m_settings.handleRadiusPx;
    layout.cornersWorld = spriteQuad(s);
    glm::dvec2 centerScreen{0.0, 0.0};
    for (int i = 0; i < 4; ++i) {
        layout.cornersScreen[i] = m_camera.worldToScreen(layout.cornersWorld[i]);
        centerScreen += layout.cornersScreen[i] * 0.25;
    }
    layout.pivotWorld = s.transform.position;
    layout.pivotScreen = m_camera.worldToScreen(layout.pivotWorld);
    layout.stemScreen = (layout.cornersScreen[0] + layout.cornersScreen[1]) * 0.5;
    glm::dvec2 outward = layout.stemScreen - centerScreen;
    if (glm::length(outward) < 1e-9) {
        // A sprite squashed to a line on screen: fall back to the texture's "up" direction.
        outward = transformVector(worldMatrix(s.transform), {0.0, -1.0});
    }
    if (glm::length(outward) < 1e-12) outward = {0.0, -1.0};
    layout.rotateKnobScreen = layout.stemScreen + glm::normalize(outward) * m_settings.rotateKnobDistancePx;
    layout.rotateKnobWorld = m_camera.screenToWorld(layout.rotateKnobScreen);
    return layout;
}

Hover Manipulator::hitTest(glm::dvec2 screen, Modifiers mods) const {
    const Scene& scene = m_document.scene();
    const glm::dvec2 world = m_camera.screenToWorld(screen);
    if (m_settings.classicControls) {
        const int s = pickSprite(scene, world);
        return s < 0 ? Hover{} : Hover{s, Handle::Body, -1};
    }
    const int selected = m_document.selection().sprite;
    if (selected >= 0) {
        const HandleLayout layout = handleLayout(selected);
        const double r = layout.radiusPx;
        if (mods.alt) {
            if (glm::length(screen - layout.pivotScreen) <= r) return Hover{selected, Handle::Pivot, -1};
        } else {
            if (glm::length(screen - layout.rotateKnobScreen) <= r) return Hover{selected, Handle::Rotate, -1};
            for (int i = 0; i < 4; ++i) {
                if (glm::length(screen - layout.cornersScreen[i]) <= r) return Hover{selected, Handle::Corner, i};
            }
        }
    }
    const int s = pickSprite(scene, world);
    if (s < 0) return Hover{};
    return Hover{s, mods.alt ? Handle::Pivot : Handle::Body, -1};
}

void Manipulator::frameAll() {
    const std::optional<Rect> bounds = spritesBounds(m_document.scene());
    if (!bounds) return;
    // Beyond the margin, room for the selected sprite's rotation knob (outside its top edge, which may face
    // any way) and, above, the sprites' name labels: everything the user grabs or reads is in the view.
    const double knob = m_settings.rotateKnobDistancePx + m_settings.handleRadiusPx;
    const double side = std::max(m_settings.frameMarginPx, knob + 8.0);
    const Insets reserved{side, side + m_settings.labelHeightPx, side, side};
    if (const auto f = frameContent(*bounds, m_camera.viewport(), reserved, Camera::kMinZoom, Camera::kMaxZoom)) {
        m_camera.setZoom(f->zoom);
        m_camera.setCenter(f->center);
    } else {
        m_camera.frame(*bounds, m_settings.frameMarginPx);
    }
}

bool Manipulator::onMouseDown(const InputEvent& e) {
    if (m_drag != Drag::None) return false;
    m_cursor = e.position;
    m_pressScreen = e.position;
    m_pressWorld = m_camera.screenToWorld(e.position);
    m_document.breakMerge();

    if (e.button == MouseButton::Middle || (e.button == MouseButton::Left && m_spaceHeld)) {
        m_drag = Drag::Pan;
        m_dragButton = e.button;
        return true;
    }

    const Scene& scene = m_document.scene();
    if (m_settings.classicControls) {
        const Selection& sel = m_document.selection();
        const int target = e.button == MouseButton::Left ? sel.pairA : sel.pairB;
        if (target < 0) return false;
        m_classicTarget = target;
        m_document.select(target);
        const std::string& name = scene.sprites[target].name;
        m_document.beginGesture(e.mods.alt ? "Move pivot of " + name : "Move " + name);
        m_drag = e.mods.alt ? Drag::Pivot : Drag::Classic;
        m_dragButton = e.button;
        m_hover = Hover{target, e.mods.alt ? Handle::Pivot : Handle::Body, -1};
        m_startTransform = scene.sprites[target].transform;
        applyDrag(e.position, e.mods);
        return true;
    }

    if (e.button != MouseButton::Left) return false;
    const Hover hit = hitTest(e.position, e.mods);
    m_hover = hit;
    if (hit.handle == Handle::None) {
        m_document.select(-1);
        return true;
    }
    m_document.select(hit.sprite);
    const std::string& name = scene.sprites[hit.sprite].name;
    switch (hit.handle) {
        case Handle::Body: m_drag = Drag::Move; m_document.beginGesture("Move " + name); break;
        case Handle::Rotate: m_drag = Drag::Rotate; m_document.beginGesture("Rotate " + name); break;
        case Handle::Corner: m_drag = Drag::Scale; m_document.beginGesture("Scale " + name); break;
        case Handle::Pivot: m_drag = Drag::Pivot; m_document.beginGesture("Move pivot of " + name); break;
        case Handle::None: break;
    }
    m_dragButton = e.button;
    m_startTransform = scene.sprites[hit.sprite].transform;
    return true;
}

bool Manipulator::onMouseUp(const InputEvent& e) {
    if (m_drag == Drag::None || e.button != m_dragButton) return false;
    applyDrag(e.position, e.mods);
    m_cursor = e.position;
    endDrag(true);
    return true;
}

bool Manipulator::onMouseMove(const InputEvent& e) {
    if (m_drag != Drag::None) {
        applyDrag(e.position, e.mods);
        m_cursor = e.position;
        return true;
    }
    m_cursor = e.position;
    const Hover before = m_hover;
    m_hover = hitTest(e.position, e.mods);
    return !(before == m_hover);
}

bool Manipulator::onWheel(const InputEvent& e) {
    if (e.wheelDelta == 0.0 || !std::isfinite(e.wheelDelta)) return false;
    m_cursor = e.position;
    const bool editing = isEditDrag(m_drag);
    if (m_settings.classicControls) {
        const int target = classicTarget();
        if (target < 0 || editing) return false;
        if (e.mods.alt || e.mods.ctrl) {
            return scaleBy(target, std::pow(m_settings.wheelScaleFactor, e.wheelDelta), "wheel-scale");
        }
        return rotateBy(target, e.wheelDelta * m_settings.wheelRotateDegrees, "wheel-rotate");
    }
    // The plain wheel zooms wherever the cursor is (as in image and map viewers): with sprites filling the
    // view, a wheel that edited what it is over would leave no place to zoom from.
    if (!e.mods.shift && !e.mods.ctrl) {
        m_camera.zoomAt(e.position, std::pow(m_settings.wheelZoomFactor, e.wheelDelta));
        return true;
    }
    if (editing) return false;
    // The sprite under the cursor, else the selected one: a sprite that turns out from under the cursor
    // keeps turning.
    int sprite = pickSprite(m_document.scene(), m_camera.screenToWorld(e.position));
    if (sprite < 0) sprite = m_document.selection().sprite;
    if (!validSprite(sprite)) return false;
    if (e.mods.ctrl) return scaleBy(sprite, std::pow(m_settings.wheelScaleFactor, e.wheelDelta), "wheel-scale");
    const double step = e.mods.alt ? m_settings.wheelRotateFastDegrees : m_settings.wheelRotateDegrees;
    return rotateBy(sprite, e.wheelDelta * step, "wheel-rotate");
}

bool Manipulator::onKeyDown(const InputEvent& e) {
    if (e.key == Key::Space) {
        m_spaceHeld = true;
        return false;
    }
    if (e.key == Key::Escape) {
        if (m_drag != Drag::None) {
            endDrag(false);
            return true;
        }
        const bool had = m_document.selection().sprite >= 0;
        m_document.select(-1);
        return had;
    }
    // Keys that edit wait for the drag to end, so a drag stays one undo step.
    if (m_drag != Drag::None) return false;
    if (e.mods.ctrl) {
        if (e.key == Key::Z) return e.mods.shift ? m_document.redo() : m_document.undo();
        if (e.key == Key::Y) return m_document.redo();
        return false;
    }
    if (e.mods.alt) return false;
    const int sprite = m_document.selection().sprite;
    if (m_settings.classicControls) {
        // The source program's keys: Left/Right rotate and Up/Down scale the sprite last moved.
        const int target = classicTarget();
        const double factor = m_settings.wheelScaleFactor;
        switch (e.key) {
            case Key::Left: return target >= 0 && rotateBy(target, -m_settings.keyRotateDegrees, "key-rotate");
            case Key::Right: return target >= 0 && rotateBy(target, m_settings.keyRotateDegrees, "key-rotate");
            case Key::Up: return target >= 0 && scaleBy(target, factor, "key-scale");
            case Key::Down: return target >= 0 && scaleBy(target, 1.0 / factor, "key-scale");
            default: break;
        }
    }
    const double step = e.mods.shift ? m_settings.nudgeFastPx : m_settings.nudgePx;
    switch (e.key) {
        case Key::F: frameAll(); return true;
        case Key::Left: return nudge(sprite, {-step, 0.0});
        case Key::Right: return nudge(sprite, {step, 0.0});
        case Key::Up: return nudge(sprite, {0.0, -step});
        case Key::Down: return nudge(sprite, {0.0, step});
        case Key::Q: return sprite >= 0 && rotateBy(sprite, -m_settings.keyRotateDegrees, "key-rotate");
        case Key::E: return sprite >= 0 && rotateBy(sprite, m_settings.keyRotateDegrees, "key-rotate");
        case Key::Delete: return sprite >= 0 && m_document.removeSprite(sprite);
        default: return false;
    }
}

void Manipulator::applyDrag(glm::dvec2 screen, Modifiers mods) {
    if (m_drag == Drag::Pan) {
        m_camera.panByScreen(screen - m_cursor);
        return;
    }
    if (!isEditDrag(m_drag)) return;
    const int index = m_hover.sprite;
    if (!validSprite(index) || !m_document.inGesture()) {
        // The document was replaced or undone under the drag (a menu command): the drag is over.
        m_drag = Drag::None;
        m_hover = Hover{};
        return;
    }
    const SceneSprite& sprite = m_document.scene().sprites[index];
    const glm::dvec2 world = m_camera.screenToWorld(screen);
    const SpriteTransform& start = m_startTransform;
    SpriteTransform t = start;
    switch (m_drag) {
        case Drag::Move:
            t.position = start.position + (world - m_pressWorld);
            break;
        case Drag::Classic:
            t = sprite.transform;
            t.position = world;
            break;
        case Drag::Rotate: {
            const glm::dvec2 from = m_pressWorld - start.position;
            const glm::dvec2 to = world - start.position;
            if (glm::length(from) == 0.0 || glm::length(to) == 0.0) return;
            double angle = start.rotationDeg + (degreesOf(to) - degreesOf(from));
            if (mods.shift && m_settings.snapDegrees > 0.0) {
                angle = std::round(angle / m_settings.snapDegrees) * m_settings.snapDegrees;
            }
            t.rotationDeg = wrapDegrees(angle);
            break;
        }
        case Drag::Scale: {
            if (!sprite.pixels || m_hover.corner < 0) return;
            // The grabbed corner follows the cursor (keeping the grab offset); the pivot stays put.
            const glm::dvec2 fromPivot = textureCorner(sprite, m_hover.corner) - start.origin;
            const glm::dvec2 cornerWorld = transformPoint(worldMatrix(start), textureCorner(sprite, m_hover.corner));
            const glm::dvec2 target = unrotate(cornerWorld + (world - m_pressWorld) - start.position, start.rotationDeg);
            if (mods.shift) {
                const glm::dvec2 scaled = start.scale * fromPivot;
                const double len2 = glm::dot(scaled, scaled);
                if (len2 == 0.0) return;
                t.scale = start.scale * (glm::dot(target, scaled) / len2);
            } else {
                if (fromPivot.x != 0.0) t.scale.x = target.x / fromPivot.x;
                if (fromPivot.y != 0.0) t.scale.y = target.y / fromPivot.y;
            }
            break;
        }
        case Drag::Pivot: {
            // Moving the origin and the position together by the same texture offset leaves the world matrix unchanged.
            const glm::dmat3 startWorld = worldMatrix(start);
            const glm::dvec2 localDelta = transformVector(affineInverse(startWorld), world - m_pressWorld);
            t.origin = start.origin + localDelta;
            t.position = transformPoint(startWorld, t.origin);
            break;
        }
        default:
            return;
    }
    m_document.setTransform(index, t);
}

void Manipulator::endDrag(bool commit) {
    if (m_drag == Drag::None) return;
    if (isEditDrag(m_drag)) {
        if (commit) {
            m_document.commitGesture();
        } else {
            m_document.cancelGesture();
        }
    }
    m_drag = Drag::None;
    m_hover = hitTest(m_cursor, {});
}

bool Manipulator::rotateBy(int sprite, double degrees, std::string_view mergeKey) {
    SpriteTransform t = m_document.scene().sprites.at(sprite).transform;
    t.rotationDeg = wrapDegrees(t.rotationDeg + degrees);
    return m_document.setTransform(sprite, t, std::string(mergeKey) + ":" + std::to_string(sprite));
}

bool Manipulator::scaleBy(int sprite, double factor, std::string_view mergeKey) {
    SpriteTransform t = m_document.scene().sprites.at(sprite).transform;
    t.scale *= factor;
    return m_document.setTransform(sprite, t, std::string(mergeKey) + ":" + std::to_string(sprite));
}

bool Manipulator::nudge(int sprite, glm::dvec2 delta) {
    if (sprite < 0) return false;
    SpriteTransform t = m_document.scene().sprites.at(sprite).transform;
    t.position += delta;
    return m_document.setTransform(sprite, t, "nudge:" + std::to_string(sprite));
}

}  // namespace cl
