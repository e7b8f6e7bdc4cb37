// The one place the adapter chooses its frameworks: Apple's on Apple platforms, the Linux
// stand-in (signature for signature the same, see docs/architecture.md) elsewhere.
// Every other file of the module uses the UN* and IN* names without any #if.

#if canImport(UserNotifications) && canImport(Intents)
@_exported import Intents
@_exported import UserNotifications
#else
@_exported import AppleFrameworksStandIn
#endif
