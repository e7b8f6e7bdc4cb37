import CLibFuzzer
import Foundation

/// One libFuzzer target: what it does with an input, and the seeds it builds itself.
///
/// A target is an executable whose `@main` type conforms and starts the fuzzer with a C
/// callback that names the type (a C function pointer cannot be generic):
///
/// ```swift
/// @main
/// enum PayloadTarget: FuzzTarget {
///     static func main() { Fuzzer.main(self) { Fuzzer.test(PayloadTarget.self, $0, $1) } }
///     static func run(_ input: inout FuzzInput) { ... }
/// }
/// ```
///
/// A run must be deterministic and leave nothing behind: no files (a target that must read
/// from disk rewrites the same ones from every input), no globals that change, so that a crash
/// replays from its input alone.
public protocol FuzzTarget {
    /// Feeds one input to the code under test; traps (through ``require(_:_:file:line:)`` or
    /// inside Herald) when something is wrong.
    static func run(_ input: inout FuzzInput)

    /// Inputs to start from beyond the fixture files `scripts/fuzz.sh` copies; default none.
    static var seeds: [(name: String, bytes: [UInt8])] { get }
}

extension FuzzTarget {
    public static var seeds: [(name: String, bytes: [UInt8])] { [] }
}

/// Starting libFuzzer and handing it inputs.
public enum Fuzzer {
    /// The whole program: writes the target's seeds and exits when asked (``Seeds``), else runs
    /// libFuzzer's driver with the command line (its flags, corpus directories or inputs).
    ///
    /// - Parameters:
    ///   - target: the target.
    ///   - testOneInput: `{ Fuzzer.test(Target.self, $0, $1) }`.
    public static func main<Target: FuzzTarget>(
        _ target: Target.Type, _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> Never {
        Seeds.writeIfAsked(Target.seeds)
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    /// Runs one input; the body of the callback given to ``main(_:_:)``.
    public static func test<Target: FuzzTarget>(_ target: Target.Type, _ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        var input = FuzzInput(start: start, count: count)
        Target.run(&input)
        return 0
    }
}
