#include "core/scene/expectations.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "core/io/json_text.h"

namespace cl {
namespace {

using Json = nlohmann::json;

// A number with no fraction that a double holds exactly (3 and 3.0 are), as the scene reader accepts counts.
bool isIntegral(const Json& v) {
    if (v.is_number_integer() || v.is_number_unsigned()) return true;
    if (!v.is_number_float()) return false;
    const double d = v.get<double>();
    return std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15;
}

// Checks an expect block field by field; every problem goes to the callback with its JSON path.
class ExpectationsReader {
public:
    ExpectationsReader(const std::vector<std::string>& spriteNames, const ExpectationProblem& problem)
        : m_names(spriteNames.begin(), spriteNames.end()), m_problem(problem) {}

    Expectations read(const Json& expect) {
        Expectations out;
        for (const auto& pair : expect.items()) {
            const std::string path = "expect[" + jsonQuoted(pair.key()) + "]";
            const std::string& key = pair.key();
            auto slash = key.find('/');
            bool named = false;
            if (slash == std::string::npos || key.find('/', slash + 1) != std::string::npos) {
                add(path, "must name a pair of sprites as \"A/B\"");
            } else {
                std::string a = key.substr(0, slash), b = key.substr(slash + 1);
                named = true;
                if (!m_names.count(a)) add(path, "no sprite is called " + jsonQuoted(a)), named = false;
                if (!m_names.count(b)) add(path, "no sprite is called " + jsonQuoted(b)), named = false;
                if (a == b) add(path, "a pair needs two different sprites"), named = false;
            }
            if (!pair.value().is_object()) {
                add(path, "must be an object {\"algorithm\": {...}}, got " + describeJson(pair.value()));
                continue;
            }
            const std::size_t before = m_count;
            for (const auto& entry : pair.value().items()) {
                // Any name loads: which tests exist depends on the binary (a core-only build has no gpu),
                // so `check --verify` reports a name it lacks as not available here.
                const std::string entryPath = path + "[" + jsonQuoted(entry.key()) + "]";
                if (entry.key() == kContactExpectKey) {
                    checkContactExpectation(entry.value(), entryPath);
                    continue;
                }
                if (entry.key().empty()) add(entryPath, "an algorithm name cannot be empty");
                checkExpectation(entry.value(), entryPath);
            }
            // Only a pair read without a problem is kept; a block with problems fails the scene anyway.
            if (named && m_count == before) {
                const std::string a = key.substr(0, slash), b = key.substr(slash + 1);
                out.pair(a, b);
                for (const auto& entry : pair.value().items()) {
                    if (entry.key() == kContactExpectKey) out.setContact(a, b, entry.value());
                    else out.set(a, b, entry.key(), entry.value());
                }
            }
        }
        return out;
    }

    void checkExpectation(const Json& value, const std::string& path) {
        if (!value.is_object()) {
            add(path, "must be an object such as {\"hit\": true}, got " + describeJson(value));
            return;
        }
        for (const auto& field : value.items()) {
            const std::string& key = field.key();
            const Json& v = field.value();
            const std::string fieldPath = path + "." + key;
            if (key == "applicable" || key == "hit") {
                if (!v.is_boolean()) add(fieldPath, "must be true or false, got " + describeJson(v));
            } else if (key == "reason") {
                if (!v.is_string()) add(fieldPath, "must be a string, got " + describeJson(v));
            } else if (key == "overlap" || key == "samples") {
                if (!isIntegral(v) || v.get<double>() < 0) add(fieldPath, "must be a non-negative integer, got " + describeJson(v));
            } else if (key == "overlap_area") {
                if (!v.is_number() || !(v.get<double>() >= 0)) add(fieldPath, "must be a non-negative number, got " + describeJson(v));
            } else if (key == "first_hit") {
                checkFirstHit(v, fieldPath);
            } else if (key == "time_ns") {
                add(fieldPath, "time changes from run to run and cannot be expected");
            } else if (key == "frames") {
                checkFrameExpectations(v, fieldPath);
            } else if (key == "time_of_impact") {
                checkTimeOfImpact(v, fieldPath);
            } else {
                add(fieldPath, "unknown field (known fields: applicable, reason, hit, overlap, overlap_area, samples, first_hit, "
                               "frames, time_of_impact)");
            }
        }
    }

    void checkFirstHit(const Json& v, const std::string& path) {
        if (v.is_null()) return;
        if (!v.is_object()) {
            add(path, "must be null or an object {\"a\": [x, y], \"b\": [x, y], \"world\": [x, y]}, got " + describeJson(v));
            return;
        }
        for (const auto& field : v.items()) {
            const std::string fieldPath = path + "." + field.key();
            const Json& point = field.value();
            const bool integral = field.key() != "world";
            if (field.key() != "a" && field.key() != "b" && field.key() != "world") {
                add(fieldPath, "unknown field (known fields: a, b, world)");
            } else if (!point.is_array() || point.size() != 2 || !point[0].is_number() || !point[1].is_number() ||
                       (integral && (!isIntegral(point[0]) || !isIntegral(point[1])))) {
                add(fieldPath, std::string("must be an array of two ") + (integral ? "integers" : "numbers") + ", got " + describeJson(point));
            }
        }
    }

