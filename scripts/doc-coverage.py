#!/usr/bin/env python3
"""Counts the public declarations of Swift modules that carry a doc comment.

    scripts/doc-coverage.py Sources/HeraldCore Sources/HeraldEnrichment Sources/HeraldNotificationService
    scripts/doc-coverage.py --minimum 95 Sources/HeraldCore ...      # exit 1 below 95 % (CI)
    scripts/doc-coverage.py --missing Sources/HeraldCore             # file:line of each undocumented one
    scripts/doc-coverage.py --excluded Sources/HeraldCore            # what is left out, and why

Each argument is a module folder; every .swift file under it is read (the folders given are
read together, so an extension in one module of a type declared in another is judged by that
type's access). Prints one line per module, `Module: documented/total (percent %)`, then the
total. No third-party packages: the Swift is read by a small tokenizer (strings, comments,
nested block comments, raw and multi-line strings, string interpolation), not by the compiler.

What counts as a public declaration: a `func`, `init`, `subscript`, `var`, `let`, `case`,
`struct`, `enum`, `class`, `actor`, `protocol`, `typealias`, `associatedtype`, `macro` or
`operator` declared `public` or `open` (`@_spi(...) public` included), in a type or extension
scope (never a local inside a body), whose enclosing types are all public themselves. Some are
public without the word: a `case` of a public enum, a requirement of a public protocol, a
member of a `public extension` with no access modifier of its own. Each element of
`case a, b, c` counts once; the comment before the line documents them all (but
`let a = 1, b = 2` counts as `a` only). `#if` branches are
all read (a declaration in both branches counts twice). An `extension` itself is not a
declaration to document (its members are); neither are `deinit` and `import`.

Documented means a `///` comment, or a `/** */` one, ends on the line right before the
declaration's first line, its attributes included (`@discardableResult`, `@inlinable`,
`@available(...)` spanning lines, `@_spi(X)`), or right before its first modifier or keyword
when the comment sits between the attributes and the declaration. A blank line, a plain `//`
comment or anything else between the two means not documented. An empty `///` counts.

Left out of the count (listed with --excluded), because DocC shows the documentation they
inherit and a comment of their own would repeat it:
  - overrides (`override`): they inherit the overridden declaration's comment;
  - witnesses of the standard library's and Foundation's protocols, when the enclosing type
    (its declaration or any extension in the folders read, following protocol inheritance)
    conforms to the protocol: `description` (CustomStringConvertible), `debugDescription`
    (CustomDebugStringConvertible), `testDescription` (CustomTestStringConvertible),
    `errorDescription`, `failureReason`, `recoverySuggestion`, `helpAnchor` (LocalizedError),
    `==` (Equatable), `<`, `<=`, `>`, `>=` (Comparable), `hash(into:)`, `hashValue` (Hashable),
    `init(from:)` (Decodable), `encode(to:)` (Encodable), `rawValue`, `init(rawValue:)`
    (RawRepresentable, OptionSet), `init(stringLiteral:)`, `init(integerLiteral:)`,
    `init(booleanLiteral:)`, `init(floatLiteral:)`, `init(nilLiteral:)`,
    `init(arrayLiteral:)`, `init(dictionaryLiteral:)` (the ExpressibleBy...Literal protocols),
    `makeIterator()`, `next()` (Sequence, IteratorProtocol, AsyncIteratorProtocol,
    RandomNumberGenerator), `makeAsyncIterator()` (AsyncSequence);
  - witnesses (and protocol-extension default implementations) of a protocol declared in the
    folders read, when the requirement they implement (same name and argument labels) has a
    doc comment of its own and the enclosing type conforms to that protocol.

Exit status: 0, or 1 when a --minimum is given and the total percentage is below it; 2 on a
usage error.
"""
import argparse
import os
import re
import sys
from dataclasses import dataclass, field

# ---------------------------------------------------------------- tokenizer


