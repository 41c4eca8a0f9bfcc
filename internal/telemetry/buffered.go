package telemetry

import (
	"io"
	"sync"
	"time"
)

// bufferSize is how many bytes of log lines are held before they are written out at once.
const bufferSize = 32 << 10

// BufferedWriter batches log lines so that a busy server does not make one write system call per
// request line: lines are written when the buffer fills, every interval, and at Close. A crash
// loses at most one interval of lines (the default 100 ms); the request metrics are unaffected.
// A full buffer is swapped for an empty one and written out after the swap, so a request adding
// its line never waits for a write system call (at 64 connections every request's line queued
// behind the one that filled the buffer); out orders the writes, so lines keep their order.
type BufferedWriter struct {
	mu  sync.Mutex // guards buf
	buf []byte
	out sync.Mutex // held while a batch is written to w, taken before mu is let go
	w   io.Writer
	// spare is a written batch's buffer, kept for the next swap; guarded by out.
	spare []byte
	done  chan struct{}
	wg    sync.WaitGroup
}

// NewBufferedWriter starts a writer over w that flushes at least every interval.
func NewBufferedWriter(w io.Writer, interval time.Duration) *BufferedWriter {
	b := &BufferedWriter{w: w, buf: make([]byte, 0, bufferSize), done: make(chan struct{})}
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				_ = b.Flush()
			case <-b.done:
				return
			}
		}
	}()
	return b
}

// Write holds p (one log record: the handlers write each record in one call) until the next
// flush; a record larger than the buffer is written through, after what is held.
func (b *BufferedWriter) Write(p []byte) (int, error) {
	b.mu.Lock()
	if len(b.buf)+len(p) <= cap(b.buf) {
		b.buf = append(b.buf, p...)
		b.mu.Unlock()
		return len(p), nil
	}
	through := len(p) > cap(b.buf)
	held := b.swapLocked()
	if !through {
		b.buf = append(b.buf, p...)
	}
	b.out.Lock()
	b.mu.Unlock()
	err := b.writeOut(held)
	if through && err == nil {
		_, err = b.w.Write(p)
	}
	b.out.Unlock()
	if err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes out what is held.
func (b *BufferedWriter) Flush() error {
	b.mu.Lock()
	held := b.swapLocked()
	b.out.Lock()
	b.mu.Unlock()
	err := b.writeOut(held)
	b.out.Unlock()
	return err
}

// swapLocked takes the held lines and leaves an empty buffer of the same capacity (none after
// Close). b.mu is held.
func (b *BufferedWriter) swapLocked() []byte {
	held := b.buf
	if cap(held) == 0 {
		return nil
	}
	next := b.takeSpare()
	if cap(next) < cap(held) {
		next = make([]byte, 0, cap(held))
	}
	b.buf = next[:0]
	return held
}

// takeSpare hands over the spare buffer if no batch is being written, without waiting for one.
func (b *BufferedWriter) takeSpare() []byte {
	if !b.out.TryLock() {
		return nil
	}
	s := b.spare
	b.spare = nil
	b.out.Unlock()
	return s
}

// writeOut writes held to w and keeps its buffer as the spare. b.out is held.
func (b *BufferedWriter) writeOut(held []byte) error {
	if len(held) == 0 {
		return nil
	}
	_, err := b.w.Write(held)
	b.spare = held[:0]
	return err
}

// Close stops the periodic flush and writes out what is held; later writes go straight through.
func (b *BufferedWriter) Close() error {
	select {
	case <-b.done:
	default:
		close(b.done)
	}
	b.wg.Wait()
	b.mu.Lock()
	held := b.buf
	b.buf = nil
	b.out.Lock()
	b.mu.Unlock()
	err := b.writeOut(held)
	b.spare = nil
	b.out.Unlock()
	return err
}
