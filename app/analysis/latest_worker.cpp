#include "app/analysis/latest_worker.h"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace cl {

void lowerThisThreadPriority() {
#ifdef __linux__
    // Per thread on Linux (a thread is a process to setpriority): nice 10, below the frame and the report.
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#endif
}

}  // namespace cl