@dataclass
class Tok:
    kind: str  # 'id', 'punct', 'op', 'str', 'num', 'comment', 'directive'
    text: str
    line: int  # first line
    end: int  # last line
    space: bool  # whitespace (or line start) right before it
    doc: bool = False  # comments only


OPCHARS = set("/=-+!*%<>&|^~?.")
PUNCT = set("{}()[],:;@")


def tokenize(src):
    toks = []
    i, n, line = 0, len(src), 1
    space = True

    def skip_string(i, line):
        """i at the opening quote sequence (after any #s). Returns (index after, line)."""
        hashes = 0
        j = i
        while j < n and src[j] == "#":
            hashes += 1
            j += 1
        multi = src.startswith('"""', j)
        q = '"""' if multi else '"'
        j += len(q)
        close = q + "#" * hashes
        esc = "\\" + "#" * hashes
        while j < n:
            if src.startswith(esc, j):
                k = j + len(esc)
                if k < n and src[k] == "(":
                    # interpolation: balanced parentheses, may hold strings
                    depth, k = 1, k + 1
                    while k < n and depth:
                        c = src[k]
                        if c == '"' or (c == "#" and re.match(r'#+"', src[k:])):
                            k, line = skip_string(k, line)
                            continue
                        if c == "(":
                            depth += 1
                        elif c == ")":
                            depth -= 1
                        elif c == "\n":
                            line += 1
                        k += 1
                    j = k
                    continue
                if k < n and src[k] == "\n":
                    line += 1
                j = k + 1
                continue
            if src.startswith(close, j):
                return j + len(close), line
            if src[j] == "\n":
                line += 1
            j += 1
        return j, line

    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
            space = True
            continue
        if c in " \t\r":
            i += 1
            space = True
            continue
        start_line = line
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            text = src[i:j]
            doc = text.startswith("///") and not text.startswith("////")
            toks.append(Tok("comment", text, line, line, space, doc))
            i = j
            space = True
            continue
        if src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth += 1
                    j += 2
                elif src.startswith("*/", j):
                    depth -= 1
                    j += 2
                else:
                    if src[j] == "\n":
                        line += 1
                    j += 1
            text = src[i:j]
            doc = text.startswith("/**") and not text.startswith("/**/") and not text.startswith("/***")
            toks.append(Tok("comment", text, start_line, line, space, doc))
            i = j
            space = True
            continue
        if c == '"' or (c == "#" and re.match(r'#+"', src[i : i + 20])):
            j, line = skip_string(i, line)
            toks.append(Tok("str", src[i:j], start_line, line, space))
            i = j
            space = False
            continue
        if c == "#" and i + 1 < n and (src[i + 1].isalpha() or src[i + 1] == "_"):
            m = re.match(r"#\w+", src[i:])
            word = m.group(0)
            if word in ("#if", "#elseif", "#else", "#endif", "#warning", "#error", "#sourceLocation"):
                j = src.find("\n", i)
                j = n if j < 0 else j
                toks.append(Tok("directive", src[i:j], line, line, space))
                i = j
                continue
            toks.append(Tok("id", word, line, line, space))
            i += len(word)
            space = False
            continue
        if c.isalpha() or c == "_" or c == "$" or ord(c) > 127:
            m = re.match(r"[\w$]+", src[i:])
            word = m.group(0)
            toks.append(Tok("id", word, line, line, space))
            i += len(word)
            space = False
            continue
        if c == "`":
            j = src.find("`", i + 1)
            word = src[i + 1 : j]
            toks.append(Tok("id", word, line, line, space))
            i = j + 1
            space = False
            continue
        if c.isdigit():
            m = re.match(r"[0-9][0-9a-zA-Z_.]*", src[i:])
            word = m.group(0).rstrip(".")
            toks.append(Tok("num", word, line, line, space))
            i += len(word)
            space = False
            continue
        if c in PUNCT:
            toks.append(Tok("punct", c, line, line, space))
            i += 1
            space = False
            continue
        if c in OPCHARS:
            j = i
            while j < n and src[j] in OPCHARS and not src.startswith("//", j) and not src.startswith("/*", j):
                j += 1
            if j == i:
                j = i + 1
            toks.append(Tok("op", src[i:j], line, line, space))
            i = j
            space = False
            continue
        # anything else (e.g. a stray character): one token
        toks.append(Tok("op", c, line, line, space))
        i += 1
        space = False
    return toks


