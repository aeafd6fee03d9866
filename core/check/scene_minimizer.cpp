#include "core/check/scene_minimizer.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "core/base/mask_cache.h"
#include "core/check/motion_check.h"
#include "core/check/scene_check.h"

namespace cl {
namespace {


// Decimal digits of a number written shortest (as the scene writer does): "0.25" has 3, "-12" has 2.
int digitCount(double value) {
    char text[64];
    auto [end, ec] = std::to_chars(text, text + sizeof text, value);
    if (ec != std::errc()) return 0;
    int digits = 0;
    for (char* c = text; c != end && *c != 'e' && *c != 'E'; ++c) digits += (*c >= '0' && *c <= '9');
    return digits;
}

bool isSolid(const RgbaImage& image, int x, int y, int threshold) { return image.alpha(x, y) > threshold; }

void clearPixel(RgbaImage& image, int x, int y) {
    std::uint8_t* p = &image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4];
    p[0] = p[1] = p[2] = p[3] = 0;
}

// The numbers of a sprite the rounding step may touch, as pointers into the sprite.
std::vector<double*> spriteNumbers(SceneSprite& sprite) {
    SpriteTransform& t = sprite.transform;
    return {&t.position.x, &t.position.y, &t.origin.x, &t.origin.y, &t.rotationDeg, &t.scale.x, &t.scale.y,
            &sprite.motion.velocity.x, &sprite.motion.velocity.y, &sprite.motion.angularVelocityDeg};
}

// The smallest rectangle holding every solid pixel: {x0, y0, x1, y1} (exclusive), or empty when none is.
std::optional<std::array<int, 4>> solidBounds(const RgbaImage& image, int threshold) {
    int x0 = image.width, y0 = image.height, x1 = 0, y1 = 0;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            if (!isSolid(image, x, y, threshold)) continue;
            x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x + 1), y1 = std::max(y1, y + 1);
        }
    }
    if (x1 <= x0) return std::nullopt;
    return std::array<int, 4>{x0, y0, x1, y1};
}

RgbaImage cropImage(const RgbaImage& image, int x0, int y0, int x1, int y1) {
    RgbaImage out;
    out.width = x1 - x0;
    out.height = y1 - y0;
    out.pixels.resize(static_cast<std::size_t>(out.width) * out.height * 4);
    for (int y = y0; y < y1; ++y) {
        const auto* from = &image.pixels[(static_cast<std::size_t>(y) * image.width + x0) * 4];
        std::copy(from, from + static_cast<std::size_t>(out.width) * 4,
                  &out.pixels[static_cast<std::size_t>(y - y0) * out.width * 4]);
    }
    return out;
}

// The sprite cropped to [x0, x1) × [y0, y1) of its image, its origin moved with the crop.
SceneSprite croppedSprite(const SceneSprite& sprite, int x0, int y0, int x1, int y1) {
    SceneSprite out = sprite;
    setPlainImage(out, std::make_shared<const RgbaImage>(cropImage(*sprite.pixels, x0, y0, x1, y1)));
    out.transform.origin -= glm::dvec2(x0, y0);
    return out;
}

class Minimizer {
public:
    Minimizer(const Scene& scene, const ScenePredicate& still, const MinimizeOptions& options)
        : m_best(scene), m_still(still), m_options(options) {}

    MinimizeResult run() {
        MinimizeResult result;
        result.before = sceneSize(m_best);
        m_bestSize = result.before;
        // Each step runs while there is budget; a step cut short leaves m_best valid.
        if (proceed("sprites", 0)) shrinkSprites();
        if (proceed("frames", 1)) shrinkFrames();
        if (proceed("crop", 2)) cropAll();
        if (proceed("rows", 3)) clearUnits(Units::Rows);
        if (proceed("blocks", 4)) clearUnits(Units::Blocks);
        if (proceed("pixels", 5)) clearUnits(Units::Pixels);
        if (proceed("crop", 2)) cropAll();
        if (proceed("alpha", 6)) flattenAlpha();
        if (proceed("numbers", 7)) roundNumbers();
        result.scene = m_best;
        result.after = sceneSize(m_best);
        result.tried = m_tried;
        result.kept = m_kept;
        result.outOfBudget = m_outOfBudget;
        result.cancelled = m_cancelled;
        return result;
    }

private:
    enum class Units { Rows, Blocks, Pixels };

    bool stopped() const { return m_outOfBudget || m_cancelled; }

    bool proceed(const char* step, int index) {
        m_step = step;
        m_stepIndex = index;
        return !stopped();
    }

