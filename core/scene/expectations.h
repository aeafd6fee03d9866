#pragma once
// Expectations: a scene's `expect` block as a value, read and checked once when the scene is read.
//
// expect {"A/B": {"<algorithm>": {applicable, reason, hit, overlap, overlap_area, samples, first_hit,
//                                 frames, time_of_impact},
//                 "contact": {separation, depth, push, approach, centroid}}}
// The pair key is split into the two sprite names, the "contact" entry is apart from the algorithm entries,
// and each entry's fields have been checked (types, ranges, known keys) by readExpectations(). The fields
// keep the numbers as written, so toJson() gives back the block as the file held it.

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace cl {

/// The key of an expect entry that holds contact answers instead of one algorithm's.
inline constexpr std::string_view kContactExpectKey = "contact";

/// What one test is expected to answer for one pair.
struct AlgorithmExpectation {
    /// The test's name as written. Any name loads: which tests exist depends on the binary (a core-only
    /// build has no gpu), so `check --verify` reports a name it lacks as not available.
    std::string algorithm;
    /// The checked fields, as written: applicable, reason, hit, overlap, overlap_area, samples, first_hit,
    /// frames and time_of_impact (each only when expected).
    nlohmann::json fields = nlohmann::json::object();
    /// True when it expects timeline answers ("frames" or "time_of_impact"), which verifyMotion() compares.
    bool expectsMotion() const;
    /// Field-by-field equality.
    friend bool operator==(const AlgorithmExpectation&, const AlgorithmExpectation&) = default;
};

/// Everything expected of one pair; `a` is the scanned sprite.
struct PairExpectations {
    std::string a;
    std::string b;
    std::vector<AlgorithmExpectation> algorithms;  ///< Sorted by name, each name once.
    /// The "contact" entry's checked fields (separation, depth, push, approach, centroid), when expected.
    std::optional<nlohmann::json> contact;
    /// "A/B", as the file and every report name the pair.
    std::string key() const { return a + "/" + b; }
    /// The entry for this test, or nullptr.
    const AlgorithmExpectation* find(std::string_view algorithm) const;
    /// How many entries the pair holds (algorithms and contact).
    std::size_t size() const { return algorithms.size() + (contact ? 1 : 0); }
    /// Calls onAlgorithm for each algorithm entry and onContact for the contact entry, in the file's order
    /// (by entry name), so messages come out in the order the block is written.
    void visit(const std::function<void(const AlgorithmExpectation&)>& onAlgorithm,
               const std::function<void(const nlohmann::json&)>& onContact) const;
    /// Field-by-field equality.
    friend bool operator==(const PairExpectations&, const PairExpectations&) = default;
};

/// The pairs of an expect block in key order, for range-for: the values of its map. (Not
/// std::views::values: clang 14, which builds the fuzzers, cannot compile libstdc++ 12's views.)
class PairExpectationsRange {
public:
    using Map = std::map<std::string, PairExpectations>;
    class Iterator {
    public:
        explicit Iterator(Map::const_iterator at) : m_at(at) {}
        const PairExpectations& operator*() const { return m_at->second; }
        const PairExpectations* operator->() const { return &m_at->second; }
        Iterator& operator++() {
            ++m_at;
            return *this;
        }
        bool operator==(const Iterator&) const = default;

    private:
        Map::const_iterator m_at;
    };
    explicit PairExpectationsRange(const Map& map) : m_map(&map) {}
    Iterator begin() const { return Iterator(m_map->begin()); }
    Iterator end() const { return Iterator(m_map->end()); }

private:
    const Map* m_map;
};

/// A whole expect block: pairs sorted by key ("A/B"), each key once.
class Expectations {
public:
    /// Every pair (a range of PairExpectations), sorted by key.
    PairExpectationsRange pairs() const { return PairExpectationsRange(m_pairs); }
    /// True when nothing is expected (no pair at all).
    bool empty() const { return m_pairs.empty(); }
    /// How many pairs the block names.
    std::size_t pairCount() const { return m_pairs.size(); }
    /// How many (pair, entry) expectations there are, contact entries included.
    std::size_t count() const;
    /// True when some pair has a "contact" entry, so `--verify` must answer contact questions.
    bool expectsContact() const;
    /// True when some entry expects timeline answers ("frames" or "time_of_impact").
    bool expectsMotion() const;
    /// The pair with these names (in this order), or nullptr.
    const PairExpectations* find(std::string_view a, std::string_view b) const;
    /// The pair with these names, added (with no entries) when missing.
    PairExpectations& pair(const std::string& a, const std::string& b);
    /// Sets one test's expected fields for the pair, replacing an entry of the same name.
    void set(const std::string& a, const std::string& b, const std::string& algorithm, nlohmann::json fields);
    /// Sets the pair's contact entry.
    void setContact(const std::string& a, const std::string& b, nlohmann::json fields);
    /// Every entry of `other` replaces or joins the entries of the same pair and name here.
    void merge(const Expectations& other);
    /// The block as the scene file writes it (keys sorted, as nlohmann::json keeps them).
    nlohmann::json toJson() const;
    /// Pair-by-pair equality.
    friend bool operator==(const Expectations&, const Expectations&) = default;

private:
    std::map<std::string, PairExpectations> m_pairs;  // by key "A/B"
};

/// Reports one problem of an expect block: its JSON path ("expect[\"A/B\"][\"aabb\"].hit") and what is wrong.
using ExpectationProblem = std::function<void(std::string path, std::string message)>;

/// Reads and checks a scene's expect block (an object): pair keys must name two different sprites of
/// `spriteNames` as "A/B", entries must be objects with known, well-typed fields. Every problem goes to
/// `problem`, in file order; the value holds the entries read (complete only when there was none).
Expectations readExpectations(const nlohmann::json& expect, const std::vector<std::string>& spriteNames,
                              const ExpectationProblem& problem);

/// An expect block given as JSON by a caller (a test, a report's expectJson()), taken without checking the
/// fields or the sprite names: keys that are not "A/B" (exactly one '/', a name on each side) are left out,
/// and a pair value that is not an object counts as a pair with no entries.
Expectations expectationsFromJson(const nlohmann::json& expect);

}  // namespace cl