# ---------------------------------------------------------------- parser

MODIFIERS = {
    "public", "open", "private", "fileprivate", "internal", "package", "static", "class", "final",
    "override", "mutating", "nonmutating", "convenience", "required", "dynamic", "lazy", "weak",
    "unowned", "nonisolated", "indirect", "optional", "prefix", "postfix", "infix", "distributed",
    "isolated", "consuming", "borrowing", "__consuming", "async",
}
TYPE_KEYWORDS = {"struct", "enum", "class", "actor", "protocol", "extension"}
DECL_KEYWORDS = TYPE_KEYWORDS | {
    "func", "init", "deinit", "subscript", "var", "let", "case", "typealias", "associatedtype",
    "import", "operator", "precedencegroup", "macro",
}
ACCESS = {"public", "open", "private", "fileprivate", "internal", "package"}


@dataclass
class Scope:
    kind: str  # 'file', 'struct', 'enum', 'class', 'actor', 'protocol', 'extension'
    name: str  # dotted: for an extension the extended type as written
    access: str  # explicit access word, or ''
    inherits: list = field(default_factory=list)
    parent: "Scope" = None

    def qualified(self):
        if self.kind == "file":
            return ""
        if self.kind == "extension":
            return self.name
        p = self.parent.qualified() if self.parent else ""
        return f"{p}.{self.name}" if p else self.name


@dataclass
class Decl:
    path: str
    line: int
    keyword: str
    name: str  # display name, e.g. fetch(_:), init(rawValue:), description
    key: str  # for matching witnesses: name with argument labels
    modifiers: list
    access: str  # explicit access word, or ''
    documented: bool
    scope: Scope
    module: str
    type_scope: Scope = None  # the scope this declaration opens, for types and extensions


def balanced(toks, i, open_, close):
    """toks[i] is the opener; returns the index after the matching closer."""
    depth = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "punct" or t.kind == "op":
            if t.text == open_:
                depth += 1
            elif t.text == close:
                depth -= 1
                if depth == 0:
                    return i + 1
        i += 1
    return n


def next_code(toks, i):
    while i < len(toks) and toks[i].kind == "comment":
        i += 1
    return i


def is_decl_start(toks, i):
    t = toks[i]
    if t.kind == "directive":
        return True
    if t.kind == "punct" and t.text in ("@", "}"):
        return True
    if t.kind == "id" and (t.text in DECL_KEYWORDS or t.text in MODIFIERS):
        # `class` or a modifier used as a name would be followed by `.`, `(`, `=` ...
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if nxt is not None and nxt.kind in ("op",) and nxt.text in (".", "=", "?.", "!"):
            return False
        return True
    return False


def skip_declaration(toks, i):
    """Skips from i (just after a declaration's name) to the declaration's end: its body, its
    initial value and any accessor block. Stops before the next declaration."""
    n = len(toks)
    prev = toks[i - 1] if i > 0 else None
    while i < n:
        t = toks[i]
        if t.kind == "comment":
            i += 1
            continue
        if prev is not None and t.line > prev.end:
            # a line ending in a binary operator (spaced, unlike a postfix `?` or `!`), `,` or
            # `:` goes on; `String?` at a line's end does not
            continuation = (prev.kind == "op" and (prev.space or prev.text in ("=", "->"))) or (prev.kind == "punct" and prev.text in (",", ":"))
            if not continuation and is_decl_start(toks, i):
                return i
        if t.kind == "punct" and t.text == "}":
            return i  # end of the enclosing scope
        if t.kind == "punct" and t.text == ";":
            return i + 1
        if t.kind == "punct" and t.text in "([{":
            close = {"(": ")", "[": "]", "{": "}"}[t.text]
            j = balanced(toks, i, t.text, close)
            prev = toks[j - 1]
            i = j
            continue
        prev = t
        i += 1
    return n


