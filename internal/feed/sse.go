package feed

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/models"
)

// Stream defaults.
const (
	// DefaultRetry is the reconnection delay the stream asks clients to use.
	DefaultRetry = 3 * time.Second
	// DefaultHeartbeat is how long an idle stream waits before a keep-alive comment.
	DefaultHeartbeat = 15 * time.Second
	// DefaultReplayLimit is how many stored events one connection replays at most.
	DefaultReplayLimit = 1000
	// DefaultWriteTimeout bounds each write to the client, so a client that stops reading is
	// noticed instead of holding its connection forever.
	DefaultWriteTimeout = 30 * time.Second
	// replayPage is how many events one read of the log returns during a replay.
	replayPage = 500
	// queryTimeout bounds one read of the log during a replay.
	queryTimeout = 10 * time.Second
)

// ErrReplayLimit ends a stream that replayed its limit before catching up with the log; the
// client reconnects with the Last-Event-ID it has and the next connection continues the replay.
var ErrReplayLimit = errors.New("replay limit reached")

// Deadliner is the connection under a stream: each write extends its write deadline. The HTTP
// server sets one deadline for a whole response, which would otherwise cut every stream after the
// server's write timeout.
type Deadliner interface {
	SetWriteDeadline(t time.Time) error
}

// Writer frames Server-Sent Events and flushes each frame to the client.
type Writer struct {
	w       *bufio.Writer
	conn    Deadliner
	timeout time.Duration
}

// NewWriter writes frames to w; conn (may be nil) gets a fresh write deadline of timeout
// (DefaultWriteTimeout when 0) before every flush.
func NewWriter(w *bufio.Writer, conn Deadliner, timeout time.Duration) *Writer {
	if timeout <= 0 {
		timeout = DefaultWriteTimeout
	}
	return &Writer{w: w, conn: conn, timeout: timeout}
}

// Retry tells the client how long to wait before reconnecting.
func (w *Writer) Retry(d time.Duration) error {
	fmt.Fprintf(w.w, "retry: %d\n\n", d.Milliseconds())
	return w.flush()
}

// Event writes one event. Data normally is one line of JSON; any line breaks in it become
// further data lines, which the client joins back with "\n", so a frame can never be cut short.
func (w *Writer) Event(id int64, typ string, data []byte) error {
	w.w.WriteString("id: ")
	w.w.WriteString(strconv.FormatInt(id, 10))
	w.w.WriteString("\nevent: ")
	w.w.WriteString(oneLine(typ))
	w.w.WriteByte('\n')
	for _, line := range strings.Split(strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r", "\n"), "\n") {
		w.w.WriteString("data: ")
		w.w.WriteString(line)
		w.w.WriteByte('\n')
	}
	w.w.WriteByte('\n')
	return w.flush()
}

// ID moves the client's Last-Event-ID forward without dispatching an event (an id field with no
// data), so a filtered replay that skipped events does not scan them again after reconnecting.
func (w *Writer) ID(id int64) error {
	fmt.Fprintf(w.w, "id: %d\n\n", id)
	return w.flush()
}

// Comment writes a comment line, which clients ignore: heartbeats and the reason a stream ends.
func (w *Writer) Comment(text string) error {
	w.w.WriteString(": ")
	w.w.WriteString(oneLine(text))
	w.w.WriteString("\n\n")
	return w.flush()
}

// flush sends the buffered frame; an error means the client is gone.
func (w *Writer) flush() error {
	if w.conn != nil {
		if err := w.conn.SetWriteDeadline(time.Now().Add(w.timeout)); err != nil {
			return fmt.Errorf("sse: write deadline: %w", err)
		}
	}
	if err := w.w.Flush(); err != nil {
		return fmt.Errorf("sse: write: %w", err)
	}
	return nil
}

// oneLine keeps a field value on one line.
func oneLine(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}

// Envelope is the data of every /v1 live-feed event.
type Envelope struct {
	// EventID is the event's id in the log, the same as the SSE id.
	EventID int64 `json:"event_id"`
	// Type is claim.created, claim.analysed or claim.score_changed.
	Type string `json:"type"`
	// CreatedAt is when the event was written.
	CreatedAt time.Time `json:"created_at"`
	// Data is the stored event data (models.ClaimEventData).
	Data json.RawMessage `json:"data"`
}

