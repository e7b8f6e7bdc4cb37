#!/usr/bin/env python3
"""Reports every use, in Herald's phone-side modules, of a toolchain API (standard library,
Swift Concurrency, _StringProcessing, Synchronization, FoundationEssentials, ...) whose Apple
availability is newer than the package's iOS/macOS floor. Linux never checks `@available`,
so such a use compiles here and fails only in Xcode.

    scripts/check-apple-availability.py                          # the floor Package.swift declares
    scripts/check-apple-availability.py --ios 15.0 --macos 12.0
    scripts/check-apple-availability.py HeraldCore               # some modules only
    scripts/check-apple-availability.py --no-build               # reuse the last index
    scripts/check-apple-availability.py --scratch-path .build --no-build   # after `swift test` (CI)

How: builds the modules (scratch path .build-availability) with an index store, reads every
symbol occurrence through libIndexStore's C API (ctypes), and joins the occurrences' USRs with
the availability that `swift-symbolgraph-extract` gives for the toolchain's modules (their
interfaces keep Apple's annotations). A member inherits its type's or extension's availability.

Uses the checker can see are safe are not reported: inside a declaration marked
`@available(iOS 17, macOS 14, *)` (or `unavailable` on a platform), inside `if #available`
or after `guard #available`, and in code an `#if` leaves out on iOS or macOS (a platform the
`#if` leaves out is not checked). Anything else that is known to be fine goes in the
allow-list, scripts/apple-availability-allowlist.txt, one `path:line symbol # reason` a line.

Prints `path:line: symbol (iOS X, macOS Y)` lines, sorted, in three groups: newer than the
floor, unavailable on iOS or macOS, and imports of modules Apple ships only on newer systems
(Synchronization). `macOS -` means the symbol has no macOS annotation (taken as available);
`on iOS only` that the other platform is guarded or compiled out there. --verbose also lists
the uses left out and why, and the `#if` regions compiled only for Apple platforms, which no
Linux build sees. Exit status: 0 nothing found, 1 something found, 2 the check could not run.
"""
import argparse
import ctypes
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHONE_SIDE_MODULES = ["HeraldCore", "HeraldSealing", "HeraldEnrichment", "HeraldNotificationService", "HeraldApp"]
# Toolchain modules whose symbol graphs carry Apple availability. `Foundation` and
# `FoundationNetworking` on Linux are swift-corelibs-foundation: they carry only a few Apple
# annotations, so most of their API is unchecked. `Dispatch` likewise.
TOOLCHAIN_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization",
    "Observation", "Distributed", "Dispatch", "FoundationEssentials",
    "FoundationInternationalization", "Foundation", "FoundationNetworking",
]
# Modules of the package itself whose declarations carry Apple availability: the Linux stand-in
# for UserNotifications and Intents mirrors Apple's signatures and `@available`s, so uses of
# UN*/IN* API are checked as far as its annotations go. Read from the build, not cached.
PACKAGE_MODULES = ["AppleFrameworksStandIn"]
# Without these the check would pass while checking next to nothing: it stops instead.
REQUIRED_MODULES = ["Swift", "_Concurrency", "FoundationEssentials"]
# A symbol every usable table must have, at this availability: proof the annotations were read.
CANARY = ("String.init(validating:as:)", "iOS", (18, 0, 0))
# `import X` of these is reported even when nothing from X is used yet.
FLAGGED_IMPORTS = {"Synchronization": {"iOS": (18, 0, 0), "macOS": (15, 0, 0)}}
PLATFORMS = ("iOS", "macOS")
ALLOW_LIST = os.path.join(ROOT, "scripts", "apple-availability-allowlist.txt")
CACHE_FORMAT = 2


def log(message):
    print(message, file=sys.stderr)


def fail(message):
    """Stops with exit status 2: the check could not run (status 1 means findings)."""
    log(f"error: {message}")
    sys.exit(2)


def parse_version(text):
    parts = tuple(int(part) for part in text.split("."))
    return parts + (0,) * (3 - len(parts))


def show_version(version):
    major, minor, patch = version
    return f"{major}.{minor}" + (f".{patch}" if patch else "")


# MARK: - Toolchain


class Toolchain:
    def __init__(self, swiftc):
        self.bin = os.path.dirname(os.path.realpath(swiftc))
        self.lib = os.path.join(os.path.dirname(self.bin), "lib")
        info = json.loads(subprocess.run([swiftc, "-print-target-info"], check=True,
                                         capture_output=True, text=True).stdout)
        self.triple = info["target"]["unversionedTriple"]
        self.version = subprocess.run([swiftc, "--version"], check=True, capture_output=True,
                                      text=True).stdout.strip()

    @staticmethod
    def find(explicit):
        swiftc = os.path.join(explicit, "bin", "swiftc") if explicit else shutil.which("swiftc")
        if not swiftc or not os.path.exists(swiftc):
            fail("no swiftc (put the toolchain on PATH or pass --toolchain)")
        return Toolchain(swiftc)


# MARK: - Availability from symbol graphs


