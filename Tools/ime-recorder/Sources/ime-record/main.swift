import EngineRecorder
import Foundation

let (code, output, errors) = RecorderCLI.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(output.utf8))
FileHandle.standardError.write(Data(errors.utf8))
exit(code)
