package feed

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/models"
)

// memLog is an in-memory event log with the store's semantics.
type memLog struct {
	mu   sync.Mutex
	evs  []models.Event
	fail error
}

// add appends one event per type and returns them.
func (m *memLog) add(types ...string) []models.Event {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []models.Event
	for _, t := range types {
		id := int64(len(m.evs) + 1)
		ev := models.Event{ID: id, Type: t, Data: fmt.Sprintf(`{"n":%d}`, id), CreatedAt: time.Date(2026, 3, 1, 12, 0, 0, int(id), time.UTC)}
		m.evs = append(m.evs, ev)
		out = append(out, ev)
	}
	return out
}

func (m *memLog) addN(n int, typ string) {
	for range n {
		m.add(typ)
	}
}

func (m *memLog) setFail(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fail = err
}

// memLog has SQLite's semantics: one writer at a time, so positions are ids (XID 0).
func (m *memLog) Head(ctx context.Context) (models.EventPos, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return models.EventPos{}, m.fail
	}
	return models.EventPos{ID: int64(len(m.evs))}, nil
}

func (m *memLog) Resume(ctx context.Context, id int64) (models.EventPos, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return models.EventPos{}, false, m.fail
	}
	if id > int64(len(m.evs)) {
		return models.EventPos{}, true, nil
	}
	return models.EventPos{ID: id}, false, nil
}

func (m *memLog) Next(ctx context.Context, pos models.EventPos, limit int) ([]models.Event, error) {
	after := pos.ID
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return nil, m.fail
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []models.Event
	for _, ev := range m.evs {
		if ev.ID > after && len(out) < limit {
			out = append(out, ev)
		}
	}
	return out, nil
}

func (m *memLog) Latest(ctx context.Context, limit int) ([]models.Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return nil, m.fail
	}
	var out []models.Event
	for i := len(m.evs) - 1; i >= 0 && len(out) < limit; i-- {
		out = append(out, m.evs[i])
	}
	return out, nil
}

const (
	created  = models.EventClaimCreated
	analysed = models.EventClaimAnalysed
	changed  = models.EventClaimScoreChanged
)

// recv reads n events from sub or fails after a deadline.
func recv(t *testing.T, sub *Subscription, n int) []int64 {
	t.Helper()
	var ids []int64
	deadline := time.After(5 * time.Second)
	for len(ids) < n {
		select {
		case ev := <-sub.Events():
			ids = append(ids, ev.ID)
		case <-sub.Done():
			t.Fatalf("subscription ended (%v) after %v, want %d events", sub.Err(), ids, n)
		case <-deadline:
			t.Fatalf("got %v, want %d events", ids, n)
		}
	}
	return ids
}

func seq(from, to int64) []int64 {
	var out []int64
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

func sameIDs(a, b []int64) bool {
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// runHub runs h until the test ends and returns a function that stops it and waits for Run.
func runHub(t *testing.T, h *Hub) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); h.Run(ctx) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return stop
}

func TestHubFansOutInOrderAcrossBatches(t *testing.T) {
	log := &memLog{}
	log.addN(3, created) // history before the hub starts is not live
	h := New(Config{Log: log, PollInterval: 5 * time.Millisecond, Batch: 4})
	all, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	onlyAnalysed, err := h.Subscribe(context.Background(), []string{analysed})
	if err != nil {
		t.Fatal(err)
	}
	if all.From() != (models.EventPos{ID: 3}) || onlyAnalysed.From() != (models.EventPos{ID: 3}) {
		t.Fatalf("From = %d, %d; want the log's newest id 3", all.From(), onlyAnalysed.From())
	}
	runHub(t, h)
	for range 5 {
		log.add(created, analysed) // 10 events: more than two batches
	}
	if got := recv(t, all, 10); !sameIDs(got, seq(4, 13)) {
		t.Errorf("all events: got %v, want %v", got, seq(4, 13))
	}
	if got := recv(t, onlyAnalysed, 5); !sameIDs(got, []int64{5, 7, 9, 11, 13}) {
		t.Errorf("claim.analysed only: got %v", got)
	}
	if h.Position() != (models.EventPos{ID: 13}) {
		t.Errorf("Position = %d, want 13", h.Position())
	}
}

