package app

import (
	"context"
	"sync"
)

// Background holds the workers a serving process runs beside HTTP (submission analysis, webhook
// delivery, the live-feed reader) and what must stop before HTTP shuts down (open live streams).
type Background struct {
	mu             sync.Mutex
	workers        []func(ctx context.Context)
	beforeShutdown []func()
}

// Go registers a worker that runs until its context is cancelled.
func (b *Background) Go(w func(ctx context.Context)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.workers = append(b.workers, w)
}

// BeforeShutdown registers fn to run when shutdown begins, before in-flight requests are drained.
func (b *Background) BeforeShutdown(fn func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.beforeShutdown = append(b.beforeShutdown, fn)
}

// start runs every registered worker and returns a function that stops them and waits.
func (b *Background) start(ctx context.Context) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	b.mu.Lock()
	for _, w := range b.workers {
		wg.Add(1)
		go func() { defer wg.Done(); w(ctx) }()
	}
	b.mu.Unlock()
	return func() { cancel(); wg.Wait() }
}

// shuttingDown runs the before-shutdown hooks.
func (b *Background) shuttingDown() {
	b.mu.Lock()
	hooks := append([]func(){}, b.beforeShutdown...)
	b.mu.Unlock()
	for _, h := range hooks {
		h()
	}
}

// StartBackground runs the background workers until the returned stop is called (Serve does this;
// tests call it to exercise queues and the live feed).
func (a *App) StartBackground(ctx context.Context) (stop func()) { return a.Background.start(ctx) }