    // Asks the property about a candidate; keeps it when it holds. False also once the budget ran out.
    bool tryCandidate(Scene candidate) {
        if (stopped()) return false;
        if (m_options.budget) {
            try {
                m_options.budget->spend();
                m_options.budget->checkpoint();
            } catch (const WorkBudgetExceeded&) {
                m_outOfBudget = true;
                return false;
            }
        }
        if (m_options.progress) {
            MinimizeProgress progress{m_step, m_stepIndex, m_tried, m_kept, m_bestSize};
            if (!m_options.progress(progress)) {
                m_cancelled = true;
                return false;
            }
        }
        ++m_tried;
        if (!m_still(candidate)) return false;
        ++m_kept;
        m_best = std::move(candidate);
        m_bestSize = sceneSize(m_best);
        return true;
    }

    // The scene without the sprites at these indices, and without the expectations that name them.
    Scene without(const std::vector<std::size_t>& drop) const {
        Scene out = m_best;
        std::set<std::string> dropped;
        std::vector<SceneSprite> kept;
        for (std::size_t i = 0; i < out.sprites.size(); ++i) {
            if (std::find(drop.begin(), drop.end(), i) != drop.end()) dropped.insert(out.sprites[i].name);
            else kept.push_back(std::move(out.sprites[i]));
        }
        out.sprites = std::move(kept);
        Expectations expect;
        for (const PairExpectations& pair : m_best.expect.pairs()) {
            if (dropped.count(pair.a) || dropped.count(pair.b)) continue;
            for (const AlgorithmExpectation& entry : pair.algorithms) expect.set(pair.a, pair.b, entry.algorithm, entry.fields);
            if (pair.contact) expect.setContact(pair.a, pair.b, *pair.contact);
        }
        out.expect = std::move(expect);
        // A view or lesson naming a dropped sprite would not load; a shrunk report is no lesson.
        if (out.view.pair && (dropped.count(out.view.pair->first) || dropped.count(out.view.pair->second))) out.view.pair.reset();
        out.lesson.reset();
        return out;
    }

    void shrinkSprites() {
        // A scene holds at least two sprites; the focus pair alone first, then one sprite at a time, last first.
        if (m_options.focus && m_best.sprites.size() > 2) {
            std::vector<std::size_t> drop;
            for (std::size_t i = 0; i < m_best.sprites.size(); ++i) {
                const std::string& name = m_best.sprites[i].name;
                if (name != m_options.focus->first && name != m_options.focus->second) drop.push_back(i);
            }
            if (!drop.empty() && m_best.sprites.size() - drop.size() >= 2) tryCandidate(without(drop));
        }
        for (std::size_t i = m_best.sprites.size(); i-- > 0 && m_best.sprites.size() > 2 && !stopped();) {
            if (i < m_best.sprites.size()) tryCandidate(without({i}));
        }
    }

    void shrinkFrames() {
        // Every sprite as a plain image at once (nothing moves), then a still scene without the extra blocks.
        Scene plain = m_best;
        bool changed = false;
        for (SceneSprite& sprite : plain.sprites) {
            const bool isPlain = sprite.imagePath.empty() && sprite.image.empty() && sprite.frame.kind == FrameRef::Kind::Whole &&
                                 !sprite.animation.active() && sprite.atlas.empty() && sprite.sheet == sprite.pixels;
            // Its pixels already are the shown frame, flipped, and the origin is in them: nothing moves.
            if (!isPlain) setPlainImage(sprite, sprite.pixels), changed = true;
        }
        if (changed) tryCandidate(std::move(plain));
        Scene still = m_best;
        still.timeline = SceneTimeline{};
        for (SceneSprite& sprite : still.sprites) sprite.motion = SpriteMotion{};
        if (!(still.timeline == m_best.timeline) || std::any_of(m_best.sprites.begin(), m_best.sprites.end(),
                                                                 [](const SceneSprite& s) { return !s.motion.still(); })) {
            tryCandidate(std::move(still));
        }
        if (m_best.contact) {
            Scene noContact = m_best;
            noContact.contact.reset();
            tryCandidate(std::move(noContact));
        }
        if (m_best.view != SceneView{} || !m_best.notes.empty() || m_best.lesson) {
            Scene bare = m_best;
            bare.view = SceneView{};
            bare.notes.clear();
            bare.lesson.reset();
            tryCandidate(std::move(bare));
        }
    }