func TestHubSubscriptionBeforeRunSeesEverythingAfterIt(t *testing.T) {
	log := &memLog{}
	log.addN(2, created)
	h := New(Config{Log: log, PollInterval: 5 * time.Millisecond})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Written after the subscription but before the hub's reader starts: still live for sub.
	log.addN(3, analysed)
	runHub(t, h)
	if got := recv(t, sub, 3); !sameIDs(got, seq(3, 5)) {
		t.Errorf("got %v, want 3..5", got)
	}
}

func TestHubDropsASlowSubscriberWithoutWaitingForIt(t *testing.T) {
	log := &memLog{}
	h := New(Config{Log: log, PollInterval: 5 * time.Millisecond, Buffer: 2})
	slow, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	fast, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	runHub(t, h)
	var got []int64
	for i := range 6 {
		log.add(created)
		got = append(got, recv(t, fast, 1)...)
		if i == 2 {
			// The third undelivered event overflows slow's buffer of two.
			select {
			case <-slow.Done():
			case <-time.After(5 * time.Second):
				t.Fatal("the slow subscriber was not dropped")
			}
		}
	}
	if !sameIDs(got, seq(1, 6)) {
		t.Errorf("the fast subscriber got %v, want 1..6", got)
	}
	if !errors.Is(slow.Err(), ErrTooSlow) {
		t.Errorf("slow.Err() = %v, want ErrTooSlow", slow.Err())
	}
	// What the slow one had buffered is still in order; the rest it reads back from the log.
	if a, b := <-slow.Events(), <-slow.Events(); a.ID != 1 || b.ID != 2 {
		t.Errorf("slow buffer = %d, %d; want 1, 2", a.ID, b.ID)
	}
	if h.Subscribers() != 1 {
		t.Errorf("Subscribers = %d, want 1 (the fast one)", h.Subscribers())
	}
}

func TestHubCloseEndsEverySubscriptionAndRun(t *testing.T) {
	log := &memLog{}
	h := New(Config{Log: log, PollInterval: time.Hour})
	var subs []*Subscription
	for range 3 {
		s, err := h.Subscribe(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s)
	}
	ran := make(chan struct{})
	go func() { defer close(ran); h.Run(context.Background()) }()
	h.Close()
	h.Close() // idempotent
	for i, s := range subs {
		select {
		case <-s.Done():
		default:
			t.Fatalf("subscription %d still open after Close", i)
		}
		if !errors.Is(s.Err(), ErrClosed) {
			t.Errorf("subscription %d: Err = %v, want ErrClosed", i, s.Err())
		}
		s.Close() // harmless after the hub closed it
	}
	select {
	case <-ran:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after Close")
	}
	if _, err := h.Subscribe(context.Background(), nil); !errors.Is(err, ErrClosed) {
		t.Errorf("Subscribe after Close: %v, want ErrClosed", err)
	}
	if !h.Closed() || h.Subscribers() != 0 {
		t.Errorf("Closed = %v, Subscribers = %d", h.Closed(), h.Subscribers())
	}
}

func TestHubRunEndingClosesTheHub(t *testing.T) {
	h := New(Config{Log: &memLog{}, PollInterval: 5 * time.Millisecond})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	stop := runHub(t, h)
	stop()
	select {
	case <-sub.Done():
	default:
		t.Fatal("a subscription outlived the hub's reader")
	}
	if !errors.Is(sub.Err(), ErrClosed) {
		t.Errorf("Err = %v, want ErrClosed", sub.Err())
	}
}

func TestHubKeepsGoingAfterReadErrors(t *testing.T) {
	log := &memLog{}
	h := New(Config{Log: log, PollInterval: 5 * time.Millisecond})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	runHub(t, h)
	log.setFail(errors.New("connection refused"))
	log.add(created) // the failure hides it for now
	time.Sleep(30 * time.Millisecond)
	log.setFail(nil)
	log.add(analysed)
	if got := recv(t, sub, 2); !sameIDs(got, []int64{1, 2}) {
		t.Errorf("got %v, want 1, 2 once the log reads again", got)
	}
}

func TestSubscribeFailsWhenTheLogCannotBeRead(t *testing.T) {
	log := &memLog{}
	log.setFail(errors.New("database is down"))
	h := New(Config{Log: log})
	if _, err := h.Subscribe(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "database is down") {
		t.Fatalf("Subscribe = %v, want the log's error", err)
	}
}

// frame is one parsed SSE block.
type frame struct {
	id, event, data, comment, retry string
	hasID                           bool
}

// sseReader parses an SSE stream the way the WHATWG spec does, for the fields this server writes.
type sseReader struct{ r *bufio.Reader }

