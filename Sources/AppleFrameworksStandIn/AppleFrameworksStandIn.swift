// AppleFrameworksStandIn: the parts of UserNotifications and Intents that Herald's iOS adapter
// uses, declared for Linux so the adapter compiles and is tested there. Only Linux builds link
// this module; on Apple platforms the adapter imports the real frameworks.
//
// Conventions in every file of this module:
// - "Source:" names where a declaration comes from. "reference" means
//   /work/shared/reference/apple-frameworks.md (checked against the iOS 15 SDK headers, Apple's
//   documentation pages and Apple's Swift overlay for Intents), followed by its section.
// - "Model:" marks behaviour the stand-in chooses where Apple states none; tests of the adapter
//   must not treat it as Apple's.
// - "UNVERIFIED:" marks a declaration or fact the reference does not confirm.
// - Classes are `open`, as Swift sees Apple's Objective-C classes, so a test double can subclass
//   them. Like Apple's, they are not Sendable. Availability annotations copy the reference's iOS
//   versions; they do nothing on Linux but keep the source honest.
// - Public surface is the reference's, no more: whatever else Apple's types hold (an INPerson's
//   `isMe`, an INImage's bytes) is readable only through `StandInInspection`, so adapter code
//   cannot come to depend on an API the reference has not confirmed.
// - Tests drive and observe the stand-in through `StandInRecorder` (see that file).
