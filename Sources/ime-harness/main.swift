import Glibc
import HarnessCLI

// A closed pipe is a write error to report like any other, not a signal that kills the process.
signal(SIGPIPE, SIG_IGN)
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