    // Crops sprite i: first to its solid pixels, then each edge in halving steps while the property holds.
    void cropSprite(std::size_t i) {
        auto withSprite = [&](SceneSprite sprite) {
            Scene candidate = m_best;
            candidate.sprites[i] = std::move(sprite);
            return candidate;
        };
        {
            const SceneSprite& sprite = m_best.sprites[i];
            auto bounds = solidBounds(*sprite.pixels, sprite.alphaThreshold);
            if (bounds && ((*bounds)[0] > 0 || (*bounds)[1] > 0 || (*bounds)[2] < sprite.pixels->width ||
                           (*bounds)[3] < sprite.pixels->height)) {
                tryCandidate(withSprite(croppedSprite(sprite, (*bounds)[0], (*bounds)[1], (*bounds)[2], (*bounds)[3])));
            }
        }
        // Edges: left, top, right, bottom; an image keeps at least one pixel.
        for (int edge = 0; edge < 4 && !stopped(); ++edge) {
            for (;;) {
                const SceneSprite& sprite = m_best.sprites[i];
                const int extent = edge % 2 == 0 ? sprite.pixels->width : sprite.pixels->height;
                bool cut = false;
                for (int k = extent / 2; k >= 1 && !stopped(); k /= 2) {
                    int x0 = 0, y0 = 0, x1 = sprite.pixels->width, y1 = sprite.pixels->height;
                    if (edge == 0) x0 = k;
                    if (edge == 1) y0 = k;
                    if (edge == 2) x1 -= k;
                    if (edge == 3) y1 -= k;
                    if (tryCandidate(withSprite(croppedSprite(m_best.sprites[i], x0, y0, x1, y1)))) {
                        cut = true;
                        break;
                    }
                }
                if (!cut || stopped()) break;
            }
        }
    }

    void cropAll() {
        for (std::size_t i = 0; i < m_best.sprites.size() && !stopped(); ++i) cropSprite(i);
    }

    // The solid pixels of sprite i grouped into units (rows, 4×4 blocks or single pixels), in row-major order.
    std::vector<std::vector<std::pair<int, int>>> unitsOf(std::size_t i, Units kind) const {
        const SceneSprite& sprite = m_best.sprites[i];
        const RgbaImage& image = *sprite.pixels;
        constexpr int kBlock = 4;
        std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> grouped;
        for (int y = 0; y < image.height; ++y) {
            for (int x = 0; x < image.width; ++x) {
                if (!isSolid(image, x, y, sprite.alphaThreshold)) continue;
                std::pair<int, int> key = kind == Units::Rows     ? std::pair{y, 0}
                                          : kind == Units::Blocks ? std::pair{y / kBlock, x / kBlock}
                                                                  : std::pair{y, x};
                grouped[key].emplace_back(x, y);
            }
        }
        std::vector<std::vector<std::pair<int, int>>> units;
        for (auto& [key, pixels] : grouped) units.push_back(std::move(pixels));
        return units;
    }

    // Delta debugging over the units of each sprite: clear chunks of n/2, n/4, ..., 1 units while the
    // property holds (a chunk that cannot go is kept and the next one tried).
    void clearUnits(Units kind) {
        for (std::size_t i = 0; i < m_best.sprites.size() && !stopped(); ++i) {
            std::vector<std::vector<std::pair<int, int>>> units = unitsOf(i, kind);
            std::size_t chunk = std::max<std::size_t>(1, units.size() / 2);
            for (;;) {
                for (std::size_t start = 0; start < units.size() && !stopped();) {
                    const std::size_t end = std::min(units.size(), start + chunk);
                    RgbaImage image = *m_best.sprites[i].pixels;
                    for (std::size_t u = start; u < end; ++u) {
                        for (auto [x, y] : units[u]) clearPixel(image, x, y);
                    }
                    Scene candidate = m_best;
                    setPlainImage(candidate.sprites[i], std::make_shared<const RgbaImage>(std::move(image)));
                    if (tryCandidate(std::move(candidate))) {
                        units.erase(units.begin() + static_cast<std::ptrdiff_t>(start), units.begin() + static_cast<std::ptrdiff_t>(end));
                    } else {
                        start = end;
                    }
                }
                if (chunk == 1 || stopped()) break;
                chunk = std::max<std::size_t>(1, chunk / 2);
            }
        }
    }