def own_availability(entries):
    """Introduced versions and unavailability per platform, from one symbol graph symbol."""
    introduced, unavailable = {}, set()
    for entry in entries or []:
        domain = entry.get("domain")
        platform = {"iOS": "iOS", "iOSApplicationExtension": "iOS",
                    "macOS": "macOS", "macOSApplicationExtension": "macOS"}.get(domain)
        if platform is None:
            continue
        if entry.get("isUnconditionallyUnavailable"):
            unavailable.add(domain)
        if "obsoleted" in entry:
            unavailable.add(f"{domain} (obsoleted {show_version(version_of(entry['obsoleted']))})")
        if "introduced" in entry:
            version = version_of(entry["introduced"])
            introduced[platform] = max(introduced.get(platform, (0, 0, 0)), version)
    return introduced, unavailable


def unavailable_at(domain, floors):
    """Whether an unavailability ("iOS", "macOSApplicationExtension", "iOS (obsoleted 17.0)")
    applies where code is compiled for the platform with these floors."""
    platform = "iOS" if domain.startswith("iOS") else "macOS"
    if floors[platform] is None:
        return False
    obsoleted = re.search(r"obsoleted ([\d.]+)\)", domain)
    return obsoleted is None or floors[platform] >= parse_version(obsoleted.group(1))


def version_of(component):
    return (component.get("major", 0), component.get("minor", 0), component.get("patch", 0))


def extract_symbol_graphs(toolchain, directory, modules, search_paths=()):
    extractor = os.path.join(toolchain.bin, "swift-symbolgraph-extract")
    extracted = []
    for module in modules:
        output = os.path.join(directory, module)
        os.makedirs(output)
        result = subprocess.run(
            [extractor, "-module-name", module, "-target", toolchain.triple, "-output-dir", output,
             "-minimum-access-level", "public", "-skip-synthesized-members",
             "-omit-extension-block-symbols"] + [f"-I{path}" for path in search_paths],
            capture_output=True, text=True)
        if result.returncode != 0:
            log(f"note: no symbol graph for {module}: {result.stderr.strip().splitlines()[:1]}")
            continue
        extracted.append(module)
    return extracted


def build_availability_table(toolchain, directory, modules, search_paths=()):
    """USR -> [display name, {platform: introduced}, [unavailable domains]], effective: each
    symbol's own availability combined with its enclosing type's and extension's."""
    extracted = extract_symbol_graphs(toolchain, directory, modules, search_paths)
    symbols, parents, defaults = {}, {}, {}
    for path in sorted(glob.glob(os.path.join(directory, "*", "*.symbols.json"))):
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            # A protocol extension's member can appear only as copies on each conforming type
            # (`USR::SYNTHESIZED::type`); a call site's index names the member's own USR.
            usr = symbol["identifier"]["precise"].split("::SYNTHESIZED::")[0]
            introduced, unavailable = own_availability(symbol.get("availability"))
            name = ".".join(symbol["pathComponents"])
            if usr in symbols:
                known = symbols[usr]
                for platform, version in introduced.items():
                    known[1][platform] = max(known[1].get(platform, (0, 0, 0)), version)
                known[2] |= unavailable
            else:
                symbols[usr] = [name, introduced, unavailable]
        for relation in graph["relationships"]:
            if relation["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf"):
                parents.setdefault(relation["source"], set()).add(relation["target"])
            elif relation["kind"] == "defaultImplementationOf":
                defaults.setdefault(relation["target"], set()).add(relation["source"])

    resolved = {}

    def effective(usr, visiting):
        if usr in resolved:
            return resolved[usr]
        name, introduced, unavailable = symbols[usr]
        introduced, unavailable = dict(introduced), set(unavailable)
        for parent in parents.get(usr, ()):
            if parent in symbols and parent not in visiting:
                _, parent_introduced, parent_unavailable = effective(parent, visiting | {usr})
                for platform, version in parent_introduced.items():
                    introduced[platform] = max(introduced.get(platform, (0, 0, 0)), version)
                unavailable |= parent_unavailable
        resolved[usr] = (name, introduced, unavailable)
        return resolved[usr]

    def callable_as(usr):
        """A requirement newer than one of its default implementations (the stdlib added
        `FixedWidthInteger.&*` and the `Keyed*Container` `decodeIfPresent`s as requirements in
        iOS 18 over existing extension methods): below its version the same call compiles to the
        default implementation, so it is as old as the oldest of them."""
        name, introduced, unavailable = effective(usr, frozenset())
        for implementation in defaults.get(usr, ()):
            if implementation not in symbols:
                continue
            _, older, older_unavailable = effective(implementation, frozenset())
            introduced = {p: min(v, older.get(p, (0, 0, 0))) for p, v in introduced.items()}
            unavailable = unavailable & older_unavailable
        return name, introduced, unavailable

    table = {}
    for usr in symbols:
        name, introduced, unavailable = callable_as(usr)
        if introduced or unavailable:
            table[usr] = [name, {p: list(v) for p, v in introduced.items()}, sorted(unavailable)]
    return extracted, table