    // expect["A/B"]["contact"]: what `check --contact` reports.
    void checkContactExpectation(const Json& value, const std::string& path) {
        if (!value.is_object()) {
            add(path, "must be an object such as {\"separation\": [-3, 0]}, got " + describeJson(value));
            return;
        }
        auto isPoint = [](const Json& v) { return v.is_array() && v.size() == 2 && v[0].is_number() && v[1].is_number(); };
        for (const auto& field : value.items()) {
            const std::string& key = field.key();
            const Json& v = field.value();
            const std::string fieldPath = path + "." + key;
            if (key == "separation") {
                if (!isPoint(v)) add(fieldPath, "must be an array of two numbers [x, y], got " + describeJson(v));
            } else if (key == "centroid") {
                if (!v.is_null() && !isPoint(v)) add(fieldPath, "must be null or an array of two numbers [x, y], got " + describeJson(v));
            } else if (key == "depth" || key == "push") {
                if (!v.is_number() || !(v.get<double>() >= 0)) add(fieldPath, "must be a non-negative number, got " + describeJson(v));
            } else if (key == "approach") {
                if (!v.is_null() && (!v.is_number() || !(v.get<double>() >= 0))) {
                    add(fieldPath, "must be a non-negative number or null (none within the limit), got " + describeJson(v));
                }
            } else {
                add(fieldPath, "unknown field (known fields: separation, depth, push, approach, centroid)");
            }
        }
    }

    // "frames": [{"frame": 3, "hit": false, "swept_hit": true, "tunnelling": true, ...}, ...] (assets/README.md, "The expect block").
    void checkFrameExpectations(const Json& v, const std::string& path) {
        if (!v.is_array()) {
            add(path, "must be an array of objects such as {\"frame\": 3, \"hit\": false, \"swept_hit\": true}, got " + describeJson(v));
            return;
        }
        for (std::size_t i = 0; i < v.size(); ++i) {
            const Json& entry = v[i];
            const std::string entryPath = path + "[" + std::to_string(i) + "]";
            if (!entry.is_object()) {
                add(entryPath, "must be an object such as {\"frame\": 3, \"hit\": false}, got " + describeJson(entry));
                continue;
            }
            if (!entry.contains("frame")) add(entryPath + ".frame", "missing (required: which frame this entry is about)");
            for (const auto& field : entry.items()) {
                const std::string& key = field.key();
                const Json& f = field.value();
                const std::string fieldPath = entryPath + "." + key;
                if (key == "frame" || key == "overlap" || key == "sub_steps") {
                    if (!isIntegral(f) || f.get<double>() < 0) add(fieldPath, "must be a non-negative integer, got " + describeJson(f));
                } else if (key == "applicable" || key == "hit" || key == "swept_hit" || key == "tunnelling") {
                    if (!f.is_boolean()) add(fieldPath, "must be true or false, got " + describeJson(f));
                } else if (key == "overlap_area") {
                    if (!f.is_number() || !(f.get<double>() >= 0)) add(fieldPath, "must be a non-negative number, got " + describeJson(f));
                } else if (key == "first_hit") {
                    checkFirstHit(f, fieldPath);
                } else if (key == "time_of_impact") {
                    checkTimeOfImpact(f, fieldPath);
                } else {
                    add(fieldPath, "unknown field (known fields: frame, applicable, hit, overlap, overlap_area, first_hit, "
                                   "swept_hit, tunnelling, sub_steps, time_of_impact)");
                }
            }
        }
    }

    // "time_of_impact": null (no sub-step hits) or {"tau": 3.4, "frame": 3, "step": 41, "sub_steps": 120, "a": .., "b": .., "world": ..}.
    void checkTimeOfImpact(const Json& v, const std::string& path) {
        if (v.is_null()) return;
        if (!v.is_object()) {
            add(path, "must be null or an object {\"tau\": 3.4, \"a\": [x, y], \"b\": [x, y], \"world\": [x, y]}, got " + describeJson(v));
            return;
        }
        Json pixels = Json::object();
        for (const auto& field : v.items()) {
            const std::string& key = field.key();
            const Json& f = field.value();
            const std::string fieldPath = path + "." + key;
            if (key == "tau") {
                if (!f.is_number() || !std::isfinite(f.get<double>()) || f.get<double>() < 0) {
                    add(fieldPath, "must be a non-negative number of frames, got " + describeJson(f));
                }
            } else if (key == "frame" || key == "step" || key == "sub_steps") {
                if (!isIntegral(f) || f.get<double>() < 0) add(fieldPath, "must be a non-negative integer, got " + describeJson(f));
            } else if (key == "a" || key == "b" || key == "world") {
                pixels[key] = f;
            } else {
                add(fieldPath, "unknown field (known fields: tau, frame, step, sub_steps, a, b, world)");
            }
        }
        if (!pixels.empty()) checkFirstHit(pixels, path);
    }

private:
    void add(std::string path, std::string message) {
        ++m_count;
        if (m_problem) m_problem(std::move(path), std::move(message));
    }

