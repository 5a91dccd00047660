#include "FuzzDriver.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

// Both come from the link: libFuzzer's runtime (-sanitize=fuzzer) and the harness's @_cdecl function.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

void openmarket_fuzz_main(int argc, char **argv) {
    exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput));
}