// EncodeEnvelope is the /v1 encoding of an event: one line of JSON. Stored data that is not
// valid JSON (it always is, unless edited by hand) is sent as null rather than breaking the stream.
func EncodeEnvelope(ev models.Event) ([]byte, bool) {
	env := Envelope{EventID: ev.ID, Type: ev.Type, CreatedAt: ev.CreatedAt.UTC(), Data: json.RawMessage(ev.Data)}
	b, err := json.Marshal(env)
	if err != nil {
		env.Data = json.RawMessage("null")
		b, _ = json.Marshal(env)
	}
	return b, true
}

// Encoder turns an event into the data of its frame; ok false leaves the event out.
type Encoder func(ev models.Event) (data []byte, ok bool)

// StreamOptions say where a stream starts and what it sends.
type StreamOptions struct {
	// Log is where a resumed stream replays missed events from.
	Log Log
	// Resume asks for every event after After to be replayed first (the client sent a Last-Event-ID).
	Resume bool
	// After is the last event id the client has.
	After int64
	// Types keeps only these event types (nil: all). The hub subscription should carry the same filter.
	Types map[string]bool
	// Retry is the reconnection delay sent first (DefaultRetry when 0).
	Retry time.Duration
	// Heartbeat is the idle time before a ": ping" comment (DefaultHeartbeat when 0).
	Heartbeat time.Duration
	// ReplayLimit caps the stored events one connection reads while replaying (DefaultReplayLimit when 0).
	ReplayLimit int
	// Recent replays only the newest ReplayLimit events when the client is further behind, instead
	// of ending the stream at the limit: for a page that shows a short list anyway.
	Recent bool
	// Encode builds each frame's data (EncodeEnvelope when nil).
	Encode Encoder
}

// Stream writes the feed to w until the client goes away or the subscription ends: first the
// retry delay, then (when resuming) every stored event after the client's last event, then live
// events (without resuming: those after the log's head when the stream began). sub must have been
// taken before the replay starts: the replay reads the log at least up to sub.From(), and live
// events at or before the last position read from the log are skipped, so the client gets every
// event once, in log order, with no gap between the replay and the live part.
//
// It returns why the stream ended: a write error (the client left), ErrReplayLimit, the
// subscription's Err (ErrTooSlow, ErrClosed), or a replay read error. It closes sub.
func Stream(w *Writer, sub *Subscription, o StreamOptions) error {
	defer sub.Close()
	if o.Retry <= 0 {
		o.Retry = DefaultRetry
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = DefaultHeartbeat
	}
	if o.ReplayLimit <= 0 {
		o.ReplayLimit = DefaultReplayLimit
	}
	if o.Encode == nil {
		o.Encode = EncodeEnvelope
	}
	// Replays stop when the hub closes, so shutdown never waits on a slow query.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-sub.Done():
			cancel()
		case <-ctx.Done():
		}
	}()

	s := streamer{w: w, o: o, cursor: sub.From()}
	// "From now" means after the log's head, which the hub may not have reached yet. It is fixed
	// before the first frame, so a client that has seen a frame knows that everything written
	// later reaches it.
	qctx, qcancel := context.WithTimeout(ctx, queryTimeout)
	head, startErr := o.Log.Head(qctx)
	var from models.EventPos
	ahead := false
	if startErr == nil && o.Resume {
		from, ahead, startErr = o.Log.Resume(qctx, o.After)
		if ahead {
			// An id this log never gave (another deployment's, or from before a restore): resuming
			// there would skip every event up to it, so the stream starts from now and says so.
			from = head
		}
	}
	qcancel()
	if !o.Resume && s.cursor.Compare(head) < 0 {
		s.cursor = head
	}
	if err := w.Retry(o.Retry); err != nil {
		return err
	}
	if startErr != nil {
		if sub.Err() != nil {
			return ended(w, sub.Err())
		}
		_ = w.Comment("could not read the event log; reconnect to try again")
		return fmt.Errorf("live feed: start: %w", startErr)
	}
	if ahead {
		if err := w.Comment(fmt.Sprintf("Last-Event-ID %d is ahead of the newest event; streaming from now", o.After)); err != nil {
			return err
		}
	}
	if o.Resume {
		if err := s.replay(ctx, from); err != nil {
			if errors.Is(err, ErrReplayLimit) {
				_ = w.Comment("replay limit reached; reconnect with Last-Event-ID to continue")
				return err
			}
			if sub.Err() != nil {
				return ended(w, sub.Err())
			}
			_ = w.Comment("could not read the event log; reconnect with Last-Event-ID to resume")
			return err
		}
	}

	hb := time.NewTimer(o.Heartbeat)
	defer hb.Stop()
	for {
		select {
		case ev := <-sub.Events():
			wrote, err := s.send(ev)
			if err != nil {
				return err
			}
			if wrote {
				hb.Reset(o.Heartbeat)
			}
		case <-hb.C:
			if err := w.Comment("ping"); err != nil {
				return err
			}
			hb.Reset(o.Heartbeat)
		case <-sub.Done():
			if err := sub.Err(); err != nil {
				return ended(w, err)
			}
			return nil
		}
	}
}