    void flattenAlpha() {
        for (std::size_t i = 0; i < m_best.sprites.size() && !stopped(); ++i) {
            const SceneSprite& sprite = m_best.sprites[i];
            RgbaImage image = *sprite.pixels;
            bool changed = false;
            for (int y = 0; y < image.height; ++y) {
                for (int x = 0; x < image.width; ++x) {
                    std::uint8_t& a = image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4 + 3];
                    const std::uint8_t flat = a > sprite.alphaThreshold ? 255 : 0;
                    if (a != flat) a = flat, changed = true;
                }
            }
            if (changed) {
                Scene candidate = m_best;
                setPlainImage(candidate.sprites[i], std::make_shared<const RgbaImage>(std::move(image)));
                tryCandidate(std::move(candidate));
            }
            if (m_best.sprites[i].alphaThreshold != 0) {
                Scene candidate = m_best;
                candidate.sprites[i].alphaThreshold = 0;
                tryCandidate(std::move(candidate));
            }
        }
    }

    // Each number: a whole number (scale 1, a right angle first), else fewer decimal places, fewest first.
    void roundNumbers() {
        for (std::size_t i = 0; i < m_best.sprites.size() && !stopped(); ++i) {
            for (std::size_t n = 0; n < spriteNumbers(m_best.sprites[i]).size() && !stopped(); ++n) {
                const double value = *spriteNumbers(m_best.sprites[i])[n];
                std::vector<double> tries;
                if (n == 4) tries.push_back(90.0 * std::round(value / 90.0));  // rotation: a right angle
                if (n == 5 || n == 6) tries.push_back(value < 0 ? -1.0 : 1.0);  // scale: 1, keeping a flip
                for (int places = 0; places <= 6; ++places) {
                    const double step = std::pow(10.0, places);
                    tries.push_back(std::round(value * step) / step);
                }
                for (double rounded : tries) {
                    if (rounded == value || digitCount(rounded) >= digitCount(value)) continue;
                    Scene candidate = m_best;
                    *spriteNumbers(candidate.sprites[i])[n] = rounded;
                    if (validate(candidate.sprites[i].transform)) continue;
                    if (tryCandidate(std::move(candidate))) break;
                }
            }
        }
    }

    Scene m_best;
    SceneSize m_bestSize;
    const ScenePredicate& m_still;
    const MinimizeOptions& m_options;
    std::string m_step;
    int m_stepIndex = 0;
    std::int64_t m_tried = 0;
    std::int64_t m_kept = 0;
    bool m_outOfBudget = false;
    bool m_cancelled = false;
};

// check --verify's options for a scene: its expected pairs, the tests its expect block names.
CheckOptions verifyOptions(const Scene& scene, const AlgorithmSet& available) {
    CheckOptions options;
    options.available = &available;
    options.includeExpectedPairs = true;
    std::set<std::string> named;
    for (const PairExpectations& pair : scene.expect.pairs()) {
        for (const AlgorithmExpectation& entry : pair.algorithms) {
            if (available.find(entry.algorithm)) named.insert(entry.algorithm);
        }
    }
    // Only the tests the block names: the others' answers are never compared.
    options.algorithms.assign(named.begin(), named.end());
    if (options.algorithms.empty()) options.algorithms.push_back(std::string(kDefaultPixelAlgorithm));
    return options;
}

// Which expect entries ("F/R pixel-fast", "F/R contact") a scene fails, and which `hit` expectations it meets.
struct VerifyStatus {
    std::set<std::string> failing;
    std::set<std::string> hitMet;
};

std::optional<VerifyStatus> verifyStatus(const Scene& scene, const AlgorithmSet& available) {
    const CheckOptions options = verifyOptions(scene, available);
    MaskCache masks;
    CheckRunResult run = runCheck(scene, "", options, masks);
    if (!run.ok()) return std::nullopt;
    std::optional<MotionRunResult> motion;
    if (scene.expect.expectsMotion()) {
        motion = runMotionForVerify(scene, "", options, masks);
        if (!motion->ok()) return std::nullopt;
    }
    // Each entry verified on its own, through the one verifyReport()/verifyMotion() the check uses.
    auto passes = [&](const Expectations& only) {
        VerifyResult verified = verifyReport(*run.report, only, available);
        if (motion && only.expectsMotion()) mergeVerify(verified, verifyMotion(*motion->report, only, available));
        return verified.passed();
    };
    VerifyStatus status;
    for (const PairExpectations& pair : scene.expect.pairs()) {
        for (const AlgorithmExpectation& entry : pair.algorithms) {
            Expectations only;
            only.set(pair.a, pair.b, entry.algorithm, entry.fields);
            const std::string key = pair.key() + " " + entry.algorithm;
            if (!passes(only)) status.failing.insert(key);
            if (entry.fields.contains("hit")) {
                Expectations hit;
                hit.set(pair.a, pair.b, entry.algorithm, nlohmann::json{{"hit", entry.fields["hit"]}});
                if (passes(hit)) status.hitMet.insert(key);
            }
        }
        if (pair.contact) {
            Expectations only;
            only.setContact(pair.a, pair.b, *pair.contact);
            if (!passes(only)) status.failing.insert(pair.key() + " contact");
        }
    }
    return status;
}

}  // namespace