def load_availability(toolchain, scratch):
    key = hashlib.sha256(json.dumps([CACHE_FORMAT, toolchain.version, toolchain.triple,
                                     TOOLCHAIN_MODULES]).encode()).hexdigest()[:16]
    cache = os.path.join(scratch, "apple-availability", f"symbols-{key}.json")
    if os.path.exists(cache):
        with open(cache) as file:
            stored = json.load(file)
    else:
        with tempfile.TemporaryDirectory() as directory:
            extracted, table = build_availability_table(toolchain, directory, TOOLCHAIN_MODULES)
        missing = [module for module in REQUIRED_MODULES if module not in extracted]
        if missing:
            fail(f"no symbol graph for {', '.join(missing)}: nothing would be checked")
        canary = [entry for entry in table.values() if entry[0] == CANARY[0]]
        if not any(tuple(entry[1].get(CANARY[1], ())) >= CANARY[2] for entry in canary):
            fail(f"the symbol graphs carry no {CANARY[1]} availability for {CANARY[0]}: "
                 "this toolchain's interfaces cannot be read for Apple availability")
        stored = {"modules": extracted, "symbols": table}
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        for stale in glob.glob(os.path.join(os.path.dirname(cache), "symbols-*.json")):
            os.remove(stale)
        with open(cache + ".tmp", "w") as file:
            json.dump(stored, file)
        os.replace(cache + ".tmp", cache)
    modules = list(stored["modules"])
    symbols = dict(stored["symbols"])
    built_modules = os.path.join(scratch, "debug", "Modules")
    present = [m for m in PACKAGE_MODULES if os.path.exists(os.path.join(built_modules, m + ".swiftmodule"))]
    if present != PACKAGE_MODULES:
        fail(f"{', '.join(sorted(set(PACKAGE_MODULES) - set(present)))} not built in {built_modules}: "
             "UserNotifications and Intents uses would go unchecked")
    with tempfile.TemporaryDirectory() as directory:
        extracted, table = build_availability_table(toolchain, directory, present, [built_modules])
    if extracted != PACKAGE_MODULES:
        fail(f"no symbol graph for {', '.join(PACKAGE_MODULES)}: UserNotifications and Intents uses would go unchecked")
    modules += [f"{module} (from the build)" for module in extracted]
    symbols.update(table)
    table = {}
    for usr, (name, introduced, unavailable) in symbols.items():
        table[usr] = (name, {p: tuple(v) for p, v in introduced.items()}, unavailable)
    return modules, table


# MARK: - Index store (libIndexStore's C API through ctypes)


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode() if self.length else ""


SYMBOL_KIND_MODULE = 1
DEPENDENCY_RECORD = 2
ROLE_DECLARATION, ROLE_DEFINITION, ROLE_REFERENCE, ROLE_IMPLICIT = 1 << 0, 1 << 1, 1 << 2, 1 << 8


