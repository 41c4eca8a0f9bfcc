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
type BufferedWriter struct {
	mu   sync.Mutex
	w    io.Writer
	buf  []byte
	done chan struct{}
	wg   sync.WaitGroup
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
// flush; a record larger than the buffer is written through.
func (b *BufferedWriter) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.buf)+len(p) > cap(b.buf) {
		if err := b.flushLocked(); err != nil {
			return 0, err
		}
		if len(p) > cap(b.buf) {
			return b.w.Write(p)
		}
	}
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// Flush writes out what is held.
func (b *BufferedWriter) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.flushLocked()
}

func (b *BufferedWriter) flushLocked() error {
	if len(b.buf) == 0 {
		return nil
	}
	_, err := b.w.Write(b.buf)
	b.buf = b.buf[:0]
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
	defer b.mu.Unlock()
	err := b.flushLocked()
	b.buf = b.buf[:0:0]
	return err
}
