#include "app/tools/cspace_drag.h"

#include "app/tools/cspace_layout.h"

namespace cl {

bool moveToCell(Document& doc, int sprite, glm::dvec2 base, glm::ivec2 cell, double step) {
    if (sprite < 0 || sprite >= static_cast<int>(doc.scene().sprites.size())) return false;
    SpriteTransform t = doc.scene().sprites[sprite].transform;
    const glm::dvec2 position = positionForCell(base, cell, step);
    if (t.position == position) return false;
    t.position = position;
    return doc.setTransform(sprite, t);
}

}  // namespace cl
