#ifndef CLARDER_SHA_H
#define CLARDER_SHA_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this processor has the SHA extensions (x86-64 SHA-NI with SSSE3 and SSE4.1) and
/// `larder_sha256_blocks` can be called; 0 otherwise (every other processor, which then
/// takes LarderExport's portable Swift rounds).
int larder_sha256_accelerated(void);

/// Hashes `blocks` whole 64-byte blocks at `data` into `state` (h0 ... h7) with the
/// processor's SHA instructions. Call only when `larder_sha256_accelerated()` is 1.
void larder_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
