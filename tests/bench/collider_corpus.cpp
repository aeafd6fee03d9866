// The corpus table of core/README.md: every bundled sprite (assets/sprites/*.png at threshold 0) and every frame
// of the bundled atlas (atlas.json), made into a collider in each mode (epsilon 1, max_vertices 8) beside the plain
// baseline (tests/bench/collider_baseline.h: outer outline, RDP at 2 px, ear clipping, Hertel-Mehlhorn), each
// measured by the same certificate (certifyCollider). Prints the Markdown table and the totals.
//
//   build/tests/bench/collider_corpus [SPRITES_DIR]
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/collider/collider_certificate.h"
#include "core/collider/make_collider.h"
#include "core/io/image_io.h"
#include "core/scene/atlas.h"
#include "core/scene/frame_image.h"
#include "tests/bench/collider_baseline.h"

namespace {

struct Totals {
    std::size_t pieces = 0, vertices = 0;
    double missed = 0, extra = 0;
};

std::size_t vertexCount(const std::vector<cl::ColliderPiece>& pieces) {
    std::size_t n = 0;
    for (const auto& p : pieces) n += p.size();
    return n;
}

std::string cell(const std::vector<cl::ColliderPiece>& pieces, const cl::ColliderCertificate& c, Totals& t) {
    t.pieces += pieces.size(), t.vertices += vertexCount(pieces), t.missed += c.missedArea, t.extra += c.extraArea;
    char text[160];
    std::snprintf(text, sizeof text, "%zu / %zu | %.1f / %.1f / %.2f", pieces.size(), vertexCount(pieces), c.missedArea, c.extraArea, c.hausdorff);
    return text;
}

}  // namespace

int main(int argc, char** argv) {
    const std::filesystem::path dir = argc > 1 ? argv[1] : COLLISION_LAB_SPRITES_DIR;
    struct Item {
        std::string name;
        cl::RgbaImage image;
    };
    std::vector<Item> items;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".png") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        auto loaded = cl::loadImageFile(f);
        if (!loaded.ok()) {
            std::fprintf(stderr, "%s\n", loaded.error.c_str());
            return 1;
        }
        items.push_back({f.filename().string(), *loaded.image});
    }
    const auto atlas = cl::loadAtlas(dir / "atlas.json");
    const auto sheet = cl::loadImageFile(dir / "atlas.png");
    if (!atlas.ok() || !sheet.ok()) {
        std::fprintf(stderr, "the bundled atlas does not load\n");
        return 1;
    }
    for (const auto& frame : atlas.atlas->frames) items.push_back({"atlas.json: " + frame.name, cl::extractAtlasFrame(*sheet.image, frame)});

    std::printf("| sprite | baseline pieces / vertices | missed / extra / hausdorff | outer pieces / vertices | missed / extra / hausdorff "
                "| inner pieces / vertices | missed / extra / hausdorff | balanced pieces / vertices | missed / extra / hausdorff "
                "| balanced, ε 2: pieces / vertices | missed / extra / hausdorff |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
    Totals base, modes[4];
    int failed = 0;
    for (const Item& item : items) {
        const cl::AlphaMask mask(item.image, 0);
        const cl::bench::BaselineCollider b = cl::bench::baselineCollider(mask);
        failed += b.failedIslands;
        std::string row = "| " + item.name + " | " + cell(b.pieces, cl::certifyCollider(mask, b.pieces), base);
        if (b.failedIslands) row += " (" + std::to_string(b.failedIslands) + " island(s) failed)";
        const cl::ColliderOptions settings[4] = {{cl::ColliderMode::Outer, 1.0, 8}, {cl::ColliderMode::Inner, 1.0, 8},
                                                 {cl::ColliderMode::Balanced, 1.0, 8}, {cl::ColliderMode::Balanced, 2.0, 8}};
        for (int m = 0; m < 4; ++m) {
            const cl::Collider c = cl::makeCollider(mask, settings[m]);
            row += " | " + cell(c.pieces, c.certificate, modes[m]);
        }
        std::printf("%s |\n", row.c_str());
    }
    std::printf("| **total** | %zu / %zu | %.1f / %.1f | %zu / %zu | %.1f / %.1f | %zu / %zu | %.1f / %.1f | %zu / %zu | %.1f / %.1f | %zu / %zu | "
                "%.1f / %.1f |\n",
                base.pieces, base.vertices, base.missed, base.extra, modes[0].pieces, modes[0].vertices, modes[0].missed, modes[0].extra,
                modes[1].pieces, modes[1].vertices, modes[1].missed, modes[1].extra, modes[2].pieces, modes[2].vertices, modes[2].missed,
                modes[2].extra, modes[3].pieces, modes[3].vertices, modes[3].missed, modes[3].extra);
    std::printf("\nbaseline islands that failed (no pieces): %d\n", failed);
    return 0;
}