class IndexStore:
    _pointer = ctypes.c_void_p
    _applier = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)
    _unit_applier = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, StringRef)

    def __init__(self, library, path):
        lib = self.lib = ctypes.CDLL(library)
        P = self._pointer
        signatures = {
            "indexstore_store_create": (P, [ctypes.c_char_p, ctypes.POINTER(P)]),
            "indexstore_store_dispose": (None, [P]),
            "indexstore_error_get_description": (ctypes.c_char_p, [P]),
            "indexstore_store_units_apply_f": (ctypes.c_bool, [P, ctypes.c_uint, P, self._unit_applier]),
            "indexstore_unit_reader_create": (P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
            "indexstore_unit_reader_dispose": (None, [P]),
            "indexstore_unit_reader_get_main_file": (StringRef, [P]),
            "indexstore_unit_reader_get_module_name": (StringRef, [P]),
            "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [P, P, self._applier]),
            "indexstore_unit_dependency_get_kind": (ctypes.c_int, [P]),
            "indexstore_unit_dependency_get_name": (StringRef, [P]),
            "indexstore_unit_dependency_get_filepath": (StringRef, [P]),
            "indexstore_record_reader_create": (P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
            "indexstore_record_reader_dispose": (None, [P]),
            "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [P, P, self._applier]),
            "indexstore_occurrence_get_symbol": (P, [P]),
            "indexstore_occurrence_get_roles": (ctypes.c_uint64, [P]),
            "indexstore_occurrence_get_line_col": (None, [P, ctypes.POINTER(ctypes.c_uint),
                                                          ctypes.POINTER(ctypes.c_uint)]),
            "indexstore_symbol_get_usr": (StringRef, [P]),
            "indexstore_symbol_get_name": (StringRef, [P]),
            "indexstore_symbol_get_kind": (ctypes.c_int, [P]),
        }
        for name, (restype, argtypes) in signatures.items():
            function = getattr(lib, name)
            function.restype, function.argtypes = restype, argtypes
        self.store = lib.indexstore_store_create(path.encode(), ctypes.byref(self._error()))
        if not self.store:
            fail(f"cannot open the index store at {path}")

    def _error(self):
        self.error = self._pointer()
        return self.error

    def units(self):
        names = []
        callback = self._unit_applier(lambda _, name: names.append(name.text()) or True)
        self.lib.indexstore_store_units_apply_f(self.store, 0, None, callback)
        return names

    def unit(self, name):
        """(module name, main file, [(record name, source path)]) of one unit."""
        lib = self.lib
        reader = lib.indexstore_unit_reader_create(self.store, name.encode(), ctypes.byref(self._error()))
        if not reader:
            return None
        records = []

        def dependency(_, item):
            if lib.indexstore_unit_dependency_get_kind(item) == DEPENDENCY_RECORD:
                records.append((lib.indexstore_unit_dependency_get_name(item).text(),
                                lib.indexstore_unit_dependency_get_filepath(item).text()))
            return True

        callback = self._applier(dependency)
        lib.indexstore_unit_reader_dependencies_apply_f(reader, None, callback)
        module = lib.indexstore_unit_reader_get_module_name(reader).text()
        main_file = lib.indexstore_unit_reader_get_main_file(reader).text()
        lib.indexstore_unit_reader_dispose(reader)
        return module, main_file, records

    def references(self, record):
        """Every (usr, name, kind, line, column, implicit?) a record references (declarations
        left out)."""
        lib = self.lib
        reader = lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(self._error()))
        if not reader:
            fail(f"cannot read index record {record}")
        found = []
        line, column = ctypes.c_uint(), ctypes.c_uint()

        def occurrence(_, item):
            roles = lib.indexstore_occurrence_get_roles(item)
            if roles & ROLE_REFERENCE and not roles & (ROLE_DECLARATION | ROLE_DEFINITION):
                symbol = lib.indexstore_occurrence_get_symbol(item)
                lib.indexstore_occurrence_get_line_col(item, ctypes.byref(line), ctypes.byref(column))
                found.append((lib.indexstore_symbol_get_usr(symbol).text(),
                              lib.indexstore_symbol_get_name(symbol).text(),
                              lib.indexstore_symbol_get_kind(symbol), line.value, column.value,
                              bool(roles & ROLE_IMPLICIT)))
            return True

        callback = self._applier(occurrence)
        lib.indexstore_record_reader_occurrences_apply_f(reader, None, callback)
        lib.indexstore_record_reader_dispose(reader)
        return found


# MARK: - Source scopes: #if, @available, #available


def sanitized(source):
    """The source with comments and string literals (interpolations too) blanked out, newlines
    kept, so that braces, `#if` and `@available` can be found by position."""
    out = list(source)
    length = len(source)

    def blank(start, end):
        for index in range(start, min(end, length)):
            if out[index] != "\n":
                out[index] = " "

    def skip_string(index):
        """index at the opening quote run (after any `#`s); returns the index after the literal."""
        hashes = 0
        start = index
        while start - hashes - 1 >= 0 and source[start - hashes - 1] == "#":
            hashes += 1
        multiline = source.startswith('"""', index)
        quote = '"""' if multiline else '"'
        closing = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        index += len(quote)
        while index < length:
            if source.startswith(escape, index):
                after = index + len(escape)
                if after < length and source[after] == "(":
                    index = skip_code(after + 1, ")")
                    continue
                index = after + 1
                continue
            if source.startswith(closing, index):
                return index + len(closing)
            if not multiline and source[index] == "\n":
                return index
            index += 1
        return index

    def skip_code(index, terminator):
        depth = 0
        while index < length:
            character = source[index]
            if source.startswith("//", index):
                end = source.find("\n", index)
                index = length if end < 0 else end
                continue
            if source.startswith("/*", index):
                index = skip_block_comment(index)
                continue
            if character == '"':
                index = skip_string(index)
                continue
            if character == "(":
                depth += 1
            elif character == ")":
                if depth == 0 and terminator == ")":
                    return index + 1
                depth -= 1
            index += 1
        return index

    def skip_block_comment(index):
        depth = 0
        while index < length:
            if source.startswith("/*", index):
                depth += 1
                index += 2
            elif source.startswith("*/", index):
                depth -= 1
                index += 2
                if depth == 0:
                    return index
            else:
                index += 1
        return index

    index = 0
    while index < length:
        if source.startswith("//", index):
            end = source.find("\n", index)
            end = length if end < 0 else end
            blank(index, end)
            index = end
        elif source.startswith("/*", index):
            end = skip_block_comment(index)
            blank(index, end)
            index = end
        elif source[index] == '"':
            start = index
            while start > 0 and source[start - 1] == "#":
                start -= 1
            end = skip_string(index)
            blank(start, end)
            index = end
        else:
            index += 1
    return "".join(out)


class Condition:
    """Evaluates an `#if` condition for iOS, macOS or Linux: True, False, or None (unknown)."""
    SHARED = {"Foundation", "Dispatch", "Synchronization", "_Concurrency", "_StringProcessing",
              "RegexBuilder", "Observation", "Distributed", "XCTest", "Testing"}
    APPLE = {"Darwin", "ObjectiveC", "os", "OSLog", "Security", "ImageIO", "UserNotifications",
             "Intents", "CryptoKit", "CoreGraphics", "UniformTypeIdentifiers", "Network",
             "Combine", "SwiftUI", "CoreServices", "CoreText", "AVFoundation", "Photos"}
    IMPORTABLE = {
        "iOS": SHARED | APPLE | {"UIKit", "MobileCoreServices"},
        "macOS": SHARED | APPLE | {"AppKit"},
        "Linux": SHARED | {"Glibc", "FoundationEssentials", "FoundationInternationalization",
                           "FoundationNetworking", "FoundationXML"},
    }
    NOT_IMPORTABLE = {
        "iOS": {"Glibc", "Musl", "Bionic", "Android", "WinSDK", "ucrt", "WASILibc",
                "FoundationNetworking", "FoundationXML", "AppleFrameworksStandIn", "AppKit"},
        "macOS": {"Glibc", "Musl", "Bionic", "Android", "WinSDK", "ucrt", "WASILibc",
                  "FoundationNetworking", "FoundationXML", "AppleFrameworksStandIn", "UIKit",
                  "MobileCoreServices"},
        "Linux": APPLE | {"UIKit", "AppKit", "MobileCoreServices", "WinSDK", "ucrt", "WASILibc"},
    }
    OS_NAMES = {"iOS": {"iOS"}, "macOS": {"macOS", "OSX"}, "Linux": {"Linux"}}
    KNOWN_OS = {"iOS", "macOS", "OSX", "tvOS", "watchOS", "visionOS", "xrOS", "Linux", "Windows",
                "Android", "FreeBSD", "OpenBSD", "WASI", "none", "Cygwin", "Haiku"}
    TOKEN = re.compile(r"\s*(&&|\|\||!|\(|\)|[A-Za-z_][A-Za-z0-9_]*\s*\([^()]*\)|[A-Za-z_][A-Za-z0-9_]*)")

    def __init__(self, text, platform):
        self.tokens = []
        position = 0
        text = text.strip()
        while position < len(text):
            match = self.TOKEN.match(text, position)
            if not match:
                self.tokens = None
                break
            self.tokens.append(match.group(1))
            position = match.end()
        self.platform = platform

    def value(self):
        if not self.tokens:
            return None
        self.position = 0
        try:
            result = self._or()
        except (IndexError, ValueError):
            return None
        return result if self.position == len(self.tokens) else None

    def _next(self):
        token = self.tokens[self.position]
        self.position += 1
        return token

    def _peek(self):
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def _or(self):
        values = [self._and()]
        while self._peek() == "||":
            self._next()
            values.append(self._and())
        if True in values:
            return True
        return False if all(value is False for value in values) else None

    def _and(self):
        values = [self._not()]
        while self._peek() == "&&":
            self._next()
            values.append(self._not())
        if False in values:
            return False
        return True if all(value is True for value in values) else None

    def _not(self):
        if self._peek() == "!":
            self._next()
            value = self._not()
            return None if value is None else not value
        return self._atom()

    def _atom(self):
        token = self._next()
        if token == "(":
            value = self._or()
            if self._next() != ")":
                raise ValueError
            return value
        if token in ("true", "false"):
            return token == "true"
        call = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*([^(),]*)[^()]*\)", token)
        if not call:
            return None
        function, argument = call.group(1), call.group(2).strip()
        if function == "os":
            if argument in self.OS_NAMES[self.platform]:
                return True
            return False if argument in self.KNOWN_OS else None
        if function == "canImport":
            if argument in self.IMPORTABLE[self.platform]:
                return True
            return False if argument in self.NOT_IMPORTABLE[self.platform] else None
        return None