def param_labels(toks, i):
    """toks[i] is '('; returns (labels, index after ')')."""
    end = balanced(toks, i, "(", ")")
    labels = []
    depth = 0
    expect = True
    j = i + 1
    while j < end - 1:
        t = toks[j]
        if t.kind == "comment":
            j += 1
            continue
        if t.kind in ("punct", "op") and t.text in ("(", "[", "<"):
            depth += 1
        elif t.kind in ("punct", "op") and t.text in (")", "]", ">"):
            depth -= 1
        elif t.kind == "op" and t.text == "->":
            pass
        elif depth == 0 and t.kind == "punct" and t.text == ",":
            expect = True
        elif depth == 0 and expect and t.kind == "id":
            labels.append(t.text)
            expect = False
        j += 1
    return labels, end


def skip_generics(toks, i):
    if i < len(toks) and toks[i].kind == "op" and toks[i].text.startswith("<"):
        depth = 0
        while i < len(toks):
            t = toks[i]
            if t.kind == "op":
                depth += t.text.count("<") - t.text.count(">")
                if depth <= 0:
                    return i + 1
            i += 1
    return i


def documented_before(toks, idx):
    """Is there a doc comment ending on the line right before toks[idx] (or on its line)?"""
    if idx == 0:
        return False
    p = toks[idx - 1]
    if idx >= 2 and toks[idx - 2].end >= p.line:
        return False  # a trailing comment documents nothing on the next line
    return p.kind == "comment" and p.doc and p.end >= toks[idx].line - 1


