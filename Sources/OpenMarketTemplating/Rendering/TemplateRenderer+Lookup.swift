extension TemplateRenderer {
    /// Mustache lookup: the first segment from the top of the stack down, the rest of a dotted name from there.
    ///
    /// A page model returns nested structs as `.object(…)`, which boxes them on every call; the objects on a
    /// dotted name's way are cached for the frame they were found from, so the seven `price.…` names of a
    /// card box `price` once. That relies on `value(forKey:)` answering the same for the same key, as
    /// ``TemplateObject`` requires.
    mutating func resolve(_ nameIndex: Int) -> TemplateValue? {
        let name = program.names[nameIndex]
        let first = Int(name.firstSegment)
        let last = first + Int(name.segmentCount) - 1
        switch name.scope {
        case .current:
            return stack[stack.count - 1].value
        case .top:
            guard let value = stack[stack.count - 1].object?.value(forKey: program.segments[first]) else { return nil }
            return follow(value, first + 1, last + 1)
        case .stack:
            let key = program.segments[first]
            var index = stack.count - 1
            while index >= 0 {
                if name.prefix >= 0, let cached = cachedPrefix(frame: index, prefix: name.prefix) {
                    return prefixObjects[cached].object?.value(forKey: program.segments[last])
                }
                if let value = stack[index].object?.value(forKey: key) {
                    guard name.prefix >= 0 else {
                        return follow(value, first + 1, last + 1)
                    }
                    guard let prefixValue = follow(value, first + 1, last) else { return nil }
                    let prefix = ContextFrame(prefixValue)
                    prefixKeys.append(Self.cacheKey(frame: index, prefix: name.prefix))
                    prefixObjects.append(prefix)
                    return prefix.object?.value(forKey: program.segments[last])
                }
                index -= 1
            }
            return nil
        }
    }

    private static func cacheKey(frame: Int, prefix: Int32) -> Int64 {
        Int64(frame) << 32 | Int64(prefix)
    }

    private func cachedPrefix(frame: Int, prefix: Int32) -> Int? {
        let key = Self.cacheKey(frame: frame, prefix: prefix)
        return prefixKeys.firstIndex(of: key)
    }

    /// Pops a section's frame and forgets the prefixes cached for it.
    mutating func pop() {
        stack.removeLast()
        let depth = Int64(stack.count)
        var index = prefixKeys.count - 1
        while index >= 0 {
            if prefixKeys[index] >> 32 >= depth {
                prefixKeys.remove(at: index)
                prefixObjects.remove(at: index)
            }
            index -= 1
        }
    }

    private func follow(_ value: consuming TemplateValue, _ start: Int, _ end: Int) -> TemplateValue? {
        var current = value
        for segment in start..<end {
            guard let next = current.child(program.segments[segment]) else { return nil }
            current = next
        }
        return current
    }
}