CONDITION_PLATFORMS = PLATFORMS + ("Linux",)


def conditional_regions(text):
    """[(start line, end line, {platform: active?})] for each `#if` branch, for iOS, macOS and
    Linux; lines 1-based, the directives' own lines excluded."""
    regions, stack = [], []
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if not directive:
            continue
        kind, condition = directive.group(1), directive.group(2)
        if kind == "if":
            stack.append({"start": number, "taken": {p: False for p in CONDITION_PLATFORMS},
                          "active": {p: Condition(condition, p).value() for p in CONDITION_PLATFORMS}})
            continue
        if not stack:
            continue
        frame = stack[-1]
        regions.append((frame["start"], number, frame["active"]))
        for platform in CONDITION_PLATFORMS:
            active = frame["active"][platform]
            taken = frame["taken"][platform]
            frame["taken"][platform] = True if active is True else (None if active is None and taken is False else taken)
        if kind == "endif":
            stack.pop()
            continue
        new = {}
        for platform in CONDITION_PLATFORMS:
            taken = frame["taken"][platform]
            value = Condition(condition, platform).value() if kind == "elseif" else True
            if taken is True:
                new[platform] = False
            elif taken is None:
                new[platform] = None if value is not False else False
            else:
                new[platform] = value
        frame["start"], frame["active"] = number, new
    return regions


AVAILABILITY_PLATFORM = re.compile(
    r"\b(iOS|iOSApplicationExtension|macOS|macOSApplicationExtension|OSX)\b\s*"
    r"(?:,\s*introduced\s*:\s*)?(\d+(?:\.\d+){0,2})?\s*(,\s*unavailable\b)?")


def parse_availability_spec(spec):
    """({platform: version}, {platforms marked unavailable}) from the text inside @available(...)."""
    versions, unavailable = {}, set()
    if re.match(r"\s*\*\s*,\s*unavailable\b", spec):
        return versions, set(PLATFORMS)
    for match in AVAILABILITY_PLATFORM.finditer(spec):
        platform = "iOS" if match.group(1).startswith("iOS") else "macOS"
        if match.group(3):
            unavailable.add(platform)
        elif match.group(2):
            versions[platform] = max(versions.get(platform, (0, 0, 0)), parse_version(match.group(2)))
    return versions, unavailable


def matching(text, index, opening, closing):
    """Index just past the bracket closing the one at index."""
    depth = 0
    while index < len(text):
        if text[index] == opening:
            depth += 1
        elif text[index] == closing:
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return len(text)


MODIFIERS = set("""public private fileprivate internal package open static class final override
mutating nonmutating nonisolated convenience required lazy weak unowned dynamic indirect prefix
postfix infix consuming borrowing distributed optional isolated""".split())
DECLARATION_KEYWORDS = set("""func init deinit subscript var let struct class enum actor protocol
extension typealias case macro associatedtype""".split())


