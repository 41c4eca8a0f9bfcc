package telemetry

import (
	"bytes"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for the flusher goroutine and the test to share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
	n  int // write calls
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	return l.b.Write(p)
}

func (l *lockedBuffer) snapshot() (string, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String(), l.n
}

func TestBufferedWriterBatchesAndFlushes(t *testing.T) {
	out := &lockedBuffer{}
	w := NewBufferedWriter(out, time.Hour) // no periodic flush during the test's first part
	for i := range 100 {
		if _, err := w.Write([]byte("line " + strings.Repeat("x", i%10) + "\n")); err != nil {
			t.Fatal(err)
		}
	}
	if s, _ := out.snapshot(); s != "" {
		t.Fatalf("lines written before a flush: %q", s)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	s, n := out.snapshot()
	if strings.Count(s, "\n") != 100 || n != 1 {
		t.Fatalf("flush wrote %d lines in %d writes, want 100 in 1", strings.Count(s, "\n"), n)
	}
	// A full buffer is written out; a record larger than the buffer goes straight through, after
	// what was held, so order is kept.
	big := strings.Repeat("y", bufferSize+1) + "\n"
	w.Write([]byte("before\n"))
	w.Write([]byte(big))
	s, _ = out.snapshot()
	if !strings.HasSuffix(s, "before\n"+big) {
		t.Fatal("a record larger than the buffer was not written in order")
	}
	// Close writes what is held and stops the flusher; later writes go through.
	w.Write([]byte("last\n"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if s, _ := out.snapshot(); !strings.HasSuffix(s, "last\n") {
		t.Fatal("Close did not write what was held")
	}
	w.Write([]byte("after\n"))
	if s, _ := out.snapshot(); !strings.HasSuffix(s, "after\n") {
		t.Fatal("a write after Close was held")
	}
}

func TestBufferedWriterFlushesPeriodically(t *testing.T) {
	out := &lockedBuffer{}
	w := NewBufferedWriter(out, 10*time.Millisecond)
	defer w.Close()
	w.Write([]byte("tick\n"))
	deadline := time.Now().Add(5 * time.Second)
	for {
		if s, _ := out.snapshot(); s == "tick\n" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the line was not flushed by the interval")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestBufferedWriterConcurrentWritersKeepLines has writers fill the buffer many times over while
// a writer of records larger than the buffer and the periodic flush run: every line must come out
// once, whole, and each writer's lines in the order it wrote them, although batches are written
// after the buffer is swapped rather than under its lock.
func TestBufferedWriterConcurrentWritersKeepLines(t *testing.T) {
	out := &lockedBuffer{}
	w := NewBufferedWriter(out, time.Millisecond)
	const writers, perWriter = 8, 2000
	var wg sync.WaitGroup
	for g := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perWriter {
				line := "w" + strconv.Itoa(g) + " " + strconv.Itoa(i) + " " + strings.Repeat("x", i%40) + "\n"
				if g == 0 && i%20 == 0 {
					line = "w0 " + strconv.Itoa(i) + " " + strings.Repeat("y", bufferSize) + "\n"
				}
				if _, err := w.Write([]byte(line)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	s, _ := out.snapshot()
	next := make([]int, writers)
	for _, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || !strings.HasPrefix(f[0], "w") {
			t.Fatalf("a torn line: %.60q", line)
		}
		g, _ := strconv.Atoi(f[0][1:])
		i, _ := strconv.Atoi(f[1])
		if i != next[g] {
			t.Fatalf("writer %d: line %d came after line %d", g, i, next[g]-1)
		}
		next[g]++
	}
	for g, n := range next {
		if n != perWriter {
			t.Errorf("writer %d: %d of %d lines written", g, n, perWriter)
		}
	}
}