func (s sseReader) next() (frame, error) {
	var f frame
	var data []string
	hasData := false
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			return f, err
		}
		line = strings.TrimSuffix(line, "\n")
		if line == "" {
			if hasData {
				f.data = strings.Join(data, "\n")
			}
			return f, nil
		}
		if strings.HasPrefix(line, ":") {
			f.comment = strings.TrimSpace(line[1:])
			continue
		}
		name, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch name {
		case "id":
			f.id, f.hasID = value, true
		case "event":
			f.event = value
		case "data":
			data, hasData = append(data, value), true
		case "retry":
			f.retry = value
		}
	}
}

// pipeStream runs Stream over a pipe and returns the client's reader, a func closing the client
// side, and the channel Stream's result arrives on.
func pipeStream(t *testing.T, sub *Subscription, o StreamOptions, conn Deadliner) (sseReader, func(), <-chan error) {
	t.Helper()
	pr, pw := io.Pipe()
	res := make(chan error, 1)
	go func() {
		err := Stream(NewWriter(bufio.NewWriter(pw), conn, time.Second), sub, o)
		pw.Close()
		res <- err
	}()
	t.Cleanup(func() { pr.Close() })
	return sseReader{bufio.NewReader(pr)}, func() { pr.Close() }, res
}

// events reads frames until n events arrived, returning their ids; comments are skipped.
func (s sseReader) events(t *testing.T, n int) []int64 {
	t.Helper()
	var ids []int64
	for len(ids) < n {
		f, err := s.next()
		if err != nil {
			t.Fatalf("after %v: %v", ids, err)
		}
		if f.event == "" {
			continue
		}
		id, err := strconv.ParseInt(f.id, 10, 64)
		if err != nil {
			t.Fatalf("bad id %q", f.id)
		}
		ids = append(ids, id)
	}
	return ids
}

