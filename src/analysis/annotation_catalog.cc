// Catalog entries (our own words). Links point to public documentation.
#include "src/analysis/annotation_catalog.h"

#include <cstring>

namespace weft {
namespace {

constexpr char kChromeTasks[] = "https://developer.chrome.com/docs/devtools/performance/reference";
constexpr char kRendering[] = "https://web.dev/articles/rendering-performance";
constexpr char kInp[] = "https://web.dev/articles/inp";
constexpr char kLoading[] = "https://web.dev/articles/critical-rendering-path";
constexpr char kAndroidFrames[] = "https://developer.android.com/topic/performance/rendering";
constexpr char kAndroidLaunch[] = "https://developer.android.com/topic/performance/vitals/launch-time";
constexpr char kAndroidLayouts[] = "https://developer.android.com/develop/ui/views/layout/improving-layouts";

}  // namespace

const std::vector<CatalogEntry>& AnnotationCatalog() {
  static const std::vector<CatalogEntry> kEntries = {
      // Chrome: tasks and scripts.
      {"RunTask", "One task of a Chrome thread's task queue, from start to end. Tasks over 50 ms "
                  "on a renderer's main thread delay input handling (long tasks).", kChromeTasks},
      {"ThreadControllerImpl::RunTask", "A task run by Chrome's task scheduler on this thread.",
       kChromeTasks},
      {"FunctionCall", "The browser called a JavaScript function (a callback, a timer, an event "
                       "listener).", kChromeTasks},
      {"EvaluateScript", "A classic script was compiled and run from top to bottom.", kChromeTasks},
      {"v8.evaluateModule", "A JavaScript module was evaluated.", kChromeTasks},
      {"v8.compile", "V8 compiled JavaScript source to bytecode.", kChromeTasks},
      {"RunMicrotasks", "Queued promise reactions and other microtasks ran, after a script or "
                        "callback returned.", kChromeTasks},
      {"TimerFire", "A setTimeout / setInterval timer fired and ran its callback.", kChromeTasks},
      {"FireAnimationFrame", "requestAnimationFrame callbacks ran before the next frame.",
       kRendering},
      {"FireIdleCallback", "A requestIdleCallback callback ran in idle time; it should end "
                           "within the time the scheduler allotted it.",
       "https://developer.mozilla.org/docs/Web/API/Window/requestIdleCallback"},
      {"MajorGC", "A full garbage collection of the JavaScript heap.", kChromeTasks},
      {"MinorGC", "A garbage collection of the JavaScript heap's young generation.",
       kChromeTasks},
      // Chrome: input.
      {"EventDispatch", "A DOM event (click, keydown, ...) was dispatched to its listeners.",
       kInp},
      {"EventTiming", "The Event Timing entry of one input event: from the input to the frame "
                      "that showed its effect.", kInp},
      {"InputLatency::*", "The latency of one input event through Chrome's input pipeline.",
       kInp},
      // Chrome: rendering.
      {"UpdateLayoutTree", "Style recalculation: the computed style of changed elements was "
                           "worked out again.", kRendering},
      {"Layout", "Layout: the size and position of elements were computed.", kRendering},
      {"PrePaint", "Paint property trees were updated before painting.", kRendering},
      {"Paint", "Painting: the drawing commands of changed layers were recorded.", kRendering},
      {"Layerize", "Painted content was split into composited layers.", kRendering},
      {"Commit", "The main thread handed the new frame's layers to the compositor.",
       kRendering},
      {"BeginMainThreadFrame", "The compositor asked the main thread to produce a frame.",
       kRendering},
      {"DrawFrame", "The compositor drew a frame.", kRendering},
      // Chrome: loading.
      {"ParseHTML", "The HTML parser read part of the document.", kLoading},
      {"ResourceSendRequest", "A network request was sent.", kLoading},
      {"ResourceReceiveResponse", "The response headers of a network request arrived.", kLoading},
      {"ResourceFinish", "A network request finished loading.", kLoading},
      {"navigationStart", "A navigation started: the page load begins here.", kLoading},
      // Android.
      {"inflate", "A View hierarchy was built from compiled layout XML by LayoutInflater: every "
                  "View object was created and its styled attributes applied.", kAndroidLayouts},
      {"Choreographer#doFrame*", "The UI thread produced one frame: input, animation, measure, "
                                 "layout and draw callbacks for this vsync.", kAndroidFrames},
      {"DrawFrame*", "RenderThread turned the recorded display lists into GPU commands for one "
                     "frame.", kAndroidFrames},
      {"traversal", "View measure, layout and draw passes over the view tree.", kAndroidFrames},
      {"measure", "Views measured their size for layout.", kAndroidLayouts},
      {"layout", "Views were positioned within their parents.", kAndroidLayouts},
      {"bindApplication", "The new app process set up its Application (class loading, "
                          "Application.onCreate): the first step of a cold start.",
       kAndroidLaunch},
      {"activityStart", "An Activity was started (onCreate / onStart) during a launch.",
       kAndroidLaunch},
      {"activityResume", "An Activity became visible and interactive (onResume).",
       kAndroidLaunch},
      {"launching: *", "An app startup, from the launch request to the first frame drawn.",
       kAndroidLaunch},
      {"binder transaction", "A call to another process through binder; this thread waits "
                             "for the reply.",
       "https://source.android.com/docs/core/architecture/hidl/binder-ipc"},
      {"Lock contention on *", "This thread waited for a Java monitor lock held by another "
                               "thread.", kAndroidFrames},
  };
  return kEntries;
}

bool IsCatalogPattern(const char* match) { return strpbrk(match, "*?[") != nullptr; }

}  // namespace weft
