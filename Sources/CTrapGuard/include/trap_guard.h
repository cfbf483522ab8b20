// Runs a function so that a trap inside it (a Swift runtime error: a force-unwrapped nil,
// an index out of range, a failed precondition, an overflow; or a stack overflow) returns
// to the caller instead of ending the process. Used around the calls into rules under
// test: a rule that crashes is a finding, not a dead test run.
#ifndef TRAP_GUARD_H
#define TRAP_GUARD_H

/// The function a guarded call runs.
typedef void (*trap_guard_body)(void *context);

/// Calls `body(context)` on this thread. Returns 0 when it returned, or the number of the
/// signal that stopped it (SIGILL or SIGTRAP for a Swift trap, SIGSEGV or SIGBUS for a
/// stack overflow or a bad pointer, SIGFPE for a division trap). What the stopped frames
/// held is abandoned: their memory leaks, which a test run can afford.
int trap_guard_run(trap_guard_body body, void *context);

/// The message the Swift runtime wrote for the trap this thread last jumped back from
/// ("Fatal error: Index out of range"), or NULL (a stack overflow writes none); the
/// caller frees it. Taking it clears it.
char *trap_guard_take_message(void);

#endif