    std::set<std::string> m_names;
    const ExpectationProblem& m_problem;
    std::size_t m_count = 0;  // problems so far
};

}  // namespace

bool AlgorithmExpectation::expectsMotion() const {
    return fields.is_object() && (fields.contains("frames") || fields.contains("time_of_impact"));
}

const AlgorithmExpectation* PairExpectations::find(std::string_view algorithm) const {
    auto it = std::lower_bound(algorithms.begin(), algorithms.end(), algorithm,
                               [](const AlgorithmExpectation& e, std::string_view name) { return e.algorithm < name; });
    return it != algorithms.end() && it->algorithm == algorithm ? &*it : nullptr;
}

void PairExpectations::visit(const std::function<void(const AlgorithmExpectation&)>& onAlgorithm,
                             const std::function<void(const nlohmann::json&)>& onContact) const {
    bool contactDone = !contact;
    for (const auto& entry : algorithms) {
        if (!contactDone && entry.algorithm > kContactExpectKey) {
            onContact(*contact);
            contactDone = true;
        }
        onAlgorithm(entry);
    }
    if (!contactDone) onContact(*contact);
}

std::size_t Expectations::count() const {
    std::size_t n = 0;
    for (const auto& p : pairs()) n += p.size();
    return n;
}

bool Expectations::expectsContact() const {
    for (const auto& p : pairs()) {
        if (p.contact) return true;
    }
    return false;
}

bool Expectations::expectsMotion() const {
    for (const auto& p : pairs()) {
        for (const auto& e : p.algorithms) {
            if (e.expectsMotion()) return true;
        }
    }
    return false;
}

const PairExpectations* Expectations::find(std::string_view a, std::string_view b) const {
    auto it = m_pairs.find(std::string(a) + "/" + std::string(b));
    return it != m_pairs.end() ? &it->second : nullptr;
}

PairExpectations& Expectations::pair(const std::string& a, const std::string& b) {
    auto [it, added] = m_pairs.try_emplace(a + "/" + b);
    if (added) {
        it->second.a = a;
        it->second.b = b;
    }
    return it->second;
}

void Expectations::set(const std::string& a, const std::string& b, const std::string& algorithm, nlohmann::json fields) {
    auto& entries = pair(a, b).algorithms;
    auto it = std::lower_bound(entries.begin(), entries.end(), algorithm,
                               [](const AlgorithmExpectation& e, const std::string& name) { return e.algorithm < name; });
    if (it != entries.end() && it->algorithm == algorithm) it->fields = std::move(fields);
    else entries.insert(it, AlgorithmExpectation{algorithm, std::move(fields)});
}

void Expectations::setContact(const std::string& a, const std::string& b, nlohmann::json fields) {
    pair(a, b).contact = std::move(fields);
}

void Expectations::merge(const Expectations& other) {
    for (const auto& p : other.pairs()) {
        pair(p.a, p.b);
        for (const auto& e : p.algorithms) set(p.a, p.b, e.algorithm, e.fields);
        if (p.contact) setContact(p.a, p.b, *p.contact);
    }
}

nlohmann::json Expectations::toJson() const {
    Json out = Json::object();
    for (const auto& p : pairs()) {
        Json entries = Json::object();
        for (const auto& e : p.algorithms) entries[e.algorithm] = e.fields;
        if (p.contact) entries[std::string(kContactExpectKey)] = *p.contact;
        out[p.key()] = std::move(entries);
    }
    return out;
}

Expectations readExpectations(const nlohmann::json& expect, const std::vector<std::string>& spriteNames,
                              const ExpectationProblem& problem) {
    if (!expect.is_object()) return {};
    return ExpectationsReader(spriteNames, problem).read(expect);
}

Expectations expectationsFromJson(const nlohmann::json& expect) {
    Expectations out;
    if (!expect.is_object()) return out;
    for (const auto& [key, entries] : expect.items()) {
        const auto slash = key.find('/');
        if (slash == std::string::npos || slash == 0 || slash + 1 == key.size() || key.find('/', slash + 1) != std::string::npos) continue;
        const std::string a = key.substr(0, slash), b = key.substr(slash + 1);
        out.pair(a, b);
        if (!entries.is_object()) continue;
        for (const auto& [name, fields] : entries.items()) {
            if (name == kContactExpectKey) out.setContact(a, b, fields);
            else out.set(a, b, name, fields);
        }
    }
    return out;
}

}  // namespace cl
