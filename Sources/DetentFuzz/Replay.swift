#if canImport(Glibc)
import Glibc
#endif

// Built normally, DetentFuzz replays files (the seed corpus, or a crash the
// fuzzer saved) through the same target, so a finding reproduces without
// libFuzzer. Built with -DFUZZING (scripts/fuzz), libFuzzer supplies main.
#if !FUZZING
@main
struct Replay {
    static func main() {
        var replayed = 0
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                print("cannot open \(path)")
                exit(1)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, file)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            fclose(file)
            bytes.withUnsafeBufferPointer { _ = fuzzOneInput($0.baseAddress, $0.count) }
            replayed += 1
        }
        print("replayed \(replayed) input(s) without a failure")
    }
}
#endif

#if FUZZING
/// libFuzzer's driver, for the entry point SwiftPM links executables with.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM links an executable's `main` to `<module>_main`: hand it to libFuzzer.
@_cdecl("DetentFuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#endif