// ended tells the client why its stream ends before it does.
func ended(w *Writer, why error) error {
	msg := "the live feed closed; reconnect with Last-Event-ID to resume"
	switch {
	case errors.Is(why, ErrTooSlow):
		msg = "disconnected: this stream fell too far behind the live feed; reconnect with Last-Event-ID to resume"
	case errors.Is(why, ErrClosed):
		msg = "the server is shutting down; reconnect with Last-Event-ID to resume"
	}
	_ = w.Comment(msg)
	return why
}

// streamer is one stream's position: cursor is the log position of the newest event it has
// handled (sent or filtered out), from the log or from the hub.
type streamer struct {
	w      *Writer
	o      StreamOptions
	cursor models.EventPos
}

// send writes ev unless it is at or before the cursor (already replayed) or filtered out.
func (s *streamer) send(ev models.Event) (bool, error) {
	if ev.Pos().Compare(s.cursor) <= 0 {
		return false, nil
	}
	s.cursor = ev.Pos()
	if s.o.Types != nil && !s.o.Types[ev.Type] {
		return false, nil
	}
	data, ok := s.o.Encode(ev)
	if !ok {
		return false, nil
	}
	return true, s.w.Event(ev.ID, ev.Type, data)
}

// replay sends the stored events after from, up to the replay limit, and leaves the cursor on
// the last one read.
func (s *streamer) replay(ctx context.Context, from models.EventPos) error {
	if s.o.Recent {
		qctx, cancel := context.WithTimeout(ctx, queryTimeout)
		newest, err := s.o.Log.Latest(qctx, s.o.ReplayLimit)
		cancel()
		if err != nil {
			return fmt.Errorf("live feed: replay: %w", err)
		}
		if len(newest) == s.o.ReplayLimit {
			// Just before the oldest of them.
			oldest := newest[len(newest)-1].Pos()
			oldest.ID--
			if from.Compare(oldest) < 0 {
				from = oldest
			}
		}
	}
	// The live part must not resend what the log already gave, nor anything the client has.
	s.cursor = from
	limit := s.o.ReplayLimit
	if s.o.Recent {
		// Room for what was written while the newest events were being read.
		limit *= 2
	}
	read, lastSent := 0, from
	for {
		n := min(replayPage, limit-read)
		if n == 0 {
			// At the limit: end here only if there is more to read.
			qctx, cancel := context.WithTimeout(ctx, queryTimeout)
			more, err := s.o.Log.Next(qctx, s.cursor, 1)
			cancel()
			if err != nil {
				return fmt.Errorf("live feed: replay: %w", err)
			}
			if len(more) == 0 {
				return nil
			}
			if s.cursor.Compare(lastSent) > 0 {
				// The cursor is the last event read, so its id resumes exactly here.
				if err := s.w.ID(s.cursor.ID); err != nil {
					return err
				}
			}
			return ErrReplayLimit
		}
		qctx, cancel := context.WithTimeout(ctx, queryTimeout)
		evs, err := s.o.Log.Next(qctx, s.cursor, n)
		cancel()
		if err != nil {
			return fmt.Errorf("live feed: replay: %w", err)
		}
		for _, ev := range evs {
			wrote, err := s.send(ev)
			if err != nil {
				return err
			}
			if wrote {
				lastSent = ev.Pos()
			}
		}
		read += len(evs)
		if len(evs) < n {
			return nil
		}
	}
}
