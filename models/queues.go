package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
)

// Queue names, as the queue metrics label them.
const (
	// QueueMail is the mail outbox (email_outbox).
	QueueMail = "mail_outbox"
	// QueueWebhooks is the webhook delivery outbox (webhook_deliveries).
	QueueWebhooks = "webhook_deliveries"
	// QueueSubmissions is the /v1 submission queue (claim_submissions).
	QueueSubmissions = "submissions"
)

// QueueDepth is how much work one durable queue holds.
type QueueDepth struct {
	// Queue is one of the Queue* names.
	Queue string
	// Pending counts items still to be done: waiting, in flight, or waiting for a retry.
	Pending int64
	// Oldest is when the oldest pending item was enqueued; zero when nothing is pending.
	Oldest time.Time
}

// pendingQueue describes where one queue's pending items are. Each state list is the predicate of
// that table's partial due index (migrations 00003 and 00009), so counting reads the index, not
// the rows that were long since delivered.
type pendingQueue struct {
	name   string
	table  string
	states []string
}

// pendingQueues are the queues QueueStore reports on, in the order it reports them.
var pendingQueues = []pendingQueue{
	{QueueMail, "email_outbox", []string{OutboxQueued, OutboxSending, OutboxFailed}},
	{QueueWebhooks, "webhook_deliveries", []string{DeliveryPending, DeliverySending, DeliveryFailed}},
	{QueueSubmissions, "claim_submissions", []string{SubmissionQueued, SubmissionAnalysing}},
}

// QueueStore reads the depth of the durable queues for operators.
type QueueStore struct{ db *database.DB }

// NewQueueStore builds the queue store over db.
func NewQueueStore(db *database.DB) *QueueStore { return &QueueStore{db: db} }

// Depths reports every queue's pending count and oldest pending item.
func (s *QueueStore) Depths(ctx context.Context) ([]QueueDepth, error) {
	out := make([]QueueDepth, 0, len(pendingQueues))
	for _, q := range pendingQueues {
		d := QueueDepth{Queue: q.name}
		g := s.db.Gorm.WithContext(ctx)
		if err := g.Table(q.table).Where("state IN ?", q.states).Count(&d.Pending).Error; err != nil {
			return nil, fmt.Errorf("queue depth %s: %w", q.name, err)
		}
		if d.Pending > 0 {
			// Selecting the column (not MIN of it) keeps its declared type, so both drivers
			// return a time rather than SQLite's text.
			var oldest struct{ CreatedAt time.Time }
			err := g.Table(q.table).Select("created_at").Where("state IN ?", q.states).
				Order("created_at").Limit(1).Take(&oldest).Error
			switch {
			case errors.Is(err, gorm.ErrRecordNotFound):
				// Finished between the two reads.
			case err != nil:
				return nil, fmt.Errorf("queue age %s: %w", q.name, err)
			default:
				d.Oldest = oldest.CreatedAt.UTC()
			}
		}
		out = append(out, d)
	}
	return out, nil
}
