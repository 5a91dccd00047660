#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The process's CPU time and peak memory so far, from getrusage; libvips' worker threads count too.
struct ProcessUsage {
    var cpuMilliseconds: Double
    var peakResidentBytes: Int

    static func now() -> ProcessUsage {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peakUnit = 1024  // Linux reports ru_maxrss in kilobytes, macOS in bytes
        #else
        getrusage(RUSAGE_SELF, &usage)
        let peakUnit = 1
        #endif
        func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        return ProcessUsage(
            cpuMilliseconds: milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime),
            peakResidentBytes: Int(usage.ru_maxrss) * peakUnit
        )
    }
}
