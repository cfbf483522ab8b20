// How a trap becomes a return (see trap_guard.h).
//
// A handler for the trap signals is installed once, for the whole process, on an
// alternate stack (so a stack overflow can be handled too). A guarded call records a jump
// buffer in a thread-local; when the signal arrives on a thread that is inside a guarded
// call, the handler jumps back to it. On any other thread, or outside a guarded call, the
// handler passes the signal on to whatever handled it before (the Swift runtime's
// backtracer, a sanitizer, or the default action), so crashes elsewhere stay crashes.
//
// Two pieces of the Swift runtime are read by name, because abandoning Swift frames
// otherwise breaks it:
// - `_swift_disableExclusivityChecking` is set before the first guarded call. A trap
//   inside a dynamically enforced access (a class property being modified) would leave
//   that access in the thread's list, in stack memory that is then reused; with checking
//   off no access is ever recorded (the runtime's own begin/end honour the flag per access).
// - `swift_getFatalErrorMessageBuffer` holds the message of the last fatal error (the
//   runtime keeps it for crash reports on Linux).
#define _GNU_SOURCE
#include "trap_guard.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const int trap_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE};
#define TRAP_SIGNAL_COUNT (sizeof trap_signals / sizeof trap_signals[0])

static struct sigaction previous_actions[TRAP_SIGNAL_COUNT];
static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static __thread sigjmp_buf *current_jump;
static __thread bool alternate_stack_ready;
/// The runtime's message of the trap this thread jumped back from, taken in the handler:
/// the runtime keeps one message for the whole process.
static __thread char *trap_message;

typedef _Atomic(char *) *(*message_buffer_function)(void);
static message_buffer_function message_buffer;

/// Passes a signal that no guarded call expects to the handler installed before ours.
static void pass_on(int signal, siginfo_t *info, void *context) {
    for (size_t index = 0; index < TRAP_SIGNAL_COUNT; index++) {
        if (trap_signals[index] != signal) continue;
        struct sigaction *previous = &previous_actions[index];
        if (previous->sa_flags & SA_SIGINFO) {
            previous->sa_sigaction(signal, info, context);
            return;
        }
        if (previous->sa_handler == SIG_IGN) return;
        if (previous->sa_handler != SIG_DFL) {
            previous->sa_handler(signal);
            return;
        }
        // The default action: restore it and deliver the signal again.
        sigaction(signal, previous, NULL);
        raise(signal);
        return;
    }
}

static void handle(int signal, siginfo_t *info, void *context) {
    sigjmp_buf *jump = current_jump;
    if (jump == NULL) {
        pass_on(signal, info, context);
        return;
    }
    current_jump = NULL;
    if (message_buffer != NULL) {
        _Atomic(char *) *message = message_buffer();
        if (message != NULL) {
            free(trap_message);
            trap_message = atomic_exchange(message, NULL);
        }
    }
    siglongjmp(*jump, signal);
}

static void install(void) {
    bool *disable = dlsym(RTLD_DEFAULT, "_swift_disableExclusivityChecking");
    if (disable != NULL) *disable = true;
    message_buffer = (message_buffer_function)dlsym(RTLD_DEFAULT, "swift_getFatalErrorMessageBuffer");
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handle;
    // SA_NODEFER: the jump leaves the handler without returning, so the signal must not
    // stay blocked on the thread afterwards.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < TRAP_SIGNAL_COUNT; index++) {
        sigaction(trap_signals[index], &action, &previous_actions[index]);
    }
}

/// An alternate signal stack for this thread, so that a stack overflow can be handled.
static void prepare_thread(void) {
    if (alternate_stack_ready) return;
    alternate_stack_ready = true;
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return;
    size_t size = 1 << 16;
    void *memory = malloc(size);
    if (memory == NULL) return;
    stack_t stack = {.ss_sp = memory, .ss_size = size, .ss_flags = 0};
    if (sigaltstack(&stack, NULL) != 0) free(memory);
}

int trap_guard_run(trap_guard_body body, void *context) {
    pthread_once(&install_once, install);
    prepare_thread();
    sigjmp_buf jump;
    sigjmp_buf *outer = current_jump;
    int signal = sigsetjmp(jump, 0);
    if (signal == 0) {
        current_jump = &jump;
        body(context);
        current_jump = outer;
        return 0;
    }
    current_jump = outer;
    return signal;
}

char *trap_guard_take_message(void) {
    char *message = trap_message;
    trap_message = NULL;
    return message;
}
