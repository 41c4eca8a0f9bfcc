package telemetry

import (
	"context"
	"log/slog"
	"time"

	"github.com/claimcheck/claimcheck/models"
	"github.com/prometheus/client_golang/prometheus"
)

// QueueSource reads the durable queues' depths (models.QueueStore).
type QueueSource interface {
	Depths(ctx context.Context) ([]models.QueueDepth, error)
}

// QueueCollector reads the queues on every scrape, bounded by a timeout. The queues live in the
// shared database, so every process reports the same numbers: aggregate them with max, not sum.
type QueueCollector struct {
	src     QueueSource
	timeout time.Duration
	now     func() time.Time
	log     *slog.Logger

	depth *prometheus.Desc
	age   *prometheus.Desc
	up    *prometheus.Desc
}

// NewQueueCollector builds the collector; timeout bounds each scrape's queries (2s when zero), and
// now is the clock the ages are measured with (the real time when nil).
func NewQueueCollector(src QueueSource, timeout time.Duration, now func() time.Time, log *slog.Logger) *QueueCollector {
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &QueueCollector{src: src, timeout: timeout, now: now, log: log,
		depth: prometheus.NewDesc(Namespace+"_queue_depth",
			"Items waiting, in flight or waiting for a retry, by queue (mail_outbox, webhook_deliveries, submissions).",
			[]string{"queue"}, nil),
		age: prometheus.NewDesc(Namespace+"_queue_oldest_age_seconds",
			"Age of the oldest pending item by queue, 0 when the queue is empty.", []string{"queue"}, nil),
		up: prometheus.NewDesc(Namespace+"_queue_stats_up",
			"1 when the last scrape could read the queues, 0 when the database did not answer in time.", nil, nil),
	}
}

// Describe sends the collector's descriptors.
func (q *QueueCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- q.depth
	ch <- q.age
	ch <- q.up
}

// Collect reads the queues now. A failed read reports queue_stats_up 0 and no depths, rather
// than numbers that look like an empty queue.
func (q *QueueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), q.timeout)
	defer cancel()
	depths, err := q.src.Depths(ctx)
	if err != nil {
		q.log.Warn("queue metrics", "err", err)
		ch <- prometheus.MustNewConstMetric(q.up, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(q.up, prometheus.GaugeValue, 1)
	now := q.now()
	for _, d := range depths {
		ch <- prometheus.MustNewConstMetric(q.depth, prometheus.GaugeValue, float64(d.Pending), d.Queue)
		age := 0.0
		if !d.Oldest.IsZero() {
			age = max(now.Sub(d.Oldest).Seconds(), 0)
		}
		ch <- prometheus.MustNewConstMetric(q.age, prometheus.GaugeValue, age, d.Queue)
	}
}
