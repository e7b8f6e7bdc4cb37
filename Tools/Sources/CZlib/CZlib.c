// CZlib is a header (include/CZlib.h) and the system's libz; SwiftPM builds a C target from at
// least one source file.
