#ifndef OPENMARKET_FUZZ_DRIVER_H
#define OPENMARKET_FUZZ_DRIVER_H

/// Runs libFuzzer on the harness's LLVMFuzzerTestOneInput with the process's arguments and exits with its status.
///
/// SwiftPM links every Swift executable with `main` renamed to `<module>_main`, which shadows libFuzzer's own
/// `main`; each harness therefore has a tiny `@main` that hands control to libFuzzer through this function.
__attribute__((noreturn)) void openmarket_fuzz_main(int argc, char **argv);

#endif