def parse_scope(toks, i, scope, path, module, out):
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "comment" or t.kind == "directive" or (t.kind == "punct" and t.text == ";"):
            i += 1
            continue
        if t.kind == "punct" and t.text == "}":
            return i + 1
        start = i
        # attributes
        while i < n and toks[i].kind == "punct" and toks[i].text == "@":
            i += 2  # '@' name
            if i < n and toks[i].kind == "punct" and toks[i].text == "(" and not toks[i].space:
                i = balanced(toks, i, "(", ")")
            i = next_code(toks, i)
        keyword_at = i
        modifiers = []
        access = ""
        while i < n and toks[i].kind == "id" and toks[i].text in MODIFIERS:
            word = toks[i].text
            if word == "class" and i + 1 < n and not (toks[i + 1].kind == "id" and (toks[i + 1].text in DECL_KEYWORDS or toks[i + 1].text in MODIFIERS)):
                break  # `class Foo`
            i += 1
            if i < n and toks[i].kind == "punct" and toks[i].text == "(" and not toks[i].space:
                inner = [x.text for x in toks[i + 1 : balanced(toks, i, "(", ")") - 1]]
                i = balanced(toks, i, "(", ")")
                if inner == ["set"]:
                    modifiers.append(word + "(set)")
                    continue
            modifiers.append(word)
            if word in ACCESS:
                access = word
            i = next_code(toks, i)
        if i >= n:
            return n
        kw = toks[i]
        if kw.kind != "id" or kw.text not in DECL_KEYWORDS:
            # not a declaration (should not happen in a type scope): skip the statement
            i = skip_declaration(toks, max(i + 1, start + 1))
            continue
        documented = documented_before(toks, start) or documented_before(toks, keyword_at)
        keyword = kw.text
        line = toks[keyword_at].line
        i += 1
        if keyword in TYPE_KEYWORDS:
            # name (dotted for extensions), generics, inheritance, where, body
            parts = []
            while i < n and toks[i].kind == "id":
                parts.append(toks[i].text)
                i += 1
                if i < n and toks[i].kind == "op" and toks[i].text == ".":
                    i += 1
                    continue
                break
            name = ".".join(parts)
            i = skip_generics(toks, i)
            inherits = []
            if i < n and toks[i].kind == "punct" and toks[i].text == ":":
                i += 1
                while i < n and not (toks[i].kind == "punct" and toks[i].text == "{") and not (toks[i].kind == "id" and toks[i].text == "where"):
                    if toks[i].kind == "id" and toks[i].text not in ("any", "some"):
                        inherits.append(toks[i].text)
                    i += 1
            while i < n and not (toks[i].kind == "punct" and toks[i].text == "{"):
                i += 1
            new = Scope(keyword, name, access, inherits, scope)
            d = Decl(path, line, keyword, name, name, modifiers, access, documented, scope, module, new)
            out.append(d)
            i = parse_scope(toks, i + 1, new, path, module, out)
            continue
        if keyword in ("func", "init", "subscript", "deinit", "macro"):
            if keyword == "func" or keyword == "macro":
                name = ""
                while i < n and not (toks[i].kind == "punct" and toks[i].text == "(") and not (toks[i].kind == "op" and toks[i].text.startswith("<") and name and name[0].isalpha()):
                    name += toks[i].text
                    i += 1
            else:
                name = keyword
                if i < n and toks[i].kind == "op" and toks[i].text in ("?", "!"):
                    i += 1
            i = skip_generics(toks, i)
            labels = []
            if i < n and toks[i].kind == "punct" and toks[i].text == "(":
                labels, i = param_labels(toks, i)
            if name and name[0] in OPCHARS:
                labels = ["_"] * len(labels)  # an operator's parameters have no labels
            key = f"{name}({''.join(l + ':' for l in labels)})" if keyword != "deinit" else "deinit"
            out.append(Decl(path, line, keyword, key, key, modifiers, access, documented, scope, module))
            i = skip_declaration(toks, i)
            continue
        if keyword in ("var", "let"):
            if i < n and toks[i].kind == "punct" and toks[i].text == "(":
                end = balanced(toks, i, "(", ")")
                names = [x.text for x in toks[i + 1 : end - 1] if x.kind == "id"]
                i = end
            else:
                names = [toks[i].text] if i < n else ["?"]
                i += 1
            for nm in names:
                out.append(Decl(path, line, keyword, nm, nm, modifiers, access, documented, scope, module))
            i = skip_declaration(toks, i)
            continue
        if keyword == "case":
            # elements: name [(associated values)] [= raw value], separated by commas
            while i < n:
                if toks[i].kind == "id":
                    out.append(Decl(path, toks[i].line, keyword, toks[i].text, toks[i].text, modifiers, access, documented, scope, module))
                    i += 1
                    if i < n and toks[i].kind == "punct" and toks[i].text == "(":
                        i = balanced(toks, i, "(", ")")
                    if i < n and toks[i].kind == "op" and toks[i].text == "=":
                        i += 2
                i = next_code(toks, i)
                if i < n and toks[i].kind == "punct" and toks[i].text == ",":
                    i = next_code(toks, i + 1)
                    continue
                break
            continue
        # typealias, associatedtype, import, operator, precedencegroup
        name = toks[i].text if i < n else "?"
        out.append(Decl(path, line, keyword, name, name, modifiers, access, documented, scope, module))
        i = skip_declaration(toks, i + 1)
    return n


# ---------------------------------------------------------------- rules

