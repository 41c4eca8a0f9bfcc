package telemetry

import (
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// startKey is where the timer keeps a statement's start time on GORM's statement instance.
const startKey = "claimcheck:telemetry:start"

// QueryTimer is a GORM plugin that times every statement into claimcheck_db_query_duration_seconds
// by operation, and counts failed ones. Register it once per database with gorm.DB.Use.
type QueryTimer struct{ m *Metrics }

// NewQueryTimer builds the plugin writing to m.
func NewQueryTimer(m *Metrics) *QueryTimer { return &QueryTimer{m: m} }

// Name names the plugin per Metrics, so two services built over one database in a test each
// register their own callbacks.
func (q *QueryTimer) Name() string { return fmt.Sprintf("claimcheck:telemetry:%p", q.m) }

// Initialize hooks the timer around every kind of statement GORM runs.
func (q *QueryTimer) Initialize(db *gorm.DB) error {
	name := q.Name()
	cb := db.Callback()
	// GORM's processors have no exported type, so each kind is registered by hand.
	errs := []error{
		cb.Create().Before("gorm:create").Register(name+":before_create", q.before),
		cb.Create().After("gorm:create").Register(name+":after_create", q.after("create")),
		cb.Query().Before("gorm:query").Register(name+":before_query", q.before),
		cb.Query().After("gorm:query").Register(name+":after_query", q.after("query")),
		cb.Update().Before("gorm:update").Register(name+":before_update", q.before),
		cb.Update().After("gorm:update").Register(name+":after_update", q.after("update")),
		cb.Delete().Before("gorm:delete").Register(name+":before_delete", q.before),
		cb.Delete().After("gorm:delete").Register(name+":after_delete", q.after("delete")),
		cb.Row().Before("gorm:row").Register(name+":before_row", q.before),
		cb.Row().After("gorm:row").Register(name+":after_row", q.after("row")),
		cb.Raw().Before("gorm:raw").Register(name+":before_raw", q.before),
		cb.Raw().After("gorm:raw").Register(name+":after_raw", q.after("raw")),
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("telemetry: register query timer: %w", err)
	}
	return nil
}

// before notes when the statement started.
func (q *QueryTimer) before(db *gorm.DB) {
	db.InstanceSet(startKey, time.Now())
}

// after observes how long the statement took.
func (q *QueryTimer) after(op string) func(*gorm.DB) {
	return func(db *gorm.DB) {
		v, ok := db.InstanceGet(startKey)
		if !ok {
			return
		}
		start, ok := v.(time.Time)
		if !ok {
			return
		}
		q.m.dbQueryDuration.WithLabelValues(op).Observe(time.Since(start).Seconds())
		if db.Error != nil && !errors.Is(db.Error, gorm.ErrRecordNotFound) {
			q.m.dbQueryErrors.WithLabelValues(op).Inc()
		}
	}
}