func TestStreamFramesAndEnvelope(t *testing.T) {
	log := &memLog{}
	h := New(Config{Log: log, PollInterval: 5 * time.Millisecond})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	runHub(t, h)
	r, _, _ := pipeStream(t, sub, StreamOptions{Log: log}, nil)
	first, err := r.next()
	if err != nil {
		t.Fatal(err)
	}
	if first.retry != "3000" || first.event != "" {
		t.Fatalf("first frame = %+v, want retry: 3000", first)
	}
	log.add(analysed)
	f, err := r.next()
	if err != nil {
		t.Fatal(err)
	}
	if f.id != "1" || f.event != analysed {
		t.Fatalf("frame = %+v", f)
	}
	if strings.Contains(f.data, "\n") {
		t.Errorf("data spans lines: %q", f.data)
	}
	var env struct {
		EventID   int64           `json:"event_id"`
		Type      string          `json:"type"`
		CreatedAt time.Time       `json:"created_at"`
		Data      json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal([]byte(f.data), &env); err != nil {
		t.Fatalf("data is not JSON: %v: %s", err, f.data)
	}
	if env.EventID != 1 || env.Type != analysed || !env.CreatedAt.Equal(time.Date(2026, 3, 1, 12, 0, 0, 1, time.UTC)) || string(env.Data) != `{"n":1}` {
		t.Errorf("envelope = %+v (%s)", env, env.Data)
	}
}

func TestStreamResumesWithoutGapOrDuplicate(t *testing.T) {
	log := &memLog{}
	log.addN(5, created)
	h := New(Config{Log: log, PollInterval: time.Hour})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Events 6 and 7 reach both the log and the subscription before the replay reads the log.
	log.add(analysed, analysed)
	if err := h.readNew(context.Background()); err != nil {
		t.Fatal(err)
	}
	r, _, _ := pipeStream(t, sub, StreamOptions{Log: log, Resume: true, After: 2}, nil)
	got := r.events(t, 5)
	log.add(changed)
	if err := h.readNew(context.Background()); err != nil {
		t.Fatal(err)
	}
	got = append(got, r.events(t, 1)...)
	if !sameIDs(got, seq(3, 8)) {
		t.Errorf("got %v, want exactly 3..8 once each", got)
	}
}

func TestStreamResumeAheadOfThisHubSkipsWhatTheClientHas(t *testing.T) {
	// The client got up to 7 from another process whose hub was ahead of this one's.
	log := &memLog{}
	log.addN(5, created)
	h := New(Config{Log: log, PollInterval: time.Hour})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	log.addN(3, created)
	r, _, _ := pipeStream(t, sub, StreamOptions{Log: log, Resume: true, After: 7}, nil)
	if err := h.readNew(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := r.events(t, 1); !sameIDs(got, []int64{8}) {
		t.Errorf("got %v, want only 8", got)
	}
}

func TestStreamReplayLimitEndsTheStreamForAReconnect(t *testing.T) {
	log := &memLog{}
	log.addN(25, created)
	h := New(Config{Log: log, PollInterval: time.Hour})
	var all []int64
	after := int64(0)
	for conn := 0; conn < 3; conn++ {
		sub, err := h.Subscribe(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		r, _, res := pipeStream(t, sub, StreamOptions{Log: log, Resume: true, After: after, ReplayLimit: 10}, nil)
		want := 10
		if conn == 2 {
			want = 5
		}
		got := r.events(t, want)
		all = append(all, got...)
		after = got[len(got)-1]
		if conn < 2 {
			f, err := r.next()
			if err != nil || !strings.Contains(f.comment, "replay limit reached") {
				t.Fatalf("connection %d: frame after the limit = %+v, %v", conn, f, err)
			}
			if err := <-res; !errors.Is(err, ErrReplayLimit) {
				t.Fatalf("connection %d ended with %v, want ErrReplayLimit", conn, err)
			}
		}
	}
	if !sameIDs(all, seq(1, 25)) {
		t.Errorf("three connections replayed %v, want 1..25", all)
	}
}

func TestStreamFilteredReplayAtTheLimitMovesTheClientForward(t *testing.T) {
	log := &memLog{}
	log.add(changed)
	log.addN(20, created)
	log.add(changed)
	h := New(Config{Log: log, PollInterval: time.Hour})
	types := map[string]bool{changed: true}
	// A client the way EventSource behaves: it keeps the last id it saw, from any frame, and
	// reconnects with it when the stream ends.
	var got, lastIDs []int64
	last := int64(0)
	for conn := 0; len(got) < 2; conn++ {
		if conn == 5 {
			t.Fatalf("no progress after %d connections: events %v, ids %v", conn, got, lastIDs)
		}
		sub, err := h.Subscribe(context.Background(), []string{changed})
		if err != nil {
			t.Fatal(err)
		}
		r, leave, _ := pipeStream(t, sub, StreamOptions{Log: log, Resume: true, After: last, Types: types, ReplayLimit: 10}, nil)
		for {
			f, err := r.next()
			if err != nil {
				break
			}
			if f.hasID {
				last, _ = strconv.ParseInt(f.id, 10, 64)
			}
			if f.event != "" {
				got = append(got, last)
			}
			if len(got) == 2 {
				break
			}
		}
		leave()
		lastIDs = append(lastIDs, last)
	}
	if !sameIDs(got, []int64{1, 22}) {
		t.Errorf("events %v, want 1 and 22", got)
	}
	// Each connection scans ten events and hands the client the id it reached.
	if !sameIDs(lastIDs, []int64{10, 20, 22}) {
		t.Errorf("the client's last id after each connection: %v, want 10, 20, 22", lastIDs)
	}
}

func TestStreamRecentReplaysOnlyTheNewest(t *testing.T) {
	log := &memLog{}
	log.addN(100, created)
	h := New(Config{Log: log, PollInterval: time.Hour})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, _, _ := pipeStream(t, sub, StreamOptions{Log: log, Resume: true, After: 3, ReplayLimit: 30, Recent: true}, nil)
	if got := r.events(t, 30); !sameIDs(got, seq(71, 100)) {
		t.Errorf("got %v, want 71..100", got)
	}
}

func TestStreamHeartbeatWhenIdle(t *testing.T) {
	log := &memLog{}
	h := New(Config{Log: log, PollInterval: time.Hour})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, _, _ := pipeStream(t, sub, StreamOptions{Log: log, Heartbeat: 20 * time.Millisecond}, nil)
	pings := 0
	for pings < 3 {
		f, err := r.next()
		if err != nil {
			t.Fatal(err)
		}
		if f.comment == "ping" {
			pings++
		} else if f.retry == "" {
			t.Fatalf("unexpected frame %+v", f)
		}
	}
}

func TestStreamEndsWhenTheClientLeaves(t *testing.T) {
	log := &memLog{}
	h := New(Config{Log: log, PollInterval: 5 * time.Millisecond})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	runHub(t, h)
	r, leave, res := pipeStream(t, sub, StreamOptions{Log: log, Heartbeat: 10 * time.Millisecond}, nil)
	if _, err := r.next(); err != nil {
		t.Fatal(err)
	}
	leave()
	select {
	case err := <-res:
		if err == nil || errors.Is(err, ErrClosed) {
			t.Errorf("Stream returned %v, want a write error", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Stream kept running after the client left")
	}
	if h.Subscribers() != 0 {
		t.Errorf("Subscribers = %d after the stream ended, want 0", h.Subscribers())
	}
}

func TestStreamSaysWhyItEnds(t *testing.T) {
	for _, tc := range []struct {
		name, comment string
		want          error
		end           func(h *Hub, log *memLog)
	}{
		{"shutdown", "the server is shutting down; reconnect with Last-Event-ID to resume", ErrClosed,
			func(h *Hub, log *memLog) { h.Close() }},
		{"too slow", "disconnected: this stream fell too far behind the live feed; reconnect with Last-Event-ID to resume", ErrTooSlow,
			func(h *Hub, log *memLog) {
				// Nothing reads the client side, so the stream blocks on its first event and the
				// buffer of one overflows.
				log.addN(50, created)
				_ = h.readNew(context.Background())
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &memLog{}
			h := New(Config{Log: log, PollInterval: time.Hour, Buffer: 1})
			sub, err := h.Subscribe(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			r, _, res := pipeStream(t, sub, StreamOptions{Log: log}, nil)
			if _, err := r.next(); err != nil { // retry
				t.Fatal(err)
			}
			tc.end(h, log)
			var last frame
			for {
				f, err := r.next()
				if err != nil {
					break
				}
				last = f
			}
			if last.comment != tc.comment {
				t.Errorf("last frame = %+v, want the comment %q", last, tc.comment)
			}
			if err := <-res; !errors.Is(err, tc.want) {
				t.Errorf("Stream returned %v, want %v", err, tc.want)
			}
		})
	}
}

// deadlines records the write deadlines a stream sets.
type deadlines struct {
	mu sync.Mutex
	ts []time.Time
}

func (d *deadlines) SetWriteDeadline(t time.Time) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.ts = append(d.ts, t)
	return nil
}

func TestWriterFramesAndExtendsTheDeadline(t *testing.T) {
	var buf strings.Builder
	bw := bufio.NewWriter(&buf)
	dl := &deadlines{}
	w := NewWriter(bw, dl, 30*time.Second)
	start := time.Now()
	if err := w.Event(7, "claim.analysed\nevent: evil", []byte("{\"a\":1}\n{\"b\":2}")); err != nil {
		t.Fatal(err)
	}
	if err := w.Comment("two\nlines"); err != nil {
		t.Fatal(err)
	}
	if err := w.ID(9); err != nil {
		t.Fatal(err)
	}
	want := "id: 7\nevent: claim.analysed event: evil\ndata: {\"a\":1}\ndata: {\"b\":2}\n\n: two lines\n\nid: 9\n\n"
	if buf.String() != want {
		t.Errorf("wrote %q\nwant  %q", buf.String(), want)
	}
	if len(dl.ts) != 3 {
		t.Fatalf("deadline set %d times, want once per frame", len(dl.ts))
	}
	for _, d := range dl.ts {
		if d.Before(start.Add(29*time.Second)) || d.After(time.Now().Add(30*time.Second)) {
			t.Errorf("deadline %v is not now+30s", d)
		}
	}
}

func TestEncodeEnvelopeSurvivesBadStoredData(t *testing.T) {
	b, ok := EncodeEnvelope(models.Event{ID: 3, Type: created, Data: "{not json", CreatedAt: time.Unix(0, 0)})
	if !ok || string(b) != `{"event_id":3,"type":"claim.created","created_at":"1970-01-01T00:00:00Z","data":null}` {
		t.Errorf("got %s", b)
	}
}

func TestStreamWithoutResumeStartsAfterTheNewestStoredEvent(t *testing.T) {
	log := &memLog{}
	log.addN(3, created)
	h := New(Config{Log: log, PollInterval: time.Hour})
	sub, err := h.Subscribe(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Stored before the stream began but not yet read by this hub: history, not live.
	log.addN(2, created)
	r, _, _ := pipeStream(t, sub, StreamOptions{Log: log}, nil)
	if f, err := r.next(); err != nil || f.retry == "" {
		t.Fatalf("first frame %+v, %v", f, err)
	}
	log.add(analysed)
	if err := h.readNew(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := r.events(t, 1); !sameIDs(got, []int64{6}) {
		t.Errorf("got %v, want only 6", got)
	}
}
