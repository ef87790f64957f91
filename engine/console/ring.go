package console

import "github.com/unitymcp/unitymcp/engine/bridge"

// ring is one editor's recent entries, bounded by RingSize and RingBytes.
type ring struct {
	buf     []Entry // circular: the oldest at head, n entries
	head, n int
	bytes   int // of the kept entries' texts (entrySize)
	seq     int64
	dropped int64 // entries the editor reported it could not send
}

// entrySize is what an entry's texts cost the ring.
func entrySize(e bridge.ConsoleEntry) int {
	return len(e.Type) + len(e.Message) + len(e.StackTrace) + 32
}

func (r *ring) add(e bridge.ConsoleEntry) Entry {
	r.seq++
	ce := Entry{Seq: r.seq, ConsoleEntry: e}
	size := entrySize(e)
	for r.n > 0 && (r.n == RingSize || r.bytes+size > RingBytes) {
		r.bytes -= entrySize(r.buf[r.head].ConsoleEntry)
		r.buf[r.head] = Entry{}
		r.head = (r.head + 1) % len(r.buf)
		r.n--
	}
	if len(r.buf) < RingSize && r.n == len(r.buf) { // grow while not full
		grown := make([]Entry, 0, min(max(2*len(r.buf), 16), RingSize))
		grown = append(grown, r.list()...)
		r.buf, r.head = grown[:cap(grown)], 0
	}
	r.buf[(r.head+r.n)%len(r.buf)] = ce
	r.n++
	r.bytes += size
	return ce
}

func (r *ring) list() []Entry {
	out := make([]Entry, 0, r.n)
	for i := 0; i < r.n; i++ {
		out = append(out, r.buf[(r.head+i)%len(r.buf)])
	}
	return out
}
