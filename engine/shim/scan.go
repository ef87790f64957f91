package shim

// responseID returns the id of a JSON-RPC response (an object with an id
// and no method) without decoding the message: members are read in order
// and the scan stops at the result or error once the id is known — the
// daemon writes the id first, so a large result is not read at all. ok is
// false for requests, notifications and anything malformed.
func responseID(b []byte) (id []byte, ok bool) {
	method, answered := false, false
	complete := members(b, func(key string, value []byte) bool {
		switch key {
		case "id":
			id = value
		case "method":
			method = true
			return true
		case "result", "error":
			answered = id != nil
			return answered
		}
		return false
	})
	switch {
	case method || !complete:
		return nil, false
	case answered:
		return id, true
	}
	return id, id != nil
}

// member returns the value of a top-level member of the JSON object b,
// reading members in order; nil when it is not found before b ends or
// stops being JSON (b may be the start of a message cut short).
func member(b []byte, name string) []byte {
	var found []byte
	members(b, func(key string, value []byte) bool {
		if key == name {
			found = value
		}
		return found != nil
	})
	return found
}

// members calls visit with each top-level member of the JSON object b, in
// order, until visit returns true. It reports false when b is not an object
// or stops being JSON before its members end (the end of b counts as their
// end: b may be cut short).
func members(b []byte, visit func(key string, value []byte) (stop bool)) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	for i++; ; {
		i = skipSpace(b, i)
		if i >= len(b) || b[i] == '}' {
			return true
		}
		if b[i] == ',' {
			i++
			continue
		}
		end := skipString(b, i)
		if end < 0 {
			return false
		}
		key := string(b[i+1 : end-1])
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		vend := skipValue(b, i)
		if vend < 0 {
			return false
		}
		if visit(key, b[i:vend]) {
			return true
		}
		i = vend
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at b[i], -1 when
// there is none.
func skipString(b []byte, i int) int {
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// skipValue returns the index after the JSON value starting at b[i], -1
// when it is cut short. It does not validate: the daemon's output is JSON.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				end := skipString(b, i)
				if end < 0 {
					return -1
				}
				i = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return -1
	}
	for ; i < len(b); i++ {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
	}
	return i
}
