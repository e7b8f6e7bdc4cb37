// The one place the app-side library chooses its frameworks: Apple's on Apple platforms, the
// Linux stand-in (signature for signature the same) elsewhere.

#if canImport(UserNotifications) && canImport(Intents)
@_exported import Intents
@_exported import UserNotifications
#else
@_exported import AppleFrameworksStandIn
#endif