STANDARD_WITNESSES = {
    "description": {"CustomStringConvertible", "LosslessStringConvertible"},
    "debugDescription": {"CustomDebugStringConvertible"},
    "testDescription": {"CustomTestStringConvertible"},
    "errorDescription": {"LocalizedError"},
    "failureReason": {"LocalizedError"},
    "recoverySuggestion": {"LocalizedError"},
    "helpAnchor": {"LocalizedError"},
    "==(_:_:)": {"Equatable"},
    "<(_:_:)": {"Comparable"},
    "<=(_:_:)": {"Comparable"},
    ">(_:_:)": {"Comparable"},
    ">=(_:_:)": {"Comparable"},
    "hash(into:)": {"Hashable"},
    "hashValue": {"Hashable"},
    "init(from:)": {"Decodable"},
    "encode(to:)": {"Encodable"},
    "rawValue": {"RawRepresentable"},
    "init(rawValue:)": {"RawRepresentable"},
    "init(stringLiteral:)": {"ExpressibleByStringLiteral"},
    "init(integerLiteral:)": {"ExpressibleByIntegerLiteral"},
    "init(booleanLiteral:)": {"ExpressibleByBooleanLiteral"},
    "init(floatLiteral:)": {"ExpressibleByFloatLiteral"},
    "init(nilLiteral:)": {"ExpressibleByNilLiteral"},
    "init(arrayLiteral:)": {"ExpressibleByArrayLiteral"},
    "init(dictionaryLiteral:)": {"ExpressibleByDictionaryLiteral"},
    "makeIterator()": {"Sequence"},
    "next()": {"IteratorProtocol", "AsyncIteratorProtocol", "RandomNumberGenerator"},
    "makeAsyncIterator()": {"AsyncSequence"},
}
IMPLIES = {
    "Hashable": {"Equatable"},
    "Comparable": {"Equatable"},
    "Strideable": {"Comparable", "Equatable"},
    "Codable": {"Encodable", "Decodable"},
    "OptionSet": {"RawRepresentable", "SetAlgebra", "Equatable"},
    "LocalizedError": {"Error"},
    "LosslessStringConvertible": {"CustomStringConvertible"},
    "Collection": {"Sequence"},
    "BidirectionalCollection": {"Collection", "Sequence"},
    "RandomAccessCollection": {"BidirectionalCollection", "Collection", "Sequence"},
    "CaseIterable": set(),
    "StringProtocol": {"CustomStringConvertible", "Hashable", "Equatable", "Comparable"},
    "String": {"CustomStringConvertible", "Hashable", "Equatable", "Comparable"},
}
RAW_TYPES = {"String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Character"}


