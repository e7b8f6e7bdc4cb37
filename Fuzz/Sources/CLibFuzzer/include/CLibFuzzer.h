#ifndef HERALD_CLIBFUZZER_H
#define HERALD_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, linked by `-sanitize=fuzzer`): parses libFuzzer's flags
/// from argc/argv and calls `callback` with each input. A Swift executable target has its own
/// `main`, so it starts the fuzzer through this instead of libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
