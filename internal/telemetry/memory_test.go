package telemetry

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

func TestMemoryLimitFor(t *testing.T) {
	cases := []struct {
		live uint64
		want int64
	}{
		{live: 0, want: MinMemoryHeadroom},
		{live: 20 << 20, want: 44 << 20},
		{live: 48 << 20, want: 72 << 20},
		{live: 200 << 20, want: 300 << 20},
		{live: math.MaxUint64, want: math.MaxInt64},
	}
	for _, c := range cases {
		if got := MemoryLimitFor(c.live); got != c.want {
			t.Errorf("MemoryLimitFor(%d) = %d, want %d", c.live, got, c.want)
		}
	}
}

// TestStartMemoryLimit checks that the limit is set from the live heap, lifted at stop, and left
// alone when the operator set GOMEMLIMIT or GOGC.
func TestStartMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(math.MaxInt64)
	runtime.GC()
	stop := StartMemoryLimit(func(string) (string, bool) { return "", false })
	got := debug.SetMemoryLimit(-1)
	if got == math.MaxInt64 || got < MinMemoryHeadroom {
		t.Errorf("limit %d after start, want the live heap plus at least %d", got, MinMemoryHeadroom)
	}
	stop()
	stop()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("limit %d after stop, want none", got)
	}
	for _, name := range []string{"GOMEMLIMIT", "GOGC"} {
		stop := StartMemoryLimit(func(n string) (string, bool) {
			if n == name {
				return "100", true
			}
			return "", false
		})
		if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
			t.Errorf("%s set: limit %d, want it left alone", name, got)
		}
		stop()
	}
}