SceneSize sceneSize(const Scene& scene) {
    SceneSize size;
    size.sprites = static_cast<int>(scene.sprites.size());
    for (const SceneSprite& sprite : scene.sprites) {
        if (sprite.pixels) {
            const RgbaImage& image = *sprite.pixels;
            size.pixels += std::int64_t(image.width) * image.height;
            for (int y = 0; y < image.height; ++y) {
                for (int x = 0; x < image.width; ++x) size.solidPixels += isSolid(image, x, y, sprite.alphaThreshold);
            }
        }
        SceneSprite copy = sprite;
        for (double* number : spriteNumbers(copy)) size.digits += digitCount(*number);
    }
    return size;
}

MinimizeResult minimizeScene(const Scene& scene, const ScenePredicate& still, const MinimizeOptions& options) {
    return Minimizer(scene, still, options).run();
}

bool answersDisagree(const Algorithm& first, const CollisionResult& firstResult, const Algorithm& second,
                     const CollisionResult& secondResult) {
    if (!firstResult.applicable || !secondResult.applicable) return false;
    if (firstResult.hit != secondResult.hit) return true;
    return first.kind == AlgorithmKind::Pixel && second.kind == AlgorithmKind::Pixel && !first.reportsArea &&
           !second.reportsArea && std::llround(firstResult.overlap) != std::llround(secondResult.overlap);
}

ScenePredicate verifyFailsProperty(const Scene& original, const AlgorithmSet& available) {
    const std::optional<VerifyStatus> before = verifyStatus(original, available);
    return [&available, before](const Scene& scene) {
        if (!before || before->failing.empty()) return false;
        const std::optional<VerifyStatus> now = verifyStatus(scene, available);
        return now && std::includes(now->failing.begin(), now->failing.end(), before->failing.begin(), before->failing.end()) &&
               std::includes(now->hitMet.begin(), now->hitMet.end(), before->hitMet.begin(), before->hitMet.end());
    };
}

ScenePredicate disagreeProperty(const Algorithm& first, const Algorithm& second, std::string a, std::string b) {
    return [&first, &second, a = std::move(a), b = std::move(b)](const Scene& scene) {
        auto ia = findSprite(scene, a), ib = findSprite(scene, b);
        if (!ia || !ib) return false;
        const SceneSprite& spriteA = scene.sprites[*ia];
        const SceneSprite& spriteB = scene.sprites[*ib];
        MaskCache masks;
        auto maskA = masks.get(spriteA.pixels, spriteA.alphaThreshold);
        auto maskB = masks.get(spriteB.pixels, spriteB.alphaThreshold);
        TestOptions options;
        options.sampling = scene.sampling;
        options.scan = scene.scan;
        const Body bodyA{maskA.get(), spriteA.transform}, bodyB{maskB.get(), spriteB.transform};
        return answersDisagree(first, runAlgorithm(first, bodyA, bodyB, options), second,
                               runAlgorithm(second, bodyA, bodyB, options));
    };
}

std::optional<std::pair<std::string, std::string>> firstDisagreeingPair(const Scene& scene, const Algorithm& first,
                                                                        const Algorithm& second) {
    for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
        for (std::size_t j = i + 1; j < scene.sprites.size(); ++j) {
            if (disagreeProperty(first, second, scene.sprites[i].name, scene.sprites[j].name)(scene)) {
                return std::pair{scene.sprites[i].name, scene.sprites[j].name};
            }
        }
    }
    return std::nullopt;
}

std::optional<std::pair<std::string, std::string>> firstFailingExpectedPair(const Scene& scene, const AlgorithmSet& available) {
    const CheckOptions options = verifyOptions(scene, available);
    MaskCache masks;
    CheckRunResult run = runCheck(scene, "", options, masks);
    if (!run.ok()) return std::nullopt;
    for (const PairExpectations& pair : scene.expect.pairs()) {
        Expectations only;
        for (const AlgorithmExpectation& entry : pair.algorithms) only.set(pair.a, pair.b, entry.algorithm, entry.fields);
        if (pair.contact) only.setContact(pair.a, pair.b, *pair.contact);
        if (!verifyReport(*run.report, only, available).passed()) return std::pair{pair.a, pair.b};
    }
    return std::nullopt;
}

}  // namespace cl
