#pragma once
// Requests: what a command, a tool or a view asks the sandbox to do later in the frame (frame a view, open
// a tab, take a screenshot, open a lesson, ...), as one typed queue instead of a boolean flag per wish.
// Whoever asks pushes; the shell takes each kind at the point of the frame that serves it (sandbox.cpp):
// a request it cannot serve yet (FrameLocal while the answer is pending) stays queued.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "core/scene/scene.h"

namespace cl {

/// Frame all sprites in the world view (after the layout changed or a scene opened).
struct FrameWorld {};
/// Frame the pair in the local-space view, once the newest answer is in.
struct FrameLocal {};
/// Save a screenshot in the current folder after this frame is drawn.
struct TakeScreenshot {};
/// Open the file browser for Save As.
struct OpenSaveAs {};
/// Open the file browser to save a file a tool writes (the Collider tool's Export...): titled `title`, in `file`'s
/// folder when it is one (else where Save As starts) with `file`'s name filled in, listing `extensions`; a name
/// without an extension gets `defaultExtension`, and an existing file is replaced only once the user says so. Then
/// `write` writes the chosen file and returns "" or what went wrong (shown in the error popup).
struct BrowseToSave {
    std::string title;
    std::filesystem::path file;
    std::vector<std::string> extensions;
    std::string defaultExtension;
    std::function<std::string(const std::filesystem::path&)> write;
};
/// Leave the frame loop: unsaved work has been dealt with.
struct QuitNow {};
/// Open this tool's tab (an index into the registry's list).
struct FocusTool {
    int index = -1;
};
/// Open the file browser for an image or atlas: a new image for `sprite`, or a new sprite when -1.
struct BrowseForImage {
    int sprite = -1;
};
/// Ask which frame of its atlas `sprite` shows (the Sprites tool takes it): an atlas was just loaded.
struct AskFrame {
    int sprite = -1;
};
/// Open a bundled lesson (asking first about unsaved changes).
struct OpenLesson {
    std::filesystem::path file;
};
/// Open `scene` as a new untitled document (asking first about unsaved changes).
struct OpenUntitledScene {
    std::unique_ptr<Scene> scene;  // a pointer: a request stays small, whatever it carries
};

/// Open the bug-report dialog (File > Save as bug report...), its fields already filled.
struct OpenBugReportDialog {};

/// One request of any kind.
using Request = std::variant<FrameWorld, FrameLocal, TakeScreenshot, OpenSaveAs, BrowseToSave, QuitNow, FocusTool,
                             BrowseForImage, AskFrame, OpenLesson, OpenUntitledScene, OpenBugReportDialog>;

/// The requests not yet served, at most one of each kind: a newer request of a kind replaces the older
/// one (the newest wish wins), so a request that waits (FrameLocal while the view is hidden) never piles up.
class RequestQueue {
public:
    /// Queues `request`, replacing a queued request of the same kind.
    void push(Request request) {
        const std::size_t kind = request.index();
        std::erase_if(m_requests, [kind](const Request& r) { return r.index() == kind; });
        m_requests.push_back(std::move(request));
    }

    /// Removes the queued request of kind T and returns it, or nullopt when there is none.
    template <class T>
    std::optional<T> take() {
        for (auto it = m_requests.begin(); it != m_requests.end(); ++it) {
            if (T* t = std::get_if<T>(&*it)) {
                std::optional<T> out(std::move(*t));
                m_requests.erase(it);
                return out;
            }
        }
        return std::nullopt;
    }

    /// The queued request of kind T (it stays queued), or null.
    template <class T>
    const T* find() const {
        for (const Request& r : m_requests) {
            if (const T* t = std::get_if<T>(&r)) return t;
        }
        return nullptr;
    }

    /// True when a request of kind T is queued.
    template <class T>
    bool has() const { return find<T>() != nullptr; }

    /// True when nothing is queued.
    bool empty() const { return m_requests.empty(); }
    /// How many requests are queued (one per kind at most).
    std::size_t size() const { return m_requests.size(); }

private:
    std::vector<Request> m_requests;
};

}  // namespace cl