def analyse(decls):
    scopes = {}  # qualified type name -> list of scopes (the declaration and its extensions)
    type_decls = {}  # qualified name -> Decl of the type
    for d in decls:
        if d.type_scope is not None:
            q = d.type_scope.qualified()
            scopes.setdefault(q, []).append(d.type_scope)
            if d.keyword != "extension":
                type_decls[q] = d

    def resolve(name):
        if name in scopes:
            return name
        last = name.split(".")[-1]
        matches = [q for q in type_decls if q.split(".")[-1] == last]
        return matches[0] if len(matches) == 1 else name

    conformance_cache = {}

    def conformances(qname, seen=None):
        qname = resolve(qname)
        if qname in conformance_cache:
            return conformance_cache[qname]
        seen = seen or set()
        if qname in seen:
            return set()
        seen.add(qname)
        result = set()
        for s in scopes.get(qname, []):
            for p in s.inherits:
                result.add(p)
                result |= IMPLIES.get(p, set())
                if s.kind == "enum" and p in RAW_TYPES:
                    result.add("RawRepresentable")
                if resolve(p) in scopes:
                    result.add(resolve(p))
                    result |= conformances(p, seen)
        if qname in IMPLIES:
            result |= IMPLIES[qname]
        conformance_cache[qname] = result
        return result

    public_cache = {}

    def scope_public(s):
        """Are the members of scope s reachable from outside the module?"""
        if s.kind == "file":
            return True
        key = id(s)
        if key in public_cache:
            return public_cache[key]
        if s.access in ("private", "fileprivate", "internal", "package"):
            result = False
        elif s.kind == "extension":
            target = resolve(s.name)
            if target in type_decls:
                result = decl_public(type_decls[target])
            else:
                result = True  # a type of another module: public members of it are API
        else:
            result = False  # types decide through decl_public (below)
            d = type_decl_of.get(key)
            if d is not None:
                result = decl_public(d)
        public_cache[key] = result
        return result

    type_decl_of = {id(d.type_scope): d for d in decls if d.type_scope is not None}

    def decl_public(d):
        if d.keyword in ("extension", "import", "deinit", "precedencegroup"):
            return False
        s = d.scope
        if not scope_public(s):
            return False
        if d.access in ("public", "open"):
            return True
        if d.access:
            return False
        if s.kind == "enum" and d.keyword == "case":
            return True
        if s.kind == "protocol":
            return True
        if s.kind == "extension" and s.access == "public":
            return True
        return False

    # documented requirements of the module's protocols
    requirements = {}
    for d in decls:
        if d.scope.kind == "protocol" and d.documented:
            requirements.setdefault(d.scope.qualified(), set()).add(d.key)

    counted, excluded = [], []
    for d in decls:
        if d.keyword == "extension" or not decl_public(d):
            continue
        reason = None
        if "override" in d.modifiers:
            reason = "override"
        else:
            owner = d.scope.qualified()
            conf = conformances(owner) if owner else set()
            if d.scope.kind == "protocol":
                pass  # a requirement is where the documentation lives
            elif d.key in STANDARD_WITNESSES and conf & STANDARD_WITNESSES[d.key]:
                reason = "witness of " + "/".join(sorted(conf & STANDARD_WITNESSES[d.key]))
            else:
                protos = set(conf) | ({resolve(owner)} if d.scope.kind == "extension" and resolve(owner) in requirements else set())
                for p in sorted(protos):
                    if d.key in requirements.get(resolve(p), set()):
                        reason = f"witness of {resolve(p)}.{d.key} (documented)"
                        break
        if reason:
            excluded.append((d, reason))
        else:
            counted.append(d)
    return counted, excluded


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", help="module folders, such as Sources/HeraldCore")
    ap.add_argument("--minimum", type=float, help="exit 1 when the total percentage is below this")
    ap.add_argument("--missing", action="store_true", help="list file:line of each undocumented declaration")
    ap.add_argument("--excluded", action="store_true", help="list the declarations left out, and why")
    ap.add_argument("--all", action="store_true", help="list every counted declaration (debugging)")
    args = ap.parse_args()

    decls = []
    modules = []
    for folder in args.folders:
        if not os.path.isdir(folder):
            print(f"error: {folder} is not a folder", file=sys.stderr)
            return 2
        module = os.path.basename(os.path.normpath(folder))
        modules.append(module)
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            for f in sorted(files):
                if f.endswith(".swift"):
                    path = os.path.join(root, f)
                    with open(path, encoding="utf-8") as fh:
                        toks = tokenize(fh.read())
                    parse_scope(toks, 0, Scope("file", "", ""), path, module, decls)

    counted, excluded = analyse(decls)
    total_doc = total = 0
    for module in modules:
        mine = [d for d in counted if d.module == module]
        doc = sum(d.documented for d in mine)
        total_doc += doc
        total += len(mine)
        pct = 100.0 * doc / len(mine) if mine else 100.0
        print(f"{module}: {doc}/{len(mine)} documented ({pct:.1f} %)")
    pct = 100.0 * total_doc / total if total else 100.0
    if len(modules) > 1:
        print(f"total: {total_doc}/{total} documented ({pct:.1f} %), {total - total_doc} missing")
    if args.missing or args.all:
        for d in counted:
            if args.all or not d.documented:
                mark = "" if not args.all else ("documented " if d.documented else "MISSING    ")
                where = d.scope.qualified()
                print(f"{mark}{d.path}:{d.line}: {d.keyword} {where + '.' if where else ''}{d.name}")
    if args.excluded:
        for d, reason in excluded:
            where = d.scope.qualified()
            print(f"excluded {d.path}:{d.line}: {d.keyword} {where + '.' if where else ''}{d.name} ({reason})")
    if args.minimum is not None and pct < args.minimum:
        print(f"error: {pct:.1f} % of the public declarations have a doc comment, below the minimum {args.minimum:g} %", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
