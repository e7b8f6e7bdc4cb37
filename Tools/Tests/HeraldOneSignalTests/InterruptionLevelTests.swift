import HeraldCore
import HeraldOneSignal
import Testing

@Test(arguments: [
    (InterruptionLevel.passive, "passive"),
    (.active, "active"),
    (.timeSensitive, "time_sensitive"),
    (.critical, "critical"),
])
func oneSignalSpellsInterruptionLevelsWithUnderscores(level: InterruptionLevel, expected: String) {
    #expect(level.oneSignalValue == expected)
}