def declaration_end(text, index):
    """End of the declaration whose attributes start at index (the attribute's own end):
    the end of its body in braces, or of its line when it has none."""
    length = len(text)
    # Past other attributes and modifiers to the keyword.
    while index < length:
        match = re.compile(r"\s*(@[A-Za-z_][A-Za-z0-9_.]*|[A-Za-z_][A-Za-z0-9_]*)").match(text, index)
        if not match:
            break
        word = match.group(1)
        index = match.end()
        if word.startswith("@"):
            if index < length and text[index] == "(":
                index = matching(text, index, "(", ")")
            continue
        if word in DECLARATION_KEYWORDS:
            break
        if word not in MODIFIERS and not (index < length and text[index] == "("):
            break
        if index < length and text[index] == "(":  # private(set), nonisolated(unsafe)
            index = matching(text, index, "(", ")")
    depth = 0
    while index < length:
        character = text[index]
        if character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
        elif character == "{" and depth <= 0:
            return matching(text, index, "{", "}")
        elif character == "}" and depth <= 0:
            return index
        elif character == "\n" and depth <= 0:
            rest = text[index:].lstrip()
            first = re.match(r"@|#|}|[A-Za-z_][A-Za-z0-9_]*", rest)
            if not rest or (first and (first.group(0) in ("@", "#", "}")
                                       or first.group(0) in MODIFIERS
                                       or first.group(0) in DECLARATION_KEYWORDS)):
                return index
        index += 1
    return length


def enclosing_block_end(text, index):
    depth = 0
    while index < len(text):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            if depth == 0:
                return index
            depth -= 1
        index += 1
    return len(text)


def next_block(text, index):
    """(start, end) of the first `{...}` after index outside parentheses."""
    depth = 0
    while index < len(text):
        character = text[index]
        if character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
        elif character == "{" and depth <= 0:
            return index, matching(text, index, "{", "}")
        index += 1
    return len(text), len(text)


def availability_regions(text):
    """[(start offset, end offset, {platform: version}, {platforms left out})] inside which
    uses of newer APIs are safe: `@available` declarations, `#available` branches."""
    regions = []
    for match in re.finditer(r"@available\s*\(", text):
        spec_end = matching(text, match.end() - 1, "(", ")")
        versions, unavailable = parse_availability_spec(text[match.end():spec_end - 1])
        if versions or unavailable:
            regions.append((match.start(), declaration_end(text, spec_end), versions, unavailable))
    for match in re.finditer(r"#(available|unavailable)\s*\(", text):
        spec_end = matching(text, match.end() - 1, "(", ")")
        versions, _ = parse_availability_spec(text[match.end():spec_end - 1])
        if not versions:
            continue
        keyword = None
        for keyword_match in re.finditer(r"\b(if|guard|while)\b", text[:match.start()]):
            keyword = keyword_match
        if keyword is None:
            continue
        body_start, body_end = next_block(text, spec_end)
        positive = match.group(1) == "available"
        if keyword.group(1) == "guard":
            if positive:  # guard #available(...) else { ... }: the rest of the block
                regions.append((body_end, enclosing_block_end(text, body_end), versions, set()))
            else:  # guard #unavailable(...) else { here }
                regions.append((body_start, body_end, versions, set()))
        elif positive:
            regions.append((body_start, body_end, versions, set()))
        else:  # if #unavailable(...) { } else { here }
            after = re.compile(r"\s*else\s*\{").match(text, body_end)
            if after:
                start = after.end() - 1
                regions.append((start, matching(text, start, "{", "}"), versions, set()))
    return regions


class SourceFile:
    def __init__(self, path):
        with open(path, encoding="utf-8") as file:
            self.source = file.read()
        self.text = sanitized(self.source)
        self.lines = self.source.split("\n")
        self.line_starts = [0]
        for line in self.lines:
            self.line_starts.append(self.line_starts[-1] + len(line) + 1)
        self.conditionals = conditional_regions(self.text)
        self.availability = availability_regions(self.text)

    def offset(self, line, column):
        """Character offset of a 1-based line and UTF-8 column."""
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        prefix = text.encode("utf-8")[:max(column - 1, 0)].decode("utf-8", errors="ignore")
        return self.line_starts[line - 1] + len(prefix)

    def floors(self, line, column, floor):
        """{platform: effective floor, or None when this code is not compiled for it}, and why."""
        result, reasons = dict(floor), []
        for start, end, active in self.conditionals:
            if start < line < end:
                left_out = [p for p in PLATFORMS if active[p] is False and result[p] is not None]
                for platform in left_out:
                    result[platform] = None
                if left_out:
                    reasons.append(f"#if at line {start} leaves out {' and '.join(left_out)}")
        offset = self.offset(line, column)
        for start, end, versions, unavailable in self.availability:
            if start <= offset < end:
                raised = []
                for platform in PLATFORMS:
                    if result[platform] is None:
                        continue
                    if platform in unavailable:
                        result[platform] = None
                        raised.append(f"{platform} unavailable")
                    elif platform in versions and versions[platform] > result[platform]:
                        result[platform] = versions[platform]
                        raised.append(f"{platform} {show_version(versions[platform])}")
                if raised:
                    reasons.append(f"line {self.text.count(chr(10), 0, start) + 1}: {', '.join(raised)}")
        return result, reasons

    def apple_only_regions(self):
        """(start, end) line ranges that an `#if` compiles for iOS or macOS but not for Linux:
        code this check never sees."""
        found = []
        for start, end, active in sorted(self.conditionals):
            if active["Linux"] is False and (active["iOS"] is not False or active["macOS"] is not False):
                if not any(outer_start <= start and end <= outer_end for outer_start, outer_end in found):
                    found.append((start, end))
        return found


# MARK: - Allow-list


