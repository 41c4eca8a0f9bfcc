package telemetry

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// Memory limit defaults. Go's collector lets the heap grow to twice what is live (GOGC=100)
// before it collects; for a service whose live heap is a few tens of megabytes that doubling,
// not the data, is most of its resident memory under load. The soft limit keeps the heap within
// a headroom above what is live instead, and follows the live heap as it grows (a knowledge base
// of 100,000 reviews holds over 100 MB), so it never squeezes the collector into running
// continuously.
const (
	// MinMemoryHeadroom is the least room the heap gets above its live size.
	MinMemoryHeadroom = 24 << 20
	// memoryLimitInterval is how often the limit follows the live heap.
	memoryLimitInterval = time.Second
)

// MemoryLimitFor is the soft limit for a live heap of live bytes: live plus half of it, at least
// MinMemoryHeadroom more.
func MemoryLimitFor(live uint64) int64 {
	room := max(live/2, MinMemoryHeadroom)
	if live > math.MaxInt64-room {
		return math.MaxInt64
	}
	return int64(live + room)
}

// StartMemoryLimit keeps the runtime's soft memory limit at MemoryLimitFor(the live heap, as the
// last collection measured it), checked every second, until stop is called; before the first
// collection there is no limit. Start it after the service has loaded what it keeps in memory. It does nothing when the operator chose a
// policy: GOMEMLIMIT or GOGC set in the environment (lookup is os.LookupEnv).
func StartMemoryLimit(lookup func(string) (string, bool)) (stop func()) {
	for _, name := range []string{"GOMEMLIMIT", "GOGC"} {
		if v, ok := lookup(name); ok && v != "" {
			return func() {}
		}
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	set := func() {
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > 0 {
			debug.SetMemoryLimit(MemoryLimitFor(sample[0].Value.Uint64()))
		}
	}
	set()
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(memoryLimitInterval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				set()
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(done)
			<-finished
			debug.SetMemoryLimit(math.MaxInt64)
		})
	}
}
