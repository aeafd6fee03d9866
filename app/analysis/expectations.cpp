#include "app/analysis/expectations.h"

#include <algorithm>

namespace cl {

ExpectRecording recordExpectations(const Scene& scene, const std::pair<std::string, std::string>& pair,
                                   const std::vector<std::string>& tests, const AlgorithmSet& available,
                                   const std::vector<AlgorithmOutcome>& answered, MaskCache& masks) {
    ExpectRecording out;
    std::vector<const Algorithm*> chosen;
    if (tests.empty()) {
        for (const Algorithm& a : available.all()) chosen.push_back(&a);
    } else {
        for (const std::string& name : tests) {
            const Algorithm* a = available.find(name);
            if (!a) {
                out.error = "unknown test '" + name + "'";
                return out;
            }
            chosen.push_back(a);
        }
    }
    CheckOptions options;
    options.available = &available;
    options.pair = pair;
    for (const Algorithm* a : chosen) {
        if (!a->threadBound) options.algorithms.emplace_back(a->name);
    }
    CheckReport report;
    if (!options.algorithms.empty()) {
        CheckRunResult run = runCheck(scene, "", options, masks);
        if (!run.ok()) {
            out.error = run.error;
            return out;
        }
        report = std::move(*run.report);
    } else {
        report.pairs.push_back(PairReport{pair.first, pair.second, {}, std::nullopt});
    }
    if (report.pairs.size() != 1) {
        out.error = "the pair " + pair.first + "/" + pair.second + " gave no answers";
        return out;
    }
    // Put the thread-bound answers back in table order beside the ones just computed.
    std::vector<AlgorithmOutcome> ordered;
    for (const Algorithm* a : chosen) {
        const std::vector<AlgorithmOutcome>& source = a->threadBound ? answered : report.pairs[0].results;
        const auto found = std::find_if(source.begin(), source.end(), [&](const AlgorithmOutcome& o) { return o.algorithm == a; });
        if (found == source.end()) {
            out.error = std::string(a->name) + " has no answer yet for " + pair.first + "/" + pair.second + "; try again in a moment";
            return out;
        }
        ordered.push_back(*found);
    }
    report.pairs[0].results = std::move(ordered);
    out.expect = expectJson(report);
    return out;
}

std::size_t countExpectations(const nlohmann::json& expect) { return expectationsFromJson(expect).count(); }

std::string expectationText(const nlohmann::json& fields) {
    if (!fields.is_object()) return fields.dump();
    std::vector<std::string> parts;
    if (fields.contains("applicable") && fields["applicable"] == false) parts.emplace_back("not applicable");
    if (fields.contains("hit")) parts.emplace_back(fields["hit"] == true ? "HIT" : fields["hit"] == false ? "no hit" : "hit " + fields["hit"].dump());
    for (const auto& [key, value] : fields.items()) {
        if (key == "applicable" && value == false) continue;
        if (key == "hit") continue;
        const std::string name = key == "overlap_area" ? "area" : key;
        parts.push_back(name + " " + (value.is_string() ? value.get<std::string>() : value.dump()));
    }
    std::string text;
    for (const std::string& p : parts) text += (text.empty() ? "" : ", ") + p;
    return text;
}

std::vector<std::pair<std::string, std::string>> expectedPairs(const nlohmann::json& expect) {
    std::vector<std::pair<std::string, std::string>> pairs;
    const Expectations read = expectationsFromJson(expect);  // kept alive for the loop over its pairs
    for (const PairExpectations& pair : read.pairs()) pairs.emplace_back(pair.a, pair.b);
    return pairs;
}

std::vector<ExpectationStatus> expectationStatus(const CheckReport& answers, const Expectations& expect,
                                                 const AlgorithmSet& available) {
    std::vector<ExpectationStatus> statuses;
    for (const PairExpectations& pair : expect.pairs()) {
        // One entry at a time, so each gets its own verdict from core's comparison.
        auto judge = [&](ExpectationStatus s, const Expectations& single) {
            const VerifyResult verified = verifyReport(answers, single, available);
            if (verified.checked > 0) {
                s.state = verified.passed() ? ExpectationState::Passes : ExpectationState::Fails;
                s.differences = verified.differences;
            }
            statuses.push_back(std::move(s));
        };
        pair.visit(
            [&](const AlgorithmExpectation& entry) {
                ExpectationStatus s{pair.key(), entry.algorithm, ExpectationState::NotComputed, {}};
                if (!available.find(entry.algorithm)) {
                    s.state = ExpectationState::Unavailable;
                    statuses.push_back(std::move(s));
                    return;
                }
                Expectations single;
                single.set(pair.a, pair.b, entry.algorithm, entry.fields);
                judge(std::move(s), single);
            },
            [&](const nlohmann::json& fields) {
                Expectations single;
                single.setContact(pair.a, pair.b, fields);
                judge(ExpectationStatus{pair.key(), std::string(kContactExpectKey), ExpectationState::NotComputed, {}}, single);
            });
    }
    return statuses;
}

std::vector<ExpectationStatus> expectationStatus(const CheckReport& answers, const nlohmann::json& expect,
                                                 const AlgorithmSet& available) {
    return expectationStatus(answers, expectationsFromJson(expect), available);
}

}  // namespace cl