def load_allow_list(path):
    entries = []
    if not os.path.exists(path):
        return entries
    with open(path) as file:
        for number, line in enumerate(file, start=1):
            content, _, reason = line.partition("#")
            if not content.strip():
                continue
            match = re.fullmatch(r"\s*(\S+):(\d+|\*)\s+(\S+)\s*", content)
            if not match or not reason.strip():
                fail(f"{path}:{number}: expected `path:line symbol # reason`")
            entries.append({"path": match.group(1), "line": match.group(2), "symbol": match.group(3),
                             "where": f"{os.path.relpath(path, ROOT)}:{number}", "used": False})
    return entries


def allowed(entries, path, line, symbol):
    for entry in entries:
        if (entry["path"] == path and entry["line"] in ("*", str(line))
                and entry["symbol"] in ("*", symbol)):
            entry["used"] = True
            return True
    return False


# MARK: - Main


def up_to_date(package, scratch, module):
    """Whether the module's build folder changed after its sources and the manifest did (a
    module an earlier build in this run compiled as a dependency needs no build of its own)."""
    def newest(folder):
        times = [os.path.getmtime(os.path.join(directory, name))
                 for directory, _, names in os.walk(folder) for name in names]
        return max(times, default=None)

    built = newest(os.path.join(scratch, "debug", f"{module}.build"))
    sources = newest(os.path.join(package, "Sources", module))
    if built is None or sources is None:
        return False
    return built > max(sources, os.path.getmtime(os.path.join(package, "Package.swift")))


def declared_floors(package):
    """The package's own floors, from `platforms:` in Package.swift (`.iOS(.v16)`, `.macOS(.v13)`,
    or a version string such as `.iOS("16.4")`)."""
    with open(os.path.join(package, "Package.swift")) as file:
        manifest = file.read()
    floors = {}
    for platform in ("iOS", "macOS"):
        found = re.search(rf'\.{platform}\(\s*(?:\.v(\d+)(?:_(\d+))?|"([\d.]+)")\s*\)', manifest)
        if found is None:
            fail(f"Package.swift declares no .{platform}(...) platform; give --{platform.lower()}")
        major, minor, text = found.groups()
        floors[platform] = text or f"{major}.{minor or 0}"
    return floors


def build(package, scratch, modules, index_store):
    # Last first: the phone-side modules depend on one another in the order given, so one
    # build of the last usually compiles the others too.
    for position, module in enumerate(reversed(modules)):
        if position > 0 and up_to_date(package, scratch, module):
            continue
        command = ["swift", "build", "--package-path", package, "--scratch-path", scratch,
                   "--target", module,
                   "-Xswiftc", "-index-store-path", "-Xswiftc", index_store,
                   "-Xswiftc", "-index-ignore-system-modules"]
        log(f"== {' '.join(command[:2] + command[6:8])} (scratch {os.path.relpath(scratch, package)})")
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            errors = [line for line in result.stdout.splitlines() if "error:" in line]
            log("\n".join(dict.fromkeys(errors).keys() if errors else result.stdout.splitlines()[-30:]))
            fail(f"`swift build --target {module}` failed; nothing was checked")


