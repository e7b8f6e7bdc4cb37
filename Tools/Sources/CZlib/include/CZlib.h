#ifndef HERALD_CZLIB_H
#define HERALD_CZLIB_H

// The system's zlib, for `herald doctor`'s reading of an .ipa (a ZIP archive whose entries are
// deflated): only inflating, and only raw DEFLATE (RFC 1951), as ZIP stores it.
#include <zlib.h>

/// `inflateInit2(stream, -MAX_WBITS)`: a raw DEFLATE stream, no zlib or gzip header. zlib's
/// `inflateInit2` is a macro, which Swift cannot call.
static inline int CZlib_inflateInitRaw(z_streamp stream) {
    return inflateInit2(stream, -MAX_WBITS);
}

#endif
