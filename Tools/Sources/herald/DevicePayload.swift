import Foundation
import HeraldCore
import HeraldDesk

/// A payload file read as the phone receives it: a device payload as it is, or a provider's
/// request body (OneSignal, FCM v1, Expo) converted the way the provider converts it.
struct DevicePayload {
    /// What the phone receives.
    let payload: Payload
    /// How a request body became ``payload``; `nil` for a device payload.
    let conversion: RequestConversion?

    /// Why a file gives no device payload.
    enum Failure: Error {
        /// Not JSON.
        case invalidJSON(JSONParseError)
        /// A request body its provider would refuse.
        case refused(ProviderRequest.Provider, RequestConversionError)

        /// The lint finding that reports it.
        var finding: LintFinding {
            switch self {
            case .invalidJSON(let error): Linter.finding(for: error)
            case .refused(let provider, let error): Linter.finding(for: error, provider: provider)
            }
        }
    }

    /// Reads and, for a request body, converts.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - language: the recipient's language, for OneSignal's language maps.
    /// - Throws: ``Failure``.
    init(data: Data, language: String) throws(Failure) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw .invalidJSON(error)
        }
        guard let request = ProviderRequest(json) else {
            payload = Payload(json: json)
            conversion = nil
            return
        }
        do {
            let conversion = try request.convert(language: language)
            payload = Payload(json: conversion.payload)
            self.conversion = conversion
        } catch {
            throw .refused(request.provider, error)
        }
    }
}