def main():
    summary, _, details = __doc__.partition("\n\n")
    parser = argparse.ArgumentParser(description=summary, epilog=details,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("modules", nargs="*", default=PHONE_SIDE_MODULES,
                        help="targets to check (default: %(default)s)")
    parser.add_argument("--ios", help="iOS floor (default: Package.swift's `.iOS(.vN)`)")
    parser.add_argument("--macos", help="macOS floor (default: Package.swift's `.macOS(.vN)`)")
    parser.add_argument("--package-path", default=ROOT, help="the package (default: this one)")
    parser.add_argument("--scratch-path", help="build folder (default: <package>/.build-availability)")
    parser.add_argument("--allow-list", default=ALLOW_LIST, help="default: %(default)s")
    parser.add_argument("--toolchain", help="toolchain `usr` folder (default: swiftc on PATH)")
    parser.add_argument("--no-build", action="store_true",
                        help="read the index store the last run left, without building; with "
                             "--scratch-path .build, the one `swift build` or `swift test` left")
    parser.add_argument("--verbose", action="store_true",
                        help="also list the uses left out, and why")
    arguments = parser.parse_args()

    started = time.monotonic()
    package = os.path.realpath(arguments.package_path)
    scratch = os.path.abspath(arguments.scratch_path or os.path.join(package, ".build-availability"))
    if os.path.abspath(scratch) == os.path.join(package, ".build") and not arguments.no_build:
        fail("build into a scratch path of its own, not .build (read .build with --no-build)")
    declared = declared_floors(package)
    floor = {"iOS": parse_version(arguments.ios or declared["iOS"]),
             "macOS": parse_version(arguments.macos or declared["macOS"])}
    index_store = os.path.join(scratch, "index-store")
    if arguments.no_build and not os.path.isdir(index_store):
        # The index a plain debug `swift build` or `swift test` writes (CI checks that one).
        index_store = os.path.join(scratch, "debug", "index", "store")
    toolchain = Toolchain.find(arguments.toolchain)
    allow_list = load_allow_list(arguments.allow_list)

    if not arguments.no_build:
        build(package, scratch, arguments.modules, index_store)
    built = time.monotonic()
    store = IndexStore(os.path.join(toolchain.lib, "libIndexStore.so"), index_store)
    modules_checked, table = load_availability(toolchain, scratch)
    loaded = time.monotonic()

    source_roots = {module: os.path.join(package, "Sources", module) + os.sep for module in arguments.modules}
    occurrences = {}  # (path, line, column, usr) -> (name, kind)
    files = set()
    for unit_name in store.units():
        unit = store.unit(unit_name)
        if unit is None or unit[0] not in source_roots:
            continue
        for record, path in unit[2]:
            if not path.startswith(source_roots[unit[0]]) or not os.path.exists(path) or path in files:
                continue
            files.add(path)
            for usr, name, kind, line, column, implicit in store.references(record):
                # `for await` calls `next(isolation:)` (iOS 18, macOS 15) only where it is
                # available; below that the compiler lowers the loop to `next()`.
                if implicit and name == "next(isolation:)":
                    continue
                occurrences[(path, line, column, usr)] = (name, kind)
    if not files:
        fail(f"the index store at {index_store} has no file of {', '.join(arguments.modules)}"
             + (" (run without --no-build)" if arguments.no_build else ""))

    newer, unavailable, imports, left_out = set(), set(), set(), []
    sources = {}
    for (path, line, column, usr), (name, kind) in occurrences.items():
        relative = os.path.relpath(path, package)
        if kind == SYMBOL_KIND_MODULE:
            if name not in FLAGGED_IMPORTS:
                continue
            symbol, introduced, unavailable_domains = f"import:{name}", FLAGGED_IMPORTS[name], []
        elif usr in table:
            symbol, introduced, unavailable_domains = table[usr]
        else:
            continue
        if path not in sources:
            sources[path] = SourceFile(path)
        floors, reasons = sources[path].floors(line, column, floor)
        too_new = [p for p in PLATFORMS if floors[p] is not None and introduced.get(p, (0, 0, 0)) > floors[p]]
        gone = [d for d in unavailable_domains if unavailable_at(d, floors)]
        if not too_new and not gone:
            if reasons and any(introduced.get(p, (0, 0, 0)) > floor[p] for p in PLATFORMS):
                left_out.append((relative, line, f"{symbol} ({'; '.join(reasons)})"))
            continue
        if allowed(allow_list, relative, line, symbol):
            left_out.append((relative, line, f"{symbol} (allow-list)"))
            continue
        versions = ", ".join(f"{p} {show_version(introduced[p])}" if p in introduced else f"{p} -"
                             for p in PLATFORMS)
        if kind == SYMBOL_KIND_MODULE:
            imports.add((relative, line, f"import {name} (its API needs {versions})"))
        elif too_new:
            only = f" on {too_new[0]} only" if len(too_new) < len(PLATFORMS) else ""
            newer.add((relative, line, f"{symbol} ({versions}){only}"))
        if gone:
            unavailable.add((relative, line, f"{symbol} (unavailable: {', '.join(gone)})"))
    # Code an `#if` compiles only for Apple platforms is not in the Linux index: say where.
    unseen = []
    for module, root in source_roots.items():
        for directory, _, names in os.walk(root):
            for name in sorted(names):
                path = os.path.join(directory, name)
                if not name.endswith(".swift"):
                    continue
                if path not in sources:
                    sources[path] = SourceFile(path)
                for start, end in sources[path].apple_only_regions():
                    unseen.append((os.path.relpath(path, package), start, end))
    finished = time.monotonic()

    floor_text = f"iOS {show_version(floor['iOS'])}, macOS {show_version(floor['macOS'])}"
    groups = [(f"newer than the floor ({floor_text})", newer),
              ("unavailable on iOS or macOS", unavailable),
              ("imports of modules Apple ships only on newer systems", imports)]
    for title, findings in groups:
        if findings:
            print(f"== {title}: {len(findings)}")
            for path, line, what in sorted(findings):
                print(f"{path}:{line}: {what}")
    sys.stdout.flush()
    if arguments.verbose and left_out:
        log(f"== left out: {len(left_out)}")
        for path, line, what in sorted(set(left_out)):
            log(f"{path}:{line}: {what}")
    if arguments.verbose and unseen:
        log(f"== not checked, compiled for Apple platforms only: {len(unseen)}")
        for path, start, end in sorted(unseen):
            log(f"{path}:{start}-{end}")
    for entry in allow_list:
        if not entry["used"]:
            log(f"warning: {entry['where']}: allow-list entry matches nothing: "
                f"{entry['path']}:{entry['line']} {entry['symbol']}")
    total = len(newer) + len(unavailable) + len(imports)
    build_time = "skipped" if arguments.no_build else f"{built - started:.1f}s"
    log(f"{'no' if total == 0 else total} finding(s) in {len(files)} files of "
        f"{', '.join(arguments.modules)} against {floor_text}; {len(unseen)} Apple-only "
        f"#if region(s) not checked{'' if arguments.verbose else ' (--verbose lists them)'}. "
        f"Symbol graphs: {', '.join(modules_checked)}. Time: build {build_time}, symbol graphs "
        f"{loaded - built:.1f}s, index and check {finished - loaded:.1f}s, "
        f"total {finished - started:.1f}s.")
    return 1 if total else 0


if __name__ == "__main__":
    if not sys.platform.startswith("linux"):
        fail("this check runs on Linux, where the stand-in and the toolchain's index library are")
    try:
        sys.exit(main())
    except (OSError, subprocess.SubprocessError, ValueError, KeyError) as error:
        # Status 1 means findings: a check that broke must not read as one.
        fail(f"the check could not run: {type(error).__name__}: {error}")
